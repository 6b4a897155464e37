// clang engine: clang-19 as unihipcc runs it, with unihip's HIP headers. gfx* targets give an
// AMD code object (LLVM bitcode with -fgpu-rdc); sm_XX targets give PTX, and a cubin when
// ptxas is present. Name expressions are instantiated by a variable per expression (as AMD's
// hiprtc does) and matched against the output's kernel symbols.
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "rtc/embedded_headers.h"
#include "rtc/engine.h"
#include "rtc/symbol_names.h"
#include "rtc/tool_run.h"
#include "unihipcc/nvptx_prelude.h"
#include "unihipcc/ptx_peephole.h"

#ifndef UNIHIP_RTC_DEFAULT_CLANG
#define UNIHIP_RTC_DEFAULT_CLANG ""
#endif
#ifndef UNIHIP_RTC_ROCM_DEVICE_LIB_PATH
#define UNIHIP_RTC_ROCM_DEVICE_LIB_PATH ""
#endif
#ifndef UNIHIP_RTC_CUDA_PATH
#define UNIHIP_RTC_CUDA_PATH "/usr/local/cuda"
#endif

namespace fs = std::filesystem;

namespace unihip::rtc {
namespace {

// A private scratch folder, removed with its files.
struct Scratch {
  std::string path;
  Scratch() {
    std::string tmpl = (fs::temp_directory_path() / "unihip-rtc-XXXXXX").string();
    if (mkdtemp(tmpl.data()) != nullptr) path = tmpl;
  }
  ~Scratch() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

bool writeFile(const fs::path& p, const std::string& text) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream f(p, std::ios::binary);
  f << text;
  return static_cast<bool>(f);
}

bool readFile(const std::string& p, std::vector<char>& out) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return !out.empty();
}

std::string fileIdentity(const std::string& path) {
  std::error_code ec;
  fs::path real = fs::canonical(path, ec);
  auto size = fs::file_size(real, ec);
  auto time = fs::last_write_time(real, ec).time_since_epoch().count();
  return real.string() + ":" + std::to_string(size) + ":" + std::to_string(time);
}

}  // namespace

const std::string& nvptxPlugin() {
  static const std::string path = [] {
    std::error_code ec;
    if (const char* env = std::getenv("UNIHIP_NVPTX_MANAGED_PLUGIN"); env != nullptr)
      return fs::is_regular_file(env, ec) ? std::string(env) : std::string();
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&nvptxPlugin), &info) == 0 || info.dli_fname == nullptr)
      return std::string();
    fs::path plugin = fs::path(info.dli_fname).parent_path() / "libunihip-nvptx-managed.so";
    return fs::is_regular_file(plugin, ec) ? plugin.string() : std::string();
  }();
  return path;
}

std::string clangCompiler() {
  if (const char* env = std::getenv("UNIHIP_CLANG"); env != nullptr && *env != '\0')
    return findExecutable(env);
  std::string configured = findExecutable(UNIHIP_RTC_DEFAULT_CLANG);
  if (!configured.empty()) return configured;
  std::string found = findExecutable("clang++-19");
  return found;
}

std::string clangIdentity() {
  const std::string clang = clangCompiler();
  if (clang.empty()) return {};
  std::string plugin = nvptxPlugin().empty() ? "none" : fileIdentity(nvptxPlugin());
  return "clang " + fileIdentity(clang) + " headers " + embeddedHipHeadersDigest() + " " +
         UNIHIP_RTC_ROCM_DEVICE_LIB_PATH + " plugin " + plugin + " nvptx short-ptr unroll-250 sincos";
}

CompileOutput compileWithClang(const Program& p, const CompileOptions& o, const std::string& arch) {
  CompileOutput out;
  const std::string clang = clangCompiler();
  if (clang.empty()) {
    out.status = CompileOutput::CompileError;
    out.log = "hiprtc: no compiler for target " + arch +
              ": clang++ (19) not found (set UNIHIP_CLANG)\n";
    return out;
  }
  Scratch dir;
  if (dir.path.empty()) {
    out.status = CompileOutput::InternalError;
    out.log = "hiprtc: cannot create a temporary folder\n";
    return out;
  }
  const fs::path root(dir.path);
  const bool amd = arch.compare(0, 3, "gfx") == 0;
  // Headers given by name, under a folder of their own; names must stay inside it.
  for (const auto& [name, text] : p.headers) {
    fs::path rel = fs::path(name).lexically_normal();
    if (rel.is_absolute() || rel.empty() || *rel.begin() == "..") {
      out.status = CompileOutput::CompileError;
      out.log = "hiprtc: header name '" + name + "' leaves the include folder\n";
      return out;
    }
    writeFile(root / "inc" / rel, text);
  }
  // unihip's HIP headers, from the library itself (the same files unihipcc compiles with).
  for (const auto& [name, text] : embeddedHipHeaders()) writeFile(root / "sys" / name, text);
  std::string source = p.source;
  for (size_t i = 0; i < p.nameExpressions.size(); ++i)
    source += "\nextern \"C\" constexpr auto __unihip_rtc_name_" + std::to_string(i) + " = " +
              p.nameExpressions[i] + ";\n";
  std::string name = fs::path(p.name).filename().string();
  if (name.empty() || name.find('.') == std::string::npos) name += ".hip";
  const fs::path src = root / name;
  writeFile(src, source);

  std::vector<std::string> cmd = {clang};
  std::string output;
  if (amd) {
    output = (root / (o.rdc ? "out.bc" : "out.co")).string();
    cmd.insert(cmd.end(), {"-x", "hip", "--cuda-device-only", "--offload-arch=" + arch, "-nogpuinc",
                           "-mcode-object-version=5"});
    std::string libs = UNIHIP_RTC_ROCM_DEVICE_LIB_PATH;
    if (libs.empty()) cmd.push_back("-nogpulib");
    else cmd.insert(cmd.end(), {"--rocm-device-lib-path=" + libs, "--rocm-path=/usr"});
  } else {
    std::string gpu = arch.compare(0, 8, "compute_") == 0 ? "sm_" + arch.substr(8) : arch;
    output = (root / "out.ptx").string();
    cmd.insert(cmd.end(), {"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + gpu,
                           "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version", "-D__HIP__=1",
                           "-D__HIPCC__=1", "-fno-builtin-malloc", "-fno-builtin-free"});
    std::string libdevice = std::string(UNIHIP_RTC_CUDA_PATH) + "/nvvm/libdevice/libdevice.10.bc";
    if (access(libdevice.c_str(), R_OK) == 0)
      cmd.insert(cmd.end(), {"-Xclang", "-mlink-builtin-bitcode", "-Xclang", libdevice});
    if (!nvptxPlugin().empty())
      cmd.insert(cmd.end(), {"-fpass-plugin=" + nvptxPlugin(), "-DUNIHIP_NVPTX_PLUGIN=1", "-mllvm",
                             "-nvvm-reflect-enable=false"});
    // unihipcc's 32-bit shared/constant/local pointers, nvcc-like partial unrolling budget and
    // branch folding (src/unihipcc/pipeline.cpp).
    cmd.insert(cmd.end(), {"-fcuda-short-ptr", "-mllvm", "--nvptx-short-ptr"});
    if (o.optLevel >= 2)
      cmd.insert(cmd.end(), {"-mllvm", o.optLevel >= 3 ? "-unroll-partial-threshold=250"
                                                       : "-unroll-partial-threshold=150"});
    if (o.optLevel >= 1) cmd.insert(cmd.end(), {"-mllvm", "-bonus-inst-threshold=3"});
  }
  std::vector<std::string> flags = clangArguments(o);
  if (!amd) std::erase(flags, std::string("-fgpu-rdc"));  // PTX is the relocatable form here
  cmd.insert(cmd.end(), flags.begin(), flags.end());
  cmd.insert(cmd.end(), {"-D__HIPCC_RTC__=1", "-I" + (root / "inc").string(), "-isystem",
                         (root / "sys").string(), "-include", "hip/hip_runtime.h"});
  // What AMD's hiprtc pre-includes with hip_runtime.h (its hiprtc builtins header).
  for (const char* h : {"hip/hip_fp16.h", "hip/hip_bfloat16.h", "hip/hip_complex.h",
                        "hip/hip_math_constants.h", "hip/hip_cooperative_groups.h"})
    cmd.insert(cmd.end(), {"-include", h});
  if (!amd) {  // unihipcc's NVIDIA prelude (src/unihipcc/nvptx_prelude.h)
    const fs::path prelude = root / "unihip-nvptx-prelude.h";
    writeFile(prelude, unihipcc::nvptxPrelude());
    cmd.insert(cmd.end(), {"-include", prelude.string()});
  }
  if (amd && o.rdc) cmd.insert(cmd.end(), {"-fgpu-rdc", "-emit-llvm"});
  cmd.insert(cmd.end(), {amd ? "-c" : "-S", src.string(), "-o", output});
  if (amd) cmd.push_back("--no-gpu-bundle-output");
  if (runTool(cmd, out.log) != 0) {
    out.status = CompileOutput::CompileError;
    return out;
  }
  // unihipcc's rewrites of LLVM's PTX (src/unihipcc/ptx_peephole.h), before ptxas reads it.
  if (!amd && !unihipcc::rewritePtxFile(output)) {
    out.status = CompileOutput::InternalError;
    out.log += "hiprtc: cannot rewrite the compiler's PTX\n";
    return out;
  }
  std::vector<char> image;
  if (!readFile(output, image)) {
    out.status = CompileOutput::InternalError;
    out.log += "hiprtc: the compiler wrote no output\n";
    return out;
  }
  if (amd && o.rdc) {
    out.bitcode = std::move(image);
    return out;  // bitcode: lowered names come from the symbols after linking
  }
  if (!amd) {
    image.push_back('\0');  // PTX is loaded as a string
    if (o.rdc) {  // relocatable PTX: what hiprtcLink* (nvJitLink) takes
      out.bitcode = std::move(image);
      return out;
    }
    std::string ptxas = std::string(UNIHIP_RTC_CUDA_PATH) + "/bin/ptxas";
    bool real = arch.compare(0, 3, "sm_") == 0;
    if (real && access(ptxas.c_str(), X_OK) == 0) {
      std::string cubin = (root / "out.cubin").string();
      std::vector<std::string> as = {ptxas, "-arch=" + arch, output, "-o", cubin};
      if (o.optLevel == 0) as.insert(as.begin() + 1, "-O0");
      std::vector<char> bin;
      if (runTool(as, out.log) == 0 && readFile(cubin, bin)) {
        out.lowered = matchNameExpressions(p.nameExpressions, kernelSymbols(bin));
        out.code = std::move(bin);
        return out;
      }
    }
  }
  out.lowered = matchNameExpressions(p.nameExpressions, kernelSymbols(image));
  out.code = std::move(image);
  return out;
}

}  // namespace unihip::rtc
