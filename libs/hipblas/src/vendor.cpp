#include "vendor.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace unihip::blas {
namespace {

struct Loaded {
  void* so = nullptr;
  std::string why;
};

Loaded load(Vendor v) {
  const bool cuda = v == Vendor::cuda;
  std::vector<std::string> paths;
  if (const char* env = std::getenv(cuda ? "UNIHIP_CUBLAS_LIBRARY" : "UNIHIP_ROCBLAS_LIBRARY");
      env != nullptr && *env != '\0') {
    paths.push_back(env);
  } else if (cuda) {  // CUDA 13, then 12
    paths = {"libcublas.so.13", "libcublas.so.12", "/usr/local/cuda/lib64/libcublas.so.13",
             "/usr/local/cuda/lib64/libcublas.so.12", "libcublas.so"};
  } else {
    paths = {"librocblas.so.5", "librocblas.so.4", "/opt/rocm/lib/librocblas.so.5",
             "/opt/rocm/lib/librocblas.so.4", "librocblas.so"};
  }
  Loaded out;
  for (const std::string& p : paths) {
    out.so = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (out.so != nullptr) return out;
    const char* err = dlerror();
    out.why += (out.why.empty() ? "" : "; ") + (err != nullptr ? std::string(err) : p);
  }
  std::fprintf(stderr, "hipblas: %s unavailable: %s\n", cuda ? "cuBLAS" : "rocBLAS",
               out.why.c_str());
  return out;
}

}  // namespace

void* vendorLibrary(Vendor v, std::string* why) {
  static std::once_flag once[2];
  static Loaded loaded[2];
  const int i = static_cast<int>(v);
  std::call_once(once[i], [&] { loaded[i] = load(v); });
  if (why != nullptr) *why = loaded[i].why;
  return loaded[i].so;
}

void* vendorSymbol(Vendor v, const char* name) {
  void* so = vendorLibrary(v);
  return so == nullptr || name == nullptr ? nullptr : dlsym(so, name);
}

}  // namespace unihip::blas
