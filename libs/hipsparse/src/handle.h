// What a hipsparseHandle_t points at: the vendor's handle, which vendor, its device and the HIP
// stream it is bound to.
#pragma once

#include <hipsparse/hipsparse.h>

#include <cstdint>

#include "vendor.h"

namespace unihip::sparse {

struct Handle {
  static constexpr uint64_t kLive = 0x68697073'70617273ull;  // "hipspars"
  uint64_t magic = kLive;  // cleared on destroy, so a destroyed handle is refused
  Vendor vendor = Vendor::cuda;
  void* native = nullptr;  // cusparseHandle_t / rocsparse_handle
  hipStream_t stream = nullptr;
  int device = 0;
};

// The live handle behind `h`, or nullptr (NULL or destroyed). A handle used by one thread while
// another destroys it is the caller's race, as in cuSPARSE and rocSPARSE.
inline Handle* toHandle(hipsparseHandle_t h) {
  auto* p = static_cast<Handle*>(h);
  return p != nullptr && p->magic == Handle::kLive ? p : nullptr;
}

}  // namespace unihip::sparse
