#include "hsa_loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>

namespace unihip::hsa {

namespace {
constexpr bool REQUIRED = true;
constexpr bool OPTIONAL = false;
}  // namespace

std::vector<std::string> hsaLibraryCandidates() {
  std::vector<std::string> paths;
  if (const char* env = std::getenv("UNIHIP_HSA_LIBRARY"); env != nullptr && *env != '\0')
    paths.emplace_back(env);
  paths.emplace_back("libhsa-runtime64.so.1");
  paths.emplace_back("libhsa-runtime64.so");
  return paths;
}

// Resolves every symbol from `handle`; false with the first missing REQUIRED one named.
static bool resolveAll(void* handle, const std::string& path, HsaApi* api, std::string* reason) {
#define UNIHIP_HSA_SYMBOL(kind, name)                                                   \
  api->name = reinterpret_cast<decltype(api->name)>(dlsym(handle, #name));              \
  if (api->name == nullptr && kind) {                                                   \
    *reason += path + ": missing required symbol " #name "; ";                          \
    return false;                                                                       \
  }
#include "hsa_symbols.h"
#undef UNIHIP_HSA_SYMBOL
  return true;
}

bool loadHsaApi(HsaApi* api, std::string* reason) {
  // ROCr cannot start without the kernel driver's /dev/kfd. Loading it and failing in hsa_init
  // costs ~11 ms of start-up on an NVIDIA machine that has ROCm's libraries installed.
  const char* chosen = std::getenv("UNIHIP_HSA_LIBRARY");
  if ((chosen == nullptr || *chosen == '\0') && access("/dev/kfd", F_OK) != 0) {
    if (reason) *reason = "no AMD GPU driver (/dev/kfd absent); ROCr not loaded";
    return false;
  }
  return loadHsaApiFrom(hsaLibraryCandidates(), api, reason);
}

bool loadHsaApiFrom(const std::vector<std::string>& candidates, HsaApi* api, std::string* reason) {
  std::string tried;
  for (const std::string& path : candidates) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* err = dlerror();
      tried += path + " (" + (err ? err : "dlopen failed") + "); ";
      continue;
    }
    HsaApi table;
    if (!resolveAll(handle, path, &table, &tried)) {
      dlclose(handle);
      continue;
    }
    table.library = handle;
    table.libraryPath = path;
    *api = std::move(table);
    return true;
  }
  if (reason) *reason = "no usable ROCr library; tried: " + tried;
  return false;
}

void unloadHsaApi(HsaApi* api) {
  if (api->library != nullptr) dlclose(api->library);
  *api = HsaApi{};
}

}  // namespace unihip::hsa
