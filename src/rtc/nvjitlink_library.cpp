#include "rtc/nvjitlink_library.h"

#include <dlfcn.h>

#include <cstdlib>

namespace unihip::rtc {
namespace {

struct Loaded {
  NvJitLinkLibrary lib;
  bool ok = false;
  std::string why;
};

template <typename F>
bool bind(void* h, const std::string& base, const std::string& suffix, F& out) {
  out = reinterpret_cast<F>(dlsym(h, ("__" + base + suffix).c_str()));
  if (out == nullptr) out = reinterpret_cast<F>(dlsym(h, base.c_str()));
  return out != nullptr;
}

Loaded load() {
  Loaded r;
  struct Candidate { const char* file; const char* suffix; };
  const Candidate candidates[] = {
      {"libnvJitLink.so.13", "_13_0"}, {"/usr/local/cuda/lib64/libnvJitLink.so.13", "_13_0"},
      {"libnvJitLink.so.12", "_12_0"}, {"/usr/local/cuda/lib64/libnvJitLink.so.12", "_12_0"}};
  void* h = nullptr;
  std::string suffix;
  if (const char* env = std::getenv("UNIHIP_NVJITLINK_LIBRARY"); env != nullptr && *env) {
    h = dlopen(env, RTLD_NOW | RTLD_LOCAL);
    suffix = dlsym(h, "__nvJitLinkCreate_13_0") != nullptr ? "_13_0" : "_12_0";
  } else {
    for (const auto& c : candidates) {
      if ((h = dlopen(c.file, RTLD_NOW | RTLD_LOCAL)) != nullptr) {
        suffix = c.suffix;
        break;
      }
    }
  }
  if (h == nullptr) {
    r.why = "nvJitLink not found (libnvJitLink.so.13, .12)";
    return r;
  }
  NvJitLinkLibrary& l = r.lib;
  r.ok = bind(h, "nvJitLinkCreate", suffix, l.create) &&
         bind(h, "nvJitLinkDestroy", suffix, l.destroy) &&
         bind(h, "nvJitLinkAddData", suffix, l.addData) &&
         bind(h, "nvJitLinkComplete", suffix, l.complete) &&
         bind(h, "nvJitLinkGetLinkedCubinSize", suffix, l.getLinkedCubinSize) &&
         bind(h, "nvJitLinkGetLinkedCubin", suffix, l.getLinkedCubin) &&
         bind(h, "nvJitLinkGetErrorLogSize", suffix, l.getErrorLogSize) &&
         bind(h, "nvJitLinkGetErrorLog", suffix, l.getErrorLog);
  if (!r.ok) r.why = "nvJitLink lacks an entry point";
  return r;
}

}  // namespace

const NvJitLinkLibrary* nvJitLink(std::string* why) {
  static const Loaded loaded = load();
  if (!loaded.ok) {
    if (why != nullptr) *why = loaded.why;
    return nullptr;
  }
  return &loaded.lib;
}

}  // namespace unihip::rtc
