// The entry points cufft_table.def cannot generate: destroy (unregisters before the vendor's
// destroy), PlanMany64 (cuFFT has only the Make form; on AMD the two exported calls go to
// rocFFT themselves) and the scale factor (cuFFT has none; rocFFT applies it at the next plan).
#include "argument_checks.h"
#include "cufft_library.h"
#include "hipfft/hipfftXt.h"
#include "rocfft_rows.h"

using namespace unihip::hipfft;

extern "C" HIPFFT_EXPORT hipfftResult hipfftDestroy(hipfftHandle plan) {
  int cu = 0, device = 0;
  RocfftPlan* rocfft = nullptr;
  if (!lookupPlan(plan, &cu, &device) || !releasePlan(plan, &cu, &rocfft))
    return HIPFFT_INVALID_PLAN;
  if (rocfft != nullptr) return amd::destroy(rocfft);
  (void)bindDevice(device);  // destroyed either way: the handle is gone
  return resultFromCufft(cufftLibrary()->cufftDestroy(cu));
}

extern "C" HIPFFT_EXPORT hipfftResult hipfftPlanMany64(hipfftHandle* plan, int rank,
                                                       long long int* n, long long int* inembed,
                                                       long long int istride, long long int idist,
                                                       long long int* onembed,
                                                       long long int ostride, long long int odist,
                                                       hipfftType type, long long int batch) {
  // Checked before a plan exists, so bad input leaves nothing to destroy.
  if (Check c = out(plan) + many(rank, n, batch); c.result != HIPFFT_SUCCESS) return c.result;
  if (cufftType(type) < 0) return HIPFFT_INVALID_VALUE;
  hipfftHandle created = nullptr;
  if (hipfftResult r = hipfftCreate(&created); r != HIPFFT_SUCCESS) return r;
  hipfftResult r = hipfftMakePlanMany64(created, rank, n, inembed, istride, idist, onembed,
                                        ostride, odist, type, batch, nullptr);
  if (r != HIPFFT_SUCCESS) {
    hipfftDestroy(created);
    return r;
  }
  *plan = created;
  return HIPFFT_SUCCESS;
}

extern "C" HIPFFT_EXPORT hipfftResult hipfftExtPlanScaleFactor(hipfftHandle plan,
                                                               double scalefactor) {
  int cu = 0;
  RocfftPlan* rocfft = nullptr;
  if (!lookupPlan(plan, &cu, nullptr, &rocfft)) return HIPFFT_INVALID_PLAN;
  if (rocfft != nullptr) return amd::setScaleFactor(rocfft, scalefactor);
  return HIPFFT_NOT_SUPPORTED;  // cuFFT has no scale factor; not emulated
}
