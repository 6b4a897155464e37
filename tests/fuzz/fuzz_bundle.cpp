// libFuzzer harness: clang offload bundles, plain and compressed (CCOB v1-v3, zlib and zstd),
// and bare ELF/PTX images, as parseFatBinary sees them from a sized buffer.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "base/bundle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<unihip::BundleEntry> entries;
  std::vector<uint8_t> storage;
  // A copy of exactly `size` bytes, so that ASan sees any read past the end.
  std::vector<uint8_t> copy(data, data + size);
  if (unihip::parseFatBinary(copy.data(), copy.size(), &entries, &storage).ok()) {
    volatile uint8_t sink = 0;
    for (const auto& e : entries) {
      if (e.size) sink ^= e.data[0] ^ e.data[e.size - 1];  // every entry must be readable
      (void)unihip::cubinSmVersion(e.data, e.size);
    }
  }
  return 0;
}
