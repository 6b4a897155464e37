// The CUDA backend's pure logic: image choice, status mapping, the re-declared driver ABI.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuda/cuda_driver.h"
#include "cuda/cuda_image_select.h"

#ifdef UNIHIP_TEST_CUDA_H
#include UNIHIP_TEST_CUDA_H
// cuda.h makes these macros; keep their values and drop the names so ours stay visible.
constexpr unsigned kCudaHostAllocPortable = CU_MEMHOSTALLOC_PORTABLE;
constexpr unsigned kCudaHostAllocDeviceMap = CU_MEMHOSTALLOC_DEVICEMAP;
constexpr unsigned kCudaHostAllocWriteCombined = CU_MEMHOSTALLOC_WRITECOMBINED;
#undef CU_MEMHOSTALLOC_PORTABLE
#undef CU_MEMHOSTALLOC_DEVICEMAP
#undef CU_MEMHOSTALLOC_WRITECOMBINED
constexpr unsigned kCudaArrayDeferredMapping = CUDA_ARRAY3D_DEFERRED_MAPPING;
#undef CUDA_ARRAY3D_DEFERRED_MAPPING
#endif

using namespace unihip;

namespace {

BundleEntry entry(ImageKind kind, std::string_view target) {
  static const char ptx[] = ".version 8.5\n.target sm_80\n";
  BundleEntry e;
  e.kind = kind;
  e.target = target;
  e.data = reinterpret_cast<const uint8_t*>(ptx);
  e.size = sizeof ptx - 1;
  return e;
}

size_t pick(const std::vector<BundleEntry>& entries, int sm) {
  size_t index = 999;
  Status s = cu::selectCudaImage(entries, sm, &index);
  return s.ok() ? index : 999;
}

}  // namespace

TEST_CASE("SM targets parse") {
  bool a = false;
  CHECK(cu::parseSmTarget("sm_90", "sm_", &a) == 90);
  CHECK_FALSE(a);
  CHECK(cu::parseSmTarget("sm_90a", "sm_", &a) == 90);
  CHECK(a);
  CHECK(cu::parseSmTarget("sm_100f", "sm_", &a) == 100);
  CHECK(cu::parseSmTarget("compute_120", "compute_", &a) == 120);
  CHECK(cu::parseSmTarget("gfx90a", "sm_", &a) == -1);
  CHECK(cu::parseSmTarget("sm_", "sm_", &a) == -1);
  CHECK(cu::parseSmTarget("sm_90x", "sm_", &a) == -1);
}

TEST_CASE("image choice: exact cubin, then compatible cubin, then PTX, never a newer one") {
  std::vector<BundleEntry> all = {
      entry(ImageKind::Host, ""),          entry(ImageKind::AmdCodeObject, "gfx90a"),
      entry(ImageKind::Ptx, "compute_80"), entry(ImageKind::Cubin, "sm_80"),
      entry(ImageKind::Cubin, "sm_90"),    entry(ImageKind::Ptx, "compute_90"),
      entry(ImageKind::Cubin, "sm_86")};
  CHECK(pick(all, 90) == 4);   // exact cubin, PTX present but not JIT-compiled
  CHECK(pick(all, 86) == 6);   // exact
  CHECK(pick(all, 89) == 6);   // sm_86 cubin runs on 8.9; preferred over PTX
  CHECK(pick(all, 100) == 5);  // newer major: newest PTX <= 100
  CHECK(pick(all, 75) == 999); // everything is newer than the device

  std::vector<BundleEntry> archSpecific = {entry(ImageKind::Cubin, "sm_90a"),
                                           entry(ImageKind::Ptx, "compute_90a")};
  CHECK(pick(archSpecific, 90) == 0);
  CHECK(pick(archSpecific, 100) == 999);  // "a" images run only on their own SM

  std::vector<BundleEntry> amdOnly = {entry(ImageKind::AmdCodeObject, "gfx942")};
  Status s = cu::selectCudaImage(amdOnly, 90, nullptr);
  CHECK(s == Status(hipErrorNoBinaryForGpu));

  std::vector<BundleEntry> barePtx = {entry(ImageKind::Ptx, "")};  // target from ".target sm_80"
  CHECK(pick(barePtx, 90) == 0);
  CHECK(pick(barePtx, 75) == 999);
}

TEST_CASE("CUresult maps onto hipError_t") {
  // Codes HIP shares with the driver map to themselves.
  for (int code : {1, 2, 3, 4, 100, 101, 200, 201, 209, 218, 300, 400, 500, 600, 700, 701, 709,
                   719, 720, 801, 900, 910}) {
    CHECK(cu::toHipError(code) == static_cast<hipError_t>(code));
  }
  CHECK(cu::toHipError(34) == hipErrorInsufficientDriver);
  CHECK(cu::toHipError(222) == hipErrorInvalidKernelFile);
  CHECK(cu::toHipError(715) == hipErrorLaunchFailure);
  CHECK(cu::toHipError(99999) == hipErrorUnknown);
}

TEST_CASE("a missing libcuda is 'unavailable' with the paths tried") {
  setenv("UNIHIP_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  std::string reason;
  auto api = cu::loadDriver(&reason);
  unsetenv("UNIHIP_CUDA_LIBRARY");
  if (api) {
    SUCCEED("libcuda is installed here; the fallback path found it");
  } else {
    CHECK(reason.find("/nonexistent/libcuda.so.1") != std::string::npos);
    CHECK(reason.find("libcuda.so.1") != std::string::npos);
  }
}

#ifdef UNIHIP_TEST_CUDA_H
TEST_CASE("re-declared driver constants equal cuda.h's") {
  STATIC_REQUIRE(cu::CUDA_ERROR_NOT_READY == ::CUDA_ERROR_NOT_READY);
  STATIC_REQUIRE(cu::CU_EVENT_DISABLE_TIMING == ::CU_EVENT_DISABLE_TIMING);
  STATIC_REQUIRE(cu::CU_EVENT_BLOCKING_SYNC == ::CU_EVENT_BLOCKING_SYNC);
  STATIC_REQUIRE(cu::CU_EVENT_INTERPROCESS == ::CU_EVENT_INTERPROCESS);
  STATIC_REQUIRE(cu::CU_STREAM_NON_BLOCKING == ::CU_STREAM_NON_BLOCKING);
  STATIC_REQUIRE(cu::kLaunchParamEnd == CU_LAUNCH_PARAM_END_AS_INT);
  STATIC_REQUIRE(cu::kLaunchParamBufferPointer == CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT);
  STATIC_REQUIRE(cu::kLaunchParamBufferSize == CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT);
  STATIC_REQUIRE(cu::CU_MEMHOSTALLOC_PORTABLE == kCudaHostAllocPortable);
  STATIC_REQUIRE(cu::CU_MEMHOSTALLOC_DEVICEMAP == kCudaHostAllocDeviceMap);
  STATIC_REQUIRE(cu::CU_MEMHOSTALLOC_WRITECOMBINED == kCudaHostAllocWriteCombined);
  STATIC_REQUIRE(cu::CU_POINTER_ATTRIBUTE_MEMORY_TYPE == ::CU_POINTER_ATTRIBUTE_MEMORY_TYPE);
  STATIC_REQUIRE(cu::CU_POINTER_ATTRIBUTE_SYNC_MEMOPS == ::CU_POINTER_ATTRIBUTE_SYNC_MEMOPS);
  STATIC_REQUIRE(cu::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ==
                 ::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
#define UNIHIP_SAME(name) \
  STATIC_REQUIRE(static_cast<int>(cu::name) == static_cast<int>(::CU_DEVICE_ATTRIBUTE_##name))
  UNIHIP_SAME(MAX_THREADS_PER_BLOCK); UNIHIP_SAME(MAX_BLOCK_DIM_X); UNIHIP_SAME(MAX_GRID_DIM_Z);
  UNIHIP_SAME(MAX_SHARED_MEMORY_PER_BLOCK); UNIHIP_SAME(WARP_SIZE); UNIHIP_SAME(CLOCK_RATE);
  UNIHIP_SAME(MULTIPROCESSOR_COUNT); UNIHIP_SAME(COMPUTE_MODE); UNIHIP_SAME(CONCURRENT_KERNELS);
  UNIHIP_SAME(ECC_ENABLED); UNIHIP_SAME(PCI_BUS_ID); UNIHIP_SAME(MEMORY_CLOCK_RATE);
  UNIHIP_SAME(GLOBAL_MEMORY_BUS_WIDTH); UNIHIP_SAME(L2_CACHE_SIZE);
  UNIHIP_SAME(MAX_THREADS_PER_MULTIPROCESSOR); UNIHIP_SAME(UNIFIED_ADDRESSING);
  UNIHIP_SAME(PCI_DOMAIN_ID); UNIHIP_SAME(COMPUTE_CAPABILITY_MAJOR);
  UNIHIP_SAME(COMPUTE_CAPABILITY_MINOR); UNIHIP_SAME(MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  UNIHIP_SAME(MANAGED_MEMORY); UNIHIP_SAME(COOPERATIVE_LAUNCH);
  UNIHIP_SAME(MAX_SHARED_MEMORY_PER_BLOCK_OPTIN); UNIHIP_SAME(MAX_BLOCKS_PER_MULTIPROCESSOR);
  UNIHIP_SAME(RESERVED_SHARED_MEMORY_PER_BLOCK); UNIHIP_SAME(MEMORY_POOLS_SUPPORTED);
  UNIHIP_SAME(CLUSTER_LAUNCH); UNIHIP_SAME(HOST_NUMA_ID); UNIHIP_SAME(IPC_EVENT_SUPPORTED);
  UNIHIP_SAME(MAXIMUM_TEXTURE2D_LAYERED_LAYERS); UNIHIP_SAME(MAXIMUM_TEXTURE1D_LAYERED_LAYERS);
  UNIHIP_SAME(MAXIMUM_TEXTURE2D_GATHER_HEIGHT); UNIHIP_SAME(MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE);
  UNIHIP_SAME(MAXIMUM_TEXTURECUBEMAP_WIDTH); UNIHIP_SAME(MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS);
  UNIHIP_SAME(MAXIMUM_SURFACE2D_HEIGHT); UNIHIP_SAME(MAXIMUM_SURFACE3D_DEPTH);
  UNIHIP_SAME(MAXIMUM_SURFACE1D_LAYERED_LAYERS); UNIHIP_SAME(MAXIMUM_SURFACE2D_LAYERED_LAYERS);
  UNIHIP_SAME(MAXIMUM_SURFACECUBEMAP_WIDTH); UNIHIP_SAME(MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS);
  UNIHIP_SAME(MAXIMUM_TEXTURE2D_LINEAR_PITCH); UNIHIP_SAME(MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT);
  UNIHIP_SAME(MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH); UNIHIP_SAME(GPU_DIRECT_RDMA_WRITES_ORDERING);
  UNIHIP_SAME(GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS);
#undef UNIHIP_SAME
}
#endif

#ifdef UNIHIP_TEST_CUDA_H
// The graphs family's re-declared structures (cuda_types_graphs.h) have the driver's layout.
TEST_CASE("re-declared graph structures match cuda.h's layout") {
#define UNIHIP_SAME_LAYOUT(ours, theirs, field)                         \
  STATIC_REQUIRE(sizeof(cu::ours) == sizeof(::theirs));                 \
  STATIC_REQUIRE(offsetof(cu::ours, field) == offsetof(::theirs, field))
  UNIHIP_SAME_LAYOUT(CUDA_KERNEL_NODE_PARAMS, CUDA_KERNEL_NODE_PARAMS_v2, ctx);
  UNIHIP_SAME_LAYOUT(CUDA_MEMCPY3D, CUDA_MEMCPY3D_v2, dstHeight);
  UNIHIP_SAME_LAYOUT(CUDA_MEMSET_NODE_PARAMS, CUDA_MEMSET_NODE_PARAMS_v1, height);
  UNIHIP_SAME_LAYOUT(CUDA_HOST_NODE_PARAMS, CUDA_HOST_NODE_PARAMS_v1, userData);
  UNIHIP_SAME_LAYOUT(CUmemPoolProps, CUmemPoolProps_v1, maxSize);
  UNIHIP_SAME_LAYOUT(CUmemAccessDesc, CUmemAccessDesc_v1, flags);
  UNIHIP_SAME_LAYOUT(CUDA_MEM_ALLOC_NODE_PARAMS, CUDA_MEM_ALLOC_NODE_PARAMS_v1, dptr);
  UNIHIP_SAME_LAYOUT(CUgraphExecUpdateResultInfo, CUgraphExecUpdateResultInfo_v1, errorFromNode);
  UNIHIP_SAME_LAYOUT(CUDA_GRAPH_INSTANTIATE_PARAMS, CUDA_GRAPH_INSTANTIATE_PARAMS, result_out);
  STATIC_REQUIRE(sizeof(cu::CUlaunchAttributeValue) == sizeof(::CUlaunchAttributeValue));
  UNIHIP_SAME_LAYOUT(CUDA_EXT_SEM_SIGNAL_NODE_PARAMS, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1,
                     numExtSems);
  UNIHIP_SAME_LAYOUT(CUDA_EXT_SEM_WAIT_NODE_PARAMS, CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1, numExtSems);
  UNIHIP_SAME_LAYOUT(CUarrayMapInfo, CUarrayMapInfo_v1, memHandle);
  UNIHIP_SAME_LAYOUT(CUarrayMapInfo, CUarrayMapInfo_v1, deviceBitMask);
  UNIHIP_SAME_LAYOUT(CUarrayMapInfo, CUarrayMapInfo_v1, subresource);
  UNIHIP_SAME_LAYOUT(CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC,
                     CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1, numLevels);
  STATIC_REQUIRE(cu::CU_RESOURCE_TYPE_MIPMAPPED_ARRAY == ::CU_RESOURCE_TYPE_MIPMAPPED_ARRAY);
  STATIC_REQUIRE(int{hipArraySparseSubresourceTypeMiptail} ==
                 int{::CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL});
  STATIC_REQUIRE(int{hipMemOperationTypeUnmap} == int{::CU_MEM_OPERATION_TYPE_UNMAP});
  STATIC_REQUIRE(int{hipMemHandleTypeGeneric} == int{::CU_MEM_HANDLE_TYPE_GENERIC});
  UNIHIP_SAME_LAYOUT(CUmemcpyAttributes, CUmemcpyAttributes_v1, flags);
#undef UNIHIP_SAME_LAYOUT
  STATIC_REQUIRE(cu::CU_MEMORYTYPE_HOST == ::CU_MEMORYTYPE_HOST);
  STATIC_REQUIRE(cu::CU_MEMORYTYPE_DEVICE == ::CU_MEMORYTYPE_DEVICE);
  STATIC_REQUIRE(cu::CU_MEMORYTYPE_UNIFIED == ::CU_MEMORYTYPE_UNIFIED);
  STATIC_REQUIRE(cu::CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED ==
                 static_cast<int>(::CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED));
  // HIP's enums the family passes through unchanged.
  STATIC_REQUIRE(static_cast<int>(hipGraphNodeTypeMemFree) == static_cast<int>(::CU_GRAPH_NODE_TYPE_MEM_FREE));
  STATIC_REQUIRE(static_cast<int>(hipGraphNodeTypeEventRecord) == static_cast<int>(::CU_GRAPH_NODE_TYPE_EVENT_RECORD));
  STATIC_REQUIRE(static_cast<int>(hipStreamCaptureModeRelaxed) == static_cast<int>(::CU_STREAM_CAPTURE_MODE_RELAXED));
  STATIC_REQUIRE(static_cast<int>(hipStreamCaptureStatusInvalidated) == static_cast<int>(::CU_STREAM_CAPTURE_STATUS_INVALIDATED));
  STATIC_REQUIRE(static_cast<int>(hipStreamSetCaptureDependencies) == static_cast<int>(::CU_STREAM_SET_CAPTURE_DEPENDENCIES));
  STATIC_REQUIRE(static_cast<int>(hipGraphExecUpdateErrorUnsupportedFunctionChange) == static_cast<int>(::CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE));
  STATIC_REQUIRE(static_cast<int>(hipGraphInstantiateMultipleDevicesNotSupported) == static_cast<int>(::CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED));
  STATIC_REQUIRE(static_cast<int>(hipGraphInstantiateFlagUseNodePriority) == static_cast<int>(::CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY));
  STATIC_REQUIRE(static_cast<int>(hipGraphMemAttrReservedMemHigh) == static_cast<int>(::CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH));
  STATIC_REQUIRE(static_cast<int>(hipLaunchAttributePriority) == static_cast<int>(::CU_LAUNCH_ATTRIBUTE_PRIORITY));
  STATIC_REQUIRE(static_cast<int>(hipGraphDebugDotFlagsHandles) == static_cast<int>(::CU_GRAPH_DEBUG_DOT_FLAGS_HANDLES));
}
#endif


#ifdef UNIHIP_TEST_CUDA_H
// HIP's batch memory operations pass to the driver as they are; the linker's, the address-range
// handles' and the mipmapped arrays' re-declared numbers and layouts are the driver's.
TEST_CASE("batch memory operations, linker, dma-buf and array requirements match cuda.h") {
#define UNIHIP_SAME_OFFSET(ours, theirs, field) \
  STATIC_REQUIRE(offsetof(ours, field) == offsetof(::theirs, field))
  STATIC_REQUIRE(sizeof(hipStreamBatchMemOpParams) == sizeof(::CUstreamBatchMemOpParams));
  STATIC_REQUIRE(sizeof(cu::CUstreamBatchMemOpParams) == sizeof(::CUstreamBatchMemOpParams));
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, waitValue.address);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, waitValue.value64);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, waitValue.flags);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, waitValue.alias);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, writeValue.address);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, writeValue.value);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams, writeValue.flags);
  UNIHIP_SAME_OFFSET(hipStreamBatchMemOpParams, CUstreamBatchMemOpParams,
                     memoryBarrier.flags);
  STATIC_REQUIRE(int{hipStreamMemOpWaitValue32} == int{::CU_STREAM_MEM_OP_WAIT_VALUE_32});
  STATIC_REQUIRE(int{hipStreamMemOpWriteValue32} == int{::CU_STREAM_MEM_OP_WRITE_VALUE_32});
  STATIC_REQUIRE(int{hipStreamMemOpWaitValue64} == int{::CU_STREAM_MEM_OP_WAIT_VALUE_64});
  STATIC_REQUIRE(int{hipStreamMemOpWriteValue64} == int{::CU_STREAM_MEM_OP_WRITE_VALUE_64});
  STATIC_REQUIRE(int{hipStreamMemOpBarrier} == int{::CU_STREAM_MEM_OP_BARRIER});
  STATIC_REQUIRE(int{hipStreamMemOpFlushRemoteWrites} ==
                 int{::CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES});
  STATIC_REQUIRE(int{hipStreamWaitValueNor} == int{::CU_STREAM_WAIT_VALUE_NOR});
  STATIC_REQUIRE(sizeof(cu::CUDA_BATCH_MEM_OP_NODE_PARAMS) ==
                 sizeof(::CUDA_BATCH_MEM_OP_NODE_PARAMS_v1));
  UNIHIP_SAME_OFFSET(cu::CUDA_BATCH_MEM_OP_NODE_PARAMS, CUDA_BATCH_MEM_OP_NODE_PARAMS_v1,
                     paramArray);
  UNIHIP_SAME_OFFSET(cu::CUDA_BATCH_MEM_OP_NODE_PARAMS, CUDA_BATCH_MEM_OP_NODE_PARAMS_v1, flags);
  STATIC_REQUIRE(sizeof(hipBatchMemOpNodeParams) == sizeof(::CUDA_BATCH_MEM_OP_NODE_PARAMS_v1));
  STATIC_REQUIRE(cu::CU_GRAPH_NODE_TYPE_BATCH_MEM_OP == int{::CU_GRAPH_NODE_TYPE_BATCH_MEM_OP});

  STATIC_REQUIRE(int{hipJitOptionMaxRegisters} == int{::CU_JIT_MAX_REGISTERS});
  STATIC_REQUIRE(int{hipJitOptionInfoLogBufferSizeBytes} ==
                 int{::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES});
  STATIC_REQUIRE(int{hipJitOptionErrorLogBuffer} == int{::CU_JIT_ERROR_LOG_BUFFER});
  STATIC_REQUIRE(int{hipJitOptionWallTime} == int{::CU_JIT_WALL_TIME});
  STATIC_REQUIRE(int{hipJitOptionGenerateLineInfo} == int{::CU_JIT_GENERATE_LINE_INFO});
  STATIC_REQUIRE(int{hipJitOptionGlobalSymbolCount} == int{::CU_JIT_GLOBAL_SYMBOL_COUNT});
  STATIC_REQUIRE(int{hipJitOptionFma} == int{::CU_JIT_FMA});
  STATIC_REQUIRE(cu::CU_JIT_FMA == int{::CU_JIT_FMA});
  STATIC_REQUIRE(cu::CU_JIT_POSITION_INDEPENDENT_CODE ==
                 int{::CU_JIT_POSITION_INDEPENDENT_CODE});
  STATIC_REQUIRE(cu::CU_JIT_MIN_CTA_PER_SM == int{::CU_JIT_MIN_CTA_PER_SM});
  STATIC_REQUIRE(cu::CU_JIT_MAX_THREADS_PER_BLOCK == int{::CU_JIT_MAX_THREADS_PER_BLOCK});
  STATIC_REQUIRE(cu::CU_JIT_OVERRIDE_DIRECTIVE_VALUES ==
                 int{::CU_JIT_OVERRIDE_DIRECTIVE_VALUES});
  STATIC_REQUIRE(int{hipJitInputCubin} == int{::CU_JIT_INPUT_CUBIN});
  STATIC_REQUIRE(int{hipJitInputPtx} == int{::CU_JIT_INPUT_PTX});
  STATIC_REQUIRE(int{hipJitInputFatBinary} == int{::CU_JIT_INPUT_FATBINARY});
  STATIC_REQUIRE(int{hipJitInputObject} == int{::CU_JIT_INPUT_OBJECT});
  STATIC_REQUIRE(int{hipJitInputLibrary} == int{::CU_JIT_INPUT_LIBRARY});
  STATIC_REQUIRE(int{hipJitInputNvvm} == int{::CU_JIT_INPUT_NVVM});
  STATIC_REQUIRE(cu::CU_JIT_INPUT_NVVM == int{::CU_JIT_INPUT_NVVM});

  STATIC_REQUIRE(cu::CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD ==
                 int{::CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD});
  STATIC_REQUIRE(int{hipMemRangeHandleTypeDmaBufFd} == int{::CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD});
  STATIC_REQUIRE(cu::CUDA_ARRAY3D_DEFERRED_MAPPING == kCudaArrayDeferredMapping);
  STATIC_REQUIRE(sizeof(cu::CUDA_ARRAY_MEMORY_REQUIREMENTS) ==
                 sizeof(::CUDA_ARRAY_MEMORY_REQUIREMENTS_v1));
  UNIHIP_SAME_OFFSET(cu::CUDA_ARRAY_MEMORY_REQUIREMENTS, CUDA_ARRAY_MEMORY_REQUIREMENTS_v1,
                     alignment);
#undef UNIHIP_SAME_OFFSET
}
#endif
