#include "base/parallel_memcpy.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace unihip {

namespace {

// How long an idle worker polls for the next part before sleeping.
constexpr auto kSpin = std::chrono::microseconds(50);

// memcpy with non-temporal stores (SSE2, part of x86-64); plain memcpy elsewhere.
void streamingCopy(char* dst, const char* src, size_t bytes) {
#if defined(__x86_64__)
  size_t head = (16 - (reinterpret_cast<uintptr_t>(dst) & 15)) & 15;
  if (head > bytes) head = bytes;
  std::memcpy(dst, src, head);
  size_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 32));
    __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 48), d);
  }
  _mm_sfence();  // streaming stores are weakly ordered: visible before the part counts as done
  std::memcpy(dst + i, src + i, bytes - i);
#else
  std::memcpy(dst, src, bytes);
#endif
}

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
  if (job.streaming)
    streamingCopy(job.dst + begin, job.src + begin, len);
  else
    std::memcpy(job.dst + begin, job.src + begin, len);
}

void ParallelMemcpy::copy(void* dst, const void* src, size_t bytes, bool streamingStores) {
  Job job{static_cast<char*>(dst), static_cast<const char*>(src), bytes, streamingStores};
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
