// A stand-in for libcusparse for the CPU tests: a few entry points with cuSPARSE's C signatures
// (enums as int, descriptors as the fake's own structs), computing on host memory and recording
// what they were passed, so the tests see exactly what the forwarding layer hands cuSPARSE.
#include "fake_cusparse.h"

#include <cstddef>
#include <cstdint>

#define FAKE extern "C" __attribute__((visibility("default")))

namespace {

constexpr int kSuccess = 0, kInvalidValue = 3, kNotSupported = 10;

struct MatDescr {
  int field[4];  // type, fill mode, diagonal type, index base
};
struct Csr {
  int64_t rows, cols, nnz;
  void *rowOffsets, *colInd, *values;
  int rowType, colType, base, valueType;
};
struct DnVec {
  int64_t size;
  void* values;
  int valueType;
};

int setField(void* d, int f, int v, int highest) {
  if (d == nullptr || v < 0 || v > highest) return kInvalidValue;
  static_cast<MatDescr*>(d)->field[f] = v;
  return kSuccess;
}
int getField(const void* d, int f) { return static_cast<const MatDescr*>(d)->field[f]; }

}  // namespace

extern "C" {  // a block: extern "C" on the line alone would only declare it
__attribute__((visibility("default"))) FakeCusparseLast fakeCusparseLast;
}

FAKE int cusparseGetVersion(void* h, int* v) {
  fakeCusparseLast.handle = h;
  *v = 12603;
  return kSuccess;
}

FAKE int cusparseSetPointerMode(void* h, int mode) {
  fakeCusparseLast.handle = h;
  fakeCusparseLast.ints[0] = mode;
  return kSuccess;
}
FAKE int cusparseGetPointerMode(void* h, int* mode) {
  fakeCusparseLast.handle = h;
  if (mode == nullptr) return kInvalidValue;
  *mode = 1;
  return kSuccess;
}

FAKE int cusparseCreateMatDescr(void** d) {
  if (d == nullptr) return kInvalidValue;
  *d = new MatDescr{};
  return kSuccess;
}
FAKE int cusparseDestroyMatDescr(void* d) {
  delete static_cast<MatDescr*>(d);
  return kSuccess;
}
FAKE int cusparseSetMatType(void* d, int v) { return setField(d, 0, v, 3); }
FAKE int cusparseSetMatFillMode(void* d, int v) { return setField(d, 1, v, 1); }
FAKE int cusparseSetMatDiagType(void* d, int v) { return setField(d, 2, v, 1); }
FAKE int cusparseSetMatIndexBase(void* d, int v) { return setField(d, 3, v, 1); }
FAKE int cusparseGetMatType(const void* d) { return getField(d, 0); }
FAKE int cusparseGetMatFillMode(const void* d) { return getField(d, 1); }
FAKE int cusparseGetMatDiagType(const void* d) { return getField(d, 2); }
FAKE int cusparseGetMatIndexBase(const void* d) { return getField(d, 3); }

FAKE int cusparseCreateCsr(void** out, int64_t rows, int64_t cols, int64_t nnz, void* rowOffsets,
                           void* colInd, void* values, int rowType, int colType, int base,
                           int valueType) {
  if (out == nullptr) return kInvalidValue;
  *out = new Csr{rows, cols, nnz, rowOffsets, colInd, values, rowType, colType, base, valueType};
  fakeCusparseLast.ints[0] = rowType;
  fakeCusparseLast.ints[1] = colType;
  fakeCusparseLast.ints[2] = base;
  fakeCusparseLast.ints[3] = valueType;
  return kSuccess;
}
FAKE int cusparseDestroySpMat(const void* m) {
  delete static_cast<const Csr*>(m);
  return kSuccess;
}
FAKE int cusparseCreateDnVec(void** out, int64_t size, void* values, int valueType) {
  if (out == nullptr) return kInvalidValue;
  *out = new DnVec{size, values, valueType};
  return kSuccess;
}
FAKE int cusparseDestroyDnVec(const void* v) {
  delete static_cast<const DnVec*>(v);
  return kSuccess;
}

// y = alpha * A * x + beta * y for a float CSR matrix with 32-bit indices, base 0 or 1.
FAKE int cusparseSpMV(void* h, int op, const void* alpha, const void* matA, const void* vecX,
                      const void* beta, void* vecY, int computeType, int alg, void* buffer) {
  fakeCusparseLast = {h, {op, computeType, alg}, {}, 0, buffer};
  const auto* a = static_cast<const Csr*>(matA);
  const auto* x = static_cast<const DnVec*>(vecX);
  const auto* y = static_cast<const DnVec*>(vecY);
  if (op != 0 || computeType != 0 || a->valueType != 0 || a->rowType != 2) return kNotSupported;
  const auto* ptr = static_cast<const int*>(a->rowOffsets);
  const auto* col = static_cast<const int*>(a->colInd);
  const auto* val = static_cast<const float*>(a->values);
  const auto* xv = static_cast<const float*>(x->values);
  auto* yv = static_cast<float*>(y->values);
  const float al = *static_cast<const float*>(alpha), be = *static_cast<const float*>(beta);
  for (int64_t r = 0; r < a->rows; ++r) {
    float acc = 0;
    for (int k = ptr[r] - a->base; k < ptr[r + 1] - a->base; ++k) acc += val[k] * xv[col[k] - a->base];
    yv[r] = al * acc + be * yv[r];
  }
  return kSuccess;
}

FAKE int cusparseCsr2cscEx2_bufferSize(void* h, int m, int n, int nnz, const void*, const int*,
                                       const int*, void*, int*, int*, int valType, int copyValues,
                                       int idxBase, int alg, size_t* size) {
  fakeCusparseLast = {h, {valType, copyValues, idxBase, alg}, {m, n, nnz}, 0, nullptr, nullptr};
  *size = nnz > 0 ? 4096 : 0;
  return kSuccess;
}

FAKE int cusparseCsr2cscEx2(void* h, int m, int n, int nnz, const void*, const int*, const int*,
                            void*, int* cscColPtr, int* cscRowInd, int valType, int copyValues,
                            int idxBase, int alg, void* buffer) {
  fakeCusparseLast = {h, {valType, copyValues, idxBase, alg}, {m, n, nnz}, 0, cscColPtr, cscRowInd};
  return buffer == nullptr && nnz > 0 ? kInvalidValue : kSuccess;
}

FAKE int cusparseXcoo2csr(void* h, const int* cooRowInd, int nnz, int m, int* csrRowPtr, int base) {
  fakeCusparseLast.handle = h;
  if (nnz < 0 || m < 0) return kInvalidValue;
  for (int r = 0; r <= m; ++r) csrRowPtr[r] = base;
  for (int k = 0; k < nnz; ++k) ++csrRowPtr[cooRowInd[k] - base + 1];
  for (int r = 0; r < m; ++r) csrRowPtr[r + 1] += csrRowPtr[r] - base;
  return kSuccess;
}

// cuSPARSE writes this buffer size as an int; hipSPARSE's _bufferSizeExt wants a size_t.
FAKE int cusparseScsrilu02_bufferSize(void* h, int m, int nnz, const void*, float*, const int*,
                                      const int*, void*, int* size) {
  fakeCusparseLast = {h, {m, nnz}, {}, 0, nullptr};
  if (size == nullptr) return kInvalidValue;
  *size = 12345;
  return kSuccess;
}

// cuSPARSE's double prune takes its percentage as a float.
FAKE int cusparseDpruneDense2csrByPercentage_bufferSizeExt(void* h, int m, int n, const double*,
                                                           int lda, float percentage, const void*,
                                                           const double*, const int*, const int*,
                                                           void*, size_t* size) {
  fakeCusparseLast = {h, {m, n, lda}, {}, percentage, nullptr};
  *size = 77;
  return kSuccess;
}

// cuSPARSE's solve has no buffer argument: its last one is the SpSM descriptor.
FAKE int cusparseSpSM_solve(void* h, int opA, int opB, const void*, const void*, const void*,
                            void*, int computeType, int alg, void* descr) {
  fakeCusparseLast = {h, {opA, opB, computeType, alg}, {}, 0, descr};
  return kSuccess;
}

// Answers with the status the test asks for, passed as m.
FAKE int cusparseSnnz(void* h, int dir, int m, int, const void*, const float*, int, int*, int*) {
  fakeCusparseLast = {h, {dir}, {}, 0, nullptr};
  return m;
}

FAKE int cusparseSetStream(void* h, void* stream) {
  fakeCusparseLast = {h, {}, {}, 0, stream};
  return kSuccess;
}
