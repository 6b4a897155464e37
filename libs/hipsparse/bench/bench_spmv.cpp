// hipsparseSpMV against cusparseSpMV called directly: the same CSR matrix (float, 32-bit
// indices), the same device arrays, the same stream, the same algorithm (CSR_ALG2, deterministic),
// in alternating rounds. Prints, per matrix, each one's GPU time per call (events around a batch
// of calls) and host time per call (the enqueueing loop), medians over the rounds, and the ratio
// hipSPARSE / cuSPARSE (median of the per-round ratios, distribution-free 95% interval:
// libs/common/bench_pair.h); then checks both wrote the same y, bit for bit.
// Usage: hipsparse_bench_spmv [rows (1000000)] [nnz per row (10)] [calls a round (200)] [rounds (9)]
#include <hipsparse/hipsparse.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_pair.h"
#include "cusparse_direct.h"

namespace {

namespace b = unihip::libs::bench;
#define CHECK_HIP(e) BENCH_CHECK_HIP(e)
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
  b::EventTimer timer(stream);
  const b::PairRounds p = b::alternate(rounds, [&] { return timer.time(calls, viaHip); },
                                       [&] { return timer.time(calls, viaCu); });
  // Both write the same y.
  const bool same = b::sameOutput(stream, dy, rows * sizeof(float), viaHip, viaCu, [&] {
    CHECK_HIP(hipMemsetAsync(dy, 0, rows * sizeof(float), stream));
  });

  std::printf("spmv rows=%lld nnz=%lld calls=%d rounds=%d\n", static_cast<long long>(rows),
              static_cast<long long>(nnz), calls, rounds);
  b::printPair("hipsparse", "cusparse", p, 0, "", same);
  if (!same) std::exit(1);

  directSpMVDestroy(direct);
  CHECK_SPARSE(hipsparseDestroySpMat(A));
  CHECK_SPARSE(hipsparseDestroyDnVec(X));
  CHECK_SPARSE(hipsparseDestroyDnVec(Y));
  for (void* p : {static_cast<void*>(dPtr), static_cast<void*>(dCol), static_cast<void*>(dVal),
                  static_cast<void*>(dx), static_cast<void*>(dy), hipBuffer, cuBuffer})
    CHECK_HIP(hipFree(p));
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
  if (!b::haveGpu("hipsparse_bench_spmv")) return b::kSkipped;
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
