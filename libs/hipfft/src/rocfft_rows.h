// The rows an AMD device serves through rocFFT: cufft_table.def's HIPFFT_ROCFFT list, each as
// amd::<row> with the row's own parameters (rocfft_rows.cpp). kOnAmd<&::row> is that function,
// or nullptr for a row rocFFT does not serve (HIPFFT_NOT_SUPPORTED).
// Thread safety: a plan's rocFFT state changes without a lock; one plan used by two threads at
// once is the caller's race, as in cuFFT and AMD's hipFFT.
#pragma once

#include "hipfft/hipfftXt.h"
#include "plan_registry.h"

namespace unihip::hipfft {

namespace amd {
#define HIPFFT_ROW(hip, vendor, check, params, args)
#define HIPFFT_ROCFFT(hip, how) decltype(::hip) hip;
#include "cufft_table.def"
#undef HIPFFT_ROCFFT
#undef HIPFFT_ROW

// The hand-written rows' rocFFT halves (hipfft_special.cpp): destroy a plan the registry has
// released; keep a scale factor for the plan's next MakePlan.
hipfftResult destroy(RocfftPlan* plan);
hipfftResult setScaleFactor(RocfftPlan* plan, double scale);
}  // namespace amd

template <auto Hip>
inline constexpr decltype(Hip) kOnAmd = nullptr;
#define HIPFFT_ROW(hip, vendor, check, params, args)
#define HIPFFT_ROCFFT(hip, how) \
  template <>                   \
  inline constexpr decltype(&::hip) kOnAmd<&::hip> = &amd::hip;
#include "cufft_table.def"
#undef HIPFFT_ROCFFT
#undef HIPFFT_ROW

}  // namespace unihip::hipfft
