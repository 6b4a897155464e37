// Graphs and stream capture on AMD (issue 14): unihip's generic graphs
// (generic/graphs/generic_graphs.h), handed out by HsaBackend::graphs(). Instantiation builds
// a topological schedule and pre-built AQL packets for every node kind (kernels, memsets, copies
// between memory the GPU reaches, event record and wait, host functions, graph memory, empty
// nodes and child graphs) that a launch copies into the stream's queue with one doorbell
// (hsa_graph_exec.h); graphs with a copy of pageable host memory are replayed through this
// backend's enqueue path. The
// graphs are HsaBackend's capture hooks: the seam's enqueueing operations ask them first whether
// their stream captures (seam/capture_hooks.h).
//
// Not on AMD: external-semaphore nodes (AMD's runtime has no external semaphores on Linux: clr's
// ROCm device imports none, so no node can hold one), and copies to or from arrays (no images
// family on HSA).
#pragma once

// unihip-coverage: not-supported hipGraphAddExternalSemaphoresSignalNode hipGraphAddExternalSemaphoresWaitNode hipGraphExternalSemaphoresSignalNodeGetParams hipGraphExternalSemaphoresSignalNodeSetParams hipGraphExternalSemaphoresWaitNodeGetParams hipGraphExternalSemaphoresWaitNodeSetParams
// unihip-coverage: not-supported hipGraphExecExternalSemaphoresSignalNodeSetParams hipGraphExecExternalSemaphoresWaitNodeSetParams
// Batch memory operation nodes: the generic graphs have no such node (hipStreamBatchMemOp itself
// queues its waits and writes one by one, and a capture records them as kernel nodes).
// unihip-coverage: not-supported hipGraphAddBatchMemOpNode hipGraphBatchMemOpNodeGetParams hipGraphBatchMemOpNodeSetParams hipGraphExecBatchMemOpNodeSetParams
