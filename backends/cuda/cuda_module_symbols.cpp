#include "cuda/cuda_module_symbols.h"

#include <cstdint>
#include <cstring>
#include <string_view>

namespace unihip::cu {

namespace {

// ELF64 little-endian layouts (the fields read here only).
struct ElfHeader {
  unsigned char ident[16];
  uint16_t type, machine;
  uint32_t version;
  uint64_t entry, phoff, shoff;
  uint32_t flags;
  uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};
struct SectionHeader {
  uint32_t name, type;
  uint64_t flags, addr, offset, size;
  uint32_t link, info;
  uint64_t addralign, entsize;
};
struct Symbol {
  uint32_t name;
  unsigned char info, other;
  uint16_t shndx;
  uint64_t value, size;
};
constexpr uint32_t kSymtab = 2;
constexpr unsigned kSectionSymbol = 3;  // STT_SECTION
constexpr uint16_t kMachineCuda = 190;

template <typename T>
bool readAt(const unsigned char* base, size_t size, uint64_t offset, T* out) {
  if (offset > size || size - offset < sizeof(T)) return false;
  std::memcpy(out, base + offset, sizeof(T));
  return true;
}

bool readCubinSymbols(const unsigned char* data, size_t size,
                      ModuleSymbols* names) {
  ElfHeader eh;
  if (!readAt(data, size, 0, &eh) || std::memcmp(eh.ident, "\x7f" "ELF", 4) != 0 ||
      eh.ident[4] != 2 /* 64-bit */ || eh.ident[5] != 1 /* little-endian */ ||
      eh.machine != kMachineCuda || eh.shentsize != sizeof(SectionHeader))
    return false;
  bool sawSymtab = false;
  for (uint32_t i = 0; i < eh.shnum; ++i) {
    SectionHeader sh;
    if (!readAt(data, size, eh.shoff + uint64_t{i} * sizeof(SectionHeader), &sh)) return false;
    if (sh.type != kSymtab) continue;
    SectionHeader strtab;
    if (sh.link >= eh.shnum ||
        !readAt(data, size, eh.shoff + uint64_t{sh.link} * sizeof(SectionHeader), &strtab) ||
        strtab.offset > size || strtab.size > size - strtab.offset ||
        sh.offset > size || sh.size > size - sh.offset)
      return false;
    const char* strings = reinterpret_cast<const char*>(data + strtab.offset);
    names->reserve(names->size() + sh.size / sizeof(Symbol));
    for (uint64_t at = 0; at + sizeof(Symbol) <= sh.size; at += sizeof(Symbol)) {
      Symbol sym;
      std::memcpy(&sym, data + sh.offset + at, sizeof(Symbol));
      // Section symbols (.text.<kernel>, .nv.constant0.<kernel>, ...: half of a cubin's
      // names, the longest) name no kernel or variable: not hashed.
      if (sym.name == 0 || sym.name >= strtab.size || (sym.info & 0xF) == kSectionSymbol) continue;
      size_t length = strnlen(strings + sym.name, strtab.size - sym.name);
      names->add(std::string_view(strings + sym.name, length));
    }
    sawSymtab = true;
  }
  return sawSymtab;
}

bool identifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.';
}

// The identifier a PTX declaration names: `.entry NAME(`, or the last word of a `.global` /
// `.const` declaration before `[`, `=` or `;`.
void addPtxDeclaration(std::string_view line, ModuleSymbols* names) {
  auto word = [&](size_t from, size_t* end) {
    while (from < line.size() && (line[from] == ' ' || line[from] == '\t')) ++from;
    size_t to = from;
    while (to < line.size() && identifierChar(line[to])) ++to;
    *end = to;
    return line.substr(from, to - from);
  };
  size_t pos = 0, end = 0;
  std::string_view last;
  bool entry = false, variable = false;
  while (pos < line.size()) {
    std::string_view w = word(pos, &end);
    if (w.empty()) break;
    if (entry) {
      names->add(w);
      return;
    }
    if (w == ".entry" || w == ".func") entry = true;
    else if (w == ".global" || w == ".const") variable = true;
    last = w;
    pos = end;
  }
  if (variable && !last.empty() && last[0] != '.' && end < line.size() &&
      (line[end] == '[' || line[end] == ';' || line[end] == ' ' || line[end] == '='))
    names->add(last);
}

bool readPtxSymbols(const char* text, size_t size, ModuleSymbols* names) {
  std::string_view ptx(text, strnlen(text, size));
  if (ptx.find(".version") == std::string_view::npos) return false;
  size_t start = 0;
  while (start < ptx.size()) {
    size_t nl = ptx.find('\n', start);
    std::string_view line = ptx.substr(start, nl == std::string_view::npos ? nl : nl - start);
    if (size_t c = line.find("//"); c != std::string_view::npos) line = line.substr(0, c);
    // Declarations sit at the top level, never inside a function body's indented lines.
    if (line.find(".entry") != std::string_view::npos ||
        line.find(".global") != std::string_view::npos ||
        line.find(".const") != std::string_view::npos)
      addPtxDeclaration(line, names);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return true;
}

}  // namespace

bool readModuleSymbols(ImageKind kind, const void* data, size_t size, ModuleSymbols* names) {
  if (data == nullptr) return false;
  bool known = false;
  switch (kind) {
    case ImageKind::Cubin:
      known = readCubinSymbols(static_cast<const unsigned char*>(data), size, names);
      break;
    case ImageKind::Ptx:
      known = readPtxSymbols(static_cast<const char*>(data), size, names);
      break;
    default:
      return false;
  }
  names->seal();
  return known;
}

}  // namespace unihip::cu
