// hipblasSgemm, hipblasDgemm, hipblasSgemmStridedBatched and hipblasSgemmBatched against cuBLAS's
// called directly: the same matrices and output, the same stream, both handles in the default
// math mode, rounds alternating (libs/common/bench_pair.h). Per case: GPU time per call (events
// around a batch of calls; medians over rounds), the ratio hipBLAS / cuBLAS (median of the
// per-round ratios, distribution-free 95% interval), host time per call, and whether both wrote
// the same C, bit for bit (the same cuBLAS kernels run).
// Usage: hipblas_bench_gemm [--rounds N (15)] [n ... (256 512 1024 2048 4096 8192)]; the batched
// cases (512 of 128 x 128, 64 of 512 x 512) run when no n is given. Exits 77 without a GPU.
#include <hipblas/hipblas.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_pair.h"
#include "cublas_direct.h"

namespace {

namespace b = unihip::libs::bench;
#define CHECK_BLAS(e) BENCH_CHECK_STATUS(e, HIPBLAS_STATUS_SUCCESS)

struct Setup {
  hipblasHandle_t handle;
  hipStream_t stream;
  DirectBlas* direct;
  b::EventTimer* timer;
  int rounds;
};

// `count` values in [-1, 1] from a fixed LCG, on the device.
template <class T>
T* randomMatrix(size_t count, uint64_t seed) {
  std::vector<T> h(count);
  for (auto& v : h) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    v = static_cast<T>(static_cast<double>((seed >> 33) % 2001) / 1000.0 - 1.0);
  }
  void* d = nullptr;
  BENCH_CHECK_HIP(hipMalloc(&d, count * sizeof(T)));
  BENCH_CHECK_HIP(hipMemcpy(d, h.data(), count * sizeof(T), hipMemcpyHostToDevice));
  return static_cast<T*>(d);
}

// One case: times both, prints its figures under `title`; true when both wrote the same C.
template <class Hip, class Cu>
bool compare(const Setup& s, const std::string& title, double flop, void* C, size_t bytes,
             Hip viaHip, Cu viaCu) {
  int calls = 0;
  auto batch = [&](int n, auto run) { return s.timer->time(n, run); };
  const b::PairRounds p = b::timePair(s.rounds, &calls, batch, viaHip, viaCu);
  const bool same = b::sameOutput(s.stream, C, bytes, viaHip, viaCu, [&] {
    BENCH_CHECK_HIP(hipMemsetAsync(C, 0xff, bytes, s.stream));  // NaN: a side writing nothing shows
  });
  std::printf("%s calls=%d\n", title.c_str(), calls);
  b::printPair("hipblas", "cublas", p, flop / 1e12, "TFLOP/s", same);
  return same;
}

template <class T>
bool square(const Setup& s, int n) {
  const size_t count = size_t(n) * n, bytes = count * sizeof(T);
  T *A = randomMatrix<T>(count, 1 + n), *B = randomMatrix<T>(count, 2 + n), *C = nullptr;
  BENCH_CHECK_HIP(hipMalloc(&C, bytes));
  const T one = 1, zero = 0;
  const auto op = HIPBLAS_OP_N;
  bool same;
  if constexpr (sizeof(T) == 4) {
    same = compare(
        s, "sgemm n=" + std::to_string(n), 2.0 * n * n * n, C, bytes,
        [&] { CHECK_BLAS(hipblasSgemm(s.handle, op, op, n, n, n, &one, A, n, B, n, &zero, C, n)); },
        [&] { BENCH_CHECK_STATUS(directSgemm(s.direct, n, A, B, C), true); });
  } else {
    same = compare(
        s, "dgemm n=" + std::to_string(n), 2.0 * n * n * n, C, bytes,
        [&] { CHECK_BLAS(hipblasDgemm(s.handle, op, op, n, n, n, &one, A, n, B, n, &zero, C, n)); },
        [&] { BENCH_CHECK_STATUS(directDgemm(s.direct, n, A, B, C), true); });
  }
  for (void* p : {static_cast<void*>(A), static_cast<void*>(B), static_cast<void*>(C)})
    BENCH_CHECK_HIP(hipFree(p));
  return same;
}

// `batch` products of n x n matrices, strided and through arrays of pointers.
bool batched(const Setup& s, int n, int batch) {
  const size_t each = size_t(n) * n, count = each * batch, bytes = count * sizeof(float);
  float *A = randomMatrix<float>(count, 3 + n), *B = randomMatrix<float>(count, 4 + n);
  float* C = nullptr;
  BENCH_CHECK_HIP(hipMalloc(&C, bytes));
  std::vector<float*> ptrs;
  for (float* base : {A, B, C})
    for (int i = 0; i < batch; ++i) ptrs.push_back(base + i * each);
  const size_t ptrBytes = ptrs.size() * sizeof(float*);
  float** dPtrs = nullptr;
  BENCH_CHECK_HIP(hipMalloc(&dPtrs, ptrBytes));
  BENCH_CHECK_HIP(hipMemcpy(dPtrs, ptrs.data(), ptrBytes, hipMemcpyHostToDevice));
  const float* const* pA = dPtrs;
  const float* const* pB = dPtrs + batch;
  float* const* pC = dPtrs + 2 * batch;
  const float alpha = 1, beta = 0;
  const auto op = HIPBLAS_OP_N;
  const hipblasStride stride = static_cast<hipblasStride>(each);
  const double flop = 2.0 * n * n * n * batch;
  const std::string shape = " n=" + std::to_string(n) + " batch=" + std::to_string(batch);
  const bool strided = compare(
      s, "sgemm_strided_batched" + shape, flop, C, bytes,
      [&] {
        CHECK_BLAS(hipblasSgemmStridedBatched(s.handle, op, op, n, n, n, &alpha, A, n, stride, B, n,
                                              stride, &beta, C, n, stride, batch));
      },
      [&] { BENCH_CHECK_STATUS(directSgemmStridedBatched(s.direct, n, batch, A, B, C), true); });
  const bool arrays = compare(
      s, "sgemm_batched" + shape, flop, C, bytes,
      [&] {
        CHECK_BLAS(hipblasSgemmBatched(s.handle, op, op, n, n, n, &alpha, pA, n, pB, n, &beta, pC,
                                       n, batch));
      },
      [&] { BENCH_CHECK_STATUS(directSgemmBatched(s.direct, n, batch, pA, pB, pC), true); });
  for (void* p : {static_cast<void*>(A), static_cast<void*>(B), static_cast<void*>(C),
                  static_cast<void*>(dPtrs)})
    BENCH_CHECK_HIP(hipFree(p));
  return strided && arrays;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 15;
  std::vector<long> sizes;
  if (!b::parseArgs(argc, argv, &rounds, &sizes)) return 2;
  const bool defaults = sizes.empty();
  if (defaults) sizes = {256, 512, 1024, 2048, 4096, 8192};
  if (!b::haveGpu("hipblas_bench_gemm")) return b::kSkipped;
  hipblasHandle_t handle;
  CHECK_BLAS(hipblasCreate(&handle));  // also makes unihip's context current, for cuBLAS's
  hipStream_t stream;
  BENCH_CHECK_HIP(hipStreamCreate(&stream));
  CHECK_BLAS(hipblasSetStream(handle, stream));
  void* cuStream = nullptr;
  BENCH_CHECK_HIP(unihipStreamGetNativeHandle(stream, &cuStream));
  std::string why;
  DirectBlas* direct = directBlasCreate(cuStream, &why);
  if (direct == nullptr) {
    std::fprintf(stderr, "cuBLAS directly: %s\n", why.c_str());
    return 1;
  }
  bool ok = true;
  {
    b::EventTimer timer(stream);
    const Setup s{handle, stream, direct, &timer, rounds};
    for (long n : sizes) ok = square<float>(s, static_cast<int>(n)) && ok;
    for (long n : sizes) ok = square<double>(s, static_cast<int>(n)) && ok;
    if (defaults) {
      ok = batched(s, 128, 512) && ok;
      ok = batched(s, 512, 64) && ok;
    }
  }
  directBlasDestroy(direct);
  CHECK_BLAS(hipblasDestroy(handle));
  BENCH_CHECK_HIP(hipStreamDestroy(stream));
  return ok ? 0 : 1;
}
