// Images handed by bare pointer (__hipRegisterFatBinary, hipModuleLoadData) are read only as far
// as their headers declare and the mapping allows (issue 17: a 256-byte bundle claiming a 4 KiB
// entry was read past its end). Each image here ends right before a PROT_NONE page, so any read
// past what is readable would crash the test instead of passing silently.
#include <catch2/catch.hpp>

#include <elf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "api/hip_register.h"
#include "base/bundle.h"
#include "base/readable_memory.h"
#include "core/registry.h"
#include "install_fake.h"

using namespace unihip;

namespace {

const size_t kPage = static_cast<size_t>(sysconf(_SC_PAGESIZE));

// `bytes` copied to the end of a readable page run that a PROT_NONE page follows.
class GuardedImage {
 public:
  explicit GuardedImage(const std::vector<uint8_t>& bytes) {
    readablePages_ = (bytes.size() + kPage - 1) / kPage;
    mapped_ = (readablePages_ + 1) * kPage;
    void* m = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(m != MAP_FAILED);
    base_ = static_cast<uint8_t*>(m);
    REQUIRE(mprotect(base_ + readablePages_ * kPage, kPage, PROT_NONE) == 0);
    data_ = base_ + readablePages_ * kPage - bytes.size();
    std::memcpy(data_, bytes.data(), bytes.size());
  }
  ~GuardedImage() { munmap(base_, mapped_); }
  const uint8_t* data() const { return data_; }
  const uint8_t* guard() const { return base_ + readablePages_ * kPage; }

 private:
  uint8_t* base_ = nullptr;
  uint8_t* data_ = nullptr;
  size_t readablePages_ = 0, mapped_ = 0;
};

template <typename T>
void put(std::vector<uint8_t>& b, T v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  b.insert(b.end(), p, p + sizeof v);
}

// A one-entry bundle of `total` bytes whose PTX entry starts at `offset` and claims `size` bytes.
std::vector<uint8_t> ptxBundle(size_t total, uint64_t offset, uint64_t size) {
  const std::string id = "hip-nvptx64-nvidia-cuda--compute_90";
  std::vector<uint8_t> b(24);
  std::memcpy(b.data(), "__CLANG_OFFLOAD_BUNDLE__", 24);
  put<uint64_t>(b, 1);
  put<uint64_t>(b, offset);
  put<uint64_t>(b, size);
  put<uint64_t>(b, id.size());
  b.insert(b.end(), id.begin(), id.end());
  b.resize(total, 0);
  const char ptx[] = ".version 8.0\n.target sm_90\n";
  if (offset >= 64 && offset < total)
    std::memcpy(&b[offset], ptx, std::min(sizeof ptx, total - offset));
  return b;
}

Status parseAt(const void* p) {
  std::vector<BundleEntry> entries;
  std::vector<uint8_t> storage;
  return parseFatBinary(ImageView::unsized(p), &entries, &storage);
}

const Status kInvalid(hipErrorInvalidImage);

}  // namespace

TEST_CASE("isReadable asks the kernel, page by page, without faulting", "[bounds]") {
  int onStack = 1;
  CHECK(isReadable(&onStack, sizeof onStack));
  CHECK_FALSE(isReadable(nullptr, 1));
  CHECK(isReadable(nullptr, 0));
  CHECK_FALSE(isReadable(reinterpret_cast<void*>(~uintptr_t{0} - 2), 16));  // wraps around
  GuardedImage g(std::vector<uint8_t>(100, 1));
  CHECK(isReadable(g.data(), 100));
  CHECK_FALSE(isReadable(g.data(), 101));  // one byte into the PROT_NONE page
  CHECK_FALSE(isReadable(g.guard(), 1));
  // Unmapped memory: a page mapped and released again.
  void* m = mmap(nullptr, kPage, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(m != MAP_FAILED);
  REQUIRE(munmap(m, kPage) == 0);
  CHECK_FALSE(isReadable(m, 1));
  // Many pages in one call (more than one batch of probes).
  std::vector<uint8_t> big(600 * kPage, 7);
  CHECK(isReadable(big.data(), big.size()));
}

TEST_CASE("the pipe fallback (process_vm_readv refused) gives the same answers", "[bounds]") {
  usePipeProbesForTesting(true);
  GuardedImage g(std::vector<uint8_t>(20000, 3));  // several 16 KiB chunks, then the guard
  CHECK(isReadable(g.data(), 20000));
  CHECK_FALSE(isReadable(g.data(), 20001));
  CHECK(readablePrefix(g.data(), 50000) == 20000);
  CHECK(readablePrefix(g.guard(), 10) == 0);
  ImageView v = ImageView::unsized(g.data());
  CHECK(v.readable(0, 1));
  CHECK(v.known() < 20000);  // no look-ahead
  CHECK(v.readable(0, 20000));
  CHECK_FALSE(v.readable(19999, 2));
  std::vector<uint8_t> big(600 * kPage, 7);
  CHECK(isReadable(big.data(), big.size()));
  usePipeProbesForTesting(false);
  CHECK(isReadable(big.data(), big.size()));
}

TEST_CASE("ImageView: sized views stop at their size; unsized ones probe", "[bounds]") {
  static const char rodata[] = "static image";
  ImageView s = ImageView::unsized(rodata);
  CHECK_FALSE(s.probing());  // bounded by its loaded segment
  CHECK(s.readable(0, sizeof rodata));

  GuardedImage g(std::vector<uint8_t>(300, 2));
  ImageView v = ImageView::unsized(g.data());
  CHECK(v.probing());
  CHECK(v.readable(0, 300));
  CHECK_FALSE(v.readable(0, 301));
  CHECK_FALSE(v.readable(299, 2));
  CHECK_FALSE(v.readable(~size_t{0} - 1, 4));  // offset + size overflow

  // A probe covers whole pages (the first page's rest here) and stops at the guard page:
  // nothing past the guard is ever known.
  ImageView ahead = ImageView::unsized(g.data());
  CHECK(ahead.readable(0, 1));
  CHECK(ahead.known() == 300);
  CHECK(readablePrefix(g.data(), 1000) == 300);
  CHECK(readablePrefix(g.guard(), 10) == 0);
  CHECK(readablePrefix(g.data() + 10, 5) == 5);

  ImageView sized = ImageView::sized(g.data(), 10);
  CHECK(sized.readable(2, 8));
  CHECK_FALSE(sized.readable(2, 9));
}

TEST_CASE("a 256-byte bundle claiming a 4 KiB entry is rejected, not read past", "[bounds]") {
  // The entry's claim runs into the PROT_NONE page.
  GuardedImage lying(ptxBundle(256, 128, 4096));
  CHECK(parseAt(lying.data()) == kInvalid);
  // Claims that wrap around or exceed any image.
  GuardedImage wraps(ptxBundle(256, 128, ~uint64_t{0} - 64));
  CHECK(parseAt(wraps.data()) == kInvalid);
  GuardedImage huge(ptxBundle(256, uint64_t{1} << 33, 16));
  CHECK(parseAt(huge.data()) == kInvalid);
  // An entry overlapping the header table is a lie too.
  auto overlapping = ptxBundle(256, 128, 64);
  std::memcpy(&overlapping[32], "\x10\0\0\0\0\0\0\0", 8);  // offset 16, inside the header
  GuardedImage overlaps(overlapping);
  CHECK(parseAt(overlaps.data()) == kInvalid);
  // The honest bundle ending at the guard page parses.
  GuardedImage honest(ptxBundle(256, 128, 128));
  std::vector<BundleEntry> entries;
  std::vector<uint8_t> storage;
  REQUIRE(parseFatBinary(ImageView::unsized(honest.data()), &entries, &storage) == kOk);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].kind == ImageKind::Ptx);
  CHECK(entries[0].size == 128);
}

TEST_CASE("bundle headers that run into unreadable memory are rejected", "[bounds]") {
  const auto full = ptxBundle(256, 128, 128);
  // Cut inside the magic, the count, an entry header and the id: the rest is PROT_NONE.
  for (size_t n : {size_t{10}, size_t{28}, size_t{40}, size_t{60}, size_t{70}, size_t{100}}) {
    INFO("cut at " << n);
    GuardedImage g(std::vector<uint8_t>(full.begin(), full.begin() + static_cast<long>(n)));
    CHECK(parseAt(g.data()) == kInvalid);
  }
  // An id length that runs into the guard page.
  auto b = full;
  std::memcpy(&b[48], "\xf0\0\0\0\0\0\0\0", 8);
  GuardedImage g(b);
  CHECK(parseAt(g.data()) == kInvalid);
}

TEST_CASE("bare ELF and PTX images are bounded by their own headers and the mapping",
          "[bounds]") {
  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
  eh.e_ident[EI_CLASS] = ELFCLASS64;
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_machine = 224;  // EM_AMDGPU
  eh.e_shentsize = sizeof(Elf64_Shdr);
  eh.e_shoff = sizeof eh;
  std::vector<uint8_t> elf(sizeof eh + 2 * sizeof(Elf64_Shdr), 0);
  SECTION("section headers past the mapping") {
    eh.e_shnum = 100;
    std::memcpy(elf.data(), &eh, sizeof eh);
    GuardedImage g(elf);
    CHECK(parseAt(g.data()) == kInvalid);
  }
  SECTION("a section's contents past the mapping") {
    eh.e_shnum = 2;
    std::memcpy(elf.data(), &eh, sizeof eh);
    Elf64_Shdr sh{};
    sh.sh_type = SHT_PROGBITS;
    sh.sh_offset = 64;
    sh.sh_size = 1 << 20;
    std::memcpy(&elf[sizeof eh + sizeof sh], &sh, sizeof sh);
    GuardedImage g(elf);
    CHECK(parseAt(g.data()) == kInvalid);
  }
  SECTION("in malloc's brk heap: bounded by the heap's top, no probe") {
    eh.e_shnum = 2;
    std::memcpy(elf.data(), &eh, sizeof eh);
    Elf64_Shdr sh{};
    sh.sh_type = SHT_PROGBITS;
    sh.sh_offset = 64;
    sh.sh_size = uint64_t{1} << 40;  // far past any heap's top
    std::memcpy(&elf[sizeof eh + sizeof sh], &sh, sizeof sh);
    if (brkHeapBytesAt(elf.data()) == 0) {
      WARN("this vector is not in the brk heap (a sanitizer's allocator?); probing covers it");
    } else {
      CHECK(brkHeapBytesAt(elf.data()) >= elf.size());
      CHECK_FALSE(ImageView::unsized(elf.data()).probing());
    }
    CHECK(parseAt(elf.data()) == kInvalid);
  }
  SECTION("an ELF that fits exactly") {
    eh.e_shnum = 2;
    std::memcpy(elf.data(), &eh, sizeof eh);
    GuardedImage g(elf);
    std::vector<BundleEntry> entries;
    std::vector<uint8_t> storage;
    REQUIRE(parseFatBinary(ImageView::unsized(g.data()), &entries, &storage) == kOk);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].kind == ImageKind::AmdCodeObject);
    CHECK(entries[0].size == elf.size());
  }
  SECTION("PTX without its NUL before unreadable memory") {
    const std::string ptx = ".version 8.0\n.target sm_90\n// no terminator";
    GuardedImage g(std::vector<uint8_t>(ptx.begin(), ptx.end()));
    CHECK(parseAt(g.data()) == kInvalid);
    std::vector<uint8_t> terminated(ptx.begin(), ptx.end());
    terminated.push_back(0);
    GuardedImage t(terminated);
    CHECK(parseAt(t.data()) == kOk);
  }
}

TEST_CASE("hipModuleLoadData answers corrupt heap images with hipErrorInvalidImage", "[bounds]") {
  testing::installFake(1, "compute_90");
  hipModule_t module = nullptr;
  GuardedImage lying(ptxBundle(256, 128, 4096));
  CHECK(hipModuleLoadData(&module, lying.data()) == hipErrorInvalidImage);
  GuardedImage unreadable(std::vector<uint8_t>(16, 0));
  CHECK(hipModuleLoadData(&module, unreadable.guard()) == hipErrorInvalidImage);
  CHECK(hipModuleLoadData(&module, "") == hipErrorInvalidImage);  // as hip-tests expects
  CHECK(hipModuleLoadData(&module, nullptr) == hipErrorInvalidValue);
  GuardedImage honest(ptxBundle(256, 128, 128));
  REQUIRE(hipModuleLoadData(&module, honest.data()) == hipSuccess);
  CHECK(hipModuleUnload(module) == hipSuccess);
}

TEST_CASE("registering a lying heap bundle records it as corrupt; its kernels are unknown",
          "[bounds]") {
  auto* fake = testing::installFake(1, "compute_90");
  GuardedImage lying(ptxBundle(256, 128, 4096));
  const FatBinaryWrapper wrapper{kFatBinaryWrapperMagic, 1, lying.data(), nullptr};
  void** handle = __hipRegisterFatBinary(&wrapper);
  REQUIRE(handle != nullptr);
  CHECK(Registry::get().parse(reinterpret_cast<FatBinary*>(handle)) == kInvalid);
  static const char hostStub = 0;
  __hipRegisterFunction(handle, &hostStub, const_cast<char*>("k"), "k", ~0u, nullptr, nullptr,
                        nullptr, nullptr, nullptr);
  CHECK(hipLaunchKernel(&hostStub, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(fake->moduleLoads == 0);
  __hipUnregisterFatBinary(handle);

  // A wrapper itself in unreadable memory is refused like a bad one.
  GuardedImage g(std::vector<uint8_t>(8, 0));
  CHECK(__hipRegisterFatBinary(g.guard()) == nullptr);
}
