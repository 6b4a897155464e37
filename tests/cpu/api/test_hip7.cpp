// The HIP 7 additions of family 1 (hip7.h) against the fake backend: HIP's error codes for bad
// input, values reaching the backend, and the not-yet-implemented rows answering
// hipErrorNotSupported.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "api_cases.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("hipMemPrefetchAsync_v2 / hipMemAdvise_v2: a hipMemLocation as the target") {
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

TEST_CASE("hipEventRecordWithFlags: default and external record; other flags are invalid") {
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

TEST_CASE("hipMemsetD2D8/16/32: rows of elements, pitch respected, bad input as AMD") {
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

TEST_CASE("hipStreamGetId / Get/Set/CopyAttributes: ids unique, one attribute, AMD's codes") {
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

TEST_CASE("hipGetDriverEntryPoint(_spt), hipGetProcAddress_spt: HIP's own entry points") {
  installFake();
  void* fn = nullptr;
  hipDriverEntryPointQueryResult st = hipDriverEntryPointSuccess;
  CHECK(hipGetDriverEntryPoint(nullptr, &fn, hipEnableDefault, &st) == hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint("hipMalloc", nullptr, hipEnableDefault, &st) ==
        hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint("hipMalloc", &fn, 7, &st) == hipErrorInvalidValue);
  CHECK(hipGetDriverEntryPoint("cuMemAlloc", &fn, hipEnableDefault, &st) == hipErrorInvalidValue);
  CHECK(st == hipDriverEntryPointSymbolNotFound);
  CHECK(hipGetDriverEntryPoint("hipMalloc", &fn, hipEnableDefault, &st) == hipSuccess);
  CHECK(st == hipDriverEntryPointSuccess);
  CHECK(fn == reinterpret_cast<void*>(static_cast<hipError_t (*)(void**, size_t)>(&hipMalloc)));
  CHECK(hipGetDriverEntryPoint("hipStreamQuery", &fn, hipEnablePerThreadDefaultStream, &st) ==
        hipSuccess);
  CHECK(fn == reinterpret_cast<void*>(&hipStreamQuery_spt));
  CHECK(hipGetDriverEntryPoint_spt("hipStreamQuery", &fn, hipEnableDefault, nullptr) ==
        hipSuccess);
  CHECK(fn == reinterpret_cast<void*>(&hipStreamQuery_spt));
  hipDriverProcAddressQueryResult ps = HIP_GET_PROC_ADDRESS_SUCCESS;
  CHECK(hipGetProcAddress_spt("hipStreamQuery", &fn, 700, 0, &ps) == hipSuccess);
  CHECK(fn == reinterpret_cast<void*>(&hipStreamQuery_spt));
}

TEST_CASE("HIP 7 functions not implemented yet answer hipErrorNotSupported") {
  installFake();
  unsigned int count = 0;
  hipLibrary_t lib = nullptr;
  hipLinkState_t link = nullptr;
  hipExecutionCtx_t ctx = nullptr;
  CHECK(hipLibraryLoadFromFile(&lib, "x", nullptr, nullptr, 0, nullptr, nullptr, 0) ==
        hipErrorNotSupported);
  CHECK(hipLinkCreate(0, nullptr, nullptr, &link) == hipErrorNotSupported);
  CHECK(hipModuleGetFunctionCount(&count, nullptr) == hipErrorNotSupported);
  CHECK(hipDeviceGetExecutionCtx(&ctx, 0) == hipErrorNotSupported);
  CHECK(hipMemcpyBatchAsync(nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0, nullptr,
                            nullptr) == hipErrorNotSupported);
  CHECK(hipGetLastError() == hipErrorNotSupported);
  __hipOnError(nullptr);  // exported and callable: a no-op
}
