// Offload architectures: "sm_90" (NVIDIA) or "gfx90a[:xnack+][:sramecc-]" (AMD), and the
// clang offload-bundle entry ids their images get.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unihipcc {

enum class Vendor { Nvidia, Amd };

struct OffloadArch {
  Vendor vendor = Vendor::Nvidia;
  std::string processor;  // "sm_90", "sm_90a", "gfx90a"
  std::string targetId;   // processor plus AMD features: "gfx90a:xnack+"

  // NVIDIA: SM number with its suffix ("90", "90a"), as in compute_90a.
  std::string smSuffix() const;
  // Bundle entry id of the cubin / code object: "hip-nvptx64-nvidia-cuda--sm_90",
  // "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+".
  std::string imageBundleId() const;
  // NVIDIA only: bundle entry id of the PTX: "hip-nvptx64-nvidia-cuda--compute_90".
  std::string ptxBundleId() const;
};

// Parses one architecture; std::nullopt when it is neither a valid sm_XX nor gfxNNN target id.
// Accepted AMD features: xnack and sramecc, each followed by + or -, each at most once.
std::optional<OffloadArch> parseOffloadArch(std::string_view text);

// AMD ISA version as the ROCm device libraries number it (major*1000 + minor*100 + stepping):
// gfx90a -> 9010, gfx942 -> 9402, gfx1100 -> 11000. std::nullopt for a malformed name.
std::optional<int> amdIsaVersion(std::string_view processor);

}  // namespace unihipcc
