// What a hipsolverHandle_t (and a hipsolverSpHandle_t) points at: the vendor's handle (cuSOLVER's,
// or on AMD rocBLAS's, which rocSOLVER takes), its device and the HIP stream it is bound to.
#pragma once

#include <hipsolver/hipsolver.h>

#include <cstdint>

#include "vendor.h"

namespace unihip::solver {

struct Handle {
  static constexpr uint64_t kLive = 0x68697073'6f6c7672ull;  // "hipsolvr"
  uint64_t magic = kLive;  // cleared on destroy, so a destroyed handle is refused
  bool sparse = false;     // a hipsolverSpHandle_t: native is a cusolverSpHandle_t
  Vendor vendor = Vendor::cuda;
  void* native = nullptr;  // cusolverDnHandle_t, or rocblas_handle
  bool callerWorkspace = false;  // AMD: rocBLAS's workspace is a caller's work (rocm.h)
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

// The live dense handle behind `h` if it is an AMD one (rocSOLVER's path), or nullptr.
inline Handle* rocHandle(void* h) {
  Handle* p = toHandle(h);
  return p != nullptr && p->vendor == Vendor::rocm ? p : nullptr;
}

}  // namespace unihip::solver
