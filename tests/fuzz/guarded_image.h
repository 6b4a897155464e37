// A fuzz input placed at the very end of mapped pages that a PROT_NONE page follows, so any read
// past what the mapping allows faults and is reported. (A heap copy would be readable past its
// end, where ASan calls the reads that a header allows an overflow.)
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

class GuardedImage {
 public:
  GuardedImage(const uint8_t* bytes, size_t n) {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    readable_ = (n + page - 1) / page * page;
    length_ = readable_ + page;
    void* p = mmap(nullptr, length_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    base_ = static_cast<uint8_t*>(p);
    mprotect(base_ + readable_, page, PROT_NONE);
    image_ = base_ + readable_ - n;
    std::memcpy(image_, bytes, n);
  }
  ~GuardedImage() {
    if (base_) munmap(base_, length_);
  }
  GuardedImage(const GuardedImage&) = delete;
  GuardedImage& operator=(const GuardedImage&) = delete;

  // Null when the mapping failed.
  const uint8_t* data() const { return image_; }

 private:
  uint8_t* base_ = nullptr;
  uint8_t* image_ = nullptr;
  size_t readable_ = 0;
  size_t length_ = 0;
};
