// The one path every generated hipSOLVER function takes: handle check (for functions with a
// handle), enum checks, the cuSOLVER entry point (resolved once per function), arguments mapped
// by enum_map.h, cuSOLVER's status mapped back. No lock and no allocation once resolved.
#pragma once

#include <atomic>
#include <cstdint>

#include "enum_map.h"
#include "handle.h"
#include "status_map.h"

namespace unihip::solver {

// One per vendor function a hipSOLVER function calls: its name from functions.tsv (nullptr:
// none), the library it is in, and the resolved entry point. Relaxed ordering: two threads
// resolving at once store the same answer.
struct Entry {
  const char* name;
  Lib lib = Lib::cusolver;
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

inline hipsolverStatus_t missing(uintptr_t r) {
  return r == kNoLibrary ? HIPSOLVER_STATUS_NOT_INITIALIZED : HIPSOLVER_STATUS_NOT_SUPPORTED;
}

// AMD's hipSOLVER answers a NULL handle with NOT_INITIALIZED (on both of its backends).
inline constexpr hipsolverStatus_t kBadHandle = HIPSOLVER_STATUS_NOT_INITIALIZED;

// Checks every argument, then calls cuSOLVER with the mapped ones.
template <class... A>
hipsolverStatus_t call(Entry& e, A... args) {
  hipsolverStatus_t s = HIPSOLVER_STATUS_SUCCESS;
  ((s = s == HIPSOLVER_STATUS_SUCCESS ? check(args) : s), ...);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  const uintptr_t fn = resolve(e);
  if (fn <= kNoSymbol) return missing(fn);
  using F = int (*)(decltype(toCuda(args))...);
  return fromCusolver(reinterpret_cast<F>(fn)(toCuda(args)...));
}

// A function taking a handle: cuSOLVER gets the handle's native one.
template <class... A>
hipsolverStatus_t forward(Entry& e, hipsolverHandle_t handle, A... args) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  return call(e, h->native, args...);
}

// The sparse API's functions: cuSOLVER gets the cusolverSpHandle_t.
template <class... A>
hipsolverStatus_t forwardSp(Entry& e, hipsolverSpHandle_t handle, A... args) {
  Handle* h = toHandle(handle, true);
  if (h == nullptr) return kBadHandle;
  return call(e, h->native, args...);
}

}  // namespace unihip::solver
