#include "hostcall_protocol.h"

#include <cstdio>
#include <cstring>

namespace unihip::hsa::hostcall {

namespace {

constexpr size_t align8(size_t v) { return (v + 7) & ~size_t{7}; }

uint64_t roundUpPow2(uint64_t v) {
  uint64_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

// Reads a NUL-terminated string packed into words from `*pos`; advances past the words it
// occupies (its own strlen + 1 rounded up to 8: a NULL %s is one zero word).
std::string readString(std::span<const uint64_t> words, size_t* pos) {
  std::string s;
  while (*pos < words.size()) {
    const uint64_t w = words[(*pos)++];
    for (int b = 0; b < 8; ++b) {
      const char c = static_cast<char>((w >> (8 * b)) & 0xFF);
      if (c == '\0') return s;
      s.push_back(c);
    }
  }
  return s;  // unterminated: what arrived
}

void appendf(std::string* out, const char* spec, auto value) {
  char small[128];
  const int n = std::snprintf(small, sizeof small, spec, value);
  if (n < 0) return;
  if (static_cast<size_t>(n) < sizeof small) {
    out->append(small, static_cast<size_t>(n));
    return;
  }
  std::string big(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(big.data(), big.size(), spec, value);
  out->append(big.data(), static_cast<size_t>(n));
}

}  // namespace

size_t headersOffset() { return align8(sizeof(BufferHeader)); }
size_t payloadsOffset(uint32_t packets) {
  return headersOffset() + align8(size_t{packets} * sizeof(PacketHeader));
}

size_t bufferBytes(uint32_t packets) {
  return align8(sizeof(BufferHeader)) + align8(size_t{packets} * sizeof(PacketHeader)) +
         size_t{packets} * sizeof(Payload);
}

void initBuffer(void* memory, uint32_t packets, uint64_t doorbellHandle) {
  std::memset(memory, 0, bufferBytes(packets));
  auto* base = static_cast<uint8_t*>(memory);
  auto* h = static_cast<BufferHeader*>(memory);
  auto* headers = reinterpret_cast<PacketHeader*>(base + align8(sizeof(BufferHeader)));
  auto* payloads = base + align8(sizeof(BufferHeader)) + align8(size_t{packets} * sizeof(PacketHeader));
  const uint64_t mask = roundUpPow2(packets) - 1;
  h->headers = reinterpret_cast<uint64_t>(headers);
  h->payloads = reinterpret_cast<uint64_t>(payloads);
  h->doorbell = doorbellHandle;
  h->indexMask = mask;
  h->readyStack = 0;
  // Free list n-1 -> ... -> 1 -> 0 (index 0 carries tag 1: a tagged 0 means "none").
  headers[0].next = 0;
  uint64_t previous = mask + 1;
  for (uint32_t i = 1; i < packets; ++i) {
    headers[i].next = previous;
    previous = i;
  }
  h->freeStack = previous;
}

int formatPrintf(std::span<const uint64_t> words, std::string* out, bool* toStderr) {
  out->clear();
  *toStderr = false;
  if (words.empty()) return -1;
  const uint64_t control = words[0];
  if ((control & ~uint64_t{1}) != 0) return -1;
  *toStderr = (control & 1) != 0;
  size_t pos = 1;
  const std::string format = readString(words, &pos);
  auto next = [&]() -> uint64_t { return pos < words.size() ? words[pos++] : 0; };

  for (size_t i = 0; i < format.size();) {
    if (format[i] != '%') {
      out->push_back(format[i++]);
      continue;
    }
    // %[flags][width][.precision][length]conversion
    size_t j = i + 1;
    std::string spec = "%";
    while (j < format.size() && std::strchr("-+ #0'", format[j]) != nullptr) spec += format[j++];
    auto number = [&]() {
      if (j < format.size() && format[j] == '*') {
        const int32_t v = static_cast<int32_t>(next());
        if (v < 0 && spec.back() == '.') spec.pop_back();  // negative precision: none
        else spec += std::to_string(v);                     // negative width: '-' flag
        ++j;
        return;
      }
      while (j < format.size() && format[j] >= '0' && format[j] <= '9') spec += format[j++];
    };
    number();
    if (j < format.size() && format[j] == '.') {
      spec += format[j++];
      number();
    }
    std::string length;
    while (j < format.size() && std::strchr("hljztLq", format[j]) != nullptr) length += format[j++];
    if (j >= format.size()) {  // a lone '%' at the end: printed as it came
      out->append(format, i, std::string::npos);
      break;
    }
    const char conv = format[j++];
    i = j;
    switch (conv) {
      case '%': out->push_back('%'); break;
      case 'd':
      case 'i': {
        const uint64_t w = next();
        long long v = length == "hh"  ? static_cast<signed char>(w)
                      : length == "h" ? static_cast<short>(w)
                      : length.empty() ? static_cast<int32_t>(w)
                                       : static_cast<long long>(w);
        appendf(out, (spec + "ll" + conv).c_str(), v);
        break;
      }
      case 'o':
      case 'u':
      case 'x':
      case 'X': {
        const uint64_t w = next();
        unsigned long long v = length == "hh"  ? static_cast<unsigned char>(w)
                               : length == "h" ? static_cast<unsigned short>(w)
                               : length.empty() ? static_cast<uint32_t>(w)
                                                : w;
        appendf(out, (spec + "ll" + conv).c_str(), v);
        break;
      }
      case 'c': appendf(out, (spec + 'c').c_str(), static_cast<int>(static_cast<unsigned char>(next()))); break;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': {
        const uint64_t w = next();
        double v;
        std::memcpy(&v, &w, sizeof v);
        appendf(out, (spec + conv).c_str(), v);
        break;
      }
      case 's': {
        const std::string s = readString(words, &pos);
        appendf(out, (spec + 's').c_str(), s.c_str());
        break;
      }
      case 'p': appendf(out, (spec + 'p').c_str(), reinterpret_cast<void*>(next())); break;
      case 'n': (void)next(); break;  // the device sent a word; nothing is written back
      default: out->append(spec + length + conv); break;  // unknown: printed as written
    }
  }
  return static_cast<int>(out->size());
}

bool PrintfMessages::handle(uint64_t slot[kWordsPerLane]) {
  const uint64_t desc = slot[0];
  uint64_t id = descId(desc);
  if (desc & kDescBegin) {
    id = nextId_++;
    messages_[id];
  }
  auto it = messages_.find(id);
  if (it == messages_.end()) {
    slot[0] = static_cast<uint64_t>(-1);
    slot[1] = 0;
    return false;
  }
  const uint32_t len = descLength(desc);
  it->second.insert(it->second.end(), slot + 1, slot + 1 + (len < 8 ? len : 7));
  if (desc & kDescEnd) {
    std::string text;
    bool toStderr = false;
    const int n = formatPrintf(it->second, &text, &toStderr);
    messages_.erase(it);
    if (n > 0) {
      std::FILE* stream = toStderr ? (err_ ? err_ : stderr) : (out_ ? out_ : stdout);
      std::fwrite(text.data(), 1, text.size(), stream);
      std::fflush(stream);
    }
    slot[0] = static_cast<uint64_t>(static_cast<int64_t>(n));
  } else {
    slot[0] = (desc & uint64_t{0xFF} & ~kDescBegin) | (id << 8);  // BEGIN cleared, the id
  }
  slot[1] = 0;
  return true;
}

}  // namespace unihip::hsa::hostcall
