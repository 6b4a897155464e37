// Device discovery and properties on real hardware.
#include <cstring>
#include <vector>

#include "dot_kernels.h"
#include "gpu_test_support.h"

TEST_CASE("devices, properties and attributes agree") {
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  REQUIRE(count >= 1);
  hipDeviceProp_t p;
  HIP_REQUIRE(hipGetDeviceProperties(&p, 0));
  CHECK(std::strlen(p.name) > 0);
  CHECK(p.totalGlobalMem > (size_t{1} << 30));
  CHECK(p.multiProcessorCount > 0);
  CHECK(p.maxThreadsPerBlock >= 256);
  CHECK((p.warpSize == 32 || p.warpSize == 64));
  CHECK(p.major >= 3);
  int v = 0;
  HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMultiprocessorCount, 0));
  CHECK(v == p.multiProcessorCount);
  HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeComputeCapabilityMajor, 0));
  CHECK(v == p.major);
  HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxBlockDimX, 0));
  CHECK(v == p.maxThreadsDim[0]);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, count) == hipErrorInvalidDevice);
  CHECK(hipSetDevice(count) == hipErrorInvalidDevice);
  HIP_CHECK(hipSetDevice(0));
  int d = -1;
  HIP_CHECK(hipGetDevice(&d));
  CHECK(d == 0);
  int version = 0;
  HIP_CHECK(hipDriverGetVersion(&version));
  CHECK(version == HIP_VERSION);  // AMD's answer (HIP 7)
  HIP_CHECK(hipRuntimeGetVersion(&version));
  CHECK(version == HIP_VERSION);
  size_t free = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&free, &total));
  CHECK(free > 0);
  CHECK(total >= free);
  (void)hipGetLastError();
}

// Issue 35: programs check image support before using textures. NVIDIA always has it; an AMD
// agent has it when ROCr's image extension reports limits.
TEST_CASE("image support and texture limits agree with hipDeviceProp_t") {
  const hipDeviceProp_t p = deviceProperties();
  int v = -1;
  HIP_REQUIRE(hipDeviceGetAttribute(&v, hipDeviceAttributeImageSupport, 0));
  const bool nvidia = std::strncmp(p.gcnArchName, "sm_", 3) == 0;
  if (nvidia) CHECK(v == 1);
  if (v == 1) {
    CHECK(p.maxTexture2D[0] > 0);
    CHECK(p.maxSurface2D[0] > 0);
    CHECK(p.maxTexture2DLayered[2] > 0);
  }
  HIP_REQUIRE(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxTextureCubemap, 0));
  CHECK(v == p.maxTextureCubemap);
  HIP_REQUIRE(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxTexture1DMipmap, 0));
  CHECK(v == p.maxTexture1DMipmap);
  if (nvidia) {
    CHECK(p.maxTextureCubemap > 0);
    CHECK(p.maxTextureCubemapLayered[1] > 0);
    CHECK(p.maxSurfaceCubemap > 0);
    CHECK(p.maxSurface3D[2] > 0);
  }
}

// AMD's amd_mixed_dot (hip-tests' rtc/hiprtc_MathFunctions_HeaderTst.cc, deviceLib/
// hipTestDotFunctions.cc): packed dot products with accumulate, saturated or wrapped.
TEST_CASE("amd_mixed_dot: short2, ushort2, char4, uchar4, 4-bit lanes and __half2", "[device]") {
  DeviceBuffer<int> ok(kMixedDotCases);
  HIP_REQUIRE(launchMixedDot(ok.ptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  const std::vector<int> r = ok.read();
  for (int i = 0; i < kMixedDotCases; ++i) {
    INFO("case " << i);
    CHECK(r[i] == 1);
  }
}
