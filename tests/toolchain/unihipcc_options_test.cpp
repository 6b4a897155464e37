// unihipcc's command-line and offload-arch parsing, without running any tool.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "depfile.h"
#include "offload_arch.h"
#include "options.h"

using unihipcc::InputKind;
using unihipcc::Options;
using unihipcc::parseCommandLine;
using unihipcc::parseOffloadArch;
using unihipcc::UsageError;
using unihipcc::Vendor;

namespace {

std::vector<std::string> archIds(const Options& o) {
  std::vector<std::string> ids;
  for (const auto& a : o.offloadArchs) ids.push_back(a.targetId);
  return ids;
}

std::string usageError(const std::vector<std::string>& args) {
  try {
    parseCommandLine(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("NVIDIA archs map to cubin and PTX bundle ids") {
  auto sm90 = parseOffloadArch("sm_90");
  REQUIRE(sm90);
  CHECK(sm90->vendor == Vendor::Nvidia);
  CHECK(sm90->imageBundleId() == "hip-nvptx64-nvidia-cuda--sm_90");
  CHECK(sm90->ptxBundleId() == "hip-nvptx64-nvidia-cuda--compute_90");
  auto sm90a = parseOffloadArch("sm_90a");
  REQUIRE(sm90a);
  CHECK(sm90a->ptxBundleId() == "hip-nvptx64-nvidia-cuda--compute_90a");
  CHECK(parseOffloadArch("sm_100a"));
}

TEST_CASE("AMD archs keep their features in the bundle id") {
  auto arch = parseOffloadArch("gfx90a:xnack+");
  REQUIRE(arch);
  CHECK(arch->vendor == Vendor::Amd);
  CHECK(arch->processor == "gfx90a");
  CHECK(arch->imageBundleId() == "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+");
  CHECK(parseOffloadArch("gfx942:sramecc-:xnack-"));
  CHECK(parseOffloadArch("gfx1100")->imageBundleId() == "hipv4-amdgcn-amd-amdhsa--gfx1100");
}

TEST_CASE("malformed archs are rejected") {
  for (const char* bad : {"", "sm_", "sm_9", "sm_9x", "compute_90", "gfx", "gfx9", "GFX90A",
                          "gfx90a:xnack", "gfx90a:xnack+:xnack-", "gfx90a:foo+", "gfx90a:",
                          "gfx9-generic", "gfx90g", "x86_64"}) {
    INFO(bad);
    CHECK_FALSE(parseOffloadArch(bad));
  }
}

TEST_CASE("AMD ISA versions follow the device-library numbering") {
  CHECK(unihipcc::amdIsaVersion("gfx90a") == 9010);
  CHECK(unihipcc::amdIsaVersion("gfx942") == 9402);
  CHECK(unihipcc::amdIsaVersion("gfx1100") == 11000);
  CHECK(unihipcc::amdIsaVersion("gfx1036") == 10306);
  CHECK(unihipcc::amdIsaVersion("gfx803") == 8003);
  CHECK_FALSE(unihipcc::amdIsaVersion("gfx9"));
  CHECK_FALSE(unihipcc::amdIsaVersion("sm_90"));
}

TEST_CASE("default offload archs apply when none is given") {
  Options o = parseCommandLine({"-c", "k.hip"});
  CHECK(archIds(o) == std::vector<std::string>{"sm_90", "gfx90a", "gfx942", "gfx1100"});
  CHECK(o.embedPtx);
}

TEST_CASE("--offload-arch takes comma lists, repeats and both spellings; duplicates drop") {
  Options o = parseCommandLine({"--offload-arch=sm_80,gfx90a", "--offload-arch", "gfx942,sm_80",
                                "-c", "k.hip"});
  CHECK(archIds(o) == std::vector<std::string>{"sm_80", "gfx90a", "gfx942"});
  CHECK_THAT(usageError({"--offload-arch=sm_80,bogus", "k.hip"}),
             Catch::Contains("unsupported offload architecture 'bogus'"));
}

TEST_CASE("preprocessor, optimization and debug flags are collected") {
  Options o = parseCommandLine({"-Iinc", "-I", "other", "-DA=1", "-D", "B", "-UC", "-O0", "-g",
                                "-std=c++17", "-Wall", "-isystem", "sys", "-c", "k.hip"});
  CHECK(o.preprocessor ==
        std::vector<std::string>{"-Iinc", "-Iother", "-DA=1", "-DB", "-UC", "-isystem", "sys"});
  CHECK(o.optLevel == "-O0");
  CHECK(o.debug == "-g");
  CHECK(o.standard == "-std=c++17");
  CHECK(o.compile == std::vector<std::string>{"-Wall"});
  CHECK(parseCommandLine({"-g", "-g0", "k.hip"}).debug.empty());
}

TEST_CASE("inputs are classified by extension or -x, as hipcc does") {
  Options o = parseCommandLine({"a.hip", "b.cu", "c.cpp", "d.c", "e.o", "-x", "c++", "f.cpp",
                                "-x", "none", "g.cc", "h.cxx", "-xc", "i.cpp"});
  REQUIRE(o.inputs.size() == 9);
  CHECK(o.inputs[0].kind == InputKind::Hip);
  CHECK(o.inputs[1].kind == InputKind::Hip);
  CHECK(o.inputs[2].kind == InputKind::Hip);  // .cpp is HIP, as with hipcc
  CHECK(o.inputs[3].kind == InputKind::C);
  CHECK(o.inputs[4].kind == InputKind::Linker);
  CHECK(o.inputs[5].kind == InputKind::Cxx);  // -x c++ keeps it host-only
  CHECK(o.inputs[6].kind == InputKind::Hip);
  CHECK(o.inputs[7].kind == InputKind::Hip);
  CHECK(o.inputs[8].kind == InputKind::C);
}

TEST_CASE("hipcc's environment variables") {
  unihipcc::Environment env;
  env.compileCxxAsHip = false;
  Options o = parseCommandLine({"a.cpp", "b.cu", "c.hip"}, env);
  CHECK(o.inputs[0].kind == InputKind::Cxx);
  CHECK(o.inputs[1].kind == InputKind::Cxx);
  CHECK(o.inputs[2].kind == InputKind::Hip);

  unihipcc::Environment targets;
  targets.defaultArchs = "gfx942,sm_80";
  CHECK(archIds(parseCommandLine({"-c", "k.hip"}, targets)) ==
        std::vector<std::string>{"gfx942", "sm_80"});
  // An explicit --offload-arch wins over HCC_AMDGPU_TARGET.
  CHECK(archIds(parseCommandLine({"--offload-arch=gfx90a", "-c", "k.hip"}, targets)) ==
        std::vector<std::string>{"gfx90a"});

  unihipcc::Environment append;
  append.compileAppend = " -DFROM_ENV=1  -Wall ";
  append.linkAppend = "-Lenvdir -lenvlib";
  append.verbose = 1;
  Options a = parseCommandLine({"k.hip", "-o", "k"}, append);
  CHECK(a.preprocessor == std::vector<std::string>{"-DFROM_ENV=1"});
  CHECK(a.compile == std::vector<std::string>{"-Wall"});
  REQUIRE(a.linkItems.size() == 3);
  CHECK(a.linkItems[1].flag == "-Lenvdir");
  CHECK(a.linkItems[2].flag == "-lenvlib");
  CHECK(a.verbose);

  unihipcc::Environment bad;
  bad.compileAppend = "--not-a-flag";
  CHECK_THROWS_WITH(parseCommandLine({"-c", "k.hip"}, bad), Catch::Contains("'--not-a-flag'"));
}

TEST_CASE("-fopenmp, -f and -m flags reach the right passes") {
  Options o = parseCommandLine({"-fopenmp", "-fno-unroll-loops", "-fsanitize=address", "-mavx2",
                                "-munsafe-fp-atomics", "-mllvm", "-amdgpu-early-inline-all=true",
                                "-mllvm", "-inline-threshold=100", "-flto", "a.hip", "-o", "a"});
  CHECK(o.compile == std::vector<std::string>{"-fno-unroll-loops", "-mllvm",
                                              "-inline-threshold=100"});
  CHECK(o.hostCompile == std::vector<std::string>{"-fopenmp", "-fsanitize=address", "-mavx2",
                                                  "-flto"});
  CHECK(o.amdCompile == std::vector<std::string>{"-munsafe-fp-atomics", "-mllvm",
                                                 "-amdgpu-early-inline-all=true"});
  // The OpenMP and LTO flags reach the link too.
  std::vector<std::string> linkFlags;
  for (const auto& item : o.linkItems)
    if (!item.input) linkFlags.push_back(item.flag);
  CHECK(linkFlags == std::vector<std::string>{"-fopenmp", "-flto"});
}

TEST_CASE("-fgpu-rdc and --emit-static-lib") {
  CHECK(parseCommandLine({"-fgpu-rdc", "-c", "a.cpp"}).rdc);
  CHECK_FALSE(parseCommandLine({"-fgpu-rdc", "-fno-gpu-rdc", "-c", "a.cpp"}).rdc);
  Options lib = parseCommandLine({"--emit-static-lib", "a.cpp", "-o", "liba.a"});
  CHECK(lib.emitStaticLib);
  CHECK(lib.rdc);
  CHECK_THAT(usageError({"--emit-static-lib", "-c", "a.cpp"}), Catch::Contains("cannot be combined"));
}

TEST_CASE("hipcc's informational flags need no inputs") {
  CHECK(parseCommandLine({"--cxxflags"}).printCxxFlags);
  CHECK(parseCommandLine({"--ldflags"}).printLdFlags);
  CHECK(parseCommandLine({"--short-version"}).shortVersion);
  CHECK(parseCommandLine({"-v", "-print-targets"}).printTargets);
  CHECK(parseCommandLine({"--amdgpu-target=gfx90a", "-c", "k.hip"}).offloadArchs.size() == 1);
}

TEST_CASE("link flags keep their order relative to inputs") {
  Options o = parseCommandLine({"a.o", "-L", "dir", "-lfoo", "b.hip", "-Wl,--as-needed",
                                "-Xlinker", "-z", "-o", "prog"});
  REQUIRE(o.linkItems.size() == 7);
  CHECK(o.linkItems[0].input == 0u);
  CHECK(o.linkItems[1].flag == "-Ldir");
  CHECK(o.linkItems[2].flag == "-lfoo");
  CHECK(o.linkItems[3].input == 1u);
  CHECK(o.linkItems[4].flag == "-Wl,--as-needed");
  CHECK(o.linkItems[5].flag == "-Xlinker");
  CHECK(o.linkItems[6].flag == "-z");
  CHECK(o.output == "prog");
}

TEST_CASE("pass-through flags reach the right compiles") {
  Options o = parseCommandLine({"-fPIC", "-ffast-math", "-Xhost", "-fno-inline", "-Xdevice",
                                "-ffp-contract=off", "-Xptxas", "-v", "-MD", "-MF", "k.d", "-c",
                                "k.hip"});
  CHECK(o.hostCompile == std::vector<std::string>{"-fPIC", "-fno-inline"});
  CHECK(o.compile == std::vector<std::string>{"-ffast-math"});
  CHECK(o.deviceCompile == std::vector<std::string>{"-ffp-contract=off"});
  CHECK(o.ptxas == std::vector<std::string>{"-v"});
  CHECK(o.dependency == std::vector<std::string>{"-MD", "-MF", "k.d"});
}

TEST_CASE("usage errors are clear") {
  CHECK_THAT(usageError({"--bogus", "k.hip"}), Catch::Contains("unknown option '--bogus'"));
  CHECK_THAT(usageError({"-c", "k.hip", "-o"}), Catch::Contains("missing argument to '-o'"));
  CHECK_THAT(usageError({"-c"}), Catch::Contains("no input files"));
  CHECK_THAT(usageError({"-c", "a.hip", "b.hip", "-o", "x.o"}),
             Catch::Contains("-o with -c, -E, -S or --genco and several source files"));
  CHECK_THAT(usageError({"-Wa,-foo", "a.hip"}), Catch::Contains("not supported"));
  CHECK_THAT(usageError({"-x", "fortran", "a.f"}), Catch::Contains("unsupported language"));
  CHECK_THAT(usageError({"-arch", "sm_9", "a.hip"}), Catch::Contains("unsupported offload architecture"));
}

TEST_CASE("--help and --version need no inputs") {
  CHECK(parseCommandLine({"--help"}).showHelp);
  CHECK(parseCommandLine({"--version"}).showVersion);
  CHECK_THAT(unihipcc::helpText(), Catch::Contains("sm_90,gfx90a,gfx942,gfx1100"));
}

TEST_CASE("-E, -S, -M, --genco select one output mode each") {
  using unihipcc::Mode;
  CHECK(parseCommandLine({"-E", "k.hip"}).mode == Mode::Preprocess);
  CHECK(parseCommandLine({"-S", "k.hip"}).mode == Mode::Assemble);
  CHECK(parseCommandLine({"--genco", "k.hip", "-o", "k.hipfb"}).mode == Mode::GenCodeObject);
  Options m = parseCommandLine({"-MM", "k.hip", "-MF", "k.d"});
  CHECK(m.mode == Mode::Preprocess);
  CHECK(m.dependency == std::vector<std::string>{"-MM", "-MF", "k.d"});
  CHECK(parseCommandLine({"-c", "k.hip"}).compileOnly);
  CHECK(parseCommandLine({"-E", "k.hip"}).compileOnly);
  CHECK(usageError({"-c", "-S", "k.hip"}).find("cannot be combined") != std::string::npos);
  CHECK(usageError({"--genco", "k.c"}).find("HIP sources only") != std::string::npos);
  CHECK(usageError({"--genco", "-x", "c++", "k.cpp"}).find("HIP sources only") != std::string::npos);
}

TEST_CASE("clang's and nvcc's spellings: --std=, -arch sm_XX, --cuda-gpu-arch") {
  CHECK(parseCommandLine({"--std=c++17", "k.hip"}).standard == "-std=c++17");
  CHECK(parseCommandLine({"--std", "c++14", "k.hip"}).standard == "-std=c++14");
  CHECK(archIds(parseCommandLine({"-arch", "sm_80", "k.hip"})) == std::vector<std::string>{"sm_80"});
  CHECK(archIds(parseCommandLine({"-arch=sm_90", "k.hip"})) == std::vector<std::string>{"sm_90"});
  Options clangArchs = parseCommandLine({"--cuda-gpu-arch=gfx90a", "--cuda-gpu-arch", "sm_90", "k.hip"});
  CHECK(archIds(clangArchs) == std::vector<std::string>{"gfx90a", "sm_90"});
  CHECK(clangArchs.explicitArchs);
}

TEST_CASE("--cuda-device-only -c writes the device bundle, as clang") {
  using unihipcc::Mode;
  Options c = parseCommandLine({"--cuda-device-only", "-c", "k.hip"});
  CHECK(c.mode == Mode::GenCodeObject);
  CHECK(c.compileOnly);
  CHECK(c.deviceOnlyObject);
  Options alone = parseCommandLine({"--offload-device-only", "k.hip", "-o", "k.hipfb"});
  CHECK(alone.mode == Mode::GenCodeObject);
  CHECK_FALSE(alone.deviceOnlyObject);
  CHECK(parseCommandLine({"-c", "--cuda-device-only", "k.hip"}).mode == Mode::GenCodeObject);
  CHECK_THAT(usageError({"--cuda-device-only", "-E", "k.hip"}), Catch::Contains("-c or --genco"));
  CHECK_THAT(usageError({"--cuda-device-only", "-c", "k.c"}), Catch::Contains("HIP sources only"));
}

TEST_CASE("--offload-arch=native is resolved later, and keeps explicit archs") {
  Options o = parseCommandLine({"--offload-arch=native,gfx942", "-c", "k.hip"});
  CHECK(o.nativeArch);
  CHECK(archIds(o) == std::vector<std::string>{"gfx942"});
  Options only = parseCommandLine({"--offload-arch=native", "-c", "k.hip"});
  CHECK(only.offloadArchs.empty());  // no defaults mixed in
  unihipcc::addOffloadArch(only, "sm_90");
  CHECK(archIds(only) == std::vector<std::string>{"sm_90"});
}

TEST_CASE("-Xcompiler lists, -Xarch_*, -fgpu-default-stream") {
  Options o = parseCommandLine({"-Xcompiler", "-fPIC,-Wall", "-Xcompiler=-O1", "-Xarch_device",
                                "-ffast-math", "-fgpu-default-stream=per-thread", "-c", "k.hip"});
  CHECK(o.hostCompile == std::vector<std::string>{"-fPIC", "-Wall", "-O1"});
  CHECK(o.deviceCompile == std::vector<std::string>{"-ffast-math"});
  CHECK(o.defaultStream == "-fgpu-default-stream=per-thread");
  CHECK(usageError({"-fgpu-default-stream=maybe", "k.hip"}).find("per-thread") !=
        std::string::npos);
}

TEST_CASE("build-system flags hipcc accepts: --hip-link, -Xclang, remarks, compression") {
  Options o = parseCommandLine({"--hip-link", "--offload-compress", "--no-offload-compress",
                                "-Xclang", "-fno-pch-timestamp",
                                "-Rpass-analysis=kernel-resource-usage", "-save-temps=obj",
                                "a.o", "-o", "app"});
  CHECK(o.compile == std::vector<std::string>{"-Xclang", "-fno-pch-timestamp",
                                              "-Rpass-analysis=kernel-resource-usage"});
  CHECK(o.saveTemps);
  CHECK(usageError({"-Xclang"}).find("missing argument") != std::string::npos);
}

TEST_CASE("dependency files: requests, reading and merging") {
  using unihipcc::parseDepRequest;
  auto r = parseDepRequest({"-MMD", "-MT", "obj/a.o", "-MQ", "$x y", "-MP"}, "out/a.o");
  CHECK(r.enabled);
  CHECK_FALSE(r.systemHeaders);
  CHECK(r.file == "out/a.d");
  CHECK(r.targets == std::vector<std::string>{"obj/a.o", "$$x\\ y"});
  CHECK(r.phony);
  CHECK_FALSE(parseDepRequest({"-MF", "x.d"}, "a.o").enabled);
  CHECK(parseDepRequest({"-MD", "-MF", "x.d"}, "a.o").file == "x.d");

  const std::string dir = std::filesystem::temp_directory_path() / "unihipcc-depfile-test";
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir + "/host.d") << "a.o: a.cpp /inc/host.h \\\n  /inc/with\\ space.h\n\n/inc/host.h:\n";
  }
  CHECK(unihipcc::readDepPrerequisites(dir + "/host.d") ==
        std::vector<std::string>{"a.cpp", "/inc/host.h", "/inc/with\\ space.h"});
  auto req = parseDepRequest({"-MD", "-MF", dir + "/out.d", "-MP"}, "obj/a.o");
  unihipcc::writeDepFile(req, "obj/a.o", {"a.cpp", "/inc/host.h", "/inc/dev.h"});
  std::ifstream in(dir + "/out.d");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == "obj/a.o: \\\n  a.cpp \\\n  /inc/host.h \\\n  /inc/dev.h\n\n/inc/host.h:\n\n/inc/dev.h:\n");
  CHECK(unihipcc::readDepPrerequisites(dir + "/out.d") ==
        std::vector<std::string>{"a.cpp", "/inc/host.h", "/inc/dev.h"});
  CHECK_THROWS(unihipcc::readDepPrerequisites(dir + "/missing.d"));
  std::filesystem::remove_all(dir);
}
