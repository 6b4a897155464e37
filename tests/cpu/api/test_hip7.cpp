// The HIP 7 additions of family 1 (hip7.h) against the fake backend: HIP's error codes for bad
// input, values reaching the backend, and the not-yet-implemented rows answering
// hipErrorNotSupported.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "api_cases.h"
#include "build_files.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("hipMemPrefetchAsync_v2 / hipMemAdvise_v2: a hipMemLocation as the target", "[hip7]") {
  auto* fake = installFake(2);
  void* p = nullptr;
  REQUIRE(hipMallocManaged(&p, 256) == hipSuccess);
  const hipMemLocation dev1{hipMemLocationTypeDevice, 1};
  const hipMemLocation host{hipMemLocationTypeHost, 0};
  const hipMemLocation numa{hipMemLocationTypeHostNuma, 0};
  const hipMemLocation invalid{hipMemLocationTypeInvalid, 0};
  CHECK(hipMemPrefetchAsync_v2(p, 256, dev1, 1, nullptr) == hipErrorInvalidValue);  // flags
  CHECK(hipMemPrefetchAsync_v2(nullptr, 256, dev1, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync_v2(p, 256, invalid, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync_v2(p, 256, {hipMemLocationTypeDevice, 7}, 0, nullptr) ==
        hipErrorInvalidDevice);
  CHECK(hipMemPrefetchAsync_v2(p, 256, numa, 0, nullptr) == hipErrorNotSupported);
  CHECK(hipMemPrefetchAsync_v2(p, 256, dev1, 0, nullptr) == hipSuccess);
  CHECK(fake->lastPrefetchTarget == 1);
  CHECK(hipMemPrefetchAsync_v2(p, 256, host, 0, nullptr) == hipSuccess);
  CHECK(fake->lastPrefetchTarget == hipCpuDeviceId);

  CHECK(hipMemAdvise_v2(p, 0, hipMemAdviseSetReadMostly, dev1) == hipErrorInvalidValue);
  CHECK(hipMemAdvise_v2(p, 16, hipMemAdviseSetAccessedBy, invalid) == hipErrorInvalidValue);
  CHECK(hipMemAdvise_v2(p, 16, hipMemAdviseSetAccessedBy, numa) == hipErrorNotSupported);
  CHECK(hipMemAdvise_v2(p, 16, hipMemAdviseSetPreferredLocation, dev1) == hipSuccess);
  CHECK(fake->lastAdviceTarget == 1);
  CHECK(hipMemAdvise_v2(p, 16, hipMemAdviseSetAccessedBy, host) == hipSuccess);
  CHECK(fake->lastAdviceTarget == hipCpuDeviceId);
  CHECK(hipFree(p) == hipSuccess);
}

TEST_CASE("hipEventRecordWithFlags: default and external record; other flags are invalid", "[hip7]") {
  installFake();
  hipEvent_t e = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  CHECK(hipEventRecordWithFlags(e, nullptr, 2) == hipErrorInvalidValue);
  CHECK(hipEventRecordWithFlags(nullptr, nullptr, hipEventRecordDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipEventRecordWithFlags(e, nullptr, hipEventRecordDefault) == hipSuccess);
  CHECK(hipEventRecordWithFlags(e, nullptr, hipEventRecordExternal) == hipSuccess);
  CHECK(hipEventQuery(e) == hipSuccess);
  CHECK(hipEventDestroy(e) == hipSuccess);
}

TEST_CASE("hipMemsetD2D8/16/32: rows of elements, pitch respected, bad input as AMD", "[hip7]") {
  installFake();
  constexpr size_t kPitch = 64, kRows = 3;
  void* d = nullptr;
  REQUIRE(hipMalloc(&d, kPitch * kRows) == hipSuccess);
  REQUIRE(hipMemset(d, 0, kPitch * kRows) == hipSuccess);
  CHECK(hipMemsetD2D16(nullptr, kPitch, 1, 4, 2) == hipErrorInvalidValue);
  CHECK(hipMemsetD2D16(d, 4, 1, 4, 2) == hipErrorInvalidValue);  // pitch < row
  CHECK(hipMemsetD2D16(static_cast<char*>(d) + 1, kPitch, 1, 4, 2) == hipErrorInvalidValue);
  CHECK(hipMemsetD2D32(d, 62, 1, 4, 2) == hipErrorInvalidValue);  // pitch not 4-aligned
  CHECK(hipMemsetD2D32(d, kPitch, 1, 16, 4) == hipErrorInvalidValue);  // past the allocation
  CHECK(hipMemsetD2D8(d, kPitch, 1, 0, 2) == hipSuccess);  // empty
  CHECK(hipMemsetD2D8Async(d, kPitch, 1, 4, 2, destroyedStream()) == hipErrorContextIsDestroyed);

  REQUIRE(hipMemsetD2D32(d, kPitch, 0xA1B2C3D4u, 2, kRows) == hipSuccess);
  REQUIRE(hipMemsetD2D16Async(static_cast<char*>(d) + 8, kPitch, 0x5566, 2, kRows, nullptr) ==
          hipSuccess);
  REQUIRE(hipMemsetD2D8(static_cast<char*>(d) + 12, kPitch, 0x77, 3, 2) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  std::vector<uint8_t> host(kPitch * kRows);
  REQUIRE(hipMemcpy(host.data(), d, host.size(), hipMemcpyDeviceToHost) == hipSuccess);
  for (size_t r = 0; r < kRows; ++r) {
    const uint8_t* row = host.data() + r * kPitch;
    uint32_t w0, w1;
    uint16_t h0, h1;
    std::memcpy(&w0, row, 4);
    std::memcpy(&w1, row + 4, 4);
    std::memcpy(&h0, row + 8, 2);
    std::memcpy(&h1, row + 10, 2);
    CHECK(w0 == 0xA1B2C3D4u);
    CHECK(w1 == 0xA1B2C3D4u);
    CHECK(h0 == 0x5566);
    CHECK(h1 == 0x5566);
    CHECK(row[12] == (r < 2 ? 0x77 : 0));
    CHECK(row[14] == (r < 2 ? 0x77 : 0));
    CHECK(row[15] == 0);  // past the row's width
  }
  CHECK(hipFree(d) == hipSuccess);
}

TEST_CASE("hipStreamGetId / Get/Set/CopyAttributes: ids unique, one attribute, AMD's codes", "[hip7]") {
  installFake();
  hipStream_t a = nullptr, b = nullptr;
  REQUIRE(hipStreamCreate(&a) == hipSuccess);
  REQUIRE(hipStreamCreate(&b) == hipSuccess);
  unsigned long long ia = 0, ib = 0, inull = 9, ipt = 0;
  CHECK(hipStreamGetId(a, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetId(destroyedStream(), &ia) == hipErrorInvalidResourceHandle);
  CHECK(hipStreamGetId(a, &ia) == hipSuccess);
  CHECK(hipStreamGetId(b, &ib) == hipSuccess);
  CHECK(hipStreamGetId(nullptr, &inull) == hipSuccess);
  CHECK(hipStreamGetId(hipStreamPerThread, &ipt) == hipSuccess);
  CHECK(ia != ib);
  CHECK(inull == 0);
  CHECK(ipt != 0);
  CHECK(ipt != ia);

  hipStreamAttrValue v{};
  CHECK(hipStreamGetAttribute(a, hipStreamAttributeSynchronizationPolicy, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipStreamGetAttribute(destroyedStream(), hipStreamAttributeSynchronizationPolicy, &v) ==
        hipErrorInvalidResourceHandle);
  CHECK(hipStreamGetAttribute(a, hipStreamAttributePriority, &v) == hipErrorInvalidValue);
  CHECK(hipStreamGetAttribute(a, hipStreamAttributeSynchronizationPolicy, &v) == hipSuccess);
  CHECK(v.syncPolicy == hipSyncPolicyAuto);
  v.syncPolicy = static_cast<hipSynchronizationPolicy>(9);
  CHECK(hipStreamSetAttribute(a, hipStreamAttributeSynchronizationPolicy, &v) ==
        hipErrorInvalidValue);
  CHECK(hipStreamSetAttribute(a, hipStreamAttributeSynchronizationPolicy, nullptr) ==
        hipErrorInvalidValue);
  v.syncPolicy = hipSyncPolicyBlockingSync;
  CHECK(hipStreamSetAttribute(a, hipStreamAttributeSynchronizationPolicy, &v) == hipSuccess);
  v = {};
  CHECK(hipStreamGetAttribute(a, hipStreamAttributeSynchronizationPolicy, &v) == hipSuccess);
  CHECK(v.syncPolicy == hipSyncPolicyBlockingSync);
  CHECK(hipStreamCopyAttributes(b, destroyedStream()) == hipErrorInvalidResourceHandle);
  CHECK(hipStreamCopyAttributes(b, a) == hipSuccess);
  v = {};
  CHECK(hipStreamGetAttribute(b, hipStreamAttributeSynchronizationPolicy, &v) == hipSuccess);
  CHECK(v.syncPolicy == hipSyncPolicyBlockingSync);
  CHECK(hipStreamDestroy(a) == hipSuccess);
  CHECK(hipStreamDestroy(b) == hipSuccess);
}

// The positive lookups need the shared library's dynamic symbols (tests/gpu/test_hip7.cpp): this
// executable links the runtime statically.
TEST_CASE("hipGetDriverEntryPoint(_spt), hipGetProcAddress_spt: bad input", "[hip7]") {
  installFake();
  void* fn = nullptr;
  hipDriverEntryPointQueryResult st = hipDriverEntryPointSuccess;
  CHECK(hipGetDriverEntryPoint(nullptr, &fn, hipEnableDefault, &st) == hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint("hipMalloc", nullptr, hipEnableDefault, &st) ==
        hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint("hipMalloc", &fn, 7, &st) == hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint_spt("hipMalloc", &fn, 7, &st) == hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint("cuMemAlloc", &fn, hipEnableDefault, &st) == hipErrorInvalidValue);
  CHECK(st == hipDriverEntryPointSymbolNotFound);
  hipDriverProcAddressQueryResult ps = HIP_GET_PROC_ADDRESS_SUCCESS;
  CHECK(hipGetProcAddress_spt(nullptr, &fn, 700, 0, &ps) == hipErrorInvalidValue);
  CHECK(hipGetProcAddress_spt("hipMalloc", &fn, 700, 0x8, &ps) == hipErrorInvalidValue);
}

TEST_CASE("HIP 7 functions not implemented yet answer hipErrorNotSupported", "[hip7]") {
  installFake();
  hipLinkState_t link = nullptr;
  hipExecutionCtx_t ctx = nullptr;
  CHECK(hipLinkCreate(0, nullptr, nullptr, &link) == hipErrorNotSupported);
  CHECK(hipDeviceGetExecutionCtx(&ctx, 0) == hipErrorNotSupported);
  CHECK(hipMemcpyBatchAsync(nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0, nullptr,
                            nullptr) == hipErrorNotSupported);
  CHECK(hipGetLastError() == hipErrorNotSupported);
  __hipOnError(nullptr);  // exported and callable: a no-op
}

TEST_CASE("hipInitDevice: flags applied without changing the current device", "[hip7]") {
  installFake(2);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipInitDevice(-1, 0, 0) == hipErrorInvalidDevice);
  CHECK(hipInitDevice(2, 0, 0) == hipErrorInvalidDevice);
  CHECK(hipInitDevice(0, 0, 0x2) == hipErrorInvalidValue);
  CHECK(hipInitDevice(0, 0, 0xFF) == hipErrorInvalidValue);
  CHECK(hipInitDevice(1, hipDeviceScheduleSpin | hipDeviceScheduleYield,
                      hipInitDeviceFlagsAreValid) == hipErrorInvalidValue);
  CHECK(hipInitDevice(1, 0x100000u, hipInitDeviceFlagsAreValid) == hipErrorInvalidValue);
  CHECK(hipInitDevice(1, 0x100000u, 0) == hipSuccess);  // deviceFlags ignored without the flag
  CHECK(hipInitDevice(1, hipDeviceScheduleBlockingSync, hipInitDeviceFlagsAreValid) ==
        hipSuccess);
  int current = -1;
  CHECK(hipGetDevice(&current) == hipSuccess);
  CHECK(current == 0);
  unsigned int flags = 0;
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipGetDeviceFlags(&flags) == hipSuccess);
  CHECK((flags & hipDeviceScheduleMask) == hipDeviceScheduleBlockingSync);
}

TEST_CASE("hipDeviceGetLuid: checked, then not supported on Linux (outputs untouched)", "[hip7]") {
  installFake();
  char luid[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned int mask = 77;
  CHECK(hipDeviceGetLuid(nullptr, &mask, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetLuid(luid, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetLuid(luid, &mask, 5) == hipErrorInvalidDevice);
  CHECK(hipDeviceGetLuid(luid, &mask, 0) == hipErrorNotSupported);
  CHECK(luid[0] == 1);
  CHECK(mask == 77);
}

TEST_CASE("hipModuleGetFunctionCount, hipModuleLoadFatBinary: the backend's kernel list", "[hip7]") {
  auto* fake = installFake(1, "gfx90a");
  const std::vector<uint8_t> image = readBuildFile(UNIHIP_TEST_FATBIN);
  REQUIRE(!image.empty());
  hipModule_t m = nullptr;
  CHECK(hipModuleLoadFatBinary(nullptr, image.data()) == hipErrorInvalidValue);
  CHECK(hipModuleLoadFatBinary(&m, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipModuleLoadFatBinary(&m, image.data()) == hipSuccess);
  unsigned int count = 0;
  CHECK(hipModuleGetFunctionCount(nullptr, m) == hipErrorInvalidValue);
  CHECK(hipModuleGetFunctionCount(&count, nullptr) == hipErrorInvalidResourceHandle);
  CHECK(hipModuleGetFunctionCount(&count, m) == hipSuccess);
  CHECK(count == 3);
  fake->moduleKernels = {"only"};
  CHECK(hipModuleGetFunctionCount(&count, m) == hipSuccess);
  CHECK(count == 1);
  REQUIRE(hipModuleUnload(m) == hipSuccess);
  CHECK(hipModuleGetFunctionCount(&count, m) == hipErrorInvalidResourceHandle);
}

TEST_CASE("hipLibrary* / hipKernel*: a library is a module, a kernel its function", "[hip7]") {
  auto* fake = installFake(1, "gfx90a");
  const std::vector<uint8_t> image = readBuildFile(UNIHIP_TEST_FATBIN);
  REQUIRE(!image.empty());
  hipLibrary_t lib = nullptr;
  hipJitOption jit = hipJitOptionMaxRegisters;
  hipLibraryOption bad = static_cast<hipLibraryOption>(7);
  hipLibraryOption good = hipLibraryBinaryIsPreserved;
  void* value = nullptr;
  CHECK(hipLibraryLoadData(nullptr, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0) ==
        hipErrorInvalidValue);
  CHECK(hipLibraryLoadData(&lib, nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0) ==
        hipErrorInvalidValue);
  CHECK(hipLibraryLoadData(&lib, image.data(), nullptr, nullptr, 1, nullptr, nullptr, 0) ==
        hipErrorInvalidValue);
  CHECK(hipLibraryLoadData(&lib, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 1) ==
        hipErrorInvalidValue);
  CHECK(hipLibraryLoadData(&lib, image.data(), nullptr, nullptr, 0, &bad, &value, 1) ==
        hipErrorInvalidValue);
  CHECK(hipLibraryLoadFromFile(&lib, nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0) ==
        hipErrorInvalidValue);
  CHECK(hipLibraryLoadFromFile(&lib, "/nonexistent/x.hipfb", nullptr, nullptr, 0, nullptr,
                               nullptr, 0) == hipErrorFileNotFound);
  REQUIRE(hipLibraryLoadData(&lib, image.data(), &jit, &value, 1, &good, &value, 1) ==
          hipSuccess);
  hipLibrary_t fromFile = nullptr;
  REQUIRE(hipLibraryLoadFromFile(&fromFile, buildFilePath(UNIHIP_TEST_FATBIN).c_str(), nullptr,
                                 nullptr, 0, nullptr, nullptr, 0) == hipSuccess);
  CHECK(hipLibraryUnload(fromFile) == hipSuccess);
  CHECK(hipLibraryUnload(fromFile) == hipErrorInvalidResourceHandle);

  unsigned int count = 0;
  CHECK(hipLibraryGetKernelCount(nullptr, lib) == hipErrorInvalidValue);
  CHECK(hipLibraryGetKernelCount(&count, nullptr) == hipErrorInvalidResourceHandle);
  CHECK(hipLibraryGetKernelCount(&count, lib) == hipSuccess);
  CHECK(count == 3);

  hipKernel_t k = nullptr;
  CHECK(hipLibraryGetKernel(nullptr, lib, "kernelB") == hipErrorInvalidValue);
  CHECK(hipLibraryGetKernel(&k, lib, nullptr) == hipErrorInvalidValue);
  CHECK(hipLibraryGetKernel(&k, nullptr, "kernelB") == hipErrorInvalidResourceHandle);
  CHECK(hipLibraryGetKernel(&k, lib, "missing") == hipErrorNotFound);
  REQUIRE(hipLibraryGetKernel(&k, lib, "kernelB") == hipSuccess);

  hipKernel_t all[4] = {};
  CHECK(hipLibraryEnumerateKernels(nullptr, 4, lib) == hipErrorInvalidValue);
  CHECK(hipLibraryEnumerateKernels(all, 0, lib) == hipErrorInvalidValue);
  CHECK(hipLibraryEnumerateKernels(all, 2, lib) == hipSuccess);  // at most numKernels
  CHECK(all[0] != nullptr);
  CHECK(all[1] == k);  // one handle per name
  CHECK(all[2] == nullptr);
  CHECK(hipLibraryEnumerateKernels(all, 4, lib) == hipSuccess);
  CHECK(all[2] != nullptr);
  CHECK(all[3] == nullptr);

  const char* name = nullptr;
  CHECK(hipKernelGetName(nullptr, k) == hipErrorInvalidValue);
  CHECK(hipKernelGetName(&name, nullptr) == hipErrorInvalidResourceHandle);
  REQUIRE(hipKernelGetName(&name, all[2]) == hipSuccess);
  CHECK(std::strcmp(name, "kernelC") == 0);

  hipLibrary_t owner = nullptr;
  CHECK(hipKernelGetLibrary(nullptr, k) == hipErrorInvalidValue);
  CHECK(hipKernelGetLibrary(&owner, nullptr) == hipErrorInvalidResourceHandle);
  CHECK(hipKernelGetLibrary(&owner, k) == hipSuccess);
  CHECK(owner == lib);

  hipFunction_t f = nullptr;
  CHECK(hipKernelGetFunction(nullptr, k) == hipErrorInvalidValue);
  CHECK(hipKernelGetFunction(&f, k) == hipSuccess);
  CHECK(reinterpret_cast<void*>(f) == reinterpret_cast<void*>(k));

  size_t offset = 0, size = 0;
  CHECK(hipKernelGetParamInfo(k, 0, nullptr, &size) == hipErrorInvalidValue);
  CHECK(hipKernelGetParamInfo(nullptr, 0, &offset, &size) == hipErrorInvalidResourceHandle);
  CHECK(hipKernelGetParamInfo(k, 2, &offset, &size) == hipErrorInvalidValue);  // fake: 2 params
  CHECK(hipKernelGetParamInfo(k, 1, &offset, &size) == hipSuccess);
  CHECK(offset == fake->paramLayout[1].offset);
  CHECK(size == fake->paramLayout[1].size);

  int attr = 0;
  CHECK(hipKernelGetAttribute(nullptr, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k, 0) ==
        hipErrorInvalidValue);
  CHECK(hipKernelGetAttribute(&attr, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k, 3) ==
        hipErrorInvalidDevice);
  CHECK(hipKernelGetAttribute(&attr, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k, 0) ==
        hipSuccess);
  CHECK(attr > 0);

  void* global = nullptr;
  size_t bytes = 0;
  CHECK(hipLibraryGetGlobal(&global, &bytes, lib, nullptr) == hipErrorInvalidValue);
  CHECK(hipLibraryGetGlobal(&global, &bytes, lib, "deviceCounter") == hipSuccess);
  CHECK(global != nullptr);

  REQUIRE(hipLibraryUnload(lib) == hipSuccess);
  CHECK(hipKernelGetName(&name, k) == hipErrorInvalidResourceHandle);  // died with its library
  CHECK(hipLibraryGetKernelCount(&count, lib) == hipErrorInvalidResourceHandle);
}
