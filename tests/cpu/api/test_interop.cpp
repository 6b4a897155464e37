// unihip's interop extensions (unihipStreamGetNativeHandle, unihipEventGetNativeHandle,
// unihipDeviceGetNativeContext) against the fake backend: the handles the backend made, and the
// answers for bad input.
#include <catch2/catch.hpp>

#include "api_cases.h"
#include "core/handles.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("interop: the vendor handles behind streams, events and contexts") {
  installFake(1);
  void* handle = reinterpret_cast<void*>(0x1);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(unihipStreamGetNativeHandle(s, &handle) == hipSuccess);
  CHECK(handle == static_cast<void*>(s->native.get()));  // the backend's own stream
  REQUIRE(unihipStreamGetNativeHandle(nullptr, &handle) == hipSuccess);
  CHECK(handle == nullptr);  // the null stream, as the vendor spells it
  REQUIRE(unihipStreamGetNativeHandle(hipStreamPerThread, &handle) == hipSuccess);
  CHECK(handle == reinterpret_cast<void*>(0x2));
  CHECK(unihipStreamGetNativeHandle(s, nullptr) == hipErrorInvalidValue);
  CHECK(unihipStreamGetNativeHandle(destroyedStream(), &handle) == hipErrorContextIsDestroyed);
  CHECK(unihipStreamGetNativeHandle(reinterpret_cast<hipStream_t>(0xFFFF), &handle) ==
        hipErrorContextIsDestroyed);

  hipEvent_t e = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  REQUIRE(unihipEventGetNativeHandle(e, &handle) == hipSuccess);
  CHECK(handle == static_cast<void*>(e->native.get()));
  CHECK(unihipEventGetNativeHandle(e, nullptr) == hipErrorInvalidValue);
  CHECK(unihipEventGetNativeHandle(nullptr, &handle) == hipErrorInvalidHandle);
  REQUIRE(hipEventDestroy(e) == hipSuccess);
  CHECK(unihipEventGetNativeHandle(e, &handle) == hipErrorInvalidHandle);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);

  // The fake has no vendor context; bad ordinals and outputs are checked first.
  CHECK(unihipDeviceGetNativeContext(3, &handle) == hipErrorInvalidDevice);
  CHECK(unihipDeviceGetNativeContext(-1, &handle) == hipErrorInvalidDevice);
  CHECK(unihipDeviceGetNativeContext(0, nullptr) == hipErrorInvalidValue);
  CHECK(unihipDeviceGetNativeContext(0, &handle) == hipErrorNotSupported);
  CHECK(unihipDeviceBindNativeContext(3) == hipErrorInvalidDevice);
  CHECK(unihipDeviceBindNativeContext(-1) == hipErrorInvalidDevice);
  CHECK(unihipDeviceBindNativeContext(0) == hipErrorNotSupported);
  installNoBackend();
  CHECK(unihipDeviceGetNativeContext(0, &handle) == hipErrorNoDevice);
  (void)hipGetLastError();
}
