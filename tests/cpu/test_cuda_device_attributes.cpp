// The CUDA backend's device properties and hipDeviceGetAttribute answers, over a driver whose
// every device attribute answers 1000 + its CUdevice_attribute value (no cuda.h here: its
// macros rename the driver entry points).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/device_attributes.h"
#include "cuda/cuda_device_properties.h"
#include "cuda/cuda_driver.h"

using namespace unihip;

namespace {

cu::DriverApi fakeAttributeDriver() {
  cu::DriverApi api;
  api.cuDeviceGetName = [](char* name, int len, cu::CUdevice) -> cu::CUresult {
    std::snprintf(name, static_cast<size_t>(len), "fake");
    return 0;
  };
  api.cuDeviceGetUuid = [](cu::CUuuid*, cu::CUdevice) -> cu::CUresult { return 0; };
  api.cuDeviceTotalMem = [](size_t* bytes, cu::CUdevice) -> cu::CUresult {
    *bytes = size_t{1} << 30;
    return 0;
  };
  api.cuDeviceGetAttribute = [](int* v, int attr, cu::CUdevice) -> cu::CUresult {
    *v = 1000 + attr;
    return 0;
  };
  return api;
}

// hipDeviceGetAttribute's path: the core's table, then the backend.
hipError_t askAttribute(const cu::DriverApi& api, const hipDeviceProp_t& p, int attr, int* v) {
  Status s = attributeFromProperties(p, attr, v);
  if (s.code() == hipErrorNotSupported) s = cu::queryDeviceAttribute(api, 0, p, attr, true, v);
  return s.code();
}

}  // namespace

TEST_CASE("CUDA backend: texture and surface limits fill hipDeviceProp_t from the driver") {
  const cu::DriverApi api = fakeAttributeDriver();
  hipDeviceProp_t p{};
  REQUIRE(cu::queryDeviceProperties(api, 0, &p).ok());
  CHECK(p.maxTexture1DMipmap == 1077);
  CHECK((p.maxTexture2DMipmap[0] == 1073 && p.maxTexture2DMipmap[1] == 1074));
  CHECK((p.maxTexture2DLinear[0] == 1070 && p.maxTexture2DLinear[2] == 1072));
  CHECK((p.maxTexture2DGather[0] == 1045 && p.maxTexture2DGather[1] == 1046));
  CHECK((p.maxTexture3DAlt[0] == 1047 && p.maxTexture3DAlt[2] == 1049));
  CHECK(p.maxTextureCubemap == 1052);
  CHECK((p.maxTextureCubemapLayered[0] == 1053 && p.maxTextureCubemapLayered[1] == 1054));
  CHECK((p.maxTexture1DLayered[0] == 1042 && p.maxTexture1DLayered[1] == 1043));
  CHECK((p.maxTexture2DLayered[0] == 1027 && p.maxTexture2DLayered[2] == 1029));
  CHECK((p.maxSurface2D[0] == 1056 && p.maxSurface2D[1] == 1057));
  CHECK((p.maxSurface3D[0] == 1058 && p.maxSurface3D[2] == 1060));
  CHECK((p.maxSurface1DLayered[0] == 1061 && p.maxSurface1DLayered[1] == 1062));
  CHECK((p.maxSurface2DLayered[0] == 1063 && p.maxSurface2DLayered[2] == 1065));
  CHECK(p.maxSurfaceCubemap == 1066);
  CHECK((p.maxSurfaceCubemapLayered[0] == 1067 && p.maxSurfaceCubemapLayered[1] == 1068));
  CHECK(p.gpuDirectRDMAFlushWritesOptions == 1117u);
  CHECK(p.gpuDirectRDMAWritesOrdering == 1118);
}

TEST_CASE("CUDA backend: hipDeviceGetAttribute answers what NVIDIA has a meaning for") {
  const cu::DriverApi api = fakeAttributeDriver();
  hipDeviceProp_t p{};
  REQUIRE(cu::queryDeviceProperties(api, 0, &p).ok());
  int v = -7;
  REQUIRE(askAttribute(api, p, hipDeviceAttributeImageSupport, &v) == hipSuccess);
  CHECK(v == 1);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeMaxTextureCubemap, &v) == hipSuccess);
  CHECK(v == 1052);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeMaxTexture1DMipmap, &v) == hipSuccess);
  CHECK(v == 1077);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeHostNumaId, &v) == hipSuccess);
  CHECK(v == 1134);
  REQUIRE(askAttribute(api, p, hipDeviceAttributePhysicalMultiProcessorCount, &v) == hipSuccess);
  CHECK(v == 1016);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeCanUseStreamWaitValue, &v) == hipSuccess);
  CHECK(v == 1);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeFineGrainSupport, &v) == hipSuccess);
  CHECK(v == 0);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeVirtualMemoryManagementSupported, &v) ==
          hipSuccess);
  CHECK(v == 1102);
  // hip-tests' hipGetDeviceAttribute.cc reads the HDP registers as the properties' pointers.
  v = -7;
  REQUIRE(askAttribute(api, p, hipDeviceAttributeHdpMemFlushCntl, &v) == hipSuccess);
  CHECK(v == 0);
  REQUIRE(askAttribute(api, p, hipDeviceAttributeHdpRegFlushCntl, &v) == hipSuccess);
  CHECK(v == 0);
  CHECK(p.hdpMemFlushCntl == nullptr);
  // Every enumerator is answered except these: the multi-valued limits (one int cannot hold
  // them; AMD's runtime refuses them too; hipDeviceProp_t carries them), AMD's HDP registers and
  // PCI chip id, and the Windows-only LUID (the HDP registers answer 0: NVIDIA has none).
  const std::vector<int> unanswered = {
      hipDeviceAttributeLuid,                    hipDeviceAttributeMaxSurface1DLayered,
      hipDeviceAttributeMaxSurface2D,            hipDeviceAttributeMaxSurface2DLayered,
      hipDeviceAttributeMaxSurface3D,            hipDeviceAttributeMaxSurfaceCubemap,
      hipDeviceAttributeMaxSurfaceCubemapLayered, hipDeviceAttributeMaxTexture1DLayered,
      hipDeviceAttributeMaxTexture2DGather,      hipDeviceAttributeMaxTexture2DLayered,
      hipDeviceAttributeMaxTexture2DLinear,      hipDeviceAttributeMaxTexture2DMipmap,
      hipDeviceAttributeMaxTexture3DAlt,         hipDeviceAttributeMaxTextureCubemapLayered,
      hipDeviceAttributeMaxThreadsDim,           hipDeviceAttributePciChipId};
  std::vector<int> notSupported;
  for (int a = 0; a < 20000; ++a) {
    if (!isDeviceAttribute(a)) continue;
    if (askAttribute(api, p, a, &v) == hipErrorNotSupported) notSupported.push_back(a);
  }
  std::vector<int> expected = unanswered;
  std::sort(expected.begin(), expected.end());
  CHECK(notSupported == expected);
}

// hip-tests' hipEventCreateWithFlags.cc reads hipMalloc memory from the host when isLargeBar
// is 1; hipGetDeviceProperties.cc compares arch.* with the __HIP_ARCH_HAS_*__ macros.
TEST_CASE("CUDA backend: isLargeBar only where the host shares the GPU's page tables; arch flags as the device macros") {
  cu::DriverApi api = fakeAttributeDriver();
  api.cuDeviceGetAttribute = [](int* v, int attr, cu::CUdevice) -> cu::CUresult {
    *v = attr == 100 || attr == 101 ? 0 : 1000 + attr;  // a PCIe GPU: no ATS, no host access
    return 0;
  };
  hipDeviceProp_t p{};
  REQUIRE(cu::queryDeviceProperties(api, 0, &p).ok());
  CHECK(p.pageableMemoryAccessUsesHostPageTables == 0);
  CHECK(p.isLargeBar == 0);
  int v = -7;
  REQUIRE(askAttribute(api, p, hipDeviceAttributeIsLargeBar, &v) == hipSuccess);
  CHECK(v == 0);
  // Grace Hopper: the host reaches device memory through the shared page tables.
  const cu::DriverApi coherent = fakeAttributeDriver();
  hipDeviceProp_t q{};
  REQUIRE(cu::queryDeviceProperties(coherent, 0, &q).ok());
  CHECK(q.isLargeBar == 1);
  // hip_common.h: funnel shift, the extended __syncthreads, surface functions and dynamic
  // parallelism are 0 in device code, so the properties say 0 too.
  CHECK(p.arch.hasFunnelShift == 0);
  CHECK(p.arch.hasSyncThreadsExt == 0);
  CHECK(p.arch.hasSurfaceFuncs == 0);
  CHECK(p.arch.hasDynamicParallelism == 0);
  CHECK(p.arch.hasWarpShuffle == 1);
  CHECK(p.arch.has3dGrid == 1);
  CHECK(p.arch.hasThreadFenceSystem == 1);
}
