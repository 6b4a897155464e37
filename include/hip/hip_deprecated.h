/* unihip: what HIP 6 keeps for code built against HIP 5: the pre-6.0 device-property layout
 * hipDeviceProp_tR0000 and the entry points that take it. Field order and types follow HIP's
 * hip_deprecated.h, so binaries built against HIP 5's hipDeviceProp_t read it unchanged. */
#ifndef UNIHIP_HIP_DEPRECATED_H
#define UNIHIP_HIP_DEPRECATED_H

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hipDeviceProp_tR0000 {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;       /* kHz */
  int memoryClockRate; /* kHz */
  int memoryBusWidth;  /* bits */
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int clockInstructionRate; /* kHz */
  hipDeviceArch_t arch;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int gcnArch; /* deprecated: the number of gcnArchName ("gfx906" -> 906), else 0 */
  char gcnArchName[256];
  int integrated;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  int maxTexture1DLinear;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  unsigned int* hdpMemFlushCntl;
  unsigned int* hdpRegFlushCntl;
  size_t memPitch;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int kernelExecTimeoutEnabled;
  int ECCEnabled;
  int tccDriver;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
  int managedMemory;
  int directManagedMemAccessFromHost;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
  int pageableMemoryAccessUsesHostPageTables;
} hipDeviceProp_tR0000;

hipError_t hipGetDevicePropertiesR0000(hipDeviceProp_tR0000* prop, int device);
hipError_t hipChooseDeviceR0000(int* device, const hipDeviceProp_tR0000* prop);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_HIP_DEPRECATED_H */
