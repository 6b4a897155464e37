// Bad input: truncated or corrupted ELF images, notes and msgpack metadata must give
// hipErrorInvalidImage with a log line naming the defect, never a crash or an out-of-bounds
// read (run this suite under AddressSanitizer to check the latter; see tests/amd/README.md).
#include <catch2/catch.hpp>

#include <elf.h>
#include <msgpack.hpp>

#include <cstring>
#include <map>
#include <random>
#include <variant>

#include "code_object.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {

// A small msgpack document model, so each test can break one thing in a valid document.
struct Node;
using Map = std::vector<std::pair<std::string, Node>>;
using Array = std::vector<Node>;
struct Node {
  std::variant<std::monostate, uint64_t, int64_t, bool, std::string, Array, Map> v;
  Node() = default;
  Node(uint64_t x) : v(x) {}
  Node(int x) : v(static_cast<uint64_t>(x)) {}
  Node(unsigned x) : v(static_cast<uint64_t>(x)) {}
  Node(const char* s) : v(std::string(s)) {}
  Node(std::string s) : v(std::move(s)) {}
  Node(Array a) : v(std::move(a)) {}
  Node(Map m) : v(std::move(m)) {}
  static Node negative(int64_t x) { Node n; n.v = x; return n; }
  static Node boolean(bool b) { Node n; n.v = b; return n; }
  Node& operator[](const std::string& key) {
    for (auto& [k, val] : std::get<Map>(v))
      if (k == key) return val;
    std::get<Map>(v).emplace_back(key, Node());
    return std::get<Map>(v).back().second;
  }
  Node& at(size_t i) { return std::get<Array>(v)[i]; }
  void erase(const std::string& key) {
    auto& m = std::get<Map>(v);
    std::erase_if(m, [&](auto& kv) { return kv.first == key; });
  }
};

void pack(msgpack::packer<msgpack::sbuffer>& p, const Node& n) {
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) p.pack_nil();
        else if constexpr (std::is_same_v<T, uint64_t>) p.pack_uint64(x);
        else if constexpr (std::is_same_v<T, int64_t>) p.pack_int64(x);
        else if constexpr (std::is_same_v<T, bool>) x ? p.pack_true() : p.pack_false();
        else if constexpr (std::is_same_v<T, std::string>) p.pack(x);
        else if constexpr (std::is_same_v<T, Array>) {
          p.pack_array(static_cast<uint32_t>(x.size()));
          for (const Node& e : x) pack(p, e);
        } else {
          p.pack_map(static_cast<uint32_t>(x.size()));
          for (const auto& [k, val] : x) {
            p.pack(k);
            pack(p, val);
          }
        }
      },
      n.v);
}

std::vector<uint8_t> encode(const Node& n) {
  msgpack::sbuffer buffer;
  msgpack::packer<msgpack::sbuffer> p(buffer);
  pack(p, n);
  return std::vector<uint8_t>(buffer.data(), buffer.data() + buffer.size());
}

Node arg(uint32_t offset, uint32_t size, const char* kind) {
  return Map{{".offset", offset}, {".size", size}, {".value_kind", kind}};
}

// A valid document: one kernel (float*, int) with a v5 hidden block count.
Node validDocument() {
  Node kernel = Map{{".name", "k"},
                    {".symbol", "k.kd"},
                    {".kernarg_segment_size", 24},
                    {".kernarg_segment_align", 8},
                    {".group_segment_fixed_size", 0},
                    {".private_segment_fixed_size", 0},
                    {".wavefront_size", 64},
                    {".max_flat_workgroup_size", 256},
                    {".args", Array{arg(0, 8, "global_buffer"), arg(8, 4, "by_value"),
                                    arg(16, 4, "hidden_block_count_x")}}};
  return Map{{"amdhsa.version", Array{1, 2}},
             {"amdhsa.target", "amdgcn-amd-amdhsa--gfx90a"},
             {"amdhsa.kernels", Array{kernel}}};
}

Node& kernel0(Node& doc) { return doc["amdhsa.kernels"].at(0); }
Node& arg0(Node& doc) { return kernel0(doc)[".args"].at(0); }

// Parses `bytes` as metadata; expects hipErrorInvalidImage and `phrase` in the log.
void expectInvalid(const std::vector<uint8_t>& bytes, const std::string& phrase) {
  test::LogCapture log;
  CodeObjectInfo info;
  CHECK(parseCodeObjectMetadata(bytes.data(), bytes.size(), &info) == hipErrorInvalidImage);
  INFO("log: " << log.text());
  CHECK(log.text().find("invalid code object") != std::string::npos);
  CHECK(log.text().find(phrase) != std::string::npos);
}

}  // namespace

TEST_CASE("the valid test document parses", "[hsa][malformed]") {
  const std::vector<uint8_t> bytes = encode(validDocument());
  CodeObjectInfo info;
  REQUIRE(parseCodeObjectMetadata(bytes.data(), bytes.size(), &info).ok());
  REQUIRE(info.kernels.size() == 1);
  CHECK(info.kernels[0].explicitArgCount == 2);
  CHECK(info.kernels[0].args[2].kind == ArgKind::HiddenBlockCountX);
}

TEST_CASE("metadata with wrong types and missing keys", "[hsa][malformed]") {
  SECTION("root is not a map") { expectInvalid(encode(Node(Array{1, 2})), "root is not a map"); }
  SECTION("missing amdhsa.version") {
    Node d = validDocument();
    d.erase("amdhsa.version");
    expectInvalid(encode(d), "missing key amdhsa.version");
  }
  SECTION("amdhsa.version of the wrong shape") {
    Node d = validDocument();
    d["amdhsa.version"] = Array{1};
    expectInvalid(encode(d), "amdhsa.version is not an array of two");
    d["amdhsa.version"] = "1.2";
    expectInvalid(encode(d), "amdhsa.version is not an array of two");
  }
  SECTION("unsupported major version") {
    Node d = validDocument();
    d["amdhsa.version"] = Array{2, 0};
    expectInvalid(encode(d), "unsupported amdhsa.version major 2");
  }
  SECTION("amdhsa.target is not a string") {
    Node d = validDocument();
    d["amdhsa.target"] = 7;
    expectInvalid(encode(d), "amdhsa.target is not a string");
  }
  SECTION("missing or mistyped amdhsa.kernels") {
    Node d = validDocument();
    d["amdhsa.kernels"] = Map{};
    expectInvalid(encode(d), "amdhsa.kernels is not an array");
    d.erase("amdhsa.kernels");
    expectInvalid(encode(d), "missing key amdhsa.kernels");
  }
  SECTION("a kernel that is not a map") {
    Node d = validDocument();
    kernel0(d) = "kernel";
    expectInvalid(encode(d), "kernel #0: not a map");
  }
  SECTION("each required kernel key, removed") {
    for (const char* key : {".name", ".symbol", ".kernarg_segment_size", ".kernarg_segment_align",
                            ".group_segment_fixed_size", ".private_segment_fixed_size",
                            ".wavefront_size"}) {
      INFO(key);
      Node d = validDocument();
      kernel0(d).erase(key);
      expectInvalid(encode(d), std::string("missing key ") + key);
    }
  }
  SECTION("integers of the wrong type or range") {
    Node d = validDocument();
    kernel0(d)[".kernarg_segment_size"] = "24";
    expectInvalid(encode(d), ".kernarg_segment_size is not an unsigned integer");
    kernel0(d)[".kernarg_segment_size"] = Node::negative(-8);
    expectInvalid(encode(d), ".kernarg_segment_size is not an unsigned integer");
    kernel0(d)[".kernarg_segment_size"] = uint64_t{1} << 40;
    expectInvalid(encode(d), "is too large");
    kernel0(d)[".kernarg_segment_size"] = 1u << 21;
    expectInvalid(encode(d), ".kernarg_segment_size 2097152 exceeds");
  }
  SECTION("alignment and wavefront size out of range") {
    Node d = validDocument();
    kernel0(d)[".kernarg_segment_align"] = 12;
    expectInvalid(encode(d), ".kernarg_segment_align 12 is not a power of two");
    kernel0(d)[".kernarg_segment_align"] = 0;
    expectInvalid(encode(d), ".kernarg_segment_align 0 is not a power of two");
    kernel0(d)[".kernarg_segment_align"] = 4096;
    expectInvalid(encode(d), ".kernarg_segment_align 4096");
    kernel0(d)[".kernarg_segment_align"] = 8;
    kernel0(d)[".wavefront_size"] = 16;
    expectInvalid(encode(d), ".wavefront_size 16 is neither 32 nor 64");
  }
  SECTION("names of the wrong type or empty") {
    Node d = validDocument();
    kernel0(d)[".name"] = 3;
    expectInvalid(encode(d), ".name is not a string");
    kernel0(d)[".name"] = "";
    expectInvalid(encode(d), "empty .name or .symbol");
  }
  SECTION(".uses_dynamic_stack must be a boolean") {
    Node d = validDocument();
    kernel0(d)[".uses_dynamic_stack"] = 1;
    expectInvalid(encode(d), ".uses_dynamic_stack is not a boolean");
  }
  SECTION("arguments: wrong container, missing keys, unknown kinds") {
    Node d = validDocument();
    kernel0(d)[".args"] = Map{};
    expectInvalid(encode(d), ".args is not an array");
    d = validDocument();
    arg0(d) = 5;
    expectInvalid(encode(d), "kernel 'k' argument #0: not a map");
    for (const char* key : {".offset", ".size", ".value_kind"}) {
      INFO(key);
      d = validDocument();
      arg0(d).erase(key);
      expectInvalid(encode(d), std::string("kernel 'k' argument #0: missing key ") + key);
    }
    d = validDocument();
    arg0(d)[".value_kind"] = "pointer_to_nowhere";
    expectInvalid(encode(d), "unknown .value_kind 'pointer_to_nowhere'");
    d = validDocument();
    arg0(d)[".value_kind"] = 1;
    expectInvalid(encode(d), ".value_kind is not a string");
  }
  SECTION("argument offsets beyond the kernarg segment") {
    Node d = validDocument();
    arg0(d)[".offset"] = 20;  // 20 + 8 > 24
    expectInvalid(encode(d), "offset 20 + size 8 is beyond .kernarg_segment_size 24");
    d = validDocument();
    arg0(d)[".offset"] = 0xFFFFFFFFu;  // would wrap in 32-bit arithmetic
    expectInvalid(encode(d), "offset 4294967295 + size 8 is beyond");
    d = validDocument();
    kernel0(d)[".args"].at(2)[".size"] = 100;
    expectInvalid(encode(d), "argument #2: offset 16 + size 100 is beyond");
  }
  SECTION("an explicit argument after a hidden one") {
    Node d = validDocument();
    kernel0(d)[".args"].at(2)[".value_kind"] = "by_value";
    kernel0(d)[".args"].at(1)[".value_kind"] = "hidden_none";
    expectInvalid(encode(d), "explicit argument after a hidden one");
  }
}

TEST_CASE("an unknown hidden argument kind is accepted (it is zero-filled)", "[hsa][malformed]") {
  Node d = validDocument();
  kernel0(d)[".args"].at(2)[".value_kind"] = "hidden_from_the_future";
  const std::vector<uint8_t> bytes = encode(d);
  CodeObjectInfo info;
  REQUIRE(parseCodeObjectMetadata(bytes.data(), bytes.size(), &info).ok());
  CHECK(info.kernels[0].args[2].kind == ArgKind::HiddenUnknown);
}

TEST_CASE("msgpack with huge counts, truncation and deep nesting", "[hsa][malformed]") {
  SECTION("array32 claiming 4 billion elements") {
    expectInvalid({0xdd, 0xff, 0xff, 0xff, 0xff, 0x01}, "malformed msgpack");
  }
  SECTION("map32 claiming 4 billion pairs") {
    expectInvalid({0xdf, 0xff, 0xff, 0xff, 0xf0, 0xa1, 'a', 0x01}, "malformed msgpack");
  }
  SECTION("str32 longer than the blob") {
    expectInvalid({0x81, 0xdb, 0x7f, 0xff, 0xff, 0xff, 'x'}, "malformed msgpack");
  }
  SECTION("bin32 and ext32 longer than the blob") {
    expectInvalid({0xc6, 0xff, 0xff, 0xff, 0x00, 0x00}, "malformed msgpack");
    expectInvalid({0xc9, 0x7f, 0xff, 0xff, 0xff, 0x01, 0x00}, "malformed msgpack");
  }
  SECTION("a reserved byte") { expectInvalid({0xc1}, "malformed msgpack"); }
  SECTION("nesting deeper than any metadata") {
    std::vector<uint8_t> deep(10000, 0x91);  // fixarray of one element, 10000 deep
    deep.push_back(0x01);
    expectInvalid(deep, "malformed msgpack");
  }
  SECTION("a huge kernel count in a valid-looking document") {
    // {"amdhsa.version":[1,2], "amdhsa.kernels": array32(0x10000000)} and no elements.
    std::vector<uint8_t> bytes = {0x82, 0xae};
    const std::string version = "amdhsa.version";
    bytes.insert(bytes.end(), version.begin(), version.end());
    bytes.insert(bytes.end(), {0x92, 0x01, 0x02, 0xae});
    const std::string kernels = "amdhsa.kernels";
    bytes.insert(bytes.end(), kernels.begin(), kernels.end());
    bytes.insert(bytes.end(), {0xdd, 0x10, 0x00, 0x00, 0x00});
    expectInvalid(bytes, "malformed msgpack");
  }
  SECTION("every strict prefix of a valid document") {
    const std::vector<uint8_t> full = encode(validDocument());
    test::LogCapture quiet;
    for (size_t n = 0; n < full.size(); ++n) {
      CodeObjectInfo info;
      INFO("prefix of " << n << " bytes");
      CHECK(parseCodeObjectMetadata(full.data(), n, &info) == hipErrorInvalidImage);
    }
  }
}

namespace {

// Offsets into a real code object, found from its own headers.
struct ElfLayout {
  Elf64_Ehdr eh;
  size_t noteHeader = 0;  // file offset of the section header of the .note section
  Elf64_Shdr note;
};

ElfLayout layoutOf(const std::vector<uint8_t>& image) {
  ElfLayout l;
  std::memcpy(&l.eh, image.data(), sizeof l.eh);
  for (unsigned i = 0; i < l.eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    const size_t at = l.eh.e_shoff + i * sizeof sh;
    std::memcpy(&sh, image.data() + at, sizeof sh);
    if (sh.sh_type == SHT_NOTE) {
      l.noteHeader = at;
      l.note = sh;
    }
  }
  REQUIRE(l.noteHeader != 0);
  return l;
}

template <typename T>
void poke(std::vector<uint8_t>& image, size_t offset, T value) {
  REQUIRE(offset + sizeof value <= image.size());
  std::memcpy(image.data() + offset, &value, sizeof value);
}

void expectInvalidImage(const std::vector<uint8_t>& image, const std::string& phrase) {
  test::LogCapture log;
  CodeObjectInfo info;
  CHECK(parseCodeObject(image.data(), image.size(), &info) == hipErrorInvalidImage);
  INFO("log: " << log.text());
  CHECK(log.text().find(phrase) != std::string::npos);
}

}  // namespace

TEST_CASE("ELF-level defects in a real code object", "[hsa][malformed]") {
  const std::vector<uint8_t> good = test::readCodeObject("gfx90a");
  const ElfLayout l = layoutOf(good);
  CodeObjectInfo info;
  REQUIRE(parseCodeObject(good.data(), good.size(), &info).ok());

  std::vector<uint8_t> bad = good;
  SECTION("null and tiny images") {
    test::LogCapture log;
    CHECK(parseCodeObject(nullptr, 100, &info) == hipErrorInvalidImage);
    expectInvalidImage(std::vector<uint8_t>(good.begin(), good.begin() + 10), "too short");
  }
  SECTION("magic, class, machine, OS ABI, ABI version") {
    bad[0] = 0x7e;
    expectInvalidImage(bad, "no ELF magic");
    bad = good;
    bad[EI_CLASS] = ELFCLASS32;
    expectInvalidImage(bad, "not a little-endian ELF64 image");
    bad = good;
    poke<uint16_t>(bad, offsetof(Elf64_Ehdr, e_machine), EM_X86_64);
    expectInvalidImage(bad, "is not EM_AMDGPU");
    bad = good;
    bad[EI_OSABI] = ELFOSABI_LINUX;
    expectInvalidImage(bad, "is not AMDGPU_HSA");
    bad = good;
    bad[EI_ABIVERSION] = 9;
    expectInvalidImage(bad, "unsupported code object ABI version 9");
  }
  SECTION("section header table outside the image") {
    poke<uint64_t>(bad, offsetof(Elf64_Ehdr, e_shoff), good.size() + 64);
    expectInvalidImage(bad, "section header table");
    bad = good;
    poke<uint16_t>(bad, offsetof(Elf64_Ehdr, e_shnum), 0xffff);
    expectInvalidImage(bad, "section header table");
    bad = good;
    poke<uint16_t>(bad, offsetof(Elf64_Ehdr, e_shentsize), 32);
    expectInvalidImage(bad, "section header table");
  }
  SECTION("note section outside the image") {
    poke<uint64_t>(bad, l.noteHeader + offsetof(Elf64_Shdr, sh_offset), good.size() - 8);
    expectInvalidImage(bad, "note section at offset");
    bad = good;
    poke<uint64_t>(bad, l.noteHeader + offsetof(Elf64_Shdr, sh_size), uint64_t{1} << 62);
    expectInvalidImage(bad, "note section at offset");
  }
  SECTION("note header with a huge descriptor size") {
    poke<uint32_t>(bad, l.note.sh_offset + 4, 0xfffffff0u);  // n_descsz
    expectInvalidImage(bad, "NT_AMDGPU_METADATA");
  }
  SECTION("no metadata note") {
    poke<uint32_t>(bad, l.note.sh_offset + 8, 33);  // n_type
    expectInvalidImage(bad, "no NT_AMDGPU_METADATA note");
    bad = good;
    poke<uint32_t>(bad, l.noteHeader + offsetof(Elf64_Shdr, sh_type), SHT_PROGBITS);
    expectInvalidImage(bad, "no NT_AMDGPU_METADATA note");
  }
  SECTION("corrupt msgpack inside the note") {
    const size_t desc = l.note.sh_offset + 12 + 8;  // header + "AMDGPU\0" padded to 8
    bad[desc] = 0xc1;
    expectInvalidImage(bad, "malformed msgpack");
  }
}

TEST_CASE("every truncation of a real code object is rejected", "[hsa][malformed]") {
  const std::vector<uint8_t> good = test::readCodeObject("gfx1100");
  test::LogCapture quiet;
  for (size_t n = 0; n < good.size(); ++n) {
    // A fresh, exactly sized buffer so that AddressSanitizer sees any read past the end.
    std::vector<uint8_t> prefix(good.begin(), good.begin() + n);
    CodeObjectInfo info;
    const Status st = parseCodeObject(prefix.empty() ? nullptr : prefix.data(), n, &info);
    if (st != hipErrorInvalidImage) FAIL("prefix of " << n << " bytes was not rejected");
  }
}

TEST_CASE("random corruption never crashes the parser", "[hsa][malformed]") {
  const std::vector<uint8_t> good = test::readCodeObject("gfx942");
  const ElfLayout l = layoutOf(good);
  std::mt19937 rng(20261121);
  test::LogCapture quiet;
  int rejected = 0;
  for (int iteration = 0; iteration < 3000; ++iteration) {
    std::vector<uint8_t> bad = good;
    const int flips = 1 + static_cast<int>(rng() % 8);
    for (int f = 0; f < flips; ++f) {
      // Half the time aim at the metadata note, where the msgpack parser is exercised.
      const size_t at = (iteration % 2)
                            ? l.note.sh_offset + rng() % l.note.sh_size
                            : rng() % bad.size();
      bad[at] = static_cast<uint8_t>(rng());
    }
    CodeObjectInfo info;
    const Status st = parseCodeObject(bad.data(), bad.size(), &info);
    REQUIRE((st.ok() || st == hipErrorInvalidImage));
    rejected += !st.ok();
    if (st.ok())  // whatever was accepted must satisfy the table's invariants
      for (const KernelInfo& k : info.kernels)
        for (const KernelArg& a : k.args) REQUIRE(uint64_t{a.offset} + a.size <= k.kernargSize);
  }
  CHECK(rejected > 0);
}
