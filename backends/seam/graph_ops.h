// Seam family "graphs and stream capture" (issue 14): optional, handed out by Backend::graphs() (null when a
// vendor lacks it). Ordinals are the backend's; the API layer validated the arguments and owns the
// user-visible handles (src/core/graph/graph_handles.h), which wrap the native objects named here.
// Lists of nodes are std::vector: graph construction and queries are not on the hot path;
// launchGraph is (no lock, no allocation).
#pragma once

#include <vector>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

using NativeGraph = void*;
using NativeGraphNode = void*;
using NativeGraphExec = void*;
using NativeUserObject = void*;

// A kernel node's launch, its function resolved for the node's device.
struct KernelNodeArgs {
  NativeFunction function = nullptr;
  dim3 grid;
  dim3 block;
  unsigned int sharedMemBytes = 0;
  void** args = nullptr;
  void** extra = nullptr;
};

// Where a new node goes: its graph and the nodes it depends on.
struct NodePlace {
  NativeGraph graph = nullptr;
  const NativeGraphNode* deps = nullptr;
  size_t count = 0;
};

// A batch memory operation node (hipBatchMemOpNodeParams with its context as a device): the
// operations run in `ctxDevice`'s context; `ops` was checked as hipStreamBatchMemOp's.
struct BatchMemOpNodeArgs {
  int ctxDevice = 0;
  unsigned count = 0;
  const hipStreamBatchMemOpParams* ops = nullptr;
  unsigned flags = 0;
};

// What an instantiation reports (hipGraphInstantiateWithParams).
struct InstantiateResult {
  NativeGraphNode errorNode = nullptr;
  hipGraphInstantiateResult result = hipGraphInstantiateSuccess;
};

class GraphOps {
 public:
  virtual ~GraphOps() = default;

  // Graphs.
  virtual Status graphCreate(int device, NativeGraph* graph) = 0;
  virtual Status graphDestroy(int device, NativeGraph graph) = 0;
  virtual Status graphClone(int device, NativeGraph original, NativeGraph* clone) = 0;
  virtual Status graphNodeFindInClone(int device, NativeGraphNode original, NativeGraph clone,
                                      NativeGraphNode* node) = 0;
  virtual Status graphNodes(int device, NativeGraph graph, std::vector<NativeGraphNode>* nodes) = 0;
  virtual Status graphRootNodes(int device, NativeGraph graph,
                                std::vector<NativeGraphNode>* nodes) = 0;
  virtual Status graphEdges(int device, NativeGraph graph, std::vector<NativeGraphNode>* from,
                            std::vector<NativeGraphNode>* to) = 0;
  virtual Status graphDependencies(int device, NativeGraph graph, const NativeGraphNode* from,
                                   const NativeGraphNode* to, size_t count, bool add) = 0;
  virtual Status graphDebugDotPrint(int device, NativeGraph graph, const char* path,
                                    unsigned int flags) = 0;

  // Nodes.
  virtual Status nodeType(int device, NativeGraphNode node, hipGraphNodeType* type) = 0;
  // The node's dependencies (dependents = false) or dependent nodes (true).
  virtual Status nodeNeighbours(int device, NativeGraphNode node, bool dependents,
                                std::vector<NativeGraphNode>* nodes) = 0;
  virtual Status nodeDestroy(int device, NativeGraphNode node) = 0;

  // Adding nodes.
  virtual Status addKernelNode(int device, const NodePlace& at, const KernelNodeArgs& p,
                               NativeGraphNode* node) = 0;
  // A copy node's hipMemcpy3DParms, here and in its set/get/exec-set forms, is the resolved
  // form (api/graph/memcpy_nodes.cpp): an array side's srcArray/dstArray holds its native array
  // (NativeArray), and with an array side the extent's width and an array side's x count bytes
  // (HIP counts them in the array's elements). A vendor without arrays answers
  // hipErrorNotSupported for an array side.
  virtual Status addMemcpyNode(int device, const NodePlace& at, const hipMemcpy3DParms& p,
                               NativeGraphNode* node) = 0;
  virtual Status addMemsetNode(int device, const NodePlace& at, const hipMemsetParams& p,
                               NativeGraphNode* node) = 0;
  virtual Status addHostNode(int device, const NodePlace& at, const hipHostNodeParams& p,
                             NativeGraphNode* node) = 0;
  virtual Status addChildGraphNode(int device, const NodePlace& at, NativeGraph child,
                                   NativeGraphNode* node) = 0;
  virtual Status addEmptyNode(int device, const NodePlace& at, NativeGraphNode* node) = 0;
  // An event record (record = true) or wait node.
  virtual Status addEventNode(int device, const NodePlace& at, bool record, NativeEvent event,
                              NativeGraphNode* node) = 0;
  // Writes the allocation's address into p->dptr.
  virtual Status addMemAllocNode(int device, const NodePlace& at, hipMemAllocNodeParams* p,
                                 NativeGraphNode* node) = 0;
  virtual Status addMemFreeNode(int device, const NodePlace& at, void* ptr,
                                NativeGraphNode* node) = 0;

  // A node's parameters.
  virtual Status kernelNodeParams(int device, NativeGraphNode node, KernelNodeArgs* p) = 0;
  virtual Status setKernelNodeParams(int device, NativeGraphNode node,
                                     const KernelNodeArgs& p) = 0;
  virtual Status memcpyNodeParams(int device, NativeGraphNode node, hipMemcpy3DParms* p) = 0;
  virtual Status setMemcpyNodeParams(int device, NativeGraphNode node,
                                     const hipMemcpy3DParms& p) = 0;
  virtual Status memsetNodeParams(int device, NativeGraphNode node, hipMemsetParams* p) = 0;
  virtual Status setMemsetNodeParams(int device, NativeGraphNode node,
                                     const hipMemsetParams& p) = 0;
  virtual Status hostNodeParams(int device, NativeGraphNode node, hipHostNodeParams* p) = 0;
  virtual Status setHostNodeParams(int device, NativeGraphNode node,
                                   const hipHostNodeParams& p) = 0;
  virtual Status childGraph(int device, NativeGraphNode node, NativeGraph* graph) = 0;
  virtual Status eventNodeEvent(int device, NativeGraphNode node, bool record,
                                NativeEvent* event) = 0;
  virtual Status setEventNodeEvent(int device, NativeGraphNode node, bool record,
                                   NativeEvent event) = 0;
  virtual Status memAllocNodeParams(int device, NativeGraphNode node,
                                    hipMemAllocNodeParams* p) = 0;
  virtual Status memFreeNodeParams(int device, NativeGraphNode node, void** ptr) = 0;
  // Kernel node attributes (hipLaunchAttributeID values); copy = from src to dst.
  virtual Status kernelNodeAttribute(int device, NativeGraphNode node, int attr,
                                     hipLaunchAttributeValue* value) = 0;
  virtual Status setKernelNodeAttribute(int device, NativeGraphNode node, int attr,
                                        const hipLaunchAttributeValue& value) = 0;
  virtual Status copyKernelNodeAttributes(int device, NativeGraphNode src,
                                          NativeGraphNode dst) = 0;

  // Executable graphs.
  virtual Status instantiate(int device, NativeGraph graph, unsigned long long flags,
                             NativeStream uploadStream, NativeGraphExec* exec,
                             InstantiateResult* result) = 0;
  virtual Status execDestroy(int device, NativeGraphExec exec) = 0;
  // The hot path: no lock, no allocation.
  virtual Status launchGraph(int device, NativeGraphExec exec, NativeStream stream) = 0;
  virtual Status uploadGraph(int device, NativeGraphExec exec, NativeStream stream) = 0;
  virtual Status execUpdate(int device, NativeGraphExec exec, NativeGraph graph,
                            NativeGraphNode* errorNode, hipGraphExecUpdateResult* result) = 0;
  virtual Status execSetKernelNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                         const KernelNodeArgs& p) = 0;
  virtual Status execSetMemcpyNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                         const hipMemcpy3DParms& p) = 0;
  virtual Status execSetMemsetNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                         const hipMemsetParams& p) = 0;
  virtual Status execSetHostNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                       const hipHostNodeParams& p) = 0;
  virtual Status execSetChildGraph(int device, NativeGraphExec exec, NativeGraphNode node,
                                   NativeGraph child) = 0;
  virtual Status execSetEventNodeEvent(int device, NativeGraphExec exec, NativeGraphNode node,
                                       bool record, NativeEvent event) = 0;
  virtual Status nodeSetEnabled(int device, NativeGraphExec exec, NativeGraphNode node,
                                unsigned int enabled) = 0;
  virtual Status nodeEnabled(int device, NativeGraphExec exec, NativeGraphNode node,
                             unsigned int* enabled) = 0;

  // Graph memory (hipGraphMemAttributeType values).
  virtual Status graphMemAttribute(int device, int attr, void* value, bool set) = 0;
  virtual Status graphMemTrim(int device) = 0;
  // Ends the allocation a graph launch made at `ptr` outside any graph: hipFree (stream null,
  // called after the device's work) or hipFreeAsync (in `stream`'s order).
  // hipErrorInvalidValue when no launch's allocation is live there.
  virtual Status freeGraphMemory(int device, void* ptr, NativeStream stream) = 0;

  // User objects.
  virtual Status userObjectCreate(int device, void* ptr, hipHostFn_t destroy,
                                  unsigned int refcount, unsigned int flags,
                                  NativeUserObject* object) = 0;
  // count > 0 retains, < 0 releases.
  virtual Status userObjectRefs(int device, NativeUserObject object, long long count) = 0;
  virtual Status graphUserObjectRefs(int device, NativeGraph graph, NativeUserObject object,
                                     long long count, unsigned int flags) = 0;

  // Stream capture (hipStreamCaptureMode values).
  virtual Status beginCapture(int device, NativeStream stream, int mode) = 0;
  virtual Status beginCaptureToGraph(int device, NativeStream stream, NativeGraph graph,
                                     const NativeGraphNode* deps, size_t count, int mode) = 0;
  virtual Status endCapture(int device, NativeStream stream, NativeGraph* graph) = 0;
  // graph and deps are written only for an active capture; id may be null.
  virtual Status captureInfo(int device, NativeStream stream, hipStreamCaptureStatus* status,
                             unsigned long long* id, NativeGraph* graph,
                             const NativeGraphNode** deps, size_t* count) = 0;
  virtual Status updateCaptureDependencies(int device, NativeStream stream,
                                           NativeGraphNode* deps, size_t count,
                                           unsigned int flags) = 0;
  virtual Status exchangeCaptureMode(int device, int* mode) = 0;
  // Ends `stream`'s capture as invalidated, for a call HIP refuses during capture; answers
  // hipErrorStreamCaptureUnsupported.
  virtual Status invalidateCapture(int device, NativeStream stream) = 0;

  // External semaphore signal (signal = true) or wait nodes. `semaphores` are native
  // (NativeExternalSemaphore); `params` has `count` hipExternalSemaphoreSignalParams or
  // hipExternalSemaphoreWaitParams.
  virtual Status addExternalSemaphoreNode(int device, const NodePlace& at, bool signal,
                                          void* const* semaphores, const void* params,
                                          unsigned count, NativeGraphNode* node) {
    (void)device, (void)at, (void)signal, (void)semaphores, (void)params, (void)count,
        (void)node;
    return hipErrorNotSupported;
  }
  virtual Status setExternalSemaphoreNodeParams(int device, NativeGraphNode node, bool signal,
                                                void* const* semaphores, const void* params,
                                                unsigned count) {
    (void)device, (void)node, (void)signal, (void)semaphores, (void)params, (void)count;
    return hipErrorNotSupported;
  }
  virtual Status execSetExternalSemaphoreNodeParams(int device, NativeGraphExec exec,
                                                    NativeGraphNode node, bool signal,
                                                    void* const* semaphores, const void* params,
                                                    unsigned count) {
    (void)device, (void)exec, (void)node, (void)signal, (void)semaphores, (void)params,
        (void)count;
    return hipErrorNotSupported;
  }

  // Batch memory operation nodes (hipGraphAddBatchMemOpNode). A node's parameters come back
  // with `ops` owned by the node (valid until it is destroyed or its parameters are set);
  // hipErrorInvalidValue for a node of another type.
  virtual Status addBatchMemOpNode(int device, const NodePlace& at, const BatchMemOpNodeArgs& p,
                                   NativeGraphNode* node) {
    (void)device, (void)at, (void)p, (void)node;
    return hipErrorNotSupported;
  }
  virtual Status batchMemOpNodeParams(int device, NativeGraphNode node, BatchMemOpNodeArgs* p) {
    (void)device, (void)node, (void)p;
    return hipErrorNotSupported;
  }
  virtual Status setBatchMemOpNodeParams(int device, NativeGraphNode node,
                                         const BatchMemOpNodeArgs& p) {
    (void)device, (void)node, (void)p;
    return hipErrorNotSupported;
  }
  virtual Status execSetBatchMemOpNodeParams(int device, NativeGraphExec exec,
                                             NativeGraphNode node, const BatchMemOpNodeArgs& p) {
    (void)device, (void)exec, (void)node, (void)p;
    return hipErrorNotSupported;
  }
};

}  // namespace unihip
