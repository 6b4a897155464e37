// The memory family's fills (hip_memset.cpp) against a fake backend: values written, HIP's error
// codes for bad input, per-thread-stream forms, 2D fills validated then not supported.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "api_cases.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("memory fills: 8/16/32-bit values, sync and async") {
  installFake();
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  auto* bytes = static_cast<unsigned char*>(p);

  CHECK(hipMemsetD16(p, 0xBEEF, 8) == hipSuccess);
  CHECK(static_cast<uint16_t*>(p)[0] == 0xBEEF);
  CHECK(static_cast<uint16_t*>(p)[7] == 0xBEEF);
  CHECK(static_cast<uint16_t*>(p)[8] != 0xBEEF);

  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  CHECK(hipMemsetD16Async(p, 0x1234, 4, s) == hipSuccess);
  CHECK(static_cast<uint16_t*>(p)[3] == 0x1234);
  CHECK(hipMemsetD32Async(p, 0x0A0B0C0D, 2, s) == hipSuccess);
  CHECK(static_cast<uint32_t*>(p)[1] == 0x0A0B0C0Du);
  CHECK(hipMemsetD8Async(p, 0x5A, 3, s) == hipSuccess);
  CHECK(bytes[2] == 0x5A);
  CHECK(hipMemsetD8Async(p, 0x11, 1) == hipSuccess);  // default stream argument
  CHECK(bytes[0] == 0x11);
  CHECK(hipMemset_spt(p, 0x77, 5) == hipSuccess);
  CHECK(bytes[4] == 0x77);
  CHECK(hipMemsetAsync_spt(p, 0x66, 6, nullptr) == hipSuccess);
  CHECK(bytes[5] == 0x66);
  CHECK(hipMemsetAsync_spt(p, 0x55, 1, s) == hipSuccess);
  CHECK(bytes[0] == 0x55);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipFree(p) == hipSuccess);
}

TEST_CASE("memory fills: HIP's answers to bad input") {
  installFake();
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  auto* odd = static_cast<char*>(p) + 1;

  // A zero count does nothing, even with a null destination.
  CHECK(hipMemsetD16(nullptr, 1, 0) == hipSuccess);
  CHECK(hipMemsetD16Async(nullptr, 1, 0, nullptr) == hipSuccess);
  CHECK(hipMemsetD32Async(nullptr, 1, 0, nullptr) == hipSuccess);
  CHECK(hipMemsetD8Async(nullptr, 1, 0, nullptr) == hipSuccess);
  CHECK(hipMemset_spt(nullptr, 1, 0) == hipSuccess);
  CHECK(hipMemsetAsync_spt(nullptr, 1, 0, nullptr) == hipSuccess);

  CHECK(hipMemsetD16(nullptr, 1, 4) == hipErrorInvalidValue);
  CHECK(hipMemsetD16Async(nullptr, 1, 4, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemsetD32Async(nullptr, 1, 4, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemsetD8Async(nullptr, 1, 4, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemset_spt(nullptr, 1, 4) == hipErrorInvalidValue);
  CHECK(hipMemsetAsync_spt(nullptr, 1, 4, nullptr) == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipErrorInvalidValue);

  // 16/32-bit fills need an element-aligned destination; count * size must not overflow.
  CHECK(hipMemsetD16(odd, 1, 2) == hipErrorInvalidValue);
  CHECK(hipMemsetD32Async(odd, 1, 2, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemsetD32Async(p, 1, SIZE_MAX / 2, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemsetD8Async(odd, 1, 2, nullptr) == hipSuccess);

  // The async forms check their stream first, even for an empty fill.
  hipStream_t dead = destroyedStream();
  CHECK(hipMemsetD16Async(p, 1, 0, dead) == hipErrorContextIsDestroyed);
  CHECK(hipMemsetD32Async(p, 1, 4, dead) == hipErrorContextIsDestroyed);
  CHECK(hipMemsetD8Async(p, 1, 4, dead) == hipErrorContextIsDestroyed);
  CHECK(hipMemsetAsync_spt(p, 1, 4, dead) == hipErrorContextIsDestroyed);
  CHECK(hipFree(p) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("memory fills: no device") {
  installNoBackend();
  int x = 0;
  CHECK(hipMemsetD16(&x, 1, 1) == hipErrorNoDevice);
  CHECK(hipMemsetD16Async(&x, 1, 1, nullptr) == hipErrorNoDevice);
  CHECK(hipMemset_spt(&x, 1, 1) == hipErrorNoDevice);
  (void)hipGetLastError();
}

TEST_CASE("2D fills: validated as AMD does, then row by row") {
  installFake();
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 256) == hipSuccess);
  // Empty extents do nothing.
  CHECK(hipMemset2D(nullptr, 16, 0, 0, 4) == hipSuccess);
  CHECK(hipMemset2DAsync(nullptr, 16, 0, 4, 0, nullptr) == hipSuccess);
  CHECK(hipMemset2D_spt(nullptr, 16, 0, 0, 0) == hipSuccess);
  CHECK(hipMemset2DAsync_spt(nullptr, 16, 0, 0, 1, nullptr) == hipSuccess);
  // Null destination, or rows wider than the pitch.
  CHECK(hipMemset2D(nullptr, 16, 0, 8, 4) == hipErrorInvalidValue);
  CHECK(hipMemset2D(p, 4, 0, 8, 4) == hipErrorInvalidValue);
  CHECK(hipMemset2DAsync(p, 4, 0, 8, 2, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemset2D_spt(nullptr, 16, 0, 8, 4) == hipErrorInvalidValue);
  CHECK(hipMemset2DAsync_spt(p, 4, 0, 8, 2, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemset2DAsync(p, 16, 0, 8, 4, destroyedStream()) == hipErrorContextIsDestroyed);
  // Valid fills: each row's first `width` bytes, nothing between rows.
  auto* b = static_cast<unsigned char*>(p);
  std::memset(b, 0, 256);
  CHECK(hipMemset2D(p, 16, 0xAB, 8, 4) == hipSuccess);
  CHECK(b[0] == 0xAB);
  CHECK(b[7] == 0xAB);
  CHECK(b[8] == 0);
  CHECK(b[16 * 3 + 7] == 0xAB);
  CHECK(b[16 * 3 + 8] == 0);
  CHECK(b[16 * 4] == 0);
  CHECK(hipMemset2DAsync(p, 16, 1, 16, 4) == hipSuccess);  // contiguous rows: one fill
  CHECK(b[63] == 1);
  CHECK(b[64] == 0);
  CHECK(hipMemset2D_spt(p, 16, 2, 8, 4) == hipSuccess);
  CHECK(b[48] == 2);
  CHECK(hipMemset2DAsync_spt(p, 16, 3, 8, 4, nullptr) == hipSuccess);
  CHECK(b[0] == 3);
  // The region must lie in one allocation (AMD: hipErrorInvalidValue).
  CHECK(hipMemset2D(p, 128, 0, 8, 3) == hipErrorInvalidValue);  // rows end at 264 > 256
  unsigned char stack[64] = {};
  CHECK(hipMemset2D(stack, 16, 0, 8, 4) == hipErrorInvalidValue);
  CHECK(hipFree(p) == hipSuccess);
  (void)hipGetLastError();
}
