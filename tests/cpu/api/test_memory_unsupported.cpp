// Memory functions unihip does not implement yet: HIP's argument checks first (AMD's codes),
// then hipErrorNotSupported, never a false success.
#include <catch2/catch.hpp>

#include "install_fake.h"

using namespace unihip::testing;

namespace {
hipStream_t destroyedStream() {
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  return s;
}
}  // namespace

TEST_CASE("managed memory: validated, then not supported") {
  installFake(2);
  void* p = nullptr;
  int buf[4] = {};
  CHECK(hipMallocManaged(nullptr, 64) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 0) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 64, hipMemAttachSingle) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 64, hipMemAttachHost) == hipErrorNotSupported);
  CHECK(hipMallocManaged(&p, 64) == hipErrorNotSupported);
  CHECK(p == nullptr);

  CHECK(hipMemPrefetchAsync(nullptr, 64, 0) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync(buf, 0, 0) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync(buf, 16, 7) == hipErrorInvalidDevice);
  CHECK(hipMemPrefetchAsync(buf, 16, 0, destroyedStream()) == hipErrorContextIsDestroyed);
  CHECK(hipMemPrefetchAsync(buf, 16, hipCpuDeviceId) == hipErrorNotSupported);
  CHECK(hipMemPrefetchAsync(buf, 16, 1) == hipErrorNotSupported);

  CHECK(hipMemAdvise(nullptr, 16, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(buf, 0, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(buf, 16, static_cast<hipMemoryAdvise>(77), 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(buf, 16, hipMemAdviseSetAccessedBy, 3) == hipErrorInvalidDevice);
  CHECK(hipMemAdvise(buf, 16, hipMemAdviseSetCoarseGrain, 0) == hipErrorNotSupported);

  int out = 0;
  CHECK(hipMemRangeGetAttribute(nullptr, 4, hipMemRangeAttributeReadMostly, buf, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, nullptr, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, buf, 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 3, hipMemRangeAttributeReadMostly, buf, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, static_cast<hipMemRangeAttribute>(9), buf, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeCoherencyMode, buf, 16) ==
        hipErrorNotSupported);

  void* data[1] = {&out};
  size_t sizes[1] = {4};
  hipMemRangeAttribute attrs[1] = {hipMemRangeAttributePreferredLocation};
  CHECK(hipMemRangeGetAttributes(nullptr, sizes, attrs, 1, buf, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 0, buf, 16) == hipErrorInvalidValue);
  sizes[0] = 6;
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 1, buf, 16) == hipErrorInvalidValue);
  sizes[0] = 4;
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 1, buf, 16) == hipErrorNotSupported);

  CHECK(hipStreamAttachMemAsync(nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(nullptr, buf, 0, 0x10) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(destroyedStream(), buf) == hipErrorContextIsDestroyed);
  CHECK(hipStreamAttachMemAsync(nullptr, buf) == hipErrorNotSupported);
  (void)hipGetLastError();
}

TEST_CASE("host registration: validated, then not supported") {
  installFake();
  int buf[16] = {};
  CHECK(hipHostRegister(nullptr, 64, 0) == hipErrorInvalidValue);
  CHECK(hipHostRegister(buf, 0, 0) == hipErrorInvalidValue);
  CHECK(hipHostRegister(buf, 64, 0x100) == hipErrorInvalidValue);
  CHECK(hipHostRegister(buf, 64, hipHostRegisterMapped | hipHostRegisterPortable) ==
        hipErrorNotSupported);
  CHECK(hipHostUnregister(nullptr) == hipErrorInvalidValue);
  CHECK(hipHostUnregister(buf) == hipErrorHostMemoryNotRegistered);
  void* d = nullptr;
  CHECK(hipHostGetDevicePointer(nullptr, buf, 0) == hipErrorInvalidValue);
  CHECK(hipHostGetDevicePointer(&d, buf, 1) == hipErrorInvalidValue);
  CHECK(hipHostGetDevicePointer(&d, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipHostGetDevicePointer(&d, buf, 0) == hipErrorNotSupported);
  unsigned flags = 0;
  CHECK(hipHostGetFlags(nullptr, buf) == hipErrorInvalidValue);
  CHECK(hipHostGetFlags(&flags, nullptr) == hipErrorInvalidValue);
  CHECK(hipHostGetFlags(&flags, buf) == hipErrorNotSupported);
  (void)hipGetLastError();
}

TEST_CASE("pitched allocations and 2D copies: validated, then not supported") {
  installFake();
  void* p = reinterpret_cast<void*>(0x1);
  size_t pitch = 0;
  CHECK(hipMallocPitch(nullptr, &pitch, 16, 4) == hipErrorInvalidValue);
  CHECK(hipMallocPitch(&p, nullptr, 16, 4) == hipErrorInvalidValue);
  CHECK(hipMallocPitch(&p, &pitch, 16, 0) == hipSuccess);
  CHECK(p == nullptr);
  CHECK(hipMallocPitch(&p, &pitch, 16, 4) == hipErrorNotSupported);
  hipDeviceptr_t dp = nullptr;
  CHECK(hipMemAllocPitch(&dp, &pitch, 0, 4, 4) == hipErrorInvalidValue);
  CHECK(hipMemAllocPitch(&dp, &pitch, 16, 4, 3) == hipErrorInvalidValue);
  CHECK(hipMemAllocPitch(nullptr, &pitch, 16, 4, 4) == hipErrorInvalidValue);
  CHECK(hipMemAllocPitch(&dp, &pitch, 16, 4, 8) == hipErrorNotSupported);

  char a[64] = {}, b[64] = {};
  const auto bad = static_cast<hipMemcpyKind>(9);
  CHECK(hipMemcpy2D(a, 16, b, 16, 8, 4, bad) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2D(nullptr, 16, nullptr, 16, 0, 4, hipMemcpyHostToHost) == hipSuccess);
  CHECK(hipMemcpy2D(a, 4, b, 16, 8, 4, hipMemcpyHostToHost) == hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2D(a, 16, b, 4, 8, 4, hipMemcpyHostToHost) == hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2D(nullptr, 16, b, 16, 8, 4, hipMemcpyHostToHost) == hipErrorInvalidValue);
  CHECK(hipMemcpy2D(a, 16, b, 16, 8, 4, hipMemcpyHostToHost) == hipErrorNotSupported);
  CHECK(hipMemcpy2DAsync(a, 16, b, 16, 8, 4, bad) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2DAsync(a, 16, b, 16, 8, 4, hipMemcpyDefault, destroyedStream()) ==
        hipErrorContextIsDestroyed);
  CHECK(hipMemcpy2DAsync(a, 16, b, 16, 8, 4, hipMemcpyDefault) == hipErrorNotSupported);
  CHECK(hipMemcpy2D_spt(a, 4, b, 16, 8, 4, hipMemcpyDefault) == hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2D_spt(a, 16, b, 16, 8, 4, hipMemcpyDefault) == hipErrorNotSupported);
  CHECK(hipMemcpy2DAsync_spt(a, 16, nullptr, 16, 8, 4, hipMemcpyDefault, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DAsync_spt(a, 16, b, 16, 8, 4, hipMemcpyDefault, nullptr) ==
        hipErrorNotSupported);
  (void)hipGetLastError();
}
