// Device-level odds and ends on the GPU: profiler control, hipSetValidDevices, pointer
// attributes that are set, link types between devices.
#include <dlfcn.h>

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "gpu_test_support.h"
#include "kernels.h"

TEST_CASE("hipProfilerStart / hipProfilerStop toggle the vendor profiler", "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  CHECK(hipProfilerStart() == hipSuccess);
  CHECK(hipProfilerStop() == hipSuccess);
}

TEST_CASE("hipSetValidDevices: a fresh thread starts on the list's first device",
          "[runtime_extras]") {
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  int last = count - 1;
  int current = -1;
  hipError_t set = hipErrorUnknown, get = hipErrorUnknown;
  std::thread t([&] {
    set = hipSetValidDevices(&last, 1);
    get = hipGetDevice(&current);
  });
  t.join();
  CHECK(set == hipSuccess);
  CHECK(get == hipSuccess);
  CHECK(current == last);
  int bad = count;
  CHECK(hipSetValidDevices(&bad, 1) == hipErrorInvalidDevice);
  CHECK(hipSetValidDevices(nullptr, 1) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hipPointerSetAttribute: SYNC_MEMOPS set on device memory reads back",
          "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  void* p = nullptr;
  HIP_REQUIRE(hipMalloc(&p, 1 << 20));
  unsigned one = 1, two = 2;
  bool value = false;  // a bool, as AMD's runtime and CUDA write it
  HIP_REQUIRE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p));
  HIP_REQUIRE(hipPointerGetAttribute(&value, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p));
  CHECK(value);
  CHECK(hipPointerSetAttribute(&two, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) == hipErrorInvalidValue);
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, p) == hipErrorInvalidValue);
  int host = 0;
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, &host) ==
        hipErrorInvalidDevicePointer);
  // Memory that stays usable: a synchronous copy after the attribute.
  std::vector<char> data(1 << 20, 7), back(1 << 20, 0);
  HIP_REQUIRE(hipMemcpy(p, data.data(), data.size(), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpy(back.data(), p, back.size(), hipMemcpyDeviceToHost));
  CHECK(back == data);
  HIP_CHECK(hipFree(p));
  (void)hipGetLastError();
}

// hip-tests' hipPointerGetAttribute BufferID: the driver hands the freed address out again, the
// buffer id is new.
TEST_CASE("pointer attributes: a buffer id is not reused after a free", "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  void* p = nullptr;
  HIP_REQUIRE(hipMalloc(&p, 4096));
  uint32_t first = 0, second = 0;
  HIP_REQUIRE(hipPointerGetAttribute(&first, HIP_POINTER_ATTRIBUTE_BUFFER_ID, p));
  HIP_REQUIRE(hipFree(p));
  void* q = nullptr;
  HIP_REQUIRE(hipMalloc(&q, 4096));
  HIP_REQUIRE(hipPointerGetAttribute(&second, HIP_POINTER_ATTRIBUTE_BUFFER_ID, q));
  if (q != p) WARN("the driver gave a new address; the id still changes");
  CHECK(second != first);
  HIP_CHECK(hipFree(q));
}

// hip-tests' hipPointerSetAttribute SyncMemops: hipMemcpy between device memory returns before
// the copy, which the legacy stream orders after a blocking stream's kernel, has run; with
// SYNC_MEMOPS on both sides it waits for it (AMD's ihipMemcpy).
TEST_CASE("hipMemcpy device to device waits only with SYNC_MEMOPS on both sides",
          "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  constexpr long long kSpinCycles = 200'000'000;  // ~100 ms
  int* flag = nullptr;
  char* src = nullptr;
  char* dst = nullptr;
  HIP_REQUIRE(hipMalloc(&flag, sizeof(int)));
  HIP_REQUIRE(hipMalloc(&src, 1024));
  HIP_REQUIRE(hipMalloc(&dst, 1024));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));  // blocking: the legacy stream's copy waits for it
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag, 1, s));
  HIP_REQUIRE(hipMemcpy(dst, src, 1024, hipMemcpyDeviceToDevice));
  CHECK(hipStreamQuery(s) == hipErrorNotReady);
  HIP_REQUIRE(hipStreamSynchronize(s));
  int one = 1;
  HIP_REQUIRE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, src));
  HIP_REQUIRE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dst));
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag, 2, s));
  HIP_REQUIRE(hipMemcpy(dst, src, 1024, hipMemcpyDeviceToDevice));
  CHECK(hipStreamQuery(s) == hipSuccess);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(flag));
  HIP_CHECK(hipFree(src));
  HIP_CHECK(hipFree(dst));
  (void)hipGetLastError();
}

// hip-tests' hipMemcpy3D DeviceToDevice Synchronization_Behavior hung: the synchronous 2-D and
// 3-D copies between device memory waited for the legacy stream, which the test holds. They
// queue without a host-side wait (AMD's ihipMemcpyParam3D, CUDA); a device-to-host copy waits.
TEST_CASE("hipMemcpy2D and hipMemcpy3D device to device do not wait for the host",
          "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  constexpr long long kSpinCycles = 200'000'000;  // ~100 ms
  int* flag = nullptr;
  HIP_REQUIRE(hipMalloc(&flag, sizeof(int)));
  const hipExtent e = make_hipExtent(32 * sizeof(int), 32, 8);
  hipPitchedPtr src{}, dst{};
  HIP_REQUIRE(hipMalloc3D(&src, e));
  HIP_REQUIRE(hipMalloc3D(&dst, e));
  HIP_REQUIRE(hipMemset(src.ptr, 7, src.pitch * 32 * 8));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));  // blocking: the legacy stream's copies wait for it
  hipMemcpy3DParms p{};
  p.srcPtr = src;
  p.dstPtr = dst;
  p.extent = e;
  p.kind = hipMemcpyDeviceToDevice;
  HIP_REQUIRE(hipDeviceSynchronize());
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag, 1, s));
  HIP_REQUIRE(hipMemcpy3D(&p));
  CHECK(hipStreamQuery(s) == hipErrorNotReady);
  HIP_REQUIRE(hipMemcpy2D(dst.ptr, dst.pitch, src.ptr, src.pitch, e.width, 32,
                          hipMemcpyDeviceToDevice));
  CHECK(hipStreamQuery(s) == hipErrorNotReady);
  std::vector<char> host(e.width);
  HIP_REQUIRE(hipMemcpy2D(host.data(), e.width, dst.ptr, dst.pitch, e.width, 1,
                          hipMemcpyDeviceToHost));
  CHECK(hipStreamQuery(s) == hipSuccess);
  CHECK(host[0] == 7);
  CHECK(host[e.width - 1] == 7);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(flag));
  HIP_CHECK(hipFree(src.ptr));
  HIP_CHECK(hipFree(dst.ptr));
  (void)hipGetLastError();
}

// hip-tests' hipMalloc3D Basic and hipMallocMipmappedArray DiffSizes compare hipMemGetInfo's free
// memory before the first allocations and after their frees. unihip answers the driver's
// cuMemGetInfo; what the driver itself keeps after a small allocation's free, in a fresh context,
// is reported (run with -s): not zero means the difference is the driver's.
TEST_CASE("hipMemGetInfo after small allocations are freed is the driver's answer",
          "[runtime_extras]") {
  const char* name = unihipGetDeviceBackendName(0);
  if (name == nullptr || std::string(name) != "cuda") {
    WARN("not a CUDA device: the driver comparison does not apply");
    return;
  }
  HIP_REQUIRE(hipSetDevice(0));
  HIP_REQUIRE(hipFree(nullptr));
  void* cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(cuda != nullptr);
  auto cuGetInfo = reinterpret_cast<int (*)(size_t*, size_t*)>(dlsym(cuda, "cuMemGetInfo_v2"));
  auto cuAlloc =
      reinterpret_cast<int (*)(unsigned long long*, size_t)>(dlsym(cuda, "cuMemAlloc_v2"));
  auto cuFree = reinterpret_cast<int (*)(unsigned long long)>(dlsym(cuda, "cuMemFree_v2"));
  auto cuCtxCreate =
      reinterpret_cast<int (*)(void**, unsigned, int)>(dlsym(cuda, "cuCtxCreate_v2"));
  auto cuCtxDestroy = reinterpret_cast<int (*)(void*)>(dlsym(cuda, "cuCtxDestroy_v2"));
  REQUIRE(cuGetInfo != nullptr);
  REQUIRE(cuAlloc != nullptr);
  REQUIRE(cuFree != nullptr);
  size_t before = 0, after = 0, total = 0;
  if (cuCtxCreate != nullptr && cuCtxDestroy != nullptr) {
    // The driver alone, in a context of its own: one hipMalloc3D-sized allocation and its free.
    void* ctx = nullptr;
    REQUIRE(cuCtxCreate(&ctx, 0, 0) == 0);  // current on this thread until destroyed
    unsigned long long raw = 0;
    REQUIRE(cuGetInfo(&before, &total) == 0);
    REQUIRE(cuAlloc(&raw, 5120) == 0);
    REQUIRE(cuFree(raw) == 0);
    REQUIRE(cuGetInfo(&after, &total) == 0);
    REQUIRE(cuCtxDestroy(ctx) == 0);
    HIP_REQUIRE(unihipDeviceBindNativeContext(0));
    WARN("a fresh CUDA context keeps " << static_cast<long long>(before) -
                                              static_cast<long long>(after)
                                       << " B of free memory after a 5 KiB cuMemAlloc/cuMemFree");
  }
  // unihip's answer is the driver's, before and after its own allocations and frees.
  size_t hipFreeBytes = 0, hipTotal = 0, cuNow = 0;
  HIP_REQUIRE(hipMemGetInfo(&hipFreeBytes, &hipTotal));
  REQUIRE(cuGetInfo(&cuNow, &total) == 0);
  CHECK(hipFreeBytes == cuNow);
  CHECK(hipTotal == total);
  std::vector<hipPitchedPtr> pitched(512);
  for (auto& p : pitched) HIP_REQUIRE(hipMalloc3D(&p, make_hipExtent(10, 10, 10)));
  for (auto& p : pitched) HIP_REQUIRE(hipFree(p.ptr));
  HIP_REQUIRE(hipMemGetInfo(&hipFreeBytes, &hipTotal));
  REQUIRE(cuGetInfo(&cuNow, &total) == 0);
  CHECK(hipFreeBytes == cuNow);
  dlclose(cuda);
}

TEST_CASE("hipExtGetLinkTypeAndHopCount between two GPUs", "[runtime_extras][multigpu]") {
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  uint32_t type = 99, hops = 99;
  CHECK(hipExtGetLinkTypeAndHopCount(0, count, &type, &hops) == hipErrorInvalidDevice);
  CHECK(hipExtGetLinkTypeAndHopCount(0, 0, &type, &hops) == hipErrorInvalidValue);
  if (count < 2) {
    WARN("one GPU: no link to describe");
    return;
  }
  HIP_REQUIRE(hipExtGetLinkTypeAndHopCount(0, 1, &type, &hops));
  int access = 0, atomics = 0;
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&access, hipDevP2PAttrAccessSupported, 0, 1));
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&atomics, hipDevP2PAttrNativeAtomicSupported, 0, 1));
  INFO("link type " << type << ", hops " << hops << ", access " << access << ", atomics "
                    << atomics);
  CHECK(type == (access && atomics ? 4u : 2u));  // XGMI-like (NVLink) or PCIe
  CHECK(hops == (access ? 1u : 2u));
}
