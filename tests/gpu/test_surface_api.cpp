// The functions implemented with the API surface (device basics, limits and configuration,
// stream and event variants, fills, linear copies, host allocation variants, pointer queries,
// legacy and extended launches, function and module extras, contexts, proc addresses) on real
// hardware: each does its work, and its bad inputs get HIP's codes.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <hip/hip_ext.h>

#include "gpu_test_support.h"
#include "kernels.h"

namespace {

std::vector<char> readBesideExecutable(const char* name) {
  const auto dir = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  std::ifstream f(dir / name, std::ios::binary);
  REQUIRE(f.good());
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::string besideExecutable(const char* name) {
  return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / name).string();
}

}  // namespace

TEST_CASE("surface: device basics, identity and configuration") {
  HIP_CHECK(hipInit(0));
  CHECK(hipInit(1) == hipErrorInvalidValue);
  hipDevice_t dev = -1;
  HIP_CHECK(hipDeviceGet(&dev, 0));
  CHECK(dev == 0);
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  CHECK(hipDeviceGet(&dev, count) == hipErrorInvalidDevice);
  const hipDeviceProp_t p = deviceProperties();
  int major = 0, minor = -1;
  HIP_CHECK(hipDeviceComputeCapability(&major, &minor, 0));
  CHECK(major == p.major);
  CHECK(minor == p.minor);
  char name[256];
  HIP_CHECK(hipDeviceGetName(name, sizeof name, 0));
  CHECK(std::strcmp(name, p.name) == 0);
  size_t total = 0;
  HIP_CHECK(hipDeviceTotalMem(&total, 0));
  CHECK(total == p.totalGlobalMem);

  hipDeviceProp_tR0000 old;
  HIP_CHECK(hipGetDevicePropertiesR0000(&old, 0));
  CHECK(std::strcmp(old.name, p.name) == 0);
  CHECK(old.totalGlobalMem == p.totalGlobalMem);
  hipDeviceProp_tR0600 wanted;
  std::memset(&wanted, 0, sizeof wanted);
  wanted.major = p.major;
  int chosen = -1;
  HIP_CHECK(hipChooseDeviceR0600(&chosen, &wanted));
  CHECK(chosen >= 0);
  CHECK(chosen < count);

  // PCI bus id round trip, UUID.
  char bus[32];
  HIP_CHECK(hipDeviceGetPCIBusId(bus, sizeof bus, 0));
  int back = -1;
  HIP_CHECK(hipDeviceGetByPCIBusId(&back, bus));
  CHECK(back == 0);
  CHECK(hipDeviceGetByPCIBusId(&back, "not a bus id") == hipErrorInvalidValue);
  hipUUID uuid;
  std::memset(&uuid, 0, sizeof uuid);
  HIP_CHECK(hipDeviceGetUuid(&uuid, 0));
  bool nonZero = false;
  for (char c : uuid.bytes) nonZero |= c != 0;
  CHECK(nonZero);

  // Flags: recorded per device, one scheduling mode at a time.
  HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleBlockingSync));
  unsigned flags = 0;
  HIP_CHECK(hipGetDeviceFlags(&flags));
  CHECK((flags & hipDeviceScheduleMask) == hipDeviceScheduleBlockingSync);
  CHECK(hipSetDeviceFlags(hipDeviceScheduleSpin | hipDeviceScheduleYield) == hipErrorInvalidValue);
  HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleAuto));

  // Limits (NVIDIA: the driver's): a stack size set is read back at least as large.
  size_t stack = 0;
  HIP_CHECK(hipDeviceGetLimit(&stack, hipLimitStackSize));
  CHECK(stack > 0);
  HIP_CHECK(hipDeviceSetLimit(hipLimitStackSize, 4096));
  size_t stackNow = 0;
  HIP_CHECK(hipDeviceGetLimit(&stackNow, hipLimitStackSize));
  CHECK(stackNow >= 4096);
  HIP_CHECK(hipDeviceSetLimit(hipLimitStackSize, stack));
  size_t heap = 0;
  HIP_CHECK(hipDeviceGetLimit(&heap, hipLimitMallocHeapSize));
  CHECK(heap > 0);
  CHECK(hipDeviceGetLimit(nullptr, hipLimitStackSize) == hipErrorInvalidValue);

  // Cache and shared-memory configuration: accepted and reported.
  HIP_CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferShared));
  hipFuncCache_t cache = hipFuncCachePreferNone;
  HIP_CHECK(hipDeviceGetCacheConfig(&cache));
  CHECK(cache == hipFuncCachePreferShared);
  HIP_CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferNone));
  HIP_CHECK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeFourByte));
  hipSharedMemConfig bank = hipSharedMemBankSizeDefault;
  HIP_CHECK(hipDeviceGetSharedMemConfig(&bank));
  CHECK(bank == hipSharedMemBankSizeFourByte);

  // Errors: names and strings, driver forms, the Ext last error.
  const char* text = nullptr;
  HIP_CHECK(hipDrvGetErrorString(hipErrorInvalidValue, &text));
  REQUIRE(text != nullptr);
  CHECK(std::strlen(text) > 0);
  HIP_CHECK(hipDrvGetErrorName(hipErrorOutOfMemory, &text));
  CHECK(std::strcmp(text, "hipErrorOutOfMemory") == 0);
  CHECK(std::strlen(hipGetErrorString(hipErrorNotReady)) > 0);
  (void)hipGetLastError();
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipExtGetLastError() == hipErrorInvalidValue);
  CHECK(hipExtGetLastError() == hipSuccess);
}

TEST_CASE("surface: stream getters, per-thread variants, priorities, stream memory operations") {
  int least = 0, greatest = 0;
  HIP_CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
  CHECK(greatest <= least);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreateWithPriority(&s, hipStreamNonBlocking, greatest));
  unsigned flags = 0;
  HIP_CHECK(hipStreamGetFlags(s, &flags));
  CHECK(flags == hipStreamNonBlocking);
  int priority = 1234;
  HIP_CHECK(hipStreamGetPriority(s, &priority));
  CHECK(priority == greatest);
  hipDevice_t dev = -1;
  HIP_CHECK(hipStreamGetDevice(s, &dev));
  CHECK(dev == 0);
  CHECK(hipGetStreamDeviceId(s) == 0);
  HIP_CHECK(hipStreamGetFlags_spt(hipStreamPerThread, &flags));
  HIP_CHECK(hipStreamGetPriority_spt(hipStreamPerThread, &priority));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
  HIP_CHECK(hipStreamQuery_spt(hipStreamPerThread));

  // Capture queries: nothing is capturing.
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  HIP_CHECK(hipStreamIsCapturing(s, &status));
  CHECK(status == hipStreamCaptureStatusNone);
  status = hipStreamCaptureStatusActive;
  HIP_CHECK(hipStreamIsCapturing_spt(hipStreamPerThread, &status));
  CHECK(status == hipStreamCaptureStatusNone);
  unsigned long long id = 0;
  status = hipStreamCaptureStatusActive;
  HIP_CHECK(hipStreamGetCaptureInfo(s, &status, &id));
  CHECK(status == hipStreamCaptureStatusNone);
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  HIP_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  HIP_CHECK(hipThreadExchangeStreamCaptureMode(&mode));  // restores the thread's mode
  CHECK(mode == hipStreamCaptureModeRelaxed);

  // Write a value on the stream, wait for it on another stream: the copy after the wait sees it.
  uint32_t* word = nullptr;
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&word), 64, hipHostMallocMapped));
  word[0] = 0;
  word[2] = 0;
  uint64_t* word64 = reinterpret_cast<uint64_t*>(word + 2);
  HIP_CHECK(hipStreamWriteValue32(s, word, 5, 0));
  HIP_CHECK(hipStreamWriteValue64(s, word64, 0x100000000ull, 0));
  hipStream_t waiter = nullptr;
  HIP_REQUIRE(hipStreamCreate(&waiter));
  HIP_CHECK(hipStreamWaitValue32(waiter, word, 5, hipStreamWaitValueEq, 0xffffffffu));
  HIP_CHECK(hipStreamWaitValue64(waiter, word64, 0x100000000ull, hipStreamWaitValueGte,
                                 ~0ull));
  HIP_CHECK(hipStreamSynchronize(waiter));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(word[0] == 5u);
  CHECK(*word64 == 0x100000000ull);
  CHECK(hipStreamWaitValue32(waiter, nullptr, 1, hipStreamWaitValueEq, ~0u) ==
        hipErrorInvalidValue);
  CHECK(hipStreamWriteValue64(s, word + 1, 1, 0) == hipErrorInvalidValue);  // misaligned

  // Events on the per-thread stream.
  hipEvent_t e = nullptr;
  HIP_REQUIRE(hipEventCreate(&e));
  HIP_CHECK(hipEventRecord_spt(e, hipStreamPerThread));
  HIP_CHECK(hipStreamWaitEvent_spt(hipStreamPerThread, e, 0));
  HIP_CHECK(hipEventSynchronize(e));
  HIP_CHECK(hipEventDestroy(e));

  // Host functions and callbacks on the per-thread stream.
  std::atomic<int> calls{0};
  HIP_CHECK(hipLaunchHostFunc_spt(
      hipStreamPerThread, [](void* c) { static_cast<std::atomic<int>*>(c)->fetch_add(1); },
      &calls));
  HIP_CHECK(hipStreamAddCallback_spt(
      hipStreamPerThread,
      [](hipStream_t, hipError_t, void* c) { static_cast<std::atomic<int>*>(c)->fetch_add(1); },
      &calls, 0));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
  CHECK(calls.load() == 2);

  HIP_CHECK(hipHostFree(word));
  HIP_CHECK(hipStreamDestroy(waiter));
  HIP_CHECK(hipStreamDestroy(s));
}

TEST_CASE("surface: fills of 8, 16 and 32 bits, sync, async and per-thread") {
  constexpr size_t n = 1 << 16;
  DeviceBuffer<uint32_t> d(n);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_CHECK(hipMemsetD16(d.ptr, 0xbeef, n * 2));
  for (uint32_t v : d.read()) REQUIRE(v == 0xbeefbeefu);
  HIP_CHECK(hipMemsetD32Async(d.ptr, 0x01020304, n, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (uint32_t v : d.read()) REQUIRE(v == 0x01020304u);
  HIP_CHECK(hipMemsetD8Async(d.ptr, 0x7e, n * 4, s));
  HIP_CHECK(hipMemsetD16Async(d.ptr, 0x1111, 2, s));  // the first word only
  HIP_CHECK(hipStreamSynchronize(s));
  auto v = d.read();
  CHECK(v[0] == 0x11111111u);
  CHECK(v[1] == 0x7e7e7e7eu);
  CHECK(v[n - 1] == 0x7e7e7e7eu);
  HIP_CHECK(hipMemset_spt(d.ptr, 0, n * 4));
  HIP_CHECK(hipMemsetAsync_spt(d.ptr + 1, 0xff, 4, hipStreamPerThread));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
  v = d.read();
  CHECK(v[0] == 0u);
  CHECK(v[1] == 0xffffffffu);
  CHECK(v[2] == 0u);
  // Bad input: misaligned 16/32-bit fills, a range past the allocation, a host stack address.
  CHECK(hipMemsetD16(reinterpret_cast<char*>(d.ptr) + 1, 0, 4) == hipErrorInvalidValue);
  CHECK(hipMemsetD32Async(reinterpret_cast<char*>(d.ptr) + 2, 0, 4, s) == hipErrorInvalidValue);
  CHECK(hipMemsetD8Async(d.ptr, 0, n * 4 + 1, s) == hipErrorInvalidValue);
  int stackInt = 0;
  CHECK(hipMemsetD8Async(&stackInt, 0, 4, s) == hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(s));
  (void)hipGetLastError();
}

TEST_CASE("surface: linear copies HtoD / DtoH / DtoD, async, per-thread and with a stream") {
  constexpr size_t n = 1 << 18;
  std::vector<float> host(n), out(n, -1.0f);
  for (size_t i = 0; i < n; ++i) host[i] = static_cast<float>(i) * 0.5f;
  DeviceBuffer<float> a(n), b(n);
  const size_t bytes = n * sizeof(float);
  HIP_CHECK(hipMemcpyHtoD(a.ptr, host.data(), bytes));
  HIP_CHECK(hipMemcpyDtoD(b.ptr, a.ptr, bytes));
  HIP_CHECK(hipMemcpyDtoH(out.data(), b.ptr, bytes));
  CHECK(out == host);

  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  std::fill(out.begin(), out.end(), -1.0f);
  HIP_CHECK(hipMemsetAsync(b.ptr, 0, bytes, s));
  HIP_CHECK(hipMemcpyHtoDAsync(a.ptr, host.data(), bytes, s));
  HIP_CHECK(hipMemcpyDtoDAsync(b.ptr, a.ptr, bytes, s));
  HIP_CHECK(hipMemcpyDtoHAsync(out.data(), b.ptr, bytes, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(out == host);

  std::fill(out.begin(), out.end(), -1.0f);
  HIP_CHECK(hipMemcpyWithStream(b.ptr, host.data(), bytes, hipMemcpyHostToDevice, s));
  HIP_CHECK(hipMemcpy_spt(out.data(), b.ptr, bytes, hipMemcpyDeviceToHost));
  CHECK(out == host);
  std::fill(out.begin(), out.end(), -1.0f);
  HIP_CHECK(hipMemcpyAsync_spt(out.data(), a.ptr, bytes, hipMemcpyDefault, hipStreamPerThread));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
  CHECK(out == host);

  CHECK(hipMemcpyHtoD(a.ptr, nullptr, bytes) == hipErrorInvalidValue);
  CHECK(hipMemcpyDtoHAsync(nullptr, a.ptr, bytes, s) == hipErrorInvalidValue);
  CHECK(hipMemcpyWithStream(a.ptr, host.data(), bytes, static_cast<hipMemcpyKind>(42), s) ==
        hipErrorInvalidMemcpyDirection);
  HIP_CHECK(hipStreamDestroy(s));
  (void)hipGetLastError();
}

TEST_CASE("surface: host allocation variants, registration and pointer queries") {
  void* p = nullptr;
  HIP_REQUIRE(hipHostAlloc(&p, 4096, hipHostMallocDefault));
  std::memset(p, 1, 4096);
  HIP_CHECK(hipFreeHost(p));
  HIP_REQUIRE(hipMallocHost(&p, 4096));
  HIP_CHECK(hipHostFree(p));
  HIP_REQUIRE(hipMemAllocHost(&p, 4096));
  HIP_CHECK(hipHostFree(p));
  HIP_REQUIRE(hipExtHostAlloc(&p, 4096, hipHostMallocMapped));
  HIP_CHECK(hipHostFree(p));
  HIP_REQUIRE(hipExtMallocWithFlags(&p, 1 << 20, hipDeviceMallocDefault));
  HIP_CHECK(hipMemset(p, 3, 1 << 20));

  // Pointer queries: the allocation's base and size from an interior pointer.
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  char* inside = static_cast<char*>(p) + 1000;
  HIP_CHECK(hipMemGetAddressRange(&base, &size, inside));
  CHECK(base == p);
  CHECK(size >= size_t{1} << 20);
  size = 0;
  HIP_CHECK(hipMemPtrGetInfo(p, &size));
  CHECK(size >= size_t{1} << 20);
  int stackInt = 0;
  CHECK(hipMemPtrGetInfo(&stackInt, &size) == hipErrorInvalidValue);
  HIP_CHECK(hipFree(p));

  // Registered host memory: unregistering what was never registered is an error.
  std::vector<char> pageable(1 << 16);
  CHECK(hipHostUnregister(pageable.data()) == hipErrorHostMemoryNotRegistered);
  (void)hipGetLastError();

  int canAccess = -1;
  HIP_CHECK(hipDeviceCanAccessPeer(&canAccess, 0, 0));
  CHECK(canAccess == 0);  // a device is not its own peer
  int value = -1;
  CHECK(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, 0) ==
        hipErrorInvalidDevice);
  (void)hipGetLastError();
}

TEST_CASE("surface: symbols through the per-thread stream") {
  int v = 0;
  HIP_CHECK(hipMemcpyFromSymbol_spt(&v, surfaceSymbol(), sizeof v, 0, hipMemcpyDeviceToHost));
  CHECK(v == 41);
  v = 99;
  HIP_CHECK(hipMemcpyToSymbol_spt(surfaceSymbol(), &v, sizeof v, 0, hipMemcpyHostToDevice));
  v = 0;
  HIP_CHECK(hipMemcpyFromSymbolAsync_spt(&v, surfaceSymbol(), sizeof v, 0, hipMemcpyDeviceToHost,
                                         hipStreamPerThread));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
  CHECK(v == 99);
  v = 41;
  HIP_CHECK(hipMemcpyToSymbolAsync_spt(surfaceSymbol(), &v, sizeof v, 0, hipMemcpyHostToDevice,
                                       hipStreamPerThread));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
}

TEST_CASE("surface: legacy, per-thread and event-bracketed launches; function queries") {
  constexpr int n = 4096;
  std::vector<float> ha(n), hb(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = static_cast<float>(i);
    hb[i] = 2.0f * i;
  }
  DeviceBuffer<float> a(ha), b(hb), c(n);
  const float* pa = a.ptr;
  const float* pb = b.ptr;
  float* pc = c.ptr;
  int count = n;
  void* args[] = {&pa, &pb, &pc, &count};
  const void* k = vectorAddHostFunction();
  auto expectSum = [&] {
    auto out = c.read();
    for (int i = 0; i < n; ++i) REQUIRE(out[i] == 3.0f * i);
    HIP_REQUIRE(hipMemset(c.ptr, 0, n * sizeof(float)));
  };

  HIP_CHECK(hipLaunchKernel_spt(k, dim3(n / 256), dim3(256), args, 0, nullptr));
  HIP_CHECK(hipStreamSynchronize_spt(hipStreamPerThread));
  expectSum();

  hipEvent_t start = nullptr, stop = nullptr;
  HIP_REQUIRE(hipEventCreate(&start));
  HIP_REQUIRE(hipEventCreate(&stop));
  HIP_CHECK(hipExtLaunchKernel(k, dim3(n / 256), dim3(256), args, 0, nullptr, start, stop, 0));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1.0f;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  CHECK(ms >= 0.0f);
  expectSum();

  // The pre-HIP-1 launch: configure, arguments at their offsets, launch by host pointer.
  HIP_CHECK(hipConfigureCall(dim3(n / 256), dim3(256), 0, nullptr));
  HIP_CHECK(hipSetupArgument(&pa, sizeof pa, 0));
  HIP_CHECK(hipSetupArgument(&pb, sizeof pb, 8));
  HIP_CHECK(hipSetupArgument(&pc, sizeof pc, 16));
  HIP_CHECK(hipSetupArgument(&count, sizeof count, 24));
  HIP_CHECK(hipLaunchByPtr(k));
  HIP_CHECK(hipDeviceSynchronize());
  expectSum();

  const char* kname = hipKernelNameRefByPtr(k, nullptr);
  REQUIRE(kname != nullptr);
  CHECK(std::string(kname).find("vectorAdd") != std::string::npos);
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipGetFuncBySymbol(&f, k));
  REQUIRE(f != nullptr);
  CHECK(std::string(hipKernelNameRef(f)) == kname);
  int regs = -1, maxThreads = 0, shared = -1;
  HIP_CHECK(hipFuncGetAttribute(&regs, HIP_FUNC_ATTRIBUTE_NUM_REGS, f));
  CHECK(regs > 0);
  HIP_CHECK(hipFuncGetAttribute(&maxThreads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
  CHECK(maxThreads >= 256);
  HIP_CHECK(hipFuncGetAttribute(&shared, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
  CHECK(shared == 0);  // vectorAdd has no static shared memory
  HIP_CHECK(hipFuncSetCacheConfig(k, hipFuncCachePreferL1));
  HIP_CHECK(hipFuncSetSharedMemConfig(k, hipSharedMemBankSizeFourByte));
  HIP_CHECK(hipModuleLaunchKernel(f, n / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  expectSum();
  CHECK(hipGetFuncBySymbol(&f, &count) == hipErrorInvalidDeviceFunction);
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  (void)hipGetLastError();
}

TEST_CASE("surface: the module API on a --genco bundle, file and memory") {
  hipModule_t fromFile = nullptr;
  HIP_REQUIRE(hipModuleLoad(&fromFile, besideExecutable("module_kernels.hipfb").c_str()));
  const std::vector<char> image = readBesideExecutable("module_kernels.hipfb");
  hipModule_t fromData = nullptr;
  HIP_REQUIRE(hipModuleLoadDataEx(&fromData, image.data(), 0, nullptr, nullptr));
  hipModule_t fromData2 = nullptr;
  HIP_REQUIRE(hipModuleLoadData(&fromData2, image.data()));

  hipFunction_t scale = nullptr;
  HIP_REQUIRE(hipModuleGetFunction(&scale, fromData, "moduleScale"));
  hipFunction_t missing = nullptr;
  CHECK(hipModuleGetFunction(&missing, fromData, "noSuchKernel") == hipErrorNotFound);
  hipDeviceptr_t counter = nullptr;
  size_t counterSize = 0;
  HIP_REQUIRE(hipModuleGetGlobal(&counter, &counterSize, fromData, "moduleCounter"));
  CHECK(counterSize == sizeof(int));
  CHECK(hipModuleGetGlobal(&counter, &counterSize, fromData, "noSuchGlobal") == hipErrorNotFound);

  constexpr int n = 1000;
  std::vector<float> host(n, 2.0f);
  DeviceBuffer<float> x(host);
  float* px = x.ptr;
  float s = 1.5f;
  int count = n;
  void* params[] = {&px, &s, &count};
  // hipExtModuleLaunchKernel / hipHccModuleLaunchKernel take global work sizes (threads).
  HIP_CHECK(hipExtModuleLaunchKernel(scale, 1024, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr));
  HIP_CHECK(hipHccModuleLaunchKernel(scale, 1024, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr,
                                     nullptr, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (float v : x.read()) REQUIRE(v == 4.5f);
  int launched = 0;
  HIP_CHECK(hipMemcpyDtoH(&launched, counter, sizeof launched));
  CHECK(launched == 7 + 2);

  HIP_CHECK(hipModuleUnload(fromData2));
  HIP_CHECK(hipModuleUnload(fromData));
  HIP_CHECK(hipModuleUnload(fromFile));
  const char garbage[64] = "definitely not a GPU image";
  hipModule_t bad = nullptr;
  CHECK(hipModuleLoadData(&bad, garbage) == hipErrorInvalidImage);
  CHECK(hipModuleLoad(&bad, "/nonexistent/unihip.hipfb") == hipErrorFileNotFound);
  (void)hipGetLastError();
}

TEST_CASE("surface: the deprecated context API on the primary context") {
  hipCtx_t ctx = nullptr;
  HIP_REQUIRE(hipDevicePrimaryCtxRetain(&ctx, 0));
  REQUIRE(ctx != nullptr);
  unsigned flags = 99;
  int active = -1;
  HIP_CHECK(hipDevicePrimaryCtxGetState(0, &flags, &active));
  CHECK(active == 1);
  HIP_CHECK(hipCtxSetCurrent(ctx));
  hipCtx_t current = nullptr;
  HIP_CHECK(hipCtxGetCurrent(&current));
  CHECK(current == ctx);
  hipDevice_t dev = -1;
  HIP_CHECK(hipCtxGetDevice(&dev));
  CHECK(dev == 0);
  unsigned version = 0;
  HIP_CHECK(hipCtxGetApiVersion(ctx, &version));
  CHECK(version > 0);
  HIP_CHECK(hipCtxSynchronize());
  HIP_CHECK(hipCtxPushCurrent(ctx));
  hipCtx_t popped = nullptr;
  HIP_CHECK(hipCtxPopCurrent(&popped));
  CHECK(popped == ctx);
  HIP_CHECK(hipDevicePrimaryCtxRelease(0));
  (void)hipGetLastError();
}

TEST_CASE("surface: hipGetProcAddress finds the runtime's own entry points") {
  void* fn = nullptr;
  hipDriverProcAddressQueryResult result = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  HIP_REQUIRE(hipGetProcAddress("hipMalloc", &fn, 602, 0, &result));  // major*100+minor
  CHECK(result == HIP_GET_PROC_ADDRESS_SUCCESS);
  REQUIRE(fn != nullptr);
  void* d = nullptr;
  HIP_CHECK(reinterpret_cast<hipError_t (*)(void**, size_t)>(fn)(&d, 256));
  HIP_CHECK(hipFree(d));
  // AMD's runtime answers an unknown name with hipErrorInvalidValue and SYMBOL_NOT_FOUND.
  CHECK(hipGetProcAddress("hipNoSuchFunction", &fn, 602, 0, &result) == hipErrorInvalidValue);
  CHECK(result == HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  (void)hipGetLastError();
}
