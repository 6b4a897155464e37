#include "cuda/cuda_image_select.h"

#include <string_view>

#include "base/hot_text.h"

namespace unihip::cu {

namespace {

// SM a PTX text targets, from its ".target sm_XX" directive; -1 when absent.
int ptxTarget(const BundleEntry& e) {
  std::string_view text(reinterpret_cast<const char*>(e.data), std::min<size_t>(e.size, 4096));
  size_t pos = text.find(".target");
  if (pos == std::string_view::npos) return -1;
  pos = text.find("sm_", pos);
  if (pos == std::string_view::npos) return -1;
  size_t end = text.find_first_of(" ,\n\r\t", pos);
  bool archSpecific = false;
  return parseSmTarget(text.substr(pos, end == std::string_view::npos ? end : end - pos), "sm_",
                       &archSpecific);
}

}  // namespace

int parseSmTarget(std::string_view target, std::string_view prefix, bool* archSpecific) {
  if (!target.starts_with(prefix)) return -1;
  target.remove_prefix(prefix.size());
  int value = 0;
  size_t digits = 0;
  while (digits < target.size() && target[digits] >= '0' && target[digits] <= '9' && digits < 4)
    value = value * 10 + (target[digits++] - '0');
  if (digits == 0) return -1;
  std::string_view rest = target.substr(digits);
  *archSpecific = rest == "a" || rest == "f";
  if (!rest.empty() && !*archSpecific) return -1;
  return value;
}

UNIHIP_HOT_TEXT Status selectCudaImage(std::span<const BundleEntry> entries, int sm,
                                       size_t* index) {
  constexpr size_t kNone = static_cast<size_t>(-1);
  size_t exact = kNone, compatible = kNone, ptx = kNone;
  int compatibleSm = -1, ptxSm = -1;
  for (size_t i = 0; i < entries.size(); ++i) {
    const BundleEntry& e = entries[i];
    bool archSpecific = false;
    if (e.kind == ImageKind::Cubin) {
      int cubinSm = e.target.empty() ? cubinSmVersion(e.data, e.size)
                                     : parseSmTarget(e.target, "sm_", &archSpecific);
      if (cubinSm == sm && exact == kNone) exact = i;
      if (!archSpecific && cubinSm / 10 == sm / 10 && cubinSm < sm && cubinSm > compatibleSm) {
        compatible = i;
        compatibleSm = cubinSm;
      }
    } else if (e.kind == ImageKind::Ptx) {
      int ptxSmVersion = e.target.empty() ? ptxTarget(e)
                                          : parseSmTarget(e.target, "compute_", &archSpecific);
      if (ptxSmVersion < 0) ptxSmVersion = ptxTarget(e);
      // Arch-specific PTX (compute_90a) only JITs for that exact SM.
      bool fits = archSpecific ? ptxSmVersion == sm : ptxSmVersion <= sm;
      if (ptxSmVersion >= 0 && fits && ptxSmVersion > ptxSm) {
        ptx = i;
        ptxSm = ptxSmVersion;
      }
    }
  }
  size_t chosen = exact != kNone ? exact : compatible != kNone ? compatible : ptx;
  if (chosen == kNone) return hipErrorNoBinaryForGpu;
  *index = chosen;
  return kOk;
}

}  // namespace unihip::cu
