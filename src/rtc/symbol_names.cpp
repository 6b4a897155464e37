#include "rtc/symbol_names.h"

#include <cxxabi.h>
#include <elf.h>

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace unihip::rtc {
namespace {

template <typename T>
bool readAt(const std::vector<char>& img, size_t off, T& out) {
  if (off > img.size() || img.size() - off < sizeof(T)) return false;
  std::memcpy(&out, img.data() + off, sizeof(T));
  return true;
}

std::vector<std::string> elfFunctions(const std::vector<char>& img) {
  std::vector<std::string> names;
  Elf64_Ehdr eh;
  if (!readAt(img, 0, eh) || eh.e_ident[EI_CLASS] != ELFCLASS64) return names;
  if (eh.e_shentsize != sizeof(Elf64_Shdr)) return names;
  for (unsigned i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    if (!readAt(img, eh.e_shoff + size_t{i} * sizeof(Elf64_Shdr), sh)) return names;
    if (sh.sh_type != SHT_SYMTAB || sh.sh_entsize != sizeof(Elf64_Sym)) continue;
    Elf64_Shdr strtab;
    if (!readAt(img, eh.e_shoff + size_t{sh.sh_link} * sizeof(Elf64_Shdr), strtab)) return names;
    if (strtab.sh_offset > img.size() || img.size() - strtab.sh_offset < strtab.sh_size)
      return names;
    for (size_t off = 0; off + sizeof(Elf64_Sym) <= sh.sh_size; off += sizeof(Elf64_Sym)) {
      Elf64_Sym sym;
      if (!readAt(img, sh.sh_offset + off, sym)) break;
      if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_name >= strtab.sh_size) continue;
      const char* s = img.data() + strtab.sh_offset + sym.st_name;
      names.emplace_back(s, strnlen(s, strtab.sh_size - sym.st_name));
    }
  }
  return names;
}

std::vector<std::string> ptxEntries(const std::vector<char>& img) {
  std::vector<std::string> names;
  std::string text(img.begin(), img.end());
  for (size_t pos = text.find(".entry "); pos != std::string::npos;
       pos = text.find(".entry ", pos + 1)) {
    size_t b = pos + 7, e = b;
    while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) ||
                               text[e] == '_' || text[e] == '$' || text[e] == '.'))
      ++e;
    if (e > b) names.push_back(text.substr(b, e - b));
  }
  return names;
}

std::string noSpaces(std::string s) {
  std::string r;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) r.push_back(c);
  return r;
}

// "void ns::k<int>(int*, float)" -> "ns::k<int>"
std::string qualifiedName(const std::string& demangled) {
  std::string s = demangled;
  if (!s.empty() && s.back() == ')') {  // drop the parameter list (last top-level parens)
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
      if (s[i] == ')') ++depth;
      else if (s[i] == '(' && --depth == 0) {
        s.resize(i);
        break;
      }
    }
  }
  // drop a return type: the last space outside template brackets
  int angle = 0;
  size_t cut = std::string::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') ++angle;
    else if (s[i] == '>') --angle;
    else if (s[i] == ' ' && angle == 0) cut = i;
  }
  if (cut != std::string::npos) s = s.substr(cut + 1);
  return noSpaces(s);
}

std::string expressionName(std::string e) {
  e = noSpaces(e);
  if (!e.empty() && e[0] == '&') e.erase(0, 1);
  if (e.size() > 2 && e[0] == '(' && e.back() == ')') e = e.substr(1, e.size() - 2);
  if (!e.empty() && e[0] == '&') e.erase(0, 1);
  if (e.rfind("::", 0) == 0) e.erase(0, 2);
  return e;
}

}  // namespace

std::vector<std::string> kernelSymbols(const std::vector<char>& image) {
  if (image.size() >= 4 && std::memcmp(image.data(), ELFMAG, SELFMAG) == 0)
    return elfFunctions(image);
  return ptxEntries(image);
}

std::map<std::string, std::string> matchNameExpressions(const std::vector<std::string>& expressions,
                                                        const std::vector<std::string>& symbols) {
  std::map<std::string, std::string> byName;
  for (const auto& sym : symbols) {
    int status = 0;
    char* d = abi::__cxa_demangle(sym.c_str(), nullptr, nullptr, &status);
    byName.emplace(status == 0 && d != nullptr ? qualifiedName(d) : sym, sym);
    std::free(d);
  }
  std::map<std::string, std::string> out;
  for (const auto& e : expressions) {
    auto it = byName.find(expressionName(e));
    if (it != byName.end()) out[e] = it->second;
  }
  return out;
}

}  // namespace unihip::rtc
