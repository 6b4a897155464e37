// Metadata of real code objects (compiled by this build from kernels/signatures.hip) read into
// kernel tables. Expected values were copied by hand from `llvm-readelf-19 --notes`.
#include <catch2/catch.hpp>

#include <cstring>

#include "code_object.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {

struct ExpectedArg {
  uint32_t offset;
  uint32_t size;
  ArgKind kind;
};

CodeObjectInfo parse(const std::string& variant) {
  const std::vector<uint8_t> image = test::readCodeObject(variant);
  CodeObjectInfo info;
  REQUIRE(parseCodeObject(image.data(), image.size(), &info).ok());
  return info;
}

void checkArgs(const KernelInfo& k, const std::vector<ExpectedArg>& expected) {
  INFO("kernel " << k.name);
  REQUIRE(k.args.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("argument " << i);
    CHECK(k.args[i].offset == expected[i].offset);
    CHECK(k.args[i].size == expected[i].size);
    CHECK(argKindName(k.args[i].kind) == std::string(argKindName(expected[i].kind)));
  }
}

using K = ArgKind;

// The code object v5 hidden block after explicit arguments ending at `base` (LLVM's layout; the
// tests derive nothing from it at run time, it only shortens the tables below).
std::vector<ExpectedArg> v5Hidden(uint32_t base) {
  return {{base + 0, 4, K::HiddenBlockCountX},   {base + 4, 4, K::HiddenBlockCountY},
          {base + 8, 4, K::HiddenBlockCountZ},   {base + 12, 2, K::HiddenGroupSizeX},
          {base + 14, 2, K::HiddenGroupSizeY},   {base + 16, 2, K::HiddenGroupSizeZ},
          {base + 18, 2, K::HiddenRemainderX},   {base + 20, 2, K::HiddenRemainderY},
          {base + 22, 2, K::HiddenRemainderZ},   {base + 40, 8, K::HiddenGlobalOffsetX},
          {base + 48, 8, K::HiddenGlobalOffsetY}, {base + 56, 8, K::HiddenGlobalOffsetZ},
          {base + 64, 2, K::HiddenGridDims}};
}

std::vector<ExpectedArg> concat(std::vector<ExpectedArg> a, const std::vector<ExpectedArg>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// `apertures`: gfx8 has no aperture registers, so LLVM adds hidden_private_base and
// hidden_shared_base to every kernel that uses the hidden block.
void checkV5Table(const CodeObjectInfo& info, uint32_t wave, bool apertures = false) {
  REQUIRE(info.kernels.size() == 6);

  const KernelInfo* axpy = info.findKernel("axpy");
  REQUIRE(axpy != nullptr);
  CHECK(axpy->symbol == "axpy.kd");
  CHECK(axpy->kernargSize == 288);
  CHECK(axpy->kernargAlign == 8);
  CHECK(axpy->groupSegmentSize == 0);
  CHECK(axpy->privateSegmentSize == 0);
  CHECK(axpy->wavefrontSize == wave);
  CHECK(axpy->maxFlatWorkgroupSize == 1024);
  CHECK(axpy->vgprCount > 0);  // LLVM records the registers it allocated
  CHECK(axpy->sgprCount > 0);
  CHECK(axpy->explicitArgCount == 4);
  std::vector<ExpectedArg> axpyArgs = concat(
      {{0, 4, K::ByValue}, {8, 8, K::GlobalBuffer}, {16, 8, K::GlobalBuffer}, {24, 4, K::ByValue}},
      v5Hidden(32));
  if (apertures) axpyArgs = concat(axpyArgs, {{224, 4, K::HiddenPrivateBase}, {228, 4, K::HiddenSharedBase}});
  checkArgs(*axpy, axpyArgs);

  const KernelInfo* byValue = info.findKernel("by_value");
  REQUIRE(byValue != nullptr);
  CHECK(byValue->kernargSize == 52);
  CHECK(byValue->explicitArgCount == 5);
  checkArgs(*byValue, {{0, 32, K::ByValue},
                       {32, 2, K::ByValue},
                       {34, 4, K::ByValue},
                       {40, 8, K::GlobalBuffer},
                       {48, 1, K::ByValue}});

  const KernelInfo* shared = info.findKernel("_Z13shared_memoryPfi");
  REQUIRE(shared != nullptr);
  CHECK(shared->groupSegmentSize == 1024);  // the static tile; dynamic LDS comes at launch
  CHECK(shared->kernargSize == 12);
  checkArgs(*shared, {{0, 8, K::GlobalBuffer}, {8, 4, K::ByValue}});

  const KernelInfo* hidden = info.findKernel("_Z17hidden_everythingPyi");
  REQUIRE(hidden != nullptr);
  CHECK(hidden->kernargSize == 272);
  CHECK(hidden->privateSegmentSize == 272);
  CHECK(hidden->explicitArgCount == 2);
  CHECK_FALSE(hidden->usesDynamicStack);

  const KernelInfo* none = info.findKernel("no_args");
  REQUIRE(none != nullptr);
  CHECK(none->kernargSize == 0);
  CHECK(none->kernargAlign == 4);
  CHECK(none->args.empty());
  CHECK(none->explicitArgCount == 0);

  const KernelInfo* scale = info.findKernel("_Z5scaleIdEvPT_S0_j");
  REQUIRE(scale != nullptr);
  CHECK(scale->symbol == "_Z5scaleIdEvPT_S0_j.kd");
  CHECK(scale->kernargSize == 20);
  checkArgs(*scale, {{0, 8, K::GlobalBuffer}, {8, 8, K::ByValue}, {16, 4, K::ByValue}});

  CHECK(info.findKernel("missing") == nullptr);
  CHECK(info.findKernel("axpy.kd") == nullptr);
}

}  // namespace

TEST_CASE("gfx90a code object v5: kernel table", "[hsa][codeobject]") {
  const CodeObjectInfo info = parse("gfx90a");
  CHECK(info.codeObjectVersion == 5);
  CHECK(info.metadataVersion[0] == 1);
  CHECK(info.metadataVersion[1] == 2);
  CHECK(info.target == "amdgcn-amd-amdhsa--gfx90a");
  checkV5Table(info, 64);
  const KernelInfo* hidden = info.findKernel("_Z17hidden_everythingPyi");
  checkArgs(*hidden, concat(concat({{0, 8, K::GlobalBuffer}, {8, 4, K::ByValue}}, v5Hidden(16)),
                            {{96, 8, K::HiddenHostcallBuffer},
                             {104, 8, K::HiddenMultigridSyncArg},
                             {112, 8, K::HiddenHeapV1},
                             {120, 8, K::HiddenDefaultQueue},
                             {128, 8, K::HiddenCompletionAction},
                             {216, 8, K::HiddenQueuePtr}}));
}

TEST_CASE("gfx942 code object v5: kernel table", "[hsa][codeobject]") {
  const CodeObjectInfo info = parse("gfx942");
  CHECK(info.codeObjectVersion == 5);
  CHECK(info.target == "amdgcn-amd-amdhsa--gfx942");
  checkV5Table(info, 64);
}

TEST_CASE("gfx1100 code object v5: wave32 kernel table", "[hsa][codeobject]") {
  const CodeObjectInfo info = parse("gfx1100");
  CHECK(info.codeObjectVersion == 5);
  CHECK(info.target == "amdgcn-amd-amdhsa--gfx1100");
  checkV5Table(info, 32);
  // gfx10+ compiles in WGP mode unless -mcumode; gfx9 has no WGPs.
  for (const KernelInfo& k : info.kernels) CHECK(k.wgpMode);
  for (const KernelInfo& k : parse("gfx90a").kernels) CHECK_FALSE(k.wgpMode);
}

TEST_CASE("gfx803 code object v5: private and shared aperture bases", "[hsa][codeobject]") {
  const CodeObjectInfo info = parse("gfx803");
  checkV5Table(info, 64, true);
  const KernelInfo* hidden = info.findKernel("_Z17hidden_everythingPyi");
  checkArgs(*hidden, concat(concat({{0, 8, K::GlobalBuffer}, {8, 4, K::ByValue}}, v5Hidden(16)),
                            {{96, 8, K::HiddenHostcallBuffer},
                             {104, 8, K::HiddenMultigridSyncArg},
                             {112, 8, K::HiddenHeapV1},
                             {120, 8, K::HiddenDefaultQueue},
                             {128, 8, K::HiddenCompletionAction},
                             {208, 4, K::HiddenPrivateBase},
                             {212, 4, K::HiddenSharedBase},
                             {216, 8, K::HiddenQueuePtr}}));
}

TEST_CASE("gfx90a:xnack+ code object v4: v4 hidden arguments", "[hsa][codeobject]") {
  const CodeObjectInfo info = parse("gfx90a-xnack-v4");
  CHECK(info.codeObjectVersion == 4);
  CHECK(info.metadataVersion[1] == 1);
  CHECK(info.target == "amdgcn-amd-amdhsa--gfx90a:xnack+");
  REQUIRE(info.kernels.size() == 6);
  const KernelInfo* axpy = info.findKernel("axpy");
  REQUIRE(axpy != nullptr);
  CHECK(axpy->kernargSize == 28);  // v4 reads blockDim from the dispatch packet: no hidden args
  checkArgs(*axpy, {{0, 4, K::ByValue}, {8, 8, K::GlobalBuffer}, {16, 8, K::GlobalBuffer},
                    {24, 4, K::ByValue}});
  const KernelInfo* hidden = info.findKernel("_Z17hidden_everythingPyi");
  REQUIRE(hidden != nullptr);
  CHECK(hidden->kernargSize == 72);
  checkArgs(*hidden, {{0, 8, K::GlobalBuffer},
                      {8, 4, K::ByValue},
                      {16, 8, K::HiddenGlobalOffsetX},
                      {24, 8, K::HiddenGlobalOffsetY},
                      {32, 8, K::HiddenGlobalOffsetZ},
                      {40, 8, K::HiddenHostcallBuffer},
                      {48, 8, K::HiddenDefaultQueue},
                      {56, 8, K::HiddenCompletionAction},
                      {64, 8, K::HiddenMultigridSyncArg}});
}

TEST_CASE("generic targets, code object v6", "[hsa][codeobject]") {
  const CodeObjectInfo gfx9 = parse("gfx9-generic-v6");
  CHECK(gfx9.codeObjectVersion == 6);
  CHECK(gfx9.target == "amdgcn-amd-amdhsa--gfx9-generic");
  checkV5Table(gfx9, 64);
  const CodeObjectInfo gfx11 = parse("gfx11-generic-v6");
  CHECK(gfx11.codeObjectVersion == 6);
  CHECK(gfx11.target == "amdgcn-amd-amdhsa--gfx11-generic");
  checkV5Table(gfx11, 32);
}

TEST_CASE("argument kinds: known names round-trip, unknown hidden kinds are tolerated",
          "[hsa][codeobject]") {
  ArgKind kind;
  for (const char* name : {"by_value", "global_buffer", "dynamic_shared_pointer", "hidden_none",
                           "hidden_block_count_x", "hidden_remainder_z", "hidden_grid_dims",
                           "hidden_heap_v1", "hidden_queue_ptr", "hidden_dynamic_lds_size",
                           "hidden_private_base"}) {
    INFO(name);
    REQUIRE(parseArgKind(name, &kind));
    CHECK(std::string(argKindName(kind)) == name);
  }
  REQUIRE(parseArgKind("hidden_something_new", &kind));
  CHECK(kind == ArgKind::HiddenUnknown);
  CHECK(isHidden(kind));
  CHECK_FALSE(parseArgKind("something_new", &kind));
  CHECK_FALSE(parseArgKind("", &kind));
}

// libelf copies a note section into its own buffer when the image is not 4-byte aligned and
// frees it in elf_end(): the metadata must be parsed from a copy that outlives libelf (issue 17,
// a use-after-free on every AMD load). Under valgrind or ASan a regression is reported here;
// without them the tables must still equal those of the aligned image.
TEST_CASE("code objects parse the same from unaligned buffers", "[hsa][codeobject]") {
  for (const char* variant : {"gfx90a", "gfx1100", "gfx90a-xnack-v4", "gfx9-generic-v6"}) {
    const std::vector<uint8_t> image = test::readCodeObject(variant);
    CodeObjectInfo aligned;
    REQUIRE(parseCodeObject(image.data(), image.size(), &aligned).ok());
    for (size_t shift : {1, 2, 3, 5, 7}) {
      INFO(variant << " at offset " << shift);
      // A fresh heap buffer whose image starts `shift` bytes past an 8-aligned address.
      std::vector<uint64_t> storage((image.size() + shift + 7) / 8 + 1);
      auto* base = reinterpret_cast<uint8_t*>(storage.data()) + shift;
      REQUIRE(reinterpret_cast<uintptr_t>(base) % 4 != 0);
      std::memcpy(base, image.data(), image.size());
      CodeObjectInfo info;
      REQUIRE(parseCodeObject(base, image.size(), &info).ok());
      CHECK(info.codeObjectVersion == aligned.codeObjectVersion);
      CHECK(info.target == aligned.target);
      REQUIRE(info.kernels.size() == aligned.kernels.size());
      for (size_t k = 0; k < info.kernels.size(); ++k) {
        CHECK(info.kernels[k].name == aligned.kernels[k].name);
        CHECK(info.kernels[k].symbol == aligned.kernels[k].symbol);
        CHECK(info.kernels[k].kernargSize == aligned.kernels[k].kernargSize);
        CHECK(info.kernels[k].args.size() == aligned.kernels[k].args.size());
      }
    }
  }
}
