#include "core/parallel_memcpy.h"

#include <chrono>
#include <cstring>

namespace unihip {

namespace {

// How long an idle worker polls for the next part before sleeping.
constexpr auto kSpin = std::chrono::microseconds(50);

}  // namespace

ParallelMemcpy::ParallelMemcpy(int threads) {
  for (int part = 1; part < threads; ++part) workers_.emplace_back([this, part] { work(part); });
}

ParallelMemcpy::~ParallelMemcpy() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& w : workers_) w.join();
}

// Parts are contiguous and 4 KiB aligned, so no two threads write one page.
void ParallelMemcpy::copyPart(const Job& job, int part) const {
  size_t parts = static_cast<size_t>(threads());
  size_t step = ((job.bytes + parts - 1) / parts + 4095) & ~size_t{4095};
  size_t begin = step * static_cast<size_t>(part);
  if (begin >= job.bytes) return;
  size_t len = begin + step > job.bytes ? job.bytes - begin : step;
  std::memcpy(job.dst + begin, job.src + begin, len);
}

void ParallelMemcpy::copy(void* dst, const void* src, size_t bytes) {
  Job job{static_cast<char*>(dst), static_cast<const char*>(src), bytes};
  if (workers_.empty() || bytes < (size_t{256} << 10)) {
    std::memcpy(dst, src, bytes);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = job;
    pending_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  copyPart(job, 0);
  // The other parts usually finish within microseconds of ours: poll, then sleep.
  auto until = std::chrono::steady_clock::now() + kSpin;
  while (pending_.load(std::memory_order_acquire) != 0 && std::chrono::steady_clock::now() < until) {
  }
  if (pending_.load(std::memory_order_acquire) != 0) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return pending_.load(std::memory_order_acquire) == 0; });
  }
}

void ParallelMemcpy::work(int part) {
  uint64_t seen = 0;
  for (;;) {
    auto until = std::chrono::steady_clock::now() + kSpin;
    while (generation_.load(std::memory_order_acquire) == seen &&
           std::chrono::steady_clock::now() < until) {
    }
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || generation_.load(std::memory_order_acquire) != seen; });
      if (stop_) return;
      seen = generation_.load(std::memory_order_acquire);
      job = job_;
    }
    copyPart(job, part);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mutex_);
      done_.notify_one();
    }
  }
}

}  // namespace unihip
