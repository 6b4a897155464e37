// The type headers: HIP's numeric values, C/C++ layout agreement, the sizes HIP's ABI has.
#include <catch2/catch.hpp>

#include <cstddef>

#include "c_layout_types.h"
#include "hip/hip_gl_interop.h"
#include "hip/hip_runtime_api.h"
#include "hip/hip_texture_types.h"
#include "hip/library_types.h"

extern "C" const size_t unihipTestCLayoutSizes[];
extern "C" size_t unihipTestCUsage(void);

TEST_CASE("types: C and C++ lay the public structs out alike", "[api][types]") {
  size_t i = 0;
#define UNIHIP_CXX_SIZE(T)                    \
  {                                           \
    INFO(#T);                                 \
    CHECK(unihipTestCLayoutSizes[i] == sizeof(T)); \
    ++i;                                      \
  }
  UNIHIP_C_LAYOUT_TYPES(UNIHIP_CXX_SIZE)
#undef UNIHIP_CXX_SIZE
  CHECK(unihipTestCLayoutSizes[i] == 0);
  // volume + pos.x + pitch + channel y + Border + Clamp + HIP_R_16BF (c_header_check.c)
  CHECK(unihipTestCUsage() == 24 + 1 + 256 + 8 + 3 + 2 + 14);
}

TEST_CASE("types: sizes of HIP's (and CUDA's) ABI on LP64", "[api][types]") {
  STATIC_REQUIRE(sizeof(hipChannelFormatDesc) == 20);
  STATIC_REQUIRE(sizeof(hipResourceDesc) == 64);
  STATIC_REQUIRE(sizeof(HIP_RESOURCE_DESC) == 144);
  STATIC_REQUIRE(sizeof(hipTextureDesc) == 64);
  STATIC_REQUIRE(sizeof(HIP_TEXTURE_DESC) == 104);
  STATIC_REQUIRE(sizeof(HIP_MEMCPY3D) == 184);
  STATIC_REQUIRE(sizeof(hip_Memcpy2D) == 128);
  STATIC_REQUIRE(sizeof(hipMemcpy3DParms) == 160);
  STATIC_REQUIRE(sizeof(hipMemPoolProps) == 88);
  STATIC_REQUIRE(sizeof(hipMemAllocationProp) == 32);
  STATIC_REQUIRE(sizeof(hipExternalMemoryHandleDesc) == 104);
  STATIC_REQUIRE(sizeof(hipExternalMemoryBufferDesc) == 88);
  STATIC_REQUIRE(sizeof(hipExternalSemaphoreHandleDesc) == 96);
  STATIC_REQUIRE(sizeof(hipExternalSemaphoreSignalParams) == 144);
  STATIC_REQUIRE(sizeof(hipExternalSemaphoreWaitParams) == 144);
  STATIC_REQUIRE(sizeof(textureReference) == 88);
  STATIC_REQUIRE(offsetof(hipMemPoolProps, maxSize) == 24);
  STATIC_REQUIRE(offsetof(hipMemAllocationProp, location) == 8);
}

TEST_CASE("types: HIP's numeric values", "[api][types]") {
  STATIC_REQUIRE(HIP_AD_FORMAT_HALF == 0x10);
  STATIC_REQUIRE(HIP_AD_FORMAT_SIGNED_INT32 == 0x0a);
  STATIC_REQUIRE(hipResViewFormatUnsignedBlockCompressed7 == 0x22);
  STATIC_REQUIRE(HIP_RES_VIEW_FORMAT_SIGNED_BC6H == 0x21);
  STATIC_REQUIRE(hipMemoryTypeArray == 10);
  STATIC_REQUIRE(hipMemoryTypeUnified == 11);
  STATIC_REQUIRE(hipMemcpyDeviceToDeviceNoCU == 1024);
  STATIC_REQUIRE(HIP_FUNC_ATTRIBUTE_MAX == 10);
  STATIC_REQUIRE(HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE == 17);
  STATIC_REQUIRE(hipMemLocationTypeHostNumaCurrent == 4);
  STATIC_REQUIRE(hipMemAllocationTypeUncached == 0x40000000);
  STATIC_REQUIRE(hipMemHandleTypeWin32Kmt == 4);
  STATIC_REQUIRE(hipMemPoolAttrUsedMemHigh == 8);
  STATIC_REQUIRE(hipExternalMemoryHandleTypeNvSciBuf == 8);
  STATIC_REQUIRE(hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32 == 10);
  STATIC_REQUIRE(hipGraphicsRegisterFlagsTextureGather == 8);
  STATIC_REQUIRE(hipTextureTypeCubemapLayered == 0xFC);
  STATIC_REQUIRE(HIP_TEXTURE_OBJECT_SIZE_DWORD == 20);
  STATIC_REQUIRE(hipBoundaryModeClamp == 2);
  STATIC_REQUIRE(HIP_R_8F_E5M2_FNUZ == 1001);
  STATIC_REQUIRE(HIP_R_4F_E2M1 == 33);
  STATIC_REQUIRE(HIP_LIBRARY_PATCH_LEVEL == 2);
  STATIC_REQUIRE(hipDeviceMallocContiguous == 4);
  STATIC_REQUIRE(hipExtHostRegisterCoarseGrained == 8);
  STATIC_REQUIRE(hipArrayTextureGather == 8);
  STATIC_REQUIRE(HIP_TRSF_SRGB == 0x10);
  CHECK(make_hipExtent(1, 2, 3).height == 2);
  CHECK(make_hipPitchedPtr(nullptr, 512, 8, 9).pitch == 512);
  CHECK(make_hipPos(7, 8, 9).z == 9);
}
