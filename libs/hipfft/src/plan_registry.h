// hipfftHandle points at a plan the registry owns. A handle is used only after the registry found
// it live, so a destroyed or made-up handle is HIPFFT_INVALID_PLAN, not a crash.
// Thread safety: one mutex over the set; lookups copy the vendor handle out under it.
#pragma once

#include "hipfft/hipfft.h"

namespace unihip::hipfft {
struct RocfftPlan;  // rocfft_plan.h
}

// The plan behind a hipfftHandle: a cuFFT plan (cuFFT's int handle) on an NVIDIA device, a
// rocFFT one (rocfft != nullptr) on an AMD device.
struct hipfftHandle_t {
  int cufft = 0;
  int device = 0;  // the HIP device current at creation: its context is bound for every call
  unihip::hipfft::RocfftPlan* rocfft = nullptr;
};

namespace unihip::hipfft {

hipfftHandle registerPlan(int cufftHandle, int device);
hipfftHandle registerRocfftPlan(RocfftPlan* plan, int device);
// The cuFFT handle, device and rocFFT plan (nullptr for a cuFFT plan) of a live plan; false for
// null, destroyed or unknown handles.
bool lookupPlan(hipfftHandle plan, int* cufftHandle, int* device = nullptr,
                RocfftPlan** rocfft = nullptr);
// Removes a live plan (its vendor plan in *cufftHandle / *rocfft); false as lookupPlan. The
// caller destroys the vendor plan: a second destroy of the same handle already fails here.
bool releasePlan(hipfftHandle plan, int* cufftHandle, RocfftPlan** rocfft = nullptr);

}  // namespace unihip::hipfft
