// Peer devices (hip_peer.cpp) against fake backends: HIP's answers for ordinals and outputs,
// the backend's answer for devices of one backend, never peers across backends.
#include <catch2/catch.hpp>

#include <cstring>

#include <memory>
#include <vector>

#include "install_fake.h"

using namespace unihip;
using namespace unihip::testing;

TEST_CASE("peer queries: HIP's answers") {
  installFake(2);
  int v = -1;
  CHECK(hipDeviceCanAccessPeer(&v, 0, 1) == hipSuccess);
  CHECK(v == 1);
  CHECK(hipDeviceCanAccessPeer(&v, 1, 1) == hipSuccess);  // not its own peer
  CHECK(v == 0);
  CHECK(hipDeviceCanAccessPeer(nullptr, 0, 1) == hipErrorInvalidValue);
  CHECK(hipDeviceCanAccessPeer(&v, 0, 2) == hipErrorInvalidDevice);
  CHECK(hipDeviceCanAccessPeer(&v, -1, 0) == hipErrorInvalidDevice);

  CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, 1) == hipSuccess);
  CHECK(v == 1);
  CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrPerformanceRank, 1, 0) == hipSuccess);
  CHECK(v == 0);
  CHECK(hipDeviceGetP2PAttribute(nullptr, hipDevP2PAttrAccessSupported, 0, 1) ==
        hipErrorInvalidValue);
  CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, 0) ==
        hipErrorInvalidDevice);
  CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, 5) ==
        hipErrorInvalidDevice);
  CHECK(hipDeviceGetP2PAttribute(&v, static_cast<hipDeviceP2PAttr>(42), 0, 1) ==
        hipErrorInvalidValue);

  uint32_t type = 0, hops = 0;
  CHECK(hipExtGetLinkTypeAndHopCount(0, 1, &type, &hops) == hipErrorNotSupported);  // fake: none
  CHECK(hipExtGetLinkTypeAndHopCount(0, 0, &type, &hops) == hipErrorInvalidValue);
  CHECK(hipExtGetLinkTypeAndHopCount(0, 1, nullptr, &hops) == hipErrorInvalidValue);
  CHECK(hipExtGetLinkTypeAndHopCount(0, 1, &type, nullptr) == hipErrorInvalidValue);
  CHECK(hipExtGetLinkTypeAndHopCount(0, 9, &type, &hops) == hipErrorInvalidDevice);
  // AMD checks negative ordinals before the device count (hip-tests: InvalidValue).
  CHECK(hipExtGetLinkTypeAndHopCount(-1, 0, &type, &hops) == hipErrorInvalidValue);
  CHECK(hipExtGetLinkTypeAndHopCount(0, -1, &type, &hops) == hipErrorInvalidValue);
  CHECK(hipExtGetLinkTypeAndHopCount(-1, -2, &type, &hops) == hipErrorInvalidValue);
  CHECK(hipExtGetLinkTypeAndHopCount(9, 0, &type, &hops) == hipErrorInvalidDevice);
  (void)hipGetLastError();
}

TEST_CASE("peer queries: devices of different backends are never peers") {
  std::vector<std::unique_ptr<Backend>> backends;
  backends.push_back(std::make_unique<FakeBackend>(1, "sm_90"));
  backends.push_back(std::make_unique<FakeBackend>(1, "gfx90a"));
  Runtime::get().resetForTesting(std::move(backends));
  int v = -1;
  CHECK(hipDeviceCanAccessPeer(&v, 0, 1) == hipSuccess);
  CHECK(v == 0);
  v = -1;
  CHECK(hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 1, 0) == hipSuccess);
  CHECK(v == 0);
  uint32_t type = 0, hops = 0;
  CHECK(hipExtGetLinkTypeAndHopCount(0, 1, &type, &hops) == hipErrorNotSupported);

  // A pointer of the other backend is still found (asked of every backend).
  REQUIRE(hipSetDevice(1) == hipSuccess);
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 48) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  size_t size = 0;
  CHECK(hipMemPtrGetInfo(p, &size) == hipSuccess);
  CHECK(size == 48);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipFree(p) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("peer access and peer copies: validated, then the backend's") {
  installFake(2);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipDeviceEnablePeerAccess(5, 0) == hipErrorInvalidDevice);
  CHECK(hipDeviceEnablePeerAccess(0, 0) == hipErrorInvalidDevice);
  CHECK(hipDeviceEnablePeerAccess(1, 1) == hipErrorInvalidValue);
  CHECK(hipDeviceDisablePeerAccess(-3) == hipErrorInvalidDevice);
  CHECK(hipDeviceDisablePeerAccess(1) == hipErrorPeerAccessNotEnabled);
  CHECK(hipDeviceEnablePeerAccess(1, 0) == hipSuccess);
  CHECK(hipDeviceEnablePeerAccess(1, 0) == hipErrorPeerAccessAlreadyEnabled);
  CHECK(hipGetLastError() == hipErrorPeerAccessAlreadyEnabled);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipDeviceEnablePeerAccess(0, 0) == hipSuccess);  // each direction on its own
  CHECK(hipDeviceDisablePeerAccess(0) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipDeviceDisablePeerAccess(1) == hipSuccess);
  CHECK(hipDeviceDisablePeerAccess(1) == hipErrorPeerAccessNotEnabled);

  char a[8] = {}, b[8] = {};
  CHECK(hipMemcpyPeer(a, 0, b, 7, 8) == hipErrorInvalidDevice);
  CHECK(hipMemcpyPeer(nullptr, 0, b, 1, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyPeer(nullptr, 0, nullptr, 1, 0) == hipSuccess);
  CHECK(hipMemcpyPeerAsync(a, 9, b, 1, 8, nullptr) == hipErrorInvalidDevice);
  CHECK(hipMemcpyPeerAsync(a, 0, nullptr, 1, 8) == hipErrorInvalidValue);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipMemcpyPeerAsync(a, 0, b, 1, 8, s) == hipErrorContextIsDestroyed);

  // A copy between allocations of the two devices.
  char* d0 = nullptr;
  char* d1 = nullptr;
  REQUIRE(hipMalloc(&d0, 8) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipMalloc(&d1, 8) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  std::memcpy(d1, "peer-cp", 8);  // fake device memory is host memory
  CHECK(hipMemcpyPeer(d0, 0, d1, 1, 8) == hipSuccess);
  CHECK(std::memcmp(d0, "peer-cp", 8) == 0);
  std::memcpy(d0, "async!!", 8);
  CHECK(hipMemcpyPeerAsync(d1, 1, d0, 0, 8) == hipSuccess);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  CHECK(std::memcmp(d1, "async!!", 8) == 0);
  CHECK(hipFree(d0) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipFree(d1) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  (void)hipGetLastError();
}
