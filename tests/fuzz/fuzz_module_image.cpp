// libFuzzer harness: an image handed to hipModuleLoadData, through everything its path runs
// before the vendor library: parseFatBinary on a bare pointer (no size), then each backend's
// image choice (selectCudaImage, selectAmdImage), the names a CUDA image defines and, for an AMD code object, the ELF/metadata
// parse the HSA backend does before ROCr sees it. The first byte picks the device. The image ends
// where a PROT_NONE page begins (guarded_image.h), so any read past what the mapping allows faults.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "code_object.h"
#include "cuda/cuda_image_select.h"
#include "cuda/cuda_module_symbols.h"
#include "base/bundle.h"
#include "guarded_image.h"
#include "target_id.h"

namespace {
constexpr int kSms[] = {50, 70, 80, 86, 90, 100, 120, 89};
constexpr const char* kAgents[] = {"gfx90a:sramecc+:xnack-", "gfx942:sramecc+:xnack-",
                                   "gfx1100", "gfx1030", "gfx906:xnack+", "gfx1201",
                                   "gfx90a:xnack+", "gfx803"};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2 || size > (1u << 20)) return 0;
  const int sm = kSms[data[0] & 7];
  unihip::hsa::TargetId agent;
  if (!unihip::hsa::parseTargetId(kAgents[(data[0] >> 3) & 7], &agent)) __builtin_trap();
  GuardedImage image(data + 1, size - 1);
  if (image.data() == nullptr) return 0;
  std::vector<unihip::BundleEntry> entries;
  std::vector<uint8_t> storage;
  if (unihip::parseFatBinary(unihip::ImageView::unsized(image.data()), &entries, &storage).ok()) {
    size_t index = 0;
    if (unihip::cu::selectCudaImage(entries, sm, &index).ok()) {
      // The CUDA backend copies the chosen image (NUL-terminated, 8-byte aligned) for the driver.
      if (index >= entries.size()) __builtin_trap();
      std::vector<uint64_t> copy(entries[index].size / 8 + 1, 0);
      std::memcpy(copy.data(), entries[index].data, entries[index].size);
      // ... and reads the names it defines (cubin symbol table or PTX declarations).
      unihip::cu::ModuleSymbols names;
      (void)unihip::cu::readModuleSymbols(entries[index].kind, entries[index].data,
                                          entries[index].size, &names);
    }
    if (unihip::hsa::selectAmdImage(agent, entries, &index).ok()) {
      if (index >= entries.size()) __builtin_trap();
      unihip::hsa::CodeObjectInfo info;
      (void)unihip::hsa::parseCodeObject(entries[index].data, entries[index].size, &info);
    }
  }
  return 0;
}
