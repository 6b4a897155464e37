#include "rtc/compile.h"

#include <cstdlib>
#include <cstring>
#include <optional>

#include "hip/hip_runtime_api.h"
#include "rtc/compile_cache.h"
#include "rtc/engine.h"
#include "rtc/nvrtc_library.h"

namespace unihip::rtc {
namespace {

bool isAmd(const std::string& arch) { return arch.compare(0, 3, "gfx") == 0; }

// NVIDIA targets: NVRTC when it loads (no clang on NVIDIA machines), else clang.
// UNIHIP_RTC_ENGINE=clang|nvrtc forces one.
bool useNvrtc(const std::string& arch) {
  if (isAmd(arch)) return false;
  const char* forced = std::getenv("UNIHIP_RTC_ENGINE");
  if (forced != nullptr && std::strcmp(forced, "clang") == 0) return false;
  if (forced != nullptr && std::strcmp(forced, "nvrtc") == 0) return true;
  return nvrtc() != nullptr || clangCompiler().empty();
}

}  // namespace

std::string currentDeviceArch() {
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return {};
  hipDeviceProp_t props;
  std::memset(&props, 0, sizeof props);
  if (hipGetDeviceProperties(&props, device) != hipSuccess) return {};
  props.gcnArchName[sizeof props.gcnArchName - 1] = '\0';
  std::string arch = props.gcnArchName;
  if (arch.empty() && props.major > 0)
    arch = "sm_" + std::to_string(props.major) + std::to_string(props.minor);
  return arch;
}

hiprtcResult compileProgram(Program& p, const std::vector<std::string>& options) {
  CompileOptions o;
  ParseResult parsed = parseCompileOptions(options, o);
  if (!parsed.ok) {
    p.log = "hiprtc: " + parsed.error + "\n";
    return HIPRTC_ERROR_INVALID_OPTION;
  }
  std::string arch = o.arch.empty() ? currentDeviceArch() : o.arch;
  p.compiled = true;
  p.succeeded = false;
  p.code.clear();
  p.bitcode.clear();
  p.lowered.clear();
  if (arch.empty()) {
    p.log = "hiprtc: no current device to compile for; pass --gpu-architecture / --offload-arch\n";
    return HIPRTC_ERROR_COMPILATION;
  }
  const bool nv = useNvrtc(arch);
  const std::string engine = nv ? nvrtcIdentity() : clangIdentity();
  std::string key;
  std::optional<CompileOutput> cached;
  if (!engine.empty() && cacheable(p, o)) {
    std::vector<std::string> args = nvrtcArguments(o, arch);
    for (auto& a : clangArguments(o)) args.push_back(std::move(a));
    key = cacheKey(engine, arch, args, p);
    cached = cacheLookup(key);
  }
  CompileOutput out = cached ? std::move(*cached)
                      : nv   ? compileWithNvrtc(p, o, arch)
                             : compileWithClang(p, o, arch);
  // A device newer than this NVRTC: PTX for the newest SM it knows, JIT-compiled by the driver.
  if (nv && !cached && out.status == CompileOutput::InvalidOption && o.arch.empty() &&
      arch.compare(0, 3, "sm_") == 0) {
    int newest = nvrtcNewestArchUpTo(std::atoi(arch.c_str() + 3));
    if (newest > 0 && "sm_" + std::to_string(newest) != arch) {
      arch = "compute_" + std::to_string(newest);
      std::vector<std::string> args = nvrtcArguments(o, arch);
      for (auto& a : clangArguments(o)) args.push_back(std::move(a));
      key = cacheKey(engine, arch, args, p);
      cached = cacheLookup(key);
      out = cached ? std::move(*cached) : compileWithNvrtc(p, o, arch);
    }
  }
  if (!cached && !key.empty()) cacheStore(key, out);
  p.log = std::move(out.log);
  switch (out.status) {
    case CompileOutput::Ok: break;
    case CompileOutput::CompileError: return HIPRTC_ERROR_COMPILATION;
    case CompileOutput::InvalidOption: return HIPRTC_ERROR_INVALID_OPTION;
    case CompileOutput::InternalError: return HIPRTC_ERROR_INTERNAL_ERROR;
  }
  p.code = std::move(out.code);
  p.bitcode = std::move(out.bitcode);
  p.lowered = std::move(out.lowered);
  p.succeeded = true;
  return HIPRTC_SUCCESS;
}

}  // namespace unihip::rtc
