#include "offload_arch.h"

#include <cctype>

namespace unihipcc {

namespace {

bool isDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

bool isHexDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isxdigit(static_cast<unsigned char>(c)) || std::isupper(static_cast<unsigned char>(c)))
      return false;
  return true;
}

// sm_<digits>[a]: sm_90, sm_90a, sm_100a.
std::optional<OffloadArch> parseNvidia(std::string_view text) {
  std::string_view number = text.substr(3);
  if (!number.empty() && number.back() == 'a') number.remove_suffix(1);
  if (!isDigits(number) || number.size() < 2) return std::nullopt;
  return OffloadArch{Vendor::Nvidia, std::string(text), std::string(text)};
}

// gfx<hex>[:feature(+|-)]...: features are xnack and sramecc, each once.
std::optional<OffloadArch> parseAmd(std::string_view text) {
  size_t colon = text.find(':');
  std::string_view processor = text.substr(0, colon);
  if (!isHexDigits(processor.substr(3)) || !amdIsaVersion(processor)) return std::nullopt;
  bool seenXnack = false, seenSramecc = false;
  while (colon != std::string_view::npos) {
    size_t next = text.find(':', colon + 1);
    std::string_view feature = text.substr(colon + 1, next == std::string_view::npos
                                                          ? std::string_view::npos
                                                          : next - colon - 1);
    if (feature.size() < 2) return std::nullopt;
    char sign = feature.back();
    feature.remove_suffix(1);
    if (sign != '+' && sign != '-') return std::nullopt;
    bool* seen = feature == "xnack" ? &seenXnack : feature == "sramecc" ? &seenSramecc : nullptr;
    if (!seen || *seen) return std::nullopt;
    *seen = true;
    colon = next;
  }
  return OffloadArch{Vendor::Amd, std::string(processor), std::string(text)};
}

}  // namespace

std::optional<OffloadArch> parseOffloadArch(std::string_view text) {
  if (text.starts_with("sm_")) return parseNvidia(text);
  if (text.starts_with("gfx")) return parseAmd(text);
  return std::nullopt;
}

std::optional<int> amdIsaVersion(std::string_view processor) {
  if (!processor.starts_with("gfx")) return std::nullopt;
  std::string_view digits = processor.substr(3);
  // The last two characters are minor (decimal) and stepping (hex); the rest is the major.
  if (digits.size() < 3 || digits.size() > 4) return std::nullopt;
  std::string_view major = digits.substr(0, digits.size() - 2);
  char minor = digits[digits.size() - 2];
  char stepping = digits.back();
  if (!isDigits(major) || !std::isdigit(static_cast<unsigned char>(minor)) ||
      !std::isxdigit(static_cast<unsigned char>(stepping)))
    return std::nullopt;
  int steppingValue = std::isdigit(static_cast<unsigned char>(stepping))
                          ? stepping - '0'
                          : std::tolower(static_cast<unsigned char>(stepping)) - 'a' + 10;
  return std::stoi(std::string(major)) * 1000 + (minor - '0') * 100 + steppingValue;
}

std::string OffloadArch::smSuffix() const { return processor.substr(3); }

std::string OffloadArch::imageBundleId() const {
  if (vendor == Vendor::Nvidia) return "hip-nvptx64-nvidia-cuda--" + processor;
  return "hipv4-amdgcn-amd-amdhsa--" + targetId;
}

std::string OffloadArch::ptxBundleId() const {
  return "hip-nvptx64-nvidia-cuda--compute_" + smSuffix();
}

}  // namespace unihipcc
