// libFuzzer harness: AMD target-ID strings and bundle entry ids, and the match between two.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "target_id.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  const size_t split = text.find('\n');
  std::string_view a = std::string_view(text).substr(0, split);
  std::string_view b = split == std::string::npos ? a : std::string_view(text).substr(split + 1);
  unihip::hsa::TargetId x, y;
  if (unihip::hsa::parseTargetId(a, &x)) {
    (void)unihip::hsa::formatTargetId(x);
    (void)unihip::hsa::genericTargetFor(x.processor);
    if (unihip::hsa::parseAmdBundleId(b, &y) || unihip::hsa::parseTargetId(b, &y))
      (void)unihip::hsa::targetMatchScore(y, x);
  }
  return 0;
}
