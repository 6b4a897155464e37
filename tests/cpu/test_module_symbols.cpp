// The names a CUDA image defines (backends/cuda/cuda_module_symbols.h), read from the real PTX and
// cubin of tests/cpu/kernels/registered.hip: what the CUDA backend consults before asking the
// driver for a kernel or variable, so a missing name must never be a name the image has.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "build_files.h"
#include "cuda/cuda_module_symbols.h"

using unihip::ImageKind;
using unihip::cu::readModuleSymbols;

namespace {
std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
}  // namespace

TEST_CASE("module symbols: PTX declares the kernels and device variables", "[module-symbols]") {
  std::string ptx =
      readFile(unihip::testing::buildFilePath(UNIHIP_TEST_KERNEL_DIR "/registered.ptx"));
  REQUIRE(!ptx.empty());
  unihip::cu::ModuleSymbols names;
  REQUIRE(readModuleSymbols(ImageKind::Ptx, ptx.data(), ptx.size(), &names));
  CHECK(names.count("_Z5scalePff") == 1);
  CHECK(names.count("_Z6addOnePi") == 1);
  CHECK(names.count("deviceCounter") == 1);
  CHECK(names.count("noSuchKernel") == 0);
  CHECK(names.count("ld.global.u32") == 0);
}

TEST_CASE("module symbols: a cubin's symbol table", "[module-symbols]") {
  if (!UNIHIP_TEST_HAS_CUBIN) {
    WARN("no ptxas: no cubin to read");
    return;
  }
  std::string cubin =
      readFile(unihip::testing::buildFilePath(UNIHIP_TEST_KERNEL_DIR "/registered.sm_90.cubin"));
  REQUIRE(cubin.size() > 64);
  unihip::cu::ModuleSymbols names;
  REQUIRE(readModuleSymbols(ImageKind::Cubin, cubin.data(), cubin.size(), &names));
  CHECK(names.count("_Z5scalePff") == 1);
  CHECK(names.count("_Z6addOnePi") == 1);
  CHECK(names.count("deviceCounter") == 1);
  CHECK(names.count("noSuchKernel") == 0);
  // Section symbols are not names of kernels or variables: not kept (15 names, 5 kept).
  CHECK(names.count(".text._Z5scalePff") == 0);
  CHECK(names.count(".nv.constant0._Z6addOnePi") == 0);
  CHECK(names.size() == 5);

  // Truncated or corrupted images are "unknown" (the driver decides), never read past their end.
  unihip::cu::ModuleSymbols partial;
  CHECK_FALSE(readModuleSymbols(ImageKind::Cubin, cubin.data(), 40, &partial));
  std::string badSections = cubin;
  badSections[0x28] = '\xff';  // e_shoff far past the end
  badSections[0x2f] = '\x7f';
  CHECK_FALSE(readModuleSymbols(ImageKind::Cubin, badSections.data(), badSections.size(), &partial));
}

TEST_CASE("module symbols: other formats are unknown", "[module-symbols]") {
  unihip::cu::ModuleSymbols names;
  const char text[] = "not an image";
  CHECK_FALSE(readModuleSymbols(ImageKind::Ptx, text, sizeof text, &names));
  CHECK_FALSE(readModuleSymbols(ImageKind::AmdCodeObject, text, sizeof text, &names));
  CHECK_FALSE(readModuleSymbols(ImageKind::Cubin, text, sizeof text, &names));
  CHECK_FALSE(readModuleSymbols(ImageKind::Ptx, nullptr, 0, &names));
}

// hip-tests' module/hipManagedKeyword.cc: unihipcc keeps a __managed__ variable's value beside
// its pointer (`x` and `x__managed` in PTX, `x.managed` on AMD); the loader finds the pairs.
TEST_CASE("module symbols: __managed__ variables are listed by name", "[module-symbols]") {
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .global .align 8 .u64 moduleManaged;\n"
      ".visible .global .align 4 .u32 moduleManaged__managed = 10;\n"
      ".visible .global .align 4 .u32 plain = 3;\n"
      ".visible .entry kernel()\n{\n\tret;\n}\n";
  unihip::cu::ModuleSymbols names;
  REQUIRE(readModuleSymbols(ImageKind::Ptx, ptx.data(), ptx.size() + 1, &names));
  CHECK(names.count("moduleManaged") == 1);
  CHECK(names.count("moduleManaged__managed") == 1);
  REQUIRE(names.managedVariables().size() == 1);
  CHECK(names.managedVariables()[0] == "moduleManaged");
  unihip::cu::ModuleSymbols amd;
  amd.add("x.managed");
  amd.add("x");
  amd.add("managed");  // the suffix alone names no variable
  REQUIRE(amd.managedVariables().size() == 1);
  CHECK(amd.managedVariables()[0] == "x");
}
