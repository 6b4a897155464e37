#include "fatbin/bundle.h"

#include <elf.h>
#include <link.h>

#include <cstring>

#include "core/log.h"

namespace unihip {

namespace {

constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
constexpr size_t kBundleMagicSize = sizeof(kBundleMagic) - 1;
constexpr char kCompressedMagic[] = "CCOB";
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

// Size of an ELF image from its headers: the furthest section or program header table end.
size_t elfImageSize(const uint8_t* data, size_t limit) {
  Elf64_Ehdr eh;
  std::memcpy(&eh, data, sizeof eh);
  uint64_t end = sizeof eh;
  auto extend = [&](uint64_t off, uint64_t n, uint64_t entsize) {
    if (n > 0 && entsize > 0 && off <= limit && n <= (limit - off) / entsize)
      end = std::max<uint64_t>(end, off + n * entsize);
  };
  extend(eh.e_shoff, eh.e_shnum, eh.e_shentsize);
  extend(eh.e_phoff, eh.e_phnum, eh.e_phentsize);
  // Section contents may lie after the header table.
  if (eh.e_shoff && eh.e_shentsize == sizeof(Elf64_Shdr) && eh.e_shoff <= limit &&
      eh.e_shnum <= (limit - eh.e_shoff) / sizeof(Elf64_Shdr)) {
    for (unsigned i = 0; i < eh.e_shnum; ++i) {
      Elf64_Shdr sh;
      std::memcpy(&sh, data + eh.e_shoff + i * sizeof sh, sizeof sh);
      if (sh.sh_type != SHT_NOBITS && sh.sh_offset <= limit && sh.sh_size <= limit - sh.sh_offset)
        end = std::max<uint64_t>(end, sh.sh_offset + sh.sh_size);
    }
  }
  return end <= limit ? static_cast<size_t>(end) : 0;
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

Status parseBundle(const uint8_t* base, size_t limit, std::vector<BundleEntry>* entries) {
  if (limit < kBundleMagicSize + 8) {
    UNIHIP_LOG_ERROR("fat binary: bundle header truncated ({} bytes)", limit);
    return hipErrorInvalidImage;
  }
  uint64_t count = readU64(base + kBundleMagicSize);
  if (count == 0 || count > kMaxBundleEntries) {
    UNIHIP_LOG_ERROR("fat binary: absurd entry count {}", count);
    return hipErrorInvalidImage;
  }
  size_t pos = kBundleMagicSize + 8;
  entries->clear();
  entries->reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    if (limit - pos < 24) {
      UNIHIP_LOG_ERROR("fat binary: entry {} header past the end", i);
      return hipErrorInvalidImage;
    }
    uint64_t offset = readU64(base + pos);
    uint64_t size = readU64(base + pos + 8);
    uint64_t idLength = readU64(base + pos + 16);
    pos += 24;
    if (idLength == 0 || idLength > kMaxBundleIdLength || idLength > limit - pos) {
      UNIHIP_LOG_ERROR("fat binary: entry {} id length {} invalid", i, idLength);
      return hipErrorInvalidImage;
    }
    std::string_view id(reinterpret_cast<const char*>(base + pos), idLength);
    pos += idLength;
    if (offset > limit || size > limit - offset) {
      UNIHIP_LOG_ERROR("fat binary: entry '{}' (offset {}, size {}) past the end ({} bytes)", id,
                       offset, size, limit);
      return hipErrorInvalidImage;
    }
    BundleEntry e;
    e.id = id;
    e.target = targetOf(id);
    e.data = base + offset;
    e.size = size;
    e.kind = kindOf(id, e.target, e.data, e.size);
    entries->push_back(e);
  }
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

size_t readableBytesAt(const void* p) {
  struct Query {
    uintptr_t address;
    size_t bytes;
  } query{reinterpret_cast<uintptr_t>(p), 0};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        auto* q = static_cast<Query*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          uintptr_t start = info->dlpi_addr + ph.p_vaddr;
          uintptr_t end = start + ph.p_memsz;
          if (q->address >= start && q->address < end) {
            q->bytes = end - q->address;
            return 1;
          }
        }
        return 0;
      },
      &query);
  return query.bytes;
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

Status parseFatBinary(const void* data, size_t limit, std::vector<BundleEntry>* entries) {
  if (data == nullptr) return hipErrorInvalidValue;
  const auto* base = static_cast<const uint8_t*>(data);
  entries->clear();
  if (limit >= kBundleMagicSize && std::memcmp(base, kBundleMagic, kBundleMagicSize) == 0)
    return parseBundle(base, limit, entries);
  if (limit >= 4 && std::memcmp(base, kCompressedMagic, 4) == 0) {
    UNIHIP_LOG_ERROR("fat binary: compressed (CCOB) bundles are not supported");
    return hipErrorNotSupported;
  }
  if (isElf64(base, limit)) {
    size_t size = elfImageSize(base, limit);
    ImageKind kind = classifyImage(base, limit);
    if (size == 0 || kind == ImageKind::Unknown) {
      UNIHIP_LOG_ERROR("fat binary: ELF image is truncated or not for a GPU");
      return hipErrorInvalidImage;
    }
    entries->push_back(BundleEntry{{}, {}, kind, base, size});
    return kOk;
  }
  if (looksLikePtx(base, limit)) {
    size_t size = strnlen(reinterpret_cast<const char*>(base), limit);
    entries->push_back(BundleEntry{{}, {}, ImageKind::Ptx, base, size});
    return kOk;
  }
  UNIHIP_LOG_ERROR("fat binary: unrecognized image (no bundle magic, not ELF, not PTX)");
  return hipErrorInvalidImage;
}

}  // namespace unihip
