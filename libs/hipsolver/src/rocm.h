// The AMD path of the generated functions (functions.tsv's rocSOLVER column), as AMD's hipSOLVER
// runs on AMD: rocSOLVER's calls take the rocBLAS handle and no workspace. A _bufferSize runs the
// solver in rocBLAS's device-memory size-query mode and answers bytes; a solver hands the caller's
// work to rocBLAS (rocblas_set_workspace) or, without one, has rocBLAS hold as much device memory
// as its _bufferSize answers; an info argument rocSOLVER does not take is zeroed on the stream.
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <type_traits>

#include "forward.h"

namespace unihip::solver::rocm {

// An enum or character converted for rocSOLVER, and what a value outside its table answers.
struct Value {
  int value;
  hipsolverStatus_t bad;
};

template <class T>
constexpr auto arg(T v) {
  if constexpr (std::is_enum_v<T>) {
    return Value{rocValue(v), HIPSOLVER_STATUS_INVALID_ENUM};
  } else {
    return v;
  }
}

// gesvd's jobu/jobv characters: rocblas_svect_all, _singular, _overwrite, _none = 191..194;
// another character is INVALID_VALUE (AMD's char2rocblas_svect).
constexpr Value svect(signed char c) {
  const int v = c == 'A' ? 191 : c == 'S' ? 192 : c == 'O' ? 193 : c == 'N' ? 194 : kInvalid;
  return Value{v, HIPSOLVER_STATUS_INVALID_VALUE};
}
inline constexpr Value kOutOfPlace{201, HIPSOLVER_STATUS_SUCCESS};  // rocblas_outofplace
constexpr int atLeast1(int v) { return std::max(v, 1); }

template <class T>
constexpr hipsolverStatus_t checkArg(T v) {
  if constexpr (std::is_same_v<T, Value>) {
    return v.value == kInvalid ? v.bad : HIPSOLVER_STATUS_SUCCESS;
  } else {
    (void)v;
    return HIPSOLVER_STATUS_SUCCESS;
  }
}

template <class T>
constexpr auto pass(T v) {
  if constexpr (std::is_same_v<T, Value>) {
    return v.value;
  } else {
    return v;
  }
}

template <class... A>
hipsolverStatus_t checkAll(A... args) {
  hipsolverStatus_t s = HIPSOLVER_STATUS_SUCCESS;
  ((s = s == HIPSOLVER_STATUS_SUCCESS ? checkArg(args) : s), ...);
  return s;
}

// rocSOLVER's `e` on the rocBLAS handle, its arguments converted by arg() and checked.
template <class... A>
hipsolverStatus_t call(Entry& e, Handle* h, A... args) {
  const hipsolverStatus_t s = checkAll(args...);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  const uintptr_t fn = resolve(e);
  if (fn <= kNoSymbol) return missing(fn);
  using F = int (*)(void*, decltype(pass(args))...);
  return fromRocblas(reinterpret_cast<F>(fn)(h->native, pass(args)...));
}

// rocBLAS's device-memory size-query mode around the calls of a _bufferSize.
hipsolverStatus_t beginQuery(Handle* h);
// Ends it: the bytes asked for, with `scratchBytes` more (rocBLAS's own rounding) when rocSOLVER
// takes a scratch array as an argument (syevd's E, gesvd's rwork).
hipsolverStatus_t endQuery(Handle* h, size_t scratchBytes, size_t* bytes);

// A _bufferSize: `run` (the rocSOLVER calls) in size-query mode; *lwork in bytes.
template <class Run>
hipsolverStatus_t query(Handle* h, int* lwork, size_t scratchBytes, Run run) {
  if (lwork == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  *lwork = 0;
  hipsolverStatus_t s = beginQuery(h);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  s = run();
  size_t bytes = 0;
  const hipsolverStatus_t e = endQuery(h, scratchBytes, &bytes);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  if (e != HIPSOLVER_STATUS_SUCCESS) return e;
  if (bytes > INT_MAX) return HIPSOLVER_STATUS_INTERNAL_ERROR;
  *lwork = static_cast<int>(bytes);
  return HIPSOLVER_STATUS_SUCCESS;
}

hipsolverStatus_t setWorkspace(Handle* h, void* work, size_t bytes);
// Without the caller's work: rocBLAS's own device memory grown to `bytes` (never shrunk). Where
// an earlier call gave rocBLAS a caller's work, rocBLAS gets memory of its own in any case: that
// work may be gone (AMD's hipSOLVER keeps using it if it is large enough).
hipsolverStatus_t reserve(Handle* h, size_t bytes);
// An info rocSOLVER does not write: `count` ints zeroed on the handle's stream.
hipsolverStatus_t zeroInfo(Handle* h, int* info, int count);

// A solver's workspace, and the scratch array some rocSOLVER calls take as an argument (off the
// front of the caller's work, or taken on the stream and given back in stream order).
class Workspace {
 public:
  explicit Workspace(Handle* h) : h_(h) {}
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace();

  // `query` answers the _bufferSize's bytes (an int*). `*scratch`, when `scratchBytes` > 0 and
  // it is NULL (the caller gave none), is set.
  template <class Query>
  hipsolverStatus_t take(void* work, int lwork, size_t scratchBytes, void** scratch, Query query) {
    const bool carve = scratchBytes > 0 && scratch != nullptr && *scratch == nullptr;
    if (lwork < 0) return HIPSOLVER_STATUS_INVALID_VALUE;
    if (work != nullptr && lwork != 0) {
      size_t bytes = static_cast<size_t>(lwork);
      if (carve) {
        *scratch = work;
        work = static_cast<char*>(work) + scratchBytes;
        bytes -= std::min(bytes, scratchBytes);
      }
      return setWorkspace(h_, work, bytes);
    }
    int need = 0;
    hipsolverStatus_t s = query(&need);
    if (s == HIPSOLVER_STATUS_SUCCESS) s = reserve(h_, static_cast<size_t>(need));
    if (s == HIPSOLVER_STATUS_SUCCESS && carve) s = allocate(scratchBytes, scratch);
    return s;
  }

 private:
  hipsolverStatus_t allocate(size_t bytes, void** out);
  Handle* h_;
  void* owned_ = nullptr;
};

}  // namespace unihip::solver::rocm
