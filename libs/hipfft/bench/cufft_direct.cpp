#include "cufft_direct.h"

#include <cufft.h>

#include "bench_direct.h"

struct DirectFft {
  decltype(&::cufftExecC2C) cufftExecC2C = nullptr;
  decltype(&::cufftDestroy) cufftDestroy = nullptr;
  cufftHandle plan = 0;
  bool planned = false;
};

DirectFft* directFftCreate(void* cuStream, int nx, int ny, std::string* why) {
  // hipFFT's own list (libs/hipfft/src/cufft_library.cpp).
  static unihip::libs::VendorLibrary cufft{
      "hipfft_bench_c2c", "cuFFT", "UNIHIP_CUFFT_LIBRARY",
      {"libcufft.so.12", "libcufft.so.11", "/usr/local/cuda/lib64/libcufft.so.12",
       "/usr/local/cuda/lib64/libcufft.so.11"}};
  void* so = cufft.open(why);
  if (so == nullptr) return nullptr;
  auto* s = new DirectFft;
  decltype(&::cufftPlan2d) cufftPlan2d = nullptr;
  decltype(&::cufftSetStream) cufftSetStream = nullptr;
  std::string missing;
  unihip::libs::bench::resolve(so, "cufftPlan2d", &cufftPlan2d, &missing);
  unihip::libs::bench::resolve(so, "cufftSetStream", &cufftSetStream, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cufftExecC2C, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cufftDestroy, &missing);
  if (!missing.empty()) {
    *why = "cuFFT lacks " + missing;
  } else if (!(s->planned = cufftPlan2d(&s->plan, nx, ny, CUFFT_C2C) == CUFFT_SUCCESS) ||
             cufftSetStream(s->plan, static_cast<cudaStream_t>(cuStream)) != CUFFT_SUCCESS) {
    *why = "cuFFT refused the plan";
  } else {
    return s;
  }
  directFftDestroy(s);
  return nullptr;
}

bool directFftForward(DirectFft* s, void* data) {
  auto* d = static_cast<cufftComplex*>(data);
  return s->cufftExecC2C(s->plan, d, d, CUFFT_FORWARD) == CUFFT_SUCCESS;
}

void directFftDestroy(DirectFft* s) {
  if (s->planned) s->cufftDestroy(s->plan);
  delete s;
}
