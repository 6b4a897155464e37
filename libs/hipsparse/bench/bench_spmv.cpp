// hipsparseSpMV against cusparseSpMV called directly: the same CSR matrix (float, 32-bit
// indices), the same device arrays, the same stream, the same algorithm (CSR_ALG2, deterministic),
// in alternating rounds. Prints, per matrix, each one's GPU time per call (events around a batch
// of calls) and host time per call (the enqueueing loop), medians over the rounds, and the ratios
// hipSPARSE / cuSPARSE; then checks both wrote the same y, bit for bit.
// Usage: hipsparse_bench_spmv [rows (1000000)] [nnz per row (10)] [calls a round (200)] [rounds (9)]
#include <hipsparse/hipsparse.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cusparse_direct.h"

namespace {

#define CHECK_HIP(e)                                                         \
  do {                                                                       \
    if ((e) != hipSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #e);    \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)
#define CHECK_SPARSE(e)                                                                 \
  do {                                                                                  \
    hipsparseStatus_t s_ = (e);                                                         \
    if (s_ != HIPSPARSE_STATUS_SUCCESS) {                                               \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #e,                   \
                   hipsparseGetErrorName(s_));                                          \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

template <class T>
T* upload(const std::vector<T>& h) {
  void* d = nullptr;
  CHECK_HIP(hipMalloc(&d, h.size() * sizeof(T)));
  CHECK_HIP(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return static_cast<T*>(d);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Timing {
  double gpuUs, hostUs;
};

// `calls` calls of `run`, events around them on `stream`.
template <class F>
Timing measure(hipStream_t stream, hipEvent_t start, hipEvent_t stop, int calls, F run) {
  CHECK_HIP(hipEventRecord(start, stream));
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) run();
  const auto t1 = std::chrono::steady_clock::now();
  CHECK_HIP(hipEventRecord(stop, stream));
  CHECK_HIP(hipEventSynchronize(stop));
  float ms = 0;
  CHECK_HIP(hipEventElapsedTime(&ms, start, stop));
  return {1000.0 * ms / calls, std::chrono::duration<double, std::micro>(t1 - t0).count() / calls};
}

void bench(hipsparseHandle_t h, hipStream_t stream, int64_t rows, int perRow, int calls, int rounds) {
  // A square matrix, `perRow` distinct sorted columns a row, from a fixed LCG.
  const int64_t cols = rows, nnz = rows * perRow;
  std::vector<int> ptr(rows + 1), col(nnz);
  std::vector<float> val(nnz), x(cols);
  uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull; };
  for (int64_t r = 0; r < rows; ++r) {
    ptr[r] = static_cast<int>(r * perRow);
    int* c = &col[r * perRow];
    for (int k = 0; k < perRow; ++k) {
      int v;
      do {
        v = static_cast<int>((next() >> 33) % static_cast<uint64_t>(cols));
      } while (std::find(c, c + k, v) != c + k);
      c[k] = v;
    }
    std::sort(c, c + perRow);
  }
  ptr[rows] = static_cast<int>(nnz);
  for (auto& v : val) v = static_cast<float>((next() >> 40) % 1000) / 500.0f - 1.0f;
  for (auto& v : x) v = static_cast<float>((next() >> 40) % 1000) / 500.0f - 1.0f;
  int *dPtr = upload(ptr), *dCol = upload(col);
  float *dVal = upload(val), *dx = upload(x), *dy = upload(std::vector<float>(rows, 0.0f));

  hipsparseSpMatDescr_t A;
  hipsparseDnVecDescr_t X, Y;
  CHECK_SPARSE(hipsparseCreateCsr(&A, rows, cols, nnz, dPtr, dCol, dVal, HIPSPARSE_INDEX_32I,
                                  HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  CHECK_SPARSE(hipsparseCreateDnVec(&X, cols, dx, HIP_R_32F));
  CHECK_SPARSE(hipsparseCreateDnVec(&Y, rows, dy, HIP_R_32F));
  const float alpha = 1, beta = 0;
  const auto op = HIPSPARSE_OPERATION_NON_TRANSPOSE;
  const auto alg = HIPSPARSE_SPMV_CSR_ALG2;
  size_t bytes = 0;
  CHECK_SPARSE(hipsparseSpMV_bufferSize(h, op, &alpha, A, X, &beta, Y, HIP_R_32F, alg, &bytes));
  void* hipBuffer = nullptr;
  CHECK_HIP(hipMalloc(&hipBuffer, std::max<size_t>(bytes, 1)));

  void* cuStream = nullptr;
  CHECK_HIP(unihipStreamGetNativeHandle(stream, &cuStream));
  std::string why;
  DirectSpMV* direct = directSpMVCreate(cuStream, rows, cols, nnz, dPtr, dCol, dVal, dx, dy, &why);
  if (direct == nullptr) {
    std::fprintf(stderr, "cuSPARSE directly: %s\n", why.c_str());
    std::exit(1);
  }
  void* cuBuffer = nullptr;
  CHECK_HIP(hipMalloc(&cuBuffer, std::max<size_t>(directSpMVBufferBytes(direct), 1)));
  directSpMVSetBuffer(direct, cuBuffer);

  auto viaHip = [&] { CHECK_SPARSE(hipsparseSpMV(h, op, &alpha, A, X, &beta, Y, HIP_R_32F, alg, hipBuffer)); };
  auto viaCu = [&] {
    if (!directSpMVRun(direct, alpha, beta)) std::exit(1);
  };
  hipEvent_t start, stop;
  CHECK_HIP(hipEventCreate(&start));
  CHECK_HIP(hipEventCreate(&stop));
  measure(stream, start, stop, calls, viaHip);  // warm-up: first calls, clocks
  measure(stream, start, stop, calls, viaCu);
  std::vector<double> hipGpu, cuGpu, hipHost, cuHost, gpuRatio;
  for (int r = 0; r < rounds; ++r) {
    Timing th, tc;
    if (r % 2 == 0) {
      th = measure(stream, start, stop, calls, viaHip);
      tc = measure(stream, start, stop, calls, viaCu);
    } else {
      tc = measure(stream, start, stop, calls, viaCu);
      th = measure(stream, start, stop, calls, viaHip);
    }
    hipGpu.push_back(th.gpuUs);
    cuGpu.push_back(tc.gpuUs);
    hipHost.push_back(th.hostUs);
    cuHost.push_back(tc.hostUs);
    gpuRatio.push_back(th.gpuUs / tc.gpuUs);
  }
  std::sort(gpuRatio.begin(), gpuRatio.end());

  // Both write the same y.
  std::vector<float> yHip(rows), yCu(rows);
  viaHip();
  CHECK_HIP(hipStreamSynchronize(stream));
  CHECK_HIP(hipMemcpy(yHip.data(), dy, rows * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_HIP(hipMemset(dy, 0, rows * sizeof(float)));
  viaCu();
  CHECK_HIP(hipStreamSynchronize(stream));
  CHECK_HIP(hipMemcpy(yCu.data(), dy, rows * sizeof(float), hipMemcpyDeviceToHost));
  const bool same = std::memcmp(yHip.data(), yCu.data(), rows * sizeof(float)) == 0;

  std::printf("spmv rows=%lld nnz=%lld calls=%d rounds=%d\n", static_cast<long long>(rows),
              static_cast<long long>(nnz), calls, rounds);
  std::printf("  gpu us/call   hipsparse %.3f  cusparse %.3f  ratio %.4f  (per-round ratios %.4f .. %.4f)\n",
              median(hipGpu), median(cuGpu), median(hipGpu) / median(cuGpu), gpuRatio.front(),
              gpuRatio.back());
  std::printf("  host us/call  hipsparse %.3f  cusparse %.3f  difference %+.3f\n", median(hipHost),
              median(cuHost), median(hipHost) - median(cuHost));
  std::printf("  results %s\n", same ? "identical" : "DIFFER");
  if (!same) std::exit(1);

  directSpMVDestroy(direct);
  CHECK_SPARSE(hipsparseDestroySpMat(A));
  CHECK_SPARSE(hipsparseDestroyDnVec(X));
  CHECK_SPARSE(hipsparseDestroyDnVec(Y));
  for (void* p : {static_cast<void*>(dPtr), static_cast<void*>(dCol), static_cast<void*>(dVal),
                  static_cast<void*>(dx), static_cast<void*>(dy), hipBuffer, cuBuffer})
    CHECK_HIP(hipFree(p));
  CHECK_HIP(hipEventDestroy(start));
  CHECK_HIP(hipEventDestroy(stop));
}

}  // namespace

int main(int argc, char** argv) {
  const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 1000000;
  const int perRow = argc > 2 ? std::atoi(argv[2]) : 10;
  const int calls = argc > 3 ? std::atoi(argv[3]) : 200;
  const int rounds = argc > 4 ? std::atoi(argv[4]) : 9;
  if (rows < 1 || perRow < 1 || perRow > rows || calls < 1 || rounds < 1) {
    std::fprintf(stderr, "usage: %s [rows] [nnz per row] [calls a round] [rounds]\n", argv[0]);
    return 2;
  }
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("no GPU: skipped\n");
    return 77;
  }
  hipsparseHandle_t h;
  CHECK_SPARSE(hipsparseCreate(&h));
  hipStream_t stream;
  CHECK_HIP(hipStreamCreate(&stream));
  CHECK_SPARSE(hipsparseSetStream(h, stream));
  bench(h, stream, rows, perRow, calls, rounds);
  bench(h, stream, 1000, std::min(perRow, 1000), calls, rounds);  // launch-bound: the call's own cost
  CHECK_SPARSE(hipsparseDestroy(h));
  CHECK_HIP(hipStreamDestroy(stream));
  return 0;
}
