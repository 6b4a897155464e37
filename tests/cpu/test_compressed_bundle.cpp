// Compressed offload bundles (CCOB): the real one clang-offload-bundler-19 -compress made at
// build time (v2, zstd), hand-built v1/v2/v3 headers over zlib and zstd streams, and corrupt ones.
#include <catch2/catch.hpp>

#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "api/hip_register.h"
#include "build_files.h"
#include "base/bundle.h"
#include "base/compressed_bundle.h"
#include "core/registry.h"
#include "install_fake.h"

using namespace unihip;

namespace {

using testing::readBuildFile;

enum Method : uint16_t { kZlib = 0, kZstd = 1 };

std::vector<uint8_t> compressStream(Method method, const std::vector<uint8_t>& plain) {
  std::vector<uint8_t> out;
  if (method == kZlib) {
    uLongf n = compressBound(plain.size());
    out.resize(n);
    REQUIRE(compress2(out.data(), &n, plain.data(), plain.size(), 6) == Z_OK);
    out.resize(n);
  } else {
    out.resize(ZSTD_compressBound(plain.size()));
    size_t n = ZSTD_compress(out.data(), out.size(), plain.data(), plain.size(), 3);
    REQUIRE(!ZSTD_isError(n));
    out.resize(n);
  }
  return out;
}

template <typename T>
void put(std::vector<uint8_t>& b, T v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  b.insert(b.end(), p, p + sizeof v);
}

// A CCOB image laid out as clang's OffloadBundler writes version `version`.
std::vector<uint8_t> makeCcob(uint16_t version, Method method, const std::vector<uint8_t>& plain,
                              uint64_t uncompressedSize, const std::vector<uint8_t>& stream) {
  std::vector<uint8_t> b = {'C', 'C', 'O', 'B'};
  put<uint16_t>(b, version);
  put<uint16_t>(b, method);
  const size_t header = version == 1 ? 20 : version == 2 ? 24 : 32;
  const uint64_t total = header + stream.size();
  if (version == 1) {
    put<uint32_t>(b, static_cast<uint32_t>(uncompressedSize));
  } else if (version == 2) {
    put<uint32_t>(b, static_cast<uint32_t>(total));
    put<uint32_t>(b, static_cast<uint32_t>(uncompressedSize));
  } else {
    put<uint64_t>(b, total);
    put<uint64_t>(b, uncompressedSize);
  }
  put<uint64_t>(b, 0x0123456789abcdefull);  // hash: not checked (nor by clang)
  REQUIRE(b.size() == header);
  b.insert(b.end(), stream.begin(), stream.end());
  (void)plain;
  return b;
}

std::vector<uint8_t> makeCcob(uint16_t version, Method method, const std::vector<uint8_t>& plain) {
  return makeCcob(version, method, plain, plain.size(), compressStream(method, plain));
}

// The entries of `ccob` equal those of the plain bundle, with their bytes.
void checkSameEntries(const std::vector<uint8_t>& ccob, const std::vector<uint8_t>& plain) {
  std::vector<BundleEntry> expected, got;
  REQUIRE(parseFatBinary(plain.data(), plain.size(), &expected) == kOk);
  std::vector<uint8_t> storage;
  REQUIRE(parseFatBinary(ccob.data(), ccob.size(), &got, &storage) == kOk);
  REQUIRE(storage.size() == plain.size());
  REQUIRE(got.size() == expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].id == expected[i].id);
    CHECK(got[i].kind == expected[i].kind);
    REQUIRE(got[i].size == expected[i].size);
    CHECK(std::memcmp(got[i].data, expected[i].data, got[i].size) == 0);
    CHECK(got[i].data >= storage.data());
    CHECK(got[i].data + got[i].size <= storage.data() + storage.size());
  }
}

Status parse(const std::vector<uint8_t>& b) {
  std::vector<BundleEntry> entries;
  std::vector<uint8_t> storage;
  return parseFatBinary(b.data(), b.size(), &entries, &storage);
}

const Status kInvalid(hipErrorInvalidImage);

}  // namespace

TEST_CASE("a bundle compressed by clang-offload-bundler -compress parses like the plain one",
          "[ccob]") {
  const auto plain = readBuildFile(UNIHIP_TEST_FATBIN);
  const auto ccob = readBuildFile(UNIHIP_TEST_CCOB_FATBIN);
  REQUIRE(std::memcmp(ccob.data(), "CCOB", 4) == 0);
  uint16_t version;
  std::memcpy(&version, ccob.data() + 4, 2);
  CHECK(version == 2);  // what clang-19 writes
  checkSameEntries(ccob, plain);

  SECTION("without storage for the contents it is refused, not misread") {
    std::vector<BundleEntry> entries;
    CHECK(parseFatBinary(ccob.data(), ccob.size(), &entries) == Status(hipErrorNotSupported));
  }
}

TEST_CASE("hand-built CCOB v1, v2 and v3 over zlib and zstd", "[ccob]") {
  const auto plain = readBuildFile(UNIHIP_TEST_FATBIN);
  for (uint16_t version : {1, 2, 3})
    for (Method method : {kZlib, kZstd}) {
      INFO("version " << version << " method " << method);
      checkSameEntries(makeCcob(version, method, plain), plain);
    }
}

TEST_CASE("a v1 CCOB (no total size) is bounded by its stream's end, not the buffer", "[ccob]") {
  const auto plain = readBuildFile(UNIHIP_TEST_FATBIN);
  for (Method method : {kZlib, kZstd}) {
    auto b = makeCcob(1, method, plain);
    b.resize(b.size() + 100, 0xEE);  // trailing bytes after the stream are ignored
    CHECK(parse(b) == kOk);
  }
}

TEST_CASE("corrupt CCOB images are rejected with hipErrorInvalidImage", "[ccob]") {
  const auto plain = readBuildFile(UNIHIP_TEST_FATBIN);
  for (uint16_t version : {1, 2, 3})
    for (Method method : {kZlib, kZstd}) {
      INFO("version " << version << " method " << method);
      const auto stream = compressStream(method, plain);
      const auto good = makeCcob(version, method, plain);
      const size_t header = good.size() - stream.size();

      SECTION("every truncation") {
        for (size_t n : {size_t{4}, size_t{6}, size_t{8}, header - 1, header, header + 1,
                         header + stream.size() / 2, good.size() - 1}) {
          INFO("truncated to " << n);
          std::vector<uint8_t> b(good.begin(), good.begin() + static_cast<long>(n));
          CHECK(parse(b) == kInvalid);
        }
      }
      SECTION("uncompressed size lies (smaller and larger than the stream)") {
        CHECK(parse(makeCcob(version, method, plain, plain.size() - 1, stream)) == kInvalid);
        CHECK(parse(makeCcob(version, method, plain, plain.size() + 1, stream)) == kInvalid);
        CHECK(parse(makeCcob(version, method, plain, 0, stream)) == kInvalid);
      }
      SECTION("decompression bomb: an absurd uncompressed size is refused up front") {
        const uint64_t absurd = version == 3 ? uint64_t{1} << 40 : 0xFFFFFFFFu;
        CHECK(parse(makeCcob(version, method, plain, absurd, stream)) == kInvalid);
      }
      SECTION("a corrupt stream") {
        auto b = good;
        for (size_t i = header + 2; i < b.size(); i += 7) b[i] ^= 0x5A;
        CHECK(parse(b) == kInvalid);
      }
      SECTION("an unknown method") {
        auto b = good;
        b[6] = 2;
        CHECK(parse(b) == kInvalid);
      }
      if (version >= 2) {
        SECTION("a total size past the buffer, or inside the header") {
          auto b = good;
          b[8] = static_cast<uint8_t>(b[8] + 1);  // one byte more than the buffer
          CHECK(parse(b) == kInvalid);
          auto c = good;
          std::memset(&c[8], 0, version == 2 ? 4 : 8);
          c[8] = 8;
          CHECK(parse(c) == kInvalid);
        }
      }
    }
}

TEST_CASE("unknown CCOB versions and nested or non-bundle contents are rejected", "[ccob]") {
  const auto plain = readBuildFile(UNIHIP_TEST_FATBIN);
  for (uint16_t version : {0, 4, 0xFFFF}) {
    auto b = makeCcob(3, kZstd, plain);
    std::memcpy(&b[4], &version, 2);
    CHECK(parse(b) == kInvalid);
  }
  // A CCOB inside a CCOB, and a CCOB of text, are not bundles.
  const auto inner = makeCcob(2, kZstd, plain);
  CHECK(parse(makeCcob(2, kZlib, inner)) == kInvalid);
  const std::vector<uint8_t> text(300, 'x');
  CHECK(parse(makeCcob(2, kZstd, text)) == kInvalid);
}

TEST_CASE("a compressed bundle registers and launches like a plain one", "[ccob]") {
  auto* fake = testing::installFake(1, "gfx90a");
  // Heap-held, as a loader-less registration could hand it; a wrapper as clang emits.
  const auto ccob = readBuildFile(UNIHIP_TEST_CCOB_FATBIN);
  const FatBinaryWrapper wrapper{kFatBinaryWrapperMagic, 1, ccob.data(), nullptr};
  void** handle = __hipRegisterFatBinary(&wrapper);
  REQUIRE(handle != nullptr);
  auto* fatbin = reinterpret_cast<FatBinary*>(handle);
  REQUIRE(Registry::get().parse(fatbin) == kOk);
  CHECK(fatbin->entries.size() >= 3);
  CHECK(!fatbin->decompressed.empty());
  static const char hostStub = 0;
  __hipRegisterFunction(handle, &hostStub, const_cast<char*>("_Z5scalePff"), "_Z5scalePff", ~0u,
                        nullptr, nullptr, nullptr, nullptr, nullptr);
  void* args[] = {nullptr};
  CHECK(hipLaunchKernel(&hostStub, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->launches == 1);
  REQUIRE(fake->moduleLoads == 1);
  CHECK(fake->loadedTargets.at(0) == "gfx90a");
  __hipUnregisterFatBinary(handle);
}
