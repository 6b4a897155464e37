#include "rtc/compile_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace unihip::rtc {
namespace {

constexpr char kMagic[] = "UNIHIPRTC1\n";
constexpr uint64_t kMaxField = uint64_t{1} << 31;

std::string cacheDir() {
  const char* off = std::getenv("UNIHIP_RTC_CACHE");
  if (off != nullptr && (std::strcmp(off, "0") == 0 || std::strcmp(off, "off") == 0)) return {};
  if (const char* dir = std::getenv("UNIHIP_RTC_CACHE_DIR"); dir != nullptr && *dir)
    return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg)
    return std::string(xdg) + "/unihip/rtc";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home)
    return std::string(home) + "/.cache/unihip/rtc";
  return {};
}

uint64_t maxBytes() {
  const char* v = std::getenv("UNIHIP_RTC_CACHE_MAX_MB");
  long long mb = v != nullptr ? std::atoll(v) : 256;
  if (mb <= 0) mb = 256;
  return static_cast<uint64_t>(mb) << 20;
}

// Two FNV-1a 64 variants: a file name, not a proof of equality (the entry holds the key).
std::string hashName(const std::string& key) {
  uint64_t a = 1469598103934665603ull, b = 1099511628211ull * 31;
  for (unsigned char c : key) {
    a = (a ^ c) * 1099511628211ull;
    b = (b ^ c) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
  }
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(b));
  return std::string(buf) + ".rtc";
}

void putField(std::string& out, const void* data, size_t n) {
  uint64_t len = n;
  out.append(reinterpret_cast<const char*>(&len), sizeof len);
  out.append(static_cast<const char*>(data), n);
}
void putField(std::string& out, const std::string& s) { putField(out, s.data(), s.size()); }

struct Reader {
  const std::string& buf;
  size_t pos = 0;
  bool field(std::string& out) {
    uint64_t len = 0;
    if (buf.size() - pos < sizeof len) return false;
    std::memcpy(&len, buf.data() + pos, sizeof len);
    pos += sizeof len;
    if (len > kMaxField || buf.size() - pos < len) return false;
    out.assign(buf.data() + pos, len);
    pos += len;
    return true;
  }
};

// Removes least recently used entries until the folder is under 90% of the limit.
void trim(const fs::path& dir) {
  struct Entry { fs::path path; fs::file_time_type time; uintmax_t size; };
  std::vector<Entry> entries;
  uintmax_t total = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".rtc") continue;
    std::error_code ec2;
    uintmax_t size = e.file_size(ec2);
    auto time = e.last_write_time(ec2);
    if (ec2) continue;
    entries.push_back({e.path(), time, size});
    total += size;
  }
  const uint64_t limit = maxBytes();
  if (total <= limit) return;
  std::sort(entries.begin(), entries.end(),
            [](const Entry& x, const Entry& y) { return x.time < y.time; });
  for (const auto& e : entries) {
    if (total <= limit / 10 * 9) break;
    std::error_code ec2;
    if (fs::remove(e.path, ec2)) total -= e.size;  // another process may have removed it
  }
}

// The #include operands of `text`: <name> keeps its brackets; a computed include gives "".
void includesOf(const std::string& text, std::vector<std::string>& out) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    size_t i = text.find_first_not_of(" \t", pos);
    if (i < end && text[i] == '#') {
      i = text.find_first_not_of(" \t", i + 1);
      if (i < end && text.compare(i, 7, "include") == 0) {
        i = text.find_first_not_of(" \t", i + 7);
        if (i < end && (text[i] == '"' || text[i] == '<')) {
          char close = text[i] == '"' ? '"' : '>';
          size_t j = text.find(close, i + 1);
          if (j < end) out.push_back(close == '>' ? text.substr(i, j - i + 1) : text.substr(i + 1, j - i - 1));
          else out.emplace_back();
        } else {
          out.emplace_back();
        }
      }
    }
    pos = end + 1;
  }
}

}  // namespace

bool cacheable(const Program& p, const CompileOptions& o) {
  if (!o.includeDirs.empty() || !o.preIncludes.empty()) return false;
  std::vector<std::string> includes;
  includesOf(p.source, includes);
  for (const auto& h : p.headers) includesOf(h.second, includes);
  for (const auto& inc : includes) {
    if (inc.empty()) return false;
    std::string name = inc.front() == '<' ? inc.substr(1, inc.size() - 2) : inc;
    bool known = false;
    for (const auto& h : p.headers) known = known || h.first == name;
    for (const auto& [builtin, text] : nvrtcBuiltinHeaders()) known = known || name == builtin;
    if (!known && inc.front() != '<') return false;  // "x.h" from disk
  }
  return true;
}

std::string cacheKey(const std::string& engine, const std::string& arch,
                     const std::vector<std::string>& arguments, const Program& p) {
  std::string key;
  putField(key, engine);
  putField(key, arch);
  for (const auto& a : arguments) putField(key, "arg:" + a);
  putField(key, p.source);
  for (const auto& [name, text] : p.headers) {
    putField(key, "hdr:" + name);
    putField(key, text);
  }
  for (const auto& e : p.nameExpressions) putField(key, "expr:" + e);
  return key;
}

std::optional<CompileOutput> cacheLookup(const std::string& key) {
  const std::string dir = cacheDir();
  if (dir.empty()) return std::nullopt;
  const fs::path file = fs::path(dir) / hashName(key);
  std::ifstream f(file, std::ios::binary);
  if (!f) return std::nullopt;
  std::string buf{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  if (buf.compare(0, sizeof kMagic - 1, kMagic) != 0) return std::nullopt;
  Reader r{buf, sizeof kMagic - 1};
  std::string storedKey, log, code, bitcode, count;
  if (!r.field(storedKey) || storedKey != key) return std::nullopt;
  if (!r.field(log) || !r.field(code) || !r.field(bitcode) || !r.field(count)) return std::nullopt;
  CompileOutput out;
  out.log = std::move(log);
  out.code.assign(code.begin(), code.end());
  out.bitcode.assign(bitcode.begin(), bitcode.end());
  uint64_t n = 0;
  if (count.size() != sizeof n) return std::nullopt;
  std::memcpy(&n, count.data(), sizeof n);
  for (uint64_t i = 0; i < n; ++i) {
    std::string expr, sym;
    if (!r.field(expr) || !r.field(sym)) return std::nullopt;
    out.lowered[expr] = sym;
  }
  std::error_code ec;
  fs::last_write_time(file, fs::file_time_type::clock::now(), ec);  // recently used
  return out;
}

void cacheStore(const std::string& key, const CompileOutput& out) {
  const std::string dir = cacheDir();
  if (dir.empty() || out.status != CompileOutput::Ok) return;
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string buf(kMagic, sizeof kMagic - 1);
  putField(buf, key);
  putField(buf, out.log);
  putField(buf, out.code.data(), out.code.size());
  putField(buf, out.bitcode.data(), out.bitcode.size());
  uint64_t n = out.lowered.size();
  putField(buf, &n, sizeof n);
  for (const auto& [expr, sym] : out.lowered) {
    putField(buf, expr);
    putField(buf, sym);
  }
  std::string tmp = (fs::path(dir) / ".entry-XXXXXX").string();
  int fd = mkstemp(tmp.data());
  if (fd < 0) return;
  size_t written = 0;
  while (written < buf.size()) {
    ssize_t w = write(fd, buf.data() + written, buf.size() - written);
    if (w <= 0) break;
    written += static_cast<size_t>(w);
  }
  fchmod(fd, 0644);
  close(fd);
  if (written != buf.size() ||
      std::rename(tmp.c_str(), (fs::path(dir) / hashName(key)).c_str()) != 0) {
    unlink(tmp.c_str());
    return;
  }
  trim(dir);
}

}  // namespace unihip::rtc
