// Kernels of the graphs suite (graph_kernels.hip, built by unihipcc): their host functions for
// kernel nodes, and launch wrappers for stream capture.
#pragma once

#include <hip/hip_runtime_api.h>

// addInts(int* data, int n, int v): data[i] += v.
const void* addIntsKernel();
// scaleInts(int* data, int n, int k): data[i] *= k.
const void* scaleIntsKernel();
// A __device__ int[16] for symbol copy nodes.
const void* graphSymbol();
// <<<>>> launches of the two kernels (256 threads a block).
hipError_t launchAddInts(int* data, int n, int v, hipStream_t stream);
hipError_t launchScaleInts(int* data, int n, int k, hipStream_t stream);
// The grid the launch wrappers use for n elements.
dim3 graphGridFor(int n);
