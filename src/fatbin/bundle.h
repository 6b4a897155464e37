// Parsing a clang offload bundle (or a bare ELF image) into entries. Pure CPU, no allocation
// beyond the entry vector; every offset and size is checked against the known bound.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace unihip {

enum class ImageKind : uint8_t {
  Host,           // the bundle's host entry (empty)
  Cubin,          // NVIDIA ELF (EM_CUDA)
  Ptx,            // NVIDIA PTX text
  AmdCodeObject,  // AMD GPU ELF (EM_AMDGPU)
  Unknown,
};

const char* imageKindName(ImageKind kind);

struct BundleEntry {
  std::string_view id;      // full bundle entry id, e.g. "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"
  std::string_view target;  // processor and features: "sm_90", "compute_90", "gfx90a:xnack-"
  ImageKind kind = ImageKind::Unknown;
  const uint8_t* data = nullptr;
  size_t size = 0;
};

// Limits that make a corrupt header fail instead of allocating or reading without bound.
inline constexpr uint64_t kMaxBundleEntries = 4096;
inline constexpr uint64_t kMaxBundleIdLength = 1024;

// Upper bound on readable bytes at `p`, from the loaded ELF segment that holds it, or 0 when `p`
// lies in no loaded object (heap memory): callers then pass their own bound.
size_t readableBytesAt(const void* p);

// Parses the image at `data`, readable up to `limit` bytes: a clang offload bundle
// (magic "__CLANG_OFFLOAD_BUNDLE__") or one bare ELF (cubin or AMD code object).
// Errors: hipErrorInvalidImage for a corrupt image (bad magic, entries past `limit`, absurd
// counts), hipErrorNotSupported for a compressed ("CCOB") bundle.
Status parseFatBinary(const void* data, size_t limit, std::vector<BundleEntry>* entries);

// Classifies one image by its first bytes; `target` is filled from the ELF header when known.
ImageKind classifyImage(const uint8_t* data, size_t size);

// SM number (e.g. 90) from a cubin's ELF header, or -1.
int cubinSmVersion(const uint8_t* data, size_t size);

}  // namespace unihip
