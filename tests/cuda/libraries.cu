// cuBLAS, cuFFT and cuRAND (host and device API) through the CUDA headers.
#include <cmath>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <curand_kernel.h>
#include "cuda_check.h"

__global__ void draw(unsigned long long seed, float* out) {
  curandState st;
  curand_init(seed, threadIdx.x, 0, &st);
  out[threadIdx.x] = curand_uniform(&st);
}

// Whether a library's handle was made. A device that runs no kernel code has none of the vendor
// libraries behind hipBLAS, hipFFT and hipRAND (rocBLAS, rocFFT, rocRAND run their own kernels):
// there the part is skipped, elsewhere a failure.
static bool created(bool ok, const char* part, int status) {
  if (!ok && !cuda_test_runs_kernels) {
    char why[128];
    std::snprintf(why, sizeof why, "no vendor library for this device (status %d)", status);
    skip_part("libraries", part, why);
    return false;
  }
  EXPECT(ok);
  return ok;
}

int main() {
  skip_without_gpu("libraries");
  // cuBLAS: C = A * B for 2x2 matrices (column-major).
  float hA[4] = {1, 2, 3, 4}, hB[4] = {5, 6, 7, 8}, hC[4] = {};
  float *A, *B, *C;
  CHECK(cudaMalloc(&A, sizeof(hA)));
  CHECK(cudaMalloc(&B, sizeof(hB)));
  CHECK(cudaMalloc(&C, sizeof(hC)));
  CHECK(cudaMemcpy(A, hA, sizeof(hA), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, hB, sizeof(hB), cudaMemcpyHostToDevice));
  cublasHandle_t blas;
  cublasStatus_t bs = cublasCreate(&blas);
  if (created(bs == CUBLAS_STATUS_SUCCESS, "cuBLAS", bs)) {
    const float one = 1, zero = 0;
    EXPECT(cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, A, 2, B, 2, &zero, C, 2) ==
           CUBLAS_STATUS_SUCCESS);
    CHECK(cudaMemcpy(hC, C, sizeof(hC), cudaMemcpyDeviceToHost));
    EXPECT_RESULT(hC[0] == 23 && hC[1] == 34 && hC[2] == 31 && hC[3] == 46);
    EXPECT(cublasDestroy(blas) == CUBLAS_STATUS_SUCCESS);
  }

  // cuFFT: the transform of a delta is all ones.
  const int n = 64;
  cufftComplex hx[n] = {};
  hx[0].x = 1;
  cufftComplex* x;
  CHECK(cudaMalloc(&x, sizeof(hx)));
  CHECK(cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice));
  cufftHandle plan;
  cufftResult fs = cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  if (created(fs == CUFFT_SUCCESS, "cuFFT", fs)) {
    EXPECT(cufftExecC2C(plan, x, x, CUFFT_FORWARD) == CUFFT_SUCCESS);
    CHECK(cudaMemcpy(hx, x, sizeof(hx), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && std::fabs(hx[i].x - 1) < 1e-5f && std::fabs(hx[i].y) < 1e-5f;
    EXPECT_RESULT(ok);
    EXPECT(cufftDestroy(plan) == CUFFT_SUCCESS);
  }

  // cuRAND host API, then the device API.
  float* r;
  CHECK(cudaMalloc(&r, 1024 * sizeof(float)));
  float hr[1024];
  curandGenerator_t gen;
  curandStatus_t rs = curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  if (created(rs == CURAND_STATUS_SUCCESS, "cuRAND's host API", rs)) {
    EXPECT(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL) == CURAND_STATUS_SUCCESS);
    EXPECT(curandGenerateUniform(gen, r, 1024) == CURAND_STATUS_SUCCESS);
    CHECK(cudaMemcpy(hr, r, sizeof(hr), cudaMemcpyDeviceToHost));
    double mean = 0;
    bool ok = true;
    for (float v : hr) { ok = ok && v > 0 && v <= 1; mean += v; }
    EXPECT_RESULT(ok && std::fabs(mean / 1024 - 0.5) < 0.05);
    EXPECT(curandDestroyGenerator(gen) == CURAND_STATUS_SUCCESS);
  }
  draw<<<1, 256>>>(42ULL, r);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hr, r, 256 * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 256; ++i) ok = ok && hr[i] > 0 && hr[i] <= 1;
  EXPECT_RESULT(ok && hr[0] != hr[1]);

  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  CHECK(cudaFree(x));
  CHECK(cudaFree(r));
  return finish("libraries");
}
