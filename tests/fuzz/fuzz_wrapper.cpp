// libFuzzer harness: an image handed by bare pointer, as __hipRegisterFatBinary and
// hipModuleLoadData receive it: no size, so reads are bounded by the image's own headers and by
// the mapping. The image sits at the end of mapped pages that a PROT_NONE page follows: any read
// past what the mapping allows faults and is reported. (Inside a heap buffer, a header that lies
// within readable memory is read as AMD's runtime would read it; ASan would call that an
// overflow, which is why the image is not on the heap here.)
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fatbin/bundle.h"
#include "fatbin/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  unihip::FatBinaryWrapper wrapper{};
  if (size < 9 || size > (1u << 20)) return 0;
  std::memcpy(&wrapper.magic, data, 4);
  std::memcpy(&wrapper.version, data + 4, 4);
  if (wrapper.magic != unihip::kFatBinaryWrapperMagic || wrapper.version != 1) return 0;
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  const size_t n = size - 8;
  const size_t readable = (n + page - 1) / page * page;
  auto* base = static_cast<uint8_t*>(
      mmap(nullptr, readable + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (base == MAP_FAILED) return 0;
  mprotect(base + readable, page, PROT_NONE);
  uint8_t* image = base + readable - n;
  std::memcpy(image, data + 8, n);
  std::vector<unihip::BundleEntry> entries;
  std::vector<uint8_t> storage;
  (void)unihip::parseFatBinary(unihip::ImageView::unsized(image), &entries, &storage);
  munmap(base, readable + page);
  return 0;
}
