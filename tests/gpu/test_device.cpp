// Device discovery and properties on real hardware.
#include <cstring>

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
  CHECK(version >= 11000);
  HIP_CHECK(hipRuntimeGetVersion(&version));
  CHECK(version == HIP_VERSION);
  size_t free = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&free, &total));
  CHECK(free > 0);
  CHECK(total >= free);
  (void)hipGetLastError();
}
