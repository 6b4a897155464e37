// unihip-nvcc: nvcc's options mapped onto unihipcc's command line (what --dryrun prints), and
// what unihipcc makes of the result, without running any tool.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "nvcc_options.h"
#include "options.h"

using unihipcc::Options;
using unihipcc::parseCommandLine;
using unihipcc::translateNvccCommandLine;
using unihipcc::UsageError;
using Args = std::vector<std::string>;

namespace {

Args mapped(const Args& nvcc) { return translateNvccCommandLine(nvcc).args; }

// `run` appears in `args` as consecutive arguments.
bool hasRun(const Args& args, const Args& run) {
  return std::search(args.begin(), args.end(), run.begin(), run.end()) != args.end();
}

Options parsed(const Args& nvcc) { return parseCommandLine(mapped(nvcc)); }

std::vector<std::string> archIds(const Options& o) {
  std::vector<std::string> ids;
  for (const auto& a : o.offloadArchs) ids.push_back(a.targetId);
  return ids;
}

std::string nvccError(const Args& args) {
  try {
    translateNvccCommandLine(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("nvcc: every command identifies as nvcc and compiles CUDA sources as CUDA") {
  Args a = mapped({"-c", "k.cu"});
  for (const char* flag : {"--cuda-compat", "-D__NVCC__", "-D__CUDACC_VER_MAJOR__=13",
                           "-D__CUDACC_VER_MINOR__=0", "-D__CUDA_API_VER_MAJOR__=13",
                           "-Xcompiler=-O0"}) {
    INFO(flag);
    CHECK(std::find(a.begin(), a.end(), flag) != a.end());
  }
  Options o = parseCommandLine(a);
  CHECK(o.cudaCompat);
  REQUIRE(o.inputs.size() == 1);
  CHECK(o.inputs[0].kind == unihipcc::InputKind::Hip);
  CHECK(o.inputs[0].cudaLanguage);
  // nvcc's defaults: unihipcc's targets, host code unoptimized, device code -O3.
  CHECK(archIds(o) == Args{"sm_90", "gfx90a", "gfx942", "gfx1100"});
  CHECK(o.optLevel.empty());
  CHECK(o.hostCompile == Args{"-O0"});
}

TEST_CASE("nvcc: inputs are classified as nvcc does; -x applies to all of them") {
  Options o = parsed({"a.cu", "b.cpp", "c.c", "d.o", "libe.a", "-o", "app"});
  REQUIRE(o.inputs.size() == 5);
  CHECK(o.inputs[0].kind == unihipcc::InputKind::Hip);
  CHECK(o.inputs[1].kind == unihipcc::InputKind::Cxx);  // host compiler only, as nvcc
  CHECK(o.inputs[2].kind == unihipcc::InputKind::C);
  CHECK(o.inputs[3].kind == unihipcc::InputKind::Linker);
  CHECK(o.inputs[4].kind == unihipcc::InputKind::Linker);
  CHECK(hasRun(mapped({"b.cpp"}), {"-x", "c++", "b.cpp", "-x", "none"}));
  // -x cu, even after the input: CUDA, not the extension's language.
  Options cu = parsed({"k.cpp", "-x", "cu", "-c"});
  CHECK(cu.inputs[0].kind == unihipcc::InputKind::Hip);
  CHECK(cu.inputs[0].cudaLanguage);
  CHECK(parsed({"-x", "c++", "k.cu", "-c"}).inputs[0].kind == unihipcc::InputKind::Cxx);
  CHECK(parsed({"--x=c", "k.cu", "-c"}).inputs[0].kind == unihipcc::InputKind::C);
  CHECK_THAT(nvccError({"-x", "fortran", "k.f"}), Catch::Contains("unsupported language 'fortran'"));
  CHECK_THAT(nvccError({"k.ptx"}), Catch::Contains("ptx inputs are not supported"));
}

TEST_CASE("nvcc: -arch, -code and -gencode give NVIDIA targets; --offload-arch adds AMD ones") {
  // -arch=sm_XX: cubin and PTX (nvcc's code=[sm_XX,compute_XX]).
  Options sm = parsed({"-arch=sm_80", "k.cu"});
  CHECK(archIds(sm) == Args{"sm_80"});
  CHECK(sm.embedPtx);
  CHECK(archIds(parsed({"-arch", "sm_86", "k.cu"})) == Args{"sm_86"});
  CHECK(archIds(parsed({"--gpu-architecture=sm_90a", "k.cu"})) == Args{"sm_90a"});
  CHECK(hasRun(mapped({"-arch=sm_80", "k.cu"}), {"-D__CUDA_ARCH_LIST__=800"}));
  // -code with sm_ entries only: no PTX.
  Options code = parsed({"-arch=compute_80", "-code=sm_80,sm_86", "k.cu"});
  CHECK(archIds(code) == Args{"sm_80", "sm_86"});
  CHECK_FALSE(code.embedPtx);
  CHECK(parsed({"-arch=compute_80", "--gpu-code", "compute_80", "k.cu"}).embedPtx);
  // -gencode, repeated, in every spelling CMake and Makefiles use.
  Options gen = parsed({"-gencode", "arch=compute_80,code=sm_80", "-gencode=arch=compute_90,code=[sm_90,compute_90]",
                        "--generate-code=arch=compute_75,code=\"sm_75,compute_75\"",
                        "--offload-arch=gfx90a", "k.cu"});
  CHECK(archIds(gen) == Args{"sm_80", "sm_90", "sm_75", "gfx90a"});
  CHECK(gen.embedPtx);
  CHECK(hasRun(mapped({"-gencode", "arch=compute_80,code=sm_80", "k.cu"}), {"--no-ptx"}));
  // native / all / all-major.
  Options native = parsed({"-arch=native", "k.cu"});
  CHECK(native.nativeArch);
  CHECK(archIds(parsed({"-arch=all-major", "k.cu"})) == Args{"sm_80", "sm_90"});
  CHECK(archIds(parsed({"-arch=all", "k.cu"})).size() == 6);
  // Bad values name themselves and the option.
  CHECK_THAT(nvccError({"-arch=sm_9x", "k.cu"}),
             Catch::Contains("unsupported GPU architecture 'sm_9x' for -arch"));
  CHECK_THAT(nvccError({"-arch=gfx90a", "k.cu"}), Catch::Contains("--offload-arch=gfx90a"));
  CHECK_THAT(nvccError({"-gencode", "arch=compute_80,code=sm_8", "k.cu"}),
             Catch::Contains("'sm_8' for -gencode"));
  CHECK_THAT(nvccError({"-gencode", "code=sm_80", "k.cu"}), Catch::Contains("no arch="));
  CHECK_THAT(nvccError({"-code=sm_80", "k.cu"}), Catch::Contains("-code needs -arch"));
}

TEST_CASE("nvcc: separate compilation and device link") {
  Options dc = parsed({"-dc", "a.cu"});
  CHECK(dc.rdc);
  CHECK(dc.mode == unihipcc::Mode::Compile);
  CHECK(hasRun(mapped({"-dc", "a.cu"}), {"-fgpu-rdc", "-D__CUDACC_RDC__"}));
  CHECK(parsed({"-rdc=true", "-c", "a.cu"}).rdc);
  CHECK(parsed({"-rdc", "true", "-c", "a.cu"}).rdc);
  CHECK(parsed({"--relocatable-device-code=true", "-c", "a.cu"}).rdc);
  CHECK_FALSE(parsed({"-rdc=false", "-c", "a.cu"}).rdc);
  CHECK_THAT(nvccError({"-rdc=yes", "a.cu"}), Catch::Contains("expects true or false, not 'yes'"));
  Options dlink = parsed({"-dlink", "a.o", "b.o", "-o", "dlink.o"});
  CHECK(dlink.mode == unihipcc::Mode::DeviceLink);
  CHECK(parsed({"--device-link", "a.o"}).mode == unihipcc::Mode::DeviceLink);
}

TEST_CASE("nvcc: each option's mapping") {
  // nvcc option(s) -> the unihipcc arguments they become (in this order).
  const std::vector<std::pair<Args, Args>> cases = {
      {{"--extended-lambda"}, {"-D__CUDACC_EXTENDED_LAMBDA__"}},
      {{"--expt-extended-lambda"}, {"-D__CUDACC_EXTENDED_LAMBDA__"}},
      {{"--expt-relaxed-constexpr"}, {"-D__CUDACC_RELAXED_CONSTEXPR__"}},
      {{"-Xcompiler", "-fPIC,-Wall"}, {"-Xcompiler=-fPIC,-Wall"}},
      {{"--compiler-options=-fopenmp"}, {"-Xcompiler=-fopenmp"}},
      {{"--compiler-options", "-fPIC -O2"}, {"-Xcompiler=-fPIC", "-Xcompiler=-O2"}},
      {{"-Xlinker", "--as-needed,-z,now"}, {"-Xlinker", "--as-needed", "-Xlinker", "-z", "-Xlinker", "now"}},
      {{"--linker-options", "-s"}, {"-Xlinker", "-s"}},
      {{"-Xptxas", "-v,-O2"}, {"-Xptxas", "-v", "-Xptxas", "-O2"}},
      {{"--ptxas-options=-v"}, {"-Xptxas", "-v"}},
      {{"-maxrregcount=64"}, {"-Xptxas", "--maxrregcount=64"}},
      {{"-lineinfo"}, {"-Xdevice", "-gline-tables-only", "-Xptxas", "-lineinfo"}},
      {{"--generate-line-info"}, {"-Xdevice", "-gline-tables-only", "-Xptxas", "-lineinfo"}},
      {{"-G"}, {"-Xdevice", "-g", "-Xdevice", "-O0", "-Xptxas", "-g", "-D__CUDACC_DEBUG__"}},
      {{"-g"}, {"-Xcompiler=-g"}},
      {{"--use_fast_math"}, {"-Xdevice", "-ffast-math", "-Xdevice", "-fno-finite-math-only",
                             "-Xdevice", "-fgpu-flush-denormals-to-zero", "-D__USE_FAST_MATH__"}},
      {{"-ftz=true"}, {"-Xdevice", "-fgpu-flush-denormals-to-zero"}},
      {{"-ftz=false"}, {"-Xdevice", "-fno-gpu-flush-denormals-to-zero"}},
      {{"-prec-div=false"}, {"-mllvm", "-nvptx-prec-divf32=1"}},
      {{"-prec-sqrt=false"}, {"-mllvm", "-nvptx-prec-sqrtf32=0"}},
      {{"-fmad=false"}, {"-Xdevice", "-ffp-contract=off"}},
      {{"-fmad", "true"}, {"-Xdevice", "-ffp-contract=fast"}},
      {{"-std=c++17"}, {"-std=c++17"}},
      {{"--std", "c++20"}, {"-std=c++20"}},
      {{"-Iinc", "-I", "a,b", "--include-path=c"}, {"-Iinc", "-Ia", "-Ib", "-Ic"}},
      {{"-isystem=sys"}, {"-isystem", "sys"}},
      {{"--pre-include", "pre.h"}, {"-include", "pre.h"}},
      {{"-DA=1", "-D", "B", "--define-macro=C", "-UD"}, {"-DA=1", "-DB", "-DC", "-UD"}},
      {{"-Llib", "--library-path", "x,y"}, {"-Llib", "-Lx", "-Ly"}},
      {{"-lcublas", "-lcufft", "-lcurand", "-lcusparse", "-lcusolver"},
       {"-lhipblas", "-lhipfft", "-lhiprand", "-lhipsparse", "-lhipsolver"}},
      {{"-lfoo", "--library", "bar"}, {"-lfoo", "-lbar"}},
      {{"-o", "app"}, {"-o", "app"}},
      {{"--output-file=app"}, {"-o", "app"}},
      {{"-E"}, {"-E"}},
      {{"-M"}, {"-M"}},
      {{"-MD", "-MF", "k.d", "-MT", "k.o", "-MP"}, {"-MD", "-MF", "k.d", "-MT", "k.o", "-MP"}},
      {{"--shared"}, {"-shared"}},
      {{"-w"}, {"-w"}},
      {{"--Werror", "all-warnings"}, {"-Werror"}},
      {{"-Werror=deprecated-declarations"}, {"-Werror=deprecated-declarations"}},
      {{"-Wno-deprecated-declarations"}, {"-Wno-deprecated-declarations"}},
      {{"-Wno-unused-variable"}, {"-Wno-unused-variable"}},
      {{"--resource-usage"}, {"-Xptxas", "-v", "-Rpass-analysis=kernel-resource-usage"}},
      {{"-res-usage"}, {"-Xptxas", "-v", "-Rpass-analysis=kernel-resource-usage"}},
      {{"-v"}, {"-v"}},
      {{"--verbose"}, {"-v"}},
      {{"--version"}, {"--version"}},
      {{"-keep"}, {"-save-temps"}},
      {{"--default-stream", "per-thread"},
       {"-fgpu-default-stream=per-thread", "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"}},
      {{"--default-stream=legacy"}, {"-fgpu-default-stream=legacy"}},
      {{"-O3"}, {"-Xcompiler=-O3"}},
      {{"--optimize", "2"}, {"-Xcompiler=-O2"}},
      {{"--offload-arch=gfx942"}, {"--offload-arch=gfx942"}},
  };
  for (const auto& [nvcc, expected] : cases) {
    Args args = nvcc;
    args.push_back("k.cu");
    std::string text;
    for (const std::string& a : nvcc) text += a + " ";
    INFO("nvcc " << text);
    Args got = mapped(args);
    CHECK(hasRun(got, expected));
    CHECK_NOTHROW(parseCommandLine(got));  // unihipcc takes every mapping
  }
  // -O replaces nvcc's default host -O0; there is only one.
  Args o3 = mapped({"-O3", "k.cu"});
  CHECK(std::count(o3.begin(), o3.end(), "-Xcompiler=-O0") == 0);
  // Libraries unihip itself provides vanish from the link.
  Args rt = mapped({"-lcudart", "-lcuda", "-lcudart_static", "-lcudadevrt", "k.cu"});
  CHECK(std::none_of(rt.begin(), rt.end(), [](const std::string& a) { return a.starts_with("-l"); }));
}

TEST_CASE("nvcc: options accepted without effect say why") {
  const std::vector<Args> accepted = {
      {"-ccbin", "g++"},       {"--compiler-bindir=/usr/bin"}, {"-cudart", "shared"},
      {"--cudart=static"},     {"-cudart", "none"},            {"-Xnvlink", "-v"},
      {"-Xcudafe", "--diag_suppress=1"}, {"--diag-suppress", "177,550"},
      {"--keep-dir", "tmp"},   {"--threads", "4"},             {"-t", "0"}};
  for (const Args& args : accepted) {
    Args withInput = args;
    withInput.push_back("k.cu");
    INFO(args[0]);
    auto t = translateNvccCommandLine(withInput);
    CHECK(t.notes.size() == 1);
    CHECK_NOTHROW(parseCommandLine(t.args));
  }
  for (const Args& args : std::vector<Args>{{"-m64"}, {"--machine", "64"},
                                            {"-Wno-deprecated-gpu-targets"}}) {
    Args withInput = args;
    withInput.push_back("k.cu");
    CHECK(hasRun(mapped(withInput), {"-Xcompiler=-O0", "k.cu"}));  // nothing added
  }
  CHECK_THAT(nvccError({"-cudart", "dynamic", "k.cu"}), Catch::Contains("none, shared or static"));
  CHECK_THAT(nvccError({"-m32", "k.cu"}), Catch::Contains("64-bit"));
}

TEST_CASE("nvcc: -fatbin and -cubin write a device image (the --genco bundle) for cuModuleLoad") {
  // The driver-API samples: nvcc -gencode ... -o k.fatbin -fatbin k.cu.
  Options fat = parsed({"-gencode", "arch=compute_90,code=sm_90", "-o", "k64.fatbin", "-fatbin", "k.cu"});
  CHECK(fat.mode == unihipcc::Mode::GenCodeObject);
  CHECK(fat.output == std::optional<std::string>("k64.fatbin"));
  CHECK(archIds(fat) == Args{"sm_90"});
  // Without -o, nvcc's names: <stem>.fatbin, <stem>.cubin.
  CHECK(parsed({"-fatbin", "dir/k.cu"}).output == std::optional<std::string>("k.fatbin"));
  CHECK(parsed({"--cubin", "-arch=sm_80", "k.cu"}).output == std::optional<std::string>("k.cubin"));
  CHECK_THAT(nvccError({"-fatbin=1", "k.cu"}), Catch::Contains("takes no value"));
}

TEST_CASE("nvcc: targets newer than clang's are built as sm_90, with a warning") {
  // CUDA 13 samples ask for 75 80 86 87 89 90 100 110 120.
  auto t = translateNvccCommandLine({"--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                                     "--generate-code=arch=compute_100,code=[compute_100,sm_100]",
                                     "--generate-code=arch=compute_120,code=[sm_120]", "k.cu"});
  Options o = parseCommandLine(t.args);
  CHECK(archIds(o) == Args{"sm_90"});
  CHECK(o.embedPtx);
  CHECK(hasRun(t.args, {"-D__CUDA_ARCH_LIST__=900"}));
  REQUIRE(t.warnings.size() == 3);  // compute_100, sm_100, sm_120: each named once
  CHECK_THAT(t.warnings[1], Catch::Contains("sm_100 is built as sm_90"));
  CHECK(translateNvccCommandLine({"-arch=sm_90a", "k.cu"}).warnings.empty());
  CHECK(archIds(parsed({"-arch=sm_100a", "k.cu"})) == Args{"sm_90"});
}

TEST_CASE("nvcc: UNIHIP_NVCC_ARCHS replaces the NVIDIA targets a build file fixes") {
  auto t = translateNvccCommandLine({"--generate-code=arch=compute_75,code=[compute_75,sm_75]",
                                     "--generate-code=arch=compute_80,code=[sm_80]",
                                     "--offload-arch=gfx90a", "k.cu"},
                                    unihipcc::readOptionsFile, "sm_90");
  CHECK(archIds(parseCommandLine(t.args)) == Args{"sm_90", "gfx90a"});
  CHECK(hasRun(t.args, {"-D__CUDA_ARCH_LIST__=900"}));
  REQUIRE(t.notes.size() == 1);
  CHECK_THAT(t.notes[0], Catch::Contains("sm_75,sm_80 replaced"));
  // Without NVIDIA targets on the command line, unihipcc's defaults stay.
  CHECK(translateNvccCommandLine({"k.cu"}, unihipcc::readOptionsFile, "sm_90").notes.empty());
  CHECK_THROWS_WITH(translateNvccCommandLine({"-arch=sm_80", "k.cu"}, unihipcc::readOptionsFile, "gfx90a"),
                    Catch::Contains("not sm_XX"));
}

TEST_CASE("nvcc: unknown options are errors naming them, unless forwarded") {
  CHECK_THAT(nvccError({"-fPIC", "k.cu"}), Catch::Contains("unknown option '-fPIC'"));
  CHECK_THAT(nvccError({"--bogus", "k.cu"}), Catch::Contains("unknown option '--bogus'"));
  CHECK_THAT(nvccError({"-Wall", "k.cu"}), Catch::Contains("unknown option '-Wall'"));
  CHECK_THAT(nvccError({"-c", "k.cu", "-o"}), Catch::Contains("missing argument to '-o'"));
  CHECK_THAT(nvccError({"-G=1", "k.cu"}), Catch::Contains("takes no value"));
  CHECK_THAT(nvccError({"-lib", "k.o"}), Catch::Contains("not supported"));
  CHECK_THAT(nvccError({"-ptx", "k.cu"}), Catch::Contains("not supported"));
  CHECK_THAT(nvccError({"-ltoir", "k.cu"}), Catch::Contains("not supported"));
  // CMake passes -forward-unknown-to-host-compiler first.
  CHECK(hasRun(mapped({"-forward-unknown-to-host-compiler", "-fPIC", "-Wall", "k.cu"}),
               {"-Xcompiler=-fPIC", "-Xcompiler=-Wall"}));
  CHECK(hasRun(mapped({"--forward-unknown-to-host-linker", "-rpath=x", "k.cu"}),
               {"-Xlinker", "-rpath=x"}));
}

TEST_CASE("nvcc: --dryrun, listings, options files and quoting") {
  CHECK(translateNvccCommandLine({"--dryrun", "k.cu"}).dryRun);
  CHECK_THAT(translateNvccCommandLine({"--list-gpu-code"}).listing, Catch::Contains("sm_90\n"));
  CHECK_THAT(translateNvccCommandLine({"--list-gpu-arch"}).listing, Catch::Contains("compute_80\n"));
  std::map<std::string, std::string> files = {{"includes.rsp", "-I\"dir with space\" -DX=1"},
                                              {"loop.rsp", "--options-file loop.rsp"}};
  auto reader = [&](const std::string& path) { return files.at(path); };
  Args got = translateNvccCommandLine({"--options-file", "includes.rsp", "k.cu"}, reader).args;
  CHECK(hasRun(got, {"-Idir with space", "-DX=1"}));
  CHECK_THROWS_WITH(translateNvccCommandLine({"--options-file", "loop.rsp", "k.cu"}, reader),
                    Catch::Contains("nested too deeply"));
  CHECK(unihipcc::splitNvccWords("a 'b c' \"d\\\"e\" f\\ g") == Args{"a", "b c", "d\"e", "f g"});
  CHECK(unihipcc::isNvccName("/opt/unihip/bin/unihip-nvcc"));
  CHECK(unihipcc::isNvccName("nvcc"));
  CHECK_FALSE(unihipcc::isNvccName("/opt/unihip/bin/unihipcc"));
  CHECK_FALSE(unihipcc::isNvccName("hipcc"));
}

TEST_CASE("unihipcc: -x cu marks CUDA sources; --cuda-compat and --device-link") {
  Options o = parseCommandLine({"--cuda-compat", "a.cu", "-x", "cu", "b.cpp", "-x", "none", "c.hip",
                                "-c"});
  CHECK(o.cudaCompat);
  CHECK(o.inputs[0].cudaLanguage);
  CHECK(o.inputs[1].cudaLanguage);
  CHECK_FALSE(o.inputs[2].cudaLanguage);
  // Without --cuda-compat nothing changes for hipcc users: .cu is HIP, as before.
  Options hip = parseCommandLine({"a.cu", "-c"});
  CHECK_FALSE(hip.cudaCompat);
  CHECK(hip.inputs[0].kind == unihipcc::InputKind::Hip);
  CHECK(parseCommandLine({"--device-link", "a.o", "-o", "d.o"}).mode == unihipcc::Mode::DeviceLink);
  CHECK_THROWS_WITH(parseCommandLine({"--device-link", "-c", "a.o"}),
                    Catch::Contains("cannot be combined with --device-link"));
  CHECK_THROWS_WITH(parseCommandLine({"-c", "--device-link", "a.o"}),
                    Catch::Contains("cannot be combined"));
}
