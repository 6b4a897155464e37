// hipSPARSE on a real GPU (NVIDIA: cuSPARSE), every case against a host reference, all on a
// non-default stream bound with hipsparseSetStream: SpMV on CSR (float, double with A transposed,
// complex float), SpMM, SpGEMM, SpSV, Csr2cscEx2 and csr2csc, SparseToDense and DenseToSparse,
// plus coo2csr and a legacy function cuSPARSE 12 lacks. Exit 77 (skip) without a GPU.
#include <hipsparse/hipsparse.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

namespace {

int failures = 0;

#define EXPECT(cond)                                                \
  do {                                                              \
    if (!(cond)) {                                                  \
      std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                   \
    }                                                               \
  } while (0)
#define OK_HIP(e) EXPECT((e) == hipSuccess)
#define OK_SPARSE(e)                                                 \
  do {                                                               \
    hipsparseStatus_t s_ = (e);                                      \
    if (s_ != HIPSPARSE_STATUS_SUCCESS) {                            \
      std::printf("FAILED %s:%d: %s -> %s\n", __FILE__, __LINE__, #e, \
                  hipsparseGetErrorName(s_));                        \
      ++failures;                                                    \
    }                                                                \
  } while (0)

using cfloat = std::complex<float>;

template <class T> constexpr hipDataType kType = HIP_R_32F;
template <> constexpr hipDataType kType<double> = HIP_R_64F;
template <> constexpr hipDataType kType<cfloat> = HIP_C_32F;

template <class T>
T* toDevice(const std::vector<T>& h) {
  void* d = nullptr;
  OK_HIP(hipMalloc(&d, std::max<size_t>(1, h.size()) * sizeof(T)));
  if (!h.empty()) OK_HIP(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return static_cast<T*>(d);
}

template <class T>
std::vector<T> toHost(const T* d, size_t n) {
  std::vector<T> h(n);
  if (n) OK_HIP(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

void* deviceBuffer(size_t bytes) {
  void* d = nullptr;
  OK_HIP(hipMalloc(&d, std::max<size_t>(bytes, 1)));
  return d;
}

template <class... P>
void freeAll(P*... p) {
  for (void* q : {static_cast<void*>(p)...}) OK_HIP(hipFree(q));
}

std::mt19937 rng(7);
template <class T>
T randomValue() {
  std::uniform_real_distribution<float> u(-1, 1);
  if constexpr (std::is_same_v<T, cfloat>) {
    return {u(rng), u(rng)};
  } else {
    return static_cast<T>(u(rng));
  }
}

double absd(double v) { return std::fabs(v); }
double absd(cfloat v) { return std::abs(std::complex<double>(v)); }

template <class T>
double maxRelErr(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return 1e30;
  double e = 0;
  for (size_t i = 0; i < got.size(); ++i)
    e = std::fmax(e, absd(got[i] - want[i]) / std::fmax(1.0, absd(want[i])));
  return e;
}

template <class T> constexpr double kTol = 1e-4;
template <> constexpr double kTol<double> = 1e-11;

// A host CSR matrix, zero-based, columns sorted within a row.
template <class T>
struct Csr {
  int rows = 0, cols = 0;
  std::vector<int> ptr{0}, col;
  std::vector<T> val;
  int nnz() const { return static_cast<int>(col.size()); }
  std::vector<T> dense() const {  // column-major
    std::vector<T> d(size_t(rows) * cols, T{});
    for (int r = 0; r < rows; ++r)
      for (int k = ptr[r]; k < ptr[r + 1]; ++k) d[r + size_t(col[k]) * rows] = val[k];
    return d;
  }
};

// About `perRow` entries a row; with `lowerDiag`, a well-conditioned lower triangle instead.
template <class T>
Csr<T> randomCsr(int rows, int cols, int perRow, bool lowerDiag = false) {
  Csr<T> a;
  a.rows = rows;
  a.cols = cols;
  std::uniform_int_distribution<int> pick(0, cols - 1);
  for (int r = 0; r < rows; ++r) {
    std::vector<bool> used(cols, false);
    for (int i = 0; i < perRow; ++i) {
      const int c = lowerDiag ? pick(rng) % (r + 1) : pick(rng);
      used[c] = true;
    }
    if (lowerDiag) used[r] = true;
    for (int c = 0; c < cols; ++c) {
      if (!used[c]) continue;
      a.col.push_back(c);
      a.val.push_back(lowerDiag && c == r ? T(4) + randomValue<T>() : randomValue<T>());
    }
    a.ptr.push_back(a.nnz());
  }
  return a;
}

// The device copy of a Csr and its descriptor.
template <class T>
struct DeviceCsr {
  int *ptr, *col;
  T* val;
  hipsparseSpMatDescr_t descr = nullptr;
  explicit DeviceCsr(const Csr<T>& a) : ptr(toDevice(a.ptr)), col(toDevice(a.col)), val(toDevice(a.val)) {
    OK_SPARSE(hipsparseCreateCsr(&descr, a.rows, a.cols, a.nnz(), ptr, col, val, HIPSPARSE_INDEX_32I,
                                 HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, kType<T>));
  }
  ~DeviceCsr() {
    OK_SPARSE(hipsparseDestroySpMat(descr));
    freeAll(ptr, col, val);
  }
};

template <class T>
T conjIf(T v, bool c) {
  if constexpr (std::is_same_v<T, cfloat>) return c ? std::conj(v) : v;
  return v;
}

template <class T>
void testSpMV(hipsparseHandle_t h, hipStream_t stream, hipsparseOperation_t op, const char* what) {
  const int m = 300, n = 217;
  const Csr<T> a = randomCsr<T>(m, n, 9);
  const bool trans = op != HIPSPARSE_OPERATION_NON_TRANSPOSE;
  const int xn = trans ? m : n, yn = trans ? n : m;
  std::vector<T> x(xn), y(yn);
  for (auto& v : x) v = randomValue<T>();
  for (auto& v : y) v = randomValue<T>();
  const T alpha = T(1.5), beta = T(-0.25);
  std::vector<T> want(y);
  for (auto& v : want) v *= beta;
  for (int r = 0; r < m; ++r)
    for (int k = a.ptr[r]; k < a.ptr[r + 1]; ++k) {
      const T v = conjIf(a.val[k], op == HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE);
      if (trans)
        want[a.col[k]] += alpha * v * x[r];
      else
        want[r] += alpha * v * x[a.col[k]];
    }

  DeviceCsr<T> A(a);
  T *dx = toDevice(x), *dy = toDevice(y);
  hipsparseDnVecDescr_t X = nullptr, Y = nullptr;
  OK_SPARSE(hipsparseCreateDnVec(&X, xn, dx, kType<T>));
  OK_SPARSE(hipsparseCreateDnVec(&Y, yn, dy, kType<T>));
  size_t bytes = 0;
  OK_SPARSE(hipsparseSpMV_bufferSize(h, op, &alpha, A.descr, X, &beta, Y, kType<T>,
                                     HIPSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void* buffer = deviceBuffer(bytes);
  OK_SPARSE(hipsparseSpMV(h, op, &alpha, A.descr, X, &beta, Y, kType<T>, HIPSPARSE_SPMV_ALG_DEFAULT,
                          buffer));
  OK_HIP(hipStreamSynchronize(stream));
  const double err = maxRelErr(toHost(dy, yn), want);
  std::printf("SpMV %s: max relative error %.3g\n", what, err);
  EXPECT(err < kTol<T>);
  OK_SPARSE(hipsparseDestroyDnVec(X));
  OK_SPARSE(hipsparseDestroyDnVec(Y));
  freeAll(buffer, dx, dy);
}

void testSpMM(hipsparseHandle_t h, hipStream_t stream) {
  const int m = 120, k = 90, n = 17;
  const Csr<float> a = randomCsr<float>(m, k, 7);
  std::vector<float> b(size_t(k) * n), c(size_t(m) * n);
  for (auto& v : b) v = randomValue<float>();
  for (auto& v : c) v = randomValue<float>();
  const float alpha = 2, beta = 0.5f;
  std::vector<float> want(c);
  for (auto& v : want) v *= beta;
  for (int j = 0; j < n; ++j)
    for (int r = 0; r < m; ++r)
      for (int p = a.ptr[r]; p < a.ptr[r + 1]; ++p)
        want[r + size_t(j) * m] += alpha * a.val[p] * b[a.col[p] + size_t(j) * k];

  DeviceCsr<float> A(a);
  float *db = toDevice(b), *dc = toDevice(c);
  hipsparseDnMatDescr_t B = nullptr, C = nullptr;
  OK_SPARSE(hipsparseCreateDnMat(&B, k, n, k, db, HIP_R_32F, HIPSPARSE_ORDER_COL));
  OK_SPARSE(hipsparseCreateDnMat(&C, m, n, m, dc, HIP_R_32F, HIPSPARSE_ORDER_COL));
  size_t bytes = 0;
  const auto N = HIPSPARSE_OPERATION_NON_TRANSPOSE;
  OK_SPARSE(hipsparseSpMM_bufferSize(h, N, N, &alpha, A.descr, B, &beta, C, HIP_R_32F,
                                     HIPSPARSE_SPMM_ALG_DEFAULT, &bytes));
  void* buffer = deviceBuffer(bytes);
  OK_SPARSE(hipsparseSpMM(h, N, N, &alpha, A.descr, B, &beta, C, HIP_R_32F, HIPSPARSE_SPMM_ALG_DEFAULT,
                          buffer));
  OK_HIP(hipStreamSynchronize(stream));
  const double err = maxRelErr(toHost(dc, c.size()), want);
  std::printf("SpMM: max relative error %.3g\n", err);
  EXPECT(err < 1e-4);
  OK_SPARSE(hipsparseDestroyDnMat(B));
  OK_SPARSE(hipsparseDestroyDnMat(C));
  freeAll(buffer, db, dc);
}

void testSpGEMM(hipsparseHandle_t h, hipStream_t stream) {
  const int m = 80, k = 70, n = 60;
  const Csr<float> a = randomCsr<float>(m, k, 5), b = randomCsr<float>(k, n, 4);
  std::vector<float> want(size_t(m) * n, 0.0f);  // column-major A * B
  const std::vector<float> bd = b.dense();
  for (int r = 0; r < m; ++r)
    for (int p = a.ptr[r]; p < a.ptr[r + 1]; ++p)
      for (int j = 0; j < n; ++j) want[r + size_t(j) * m] += a.val[p] * bd[a.col[p] + size_t(j) * k];

  DeviceCsr<float> A(a), B(b);
  hipsparseSpMatDescr_t C = nullptr;
  int* cPtr = static_cast<int*>(deviceBuffer((m + 1) * sizeof(int)));
  OK_SPARSE(hipsparseCreateCsr(&C, m, n, 0, cPtr, nullptr, nullptr, HIPSPARSE_INDEX_32I,
                               HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  hipsparseSpGEMMDescr_t g = nullptr;
  OK_SPARSE(hipsparseSpGEMM_createDescr(&g));
  const float alpha = 1, beta = 0;
  const auto N = HIPSPARSE_OPERATION_NON_TRANSPOSE;
  const auto alg = HIPSPARSE_SPGEMM_DEFAULT;
  size_t bytes1 = 0, bytes2 = 0;
  OK_SPARSE(hipsparseSpGEMM_workEstimation(h, N, N, &alpha, A.descr, B.descr, &beta, C, HIP_R_32F,
                                           alg, g, &bytes1, nullptr));
  void* buffer1 = deviceBuffer(bytes1);
  OK_SPARSE(hipsparseSpGEMM_workEstimation(h, N, N, &alpha, A.descr, B.descr, &beta, C, HIP_R_32F,
                                           alg, g, &bytes1, buffer1));
  OK_SPARSE(hipsparseSpGEMM_compute(h, N, N, &alpha, A.descr, B.descr, &beta, C, HIP_R_32F, alg, g,
                                    &bytes2, nullptr));
  void* buffer2 = deviceBuffer(bytes2);
  OK_SPARSE(hipsparseSpGEMM_compute(h, N, N, &alpha, A.descr, B.descr, &beta, C, HIP_R_32F, alg, g,
                                    &bytes2, buffer2));
  int64_t rows = 0, cols = 0, nnz = 0;
  OK_SPARSE(hipsparseSpMatGetSize(C, &rows, &cols, &nnz));
  EXPECT(rows == m && cols == n && nnz > 0);
  int* cCol = static_cast<int*>(deviceBuffer(nnz * sizeof(int)));
  float* cVal = static_cast<float*>(deviceBuffer(nnz * sizeof(float)));
  OK_SPARSE(hipsparseCsrSetPointers(C, cPtr, cCol, cVal));
  OK_SPARSE(hipsparseSpGEMM_copy(h, N, N, &alpha, A.descr, B.descr, &beta, C, HIP_R_32F, alg, g));
  OK_HIP(hipStreamSynchronize(stream));
  Csr<float> c;
  c.rows = m;
  c.cols = n;
  c.ptr = toHost(cPtr, m + 1);
  c.col = toHost(cCol, nnz);
  c.val = toHost(cVal, nnz);
  const double err = maxRelErr(c.dense(), want);
  std::printf("SpGEMM: nnz(C) %lld, max relative error %.3g\n", static_cast<long long>(nnz), err);
  EXPECT(err < 1e-4);
  OK_SPARSE(hipsparseSpGEMM_destroyDescr(g));
  OK_SPARSE(hipsparseDestroySpMat(C));
  freeAll(cPtr, cCol, cVal, buffer1, buffer2);
}

void testSpSV(hipsparseHandle_t h, hipStream_t stream) {
  const int n = 256;
  const Csr<double> l = randomCsr<double>(n, n, 6, true);
  std::vector<double> x(n);
  for (auto& v : x) v = randomValue<double>();
  const double alpha = 3;
  std::vector<double> want(n);  // L y = alpha x, forward substitution
  for (int r = 0; r < n; ++r) {
    double acc = alpha * x[r], diag = 0;
    for (int k = l.ptr[r]; k < l.ptr[r + 1]; ++k) {
      if (l.col[k] == r)
        diag = l.val[k];
      else
        acc -= l.val[k] * want[l.col[k]];
    }
    want[r] = acc / diag;
  }

  DeviceCsr<double> L(l);
  const hipsparseFillMode_t fill = HIPSPARSE_FILL_MODE_LOWER;
  const hipsparseDiagType_t diag = HIPSPARSE_DIAG_TYPE_NON_UNIT;
  OK_SPARSE(hipsparseSpMatSetAttribute(L.descr, HIPSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  OK_SPARSE(hipsparseSpMatSetAttribute(L.descr, HIPSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
  hipsparseFillMode_t readBack = HIPSPARSE_FILL_MODE_UPPER;
  OK_SPARSE(hipsparseSpMatGetAttribute(L.descr, HIPSPARSE_SPMAT_FILL_MODE, &readBack, sizeof(readBack)));
  EXPECT(readBack == HIPSPARSE_FILL_MODE_LOWER);
  double *dx = toDevice(x), *dy = toDevice(std::vector<double>(n, 0.0));
  hipsparseDnVecDescr_t X = nullptr, Y = nullptr;
  OK_SPARSE(hipsparseCreateDnVec(&X, n, dx, HIP_R_64F));
  OK_SPARSE(hipsparseCreateDnVec(&Y, n, dy, HIP_R_64F));
  hipsparseSpSVDescr_t sv = nullptr;
  OK_SPARSE(hipsparseSpSV_createDescr(&sv));
  const auto N = HIPSPARSE_OPERATION_NON_TRANSPOSE;
  size_t bytes = 0;
  OK_SPARSE(hipsparseSpSV_bufferSize(h, N, &alpha, L.descr, X, Y, HIP_R_64F, HIPSPARSE_SPSV_ALG_DEFAULT,
                                     sv, &bytes));
  void* buffer = deviceBuffer(bytes);
  OK_SPARSE(hipsparseSpSV_analysis(h, N, &alpha, L.descr, X, Y, HIP_R_64F, HIPSPARSE_SPSV_ALG_DEFAULT,
                                   sv, buffer));
  OK_SPARSE(hipsparseSpSV_solve(h, N, &alpha, L.descr, X, Y, HIP_R_64F, HIPSPARSE_SPSV_ALG_DEFAULT, sv));
  OK_HIP(hipStreamSynchronize(stream));
  const double err = maxRelErr(toHost(dy, n), want);
  std::printf("SpSV: max relative error %.3g\n", err);
  EXPECT(err < 1e-10);
  OK_SPARSE(hipsparseSpSV_destroyDescr(sv));
  OK_SPARSE(hipsparseDestroyDnVec(X));
  OK_SPARSE(hipsparseDestroyDnVec(Y));
  freeAll(buffer, dx, dy);
}

void testCsr2csc(hipsparseHandle_t h, hipStream_t stream) {
  const int m = 150, n = 110;
  const Csr<float> a = randomCsr<float>(m, n, 6);
  // The transpose, built on the host: CSC of A is CSR of A^T.
  Csr<float> t;
  t.rows = n;
  t.cols = m;
  t.ptr.assign(n + 1, 0);
  for (int c : a.col) ++t.ptr[c + 1];
  for (int c = 0; c < n; ++c) t.ptr[c + 1] += t.ptr[c];
  t.col.resize(a.nnz());
  t.val.resize(a.nnz());
  std::vector<int> next(t.ptr.begin(), t.ptr.end() - 1);
  for (int r = 0; r < m; ++r)
    for (int k = a.ptr[r]; k < a.ptr[r + 1]; ++k) {
      const int at = next[a.col[k]]++;
      t.col[at] = r;
      t.val[at] = a.val[k];
    }

  int *dPtr = toDevice(a.ptr), *dCol = toDevice(a.col);
  float* dVal = toDevice(a.val);
  int* cscPtr = static_cast<int*>(deviceBuffer((n + 1) * sizeof(int)));
  int* cscRow = static_cast<int*>(deviceBuffer(a.nnz() * sizeof(int)));
  float* cscVal = static_cast<float*>(deviceBuffer(a.nnz() * sizeof(float)));
  size_t bytes = 0;
  OK_SPARSE(hipsparseCsr2cscEx2_bufferSize(h, m, n, a.nnz(), dVal, dPtr, dCol, cscVal, cscPtr, cscRow,
                                           HIP_R_32F, HIPSPARSE_ACTION_NUMERIC,
                                           HIPSPARSE_INDEX_BASE_ZERO, HIPSPARSE_CSR2CSC_ALG_DEFAULT,
                                           &bytes));
  void* buffer = deviceBuffer(bytes);
  OK_SPARSE(hipsparseCsr2cscEx2(h, m, n, a.nnz(), dVal, dPtr, dCol, cscVal, cscPtr, cscRow, HIP_R_32F,
                                HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO,
                                HIPSPARSE_CSR2CSC_ALG_DEFAULT, buffer));
  OK_HIP(hipStreamSynchronize(stream));
  const bool same = toHost(cscPtr, n + 1) == t.ptr && toHost(cscRow, a.nnz()) == t.col &&
                    toHost(cscVal, a.nnz()) == t.val;
  std::printf("Csr2cscEx2: %s\n", same ? "matches the host transpose" : "DIFFERS");
  EXPECT(same);
  EXPECT(hipsparseCsr2cscEx2(h, m, n, a.nnz(), dVal, dPtr, dCol, cscVal, cscPtr, cscRow, HIP_R_32F,
                             HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO,
                             HIPSPARSE_CSR2CSC_ALG2, buffer) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  // The legacy csr2csc, rebuilt on Csr2cscEx2 (its own buffer, on the bound stream).
  OK_HIP(hipMemset(cscPtr, 0, (n + 1) * sizeof(int)));
  OK_HIP(hipMemset(cscRow, 0, a.nnz() * sizeof(int)));
  OK_HIP(hipMemset(cscVal, 0, a.nnz() * sizeof(float)));
  OK_SPARSE(hipsparseScsr2csc(h, m, n, a.nnz(), dVal, dPtr, dCol, cscVal, cscRow, cscPtr,
                              HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO));
  OK_HIP(hipStreamSynchronize(stream));
  const bool legacySame = toHost(cscPtr, n + 1) == t.ptr && toHost(cscRow, a.nnz()) == t.col &&
                          toHost(cscVal, a.nnz()) == t.val;
  std::printf("csr2csc: %s\n", legacySame ? "matches the host transpose" : "DIFFERS");
  EXPECT(legacySame);
  freeAll(dPtr, dCol, dVal, cscPtr, cscRow, cscVal, buffer);
}

void testDenseSparse(hipsparseHandle_t h, hipStream_t stream) {
  const int m = 64, n = 48;
  const Csr<float> a = randomCsr<float>(m, n, 5);
  const std::vector<float> dense = a.dense();  // column-major, ld = m

  // CSR -> dense.
  DeviceCsr<float> A(a);
  float* dDense = toDevice(std::vector<float>(dense.size(), 0.0f));
  hipsparseDnMatDescr_t D = nullptr;
  OK_SPARSE(hipsparseCreateDnMat(&D, m, n, m, dDense, HIP_R_32F, HIPSPARSE_ORDER_COL));
  size_t bytes = 0;
  OK_SPARSE(hipsparseSparseToDense_bufferSize(h, A.descr, D, HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes));
  void* buffer = deviceBuffer(bytes);
  OK_SPARSE(hipsparseSparseToDense(h, A.descr, D, HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, buffer));
  OK_HIP(hipStreamSynchronize(stream));
  const bool toDenseOk = toHost(dDense, dense.size()) == dense;
  std::printf("SparseToDense: %s\n", toDenseOk ? "matches" : "DIFFERS");
  EXPECT(toDenseOk);

  // dense -> CSR, from the reference dense matrix.
  OK_HIP(hipMemcpy(dDense, dense.data(), dense.size() * sizeof(float), hipMemcpyHostToDevice));
  int* bPtr = static_cast<int*>(deviceBuffer((m + 1) * sizeof(int)));
  hipsparseSpMatDescr_t B = nullptr;
  OK_SPARSE(hipsparseCreateCsr(&B, m, n, 0, bPtr, nullptr, nullptr, HIPSPARSE_INDEX_32I,
                               HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  size_t bytes2 = 0;
  OK_SPARSE(hipsparseDenseToSparse_bufferSize(h, D, B, HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bytes2));
  void* buffer2 = deviceBuffer(bytes2);
  OK_SPARSE(hipsparseDenseToSparse_analysis(h, D, B, HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT, buffer2));
  int64_t rows = 0, cols = 0, nnz = 0;
  OK_SPARSE(hipsparseSpMatGetSize(B, &rows, &cols, &nnz));
  EXPECT(nnz == a.nnz());
  int* bCol = static_cast<int*>(deviceBuffer(nnz * sizeof(int)));
  float* bVal = static_cast<float*>(deviceBuffer(nnz * sizeof(float)));
  OK_SPARSE(hipsparseCsrSetPointers(B, bPtr, bCol, bVal));
  OK_SPARSE(hipsparseDenseToSparse_convert(h, D, B, HIPSPARSE_DENSETOSPARSE_ALG_DEFAULT, buffer2));
  OK_HIP(hipStreamSynchronize(stream));
  // cuSPARSE leaves the columns of a row in its own order: compare each row's (column, value)
  // pairs sorted.
  const std::vector<int> gotPtr = toHost(bPtr, m + 1), gotCol = toHost(bCol, nnz);
  const std::vector<float> gotVal = toHost(bVal, nnz);
  const bool ptrOk = gotPtr == a.ptr;
  bool colOk = ptrOk, valOk = ptrOk;
  for (int r = 0; ptrOk && r < m; ++r) {
    std::vector<std::pair<int, float>> got, want;
    for (int k = a.ptr[r]; k < a.ptr[r + 1]; ++k) {
      got.emplace_back(gotCol[k], gotVal[k]);
      want.emplace_back(a.col[k], a.val[k]);
    }
    std::sort(got.begin(), got.end());
    for (size_t i = 0; i < got.size(); ++i) {
      colOk = colOk && got[i].first == want[i].first;
      valOk = valOk && got[i].second == want[i].second;
    }
  }
  const bool toSparseOk = ptrOk && colOk && valOk;
  std::printf("DenseToSparse: nnz %lld, %s (row pointers %s, columns %s, values %s)\n",
              static_cast<long long>(nnz), toSparseOk ? "matches" : "DIFFERS",
              ptrOk ? "same" : "differ", colOk ? "same" : "differ", valOk ? "same" : "differ");
  EXPECT(toSparseOk);
  OK_SPARSE(hipsparseDestroyDnMat(D));
  OK_SPARSE(hipsparseDestroySpMat(B));
  freeAll(dDense, bPtr, bCol, bVal, buffer, buffer2);
}

void testLegacy(hipsparseHandle_t h, hipStream_t stream) {
  const std::vector<int> coo = {0, 0, 1, 3, 3, 3};
  int* dCoo = toDevice(coo);
  int* dCsr = static_cast<int*>(deviceBuffer(5 * sizeof(int)));
  OK_SPARSE(hipsparseXcoo2csr(h, dCoo, 6, 4, dCsr, HIPSPARSE_INDEX_BASE_ZERO));
  OK_HIP(hipStreamSynchronize(stream));
  EXPECT((toHost(dCsr, 5) == std::vector<int>{0, 2, 3, 3, 6}));
  // Gone from cuSPARSE 12: answered, not crashed.
  float one = 1;
  EXPECT(hipsparseScsrmv(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, 1, 1, 1, &one, nullptr, nullptr,
                         nullptr, nullptr, nullptr, &one, nullptr) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  freeAll(dCoo, dCsr);
}

}  // namespace

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("no GPU: skipped\n");
    return 77;
  }
  hipsparseHandle_t h = nullptr;
  const hipsparseStatus_t created = hipsparseCreate(&h);
  if (created != HIPSPARSE_STATUS_SUCCESS) {
    std::printf("hipsparseCreate: %s\n", hipsparseGetErrorName(created));
    return created == HIPSPARSE_STATUS_NOT_SUPPORTED ? 77 : 1;  // 77: an AMD device
  }
  char rev[64] = {};
  OK_SPARSE(hipsparseGetGitRevision(h, rev));
  std::printf("hipSPARSE revision: %s\n", rev);
  hipStream_t stream = nullptr;
  OK_HIP(hipStreamCreate(&stream));
  OK_SPARSE(hipsparseSetStream(h, stream));
  hipStream_t bound = nullptr;
  OK_SPARSE(hipsparseGetStream(h, &bound));
  EXPECT(bound == stream);

  testSpMV<float>(h, stream, HIPSPARSE_OPERATION_NON_TRANSPOSE, "float");
  testSpMV<double>(h, stream, HIPSPARSE_OPERATION_TRANSPOSE, "double, A transposed");
  testSpMV<cfloat>(h, stream, HIPSPARSE_OPERATION_NON_TRANSPOSE, "complex float");
  testSpMM(h, stream);
  testSpGEMM(h, stream);
  testSpSV(h, stream);
  testCsr2csc(h, stream);
  testDenseSparse(h, stream);
  testLegacy(h, stream);

  OK_SPARSE(hipsparseDestroy(h));
  OK_HIP(hipStreamDestroy(stream));
  std::printf("%s (%d failure(s))\n", failures == 0 ? "PASSED" : "FAILED", failures);
  return failures == 0 ? 0 : 1;
}
