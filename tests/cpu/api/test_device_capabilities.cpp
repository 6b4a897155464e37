// The device's capabilities (seam/device_capabilities.h) choose between a vendor's native
// operation and the generic path before the call: off, the generic path runs and the vendor is
// not asked; on, the vendor's answer is the call's, a refusal included (it no longer switches to
// the generic path behind the user's back).
#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

#include "install_fake.h"

using namespace unihip::testing;

namespace {

constexpr size_t kWidth = 16, kHeight = 4, kSrcPitch = 24;

// A 2-D host-to-device copy of kHeight rows of kWidth bytes into a pitched allocation.
struct Copy2D {
  void* dst = nullptr;
  size_t pitch = 0;
  std::vector<unsigned char> src = std::vector<unsigned char>(kSrcPitch * kHeight);
  Copy2D() {
    REQUIRE(hipMallocPitch(&dst, &pitch, kWidth, kHeight) == hipSuccess);
    std::memset(dst, 0, pitch * kHeight);
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i + 1);
  }
  ~Copy2D() { CHECK(hipFree(dst) == hipSuccess); }
  hipError_t run() {
    return hipMemcpy2D(dst, pitch, src.data(), kSrcPitch, kWidth, kHeight,
                       hipMemcpyHostToDevice);
  }
  bool copied() const {
    for (size_t y = 0; y < kHeight; ++y)
      if (std::memcmp(static_cast<char*>(dst) + y * pitch, src.data() + y * kSrcPitch, kWidth))
        return false;
    return true;
  }
  bool untouched() const {
    for (size_t i = 0; i < pitch * kHeight; ++i)
      if (static_cast<unsigned char*>(dst)[i] != 0) return false;
    return true;
  }
};

}  // namespace

TEST_CASE("capabilities: a 2-D copy without pitched copies goes row by row", "[capabilities]") {
  auto* fake = installFake();
  Copy2D c;
  REQUIRE(c.run() == hipSuccess);
  CHECK(c.copied());
  CHECK(fake->pitchedCopyCalls == 0);
}

TEST_CASE("capabilities: a 2-D copy with pitched copies is one vendor operation",
          "[capabilities]") {
  auto* fake = installFake();
  fake->caps.pitchedCopies = true;
  Copy2D c;
  REQUIRE(c.run() == hipSuccess);
  CHECK(c.copied());
  CHECK(fake->pitchedCopyCalls == 1);
}

TEST_CASE("capabilities: a vendor's refused pitched copy is the answer", "[capabilities]") {
  auto* fake = installFake();
  fake->caps.pitchedCopies = true;
  Copy2D c;
  SECTION("not supported by the driver") {
    fake->pitchedAnswer = hipErrorNotSupported;
    CHECK(c.run() == hipErrorNotSupported);
  }
  SECTION("another refusal") {
    fake->pitchedAnswer = hipErrorInvalidPitchValue;
    CHECK(c.run() == hipErrorInvalidPitchValue);
  }
  CHECK(fake->pitchedCopyCalls == 1);
  CHECK(c.untouched());  // no generic copy behind the refusal
}

TEST_CASE("capabilities: 2-D fills follow pitchedFills", "[capabilities]") {
  auto* fake = installFake();
  void* p = nullptr;
  size_t pitch = 0;
  REQUIRE(hipMallocPitch(&p, &pitch, kWidth, kHeight) == hipSuccess);
  std::memset(p, 0, pitch * kHeight);
  const auto filled = [&] {
    for (size_t y = 0; y < kHeight; ++y)
      for (size_t x = 0; x < kWidth; ++x)
        if (static_cast<unsigned char*>(p)[y * pitch + x] != 0x5a) return false;
    return true;
  };
  SECTION("off: row by row") {
    REQUIRE(hipMemset2D(p, pitch, 0x5a, kWidth, kHeight) == hipSuccess);
    CHECK(filled());
    CHECK(fake->pitchedFillCalls == 0);
  }
  SECTION("on: one vendor fill") {
    fake->caps.pitchedFills = true;
    REQUIRE(hipMemset2D(p, pitch, 0x5a, kWidth, kHeight) == hipSuccess);
    CHECK(filled());
    CHECK(fake->pitchedFillCalls == 1);
  }
  SECTION("on, refused: the vendor's error, nothing filled") {
    fake->caps.pitchedFills = true;
    fake->pitchedAnswer = hipErrorNotSupported;
    CHECK(hipMemset2D(p, pitch, 0x5a, kWidth, kHeight) == hipErrorNotSupported);
    CHECK(fake->pitchedFillCalls == 1);
    CHECK(static_cast<unsigned char*>(p)[0] == 0);
  }
  CHECK(hipFree(p) == hipSuccess);
}

TEST_CASE("capabilities: batch copies follow batchCopies", "[capabilities]") {
  auto* fake = installFake();
  char a[16] = "batched", b[16] = {};
  void* dsts[1] = {b};
  void* srcs[1] = {a};
  size_t sizes[1] = {8};
  size_t failIdx = 0;
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  SECTION("off: copy by copy, the vendor not asked") {
    CHECK(hipMemcpyBatchAsync(dsts, srcs, sizes, 1, nullptr, nullptr, 0, &failIdx, s) ==
          hipSuccess);
    CHECK(hipStreamSynchronize(s) == hipSuccess);
    CHECK(std::strcmp(b, "batched") == 0);
    CHECK(fake->batchCalls == 0);
  }
  SECTION("on, refused: the vendor's error, nothing copied") {
    fake->caps.batchCopies = true;
    fake->batchCopyAnswer = hipErrorNotSupported;
    CHECK(hipMemcpyBatchAsync(dsts, srcs, sizes, 1, nullptr, nullptr, 0, &failIdx, s) ==
          hipErrorNotSupported);
    CHECK(fake->batchCalls == 1);
    CHECK(failIdx == SIZE_MAX);
    CHECK(b[0] == 0);
  }
  CHECK(hipStreamDestroy(s) == hipSuccess);
}
