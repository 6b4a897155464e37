#include "vendor.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace unihip::solver {
namespace {

struct Loaded {
  void* so = nullptr;
  std::string why;
};

Loaded load() {
  std::vector<std::string> paths;
  if (const char* env = std::getenv("UNIHIP_CUSOLVER_LIBRARY"); env != nullptr && *env != '\0') {
    paths.push_back(env);
  } else {  // cuSOLVER 12 is the soname of CUDA 12 and CUDA 13 alike
    paths = {"libcusolver.so.12", "/usr/local/cuda/lib64/libcusolver.so.12", "libcusolver.so"};
  }
  Loaded out;
  for (const std::string& p : paths) {
    out.so = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (out.so != nullptr) return out;
    const char* err = dlerror();
    out.why += (out.why.empty() ? "" : "; ") + (err != nullptr ? std::string(err) : p);
  }
  std::fprintf(stderr, "hipsolver: cuSOLVER unavailable: %s\n", out.why.c_str());
  return out;
}

}  // namespace

void* cusolverLibrary(std::string* why) {
  static std::once_flag once;
  static Loaded loaded;
  std::call_once(once, [] { loaded = load(); });
  if (why != nullptr) *why = loaded.why;
  return loaded.so;
}

}  // namespace unihip::solver
