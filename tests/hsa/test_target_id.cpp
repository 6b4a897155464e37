// Target-ID parsing and the compatibility rules for choosing a code object.
#include <catch2/catch.hpp>

#include "code_object.h"
#include "target_id.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {
TargetId id(const char* text) {
  TargetId t;
  INFO(text);
  REQUIRE(parseTargetId(text, &t));
  return t;
}
}  // namespace

TEST_CASE("target IDs parse with and without triple and features", "[hsa][target]") {
  TargetId t = id("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-");
  CHECK(t.processor == "gfx90a");
  CHECK(t.sramecc == FeatureSetting::On);
  CHECK(t.xnack == FeatureSetting::Off);

  t = id("gfx1100");
  CHECK(t.processor == "gfx1100");
  CHECK(t.sramecc == FeatureSetting::Any);
  CHECK(t.xnack == FeatureSetting::Any);

  t = id("gfx908:xnack+");
  CHECK(t.xnack == FeatureSetting::On);
  CHECK(t.sramecc == FeatureSetting::Any);

  CHECK(id("gfx11-generic").processor == "gfx11-generic");
  CHECK(formatTargetId(id("gfx90a:xnack-:sramecc+")) == "gfx90a:sramecc+:xnack-");
  CHECK(formatTargetId(id("gfx942")) == "gfx942");
}

TEST_CASE("malformed target IDs are rejected", "[hsa][target]") {
  TargetId t;
  for (const char* bad : {"", "gfx90a:", "gfx90a:xnack", "gfx90a:foo+", "gfx90a:xnack+:xnack-",
                          "sm_90", "amdgcn-amd-amdhsa--", ":xnack+", "gfx90a:sramecc*"}) {
    INFO(bad);
    CHECK_FALSE(parseTargetId(bad, &t));
  }
}

TEST_CASE("generic targets cover their processor families", "[hsa][target]") {
  CHECK(genericTargetFor("gfx900") == "gfx9-generic");
  CHECK(genericTargetFor("gfx906") == "gfx9-generic");
  CHECK(genericTargetFor("gfx90c") == "gfx9-generic");
  CHECK(genericTargetFor("gfx908").empty());  // MI100: no generic target
  CHECK(genericTargetFor("gfx90a").empty());
  CHECK(genericTargetFor("gfx942").empty());
  CHECK(genericTargetFor("gfx1010") == "gfx10-1-generic");
  CHECK(genericTargetFor("gfx1031") == "gfx10-3-generic");
  CHECK(genericTargetFor("gfx1036") == "gfx10-3-generic");
  CHECK(genericTargetFor("gfx1100") == "gfx11-generic");
  CHECK(genericTargetFor("gfx1151") == "gfx11-generic");
  CHECK(genericTargetFor("gfx1201") == "gfx12-generic");
  CHECK(genericTargetFor("gfx803").empty());
}

TEST_CASE("code object / agent compatibility table", "[hsa][target]") {
  struct Row {
    const char* code;
    const char* agent;
    bool compatible;
  };
  const Row rows[] = {
      // exact processor, features any/on/off
      {"gfx90a", "gfx90a:sramecc+:xnack-", true},
      {"gfx90a:xnack-", "gfx90a:sramecc+:xnack-", true},
      {"gfx90a:xnack+", "gfx90a:sramecc+:xnack-", false},
      {"gfx90a:sramecc+", "gfx90a:sramecc+:xnack-", true},
      {"gfx90a:sramecc-", "gfx90a:sramecc+:xnack-", false},
      {"gfx90a:sramecc+:xnack+", "gfx90a:sramecc+:xnack+", true},
      {"gfx90a:sramecc-:xnack+", "gfx90a:sramecc+:xnack+", false},
      // a feature the agent's processor does not have
      {"gfx1100:xnack+", "gfx1100", false},
      {"gfx1100:xnack-", "gfx1100", false},
      // other processors
      {"gfx908", "gfx90a:sramecc+:xnack-", false},
      {"gfx940", "gfx942:sramecc+:xnack-", false},
      {"gfx1101", "gfx1100", false},
      // generic targets
      {"gfx9-generic", "gfx906:sramecc+:xnack-", true},
      {"gfx9-generic:xnack-", "gfx906:sramecc-:xnack-", true},
      {"gfx9-generic:xnack+", "gfx906:sramecc-:xnack-", false},
      {"gfx9-generic", "gfx90a:sramecc+:xnack-", false},
      {"gfx9-generic", "gfx942:sramecc+:xnack-", false},
      {"gfx10-3-generic", "gfx1031", true},
      {"gfx10-3-generic", "gfx1100", false},
      {"gfx11-generic", "gfx1100", true},
      {"gfx11-generic", "gfx1151", true},
      {"gfx11-generic", "gfx1030", false},
      {"gfx12-generic", "gfx1201", true},
  };
  for (const Row& r : rows) {
    INFO(r.code << " on " << r.agent);
    CHECK((targetMatchScore(id(r.code), id(r.agent)) >= 0) == r.compatible);
  }
}

TEST_CASE("exact beats generic, explicit features beat any", "[hsa][target]") {
  const TargetId agent = id("gfx906:sramecc+:xnack-");
  const int exactAny = targetMatchScore(id("gfx906"), agent);
  const int exactXnack = targetMatchScore(id("gfx906:xnack-"), agent);
  const int exactBoth = targetMatchScore(id("gfx906:sramecc+:xnack-"), agent);
  const int generic = targetMatchScore(id("gfx9-generic"), agent);
  const int genericXnack = targetMatchScore(id("gfx9-generic:xnack-"), agent);
  CHECK(exactBoth > exactXnack);
  CHECK(exactXnack > exactAny);
  CHECK(exactAny > genericXnack);
  CHECK(genericXnack > generic);
  CHECK(generic >= 0);
}

TEST_CASE("bundle entry ids: hipv4 and hip kinds for amdgcn only", "[hsa][target]") {
  TargetId t;
  REQUIRE(parseAmdBundleId("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", &t));
  CHECK(t == id("gfx90a:xnack-"));
  REQUIRE(parseAmdBundleId("hip-amdgcn-amd-amdhsa--gfx1100", &t));
  CHECK(t.processor == "gfx1100");
  REQUIRE(parseAmdBundleId("hipv4-amdgcn-amd-amdhsa--gfx11-generic", &t));
  CHECK(t.processor == "gfx11-generic");
  CHECK_FALSE(parseAmdBundleId("hip-nvptx64-nvidia-cuda--sm_90", &t));
  CHECK_FALSE(parseAmdBundleId("host-x86_64-unknown-linux-gnu-", &t));
  CHECK_FALSE(parseAmdBundleId("openmp-amdgcn-amd-amdhsa--gfx90a", &t));
  CHECK_FALSE(parseAmdBundleId("hipv4-amdgcn-amd-amdhsa--", &t));
}

TEST_CASE("selectAmdImage picks the best entry of a bundle", "[hsa][target]") {
  const uint8_t dummy[1] = {0};
  auto entry = [&](const char* bundleId) {
    BundleEntry e;
    e.id = bundleId;
    e.kind = ImageKind::AmdCodeObject;
    e.data = dummy;
    e.size = 1;
    return e;
  };
  const BundleEntry entries[] = {
      entry("host-x86_64-unknown-linux-gnu-"),
      entry("hip-nvptx64-nvidia-cuda--sm_90"),
      entry("hipv4-amdgcn-amd-amdhsa--gfx9-generic"),
      entry("hipv4-amdgcn-amd-amdhsa--gfx906"),
      entry("hipv4-amdgcn-amd-amdhsa--gfx906:xnack-"),
      entry("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+"),
      entry("hipv4-amdgcn-amd-amdhsa--gfx11-generic"),
      entry("hip-amdgcn-amd-amdhsa--gfx1100"),
  };
  size_t index = 99;
  REQUIRE(selectAmdImage(id("gfx906:sramecc+:xnack-"), entries, &index).ok());
  CHECK(index == 4);  // explicit xnack- beats any, exact beats generic
  REQUIRE(selectAmdImage(id("gfx900:xnack-"), entries, &index).ok());
  CHECK(index == 2);  // only the generic one fits
  REQUIRE(selectAmdImage(id("gfx1100"), entries, &index).ok());
  CHECK(index == 7);  // exact hip- entry beats the generic hipv4- one
  REQUIRE(selectAmdImage(id("gfx1102"), entries, &index).ok());
  CHECK(index == 6);
  REQUIRE(selectAmdImage(id("gfx90a:sramecc+:xnack+"), entries, &index).ok());
  CHECK(index == 5);

  test::LogCapture log;
  CHECK(selectAmdImage(id("gfx90a:sramecc+:xnack-"), entries, &index) == hipErrorNoBinaryForGpu);
  CHECK(selectAmdImage(id("gfx942:sramecc+:xnack-"), entries, &index) == hipErrorNoBinaryForGpu);
  CHECK(log.text().find("no code object for gfx942:sramecc+:xnack-") != std::string::npos);
  CHECK(selectAmdImage(id("gfx90a"), std::span<const BundleEntry>(), &index) ==
        hipErrorNoBinaryForGpu);
}

TEST_CASE("a bare code object is judged by its metadata's target", "[hsa][target]") {
  const std::vector<uint8_t> v4 = test::readCodeObject("gfx90a-xnack-v4");  // gfx90a:xnack+
  const std::vector<uint8_t> generic = test::readCodeObject("gfx11-generic-v6");
  BundleEntry a;
  a.kind = ImageKind::AmdCodeObject;
  a.data = v4.data();
  a.size = v4.size();
  BundleEntry b = a;
  b.data = generic.data();
  b.size = generic.size();
  const BundleEntry entries[] = {a, b};
  size_t index = 99;
  REQUIRE(selectAmdImage(id("gfx90a:sramecc+:xnack+"), entries, &index).ok());
  CHECK(index == 0);
  REQUIRE(selectAmdImage(id("gfx1103"), entries, &index).ok());
  CHECK(index == 1);
  test::LogCapture quiet;
  CHECK(selectAmdImage(id("gfx90a:sramecc+:xnack-"), entries, &index) == hipErrorNoBinaryForGpu);
}
