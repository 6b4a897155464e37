#include "rocfft_library.h"

#include <dlfcn.h>

#include <cstdio>

#include "vendor_library.h"

namespace unihip::hipfft {
namespace {

const RocfftLibrary* load() {
  static libs::VendorLibrary library{
      "unihip hipfft", "rocFFT", "UNIHIP_ROCFFT_LIBRARY",
      {"librocfft.so.0", "/opt/rocm/lib/librocfft.so.0", "librocfft.so"}};
  void* so = library.open();
  if (so == nullptr) return nullptr;
  auto* table = new RocfftLibrary;
#define HIPFFT_ROCFFT_RESOLVE(name, params)                                                \
  table->name = reinterpret_cast<decltype(table->name)>(dlsym(so, #name));               \
  if (table->name == nullptr) {                                                          \
    std::fprintf(stderr, "unihip hipfft: rocFFT unavailable (" #name " missing)\n");     \
    delete table;                                                                        \
    return nullptr;                                                                      \
  }
  HIPFFT_ROCFFT_FUNCTIONS(HIPFFT_ROCFFT_RESOLVE)
#undef HIPFFT_ROCFFT_RESOLVE
  // AMD's hipFFT sets rocFFT up before its first plan.
  if (table->rocfft_setup() != rocfft::kSuccess) {
    std::fprintf(stderr, "unihip hipfft: rocFFT unavailable (rocfft_setup failed)\n");
    delete table;
    return nullptr;
  }
  return table;  // kept for the process: plans may outlive any caller
}

}  // namespace

const RocfftLibrary* rocfftLibrary() {
  static const RocfftLibrary* library = load();
  return library;
}

}  // namespace unihip::hipfft
