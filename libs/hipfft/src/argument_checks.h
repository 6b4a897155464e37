// Argument checks run before cuFFT is reached, so bad input gets cuFFT's answer (and a CPU test
// can see it) without a loaded library: sizes below 1 and ranks outside 1..3 are
// HIPFFT_INVALID_SIZE, missing outputs and bad enum values HIPFFT_INVALID_VALUE.
#pragma once

#include "hipfft/hipfftXt.h"

namespace unihip::hipfft {

// The first failure of a chain `a + b + c` (each a check's result).
struct Check {
  hipfftResult result = HIPFFT_SUCCESS;
  Check operator+(Check other) const { return result != HIPFFT_SUCCESS ? *this : other; }
};

inline Check fail(bool bad, hipfftResult why) { return Check{bad ? why : HIPFFT_SUCCESS}; }

inline Check ok() { return {}; }
inline Check out(const void* p) { return fail(p == nullptr, HIPFFT_INVALID_VALUE); }
inline Check positive(long long v) { return fail(v < 1, HIPFFT_INVALID_VALUE); }
inline Check dims1(long long nx, long long batch) {
  return fail(nx < 1 || batch < 1, HIPFFT_INVALID_SIZE);
}
inline Check dims2(long long nx, long long ny) { return fail(nx < 1 || ny < 1, HIPFFT_INVALID_SIZE); }
inline Check dims3(long long nx, long long ny, long long nz) {
  return fail(nx < 1 || ny < 1 || nz < 1, HIPFFT_INVALID_SIZE);
}
template <class Int>
Check many(int rank, const Int* n, Int batch) {
  if (rank < 1 || rank > 3 || batch < 1) return {HIPFFT_INVALID_SIZE};
  if (n == nullptr) return {HIPFFT_INVALID_VALUE};
  for (int i = 0; i < rank; ++i)
    if (n[i] < 1) return {HIPFFT_INVALID_SIZE};
  return {};
}
inline Check data(const void* in, const void* out) {
  return fail(in == nullptr || out == nullptr, HIPFFT_INVALID_VALUE);
}
inline Check sign(int d) {
  return fail(d != HIPFFT_FORWARD && d != HIPFFT_BACKWARD, HIPFFT_INVALID_VALUE);
}
inline Check property(hipfftLibraryPropertyType t) {
  return fail(t < HIPFFT_MAJOR_VERSION || t > HIPFFT_PATCH_LEVEL, HIPFFT_INVALID_VALUE);
}
inline Check callback(hipfftXtCallbackType t) {
  return fail(t < HIPFFT_CB_LD_COMPLEX || t >= HIPFFT_CB_UNDEFINED, HIPFFT_INVALID_VALUE);
}
inline Check copy(hipfftXtCopyType t) {
  return fail(t < HIPFFT_COPY_HOST_TO_DEVICE || t >= HIPFFT_COPY_UNDEFINED, HIPFFT_INVALID_VALUE);
}

}  // namespace unihip::hipfft
