// hipfftHandle points at a plan the registry owns. A handle is used only after the registry found
// it live, so a destroyed or made-up handle is HIPFFT_INVALID_PLAN, not a crash.
// Thread safety: one mutex over the set; lookups copy the vendor handle out under it.
#pragma once

#include "hipfft/hipfft.h"

// The plan behind a hipfftHandle: today always a cuFFT plan (AMD devices are refused at
// creation), so the vendor handle is cuFFT's int.
struct hipfftHandle_t {
  int cufft = 0;
  int device = 0;  // the HIP device current at creation: its context is bound for every call
};

namespace unihip::hipfft {

hipfftHandle registerPlan(int cufftHandle, int device);
// The cuFFT handle and device of a live plan; false for null, destroyed or unknown handles.
bool lookupPlan(hipfftHandle plan, int* cufftHandle, int* device = nullptr);
// Removes a live plan (its cuFFT handle in *cufftHandle); false as lookupPlan. The caller
// destroys the cuFFT plan: a second destroy of the same handle already fails here.
bool releasePlan(hipfftHandle plan, int* cufftHandle);

}  // namespace unihip::hipfft
