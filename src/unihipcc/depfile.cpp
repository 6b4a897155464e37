#include "depfile.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "subprocess.h"

namespace fs = std::filesystem;

namespace unihipcc {

namespace {

// -MQ: the target quoted for make ('$' doubled, blanks and '#' escaped), as clang does.
std::string quoteForMake(const std::string& target) {
  std::string out;
  for (char c : target) {
    if (c == '$') out += '$';
    else if (c == ' ' || c == '\t' || c == '#') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

DepRequest parseDepRequest(const std::vector<std::string>& flags, const std::string& object) {
  DepRequest r;
  for (size_t i = 0; i < flags.size(); ++i) {
    const std::string& f = flags[i];
    if (f == "-MD" || f == "-MMD") {
      r.enabled = true;
      r.systemHeaders = f == "-MD";
    } else if (f == "-MP") {
      r.phony = true;
    } else if ((f == "-MF" || f == "-MT" || f == "-MQ") && i + 1 < flags.size()) {
      const std::string& value = flags[++i];
      if (f == "-MF") r.file = value;
      else r.targets.push_back(f == "-MT" ? value : quoteForMake(value));
    }
  }
  if (r.file.empty()) r.file = fs::path(object).replace_extension(".d").string();
  return r;
}

std::vector<std::string> readDepPrerequisites(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ToolFailed("cannot read the dependency file '" + path + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  // Words are separated by unescaped blanks; "\\\n" continues a line.
  std::vector<std::string> words;
  std::string word;
  bool afterColon = false;
  auto flush = [&] {
    if (word.empty()) return;
    if (afterColon) words.push_back(word);
    else if (word.back() == ':') afterColon = true;  // "target:" ends the target list
    word.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      if (text[i + 1] == '\n') {
        flush();
        ++i;
        continue;
      }
      word += c;
      word += text[++i];
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n') {
      flush();
      if (c == '\n' && afterColon) {  // only the first rule: -MP rules are not read back
        break;
      }
      continue;
    }
    if (c == ':' && !afterColon && (i + 1 == text.size() || text[i + 1] == ' ' ||
                                    text[i + 1] == '\n' || text[i + 1] == '\t')) {
      word.clear();
      afterColon = true;
      continue;
    }
    word += c;
  }
  flush();
  return words;
}

void writeDepFile(const DepRequest& request, const std::string& object,
                  const std::vector<std::string>& prerequisites) {
  std::ofstream out(request.file, std::ios::trunc);
  if (!out) throw ToolFailed("cannot write the dependency file '" + request.file + "'");
  if (request.targets.empty()) {
    out << quoteForMake(object);
  } else {
    for (size_t i = 0; i < request.targets.size(); ++i) out << (i ? " " : "") << request.targets[i];
  }
  out << ':';
  for (const std::string& p : prerequisites) out << " \\\n  " << p;
  out << '\n';
  if (request.phony)
    for (size_t i = 1; i < prerequisites.size(); ++i) out << '\n' << prerequisites[i] << ":\n";
  if (!out) throw ToolFailed("cannot write the dependency file '" + request.file + "'");
}

}  // namespace unihipcc
