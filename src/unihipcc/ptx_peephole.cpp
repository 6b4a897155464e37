#include "ptx_peephole.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string_view>
#include <vector>

namespace unihipcc {

namespace {

// `and.bN %dst, <anything>, 1;`, unpredicated.
const std::regex kAndOne(R"(^\s*and\.b(16|32|64)\s+(%[A-Za-z0-9_]+)\s*,\s*[^,;]+,\s*1\s*;\s*$)");
// `setp.eq.bN %p, %r, 1;`, unpredicated.
const std::regex kTestOne(
    R"(^(\s*)setp\.eq\.b(16|32|64)(\s+)(%[A-Za-z0-9_]+)\s*,\s*(%[A-Za-z0-9_]+)\s*,\s*1\s*;\s*$)");

// The registers an instruction line writes: its first operand (`%r`, `%p|%q` or `{%r, %s}`).
std::vector<std::string> destinations(std::string_view line) {
  std::vector<std::string> regs;
  size_t at = line.find_first_not_of(" \t");
  if (at == std::string_view::npos) return regs;
  line.remove_prefix(at);
  if (line.front() == '@') {  // guard predicate
    size_t space = line.find_first_of(" \t");
    if (space == std::string_view::npos) return regs;
    line.remove_prefix(space);
    line.remove_prefix(std::min(line.size(), line.find_first_not_of(" \t")));
  }
  size_t opEnd = line.find_first_of(" \t");
  if (opEnd == std::string_view::npos) return regs;
  line.remove_prefix(opEnd);
  line.remove_prefix(std::min(line.size(), line.find_first_not_of(" \t")));
  if (line.empty()) return regs;
  size_t end = line.front() == '{' ? line.find('}') : line.find_first_of(",;");
  std::string_view operand = line.substr(0, end);
  for (size_t i = 0; i < operand.size();) {
    size_t start = operand.find('%', i);
    if (start == std::string_view::npos) break;
    size_t stop = operand.find_first_of(" \t,|}", start);
    if (stop == std::string_view::npos) stop = operand.size();
    regs.emplace_back(operand.substr(start, stop - start));
    i = stop;
  }
  return regs;
}

}  // namespace

std::size_t rewriteLowBitTests(std::string& ptx) {
  std::istringstream in(ptx);
  std::string out;
  out.reserve(ptx.size());
  // Registers whose last write, in the straight-line code since the last label, was and-1,
  // with the width of that and.
  std::map<std::string, std::string> lowBit;
  std::size_t rewritten = 0;
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    std::string_view trimmed = line;
    trimmed.remove_prefix(std::min(trimmed.size(), trimmed.find_first_not_of(" \t")));
    // Labels join paths; calls, inline-asm scopes and directives end what is known.
    if (trimmed.empty() || trimmed.starts_with("//")) {
    } else if (trimmed.back() == ':' || trimmed.front() == '$' || trimmed.front() == '{' ||
               trimmed.front() == '}' || trimmed.front() == '.' ||
               trimmed.find("call") != std::string_view::npos) {
      lowBit.clear();
    } else if (trimmed.starts_with("setp.eq.b") && std::regex_match(line, m, kTestOne)) {
      auto it = lowBit.find(m[5].str());
      if (it != lowBit.end() && it->second == m[2].str()) {
        line = m[1].str() + "setp.ne.b" + m[2].str() + m[3].str() + m[4].str() + ", " +
               m[5].str() + ", 0;";
        ++rewritten;
      }
      lowBit.erase(m[4].str());
    } else {
      for (const std::string& reg : destinations(trimmed)) lowBit.erase(reg);
      if (trimmed.starts_with("and.b") && std::regex_match(line, m, kAndOne))
        lowBit[m[2].str()] = m[1].str();
    }
    out += line;
    out += '\n';
  }
  if (!ptx.empty() && ptx.back() != '\n' && !out.empty()) out.pop_back();
  if (rewritten > 0) ptx = std::move(out);
  return rewritten;
}

namespace {

// `name` as a whole PTX identifier in `text`, counted.
std::size_t countIdentifier(const std::string& text, const std::string& name) {
  auto isIdent = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  std::size_t count = 0;
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    bool before = at > 0 && isIdent(text[at - 1]);
    bool after = at + name.size() < text.size() && isIdent(text[at + name.size()]);
    if (!before && !after) ++count;
  }
  return count;
}

}  // namespace

std::size_t dropUsedExternals(std::string& ptx) {
  // Erases [from, to) and the newline after it.
  auto eraseLine = [&ptx](std::size_t from, std::size_t to) {
    if (to < ptx.size() && ptx[to] == '\n') ++to;
    ptx.erase(from, to - from);
  };
  const std::size_t at = ptx.find("__clang_gpu_used_external[");
  if (at == std::string::npos) return 0;
  const std::size_t lineStart = ptx.rfind('\n', at) == std::string::npos ? 0 : ptx.rfind('\n', at) + 1;
  const std::size_t lineEnd = std::min(ptx.find('\n', at), ptx.size());
  const std::string line = ptx.substr(lineStart, lineEnd - lineStart);
  const std::size_t open = line.find('{'), close = line.find('}');
  if (line.find(".global") == std::string::npos || open == std::string::npos || close < open) return 0;
  std::vector<std::string> names;
  {
    const std::string list = line.substr(open + 1, close - open - 1);
    const std::regex ident(R"([A-Za-z_$][A-Za-z0-9_$]*)");
    for (std::sregex_iterator it(list.begin(), list.end(), ident), end; it != end; ++it)
      if (it->str() != "generic") names.push_back(it->str());
  }
  eraseLine(lineStart, lineEnd);
  std::size_t dropped = 0;
  for (const std::string& name : names) {
    if (countIdentifier(ptx, name) != 1) continue;  // used elsewhere, or not declared
    // Its one occurrence: a `.extern .func ... name (params)\n;` declaration.
    std::size_t pos = 0;
    for (pos = ptx.find(name); pos != std::string::npos; pos = ptx.find(name, pos + 1))
      if (countIdentifier(ptx.substr(pos, name.size() + 1), name) == 1 &&
          (pos == 0 || !(std::isalnum(static_cast<unsigned char>(ptx[pos - 1])) || ptx[pos - 1] == '_' || ptx[pos - 1] == '$')))
        break;
    if (pos == std::string::npos) continue;
    const std::size_t declStart = ptx.rfind('\n', pos) == std::string::npos ? 0 : ptx.rfind('\n', pos) + 1;
    const std::size_t first = ptx.find_first_not_of(" \t", declStart);
    if (ptx.compare(first, 7, ".extern") != 0 || ptx.find(".func", first) > pos) continue;
    const std::size_t semicolon = ptx.find(';', pos);
    if (semicolon == std::string::npos || ptx.find('{', pos) < semicolon) continue;
    eraseLine(declStart, semicolon + 1);
    ++dropped;
  }
  return dropped;
}

bool rewritePtxFile(const std::string& path) {
  std::string ptx;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream text;
    text << in.rdbuf();
    ptx = text.str();
  }
  const bool usedExternals = ptx.find("__clang_gpu_used_external") != std::string::npos;
  if (usedExternals) dropUsedExternals(ptx);
  if (rewriteLowBitTests(ptx) == 0 && !usedExternals) return true;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << ptx;
  return static_cast<bool>(out);
}

}  // namespace unihipcc
