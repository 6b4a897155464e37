// CUDA driver types and constants of the graphs family (see cuda_driver_types.h).
#pragma once

namespace unihip::cu {

using CUgraph = struct CUgraph_st*;
using CUgraphNode = struct CUgraphNode_st*;
using CUgraphExec = struct CUgraphExec_st*;
using CUuserObject = struct CUuserObject_st*;
using CUhostFn = void (*)(void*);

// CUgraphExecUpdateResult values beyond HIP's hipGraphExecUpdateResult.
inline constexpr int CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED = 0x8;
// CUgraphInstantiate_flags (the same numbers as hipGraphInstantiateFlags).
inline constexpr unsigned long long CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH = 1;
inline constexpr unsigned long long CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD = 2;

// cuGraphAddKernelNode_v2's parameters (CUDA 12.0).
struct CUDA_KERNEL_NODE_PARAMS {
  CUfunction func;
  unsigned int gridDimX, gridDimY, gridDimZ;
  unsigned int blockDimX, blockDimY, blockDimZ;
  unsigned int sharedMemBytes;
  void** kernelParams;
  void** extra;
  void* kern;  // CUkernel
  CUcontext ctx;
};


struct CUDA_MEMSET_NODE_PARAMS {
  CUdeviceptr dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
};

struct CUDA_HOST_NODE_PARAMS {
  CUhostFn fn;
  void* userData;
};

struct CUDA_MEM_ALLOC_NODE_PARAMS {
  CUmemPoolProps poolProps;
  const CUmemAccessDesc* accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  CUdeviceptr dptr;
};

struct CUgraphExecUpdateResultInfo {
  int result;  // CUgraphExecUpdateResult
  CUgraphNode errorNode;
  CUgraphNode errorFromNode;
};

struct CUDA_GRAPH_INSTANTIATE_PARAMS {
  unsigned long long flags;
  CUstream hUploadStream;
  CUgraphNode hErrNode_out;
  int result_out;  // CUgraphInstantiateResult
};

// CUlaunchAttributeValue: a 64-byte union.
struct CUlaunchAttributeValue {
  char pad[64];
};

// cuGraphAddBatchMemOpNode's parameters (CUDA_BATCH_MEM_OP_NODE_PARAMS_v1).
struct CUDA_BATCH_MEM_OP_NODE_PARAMS {
  CUcontext ctx;
  unsigned int count;
  CUstreamBatchMemOpParams* paramArray;
  unsigned int flags;
};
inline constexpr int CU_GRAPH_NODE_TYPE_BATCH_MEM_OP = 12;

// External semaphore nodes (the params arrays have the layouts of cuda_types_memory_pools.h).
struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS {
  CUexternalSemaphore* extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS* paramsArray;
  unsigned int numExtSems;
};
struct CUDA_EXT_SEM_WAIT_NODE_PARAMS {
  CUexternalSemaphore* extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS* paramsArray;
  unsigned int numExtSems;
};

}  // namespace unihip::cu
