// Completion signals of a stream's async copies, recycled without a lock (issue 16 item 7).
//
// A copy on a busy stream is three steps: a barrier packet P1 completing `before` (the stream's
// earlier work is done), the engine's copy waiting on `before` and completing `copied`, and a
// barrier packet P2 waiting on `copied` and completing `after`, which holds back the stream's
// later packets. P1 and P2 take two consecutive queue slots reserved at once, so copies from
// several threads never interleave. On an idle stream P1 is left out.
//
// The three signals of a copy live in one slot of a fixed ring owned by the stream. Tickets
// (an atomic counter) hand out slots round-robin; a slot's `turn` says which ticket may use it
// next, so two threads never share one. A slot is reusable once `after` reads 0: P2 finished,
// so it no longer reads `copied`, and the copy finished, so it no longer reads `before`. When
// the slot a ticket gets is still busy (kSlots copies in flight), that copy takes pool signals
// and ends in a stream marker instead (submitCopy in hsa_stream.cpp), so nothing ever waits for
// the GPU to free a slot. Signals are created at a slot's first use.
#pragma once

#include <hsa/hsa.h>

#include <atomic>
#include <cstdint>
#include <memory>

namespace unihip::hsa {

struct CopySlot {
  std::atomic<uint64_t> turn{0};  // the ticket allowed to use this slot next
  hsa_signal_t before{0}, copied{0}, after{0};
};

struct CopyRing {
  static constexpr uint32_t kSlots = 64;  // a power of two, at most 256 (see `last`)
  std::unique_ptr<CopySlot[]> slots;      // null until createStream
  std::atomic<uint64_t> next{0};          // the next ticket
  // Tickets below this one have handed their copy to the engine. Copies are submitted in ticket
  // order, as their packets are reserved: the engine runs its queue in order, so a copy whose
  // P1 sits behind another copy's P2 must not reach the engine first (they would wait on each
  // other).
  std::atomic<uint64_t> issued{0};
  // The copy latest in queue order: (P2's queue index + 1) << 8 | slot; 0 = none yet.
  std::atomic<uint64_t> last{0};
};

}  // namespace unihip::hsa
