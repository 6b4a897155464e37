// Counts heap allocations (operator new) and lock acquisitions (pthread mutex and rwlock) made
// on the calling thread while a CallCounter is alive, for tests that prove a hot path takes
// neither. Calls made from inside the fake ROCr library are left out: it stands in for ROCr,
// whose queue and signal operations are lock-free atomics on real hardware. Built without
// sanitizers only (they interpose the same functions): available() says whether it counts.
#pragma once

namespace unihip::hsa::test {

class CallCounter {
 public:
  CallCounter();
  ~CallCounter();
  CallCounter(const CallCounter&) = delete;
  CallCounter& operator=(const CallCounter&) = delete;
  int allocations() const;
  int locks() const;
  static bool available();
};

}  // namespace unihip::hsa::test
