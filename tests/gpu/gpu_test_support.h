// Helpers for the GPU suite.
#pragma once

#include <catch2/catch.hpp>

#include <hip/hip_runtime_api.h>

#define HIP_REQUIRE(call) REQUIRE((call) == hipSuccess)
#define HIP_CHECK(call) CHECK((call) == hipSuccess)

// A device buffer freed at scope exit.
template <typename T>
struct DeviceBuffer {
  T* ptr = nullptr;
  explicit DeviceBuffer(size_t n) { HIP_REQUIRE(hipMalloc(reinterpret_cast<void**>(&ptr), n * sizeof(T))); }
  ~DeviceBuffer() { (void)hipFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};
