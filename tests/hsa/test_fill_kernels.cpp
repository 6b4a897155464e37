// The embedded memset kernels: a real offload bundle with one code object per target, each
// with the two fill kernels and the argument layout fill() relies on.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "code_object.h"
#include "base/bundle.h"
#include "fill_kernels.h"
#include "target_id.h"

using namespace unihip;
using namespace unihip::hsa;

TEST_CASE("the embedded fill-kernel bundle covers the supported targets", "[hsa][fill]") {
  REQUIRE(kFillKernelBundleSize > 0);
  std::vector<BundleEntry> entries;
  REQUIRE(parseFatBinary(kFillKernelBundle, kFillKernelBundleSize, &entries).ok());
  std::set<std::string> processors;
  for (const BundleEntry& e : entries) {
    TargetId t;
    if (!parseAmdBundleId(e.id, &t)) continue;
    processors.insert(t.processor);
    INFO(e.id);
    CodeObjectInfo info;
    REQUIRE(parseCodeObject(e.data, e.size, &info).ok());
    CHECK(info.codeObjectVersion == (t.processor.find("generic") != std::string::npos ? 6 : 5));
    for (const char* name : {"__unihip_fill_u8", "__unihip_fill_u32"}) {
      const KernelInfo* k = info.findKernel(name);
      REQUIRE(k != nullptr);
      REQUIRE(k->explicitArgCount == 4);
      // (dst, value, count, stride) as fill() passes them
      CHECK(k->args[0].offset == 0);
      CHECK(k->args[0].size == 8);
      CHECK(k->args[1].offset == 8);
      CHECK(k->args[1].size == 4);
      CHECK(k->args[2].offset == 16);
      CHECK(k->args[2].size == 8);
      CHECK(k->args[3].offset == 24);
      CHECK(k->args[3].size == 8);
      CHECK(k->privateSegmentSize == 0);
    }
    // Graph copy nodes (hsa_graphs.cpp): (dst, src, width, height, depth, dpitch, dslice,
    // spitch, sslice, stride), all 8 bytes, no scratch.
    for (const char* name : {"__unihip_copy_u8", "__unihip_copy_u32", "__unihip_copy_u128"}) {
      const KernelInfo* k = info.findKernel(name);
      REQUIRE(k != nullptr);
      REQUIRE(k->explicitArgCount == 10);
      for (uint32_t i = 0; i < 10; ++i) {
        CHECK(k->args[i].offset == 8 * i);
        CHECK(k->args[i].size == 8);
      }
      CHECK(k->privateSegmentSize == 0);
    }
  }
  for (const char* required : {"gfx90a", "gfx942", "gfx1100", "gfx9-generic", "gfx11-generic"})
    CHECK(processors.count(required) == 1);
}

TEST_CASE("fill kernels are found for common agents", "[hsa][fill]") {
  std::vector<BundleEntry> entries;
  REQUIRE(parseFatBinary(kFillKernelBundle, kFillKernelBundleSize, &entries).ok());
  auto chosen = [&](const char* agent) {
    TargetId t;
    REQUIRE(parseTargetId(agent, &t));
    size_t index = 0;
    REQUIRE(selectAmdImage(t, entries, &index).ok());
    return std::string(entries[index].id);
  };
  CHECK(chosen("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-") == "hipv4-amdgcn-amd-amdhsa--gfx90a");
  CHECK(chosen("amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-") == "hipv4-amdgcn-amd-amdhsa--gfx942");
  CHECK(chosen("amdgcn-amd-amdhsa--gfx1100") == "hipv4-amdgcn-amd-amdhsa--gfx1100");
  CHECK(chosen("amdgcn-amd-amdhsa--gfx1151") == "hipv4-amdgcn-amd-amdhsa--gfx11-generic");
  CHECK(chosen("amdgcn-amd-amdhsa--gfx1031") == "hipv4-amdgcn-amd-amdhsa--gfx10-3-generic");
  CHECK(chosen("amdgcn-amd-amdhsa--gfx902:xnack-") == "hipv4-amdgcn-amd-amdhsa--gfx9-generic");
}
