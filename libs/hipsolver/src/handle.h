// What a hipsolverHandle_t (and a hipsolverSpHandle_t) points at: the cuSOLVER handle, its
// device and the HIP stream it is bound to.
#pragma once

#include <hipsolver/hipsolver.h>

#include <cstdint>

namespace unihip::solver {

struct Handle {
  static constexpr uint64_t kLive = 0x68697073'6f6c7672ull;  // "hipsolvr"
  uint64_t magic = kLive;  // cleared on destroy, so a destroyed handle is refused
  bool sparse = false;     // a hipsolverSpHandle_t: native is a cusolverSpHandle_t
  void* native = nullptr;  // cusolverDnHandle_t
  hipStream_t stream = nullptr;
  int device = 0;
};

// The live handle behind `h` of the dense (or sparse) API, or nullptr (NULL, destroyed, or the
// other API's). A handle used by one thread while another destroys it is the caller's race, as in
// cuSOLVER.
inline Handle* toHandle(void* h, bool sparse = false) {
  auto* p = static_cast<Handle*>(h);
  return p != nullptr && p->magic == Handle::kLive && p->sparse == sparse ? p : nullptr;
}

}  // namespace unihip::solver
