// The regular-API functions whose signature is not cuSOLVER's (flag impl= in functions.tsv),
// written by hand on the same handle, enum and status path as the generated ones (forward.h).
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "forward.h"

namespace unihip::solver {

// The handle and every enum checked, as the generated forwarders do.
template <class... A>
hipsolverStatus_t validate(hipsolverHandle_t handle, A... args) {
  if (toHandle(handle) == nullptr) return kBadHandle;
  hipsolverStatus_t s = HIPSOLVER_STATUS_SUCCESS;
  ((s = s == HIPSOLVER_STATUS_SUCCESS ? check(args) : s), ...);
  return s;
}

template <class T>
int* lastIntPointer(T v, int* current) {
  if constexpr (std::is_same_v<T, int*>) {
    return v;
  } else {
    (void)v;
    return current;
  }
}

// A _bufferSize whose solver needs no workspace in cuSOLVER (getrs, potrs, potrsBatched,
// potrfBatched): *lwork = 0 after the checks, without loading cuSOLVER.
template <class... A>
hipsolverStatus_t noWorkspace(Entry&, hipsolverHandle_t handle, A... args) {
  const hipsolverStatus_t s = validate(handle, args...);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  int* lwork = nullptr;  // the last int* argument (getrs' pivots come before it)
  ((lwork = lastIntPointer(args, lwork)), ...);
  if (lwork == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  *lwork = 0;
  return HIPSOLVER_STATUS_SUCCESS;
}

namespace detail {
// cuSOLVER's IRS _bufferSize: hipSOLVER's arguments with a NULL device workspace before the size.
template <class Tuple, size_t... I>
hipsolverStatus_t irsSize(Entry& e, void* native, Tuple t, std::index_sequence<I...>) {
  return call(e, native, std::get<I>(t)..., static_cast<void*>(nullptr),
              std::get<sizeof...(I)>(t));
}
}  // namespace detail

// hipsolverXXgels_bufferSize / XXgesv_bufferSize -> cusolverDnXXgels_bufferSize /
// XXgesv_bufferSize, whose dWorkspace argument (unused for the query) hipSOLVER does not take.
template <class... A>
hipsolverStatus_t irsBufferSize(Entry& e, hipsolverHandle_t handle, A... args) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  return detail::irsSize(e, h->native, std::tuple<A...>(args...),
                         std::make_index_sequence<sizeof...(A) - 1>());
}

template <class T> constexpr const char* kGetrfSize = "cusolverDnSgetrf_bufferSize";
template <> constexpr const char* kGetrfSize<double> = "cusolverDnDgetrf_bufferSize";
template <> constexpr const char* kGetrfSize<hipComplex> = "cusolverDnCgetrf_bufferSize";
template <> constexpr const char* kGetrfSize<hipDoubleComplex> = "cusolverDnZgetrf_bufferSize";

// hipsolverXgetrf: AMD's regular API lets work be NULL (the library finds the workspace); cuSOLVER
// needs one, so it is then taken on the handle's stream for the call and given back after it, in
// stream order. lwork is not cuSOLVER's (it trusts the buffer's size).
template <class T>
hipsolverStatus_t getrf(Entry& e, hipsolverHandle_t handle, int m, int n, T* A, int lda, T* work,
                        int lwork, int* ipiv, int* info) {
  (void)lwork;
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  if (work != nullptr) return call(e, h->native, m, n, A, lda, work, ipiv, info);
  static Entry size{kGetrfSize<T>};
  int need = 0;
  hipsolverStatus_t s = call(size, h->native, m, n, A, lda, &need);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  void* buffer = nullptr;
  if (need > 0 && hipMallocAsync(&buffer, static_cast<size_t>(need) * sizeof(T), h->stream) != hipSuccess)
    return HIPSOLVER_STATUS_ALLOC_FAILED;
  s = call(e, h->native, m, n, A, lda, static_cast<T*>(buffer), ipiv, info);
  if (buffer != nullptr) (void)hipFreeAsync(buffer, h->stream);
  return s;
}

}  // namespace unihip::solver
