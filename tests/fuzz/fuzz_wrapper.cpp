// libFuzzer harness: an image handed by bare pointer, as __hipRegisterFatBinary and
// hipModuleLoadData receive it: the wrapper's fields come from the input, and the image is read
// through an unsized (probing) view of a heap copy of the rest.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fatbin/bundle.h"
#include "fatbin/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  unihip::FatBinaryWrapper wrapper{};
  if (size < 8) return 0;
  std::memcpy(&wrapper.magic, data, 4);
  std::memcpy(&wrapper.version, data + 4, 4);
  if (wrapper.magic != unihip::kFatBinaryWrapperMagic || wrapper.version != 1) return 0;
  std::vector<uint8_t> image(data + 8, data + size);
  if (image.empty()) return 0;
  std::vector<unihip::BundleEntry> entries;
  std::vector<uint8_t> storage;
  (void)unihip::parseFatBinary(unihip::ImageView::unsized(image.data()), &entries, &storage);
  return 0;
}
