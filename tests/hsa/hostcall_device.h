// The device side of AMD's hostcall protocol, played in host code: what __ockl_hostcall and
// __ockl_printf_* do (ROCm device libraries, read from their IR here; see
// docs/design/amd-execution.md), step for step, on a buffer the service created. Used by the
// hostcall tests and by the fake ROCr's stand-ins for printf/malloc kernels.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "hostcall_protocol.h"

namespace unihip::hsa::test {

// One hostcall of one wave: `lanes` active, each lane's 8 words in args[lane]; returns each
// lane's two reply words in out[lane]. `ring` adds 1 to the doorbell signal (release).
template <typename Ring>
void deviceHostcall(void* buffer, uint32_t service, uint64_t lanes, const uint64_t (*args)[8],
                    uint64_t (*out)[2], Ring&& ring) {
  using namespace hostcall;
  auto* h = static_cast<BufferHeader*>(buffer);
  auto* headers = reinterpret_cast<PacketHeader*>(h->headers);
  auto* payloads = reinterpret_cast<Payload*>(h->payloads);
  const uint64_t mask = __atomic_load_n(&h->indexMask, __ATOMIC_RELAXED);
  // 1. Pop a free packet (tagged index; the CAS fails while another wave raced us).
  uint64_t f = __atomic_load_n(&h->freeStack, __ATOMIC_ACQUIRE);
  for (;;) {
    if (f == 0) {
      std::this_thread::yield();
      f = __atomic_load_n(&h->freeStack, __ATOMIC_ACQUIRE);
      continue;
    }
    const uint64_t next = __atomic_load_n(&headers[f & mask].next, __ATOMIC_RELAXED);
    if (__atomic_compare_exchange_n(&h->freeStack, &f, next, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_ACQUIRE))
      break;
    std::this_thread::yield();
  }
  const uint64_t p = f, index = p & mask;
  // 2. Fill: the leader writes service, EXEC and READY; every lane its payload slot.
  PacketHeader& ph = headers[index];
  ph.service = service;
  ph.activemask = lanes;
  ph.control = 1;
  for (uint32_t l = 0; l < kLanes; ++l)
    if (lanes & (uint64_t{1} << l)) std::memcpy(payloads[index].slots[l], args[l], 64);
  // 3. Push it on the ready stack (release).
  uint64_t r = __atomic_load_n(&h->readyStack, __ATOMIC_RELAXED);
  do {
    __atomic_store_n(&ph.next, r, __ATOMIC_RELAXED);
  } while (!__atomic_compare_exchange_n(&h->readyStack, &r, p, false, __ATOMIC_RELEASE,
                                        __ATOMIC_RELAXED));
  // 4. Ring the doorbell.
  ring();
  // 5. Wait for the host to clear READY, then read the replies.
  while (__atomic_load_n(&ph.control, __ATOMIC_ACQUIRE) & 1) std::this_thread::yield();
  for (uint32_t l = 0; l < kLanes; ++l)
    if (lanes & (uint64_t{1} << l)) std::memcpy(out[l], payloads[index].slots[l], 16);
  // 6. Return the packet under a new tag.
  uint64_t tagged = p + mask + 1;
  if (tagged == 0) tagged = mask + 1;
  uint64_t top = __atomic_load_n(&h->freeStack, __ATOMIC_RELAXED);
  do {
    __atomic_store_n(&headers[tagged & mask].next, top, __ATOMIC_RELAXED);
  } while (!__atomic_compare_exchange_n(&h->freeStack, &top, tagged, false, __ATOMIC_RELEASE,
                                        __ATOMIC_RELAXED));
}

// One printf argument as the device sends it: a u64 word (ints zero-extended, doubles as bits,
// pointers) or a string (%s; `null` for a NULL pointer).
struct PrintfPiece {
  bool isString = false;
  uint64_t word = 0;
  std::string text;
  bool null = false;
  static PrintfPiece str(std::string s) { return {true, 0, std::move(s), false}; }
  static PrintfPiece nul() { return {true, 0, {}, true}; }
  static PrintfPiece u64(uint64_t w) { return {false, w, {}, false}; }
  static PrintfPiece f64(double d) {
    uint64_t w;
    std::memcpy(&w, &d, 8);
    return u64(w);
  }
};

// printf (control 0) or fprintf(stderr) (control 1) from each lane of `lanes`; message[lane]
// is its format (a string piece) and arguments, in the order __ockl_printf_* sends them:
// begin (descriptor 33, the control word), the format in 56-byte chunks, one call per argument,
// END on the last. Lanes diverge where strings differ in length, as on the device.
template <typename Ring>
std::vector<int> devicePrintf(void* buffer, uint64_t lanes, uint64_t control,
                              const std::vector<std::vector<PrintfPiece>>& message, Ring&& ring) {
  using hostcall::kLanes;
  uint64_t args[kLanes][8] = {}, out[kLanes][2] = {};
  uint64_t desc[kLanes] = {};
  std::vector<int> result(kLanes, 0);
  for (uint32_t l = 0; l < kLanes; ++l)
    if (lanes & (uint64_t{1} << l)) args[l][0] = 33, args[l][1] = control;  // BEGIN, LEN=1
  deviceHostcall(buffer, hostcall::kServicePrintf, lanes, args, out, ring);
  for (uint32_t l = 0; l < kLanes; ++l) desc[l] = out[l][0];
  size_t pieces = 0;
  for (uint32_t l = 0; l < kLanes; ++l)
    if (lanes & (uint64_t{1} << l)) pieces = message[l].size();
  for (size_t k = 0; k < pieces; ++k) {
    const bool lastPiece = k + 1 == pieces;
    // Each lane's words for this piece.
    std::vector<uint64_t> words[kLanes];
    size_t calls = 0;
    for (uint32_t l = 0; l < kLanes; ++l) {
      if (!(lanes & (uint64_t{1} << l))) continue;
      const PrintfPiece& p = message[l][k];
      if (!p.isString) {
        words[l] = {p.word};
      } else if (p.null) {
        words[l] = {0};
      } else {
        const size_t bytes = p.text.size() + 1;  // with the NUL
        words[l].assign((bytes + 7) / 8, 0);
        std::memcpy(words[l].data(), p.text.c_str(), bytes);
      }
      calls = std::max(calls, (words[l].size() + 6) / 7);
    }
    for (size_t c = 0; c < calls; ++c) {
      uint64_t active = 0;
      for (uint32_t l = 0; l < kLanes; ++l) {
        if (!(lanes & (uint64_t{1} << l)) || words[l].size() <= c * 7) continue;
        active |= uint64_t{1} << l;
        const size_t len = std::min<size_t>(7, words[l].size() - c * 7);
        const bool end = lastPiece && (c + 1) * 7 >= words[l].size();
        std::memset(args[l], 0, sizeof args[l]);
        // As __ockl_printf_append_*: END or'ed in on the last call, LEN (bits 5-7) replaced;
        // the rest of the host's reply goes back unchanged.
        args[l][0] = ((desc[l] | (end ? 2 : 0)) & ~uint64_t{0xE0}) | (uint64_t{len} << 5);
        std::memcpy(&args[l][1], words[l].data() + c * 7, len * 8);
      }
      deviceHostcall(buffer, hostcall::kServicePrintf, active, args, out, ring);
      for (uint32_t l = 0; l < kLanes; ++l)
        if (active & (uint64_t{1} << l)) {
          desc[l] = out[l][0];
          result[l] = static_cast<int>(static_cast<int64_t>(out[l][0]));
        }
    }
  }
  return result;
}

}  // namespace unihip::hsa::test
