// The one path every generated hipSPARSE function takes: handle check (for functions with a
// handle), enum checks, the vendor's entry point (resolved once per function and vendor),
// arguments mapped by enum_map.h (cuSPARSE) or roc_map.h (rocSPARSE), the vendor's status mapped
// back. No lock and no allocation once resolved.
#pragma once

#include <atomic>
#include <cstdint>

#include "enum_map.h"
#include "handle.h"
#include "roc_map.h"
#include "status_map.h"

namespace unihip::sparse {

// One per hipSPARSE function and vendor: the vendor's name from functions.tsv (nullptr: none) and
// the resolved entry point. Relaxed ordering: two threads resolving at once store the same answer.
struct Entry {
  const char* name;
  Vendor vendor = Vendor::cuda;
  std::atomic<uintptr_t> resolved{0};
};

// resolved's values below any function's address.
inline constexpr uintptr_t kUnresolved = 0;
inline constexpr uintptr_t kNoLibrary = 1;  // the library could not be loaded: NOT_INITIALIZED
inline constexpr uintptr_t kNoSymbol = 2;   // no such function in it: NOT_SUPPORTED

uintptr_t resolveSlow(Entry& e);

inline uintptr_t resolve(Entry& e) {
  const uintptr_t r = e.resolved.load(std::memory_order_relaxed);
  return r != kUnresolved ? r : resolveSlow(e);
}

inline hipsparseStatus_t missing(uintptr_t r) {
  return r == kNoLibrary ? HIPSPARSE_STATUS_NOT_INITIALIZED : HIPSPARSE_STATUS_NOT_SUPPORTED;
}

// Checks every argument, then calls cuSPARSE with the mapped ones.
template <class... A>
hipsparseStatus_t call(Entry& e, A... args) {
  hipsparseStatus_t s = HIPSPARSE_STATUS_SUCCESS;
  ((s = s == HIPSPARSE_STATUS_SUCCESS ? check(args) : s), ...);
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  const uintptr_t fn = resolve(e);
  if (fn <= kNoSymbol) return missing(fn);
  using F = int (*)(decltype(toCuda(args))...);
  return fromCusparse(reinterpret_cast<F>(fn)(toCuda(args)...));
}

// A function taking a handle: cuSPARSE gets the handle's native one.
template <class... A>
hipsparseStatus_t forward(Entry& e, hipsparseHandle_t handle, A... args) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  return call(e, h->native, args...);
}

// Which vendor a generated function goes to: its handle's, or for a function without one (the
// descriptors) the current device's.
inline bool onRocm(hipsparseHandle_t handle) {
  const Handle* h = toHandle(handle);
  return h != nullptr && h->vendor == Vendor::rocm;
}
inline bool onRocm() { return currentVendor() == Vendor::rocm; }

template <class... C>
hipsparseStatus_t invokeRoc(uintptr_t fn, C&&... conv) {
  using F = int (*)(decltype(conv.arg())...);
  hipsparseStatus_t s = fromRocsparse(reinterpret_cast<F>(fn)(conv.arg()...));
  ((s = s == HIPSPARSE_STATUS_SUCCESS ? conv.finish() : s), ...);  // results renumbered back
  return s;
}

// Checks every argument against roc_map.h's tables, then calls rocSPARSE with the mapped ones.
template <class... A>
hipsparseStatus_t callRoc(Entry& e, A... args) {
  hipsparseStatus_t s = HIPSPARSE_STATUS_SUCCESS;
  ((s = s == HIPSPARSE_STATUS_SUCCESS ? rocCheck(args) : s), ...);
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  const uintptr_t fn = resolve(e);
  if (fn <= kNoSymbol) return missing(fn);
  return invokeRoc(fn, RocArg<A>(args)...);
}

// rocSPARSE runs on unihip as its HIP runtime: its handle is the rocsparse_handle itself.
template <class... A>
hipsparseStatus_t forwardRoc(Entry& e, hipsparseHandle_t handle, A... args) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  return callRoc(e, h->native, args...);
}

}  // namespace unihip::sparse

namespace unihip::sparse {

// A size_t* result that cuSPARSE's function writes as an int* (flag widen= in functions.tsv).
class IntResult {
 public:
  explicit IntResult(size_t* out) : out_(out) {}
  int* arg() { return out_ != nullptr ? &value_ : nullptr; }  // NULL stays NULL: cuSPARSE refuses it
  hipsparseStatus_t finish(hipsparseStatus_t s) {
    if (s == HIPSPARSE_STATUS_SUCCESS && out_ != nullptr) *out_ = static_cast<size_t>(value_);
    return s;
  }

 private:
  size_t* out_;
  int value_ = 0;
};

// An int* result that rocSPARSE's function writes as a size_t* (flag rocnarrow= in
// functions.tsv).
class SizeResult {
 public:
  explicit SizeResult(int* out) : out_(out) {}
  size_t* arg() { return out_ != nullptr ? &value_ : nullptr; }  // NULL stays NULL: rocSPARSE refuses it
  hipsparseStatus_t finish(hipsparseStatus_t s) {
    if (s == HIPSPARSE_STATUS_SUCCESS && out_ != nullptr) *out_ = static_cast<int>(value_);
    return s;
  }

 private:
  int* out_;
  size_t value_ = 0;
};

}  // namespace unihip::sparse
