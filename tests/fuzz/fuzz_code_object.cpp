// libFuzzer harness: AMD GPU code objects (ELF, notes, msgpack metadata). The first input byte
// picks the parser: the whole ELF path, or the msgpack metadata alone.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "code_object.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  // Odd shift: unaligned images, where libelf copies notes (issue 17's use-after-free).
  const size_t shift = data[0] & 3;
  std::vector<uint8_t> buffer(shift + size - 1);
  std::copy(data + 1, data + size, buffer.begin() + static_cast<long>(shift));
  unihip::hsa::CodeObjectInfo info;
  if (data[0] & 4)
    (void)unihip::hsa::parseCodeObjectMetadata(buffer.data() + shift, size - 1, &info);
  else
    (void)unihip::hsa::parseCodeObject(buffer.data() + shift, size - 1, &info);
  return 0;
}
