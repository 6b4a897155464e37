// Peer access on the HSA backend over a fake ROCr with two GPUs, through the HIP API: enabling
// access from the current device to a peer names the current device's agent on every existing
// and later hipMalloc allocation of the peer (hsa_amd_agents_allow_access), as AMD's runtime
// does; disabling stops naming it for later ones. The codes are those of
// tests/cpu/api/test_memory_peer.cpp and test_context.cpp, so both vendors agree.
#include <catch2/catch.hpp>

#include "hip/hip_runtime_api.h"
#include "test_support.h"

using unihip::hsa::test::FakeRuntime;
using unihip::hsa::test::FakeSystem;
using unihip::hsa::test::fakeAllowed;
using unihip::hsa::test::fakeSwitch;

namespace {

void* deviceMalloc(int device) {
  int current = 0;
  REQUIRE(hipGetDevice(&current) == hipSuccess);
  REQUIRE(hipSetDevice(device) == hipSuccess);
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 4096) == hipSuccess);
  REQUIRE(hipSetDevice(current) == hipSuccess);
  return p;
}

}  // namespace

TEST_CASE("peer access: the peer's allocations, existing and new, become reachable",
          "[hsa][peer]") {
  FakeSystem system(2, false);
  FakeRuntime runtime;
  int count = 0;
  REQUIRE(hipGetDeviceCount(&count) == hipSuccess);
  REQUIRE(count == 2);
  int can = -1;
  REQUIRE(hipDeviceCanAccessPeer(&can, 0, 1) == hipSuccess);
  CHECK(can == 1);
  REQUIRE(hipDeviceCanAccessPeer(&can, 1, 0) == hipSuccess);
  CHECK(can == 1);
  REQUIRE(hipDeviceCanAccessPeer(&can, 0, 0) == hipSuccess);
  CHECK(can == 0);

  void* existing = deviceMalloc(1);
  void* own = deviceMalloc(0);
  CHECK_FALSE(fakeAllowed(existing, 0));

  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipDeviceDisablePeerAccess(1) == hipErrorPeerAccessNotEnabled);
  REQUIRE(hipDeviceEnablePeerAccess(1, 0) == hipSuccess);
  CHECK(fakeAllowed(existing, 0));  // device 0 reaches device 1's memory
  CHECK(fakeAllowed(existing, 1));  // its owner stays named
  CHECK_FALSE(fakeAllowed(own, 1));  // one direction only
  CHECK(hipDeviceEnablePeerAccess(1, 0) == hipErrorPeerAccessAlreadyEnabled);
  CHECK(hipGetLastError() == hipErrorPeerAccessAlreadyEnabled);

  void* later = deviceMalloc(1);
  CHECK(fakeAllowed(later, 0));
  void* ownLater = deviceMalloc(0);
  CHECK_FALSE(fakeAllowed(ownLater, 1));

  // The other direction is its own flag.
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipDeviceDisablePeerAccess(0) == hipErrorPeerAccessNotEnabled);
  REQUIRE(hipDeviceEnablePeerAccess(0, 0) == hipSuccess);
  CHECK(fakeAllowed(own, 1));
  CHECK(fakeAllowed(ownLater, 1));
  REQUIRE(hipDeviceDisablePeerAccess(0) == hipSuccess);

  // Disabled: later allocations of the peer no longer name device 0.
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipDeviceDisablePeerAccess(1) == hipSuccess);
  CHECK(hipDeviceDisablePeerAccess(1) == hipErrorPeerAccessNotEnabled);
  void* afterDisable = deviceMalloc(1);
  CHECK_FALSE(fakeAllowed(afterDisable, 0));
  // Enabled again: every live allocation of the peer, the one made meanwhile included.
  REQUIRE(hipDeviceEnablePeerAccess(1, 0) == hipSuccess);
  CHECK(fakeAllowed(afterDisable, 0));
  REQUIRE(hipFree(afterDisable) == hipSuccess);
  void* reused = deviceMalloc(1);
  CHECK(fakeAllowed(reused, 0));
  REQUIRE(hipDeviceDisablePeerAccess(1) == hipSuccess);

  // A copy between the two devices still works.
  REQUIRE(hipMemset(existing, 0x42, 4096) == hipSuccess);
  REQUIRE(hipMemcpyPeer(own, 0, existing, 1, 4096) == hipSuccess);
  unsigned char host[4] = {};
  REQUIRE(hipMemcpy(host, own, sizeof host, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(host[3] == 0x42);

  for (void* p : {existing, own, later, ownLater, reused}) CHECK(hipFree(p) == hipSuccess);
}

TEST_CASE("peer access: bad devices and flags answer HIP's codes on AMD", "[hsa][peer]") {
  FakeSystem system(2, false);
  FakeRuntime runtime;
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipDeviceEnablePeerAccess(0, 0) == hipErrorInvalidDevice);   // itself
  CHECK(hipDeviceEnablePeerAccess(2, 0) == hipErrorInvalidDevice);   // out of range
  CHECK(hipDeviceEnablePeerAccess(-1, 0) == hipErrorInvalidDevice);
  CHECK(hipDeviceEnablePeerAccess(1, 1) == hipErrorInvalidValue);    // flags
  CHECK(hipDeviceDisablePeerAccess(0) == hipErrorInvalidDevice);
  CHECK(hipDeviceDisablePeerAccess(5) == hipErrorInvalidDevice);
  CHECK(hipDeviceDisablePeerAccess(-3) == hipErrorInvalidDevice);
  int can = 0;
  CHECK(hipDeviceCanAccessPeer(nullptr, 0, 1) == hipErrorInvalidValue);
  CHECK(hipDeviceCanAccessPeer(&can, 0, 2) == hipErrorInvalidDevice);
  CHECK(hipDeviceCanAccessPeer(&can, -1, 1) == hipErrorInvalidDevice);

  // The context forms: peer access to the context's device.
  hipCtx_t peer = nullptr, self = nullptr;
  REQUIRE(hipDevicePrimaryCtxRetain(&peer, 1) == hipSuccess);
  REQUIRE(hipDevicePrimaryCtxRetain(&self, 0) == hipSuccess);
  CHECK(hipCtxEnablePeerAccess(peer, 1) == hipErrorInvalidValue);
  CHECK(hipCtxEnablePeerAccess(nullptr, 0) == hipErrorInvalidContext);
  CHECK(hipCtxEnablePeerAccess(self, 0) == hipErrorInvalidDevice);
  CHECK(hipCtxDisablePeerAccess(nullptr) == hipErrorInvalidContext);
  CHECK(hipCtxDisablePeerAccess(self) == hipErrorInvalidDevice);
  CHECK(hipCtxDisablePeerAccess(peer) == hipErrorPeerAccessNotEnabled);
  void* existing = deviceMalloc(1);
  CHECK(hipCtxEnablePeerAccess(peer, 0) == hipSuccess);
  CHECK(fakeAllowed(existing, 0));
  CHECK(hipCtxEnablePeerAccess(peer, 0) == hipErrorPeerAccessAlreadyEnabled);
  CHECK(hipDeviceDisablePeerAccess(1) == hipSuccess);  // the same flag as the device API's
  CHECK(hipCtxDisablePeerAccess(peer) == hipErrorPeerAccessNotEnabled);
  CHECK(hipFree(existing) == hipSuccess);
  CHECK(hipDevicePrimaryCtxRelease(1) == hipSuccess);
  CHECK(hipDevicePrimaryCtxRelease(0) == hipSuccess);
}

TEST_CASE("peer access: GPUs without a path to each other's memory", "[hsa][peer]") {
  FakeSystem system(2, false);
  fakeSwitch("fake_hsa_set_peer_pools", 0);  // ROCr: NEVER_ALLOWED
  FakeRuntime runtime;
  int can = -1;
  REQUIRE(hipDeviceCanAccessPeer(&can, 0, 1) == hipSuccess);
  CHECK(can == 0);
  int value = -1;
  REQUIRE(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, 1) == hipSuccess);
  CHECK(value == 0);
  void* existing = deviceMalloc(1);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipDeviceEnablePeerAccess(1, 0) == hipErrorPeerAccessUnsupported);
  CHECK_FALSE(fakeAllowed(existing, 0));
  CHECK(hipDeviceDisablePeerAccess(1) == hipErrorPeerAccessNotEnabled);
  CHECK(hipFree(existing) == hipSuccess);
}

TEST_CASE("peer access: one GPU has no peer", "[hsa][peer]") {
  FakeSystem system(1, false);
  FakeRuntime runtime;
  CHECK(hipDeviceEnablePeerAccess(1, 0) == hipErrorInvalidDevice);
  CHECK(hipDeviceEnablePeerAccess(0, 0) == hipErrorInvalidDevice);
  CHECK(hipDeviceDisablePeerAccess(1) == hipErrorInvalidDevice);
  int can = -1;
  REQUIRE(hipDeviceCanAccessPeer(&can, 0, 0) == hipSuccess);
  CHECK(can == 0);
}
