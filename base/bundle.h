// Parsing a clang offload bundle (plain or compressed) or a bare image into entries. Pure CPU;
// every offset and size is checked against what the header declares and what may be read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "base/readable_memory.h"

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

// Parses the image in `view`: a clang offload bundle (magic "__CLANG_OFFLOAD_BUNDLE__"), a
// compressed one ("CCOB", zlib or zstd, versions 1-3), or one bare ELF (cubin or AMD code
// object) or PTX text. A compressed bundle is decompressed into `*storage`, which the entries
// then point into (so it must outlive them); without `storage` it is refused.
// Errors: hipErrorInvalidValue for a null image; hipErrorInvalidImage for a corrupt one (bad
// magic, entries past what the header or the mapping allow, absurd counts or sizes, a stream
// that does not decompress to its declared size); hipErrorNotSupported for CCOB without storage.
Status parseFatBinary(ImageView view, std::vector<BundleEntry>* entries,
                      std::vector<uint8_t>* storage = nullptr);

// True when `view` starts with a compressed (CCOB) bundle's magic: parsing it decompresses.
bool isCompressedBundle(ImageView view);

// The same for `size` readable bytes at `data`.
inline Status parseFatBinary(const void* data, size_t size, std::vector<BundleEntry>* entries,
                             std::vector<uint8_t>* storage = nullptr) {
  return parseFatBinary(ImageView::sized(data, size), entries, storage);
}

// Classifies one image by its first bytes; `target` is filled from the ELF header when known.
ImageKind classifyImage(const uint8_t* data, size_t size);

// SM number (e.g. 90) from a cubin's ELF header, or -1.
int cubinSmVersion(const uint8_t* data, size_t size);

}  // namespace unihip
