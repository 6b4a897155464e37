// Host memcpy split over several threads: one part on the calling thread, the others on
// persistent workers. One thread's memcpy (10-20 GB/s) is below a PCIe 5 x16 link (55 GB/s);
// several together are not.
//
// Thread safety: copy() may be called by one thread at a time (the staging engine that owns the
// pool serializes its copies). Workers spin briefly for the next part, so back-to-back chunks of
// one large copy do not pay a futex wake each, then sleep.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace unihip {

class ParallelMemcpy {
 public:
  // `threads` parts per copy, including the caller's (1 = plain memcpy).
  explicit ParallelMemcpy(int threads);
  ~ParallelMemcpy();
  ParallelMemcpy(const ParallelMemcpy&) = delete;
  ParallelMemcpy& operator=(const ParallelMemcpy&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // Returns once all `bytes` are copied. Regions must not overlap. `streamingStores` writes
  // around the caches (for a destination nobody reads soon: it saves the read of each
  // destination line before it is overwritten, a third of the memory traffic).
  void copy(void* dst, const void* src, size_t bytes, bool streamingStores = false);

 private:
  struct Job {
    char* dst;
    const char* src;
    size_t bytes;
    bool streaming;
  };
  void work(int part);
  void copyPart(const Job& job, int part) const;

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  Job job_{};
  std::atomic<uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  bool stop_ = false;
};

}  // namespace unihip
