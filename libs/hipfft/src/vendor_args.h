// How a hipFFT argument reaches cuFFT: VendorArg<T> is the type cuFFT takes for a hipFFT
// parameter of type T, Arguments::convert the value. Handles become cuFFT's int (looked up in
// the registry; a rocFFT plan is noted, its call then takes the hipFFT arguments as they are),
// enums cuFFT's values (vendor_map.h), streams the CUstream under them; the
// descriptors (hipLibXtDesc, same layout as cudaLibXtDesc) and plain values pass as they are.
#pragma once

#include <cstddef>

#include "hipfft/hipfftXt.h"
#include "plan_registry.h"
#include "vendor_map.h"

namespace unihip::hipfft {

template <class T> struct VendorArgT { using type = T; };
template <> struct VendorArgT<hipfftHandle> { using type = int; };
template <> struct VendorArgT<hipfftHandle*> { using type = int*; };
template <> struct VendorArgT<hipfftType> { using type = int; };
template <> struct VendorArgT<hipStream_t> { using type = void*; };
template <> struct VendorArgT<hipfftXtSubFormat> { using type = int; };
template <> struct VendorArgT<hipfftXtCopyType> { using type = int; };
template <> struct VendorArgT<hipfftXtCallbackType> { using type = int; };
template <> struct VendorArgT<hipfftLibraryPropertyType> { using type = int; };
template <> struct VendorArgT<hipDataType> { using type = int; };
template <class T> using VendorArg = typename VendorArgT<T>::type;

// The cuFFT function pointer for a hipFFT function type.
template <class F> struct VendorFnT;
template <class... A> struct VendorFnT<hipfftResult(A...)> {
  using type = int (*)(VendorArg<A>...);
};
template <class F> using VendorFn = typename VendorFnT<F>::type;

// One call's conversions. A failure is recorded (the first of each kind) and the call is not
// made; a bad handle outranks the other failures, as cuFFT checks the plan first.
class Arguments {
 public:
  hipfftResult planError = HIPFFT_SUCCESS;
  hipfftResult valueError = HIPFFT_SUCCESS;
  bool hasPlan = false;
  int planDevice = 0;
  RocfftPlan* rocfftPlan = nullptr;  // the plan is rocFFT's: the call goes there
  // A handle the call creates: cuFFT writes into `created`, the caller registers it.
  hipfftHandle* createdOut = nullptr;
  int created = 0;

  int convert(hipfftHandle plan) {
    hasPlan = true;
    int cu = 0;
    if (!lookupPlan(plan, &cu, &planDevice, &rocfftPlan) && planError == HIPFFT_SUCCESS)
      planError = HIPFFT_INVALID_PLAN;
    return cu;
  }
  int* convert(hipfftHandle* out) {
    if (out == nullptr) reject();
    createdOut = out;
    return &created;
  }
  int convert(hipfftType t) { return checked(cufftType(t)); }
  int convert(hipfftXtSubFormat f) { return checked(cufftSubFormat(f)); }
  int convert(hipDataType t) { return checked(cudaDataType(t)); }
  // Same values on both sides (checked by argument_checks.h where it matters).
  int convert(hipfftXtCopyType t) { return static_cast<int>(t); }
  int convert(hipfftXtCallbackType t) { return static_cast<int>(t); }
  int convert(hipfftLibraryPropertyType t) { return static_cast<int>(t); }
  void* convert(hipStream_t stream);
  // A work-size output cuFFT may insist on: a null one is given scratch (hipFFT allows null).
  size_t* convert(size_t* workSize) { return workSize != nullptr ? workSize : &scratch_; }
  template <class T> T convert(T value) { return value; }

 private:
  void reject() {
    if (valueError == HIPFFT_SUCCESS) valueError = HIPFFT_INVALID_VALUE;
  }
  int checked(int v) {
    if (v < 0) reject();
    return v;
  }
  size_t scratch_ = 0;
};

}  // namespace unihip::hipfft
