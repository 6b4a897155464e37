// Bad input on real hardware, answered as AMD's runtime answers it (issue 17): garbage handles
// (no crash), pointers unihip never allocated (never handed to the driver: compute-sanitizer
// stays quiet), unrecorded events, launch geometry, unknown attributes.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "gpu_test_support.h"
#include "kernels.h"

TEST_CASE("garbage handles are rejected without a crash") {
  long long stackWord[4] = {};
  void* heap = std::malloc(64);
  for (hipStream_t s : {reinterpret_cast<hipStream_t>(uintptr_t{0xFFFF}),
                        reinterpret_cast<hipStream_t>(stackWord), static_cast<hipStream_t>(heap)}) {
    CHECK(hipStreamQuery(s) == hipErrorContextIsDestroyed);
    CHECK(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);
    CHECK(hipStreamDestroy(s) == hipErrorContextIsDestroyed);
    CHECK(hipEventQuery(reinterpret_cast<hipEvent_t>(s)) == hipErrorInvalidHandle);
    CHECK(hipEventDestroy(reinterpret_cast<hipEvent_t>(s)) == hipErrorContextIsDestroyed);
    CHECK(hipModuleLaunchKernel(reinterpret_cast<hipFunction_t>(s), 1, 1, 1, 1, 1, 1, 0, nullptr,
                                nullptr, nullptr) == hipErrorInvalidResourceHandle);
  }
  std::free(heap);
  (void)hipGetLastError();
}

TEST_CASE("memory unihip never allocated never reaches the driver") {
  int stackInts[4] = {1, 2, 3, 4};
  void* heap = std::malloc(64);
  CHECK(hipFree(stackInts) == hipErrorInvalidValue);
  CHECK(hipFree(heap) == hipErrorInvalidValue);
  CHECK(hipHostFree(stackInts) == hipErrorInvalidValue);
  CHECK(hipFreeHost(heap) == hipErrorInvalidValue);
  CHECK(hipMemset(stackInts, 0, sizeof stackInts) == hipErrorInvalidValue);
  CHECK(hipMemsetD8(stackInts, 0, sizeof stackInts) == hipErrorInvalidValue);
  CHECK(hipMemsetD32(stackInts, 0, 4) == hipErrorInvalidValue);
  CHECK(hipMemsetAsync(stackInts, 0, sizeof stackInts, nullptr) == hipErrorInvalidValue);
  CHECK(stackInts[0] == 1);
  void* p = reinterpret_cast<void*>(0x1);
  CHECK(hipMalloc(&p, size_t{1} << 62) == hipErrorOutOfMemory);
  DeviceBuffer<int> d(16);
  CHECK(hipMemset(d.ptr, 0, 16 * sizeof(int) + 1) == hipErrorInvalidValue);
  CHECK(hipFree(d.ptr + 1) == hipErrorInvalidValue);
  CHECK(hipMemGetInfo(nullptr, nullptr) == hipSuccess);
  size_t total = 0;
  CHECK(hipMemGetInfo(nullptr, &total) == hipSuccess);
  CHECK(total > 0);
  std::free(heap);
  (void)hipGetLastError();
}

TEST_CASE("events: double destroy and unrecorded elapsed time") {
  hipEvent_t a = nullptr, b = nullptr;
  HIP_REQUIRE(hipEventCreate(&a));
  HIP_REQUIRE(hipEventCreate(&b));
  float ms = 0;
  CHECK(hipEventElapsedTime(&ms, a, b) == hipErrorInvalidHandle);
  HIP_REQUIRE(hipEventRecord(a, nullptr));
  CHECK(hipEventElapsedTime(&ms, a, b) == hipErrorInvalidHandle);
  HIP_REQUIRE(hipEventRecord(b, nullptr));
  HIP_REQUIRE(hipEventSynchronize(b));
  CHECK(hipEventElapsedTime(&ms, a, b) == hipSuccess);
  HIP_CHECK(hipEventDestroy(a));
  CHECK(hipEventDestroy(a) == hipErrorContextIsDestroyed);
  HIP_CHECK(hipEventDestroy(b));
  (void)hipGetLastError();
}

TEST_CASE("launch geometry and destroyed streams: AMD's codes") {
  const void* k = vectorAddHostFunction();
  const float* a = nullptr;
  float* c = nullptr;
  int n = 0;
  void* args[] = {&a, &a, &c, &n};
  // HIP 7: a zero dimension is hipErrorInvalidValue.
  CHECK(hipLaunchKernel(k, dim3(0), dim3(1), args, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(0), args, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(4096), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipStreamDestroy(s));
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, s) == hipErrorContextIsDestroyed);  // HIP 7
  int v = 0;
  CHECK(hipDeviceGetAttribute(&v, static_cast<hipDeviceAttribute_t>(5000), 0) ==
        hipErrorInvalidValue);
  CHECK(hipDeviceGetAttribute(&v, static_cast<hipDeviceAttribute_t>(123456), 0) ==
        hipErrorInvalidValue);
  (void)hipGetLastError();
}
