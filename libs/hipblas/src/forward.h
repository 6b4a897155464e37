// The one forwarding path every generated hipBLAS function takes: handle check, enum check,
// the vendor's entry point (resolved once per function and backend), arguments mapped by
// enum_map.h, the vendor's status mapped back.
#pragma once

#include <atomic>
#include <cstdint>

#include "enum_map.h"
#include "handle.h"
#include "status_map.h"
#include "vendor.h"

namespace unihip::blas {

// One per hipBLAS function: the vendor names from functions.tsv (nullptr: none) and the
// resolved entry points. Memory ordering: relaxed; two threads resolving at once both store the
// same dlsym answer.
struct Entry {
  const char* names[2];  // indexed by Vendor
  std::atomic<uintptr_t> resolved[2] = {};  // 0: not looked up; 1: missing; else the function
};

void* resolve(Entry& e, Vendor v);

template <class... A>
hipblasStatus_t forward(Entry& e, hipblasHandle_t handle, A... args) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (!(valid(args) && ...)) return HIPBLAS_STATUS_INVALID_ENUM;
  void* fn = resolve(e, h->vendor);
  if (fn == nullptr) return HIPBLAS_STATUS_NOT_SUPPORTED;
  if (h->vendor == Vendor::cuda) {
    using F = int (*)(void*, decltype(toCuda(args))...);
    return fromCublas(reinterpret_cast<F>(fn)(h->native, toCuda(args)...));
  }
  using F = int (*)(void*, decltype(toRoc(args))...);
  return fromRocblas(reinterpret_cast<F>(fn)(h->native, toRoc(args)...));
}

}  // namespace unihip::blas
