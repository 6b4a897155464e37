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

template <class T> constexpr size_t kElementBytes = sizeof(T);
template <> constexpr size_t kElementBytes<void> = 1;  // gels and gesv count their work in bytes

// AMD's regular API lets work be NULL (or lwork 0): the library finds the workspace. cuSOLVER
// needs one, so the size the function's own _bufferSize answers is taken on the handle's stream
// for the call and given back after it, in stream order (the generated forwarders of every
// regular-API function with work and lwork call this; functions.tsv needs no flag).
// `checked` is validate()'s answer for the call's own arguments, so that they are refused in the
// order the plain forwarders refuse them, before the size query.
template <class T, class L, class Size, class Run>
hipsolverStatus_t withWorkspace(hipsolverStatus_t checked, hipsolverHandle_t handle, Size size, Run run) {
  if (checked != HIPSOLVER_STATUS_SUCCESS) return checked;
  Handle* h = toHandle(handle);
  L need = 0;
  hipsolverStatus_t s = size(&need);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  void* buffer = nullptr;
  const size_t bytes = static_cast<size_t>(need) * kElementBytes<T>;
  if (bytes > 0 && hipMallocAsync(&buffer, bytes, h->stream) != hipSuccess)
    return HIPSOLVER_STATUS_ALLOC_FAILED;
  s = run(static_cast<T*>(buffer), need);
  if (buffer != nullptr) (void)hipFreeAsync(buffer, h->stream);
  return s;
}

}  // namespace unihip::solver
