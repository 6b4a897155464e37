// The hostcall protocol's host side as pure functions (backends/hsa/hostcall_protocol.h): the
// buffer layout and free list the device library walks, printf messages decoded from the word
// patterns __ockl_printf_* sends, and the descriptor replies.
#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "hostcall_protocol.h"

using namespace unihip::hsa::hostcall;

namespace {

// Words as the device sends a message: control, then strings NUL-terminated and padded to 8.
struct Words {
  std::vector<uint64_t> w;
  explicit Words(uint64_t control = 0) { w.push_back(control); }
  Words& str(const std::string& s) {
    const size_t bytes = s.size() + 1;
    const size_t first = w.size();
    w.resize(first + (bytes + 7) / 8, 0);
    std::memcpy(w.data() + first, s.c_str(), bytes);
    return *this;
  }
  Words& u(uint64_t v) {
    w.push_back(v);
    return *this;
  }
  Words& d(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    return u(bits);
  }
};

std::string format(const Words& words, int* n = nullptr, bool* err = nullptr) {
  std::string out;
  bool toStderr = false;
  const int r = formatPrintf(words.w, &out, &toStderr);
  if (n) *n = r;
  if (err) *err = toStderr;
  return out;
}

}  // namespace

TEST_CASE("hostcall buffer: layout and free list as the device library reads them", "[hostcall][protocol]") {
  for (uint32_t packets : {2u, 5u, 8u, 3328u}) {
    std::vector<uint64_t> memory(bufferBytes(packets) / 8 + 1);
    initBuffer(memory.data(), packets, 0xD00Bu);
    const auto* h = reinterpret_cast<const BufferHeader*>(memory.data());
    const uint64_t base = reinterpret_cast<uint64_t>(memory.data());
    CHECK(h->headers == base + 48);
    CHECK(h->payloads == base + 48 + ((packets * 24 + 7) & ~7u));
    CHECK(h->payloads + uint64_t{packets} * 4096 <= base + bufferBytes(packets));
    CHECK(h->doorbell == 0xD00Bu);
    CHECK(h->readyStack == 0);
    uint64_t pow2 = 1;
    while (pow2 < packets) pow2 <<= 1;
    CHECK(h->indexMask == pow2 - 1);
    CHECK(h->freeStack == packets - 1);
    // Walking the free list visits every packet once and ends at a tagged 0.
    const auto* headers = reinterpret_cast<const PacketHeader*>(h->headers);
    std::set<uint64_t> seen;
    for (uint64_t t = h->freeStack; t != 0; t = headers[t & h->indexMask].next) {
      REQUIRE(seen.insert(t & h->indexMask).second);
      REQUIRE(seen.size() <= packets);
    }
    CHECK(seen.size() == packets);
    CHECK(headers[1].next == h->indexMask + 1);  // index 0 under tag 1, never a bare 0
    for (uint32_t i = 0; i < packets; ++i) CHECK(headers[i].control == 0);
  }
}

TEST_CASE("hostcall drainReady: every active lane, then READY cleared", "[hostcall][protocol]") {
  std::vector<uint64_t> memory(bufferBytes(4) / 8 + 1);
  initBuffer(memory.data(), 4, 1);
  auto* h = reinterpret_cast<BufferHeader*>(memory.data());
  auto* headers = reinterpret_cast<PacketHeader*>(h->headers);
  auto* payloads = reinterpret_cast<Payload*>(h->payloads);
  // Two ready packets: 3 (lanes 0 and 5) -> 1 (lane 63).
  headers[3] = {1, (1ull << 0) | (1ull << 5), kServiceDevmem, 1};
  headers[1] = {0, 1ull << 63, kServicePrintf, 1};
  payloads[3].slots[5][0] = 55;
  h->readyStack = 3;
  std::vector<std::pair<uint32_t, uint64_t>> calls;
  const uint32_t n = drainReady(memory.data(), 4, [&](uint32_t service, uint64_t* slot) {
    calls.emplace_back(service, slot[0]);
    slot[0] = 99;
  });
  CHECK(n == 2);
  REQUIRE(calls.size() == 3);
  CHECK(calls[0] == std::make_pair(kServiceDevmem, uint64_t{0}));
  CHECK(calls[1] == std::make_pair(kServiceDevmem, uint64_t{55}));
  CHECK(calls[2].first == kServicePrintf);
  CHECK(h->readyStack == 0);
  CHECK(headers[3].control == 0);
  CHECK(headers[1].control == 0);
  CHECK(payloads[3].slots[5][0] == 99);
  CHECK(payloads[1].slots[63][0] == 99);
  CHECK(payloads[3].slots[1][0] == 0);  // inactive lane untouched
}

TEST_CASE("hostcall drainReady: a corrupted ready list ends the walk", "[hostcall][protocol]") {
  std::vector<uint64_t> memory(bufferBytes(3) / 8 + 1);
  initBuffer(memory.data(), 3, 1);
  auto* h = reinterpret_cast<BufferHeader*>(memory.data());
  auto* headers = reinterpret_cast<PacketHeader*>(h->headers);
  h->headers = 0xDEAD;  // the device scribbled on the header: the walk does not use it
  headers[2] = {1, 1, kServicePrintf, 1};
  headers[1] = {2, 1, kServicePrintf, 1};  // a cycle 2 -> 1 -> 2
  h->readyStack = 2;
  int calls = 0;
  CHECK(drainReady(memory.data(), 3, [&](uint32_t, uint64_t*) { ++calls; }) == 3);
  CHECK(calls == 3);  // at most `packets` packets
  headers[2] = {3, 1, kServicePrintf, 1};  // index 3 is outside a 3-packet buffer (mask 3)
  h->readyStack = 2;
  calls = 0;
  CHECK(drainReady(memory.data(), 3, [&](uint32_t, uint64_t*) { ++calls; }) == 1);
  CHECK(calls == 1);
}

TEST_CASE("printf decoding: each conversion as its type", "[hostcall][protocol]") {
  int n = 0;
  bool err = true;
  CHECK(format(Words().str("plain\n"), &n, &err) == "plain\n");
  CHECK(n == 6);
  CHECK_FALSE(err);
  CHECK(format(Words().str("%d %i %u").u(0xFFFFFFFFu).u(42).u(0xFFFFFFFFu)) == "-1 42 4294967295");
  CHECK(format(Words().str("%ld %lld %lu").u(static_cast<uint64_t>(-5)).u(1ull << 40).u(~0ull)) ==
        "-5 1099511627776 18446744073709551615");
  CHECK(format(Words().str("%hhd %hd %hhu").u(0x1FF).u(0x18000).u(0x1FF)) == "-1 -32768 255");
  CHECK(format(Words().str("%x %X %o %#x %08x").u(255).u(255).u(8).u(255).u(0xabc)) ==
        "ff FF 10 0xff 00000abc");
  CHECK(format(Words().str("%c%c").u('o').u('k')) == "ok");
  CHECK(format(Words().str("%f %.2f %e %g").d(1.5).d(3.14159).d(1e10).d(0.25)) ==
        "1.500000 3.14 1.000000e+10 0.25");
  CHECK(format(Words().str("%5.1f|%-4d|").d(2.25).u(7)) == "  2.2|7   |");
  CHECK(format(Words().str("%*d|%.*f").u(5).u(42).u(3).d(1.0)) == "   42|1.000");
  CHECK(format(Words().str("%*d|%.*f|").u(static_cast<uint32_t>(-4)).u(7).u(static_cast<uint32_t>(-1)).d(0.5)) ==
        "7   |0.500000|");
  CHECK(format(Words().str("%s and %s!").str("one").str("a string longer than one word")) ==
        "one and a string longer than one word!");
  CHECK(format(Words().str("[%s]").u(0)) == "[]");  // NULL %s: one zero word
  CHECK(format(Words().str("%.3s|%10s|").str("abcdef").str("xy")) == "abc|        xy|");
  CHECK(format(Words().str("%p").u(0x1234)) == "0x1234");
  CHECK(format(Words().str("100%% %d%%").u(5)) == "100% 5%");
  CHECK(format(Words().str("%d%n|%d").u(1).u(0).u(2)) == "1|2");  // %n skips its word
  // A 60-byte format (two chunks on the device) and a mixed line as the test kernel sends it.
  const std::string longFormat(59, 'x');
  CHECK(format(Words().str(longFormat)) == longFormat);
  CHECK(format(Words().str("tid %d %ld %f %s %p %%\n").u(3).u(7).d(0.5).str("hi").u(0xbeef)) ==
        "tid 3 7 0.500000 hi 0xbeef %\n");
}

TEST_CASE("printf decoding: stderr, bad control words, missing arguments", "[hostcall][protocol]") {
  int n = 0;
  bool err = false;
  CHECK(format(Words(1).str("to stderr %d").u(1), &n, &err) == "to stderr 1");
  CHECK(err);
  CHECK(n == 11);
  format(Words(2).str("x"), &n);
  CHECK(n == -1);
  format(Words(0x100).str("x"), &n);
  CHECK(n == -1);
  std::string none;
  CHECK(formatPrintf({}, &none, &err) == -1);
  CHECK(format(Words().str("%d %s|").u(4)) == "4 |");  // arguments that never came: 0 and ""
  CHECK(format(Words().str("trailing %")) == "trailing %");
  CHECK(format(Words()) == "");  // no format string at all
}

TEST_CASE("printf messages: BEGIN gets an id, words accumulate, END prints", "[hostcall][protocol]") {
  std::FILE* sink = std::tmpfile();
  REQUIRE(sink != nullptr);
  PrintfMessages m(sink, sink);
  uint64_t slot[8] = {33, 0};  // BEGIN, LEN=1, control 0
  REQUIRE(m.handle(slot));
  const uint64_t desc = slot[0];
  CHECK((desc & 1) == 0);
  CHECK(descId(desc) != 0);
  CHECK(m.pending() == 1);
  // A second message gets a different id.
  uint64_t other[8] = {33, 0};
  REQUIRE(m.handle(other));
  CHECK(descId(other[0]) != descId(desc));
  // Format "%d\n" (one word) then the argument with END: prints, replies 2.
  uint64_t fmt[8] = {(desc & ~0xFFull) | (1 << 5), 0};
  std::memcpy(&fmt[1], "%d!", 4);
  REQUIRE(m.handle(fmt));
  CHECK(descId(fmt[0]) == descId(desc));
  uint64_t last[8] = {(desc & ~0xFFull) | (1 << 5) | 2, 7};
  REQUIRE(m.handle(last));
  CHECK(last[0] == 2);
  std::rewind(sink);
  char printed[8] = {};
  CHECK(std::fread(printed, 1, sizeof printed, sink) == 2);
  CHECK(std::string(printed) == "7!");
  std::fclose(sink);
  CHECK(m.pending() == 1);
  // A descriptor naming no message is refused (-1).
  uint64_t stray[8] = {(uint64_t{12345} << 8) | 2, 0};
  CHECK_FALSE(m.handle(stray));
  CHECK(static_cast<int64_t>(stray[0]) == -1);
}
