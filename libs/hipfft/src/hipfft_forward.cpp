// The exported entry points of cufft_table.def: check the arguments, convert them, pick cuFFT
// (a plan's or the current device's), call, map the result back, register a created plan.
#include <tuple>

#include "argument_checks.h"
#include "cufft_library.h"

namespace unihip::hipfft {

void* Arguments::convert(hipStream_t stream) {
  if (stream == nullptr) return nullptr;  // HIP's null stream is CUDA's (and needs no device)
  void* native = nullptr;
  if (unihipStreamGetNativeHandle(stream, &native) != hipSuccess) reject();
  return native;
}

namespace {

template <class Fn, class... A>
hipfftResult forward(Fn CufftLibrary::*slot, Check check, A... args) {
  Arguments a;
  // Braced initialization converts left to right.
  std::tuple<VendorArg<A>...> vendorArgs{a.convert(args)...};
  if (a.planError != HIPFFT_SUCCESS) return a.planError;
  if (check.result != HIPFFT_SUCCESS) return check.result;
  if (a.valueError != HIPFFT_SUCCESS) return a.valueError;
  const CufftLibrary* library = nullptr;
  int device = a.planDevice;
  if (a.hasPlan) {
    library = cufftLibrary();  // a live plan is a cuFFT plan: the library is loaded
    if (hipfftResult r = bindDevice(device); r != HIPFFT_SUCCESS) return r;
  } else if (hipfftResult r = selectCufft(&library, &device); r != HIPFFT_SUCCESS) {
    return r;
  }
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
#define HIPFFT_ROW(hip, vendor, check, params, args)                \
  extern "C" HIPFFT_EXPORT hipfftResult hip params {                \
    return forward(&CufftLibrary::vendor, check, HIPFFT_ARGS args); \
  }
#include "cufft_table.def"
#undef HIPFFT_ROW
