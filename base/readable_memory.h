// Images handed to unihip by bare pointer (__hipRegisterFatBinary, hipModuleLoadData) come
// without a size. Every read of one goes through an ImageView, which bounds it by what is known
// readable (a buffer's size, the loaded ELF segment that holds it) or, for a pointer into heap
// memory, probes each page with the kernel before touching it: a header that lies about its
// sizes then gives an error instead of a read past the mapping.
#pragma once

#include <cstddef>
#include <cstdint>

namespace unihip {

// Largest image unihip reads through a bare pointer (4 GiB, as clang's 32-bit CCOB v2 sizes).
inline constexpr size_t kMaxImageSize = size_t{1} << 32;

// True when every byte of [p, p + n) can be read by this process now. Asks the kernel
// (process_vm_readv on ourselves, one byte per page), which honours page protections, so
// PROT_NONE guard pages and unmapped holes both answer false; never faults.
bool isReadable(const void* p, size_t n);
// How many bytes from `p` on (at most n) can be read now: the readable pages' prefix, the same
// way; 0 when `p` itself cannot be read.
size_t readablePrefix(const void* p, size_t n);
// Tests: probe through the fallback used where seccomp refuses process_vm_readv (true), or
// find the method again (false).
void usePipeProbesForTesting(bool pipe);

// Upper bound on readable bytes at `p`, from the loaded ELF segment that holds it, or 0 when `p`
// lies in no loaded object (heap memory).
size_t readableBytesAt(const void* p);

// Bytes from `p` to the top of the process's brk heap (malloc's main arena: one read-write
// mapping that is grown and shrunk at its top and never protected), or 0 when `p` is not in it.
size_t brkHeapBytesAt(const void* p);

class ImageView {
 public:
  // An image of exactly `size` readable bytes (a file read into memory, a test buffer).
  static ImageView sized(const void* base, size_t size) { return ImageView(base, size, false); }
  // An image known only by its address: bounded by its loaded segment, or by the top of the
  // brk heap (malloc's main arena) when it lies there, else by probing the pages it is read from.
  static ImageView unsized(const void* base);

  const uint8_t* data() const { return base_; }
  // True when bytes [offset, offset + n) may be read (probing pages as needed).
  bool readable(size_t offset, size_t n);
  // Bytes known readable from the start (grows as probes succeed; the size for sized views).
  size_t known() const { return known_; }
  bool probing() const { return probe_; }

 private:
  ImageView(const void* base, size_t known, bool probe)
      : base_(static_cast<const uint8_t*>(base)), known_(known), probe_(probe) {}
  const uint8_t* base_;
  size_t known_;
  bool probe_;
};

}  // namespace unihip
