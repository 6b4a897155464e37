// Helpers shared by the GPU suites (tests/gpu, tests/device).
#pragma once

#include <catch2/catch.hpp>

#include <hip/hip_runtime_api.h>

#include <cstring>
#include <vector>

#define HIP_REQUIRE(call) REQUIRE((call) == hipSuccess)
#define HIP_CHECK(call) CHECK((call) == hipSuccess)

// A device buffer freed at scope exit, with host round trips.
template <typename T>
struct DeviceBuffer {
  T* ptr = nullptr;
  size_t count = 0;
  explicit DeviceBuffer(size_t n) : count(n) {
    HIP_REQUIRE(hipMalloc(reinterpret_cast<void**>(&ptr), n * sizeof(T)));
    HIP_REQUIRE(hipMemset(ptr, 0, n * sizeof(T)));
  }
  explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) {
    HIP_REQUIRE(hipMemcpy(ptr, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  }
  ~DeviceBuffer() { (void)hipFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  std::vector<T> read() const {
    std::vector<T> host(count);
    HIP_REQUIRE(hipMemcpy(host.data(), ptr, count * sizeof(T), hipMemcpyDeviceToHost));
    return host;
  }
};

// Launch, then wait: the kernel's own status and the synchronization's both must succeed.
#define LAUNCH_AND_WAIT(launch)                 \
  do {                                          \
    HIP_REQUIRE(launch);                        \
    HIP_REQUIRE(hipDeviceSynchronize());        \
  } while (0)

inline hipDeviceProp_t deviceProperties() {
  hipDeviceProp_t p;
  std::memset(&p, 0, sizeof p);
  HIP_REQUIRE(hipGetDeviceProperties(&p, 0));
  return p;
}
