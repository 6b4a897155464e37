// cuFFT, loaded at run time: one function pointer per row of cufft_table.def.
// Search: $UNIHIP_CUFFT_LIBRARY alone when set (tests point it at a missing file), else
// libcufft.so.12 (CUDA 13), libcufft.so.11 (CUDA 12), then both in /usr/local/cuda/lib64.
// A missing library or missing cufftCreate/cufftDestroy makes cuFFT unavailable (one log line
// naming every path tried); another missing symbol only makes its row HIPFFT_NOT_SUPPORTED.
#pragma once

#include "vendor_args.h"

namespace unihip::hipfft {

struct CufftLibrary {
#define HIPFFT_ROW(hip, vendor, check, params, args) VendorFn<decltype(::hip)> vendor = nullptr;
#include "cufft_table.def"
#undef HIPFFT_ROW
  int (*cufftDestroy)(int) = nullptr;
};

// The loaded library, or nullptr when unavailable. Loaded once; thread-safe.
const CufftLibrary* cufftLibrary();

// Where a call without a plan goes: the current device's backend. HIPFFT_NOT_SUPPORTED on an
// AMD device (no rocFFT path), HIPFFT_SETUP_FAILED without cuFFT, else HIPFFT_SUCCESS.
hipfftResult selectCufft(const CufftLibrary** library);

}  // namespace unihip::hipfft
