// Context family (exec): the deprecated hipCtx* / hipDevicePrimaryCtx* API over primary
// contexts, checked against the fake backend.
#include <catch2/catch.hpp>

#include <thread>

#include "install_fake.h"

using namespace unihip::testing;

namespace {
// Leaves the calling thread's context stack empty.
void drainContextStack() {
  hipCtx_t c;
  while (hipCtxPopCurrent(&c) == hipSuccess) {
  }
  (void)hipGetLastError();
}
}  // namespace

TEST_CASE("hipCtxCreate hands out the device's primary context and makes it current") {
  installFake(2);
  drainContextStack();
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipCtx_t a = nullptr, b = nullptr, cur = nullptr;
  CHECK(hipCtxCreate(nullptr, 0, 0) == hipErrorInvalidValue);
  CHECK(hipCtxCreate(&a, 0, 2) == hipErrorInvalidDevice);
  REQUIRE(hipCtxCreate(&a, 0, 1) == hipSuccess);
  REQUIRE(a != nullptr);
  int dev = -1;
  REQUIRE(hipGetDevice(&dev) == hipSuccess);
  CHECK(dev == 1);
  REQUIRE(hipCtxGetCurrent(&cur) == hipSuccess);
  CHECK(cur == a);
  REQUIRE(hipDevicePrimaryCtxRetain(&b, 1) == hipSuccess);
  CHECK(b == a);  // one context per device
  REQUIRE(hipDevicePrimaryCtxRelease(1) == hipSuccess);
  CHECK(hipCtxDestroy(nullptr) == hipErrorInvalidValue);
  CHECK(hipCtxDestroy(reinterpret_cast<hipCtx_t>(0x10)) == hipErrorInvalidContext);
  REQUIRE(hipCtxDestroy(a) == hipSuccess);
  CHECK(hipCtxPopCurrent(&cur) == hipErrorInvalidContext);  // destroy popped it
  REQUIRE(hipSetDevice(0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipCtxPushCurrent / hipCtxPopCurrent / hipCtxSetCurrent select the device", "[threads]") {
  installFake(2);
  drainContextStack();
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipCtx_t c0 = nullptr, c1 = nullptr, got = nullptr;
  REQUIRE(hipDevicePrimaryCtxRetain(&c0, 0) == hipSuccess);
  REQUIRE(hipDevicePrimaryCtxRetain(&c1, 1) == hipSuccess);
  CHECK(c0 != c1);
  CHECK(hipCtxPushCurrent(nullptr) == hipErrorInvalidContext);
  CHECK(hipCtxPushCurrent(reinterpret_cast<hipCtx_t>(&got)) == hipErrorInvalidContext);
  REQUIRE(hipCtxPushCurrent(c1) == hipSuccess);
  hipDevice_t d = -1;
  CHECK(hipCtxGetDevice(nullptr) == hipErrorInvalidValue);
  REQUIRE(hipCtxGetDevice(&d) == hipSuccess);
  CHECK(d == 1);
  REQUIRE(hipCtxPushCurrent(c0) == hipSuccess);
  REQUIRE(hipCtxGetDevice(&d) == hipSuccess);
  CHECK(d == 0);
  REQUIRE(hipCtxPopCurrent(&got) == hipSuccess);
  CHECK(got == c0);
  REQUIRE(hipCtxGetDevice(&d) == hipSuccess);
  CHECK(d == 1);  // back to the context below
  REQUIRE(hipCtxSetCurrent(c0) == hipSuccess);  // replaces the top
  REQUIRE(hipCtxGetCurrent(&got) == hipSuccess);
  CHECK(got == c0);
  CHECK(hipCtxGetCurrent(nullptr) == hipErrorInvalidValue);
  REQUIRE(hipCtxSetCurrent(nullptr) == hipSuccess);  // unbinds
  CHECK(hipCtxPopCurrent(nullptr) == hipErrorInvalidContext);
  CHECK(hipCtxSetCurrent(reinterpret_cast<hipCtx_t>(0x10)) == hipErrorInvalidContext);
  // The stack is per thread: another thread sees its current device's primary context.
  REQUIRE(hipCtxPushCurrent(c1) == hipSuccess);
  hipCtx_t other = nullptr;
  std::thread([&] { (void)hipCtxGetCurrent(&other); }).join();
  CHECK(other == c0);
  drainContextStack();
  REQUIRE(hipDevicePrimaryCtxRelease(0) == hipSuccess);
  REQUIRE(hipDevicePrimaryCtxRelease(1) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("context queries, configuration and synchronization") {
  installFake(1);
  drainContextStack();
  hipCtx_t c = nullptr;
  REQUIRE(hipCtxGetCurrent(&c) == hipSuccess);
  unsigned int v = 0;
  CHECK(hipCtxGetApiVersion(c, nullptr) == hipErrorInvalidValue);
  CHECK(hipCtxGetApiVersion(reinterpret_cast<hipCtx_t>(0x10), &v) == hipErrorInvalidContext);
  REQUIRE(hipCtxGetApiVersion(c, &v) == hipSuccess);
  CHECK(v == 4);
  CHECK(hipCtxSynchronize() == hipSuccess);
  unsigned int flags = 99;
  CHECK(hipCtxGetFlags(nullptr) == hipErrorInvalidValue);
  REQUIRE(hipCtxGetFlags(&flags) == hipSuccess);
  hipFuncCache_t cc;
  CHECK(hipCtxGetCacheConfig(nullptr) == hipErrorInvalidValue);
  CHECK(hipCtxSetCacheConfig(static_cast<hipFuncCache_t>(-1)) == hipErrorInvalidValue);
  REQUIRE(hipCtxSetCacheConfig(hipFuncCachePreferShared) == hipSuccess);
  REQUIRE(hipCtxGetCacheConfig(&cc) == hipSuccess);
  CHECK(cc == hipFuncCachePreferShared);
  REQUIRE(hipCtxSetCacheConfig(hipFuncCachePreferNone) == hipSuccess);
  hipSharedMemConfig m;
  CHECK(hipCtxGetSharedMemConfig(nullptr) == hipErrorInvalidValue);
  REQUIRE(hipCtxGetSharedMemConfig(&m) == hipSuccess);
  CHECK(m == hipSharedMemBankSizeFourByte);
  CHECK(hipCtxSetSharedMemConfig(static_cast<hipSharedMemConfig>(7)) == hipErrorInvalidValue);
  CHECK(hipCtxSetSharedMemConfig(hipSharedMemBankSizeFourByte) == hipSuccess);
  CHECK(hipCtxEnablePeerAccess(c, 1) == hipErrorInvalidValue);
  CHECK(hipCtxEnablePeerAccess(nullptr, 0) == hipErrorInvalidContext);
  CHECK(hipCtxEnablePeerAccess(c, 0) == hipErrorInvalidDevice);  // not its own peer
  CHECK(hipCtxDisablePeerAccess(nullptr) == hipErrorInvalidContext);
  CHECK(hipCtxDisablePeerAccess(c) == hipErrorInvalidDevice);
  installNoBackend();
  CHECK(hipCtxSynchronize() == hipErrorNoDevice);
  CHECK(hipCtxGetCurrent(&c) == hipErrorNoDevice);
  (void)hipGetLastError();
}

TEST_CASE("primary-context state, flags and reset") {
  installFake(2);
  unsigned int flags = 0;
  int active = 0;
  CHECK(hipDevicePrimaryCtxGetState(0, nullptr, &active) == hipErrorInvalidValue);
  CHECK(hipDevicePrimaryCtxGetState(0, &flags, nullptr) == hipErrorInvalidValue);
  CHECK(hipDevicePrimaryCtxGetState(5, &flags, &active) == hipErrorInvalidDevice);
  REQUIRE(hipDevicePrimaryCtxGetState(1, &flags, &active) == hipSuccess);
  CHECK(active == 1);
  hipCtx_t c;
  CHECK(hipDevicePrimaryCtxRetain(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipDevicePrimaryCtxRetain(&c, -1) == hipErrorInvalidDevice);
  CHECK(hipDevicePrimaryCtxRelease(2) == hipErrorInvalidDevice);
  CHECK(hipDevicePrimaryCtxSetFlags(2, 0) == hipErrorInvalidDevice);
  CHECK(hipDevicePrimaryCtxSetFlags(0, 0x100) == hipErrorInvalidValue);
  CHECK(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleSpin) == hipErrorContextAlreadyInUse);
  CHECK(hipDevicePrimaryCtxReset(7) == hipErrorInvalidDevice);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipStream_t s = nullptr;
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipDevicePrimaryCtxReset(1) == hipSuccess);
  CHECK(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);  // device 1 was reset
  int dev = -1;
  REQUIRE(hipGetDevice(&dev) == hipSuccess);
  CHECK(dev == 0);  // the caller's device is unchanged
  (void)hipGetLastError();
}

TEST_CASE("hipCtxEnablePeerAccess / Disable: peer access to the context's device") {
  installFake(2);
  drainContextStack();
  REQUIRE(hipSetDevice(1) == hipSuccess);
  hipCtx_t peer = nullptr;
  REQUIRE(hipCtxGetCurrent(&peer) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipCtxDisablePeerAccess(peer) == hipErrorPeerAccessNotEnabled);
  CHECK(hipCtxEnablePeerAccess(peer, 0) == hipSuccess);
  CHECK(hipCtxEnablePeerAccess(peer, 0) == hipErrorPeerAccessAlreadyEnabled);
  CHECK(hipDeviceDisablePeerAccess(1) == hipSuccess);  // the same flag as the device API's
  CHECK(hipCtxDisablePeerAccess(peer) == hipErrorPeerAccessNotEnabled);
  (void)hipGetLastError();
}
