// The hostcall protocol of AMD's device libraries (ockl hostcall, printf and devmem services),
// host side, as pure functions over memory: the buffer layout the device reads, its free list,
// the printf message descriptor, and printf formatting of a finished message. No ROCr calls;
// tests drive them with byte patterns. Facts and sources: docs/design/amd-execution.md
// ("Device services").
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace unihip::hsa::hostcall {

inline constexpr uint32_t kServiceFunctionCall = 1;
inline constexpr uint32_t kServicePrintf = 2;
inline constexpr uint32_t kServiceDevmem = 3;

inline constexpr uint32_t kLanes = 64;         // payload slots per packet (wave64)
inline constexpr uint32_t kWordsPerLane = 8;   // u64 words per slot

// What __ockl_hostcall reads at the buffer's address (48 bytes).
struct BufferHeader {
  uint64_t headers;     // device address of PacketHeader[n]
  uint64_t payloads;    // device address of Payload[n]
  uint64_t doorbell;    // hsa_signal_t.handle the device rings
  uint64_t freeStack;   // tagged index of the first free packet
  uint64_t readyStack;  // tagged index of the latest ready packet; 0 = none
  uint64_t indexMask;   // packets rounded up to a power of two, minus 1
};
struct PacketHeader {
  uint64_t next;        // tagged index of the next packet in its list
  uint64_t activemask;  // lanes that wrote a payload slot
  uint32_t service;
  uint32_t control;     // bit 0: READY (device sets, host clears when the replies are written)
};
struct Payload {
  uint64_t slots[kLanes][kWordsPerLane];
};
static_assert(sizeof(BufferHeader) == 48 && sizeof(PacketHeader) == 24 && sizeof(Payload) == 4096);

// Bytes of a buffer of `packets` packets: header, packet headers, payloads (each 8-aligned).
size_t bufferBytes(uint32_t packets);
// Lays out a buffer of `packets` (>= 1) at `memory` (bufferBytes of it, host-writable and at the
// same address on the device): headers and payloads after the header, every packet on the free
// list (the ABA tags as AMD's runtime sets them), the ready list empty.
void initBuffer(void* memory, uint32_t packets, uint64_t doorbellHandle);

// Takes the whole ready list (one atomic exchange) and calls `handle(service, slot)` for each
// active lane of each packet, latest first; then releases each packet (READY cleared, with
// release ordering after the replies in words 0-1 of the slot). Returns the packets handled.
// The layout comes from `packets`, not from the device-writable header, and a list that leaves
// the buffer or runs longer than `packets` ends the walk (a kernel that scribbled on it).
template <typename Handler>
uint32_t drainReady(void* buffer, uint32_t packets, Handler&& handle);
size_t headersOffset();
size_t payloadsOffset(uint32_t packets);

// printf descriptor (arg 0 of every printf hostcall).
inline constexpr uint64_t kDescBegin = 1;
inline constexpr uint64_t kDescEnd = 2;
constexpr uint32_t descLength(uint64_t d) { return static_cast<uint32_t>((d >> 5) & 7); }
constexpr uint64_t descId(uint64_t d) { return d >> 8; }

// Formats a finished printf message: word 0 the control word (0 stdout, 1 stderr; any other bit
// set: -1), then the NUL-terminated format string in little-endian words, then one word per
// argument (`*` width/precision one word each, %s an inline string). Returns the characters
// written to `out` or -1 for a malformed message; `toStderr` says where it goes.
int formatPrintf(std::span<const uint64_t> words, std::string* out, bool* toStderr);

// The printf service's state: messages being accumulated by id, one per work-item and call.
class PrintfMessages {
 public:
  // Where messages go; null: the process's stdout / stderr at the time of printing.
  explicit PrintfMessages(std::FILE* out = nullptr, std::FILE* err = nullptr) : out_(out), err_(err) {}
  // Handles one lane's payload: words 1..LEN of `slot` are appended to the message; BEGIN
  // allocates an id (replied in slot[0] as the descriptor to send next); END formats, prints
  // and replies the char count. Returns false for a descriptor naming no message.
  bool handle(uint64_t slot[kWordsPerLane]);
  size_t pending() const { return messages_.size(); }

 private:
  std::unordered_map<uint64_t, std::vector<uint64_t>> messages_;
  uint64_t nextId_ = 1;
  std::FILE* out_;
  std::FILE* err_;
};

template <typename Handler>
uint32_t drainReady(void* buffer, uint32_t packets, Handler&& handle) {
  auto* base = static_cast<uint8_t*>(buffer);
  auto* h = static_cast<BufferHeader*>(buffer);
  auto* headers = reinterpret_cast<PacketHeader*>(base + headersOffset());
  auto* payloads = reinterpret_cast<Payload*>(base + payloadsOffset(packets));
  uint64_t mask = 1;
  while (mask < packets) mask <<= 1;
  mask -= 1;
  uint64_t ready = __atomic_exchange_n(&h->readyStack, uint64_t{0}, __ATOMIC_ACQUIRE);
  uint32_t n = 0;
  while (ready != 0 && n < packets) {
    const uint64_t index = ready & mask;
    if (index >= packets) break;
    PacketHeader& p = headers[index];
    ready = p.next;  // before the release: the device reuses `next` once READY is cleared
    const uint64_t lanes = p.activemask;
    for (uint32_t lane = 0; lane < kLanes; ++lane)
      if (lanes & (uint64_t{1} << lane)) handle(p.service, payloads[index].slots[lane]);
    __atomic_store_n(&p.control, p.control & ~uint32_t{1}, __ATOMIC_RELEASE);
    ++n;
  }
  return n;
}

}  // namespace unihip::hsa::hostcall
