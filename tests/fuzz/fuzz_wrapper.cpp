// libFuzzer harness: an image handed by bare pointer, as __hipRegisterFatBinary and
// hipModuleLoadData receive it: no size, so reads are bounded by the image's own headers and by
// the mapping. The image sits at the end of mapped pages that a PROT_NONE page follows: any read
// past what the mapping allows faults and is reported. (Inside a heap buffer, a header that lies
// within readable memory is read as AMD's runtime would read it: guarded_image.h.)
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "base/bundle.h"
#include "core/registry.h"
#include "guarded_image.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  unihip::FatBinaryWrapper wrapper{};
  if (size < 9 || size > (1u << 20)) return 0;
  std::memcpy(&wrapper.magic, data, 4);
  std::memcpy(&wrapper.version, data + 4, 4);
  if (wrapper.magic != unihip::kFatBinaryWrapperMagic || wrapper.version != 1) return 0;
  GuardedImage image(data + 8, size - 8);
  if (image.data() == nullptr) return 0;
  std::vector<unihip::BundleEntry> entries;
  std::vector<uint8_t> storage;
  (void)unihip::parseFatBinary(unihip::ImageView::unsized(image.data()), &entries, &storage);
  return 0;
}
