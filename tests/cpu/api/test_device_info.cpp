// Device family (exec): versioned properties and their layouts, hipChooseDevice, PCI bus ids,
// UUIDs, limits, cache / shared-memory configuration, hipSetValidDevices, driver error names,
// profiler control. Checked against the fake backend.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>

#include "install_fake.h"

using namespace unihip::testing;

// Offsets and size of AMD's hipDeviceProp_tR0600 (HIP 6, LP64), so binaries built against AMD's
// headers and unihip agree on every field.
static_assert(sizeof(hipDeviceProp_tR0600) == 1472);
static_assert(offsetof(hipDeviceProp_tR0600, uuid) == 256);
static_assert(offsetof(hipDeviceProp_tR0600, totalGlobalMem) == 288);
static_assert(offsetof(hipDeviceProp_tR0600, memPitch) == 312);
static_assert(offsetof(hipDeviceProp_tR0600, totalConstMem) == 352);
static_assert(offsetof(hipDeviceProp_tR0600, deviceOverlap) == 384);
static_assert(offsetof(hipDeviceProp_tR0600, maxTexture1D) == 408);
static_assert(offsetof(hipDeviceProp_tR0600, maxSurfaceCubemapLayered) == 560);
static_assert(offsetof(hipDeviceProp_tR0600, surfaceAlignment) == 568);
static_assert(offsetof(hipDeviceProp_tR0600, pciBusID) == 584);
static_assert(offsetof(hipDeviceProp_tR0600, pciDomainID) == 592);
static_assert(offsetof(hipDeviceProp_tR0600, sharedMemPerMultiprocessor) == 640);
static_assert(offsetof(hipDeviceProp_tR0600, sharedMemPerBlockOptin) == 696);
static_assert(offsetof(hipDeviceProp_tR0600, reservedSharedMemPerBlock) == 720);
static_assert(offsetof(hipDeviceProp_tR0600, unifiedFunctionPointers) == 776);
static_assert(offsetof(hipDeviceProp_tR0600, reserved) == 780);
static_assert(offsetof(hipDeviceProp_tR0600, hipReserved) == 1032);
static_assert(offsetof(hipDeviceProp_tR0600, gcnArchName) == 1160);
static_assert(offsetof(hipDeviceProp_tR0600, maxSharedMemoryPerMultiProcessor) == 1416);
static_assert(offsetof(hipDeviceProp_tR0600, arch) == 1428);
static_assert(offsetof(hipDeviceProp_tR0600, hdpMemFlushCntl) == 1432);
static_assert(offsetof(hipDeviceProp_tR0600, asicRevision) == 1468);
// hipDeviceProp_t is the R0600 struct, as in HIP 6.
static_assert(sizeof(hipDeviceProp_t) == sizeof(hipDeviceProp_tR0600));
// HIP 5's layout: gcnArchName follows the deprecated gcnArch int.
static_assert(offsetof(hipDeviceProp_tR0000, totalGlobalMem) == 256);
static_assert(offsetof(hipDeviceProp_tR0000, gcnArchName) ==
              offsetof(hipDeviceProp_tR0000, gcnArch) + sizeof(int));
static_assert(sizeof(hipUUID) == 16);

TEST_CASE("hipGetDevicePropertiesR0600 / R0000: the same device in both layouts") {
  auto* fake = installFake(2, "gfx906");
  fake->editProperties(1).pciBusID = 0xc1;
  hipDeviceProp_tR0600 p6;
  hipDeviceProp_tR0000 p5;
  CHECK(hipGetDevicePropertiesR0600(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGetDevicePropertiesR0000(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGetDevicePropertiesR0600(&p6, 2) == hipErrorInvalidDevice);
  CHECK(hipGetDevicePropertiesR0000(&p5, -1) == hipErrorInvalidDevice);
  REQUIRE(hipGetDevicePropertiesR0600(&p6, 1) == hipSuccess);
  std::memset(&p5, 0x7f, sizeof p5);
  REQUIRE(hipGetDevicePropertiesR0000(&p5, 1) == hipSuccess);
  CHECK(std::strcmp(p5.name, p6.name) == 0);
  CHECK(std::strcmp(p5.gcnArchName, "gfx906") == 0);
  CHECK(p5.gcnArch == 906);
  CHECK(p5.pciBusID == 0xc1);
  CHECK(p5.totalGlobalMem == p6.totalGlobalMem);
  CHECK(p5.maxThreadsDim[2] == p6.maxThreadsDim[2]);
  CHECK(p5.warpSize == 32);
  CHECK(p5.pageableMemoryAccessUsesHostPageTables == p6.pageableMemoryAccessUsesHostPageTables);
  // The macro maps the plain name onto R0600 for code built against this header.
  hipDeviceProp_t p;
  REQUIRE(hipGetDeviceProperties(&p, 1) == hipSuccess);
  CHECK(p.pciBusID == 0xc1);
  installNoBackend();
  CHECK(hipGetDevicePropertiesR0600(&p6, 0) == hipErrorNoDevice);
  (void)hipGetLastError();
}

TEST_CASE("hipChooseDevice: all non-zero fields are minimums, the best match wins") {
  auto* fake = installFake(3);
  fake->editProperties(1).multiProcessorCount = 100;
  fake->editProperties(2).multiProcessorCount = 100;
  fake->editProperties(2).l2CacheSize = 4096;
  int dev = -1;
  hipDeviceProp_tR0600 want;
  std::memset(&want, 0, sizeof want);
  CHECK(hipChooseDeviceR0600(nullptr, &want) == hipErrorInvalidValue);
  CHECK(hipChooseDeviceR0600(&dev, nullptr) == hipErrorInvalidValue);
  want.multiProcessorCount = 50;
  REQUIRE(hipChooseDeviceR0600(&dev, &want) == hipSuccess);
  CHECK(dev == 1);  // first device meeting the request
  want.l2CacheSize = 1024;
  REQUIRE(hipChooseDevice(&dev, &want) == hipSuccess);
  CHECK(dev == 2);
  want.major = 99;  // nobody meets it: device 0
  REQUIRE(hipChooseDeviceR0600(&dev, &want) == hipSuccess);
  CHECK(dev == 0);
  hipDeviceProp_tR0000 old;
  std::memset(&old, 0, sizeof old);
  old.multiProcessorCount = 50;
  old.l2CacheSize = 1;
  CHECK(hipChooseDeviceR0000(nullptr, &old) == hipErrorInvalidValue);
  REQUIRE(hipChooseDeviceR0000(&dev, &old) == hipSuccess);
  CHECK(dev == 2);
  installNoBackend();
  CHECK(hipChooseDeviceR0600(&dev, &want) == hipErrorNoDevice);
  (void)hipGetLastError();
}

TEST_CASE("hipDeviceGetPCIBusId and hipDeviceGetByPCIBusId round-trip") {
  auto* fake = installFake(2);
  fake->editProperties(1).pciDomainID = 1;
  fake->editProperties(1).pciBusID = 0xc1;
  fake->editProperties(1).pciDeviceID = 3;
  char id[32];
  CHECK(hipDeviceGetPCIBusId(nullptr, 32, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetPCIBusId(id, 0, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetPCIBusId(id, 32, 2) == hipErrorInvalidDevice);
  CHECK(hipDeviceGetPCIBusId(id, 32, -1) == hipErrorInvalidDevice);
  REQUIRE(hipDeviceGetPCIBusId(id, sizeof id, 1) == hipSuccess);
  CHECK(std::strcmp(id, "0001:c1:03.0") == 0);
  // Too short (hip-tests' _Negative_PartialFill): the id's start, terminated, and a failure.
  std::memset(id, 1, sizeof id);
  CHECK(hipDeviceGetPCIBusId(id, 5, 1) == hipErrorInvalidValue);
  CHECK(std::strcmp(id, "0001") == 0);
  CHECK(id[5] == 1);
  CHECK(hipDeviceGetPCIBusId(id, 12, 1) == hipErrorInvalidValue);  // the NUL does not fit
  REQUIRE(hipDeviceGetPCIBusId(id, 13, 1) == hipSuccess);
  CHECK(std::strcmp(id, "0001:c1:03.0") == 0);
  int dev = -1;
  CHECK(hipDeviceGetByPCIBusId(nullptr, "0001:c1:03.0") == hipErrorInvalidValue);
  CHECK(hipDeviceGetByPCIBusId(&dev, nullptr) == hipErrorInvalidValue);
  CHECK(hipDeviceGetByPCIBusId(&dev, "not a bus id") == hipErrorInvalidValue);
  CHECK(hipDeviceGetByPCIBusId(&dev, "0001:c2:03.0") == hipErrorInvalidValue);
  REQUIRE(hipDeviceGetByPCIBusId(&dev, "0001:c1:03.0") == hipSuccess);
  CHECK(dev == 1);
  REQUIRE(hipDeviceGetByPCIBusId(&dev, "0000:00:00.0") == hipSuccess);
  CHECK(dev == 0);
  (void)hipGetLastError();
}

TEST_CASE("hipDeviceGetUuid copies the device's UUID") {
  auto* fake = installFake(1);
  for (int i = 0; i < 16; ++i) fake->editProperties(0).uuid.bytes[i] = static_cast<char>(i + 1);
  hipUUID u;
  CHECK(hipDeviceGetUuid(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetUuid(&u, 1) == hipErrorInvalidDevice);
  REQUIRE(hipDeviceGetUuid(&u, 0) == hipSuccess);
  CHECK(u.bytes[0] == 1);
  CHECK(u.bytes[15] == 16);
  (void)hipGetLastError();
}

TEST_CASE("hipDeviceGetLimit / hipDeviceSetLimit go to the backend for the three CUDA limits") {
  installFake(1);
  size_t v = 0;
  CHECK(hipDeviceGetLimit(nullptr, hipLimitStackSize) == hipErrorInvalidValue);
  // As AMD's runtime (and hip-tests): hipLimitRange and past it is an invalid value, a
  // value below it that is no served limit is an unsupported limit.
  CHECK(hipDeviceGetLimit(&v, hipLimitRange) == hipErrorInvalidValue);
  CHECK(hipDeviceGetLimit(&v, static_cast<hipLimit_t>(0xffff)) == hipErrorInvalidValue);
  CHECK(hipDeviceGetLimit(&v, static_cast<hipLimit_t>(-1)) == hipErrorUnsupportedLimit);
  CHECK(hipDeviceGetLimit(&v, hipExtLimitScratchCurrent) == hipErrorUnsupportedLimit);
  CHECK(hipDeviceGetLimit(&v, static_cast<hipLimit_t>(77)) == hipErrorUnsupportedLimit);
  CHECK(hipDeviceSetLimit(hipLimitRange, 1) == hipErrorInvalidValue);
  CHECK(hipDeviceSetLimit(static_cast<hipLimit_t>(0xffff), 1) == hipErrorInvalidValue);
  CHECK(hipDeviceSetLimit(static_cast<hipLimit_t>(-1), 1024) == hipErrorUnsupportedLimit);
  REQUIRE(hipDeviceGetLimit(&v, hipLimitStackSize) == hipSuccess);
  CHECK(v == 1024);
  REQUIRE(hipDeviceSetLimit(hipLimitMallocHeapSize, 64 << 20) == hipSuccess);
  REQUIRE(hipDeviceGetLimit(&v, hipLimitMallocHeapSize) == hipSuccess);
  CHECK(v == (64 << 20));
  installNoBackend();
  CHECK(hipDeviceGetLimit(&v, hipLimitStackSize) == hipErrorNoDevice);
  CHECK(hipDeviceSetLimit(hipLimitStackSize, 1) == hipErrorNoDevice);
  (void)hipGetLastError();
}

TEST_CASE("cache and shared-memory configuration: validated, recorded, reported") {
  installFake(2);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipFuncCache_t c = hipFuncCachePreferEqual;
  CHECK(hipDeviceGetCacheConfig(nullptr) == hipErrorInvalidValue);
  REQUIRE(hipDeviceGetCacheConfig(&c) == hipSuccess);
  CHECK(c == hipFuncCachePreferNone);
  CHECK(hipDeviceSetCacheConfig(static_cast<hipFuncCache_t>(9)) == hipErrorInvalidValue);
  REQUIRE(hipDeviceSetCacheConfig(hipFuncCachePreferL1) == hipSuccess);
  REQUIRE(hipDeviceGetCacheConfig(&c) == hipSuccess);
  CHECK(c == hipFuncCachePreferL1);
  REQUIRE(hipSetDevice(1) == hipSuccess);  // per device
  REQUIRE(hipDeviceGetCacheConfig(&c) == hipSuccess);
  CHECK(c == hipFuncCachePreferNone);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipDeviceSetCacheConfig(hipFuncCachePreferNone) == hipSuccess);
  hipSharedMemConfig m = hipSharedMemBankSizeDefault;
  CHECK(hipDeviceGetSharedMemConfig(nullptr) == hipErrorInvalidValue);
  REQUIRE(hipDeviceGetSharedMemConfig(&m) == hipSuccess);
  CHECK(m == hipSharedMemBankSizeFourByte);
  CHECK(hipDeviceSetSharedMemConfig(static_cast<hipSharedMemConfig>(3)) == hipErrorInvalidValue);
  CHECK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipSetValidDevices checks the list, then makes its first device current (as on AMD)") {
  installFake(2);
  int list[] = {1, 0};
  int bad[] = {0, 5};
  int negative[] = {-1};
  int tooLong[] = {0, 1, 0};
  CHECK(hipSetValidDevices(nullptr, 0) == hipSuccess);  // empty: the default order stays
  CHECK(hipSetValidDevices(nullptr, 1) == hipErrorInvalidValue);
  CHECK(hipSetValidDevices(list, -1) == hipErrorInvalidValue);
  CHECK(hipSetValidDevices(tooLong, 3) == hipErrorInvalidValue);  // longer than the device count
  CHECK(hipSetValidDevices(bad, 2) == hipErrorInvalidDevice);
  CHECK(hipSetValidDevices(negative, 1) == hipErrorInvalidDevice);
  int current = -1;
  REQUIRE(hipGetDevice(&current) == hipSuccess);
  CHECK(current == 0);
  CHECK(hipSetValidDevices(list, 2) == hipSuccess);
  REQUIRE(hipGetDevice(&current) == hipSuccess);
  CHECK(current == 1);
  // A thread that chose its device with hipSetDevice keeps it.
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipSetValidDevices(list, 2) == hipSuccess);
  REQUIRE(hipGetDevice(&current) == hipSuccess);
  CHECK(current == 0);
  installNoBackend();
  CHECK(hipSetValidDevices(list, 1) == hipErrorNoDevice);
  CHECK(hipSetValidDevices(nullptr, 0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipDrvGetErrorName / hipDrvGetErrorString") {
  const char* s = nullptr;
  CHECK(hipDrvGetErrorName(hipErrorInvalidValue, nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvGetErrorString(hipErrorInvalidValue, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipDrvGetErrorName(hipErrorOutOfMemory, &s) == hipSuccess);
  CHECK(std::strcmp(s, "hipErrorOutOfMemory") == 0);
  REQUIRE(hipDrvGetErrorString(hipErrorOutOfMemory, &s) == hipSuccess);
  CHECK(std::strcmp(s, hipGetErrorString(hipErrorOutOfMemory)) == 0);
  REQUIRE(hipDrvGetErrorName(hipSuccess, &s) == hipSuccess);
  CHECK(std::strcmp(s, "hipSuccess") == 0);
  CHECK(hipDrvGetErrorName(static_cast<hipError_t>(12345), &s) == hipErrorInvalidValue);
  CHECK(hipDrvGetErrorString(static_cast<hipError_t>(12345), &s) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hipProfilerStart / hipProfilerStop reach the current device's backend") {
  auto* fake = installFake(2);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipProfilerStart() == hipSuccess);
  CHECK(fake->profilerDevice == 1);
  CHECK(fake->profilerState == 1);
  CHECK(hipProfilerStop() == hipSuccess);
  CHECK(fake->profilerState == 0);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  installNoBackend();
  CHECK(hipProfilerStart() == hipErrorNoDevice);
  CHECK(hipProfilerStop() == hipErrorNoDevice);
  CHECK(hipGetLastError() == hipErrorNoDevice);
}

TEST_CASE("every error code HIP 6 defines has a name of its own") {
  const hipError_t codes[] = {hipErrorIllegalState, hipErrorInvalidChannelDescriptor,
                              hipErrorInvalidTexture, hipErrorTbd, hipErrorRuntimeOther,
                              hipErrorGraphExecUpdateFailure, hipErrorCooperativeLaunchTooLarge};
  for (hipError_t c : codes) CHECK(std::strcmp(hipGetErrorName(c), "hipErrorUnknown") != 0);
  CHECK(hipDeviceAttributePciDomainID == hipDeviceAttributePciDomainId);
}
