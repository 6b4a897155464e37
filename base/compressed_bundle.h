// Compressed clang offload bundles ("CCOB", clang-offload-bundler --compress, hipcc
// --offload-compress): a small header, then one zlib or zstd stream holding a plain bundle.
//   v1: magic "CCOB", u16 version, u16 method, u32 uncompressed size, u64 hash   (20 bytes)
//   v2: magic, u16 version, u16 method, u32 total size, u32 uncompressed size, u64 hash (24)
//   v3: magic, u16 version, u16 method, u64 total size, u64 uncompressed size, u64 hash (32)
// Little endian; method 0 = zlib, 1 = zstd; the total size counts the header; the hash (low
// half of the MD5 of the uncompressed bundle) is not checked, as clang does not check it either.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/status.h"
#include "base/readable_memory.h"

namespace unihip {

inline constexpr char kCompressedBundleMagic[4] = {'C', 'C', 'O', 'B'};

// A declared uncompressed size above this is refused before anything is allocated.
inline constexpr uint64_t kMaxDecompressedBundleSize = uint64_t{1} << 30;

// Decompresses the CCOB image in `view` into `*out`. hipErrorInvalidImage for a truncated or
// lying header, an unknown version or method, an absurd size, or a stream that is corrupt or
// does not decompress to exactly the declared size. Output memory grows with the data actually
// decompressed, never ahead of it by more than a bounded step.
Status decompressBundle(ImageView& view, std::vector<uint8_t>* out);

}  // namespace unihip
