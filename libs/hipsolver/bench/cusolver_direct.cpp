#include "cusolver_direct.h"

#include <cusolverDn.h>

#include "bench_direct.h"

struct DirectGetrf {
  decltype(&::cusolverDnDgetrf_bufferSize) cusolverDnDgetrf_bufferSize = nullptr;
  decltype(&::cusolverDnDgetrf) cusolverDnDgetrf = nullptr;
  decltype(&::cusolverDnDestroy) cusolverDnDestroy = nullptr;
  cusolverDnHandle_t handle = nullptr;
};

DirectGetrf* directGetrfCreate(void* cuStream, std::string* why) {
  // hipSOLVER's own list (libs/hipsolver/src/vendor.cpp).
  static unihip::libs::VendorLibrary cusolver{
      "hipsolver_bench_getrf", "cuSOLVER", "UNIHIP_CUSOLVER_LIBRARY",
      {"libcusolver.so.12", "/usr/local/cuda/lib64/libcusolver.so.12", "libcusolver.so"}};
  void* so = cusolver.open(why);
  if (so == nullptr) return nullptr;
  auto* s = new DirectGetrf;
  decltype(&::cusolverDnCreate) cusolverDnCreate = nullptr;
  decltype(&::cusolverDnSetStream) cusolverDnSetStream = nullptr;
  std::string missing;
  unihip::libs::bench::resolve(so, "cusolverDnCreate", &cusolverDnCreate, &missing);
  unihip::libs::bench::resolve(so, "cusolverDnSetStream", &cusolverDnSetStream, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusolverDnDgetrf_bufferSize, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusolverDnDgetrf, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusolverDnDestroy, &missing);
  if (!missing.empty()) {
    *why = "cuSOLVER lacks " + missing;
  } else if (cusolverDnCreate(&s->handle) != CUSOLVER_STATUS_SUCCESS ||
             cusolverDnSetStream(s->handle, static_cast<cudaStream_t>(cuStream)) !=
                 CUSOLVER_STATUS_SUCCESS) {
    *why = "cuSOLVER refused the set-up";
  } else {
    return s;
  }
  directGetrfDestroy(s);
  return nullptr;
}

int directGetrfBufferSize(DirectGetrf* s, int n, double* A, int lda) {
  int lwork = -1;
  const auto status = s->cusolverDnDgetrf_bufferSize(s->handle, n, n, A, lda, &lwork);
  return status == CUSOLVER_STATUS_SUCCESS ? lwork : -1;
}

bool directGetrfRun(DirectGetrf* s, int n, double* A, int lda, double* work, int* ipiv, int* info) {
  return s->cusolverDnDgetrf(s->handle, n, n, A, lda, work, ipiv, info) == CUSOLVER_STATUS_SUCCESS;
}

void directGetrfDestroy(DirectGetrf* s) {
  if (s->handle != nullptr) s->cusolverDnDestroy(s->handle);
  delete s;
}
