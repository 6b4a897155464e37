// A vendor library a HIP library forwards to (cuBLAS, cuSPARSE, cuSOLVER, rocBLAS, rocSOLVER),
// opened at run time: once, on first use, by any thread. The environment variable, when set, is
// the only path tried (tests point it at a fake or a missing file); otherwise the sonames in
// order. When none opens, one log line names every path tried, and `why` says the same.
#pragma once

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <mutex>
#include <string>
#include <vector>

namespace unihip::libs {

class VendorLibrary {
 public:
  VendorLibrary(const char* library, const char* vendor, const char* env,
                std::initializer_list<const char*> paths)
      : library_(library), vendor_(vendor), env_(env), paths_(paths) {}

  // dlopen's handle, or nullptr.
  void* open(std::string* why = nullptr) {
    std::call_once(once_, [this] { load(); });
    if (why != nullptr) *why = why_;
    return so_;
  }

 private:
  void load() {
    std::vector<std::string> paths;
    if (const char* env = std::getenv(env_); env != nullptr && *env != '\0') {
      paths.push_back(env);
    } else {
      paths.assign(paths_.begin(), paths_.end());
    }
    for (const std::string& p : paths) {
      so_ = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (so_ != nullptr) return;
      const char* err = dlerror();
      why_ += (why_.empty() ? "" : "; ") + (err != nullptr ? std::string(err) : p);
    }
    std::fprintf(stderr, "%s: %s unavailable: %s\n", library_, vendor_, why_.c_str());
  }

  const char* library_;
  const char* vendor_;
  const char* env_;
  std::vector<const char*> paths_;
  std::once_flag once_;
  void* so_ = nullptr;
  std::string why_;
};

}  // namespace unihip::libs
