#include "cufft_library.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace unihip::hipfft {
namespace {

void* openCufft(std::string* tried) {
  std::vector<std::string> names;
  if (const char* env = std::getenv("UNIHIP_CUFFT_LIBRARY"); env != nullptr && *env != '\0') {
    names.push_back(env);
  } else {
    names = {"libcufft.so.12", "libcufft.so.11", "/usr/local/cuda/lib64/libcufft.so.12",
             "/usr/local/cuda/lib64/libcufft.so.11"};
  }
  for (const std::string& name : names) {
    if (void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
    *tried += (tried->empty() ? "" : ", ") + name;
  }
  return nullptr;
}

template <class Fn>
void resolve(void* lib, const char* name, Fn* slot) {
  *slot = reinterpret_cast<Fn>(dlsym(lib, name));
}

const CufftLibrary* load() {
  std::string tried;
  void* lib = openCufft(&tried);
  if (lib == nullptr) {
    std::fprintf(stderr, "unihip hipfft: cuFFT unavailable (tried %s)\n", tried.c_str());
    return nullptr;
  }
  auto* table = new CufftLibrary;
#define HIPFFT_ROW(hip, vendor, check, params, args) resolve(lib, #vendor, &table->vendor);
#include "cufft_table.def"
#undef HIPFFT_ROW
  resolve(lib, "cufftDestroy", &table->cufftDestroy);
  if (table->cufftCreate == nullptr || table->cufftDestroy == nullptr) {
    std::fprintf(stderr, "unihip hipfft: cuFFT unavailable (cufftCreate/cufftDestroy missing)\n");
    delete table;
    dlclose(lib);
    return nullptr;
  }
  return table;  // kept for the process: plans may outlive any caller
}

}  // namespace

const CufftLibrary* cufftLibrary() {
  static const CufftLibrary* library = load();
  return library;
}

Backend backendNamed(const char* backendName) {
  if (backendName != nullptr && std::strcmp(backendName, "cuda") == 0) return Backend::cuda;
  if (backendName != nullptr && std::strcmp(backendName, "hsa") == 0) return Backend::rocm;
  return Backend::none;
}

Backend currentBackend(int* device) {
  *device = 0;
  return backendNamed(hipGetDevice(device) == hipSuccess ? unihipGetDeviceBackendName(*device)
                                                         : nullptr);
}

hipfftResult bindDevice(int device) {
  if (backendNamed(unihipGetDeviceBackendName(device)) != Backend::cuda) return HIPFFT_SUCCESS;
  return unihipDeviceBindNativeContext(device) == hipSuccess ? HIPFFT_SUCCESS
                                                             : HIPFFT_INVALID_DEVICE;
}

}  // namespace unihip::hipfft
