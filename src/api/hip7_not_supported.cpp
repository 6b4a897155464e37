// HIP 7 entry points unihip does not implement yet: each validates nothing and returns
// hipErrorNotSupported (logged once), on every backend. One row per function; the declaration
// in include/hip/unihip/api/hip7.h is in scope, so a row whose parameter types differ from it
// does not compile. scripts/api_coverage.py reads the rows (UNIHIP_NOT_YET) as "not supported".
// A function leaves this list when its family is implemented in its own src/api file.
#include "api/api_boundary.h"

#define UNIHIP_NOT_YET(name, params) \
  UNIHIP_EXPORT hipError_t name params { UNIHIP_RETURN_NOT_SUPPORTED(); }

// Modules, libraries, kernels
UNIHIP_NOT_YET(hipLibraryGetManaged, (void**, size_t*, hipLibrary_t, const char*))
UNIHIP_NOT_YET(hipKernelSetAttribute, (hipFunction_attribute, int, hipKernel_t, hipDevice_t))

// Occupancy of clusters
UNIHIP_NOT_YET(hipOccupancyMaxPotentialClusterSize, (int*, const void*,
                                                     const hipLaunchConfig_t*))
UNIHIP_NOT_YET(hipOccupancyMaxActiveClusters, (int*, const void*, const hipLaunchConfig_t*))

// Logging controls
UNIHIP_NOT_YET(hipExtEnableLogging, (void))
UNIHIP_NOT_YET(hipExtDisableLogging, (void))
UNIHIP_NOT_YET(hipExtSetLoggingParams, (size_t, size_t, size_t))

// Device resources and execution (green) contexts
UNIHIP_NOT_YET(hipDeviceGetDevResource, (hipDevice_t, hipDevResource*, hipDevResourceType))
UNIHIP_NOT_YET(hipDevSmResourceSplitByCount, (hipDevResource*, unsigned int*,
                                              const hipDevResource*, hipDevResource*,
                                              unsigned int, unsigned int))
UNIHIP_NOT_YET(hipDevSmResourceSplit, (hipDevResource*, unsigned int, const hipDevResource*,
                                       hipDevResource*, unsigned int,
                                       hipDevSmResourceGroupParams*))
UNIHIP_NOT_YET(hipDevResourceGenerateDesc, (hipDevResourceDesc_t*, hipDevResource*,
                                            unsigned int))
UNIHIP_NOT_YET(hipGreenCtxCreate, (hipExecutionCtx_t*, hipDevResourceDesc_t, int, unsigned int))
UNIHIP_NOT_YET(hipDeviceGetExecutionCtx, (hipExecutionCtx_t*, hipDevice_t))
UNIHIP_NOT_YET(hipExecutionCtxDestroy, (hipExecutionCtx_t))
UNIHIP_NOT_YET(hipExecutionCtxStreamCreate, (hipStream_t*, hipExecutionCtx_t, unsigned int, int))
UNIHIP_NOT_YET(hipExecutionCtxGetDevResource, (hipExecutionCtx_t, hipDevResource*,
                                               hipDevResourceType))
UNIHIP_NOT_YET(hipExecutionCtxGetDevice, (hipDevice_t*, hipExecutionCtx_t))
UNIHIP_NOT_YET(hipExecutionCtxGetId, (hipExecutionCtx_t, unsigned long long*))
UNIHIP_NOT_YET(hipExecutionCtxRecordEvent, (hipExecutionCtx_t, hipEvent_t))
UNIHIP_NOT_YET(hipExecutionCtxWaitEvent, (hipExecutionCtx_t, hipEvent_t))
UNIHIP_NOT_YET(hipExecutionCtxSynchronize, (hipExecutionCtx_t))
UNIHIP_NOT_YET(hipStreamGetDevResource, (hipStream_t, hipDevResource*, hipDevResourceType))
