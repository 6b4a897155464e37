// What a hipblasHandle_t points at: the vendor's handle, which backend owns it, and the HIP
// stream it is bound to.
#pragma once

#include <hipblas/hipblas.h>

#include <cstdint>

#include "vendor.h"

namespace unihip::blas {

struct Handle {
  static constexpr uint64_t kLive = 0x68697062'6c61736bull;  // "hipblask"
  uint64_t magic = kLive;  // cleared on destroy, so a destroyed handle is refused
  Vendor vendor;
  void* native = nullptr;  // cublasHandle_t / rocblas_handle
  hipStream_t stream = nullptr;
  int device = 0;
};

// The live handle behind `h`, or nullptr (NULL or destroyed). Thread safety: a handle used by
// one thread while another destroys it is the caller's race, as in cuBLAS.
inline Handle* toHandle(hipblasHandle_t h) {
  auto* p = static_cast<Handle*>(h);
  return p != nullptr && p->magic == Handle::kLive ? p : nullptr;
}

}  // namespace unihip::blas
