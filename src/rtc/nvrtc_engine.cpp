// NVIDIA engine: the program compiles as CUDA under NVRTC, with unihip's HIP device header
// pre-included. sm_XX gives a cubin, compute_XX PTX; -fgpu-rdc gives LTO IR as the bitcode.
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "rtc/engine.h"
#include "rtc/nvrtc_library.h"

namespace unihip::rtc {
namespace {

std::string nvrtcLog(const NvrtcLibrary& l, nvrtcProgramHandle h) {
  size_t n = 0;
  if (l.getProgramLogSize(h, &n) != kNvrtcSuccess || n <= 1) return {};
  std::string log(n, '\0');
  if (l.getProgramLog(h, log.data()) != kNvrtcSuccess) return {};
  log.resize(n - 1);
  return log;
}

bool fetch(int (*sizeFn)(nvrtcProgramHandle, size_t*), int (*getFn)(nvrtcProgramHandle, char*),
           nvrtcProgramHandle h, std::vector<char>& out) {
  size_t n = 0;
  if (sizeFn == nullptr || sizeFn(h, &n) != kNvrtcSuccess || n == 0) return false;
  out.resize(n);
  return getFn(h, out.data()) == kNvrtcSuccess;
}

// The toolkit's include folders (cuda_fp16.h, cuComplex.h, cooperative_groups.h; CCCL's
// cuda/std in include/cccl from CUDA 13), found beside the NVRTC loaded, or CUDA_PATH.
std::vector<std::string> toolkitIncludes(const NvrtcLibrary& l) {
  namespace fs = std::filesystem;
  std::vector<fs::path> roots;
  for (const char* env : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* v = std::getenv(env); v != nullptr && *v) roots.emplace_back(v);
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(l.version), &info) != 0 && info.dli_fname != nullptr) {
    std::error_code ec;
    fs::path lib = fs::canonical(info.dli_fname, ec);
    if (!ec) roots.push_back(lib.parent_path().parent_path());  // <cuda>/lib64/libnvrtc.so
  }
  roots.emplace_back("/usr/local/cuda");
  for (const auto& root : roots) {
    std::error_code ec;
    if (!fs::exists(root / "include" / "cuda_fp16.h", ec)) continue;
    std::vector<std::string> dirs = {(root / "include").string()};
    if (fs::exists(root / "include" / "cccl", ec)) dirs.push_back((root / "include" / "cccl").string());
    return dirs;
  }
  return {};
}

}  // namespace

std::string nvrtcIdentity() {
  const NvrtcLibrary* l = nvrtc();
  if (l == nullptr) return {};
  int major = 0, minor = 0;
  l->version(&major, &minor);
  std::string id = "nvrtc " + std::to_string(major) + "." + std::to_string(minor) + " " + l->path;
  for (const auto& [name, text] : nvrtcBuiltinHeaders()) id += std::string("\n") + name + "\n" + text;
  return id;
}

CompileOutput compileWithNvrtc(const Program& p, const CompileOptions& o, const std::string& arch) {
  CompileOutput out;
  std::string why;
  const NvrtcLibrary* l = nvrtc(&why);
  if (l == nullptr) {
    out.status = CompileOutput::CompileError;
    out.log = "hiprtc: no compiler for target " + arch + ": " + why + "\n";
    return out;
  }
  // The application's headers first; the built-in ones unless the application gave its own.
  std::vector<const char*> names, contents;
  std::set<std::string> given;
  for (const auto& [name, text] : p.headers) {
    names.push_back(name.c_str());
    contents.push_back(text.c_str());
    given.insert(name);
  }
  for (const auto& [name, text] : nvrtcBuiltinHeaders()) {
    if (given.count(name) != 0) continue;
    names.push_back(name);
    contents.push_back(text);
  }
  nvrtcProgramHandle h = nullptr;
  int rc = l->createProgram(&h, p.source.c_str(), p.name.c_str(), static_cast<int>(names.size()),
                            contents.data(), names.data());
  if (rc != kNvrtcSuccess) {
    out.status = CompileOutput::InternalError;
    out.log = std::string("hiprtc: nvrtcCreateProgram: ") + l->getErrorString(rc) + "\n";
    return out;
  }
  for (const auto& e : p.nameExpressions) (void)l->addNameExpression(h, e.c_str());

  std::vector<std::string> args = nvrtcArguments(o, arch);
  args.insert(args.begin(), "--pre-include=hip/hip_runtime.h");
  args.insert(args.begin(), "-D__HIPCC_RTC__=1");
  static const std::vector<std::string> toolkit = toolkitIncludes(*l);
  for (const auto& dir : toolkit) args.push_back("--include-path=" + dir);  // after the user's
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  rc = l->compileProgram(h, static_cast<int>(argv.size()), argv.data());
  out.log = nvrtcLog(*l, h);
  if (rc != kNvrtcSuccess) {
    out.status = rc == kNvrtcCompilation      ? CompileOutput::CompileError
                 : rc == kNvrtcInvalidOption ? CompileOutput::InvalidOption
                                             : CompileOutput::InternalError;
    if (out.log.empty()) out.log = std::string("nvrtcCompileProgram: ") + l->getErrorString(rc) + "\n";
  } else if (o.rdc) {
    if (!fetch(l->getLTOIRSize, l->getLTOIR, h, out.bitcode)) {
      out.status = CompileOutput::InternalError;
      out.log += "hiprtc: NVRTC gave no LTO IR for -fgpu-rdc\n";
    }
  } else {
    bool real = arch.compare(0, 3, "sm_") == 0;
    if (!(real && fetch(l->getCUBINSize, l->getCUBIN, h, out.code)) &&
        !fetch(l->getPTXSize, l->getPTX, h, out.code)) {
      out.status = CompileOutput::InternalError;
      out.log += "hiprtc: NVRTC gave no code\n";
    }
  }
  if (out.status == CompileOutput::Ok) {
    for (const auto& e : p.nameExpressions) {
      const char* lowered = nullptr;
      if (l->getLoweredName(h, e.c_str(), &lowered) == kNvrtcSuccess && lowered != nullptr)
        out.lowered[e] = lowered;
    }
  }
  l->destroyProgram(&h);
  return out;
}

}  // namespace unihip::rtc
