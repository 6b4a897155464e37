// The exported entry points of cufft_table.def: check the arguments, convert them, pick the
// vendor (the plan's or the current device's): on NVIDIA call cuFFT, map the result back and
// register a created plan; on AMD call the row's rocFFT function (rocfft_rows.h).
#include <cstdio>
#include <mutex>
#include <tuple>

#include "argument_checks.h"
#include "cufft_library.h"
#include "rocfft_rows.h"

namespace unihip::hipfft {

void* Arguments::convert(hipStream_t stream) {
  // HIP's null stream is CUDA's (and needs no device); rocFFT takes the hipStream_t itself.
  if (stream == nullptr || rocfftPlan != nullptr) return stream;
  void* native = nullptr;
  if (unihipStreamGetNativeHandle(stream, &native) != hipSuccess) reject();
  return native;
}

namespace {

// A row on an AMD device: rocFFT's, or HIPFFT_NOT_SUPPORTED (one log line per row).
template <auto Hip, class... A>
hipfftResult onRocfft(const char* name, A... args) {
  if constexpr (kOnAmd<Hip> != nullptr) {
    (void)name;
    return kOnAmd<Hip>(args...);
  } else {
    static std::once_flag logged;
    std::call_once(logged, [name] {
      std::fprintf(stderr, "unihip hipfft: %s is not supported on AMD devices (rocFFT)\n", name);
    });
    return HIPFFT_NOT_SUPPORTED;
  }
}

template <auto Hip, class Fn, class... A>
hipfftResult forward(const char* name, Fn CufftLibrary::*slot, Check check, A... args) {
  Arguments a;
  // Braced initialization converts left to right.
  std::tuple<VendorArg<A>...> vendorArgs{a.convert(args)...};
  if (a.planError != HIPFFT_SUCCESS) return a.planError;
  if (check.result != HIPFFT_SUCCESS) return check.result;
  if (a.valueError != HIPFFT_SUCCESS) return a.valueError;
  int device = a.planDevice;
  const Backend backend = a.hasPlan ? (a.rocfftPlan != nullptr ? Backend::rocm : Backend::cuda)
                                    : currentBackend(&device);
  if (backend == Backend::rocm) return onRocfft<Hip>(name, args...);
  const CufftLibrary* library = cufftLibrary();  // a live cuFFT plan: loaded
  if (library == nullptr) return HIPFFT_SETUP_FAILED;
  if (backend == Backend::cuda)
    if (hipfftResult r = bindDevice(device); r != HIPFFT_SUCCESS) return r;
  Fn fn = library->*slot;
  if (fn == nullptr) return HIPFFT_NOT_SUPPORTED;  // older cuFFT without this entry point
  hipfftResult r = resultFromCufft(std::apply(fn, vendorArgs));
  if (r == HIPFFT_SUCCESS && a.createdOut != nullptr) *a.createdOut = registerPlan(a.created, device);
  return r;
}

}  // namespace
}  // namespace unihip::hipfft

using namespace unihip::hipfft;

#define HIPFFT_ARGS(...) __VA_ARGS__
#define HIPFFT_ROW(hip, vendor, check, params, args)                                 \
  extern "C" HIPFFT_EXPORT hipfftResult hip params {                                 \
    return forward<&::hip>(#hip, &CufftLibrary::vendor, check, HIPFFT_ARGS args);    \
  }
#include "cufft_table.def"
#undef HIPFFT_ROW
