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

// The backend a call without a plan goes to: the current device's (its ordinal in *device, 0
// without devices). No device: cuFFT still answers (its own errors), as it would under CUDA.
enum class Backend { none, cuda, rocm };
// As unihipGetDeviceBackendName names it: "cuda", "hsa"; nullptr or another: none.
Backend backendNamed(const char* backendName);
Backend currentBackend(int* device);
// cuFFT's runtime adopts the context current on the thread: make it `device`'s primary context
// (unihip binds contexts lazily), so plans land on, and run with, their HIP device's context.
// Nothing to do without devices (cuFFT answers for itself).
hipfftResult bindDevice(int device);

}  // namespace unihip::hipfft
