// Driver types of the execution contexts family (green contexts, CUDA 12.4) and of cluster
// occupancy queries, as cuda.h lays them out.
#pragma once

namespace unihip::cu {

using CUgreenCtx = struct CUgreenCtx_st*;
using CUdevResourceDesc = struct CUdevResourceDesc_st*;

// CUdevResource: the type, the driver's internal bytes, the resource's data, then (CUDA 13.1)
// the next resource; 144 bytes in all, HIP's hipDevResource byte for byte.
struct CUdevResource {
  int type;
  unsigned char internal[92];
  unsigned char data[40];
  void* next;
};
// CU_DEV_SM_RESOURCE_GROUP_PARAMS (CUDA 13.1), HIP's hipDevSmResourceGroupParams.
struct CU_DEV_SM_RESOURCE_GROUP_PARAMS {
  unsigned int smCount;
  unsigned int coscheduledSmCount;
  unsigned int preferredCoscheduledSmCount;
  unsigned int flags;
  unsigned int reserved[12];
};
inline constexpr unsigned CU_GREEN_CTX_DEFAULT_STREAM = 0x1;

// cuLaunchKernelEx's and the cluster occupancy queries' configuration.
struct CUlaunchAttribute {
  int id;
  char pad[4];
  CUlaunchAttributeValue value;
};
struct CUlaunchConfig {
  unsigned int gridDimX, gridDimY, gridDimZ;
  unsigned int blockDimX, blockDimY, blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute* attrs;
  unsigned int numAttrs;
};

}  // namespace unihip::cu
