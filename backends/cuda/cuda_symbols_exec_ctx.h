// libcuda entry points of the execution contexts family (green contexts) and of the cluster
// occupancy queries (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
UNIHIP_CU_OPTIONAL_SINCE(12040, cuDeviceGetDevResource, CUdevice, CUdevResource*, int)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuCtxGetDevResource, CUcontext, CUdevResource*, int)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuGreenCtxGetDevResource, CUgreenCtx, CUdevResource*, int)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuDevSmResourceSplitByCount, CUdevResource*, unsigned int*,
                         const CUdevResource*, CUdevResource*, unsigned int, unsigned int)
// The split into groups of explicit sizes (CUDA 13.1).
UNIHIP_CU_OPTIONAL_SINCE(13010, cuDevSmResourceSplit, CUdevResource*, unsigned int,
                         const CUdevResource*, CUdevResource*, unsigned int,
                         CU_DEV_SM_RESOURCE_GROUP_PARAMS*)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuDevResourceGenerateDesc, CUdevResourceDesc*, CUdevResource*,
                         unsigned int)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuGreenCtxCreate, CUgreenCtx*, CUdevResourceDesc, CUdevice,
                         unsigned int)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuGreenCtxDestroy, CUgreenCtx)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuCtxFromGreenCtx, CUcontext*, CUgreenCtx)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuGreenCtxRecordEvent, CUgreenCtx, CUevent)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuGreenCtxWaitEvent, CUgreenCtx, CUevent)
UNIHIP_CU_OPTIONAL_SINCE(12050, cuGreenCtxStreamCreate, CUstream*, CUgreenCtx, unsigned int, int)
// The primary context's events (hipDeviceGetExecutionCtx's context).
UNIHIP_CU_OPTIONAL_SINCE(12050, cuCtxRecordEvent, CUcontext, CUevent)
UNIHIP_CU_OPTIONAL_SINCE(12050, cuCtxWaitEvent, CUcontext, CUevent)
UNIHIP_CU_OPTIONAL(cuOccupancyMaxPotentialClusterSize, int*, CUfunction, const CUlaunchConfig*)
UNIHIP_CU_OPTIONAL(cuOccupancyMaxActiveClusters, int*, CUfunction, const CUlaunchConfig*)
