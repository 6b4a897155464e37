// Parsing of clang offload bundles that the build produced, and of corrupt ones.
#include <cstdint>
#include <memory>
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "build_files.h"
#include "base/bundle.h"

using namespace unihip;

namespace {

const BundleEntry* findKind(const std::vector<BundleEntry>& entries, ImageKind kind) {
  for (const auto& e : entries)
    if (e.kind == kind) return &e;
  return nullptr;
}

void putU64(std::vector<uint8_t>& b, size_t at, uint64_t v) { std::memcpy(&b[at], &v, 8); }

}  // namespace

TEST_CASE("a bundle built by clang-offload-bundler parses into its images") {
  auto bytes = testing::readBuildFile(UNIHIP_TEST_FATBIN);
  std::vector<BundleEntry> entries;
  REQUIRE(parseFatBinary(bytes.data(), bytes.size(), &entries) == kOk);
  REQUIRE(entries.size() == (UNIHIP_TEST_HAS_CUBIN ? 4u : 3u));

  const BundleEntry* host = findKind(entries, ImageKind::Host);
  REQUIRE(host != nullptr);
  CHECK(host->size == 0);

  const BundleEntry* amd = findKind(entries, ImageKind::AmdCodeObject);
  REQUIRE(amd != nullptr);
  CHECK(amd->id == "hipv4-amdgcn-amd-amdhsa--gfx90a");
  CHECK(amd->target == "gfx90a");
  CHECK(std::memcmp(amd->data, "\x7f" "ELF", 4) == 0);

  const BundleEntry* ptx = findKind(entries, ImageKind::Ptx);
  REQUIRE(ptx != nullptr);
  CHECK(ptx->target == "compute_90");  // the bundler's trailing '-' is dropped
  CHECK(std::string_view(reinterpret_cast<const char*>(ptx->data), ptx->size).find(".entry") !=
        std::string_view::npos);

  if (UNIHIP_TEST_HAS_CUBIN) {
    const BundleEntry* cubin = findKind(entries, ImageKind::Cubin);
    REQUIRE(cubin != nullptr);
    CHECK(cubin->target == "sm_90");
    CHECK(cubinSmVersion(cubin->data, cubin->size) == 90);
  }
  for (const auto& e : entries) {
    CHECK(e.data >= bytes.data());
    CHECK(e.data + e.size <= bytes.data() + bytes.size());
  }
}

TEST_CASE("bare images are recognized by their content") {
  auto bytes = testing::readBuildFile(UNIHIP_TEST_FATBIN);
  std::vector<BundleEntry> entries;
  REQUIRE(parseFatBinary(bytes.data(), bytes.size(), &entries) == kOk);
  for (ImageKind kind : {ImageKind::AmdCodeObject, ImageKind::Ptx}) {
    const BundleEntry* e = findKind(entries, kind);
    REQUIRE(e != nullptr);
    std::vector<uint8_t> image(e->data, e->data + e->size);
    image.push_back(0);
    std::vector<BundleEntry> bare;
    REQUIRE(parseFatBinary(image.data(), image.size(), &bare) == kOk);
    REQUIRE(bare.size() == 1);
    CHECK(bare[0].kind == kind);
    CHECK(bare[0].size <= image.size());
  }
}

TEST_CASE("corrupt bundles are rejected with hipErrorInvalidImage, never read past the end") {
  auto good = testing::readBuildFile(UNIHIP_TEST_FATBIN);
  std::vector<BundleEntry> entries;
  const size_t countAt = 24, firstEntry = 32;

  SECTION("bad magic") {
    auto b = good;
    b[0] = 'X';
    CHECK(parseFatBinary(b.data(), b.size(), &entries) == Status(hipErrorInvalidImage));
  }
  SECTION("absurd entry counts") {
    for (uint64_t count : {uint64_t{0}, uint64_t{5000}, uint64_t{1} << 62}) {
      auto b = good;
      putU64(b, countAt, count);
      CHECK(parseFatBinary(b.data(), b.size(), &entries) == Status(hipErrorInvalidImage));
    }
  }
  SECTION("entry offset past the end") {
    auto b = good;
    putU64(b, firstEntry, b.size() + 1);
    CHECK(parseFatBinary(b.data(), b.size(), &entries) == Status(hipErrorInvalidImage));
  }
  SECTION("entry size past the end, including offset + size overflow") {
    auto b = good;
    putU64(b, firstEntry + 8, ~uint64_t{0});
    CHECK(parseFatBinary(b.data(), b.size(), &entries) == Status(hipErrorInvalidImage));
  }
  SECTION("id length past the end") {
    auto b = good;
    putU64(b, firstEntry + 16, 1u << 20);
    CHECK(parseFatBinary(b.data(), b.size(), &entries) == Status(hipErrorInvalidImage));
  }
  SECTION("every truncation of the header fails cleanly") {
    // Header: magic, count, then entries of 24 bytes plus their ids.
    for (size_t n = 1; n < 400 && n < good.size(); ++n) {
      std::vector<uint8_t> b(good.begin(), good.begin() + static_cast<long>(n));
      Status s = parseFatBinary(b.data(), b.size(), &entries);
      CHECK(s == Status(hipErrorInvalidImage));
    }
  }
  SECTION("compressed bundles are reported as not supported") {
    const char ccob[] = "CCOB\x02\x00\x01\x00";
    CHECK(parseFatBinary(ccob, sizeof ccob, &entries) == Status(hipErrorNotSupported));
  }
  SECTION("junk") {
    std::vector<uint8_t> junk(256, 0xAB);
    CHECK(parseFatBinary(junk.data(), junk.size(), &entries) == Status(hipErrorInvalidImage));
    CHECK(parseFatBinary(nullptr, 0, &entries) == Status(hipErrorInvalidValue));
  }
  SECTION("an ELF for the host CPU is no GPU image") {
    std::ifstream self("/proc/self/exe", std::ios::binary);
    std::vector<uint8_t> head(4096);
    self.read(reinterpret_cast<char*>(head.data()), static_cast<long>(head.size()));
    CHECK(parseFatBinary(head.data(), head.size(), &entries) == Status(hipErrorInvalidImage));
  }
}

TEST_CASE("readableBytesAt bounds static data by its loaded segment") {
  static const char data[] = "in .rodata";
  size_t n = readableBytesAt(data);
  CHECK(n >= sizeof data);
  int onStack = 0;
  CHECK(readableBytesAt(&onStack) == 0);
  auto heap = std::make_unique<char[]>(64);
  CHECK(readableBytesAt(heap.get()) == 0);
  // In a shared library (libc's code): bounded by that segment, which holds the whole function.
  const void* libcCode = reinterpret_cast<const void*>(&std::strlen);
  CHECK(readableBytesAt(libcCode) > 0);
  CHECK(readableBytesAt(libcCode) < (size_t{1} << 32));
  // The segment's end: one byte before it answers 1, the end itself lies outside the segment
  // (or in the next one, never counting on from this one).
  const size_t rest = readableBytesAt(data);
  // Computed as an integer: the segment's last byte lies outside `data` itself.
  const auto* last = reinterpret_cast<const char*>(reinterpret_cast<uintptr_t>(data) + rest - 1);
  CHECK(readableBytesAt(last) == 1);
}
