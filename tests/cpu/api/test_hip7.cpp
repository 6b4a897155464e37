// The HIP 7 additions of family 1 (hip7.h) against the fake backend: HIP's error codes for bad
// input, values reaching the backend, and the not-yet-implemented rows answering
// hipErrorNotSupported.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "api_cases.h"
#include "build_files.h"
#include "fake_memory_pools.h"
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
  void* managed = nullptr;
  size_t bytes = 0;
  hipExecutionCtx_t ctx = nullptr;
  CHECK(hipLibraryGetManaged(&managed, &bytes, nullptr, "m") == hipErrorNotSupported);
  CHECK(hipDeviceGetExecutionCtx(&ctx, 0) == hipErrorNotSupported);
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
  // A second unload: AMD's hipErrorNotFound (hip-tests' hipModuleUnload.cc); null: invalid handle.
  CHECK(hipModuleUnload(m) == hipErrorNotFound);
  CHECK(hipModuleUnload(nullptr) == hipErrorInvalidResourceHandle);
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

TEST_CASE("hipMemcpyBatchAsync: AMD's codes for bad arrays, attribute ranges as CUDA's", "[hip7]") {
  installFake();
  constexpr size_t kCount = 3, kBytes = 64;
  void* src[kCount];
  void* dst[kCount];
  size_t sizes[kCount];
  for (size_t i = 0; i < kCount; ++i) {
    REQUIRE(hipMalloc(&src[i], kBytes) == hipSuccess);
    REQUIRE(hipMalloc(&dst[i], kBytes) == hipSuccess);
    std::memset(src[i], static_cast<int>(0x10 + i), kBytes);
    std::memset(dst[i], 0, kBytes);
    sizes[i] = kBytes;
  }
  size_t failIdx = 0;
  CHECK(hipMemcpyBatchAsync(nullptr, src, sizes, kCount, nullptr, nullptr, 0, &failIdx,
                            nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, nullptr, sizes, kCount, nullptr, nullptr, 0, &failIdx,
                            nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, src, nullptr, kCount, nullptr, nullptr, 0, &failIdx,
                            nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, 0, nullptr, nullptr, 0, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  CHECK(failIdx == SIZE_MAX);

  hipMemcpyAttributes attrs[2] = {};
  attrs[0].srcAccessOrder = hipMemcpySrcAccessOrderStream;
  attrs[1].srcAccessOrder = hipMemcpySrcAccessOrderAny;
  size_t idxs[2] = {0, 2};
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, nullptr, idxs, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, nullptr, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, 1, attrs, idxs, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);  // more attributes than copies
  size_t notFirst[2] = {1, 2}, notIncreasing[2] = {0, 0}, past[2] = {0, 3};
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, notFirst, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, notIncreasing, 2, &failIdx,
                            nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, past, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  attrs[1].srcAccessOrder = hipMemcpySrcAccessOrderInvalid;
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, idxs, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  attrs[1].srcAccessOrder = hipMemcpySrcAccessOrderAny;
  attrs[1].flags = 0x4;
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, idxs, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  attrs[1].flags = hipMemcpyFlagPreferOverlapWithCompute;
  void* withNull[kCount] = {dst[0], nullptr, dst[2]};
  CHECK(hipMemcpyBatchAsync(withNull, src, sizes, kCount, attrs, idxs, 2, &failIdx, nullptr) ==
        hipErrorInvalidValue);
  CHECK(failIdx == 1);
  // Nothing queued by the refused calls.
  for (size_t i = 0; i < kCount; ++i) CHECK(static_cast<unsigned char*>(dst[i])[0] == 0);

  // Valid: copy by copy on a backend without a batch copy.
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, attrs, idxs, 2, &failIdx, nullptr) ==
        hipSuccess);
  CHECK(failIdx == SIZE_MAX);
  CHECK(hipMemcpyBatchAsync(dst, src, sizes, kCount, nullptr, nullptr, 0, nullptr, nullptr) ==
        hipSuccess);  // no attributes: in stream order (AMD)
  CHECK(hipDeviceSynchronize() == hipSuccess);
  for (size_t i = 0; i < kCount; ++i)
    CHECK(std::memcmp(dst[i], src[i], kBytes) == 0);
  for (size_t i = 0; i < kCount; ++i) {
    CHECK(hipFree(src[i]) == hipSuccess);
    CHECK(hipFree(dst[i]) == hipSuccess);
  }
}

TEST_CASE("hipMemcpyBatchAsync: the backend's batch copy gets translated attributes", "[hip7]") {
  auto* fake = installFake(2);
  fake->caps.batchCopies = true;
  char a[16] = "batched", b[16] = {};
  void* dsts[1] = {b};
  void* srcs[1] = {a};
  size_t sizes[1] = {8};
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  CHECK(hipMemcpyBatchAsync(dsts, srcs, sizes, 1, nullptr, nullptr, 0, nullptr, s) == hipSuccess);
  CHECK(fake->batchCalls == 1);
  REQUIRE(fake->batchAttrs.size() == 1);
  CHECK(fake->batchAttrs[0].srcAccessOrder == hipMemcpySrcAccessOrderStream);
  CHECK(std::strcmp(b, "batched") == 0);

  hipMemcpyAttributes attr = {};
  attr.srcAccessOrder = hipMemcpySrcAccessOrderDuringApiCall;
  attr.dstLocHint = {hipMemLocationTypeDevice, 1};
  attr.srcLocHint = {hipMemLocationTypeDevice, 9};  // no such device: no hint
  size_t idx = 0;
  CHECK(hipMemcpyBatchAsync(dsts, srcs, sizes, 1, &attr, &idx, 1, nullptr, s) == hipSuccess);
  REQUIRE(fake->batchAttrs.size() == 1);
  CHECK(fake->batchAttrs[0].srcAccessOrder == hipMemcpySrcAccessOrderDuringApiCall);
  CHECK(fake->batchAttrs[0].dstLocType == hipMemLocationTypeDevice);
  CHECK(fake->batchAttrs[0].dstLocId == 1);
  CHECK(fake->batchAttrs[0].srcLocType == hipMemLocationTypeInvalid);
  // The legacy default stream is not the driver's: copy by copy.
  CHECK(hipMemcpyBatchAsync(dsts, srcs, sizes, 1, &attr, &idx, 1, nullptr, nullptr) ==
        hipSuccess);
  CHECK(fake->batchCalls == 2);
  CHECK(hipStreamDestroy(s) == hipSuccess);
}

TEST_CASE("hipMemcpy3DBatchAsync: operations checked, copied as hipMemcpy3D", "[hip7]") {
  installFake();
  constexpr size_t kW = 4, kH = 2, kD = 2, kRow = 8;  // source rows of 8 bytes, 4 copied
  std::vector<unsigned char> src(kRow * kH * kD), dst(kW * kH * kD, 0);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i);
  hipMemcpy3DBatchOp op = {};
  op.src.type = hipMemcpyOperandTypePointer;
  op.src.op.ptr.ptr = src.data();
  op.src.op.ptr.rowLength = kRow;
  op.dst.type = hipMemcpyOperandTypePointer;
  op.dst.op.ptr.ptr = dst.data();  // rowLength, layerHeight 0: packed
  op.extent = make_hipExtent(kW, kH, kD);
  op.srcAccessOrder = hipMemcpySrcAccessOrderStream;
  size_t failIdx = 0;
  CHECK(hipMemcpy3DBatchAsync(0, &op, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpy3DBatchAsync(1, nullptr, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpy3DBatchAsync(1, &op, &failIdx, 1, nullptr) == hipErrorInvalidValue);
  CHECK(failIdx == SIZE_MAX);
  hipMemcpy3DBatchOp ops[2] = {op, op};
  ops[1].srcAccessOrder = hipMemcpySrcAccessOrderInvalid;
  CHECK(hipMemcpy3DBatchAsync(2, ops, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  CHECK(failIdx == 1);
  ops[1] = op;
  ops[1].extent.depth = 0;
  CHECK(hipMemcpy3DBatchAsync(2, ops, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  ops[1] = op;
  ops[1].src.op.ptr.rowLength = kW - 1;  // shorter than a row of the copy
  CHECK(hipMemcpy3DBatchAsync(2, ops, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  ops[1] = op;
  ops[1].dst.type = static_cast<hipMemcpy3DOperandType>(7);
  CHECK(hipMemcpy3DBatchAsync(2, ops, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  ops[1] = op;
  ops[1].dst.op.ptr.ptr = nullptr;
  CHECK(hipMemcpy3DBatchAsync(2, ops, &failIdx, 0, nullptr) == hipErrorInvalidValue);
  CHECK(failIdx == 1);

  CHECK(hipMemcpy3DBatchAsync(1, &op, &failIdx, 0, nullptr) == hipSuccess);
  CHECK(failIdx == SIZE_MAX);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  for (size_t z = 0; z < kD; ++z)
    for (size_t y = 0; y < kH; ++y)
      for (size_t x = 0; x < kW; ++x)
        CHECK(dst[(z * kH + y) * kW + x] == src[(z * kH + y) * kRow + x]);
}

TEST_CASE("hipMemcpy3DPeer(Async): devices checked, then hipMemcpy3D's copy", "[hip7]") {
  installFake(2);
  constexpr size_t kW = 16, kH = 4;
  void* a = nullptr;
  void* b = nullptr;
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipMalloc(&a, kW * kH) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipMalloc(&b, kW * kH) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  std::memset(a, 0x5a, kW * kH);
  std::memset(b, 0, kW * kH);
  hipMemcpy3DPeerParms p = {};
  p.srcPtr = make_hipPitchedPtr(a, kW, kW, kH);
  p.srcDevice = 0;
  p.dstPtr = make_hipPitchedPtr(b, kW, kW, kH);
  p.dstDevice = 1;
  p.extent = make_hipExtent(kW, kH, 1);
  CHECK(hipMemcpy3DPeer(nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpy3DPeerAsync(nullptr, nullptr) == hipErrorInvalidValue);
  p.dstDevice = 7;
  CHECK(hipMemcpy3DPeer(&p) == hipErrorInvalidDevice);
  p.dstDevice = 1;
  p.srcDevice = -1;
  CHECK(hipMemcpy3DPeerAsync(&p, nullptr) == hipErrorInvalidDevice);
  p.srcDevice = 0;
  p.srcPtr.pitch = kW - 1;  // as hipMemcpy3D: narrower than a row
  CHECK(hipMemcpy3DPeer(&p) == hipErrorInvalidPitchValue);
  p.srcPtr.pitch = kW;
  CHECK(static_cast<unsigned char*>(b)[0] == 0);
  CHECK(hipMemcpy3DPeer(&p) == hipSuccess);
  CHECK(std::memcmp(a, b, kW * kH) == 0);
  std::memset(b, 0, kW * kH);
  CHECK(hipMemcpy3DPeerAsync(&p, nullptr) == hipSuccess);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  CHECK(std::memcmp(a, b, kW * kH) == 0);
  CHECK(hipFree(a) == hipSuccess);
  CHECK(hipFree(b) == hipSuccess);
}

TEST_CASE("hipMemPrefetchBatchAsync / discard variants: ranges, locations, managed memory",
          "[hip7]") {
  auto* fake = installFake(2);
  void* m[3] = {};
  for (auto& p : m) REQUIRE(hipMallocManaged(&p, 256) == hipSuccess);
  void* plain = nullptr;
  REQUIRE(hipMalloc(&plain, 256) == hipSuccess);
  size_t sizes[3] = {256, 128, 64};
  hipMemLocation locs[2] = {{hipMemLocationTypeDevice, 1}, {hipMemLocationTypeHost, 0}};
  size_t idxs[2] = {0, 2};
  CHECK(hipMemPrefetchBatchAsync(nullptr, sizes, 3, locs, idxs, 2, 0, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemPrefetchBatchAsync(m, nullptr, 3, locs, idxs, 2, 0, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 0, locs, idxs, 2, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 3, locs, idxs, 2, 1, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 3, nullptr, idxs, 2, 0, nullptr) ==
        hipErrorInvalidValue);
  size_t bad[2] = {0, 3};
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 3, locs, bad, 2, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 3, locs, idxs, 0, 0, nullptr) == hipErrorInvalidValue);
  CHECK(fake->prefetches == 0);
  const int before = fake->prefetches;
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 3, locs, idxs, 2, 0, nullptr) == hipSuccess);
  CHECK(fake->prefetches == before + 3);
  CHECK(fake->lastPrefetchTarget == hipCpuDeviceId);  // m[2] takes locs[1]
  CHECK(hipMemPrefetchBatchAsync(m, sizes, 2, locs, idxs, 1, 0, nullptr) == hipSuccess);
  CHECK(fake->lastPrefetchTarget == 1);

  CHECK(hipMemDiscardBatchAsync(m, sizes, 3, 1, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemDiscardBatchAsync(m, sizes, 0, 0, nullptr) == hipErrorInvalidValue);
  void* withPlain[2] = {m[0], plain};
  CHECK(hipMemDiscardBatchAsync(withPlain, sizes, 2, 0, nullptr) == hipErrorInvalidValue);
  size_t tooLong[1] = {512};
  CHECK(hipDrvMemDiscardBatchAsync(m, tooLong, 1, 0, nullptr) == hipErrorInvalidValue);
  CHECK(fake->discarded == 0);
  CHECK(hipMemDiscardBatchAsync(m, sizes, 3, 0, nullptr) == hipSuccess);
  CHECK(hipDrvMemDiscardBatchAsync(m, sizes, 2, 0, nullptr) == hipSuccess);
  CHECK(fake->discarded == 5);
  CHECK(hipMemDiscardAndPrefetchBatchAsync(m, sizes, 3, locs, bad, 2, 0, nullptr) ==
        hipErrorInvalidValue);
  CHECK(fake->discarded == 5);
  CHECK(hipMemDiscardAndPrefetchBatchAsync(m, sizes, 3, locs, idxs, 2, 0, nullptr) == hipSuccess);
  CHECK(fake->discarded == 8);
  CHECK(fake->lastPrefetchTarget == hipCpuDeviceId);
  CHECK(hipDrvMemDiscardAndPrefetchBatchAsync(m, sizes, 1, locs, idxs, 1, 0, nullptr) ==
        hipSuccess);
  CHECK(fake->lastPrefetchTarget == 1);
  for (auto& p : m) CHECK(hipFree(p) == hipSuccess);
  CHECK(hipFree(plain) == hipSuccess);
}

TEST_CASE("hipMemGetDefaultMemPool / hipMemGet/SetMemPool: a device location, pinned memory",
          "[hip7]") {
  auto* fake = installFake(2);
  FakeMemoryPoolOps ops;
  fake->pools = &ops;
  hipMemPool_t pool = nullptr, def1 = nullptr, other = nullptr;
  hipMemLocation dev1{hipMemLocationTypeDevice, 1};
  hipMemLocation host{hipMemLocationTypeHost, 0};
  hipMemLocation none{hipMemLocationTypeNone, 0};
  hipMemLocation bad{hipMemLocationTypeDevice, 5};
  hipMemLocation numa{hipMemLocationTypeHostNuma, 0};
  const auto pinned = hipMemAllocationTypePinned;
  CHECK(hipMemGetDefaultMemPool(nullptr, &dev1, pinned) == hipErrorInvalidValue);
  CHECK(hipMemGetDefaultMemPool(&pool, nullptr, pinned) == hipErrorInvalidValue);
  CHECK(hipMemGetDefaultMemPool(&pool, &host, pinned) == hipErrorInvalidValue);
  CHECK(hipMemGetDefaultMemPool(&pool, &none, pinned) == hipErrorInvalidValue);
  CHECK(hipMemGetDefaultMemPool(&pool, &bad, pinned) == hipErrorInvalidValue);
  CHECK(hipMemGetDefaultMemPool(&pool, &dev1, hipMemAllocationTypeInvalid) ==
        hipErrorInvalidValue);
  CHECK(hipMemGetDefaultMemPool(&pool, &dev1, hipMemAllocationTypeManaged) ==
        hipErrorNotSupported);
  CHECK(hipMemGetDefaultMemPool(&pool, &numa, pinned) == hipErrorNotSupported);
  CHECK(pool == nullptr);
  REQUIRE(hipMemGetDefaultMemPool(&pool, &dev1, pinned) == hipSuccess);
  REQUIRE(hipDeviceGetDefaultMemPool(&def1, 1) == hipSuccess);
  CHECK(pool == def1);

  hipMemPoolProps props = {};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 1};
  REQUIRE(hipMemPoolCreate(&other, &props) == hipSuccess);
  CHECK(hipMemSetMemPool(&dev1, pinned, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemSetMemPool(&host, pinned, other) == hipErrorInvalidValue);
  hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  CHECK(hipMemSetMemPool(&dev0, pinned, other) == hipErrorInvalidDevice);  // device 1's pool
  CHECK(hipMemGetMemPool(&pool, &host, pinned) == hipErrorInvalidValue);
  REQUIRE(hipMemSetMemPool(&dev1, pinned, other) == hipSuccess);
  REQUIRE(hipMemGetMemPool(&pool, &dev1, pinned) == hipSuccess);
  CHECK(pool == other);
  hipMemPool_t viaDevice = nullptr;
  REQUIRE(hipDeviceGetMemPool(&viaDevice, 1) == hipSuccess);
  CHECK(viaDevice == other);
  REQUIRE(hipMemSetMemPool(&dev1, pinned, def1) == hipSuccess);
  CHECK(hipMemPoolDestroy(other) == hipSuccess);
  installNoBackend();
}
