#include "rtc/nvrtc_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <vector>

namespace unihip::rtc {
namespace {

struct Loaded {
  NvrtcLibrary lib;
  bool ok = false;
  std::string why;
};

template <typename F>
bool bind(void* handle, const char* name, F& out) {
  out = reinterpret_cast<F>(dlsym(handle, name));
  return out != nullptr;
}

Loaded load() {
  Loaded r;
  const char* overridePath = std::getenv("UNIHIP_NVRTC_LIBRARY");
  const char* candidates[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so",
                              "/usr/local/cuda/lib64/libnvrtc.so.13",
                              "/usr/local/cuda/lib64/libnvrtc.so.12",
                              "/usr/local/cuda/lib64/libnvrtc.so"};
  void* handle = nullptr;
  if (overridePath != nullptr && *overridePath != '\0') {
    handle = dlopen(overridePath, RTLD_NOW | RTLD_LOCAL);
    r.lib.path = overridePath;
  } else {
    for (const char* c : candidates) {
      handle = dlopen(c, RTLD_NOW | RTLD_LOCAL);
      if (handle != nullptr) {
        r.lib.path = c;
        break;
      }
    }
  }
  if (handle == nullptr) {
    r.why = overridePath != nullptr && *overridePath != '\0'
                ? "cannot load UNIHIP_NVRTC_LIBRARY=" + std::string(overridePath)
                : "NVRTC not found (libnvrtc.so.13, libnvrtc.so.12, libnvrtc.so)";
    return r;
  }
  NvrtcLibrary& l = r.lib;
  bool required = bind(handle, "nvrtcVersion", l.version) &&
                  bind(handle, "nvrtcCreateProgram", l.createProgram) &&
                  bind(handle, "nvrtcDestroyProgram", l.destroyProgram) &&
                  bind(handle, "nvrtcCompileProgram", l.compileProgram) &&
                  bind(handle, "nvrtcGetPTXSize", l.getPTXSize) &&
                  bind(handle, "nvrtcGetPTX", l.getPTX) &&
                  bind(handle, "nvrtcGetProgramLogSize", l.getProgramLogSize) &&
                  bind(handle, "nvrtcGetProgramLog", l.getProgramLog) &&
                  bind(handle, "nvrtcAddNameExpression", l.addNameExpression) &&
                  bind(handle, "nvrtcGetLoweredName", l.getLoweredName) &&
                  bind(handle, "nvrtcGetErrorString", l.getErrorString);
  if (!required) {
    r.why = r.lib.path + " lacks an NVRTC entry point";
    dlclose(handle);
    return r;
  }
  if (!bind(handle, "nvrtcGetCUBINSize", l.getCUBINSize) || !bind(handle, "nvrtcGetCUBIN", l.getCUBIN))
    l.getCUBINSize = nullptr;
  if (!bind(handle, "nvrtcGetLTOIRSize", l.getLTOIRSize) || !bind(handle, "nvrtcGetLTOIR", l.getLTOIR))
    l.getLTOIRSize = nullptr;
  if (!bind(handle, "nvrtcGetNumSupportedArchs", l.getNumSupportedArchs) ||
      !bind(handle, "nvrtcGetSupportedArchs", l.getSupportedArchs))
    l.getNumSupportedArchs = nullptr;
  r.ok = true;  // the handle stays open for the process
  return r;
}

}  // namespace

const NvrtcLibrary* nvrtc(std::string* why) {
  static const Loaded loaded = load();
  if (!loaded.ok) {
    if (why != nullptr) *why = loaded.why;
    return nullptr;
  }
  return &loaded.lib;
}

int nvrtcNewestArchUpTo(int sm) {
  const NvrtcLibrary* l = nvrtc();
  int n = 0;
  if (l == nullptr || l->getNumSupportedArchs == nullptr || l->getNumSupportedArchs(&n) != 0 ||
      n <= 0 || n > 1024)
    return -1;
  std::vector<int> archs(static_cast<size_t>(n));
  if (l->getSupportedArchs(archs.data()) != 0) return -1;
  int best = -1;
  for (int a : archs)
    if (a <= sm && a > best) best = a;
  return best;
}

}  // namespace unihip::rtc
