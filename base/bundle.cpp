#include "base/bundle.h"

#include <elf.h>

#include <cstring>

#include "base/log.h"
#include "base/compressed_bundle.h"

namespace unihip {

namespace {

constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
constexpr size_t kBundleMagicSize = sizeof(kBundleMagic) - 1;
constexpr uint16_t kEmCuda = 190;    // EM_CUDA
constexpr uint16_t kEmAmdgpu = 224;  // EM_AMDGPU

uint64_t readU64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

bool isElf64(const uint8_t* data, size_t size) {
  return size >= sizeof(Elf64_Ehdr) && std::memcmp(data, ELFMAG, SELFMAG) == 0 &&
         data[EI_CLASS] == ELFCLASS64;
}

// Size of an ELF image from its headers: the furthest end of the section header table, the
// program header table and every section's contents; 0 when a table or section lies outside
// what `view` may read (a truncated or lying image).
size_t elfImageSize(ImageView& view) {
  if (!view.readable(0, sizeof(Elf64_Ehdr))) return 0;
  const uint8_t* data = view.data();
  Elf64_Ehdr eh;
  std::memcpy(&eh, data, sizeof eh);
  uint64_t end = sizeof eh;
  auto table = [&](uint64_t off, uint64_t n, uint64_t entsize, uint64_t expected) {
    if (n == 0) return true;
    if (entsize != expected || off > kMaxImageSize || n > (kMaxImageSize - off) / entsize ||
        !view.readable(off, n * entsize))
      return false;
    end = std::max<uint64_t>(end, off + n * entsize);
    return true;
  };
  if (!table(eh.e_shoff, eh.e_shnum, eh.e_shentsize, sizeof(Elf64_Shdr)) ||
      !table(eh.e_phoff, eh.e_phnum, eh.e_phentsize, sizeof(Elf64_Phdr)))
    return 0;
  for (unsigned i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    std::memcpy(&sh, data + eh.e_shoff + i * sizeof sh, sizeof sh);
    if (sh.sh_type == SHT_NOBITS || sh.sh_size == 0) continue;
    if (sh.sh_offset > kMaxImageSize || sh.sh_size > kMaxImageSize - sh.sh_offset) return 0;
    end = std::max<uint64_t>(end, sh.sh_offset + sh.sh_size);
  }
  return view.readable(0, end) ? static_cast<size_t>(end) : 0;
}

// Length of the NUL-terminated text at the start of `view` (without the NUL), or SIZE_MAX when
// no NUL is found within what may be read.
size_t textLength(ImageView& view) {
  constexpr size_t kStep = 4096;
  for (size_t pos = 0;;) {
    size_t n = kStep;
    while (n > 0 && !view.readable(pos, n)) n /= 2;
    if (n == 0) return SIZE_MAX;
    const void* nul = std::memchr(view.data() + pos, 0, n);
    if (nul != nullptr) return static_cast<const uint8_t*>(nul) - view.data();
    pos += n;
  }
}

// PTX is plain text: printable or whitespace up to its NUL, with .version and .target.
bool looksLikePtx(const uint8_t* data, size_t size) {
  size_t n = std::min<size_t>(size, 4096);
  for (size_t i = 0; i < n; ++i) {
    uint8_t c = data[i];
    if (c == 0) {
      n = i;
      break;
    }
    if (c >= 0x7f || (c < 0x20 && c != '\n' && c != '\r' && c != '\t')) return false;
  }
  std::string_view text(reinterpret_cast<const char*>(data), n);
  return text.find(".version") != std::string_view::npos &&
         text.find(".target") != std::string_view::npos;
}

// "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" -> "gfx90a:xnack-"; drops the trailing '-' that the
// bundler appends to ids it does not recognize ("...--compute_90-").
std::string_view targetOf(std::string_view id) {
  size_t dash = 0;
  int fields = 0;
  // kind-arch-vendor-os-environment-target: the target follows the fifth '-'.
  for (size_t i = 0; i < id.size(); ++i) {
    if (id[i] == '-' && ++fields == 5) {
      dash = i + 1;
      break;
    }
  }
  if (fields < 5) return {};
  std::string_view target = id.substr(dash);
  while (!target.empty() && target.back() == '-') target.remove_suffix(1);
  return target;
}

ImageKind kindOf(std::string_view id, std::string_view target, const uint8_t* data, size_t size) {
  if (id.starts_with("host-")) return ImageKind::Host;
  // An ELF header is a few loads; PTX text is recognized by scanning it, which at every
  // registration cost more than the rest of registering. Trust the id for PTX instead.
  if (!isElf64(data, size) && id.find("nvptx") != std::string_view::npos &&
      target.starts_with("compute_"))
    return ImageKind::Ptx;
  return classifyImage(data, size);
}

template <typename... Args>
Status invalid(fmt::format_string<Args...> format, Args&&... args) {
  UNIHIP_LOG_ERROR("fat binary: {}", fmt::format(format, std::forward<Args>(args)...));
  return hipErrorInvalidImage;
}

// Every header field is read only after `view` says it may be; each non-empty entry must lie
// after the header table and inside what may be read.
Status parseBundle(ImageView& view, std::vector<BundleEntry>* entries) {
  if (!view.readable(0, kBundleMagicSize + 8)) return invalid("bundle header truncated");
  const uint8_t* base = view.data();
  const uint64_t count = readU64(base + kBundleMagicSize);
  if (count == 0 || count > kMaxBundleEntries) return invalid("absurd entry count {}", count);
  size_t pos = kBundleMagicSize + 8;
  std::vector<BundleEntry> parsed(count);
  std::vector<uint64_t> offsets(count);
  for (uint64_t i = 0; i < count; ++i) {
    if (!view.readable(pos, 24)) return invalid("entry {} header past the end", i);
    const uint64_t offset = readU64(base + pos);
    const uint64_t size = readU64(base + pos + 8);
    const uint64_t idLength = readU64(base + pos + 16);
    pos += 24;
    if (idLength == 0 || idLength > kMaxBundleIdLength || !view.readable(pos, idLength))
      return invalid("entry {} id length {} invalid", i, idLength);
    BundleEntry& e = parsed[i];
    e.id = std::string_view(reinterpret_cast<const char*>(base + pos), idLength);
    e.target = targetOf(e.id);
    e.size = size;
    offsets[i] = offset;  // checked once the header table's end is known, below
    pos += idLength;
  }
  // The bundle's extent is the furthest entry end; all of it must be readable.
  uint64_t extent = pos;
  for (uint64_t i = 0; i < count; ++i) {
    const BundleEntry& e = parsed[i];
    const uint64_t offset = offsets[i];
    if (offset > kMaxImageSize || e.size > kMaxImageSize - offset ||
        (e.size > 0 && offset < pos))
      return invalid("entry '{}' (offset {}, size {}) overlaps the header or is absurd", e.id,
                     offset, e.size);
    extent = std::max<uint64_t>(extent, offset + e.size);
  }
  if (!view.readable(0, extent))
    return invalid("entries extend to byte {}, past the readable image ({} bytes known)", extent,
                   view.known());
  for (uint64_t i = 0; i < count; ++i) {
    BundleEntry& e = parsed[i];
    e.data = base + offsets[i];
    e.kind = kindOf(e.id, e.target, e.data, e.size);
  }
  *entries = std::move(parsed);
  return kOk;
}

}  // namespace

const char* imageKindName(ImageKind kind) {
  switch (kind) {
    case ImageKind::Host: return "host";
    case ImageKind::Cubin: return "cubin";
    case ImageKind::Ptx: return "ptx";
    case ImageKind::AmdCodeObject: return "amdgcn";
    case ImageKind::Unknown: break;
  }
  return "unknown";
}

ImageKind classifyImage(const uint8_t* data, size_t size) {
  if (data == nullptr || size == 0) return ImageKind::Unknown;
  if (isElf64(data, size)) {
    uint16_t machine;
    std::memcpy(&machine, data + offsetof(Elf64_Ehdr, e_machine), sizeof machine);
    if (machine == kEmCuda) return ImageKind::Cubin;
    if (machine == kEmAmdgpu) return ImageKind::AmdCodeObject;
    return ImageKind::Unknown;
  }
  if (looksLikePtx(data, size)) return ImageKind::Ptx;
  return ImageKind::Unknown;
}

int cubinSmVersion(const uint8_t* data, size_t size) {
  if (classifyImage(data, size) != ImageKind::Cubin) return -1;
  uint32_t flags;
  std::memcpy(&flags, data + offsetof(Elf64_Ehdr, e_flags), sizeof flags);
  // ELF ABI version 8 and later (CUDA 12.8+) keep the SM in bits 8-15; older ones in bits 0-7.
  return data[EI_ABIVERSION] >= 8 ? static_cast<int>((flags >> 8) & 0xff)
                                  : static_cast<int>(flags & 0xff);
}

// Whether the image starts with `magic`, read byte by byte up to the first difference: an unsized
// image (hipModuleLoadData's pointer) may be a shorter object than any magic, e.g. "".
static bool startsWith(ImageView& view, const void* magic, size_t n) {
  if (!view.readable(0, n)) return false;
  const auto* a = view.data();
  const auto* b = static_cast<const uint8_t*>(magic);
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

bool isCompressedBundle(ImageView view) {
  return view.data() != nullptr && startsWith(view, kCompressedBundleMagic, 4);
}

Status parseFatBinary(ImageView view, std::vector<BundleEntry>* entries,
                      std::vector<uint8_t>* storage) {
  entries->clear();
  const uint8_t* base = view.data();
  if (base == nullptr) return hipErrorInvalidValue;
  if (!view.readable(0, 1)) return invalid("image at {} is not readable", fmt::ptr(base));
  if (startsWith(view, kBundleMagic, kBundleMagicSize)) return parseBundle(view, entries);
  if (startsWith(view, kCompressedBundleMagic, 4)) {
    if (storage == nullptr) {
      UNIHIP_LOG_ERROR("fat binary: compressed (CCOB) bundle where only plain ones are expected");
      return hipErrorNotSupported;
    }
    std::vector<uint8_t> plain;
    UNIHIP_TRY(decompressBundle(view, &plain));
    ImageView inner = ImageView::sized(plain.data(), plain.size());
    if (plain.size() < kBundleMagicSize || std::memcmp(plain.data(), kBundleMagic,
                                                       kBundleMagicSize) != 0)
      return invalid("compressed bundle does not hold a plain bundle");
    std::vector<BundleEntry> parsed;
    UNIHIP_TRY(parseBundle(inner, &parsed));
    *storage = std::move(plain);  // moving a vector keeps its buffer: entries stay valid
    *entries = std::move(parsed);
    return kOk;
  }
  if (startsWith(view, ELFMAG, SELFMAG) && view.readable(0, sizeof(Elf64_Ehdr)) &&
      isElf64(base, sizeof(Elf64_Ehdr))) {
    const size_t size = elfImageSize(view);
    const ImageKind kind = size ? classifyImage(base, size) : ImageKind::Unknown;
    if (size == 0 || kind == ImageKind::Unknown)
      return invalid("ELF image is truncated, lies about its size, or is not for a GPU");
    entries->push_back(BundleEntry{{}, {}, kind, base, size});
    return kOk;
  }
  const size_t length = textLength(view);
  if (length != SIZE_MAX && looksLikePtx(base, length)) {
    entries->push_back(BundleEntry{{}, {}, ImageKind::Ptx, base, length});
    return kOk;
  }
  return invalid("unrecognized image (no bundle magic, not ELF, not NUL-terminated PTX)");
}

}  // namespace unihip
