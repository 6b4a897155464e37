// AQL packet encoding: every field of a 0xCC-filled packet checked against the HSA layout, and
// the header word (written only at publish time) left untouched by the body encoders.
#include <catch2/catch.hpp>

#include <cstring>

#include "aql_packet.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {
template <typename T>
T at(const void* packet, size_t offset) {
  T v;
  std::memcpy(&v, static_cast<const uint8_t*>(packet) + offset, sizeof v);
  return v;
}
}  // namespace

TEST_CASE("AQL packet layouts match the HSA specification", "[hsa][aql]") {
  static_assert(sizeof(hsa_kernel_dispatch_packet_t) == 64);
  static_assert(sizeof(hsa_barrier_and_packet_t) == 64);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, workgroup_size_x) == 4);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, grid_size_x) == 12);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, private_segment_size) == 24);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, group_segment_size) == 28);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, kernel_object) == 32);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, kernarg_address) == 40);
  CHECK(offsetof(hsa_kernel_dispatch_packet_t, completion_signal) == 56);
  CHECK(offsetof(hsa_barrier_and_packet_t, dep_signal) == 8);
  CHECK(offsetof(hsa_barrier_and_packet_t, completion_signal) == 56);
}

TEST_CASE("packet headers: type, barrier bit, fence scopes", "[hsa][aql]") {
  // type bits 0-7, barrier bit 8, acquire scope bits 9-10, release scope bits 11-12
  CHECK(packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, true, HSA_FENCE_SCOPE_SYSTEM,
                     HSA_FENCE_SCOPE_SYSTEM) == 0x1502);
  CHECK(packetHeader(HSA_PACKET_TYPE_BARRIER_AND, true, HSA_FENCE_SCOPE_SYSTEM,
                     HSA_FENCE_SCOPE_SYSTEM) == 0x1503);
  CHECK(packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, false, HSA_FENCE_SCOPE_AGENT,
                     HSA_FENCE_SCOPE_AGENT) == 0x0A02);
  CHECK(packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, false, HSA_FENCE_SCOPE_NONE,
                     HSA_FENCE_SCOPE_SYSTEM) == 0x1002);
  CHECK(packetHeader(HSA_PACKET_TYPE_INVALID, false, HSA_FENCE_SCOPE_NONE, HSA_FENCE_SCOPE_NONE) == 1);
  CHECK(headerWord(0x1502, 3) == 0x00031502u);
}

TEST_CASE("kernel dispatch body: every field", "[hsa][aql]") {
  alignas(64) uint8_t packet[64];
  std::memset(packet, 0xCC, sizeof packet);
  DispatchParams p;
  p.gridBlocks[0] = 40, p.gridBlocks[1] = 3, p.gridBlocks[2] = 2;
  p.blockSize[0] = 256, p.blockSize[1] = 2, p.blockSize[2] = 1;
  p.groupSegmentBytes = 1024 + 512;
  p.privateSegmentBytes = 272;
  p.kernelObject = 0x00007F0012345600ull;
  p.kernarg = reinterpret_cast<void*>(0x00007E00ABCD0040ull);
  p.completion = hsa_signal_t{0x5151515151515151ull};
  uint16_t setup = 0xFFFF;
  REQUIRE(encodeDispatchBody(p, reinterpret_cast<hsa_kernel_dispatch_packet_t*>(packet), &setup).ok());
  CHECK(setup == 3);
  CHECK(at<uint32_t>(packet, 0) == 0xCCCCCCCCu);  // header and setup: the publish step's
  CHECK(at<uint16_t>(packet, 4) == 256);
  CHECK(at<uint16_t>(packet, 6) == 2);
  CHECK(at<uint16_t>(packet, 8) == 1);
  CHECK(at<uint16_t>(packet, 10) == 0);  // reserved0
  CHECK(at<uint32_t>(packet, 12) == 40 * 256);  // grid in work-items
  CHECK(at<uint32_t>(packet, 16) == 3 * 2);
  CHECK(at<uint32_t>(packet, 20) == 2 * 1);
  CHECK(at<uint32_t>(packet, 24) == 272);
  CHECK(at<uint32_t>(packet, 28) == 1536);
  CHECK(at<uint64_t>(packet, 32) == 0x00007F0012345600ull);
  CHECK(at<uint64_t>(packet, 40) == 0x00007E00ABCD0040ull);
  CHECK(at<uint64_t>(packet, 48) == 0);  // reserved2
  CHECK(at<uint64_t>(packet, 56) == 0x5151515151515151ull);
}

TEST_CASE("dispatch setup counts dimensions", "[hsa][aql]") {
  hsa_kernel_dispatch_packet_t packet;
  uint16_t setup = 0;
  DispatchParams p;
  p.gridBlocks[0] = 1000, p.blockSize[0] = 64;
  REQUIRE(encodeDispatchBody(p, &packet, &setup).ok());
  CHECK(setup == 1);
  CHECK(packet.grid_size_y == 1);
  CHECK(packet.grid_size_z == 1);
  p.blockSize[1] = 4;
  REQUIRE(encodeDispatchBody(p, &packet, &setup).ok());
  CHECK(setup == 2);
}

TEST_CASE("geometry that does not fit AQL fields is refused", "[hsa][aql]") {
  hsa_kernel_dispatch_packet_t packet;
  uint16_t setup = 0;
  test::LogCapture log;
  DispatchParams p;
  p.gridBlocks[0] = 0x01000000, p.blockSize[0] = 1024;  // 2^34 work-items
  CHECK(encodeDispatchBody(p, &packet, &setup) == hipErrorInvalidConfiguration);
  CHECK(log.text().find("does not fit an AQL packet") != std::string::npos);
  p = DispatchParams{};
  p.blockSize[2] = 70000;  // workgroup sizes are 16-bit
  CHECK(encodeDispatchBody(p, &packet, &setup) == hipErrorInvalidConfiguration);
  p = DispatchParams{};
  p.gridBlocks[1] = 0;
  CHECK(encodeDispatchBody(p, &packet, &setup) == hipErrorInvalidConfiguration);
  p = DispatchParams{};
  p.gridBlocks[0] = 0xFFFFFFFFu, p.blockSize[0] = 1;  // exactly 2^32 - 1 work-items: fits
  CHECK(encodeDispatchBody(p, &packet, &setup).ok());
}

TEST_CASE("barrier-AND body: dependencies and completion", "[hsa][aql]") {
  alignas(64) uint8_t packet[64];
  std::memset(packet, 0xCC, sizeof packet);
  const hsa_signal_t deps[] = {{0x1111}, {0x2222}};
  REQUIRE(encodeBarrierAndBody(deps, hsa_signal_t{0x3333},
                               reinterpret_cast<hsa_barrier_and_packet_t*>(packet))
              .ok());
  CHECK(at<uint32_t>(packet, 0) == 0xCCCCCCCCu);  // header + reserved0: the publish step's
  CHECK(at<uint32_t>(packet, 4) == 0);           // reserved1
  CHECK(at<uint64_t>(packet, 8) == 0x1111);
  CHECK(at<uint64_t>(packet, 16) == 0x2222);
  CHECK(at<uint64_t>(packet, 24) == 0);
  CHECK(at<uint64_t>(packet, 32) == 0);
  CHECK(at<uint64_t>(packet, 40) == 0);
  CHECK(at<uint64_t>(packet, 48) == 0);  // reserved2
  CHECK(at<uint64_t>(packet, 56) == 0x3333);

  const hsa_signal_t six[] = {{1}, {2}, {3}, {4}, {5}, {6}};
  test::LogCapture log;
  CHECK(encodeBarrierAndBody(six, hsa_signal_t{0}, reinterpret_cast<hsa_barrier_and_packet_t*>(packet)) ==
        hipErrorInvalidValue);
}
