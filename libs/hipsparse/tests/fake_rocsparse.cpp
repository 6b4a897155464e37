// A stand-in for librocsparse for the AMD CPU tests: a few entry points with rocSPARSE's C
// signatures (enums as int, descriptors as the fake's own structs), computing on host memory and
// recording what they were passed, so the tests see exactly what the forwarding layer hands
// rocSPARSE.
#include "fake_rocsparse.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#define FAKE extern "C" __attribute__((visibility("default")))

namespace {

// rocsparse_status values.
constexpr int kSuccess = 0, kInvalidHandle = 1, kNotImplemented = 2, kInvalidPointer = 3,
              kInvalidValue = 7;
// rocSPARSE's own numbers the fake checks: operation none, f32_r, i32, csr.
constexpr int kOpNone = 111, kF32 = 151, kI32 = 2, kCsr = 2;

struct Handle {
  void* stream;
  int pointerMode;
};
struct MatDescr {
  int field[4];  // type, fill mode, diagonal type, index base
};
struct Csr {
  int format;
  int64_t rows, cols, nnz;
  void *rowOffsets, *colInd, *values;
  int rowType, colType, base, valueType;
};
struct DnVec {
  int64_t size;
  void* values;
  int valueType;
};

void record(const char* function, void* h, std::initializer_list<int> ints = {},
            std::initializer_list<int64_t> sizes = {}, const void* ptr = nullptr,
            const void* ptr2 = nullptr);

// y = alpha * A * x + beta * y for a float CSR matrix with 32-bit indices.
void csrmv(int64_t rows, const int* ptr, const int* col, const float* val, int base,
           const float* x, float alpha, float beta, float* y) {
  for (int64_t r = 0; r < rows; ++r) {
    float acc = 0;
    for (int k = ptr[r] - base; k < ptr[r + 1] - base; ++k) acc += val[k] * x[col[k] - base];
    y[r] = alpha * acc + beta * y[r];
  }
}

}  // namespace

extern "C" {  // a block: extern "C" on the line alone would only declare it
__attribute__((visibility("default"))) FakeRocsparseLast fakeRocsparseLast;
// The status the fake's rocsparse_sgthr answers (the tests' status mapping).
__attribute__((visibility("default"))) int fakeRocsparseStatus;
}

namespace {
void record(const char* function, void* h, std::initializer_list<int> ints,
            std::initializer_list<int64_t> sizes, const void* ptr, const void* ptr2) {
  const int calls = fakeRocsparseLast.calls;
  fakeRocsparseLast = {function, h, {}, {}, ptr, ptr2, calls + 1};
  int i = 0;
  for (int v : ints) fakeRocsparseLast.ints[i++] = v;
  i = 0;
  for (int64_t v : sizes) fakeRocsparseLast.sizes[i++] = v;
}
}  // namespace

FAKE int rocsparse_create_handle(void** h) {
  if (h == nullptr) return kInvalidPointer;
  *h = new Handle{};
  record("rocsparse_create_handle", *h);
  return kSuccess;
}
FAKE int rocsparse_destroy_handle(void* h) {
  record("rocsparse_destroy_handle", h);
  delete static_cast<Handle*>(h);
  return kSuccess;
}
FAKE int rocsparse_set_stream(void* h, void* stream) {
  record("rocsparse_set_stream", h, {}, {}, stream);
  static_cast<Handle*>(h)->stream = stream;
  return kSuccess;
}
FAKE int rocsparse_get_version(void* h, int* v) {
  record("rocsparse_get_version", h);
  *v = 300300;  // 3.3.0
  return kSuccess;
}
FAKE int rocsparse_get_git_rev(void* h, char* rev) {
  record("rocsparse_get_git_rev", h);
  std::strcpy(rev, "fake");
  return kSuccess;
}
FAKE int rocsparse_set_pointer_mode(void* h, int mode) {
  record("rocsparse_set_pointer_mode", h, {mode});
  if (mode != 0 && mode != 1) return kInvalidValue;
  static_cast<Handle*>(h)->pointerMode = mode;
  return kSuccess;
}
FAKE int rocsparse_get_pointer_mode(void* h, int* mode) {
  record("rocsparse_get_pointer_mode", h);
  if (mode == nullptr) return kInvalidPointer;
  *mode = static_cast<Handle*>(h)->pointerMode;
  return kSuccess;
}

FAKE int rocsparse_create_mat_descr(void** d) {
  if (d == nullptr) return kInvalidPointer;
  *d = new MatDescr{};
  record("rocsparse_create_mat_descr", nullptr, {}, {}, *d);
  return kSuccess;
}
FAKE int rocsparse_destroy_mat_descr(void* d) {
  record("rocsparse_destroy_mat_descr", nullptr, {}, {}, d);
  delete static_cast<MatDescr*>(d);
  return kSuccess;
}
FAKE int rocsparse_copy_mat_descr(void* dest, const void* src) {
  record("rocsparse_copy_mat_descr", nullptr, {}, {}, dest, src);
  *static_cast<MatDescr*>(dest) = *static_cast<const MatDescr*>(src);
  return kSuccess;
}
#define FAKE_FIELD(set, get, f, highest)                                   \
  FAKE int set(void* d, int v) {                                           \
    record(#set, nullptr, {v});                                            \
    if (d == nullptr) return kInvalidPointer;                              \
    if (v < 0 || v > highest) return kInvalidValue;                        \
    static_cast<MatDescr*>(d)->field[f] = v;                               \
    return kSuccess;                                                       \
  }                                                                        \
  FAKE int get(const void* d) { return static_cast<const MatDescr*>(d)->field[f]; }
FAKE_FIELD(rocsparse_set_mat_type, rocsparse_get_mat_type, 0, 3)
FAKE_FIELD(rocsparse_set_mat_fill_mode, rocsparse_get_mat_fill_mode, 1, 1)
FAKE_FIELD(rocsparse_set_mat_diag_type, rocsparse_get_mat_diag_type, 2, 1)
FAKE_FIELD(rocsparse_set_mat_index_base, rocsparse_get_mat_index_base, 3, 1)
#undef FAKE_FIELD

FAKE int rocsparse_create_mat_info(void** info) {
  if (info == nullptr) return kInvalidPointer;
  *info = new int{42};
  record("rocsparse_create_mat_info", nullptr, {}, {}, *info);
  return kSuccess;
}
FAKE int rocsparse_destroy_mat_info(void* info) {
  record("rocsparse_destroy_mat_info", nullptr, {}, {}, info);
  delete static_cast<int*>(info);
  return kSuccess;
}

FAKE int rocsparse_create_csr_descr(void** out, int64_t rows, int64_t cols, int64_t nnz,
                                    void* rowOffsets, void* colInd, void* values, int rowType,
                                    int colType, int base, int valueType) {
  if (out == nullptr) return kInvalidPointer;
  *out = new Csr{kCsr, rows, cols, nnz, rowOffsets, colInd, values, rowType, colType, base, valueType};
  record("rocsparse_create_csr_descr", nullptr, {rowType, colType, base, valueType},
         {rows, cols, nnz});
  return kSuccess;
}
FAKE int rocsparse_destroy_spmat_descr(const void* m) {
  record("rocsparse_destroy_spmat_descr", nullptr, {}, {}, m);
  delete static_cast<const Csr*>(m);
  return kSuccess;
}
// The format as rocSPARSE numbers it; a test sets an ELL (4), which hipSPARSE cannot name.
FAKE int rocsparse_spmat_get_format(const void* m, int* format) {
  record("rocsparse_spmat_get_format", nullptr, {}, {}, m);
  *format = static_cast<const Csr*>(m)->format;
  return kSuccess;
}
FAKE int rocsparse_csr_get(const void* m, int64_t* rows, int64_t* cols, int64_t* nnz,
                           void** rowOffsets, void** colInd, void** values, int* rowType,
                           int* colType, int* base, int* valueType) {
  record("rocsparse_csr_get", nullptr);
  const auto* a = static_cast<const Csr*>(m);
  *rows = a->rows, *cols = a->cols, *nnz = a->nnz;
  *rowOffsets = a->rowOffsets, *colInd = a->colInd, *values = a->values;
  if (rowType == nullptr || colType == nullptr || base == nullptr || valueType == nullptr)
    return kInvalidPointer;
  *rowType = a->rowType, *colType = a->colType, *base = a->base, *valueType = a->valueType;
  return kSuccess;
}
FAKE int rocsparse_create_dnvec_descr(void** out, int64_t size, void* values, int valueType) {
  if (out == nullptr) return kInvalidPointer;
  *out = new DnVec{size, values, valueType};
  record("rocsparse_create_dnvec_descr", nullptr, {valueType}, {size}, values);
  return kSuccess;
}
FAKE int rocsparse_destroy_dnvec_descr(const void* v) {
  record("rocsparse_destroy_dnvec_descr", nullptr, {}, {}, v);
  delete static_cast<const DnVec*>(v);
  return kSuccess;
}
FAKE int rocsparse_create_dnmat_descr(void** out, int64_t rows, int64_t cols, int64_t ld,
                                      void* values, int valueType, int order) {
  if (out == nullptr) return kInvalidPointer;
  *out = new DnVec{rows * cols, values, valueType};
  record("rocsparse_create_dnmat_descr", nullptr, {valueType, order}, {rows, cols, ld}, values);
  return kSuccess;
}
FAKE int rocsparse_destroy_dnmat_descr(const void* v) {
  record("rocsparse_destroy_dnmat_descr", nullptr, {}, {}, v);
  delete static_cast<const DnVec*>(v);
  return kSuccess;
}

// The staged SpMV: a size for stage 1, nothing for 2, y = alpha * A * x + beta * y for 3.
FAKE int rocsparse_spmv(void* h, int op, const void* alpha, const void* matA, const void* vecX,
                        const void* beta, void* vecY, int computeType, int alg, int stage,
                        size_t* bufferSize, void* buffer) {
  record("rocsparse_spmv", h, {op, computeType, alg, stage}, {}, buffer, bufferSize);
  if (h == nullptr) return kInvalidHandle;
  if (bufferSize == nullptr) return kInvalidPointer;
  const auto* a = static_cast<const Csr*>(matA);
  if (op != kOpNone || computeType != kF32 || a->valueType != kF32 || a->rowType != kI32)
    return kNotImplemented;
  if (stage == 1) {
    *bufferSize = 256;
    return kSuccess;
  }
  if (stage == 2) return kSuccess;
  if (stage != 3) return kInvalidValue;
  csrmv(a->rows, static_cast<const int*>(a->rowOffsets), static_cast<const int*>(a->colInd),
        static_cast<const float*>(a->values), a->base,
        static_cast<const float*>(static_cast<const DnVec*>(vecX)->values),
        *static_cast<const float*>(alpha), *static_cast<const float*>(beta),
        static_cast<float*>(static_cast<DnVec*>(vecY)->values));
  return kSuccess;
}

FAKE int rocsparse_spmm(void* h, int opA, int opB, const void*, const void*, const void*,
                        const void*, void*, int computeType, int alg, int stage,
                        size_t* bufferSize, void* buffer) {
  record("rocsparse_spmm", h, {opA, opB, computeType, alg, stage}, {}, buffer, bufferSize);
  if (bufferSize == nullptr) return kInvalidPointer;
  if (stage == 1) *bufferSize = 512;
  return kSuccess;
}

// Legacy csrmv: rocSPARSE's takes an info object before x (AMD's hipSPARSE passes NULL).
FAKE int rocsparse_scsrmv(void* h, int trans, int m, int n, int nnz, const float* alpha,
                          const void* descr, const float* val, const int* ptr, const int* col,
                          const void* info, const float* x, const float* beta, float* y) {
  record("rocsparse_scsrmv", h, {trans, m, n, nnz}, {}, info, descr);
  if (trans != kOpNone) return kNotImplemented;
  csrmv(m, ptr, col, val, static_cast<const MatDescr*>(descr)->field[3], x, *alpha, *beta, y);
  return kSuccess;
}

// Level 1: y += alpha * x on the sparse indices.
FAKE int rocsparse_saxpyi(void* h, int nnz, const float* alpha, const float* xVal, const int* xInd,
                          float* y, int base) {
  record("rocsparse_saxpyi", h, {nnz, base});
  for (int k = 0; k < nnz; ++k) y[xInd[k] - base] += *alpha * xVal[k];
  return kSuccess;
}
FAKE int rocsparse_dgthr(void* h, int nnz, const double*, double*, const int*, int base) {
  record("rocsparse_dgthr", h, {nnz, base});
  return kSuccess;
}

// Answers with fakeRocsparseStatus.
FAKE int rocsparse_sgthr(void* h, int nnz, const float*, float*, const int*, int base) {
  record("rocsparse_sgthr", h, {nnz, base});
  return fakeRocsparseStatus;
}

// csc2dense: rocSPARSE takes the column pointers before the row indices.
FAKE int rocsparse_scsc2dense(void* h, int m, int n, const void*, const float*, const int* colPtr,
                              const int* rowInd, float*, int ld) {
  record("rocsparse_scsc2dense", h, {m, n, ld}, {}, colPtr, rowInd);
  return kSuccess;
}

// A size that does not fit hipSPARSE's int unless narrowed with care: the fake's is small.
FAKE int rocsparse_sgemvi_buffer_size(void* h, int trans, int m, int n, int nnz, size_t* size) {
  record("rocsparse_sgemvi_buffer_size", h, {trans, m, n, nnz}, {}, size);
  if (size == nullptr) return kInvalidPointer;
  *size = 4321;
  return kSuccess;
}

// Sparse to dense: a size query when the buffer is NULL, the conversion otherwise.
FAKE int rocsparse_sparse_to_dense(void* h, const void*, void*, int alg, size_t* size, void* buffer) {
  record("rocsparse_sparse_to_dense", h, {alg}, {}, buffer, size);
  if (buffer == nullptr) {
    if (size == nullptr) return kInvalidPointer;
    *size = 64;
  }
  return kSuccess;
}

FAKE int rocsparse_spvv(void* h, int op, const void*, const void*, void* result, int computeType,
                        size_t* size, void* buffer) {
  record("rocsparse_spvv", h, {op, computeType}, {}, buffer, size);
  if (size == nullptr) return kInvalidPointer;
  if (buffer == nullptr) *size = 32;
  else *static_cast<float*>(result) = 3;
  return kSuccess;
}

FAKE int rocsparse_csr2csc_buffer_size(void* h, int m, int n, int nnz, const int*, const int*,
                                       int copyValues, size_t* size) {
  record("rocsparse_csr2csc_buffer_size", h, {m, n, nnz, copyValues}, {}, size);
  if (size == nullptr) return kInvalidPointer;
  *size = 128;
  return kSuccess;
}

// csr2csc: records its buffer and (csc_row_ind, csc_col_ptr); refuses a missing buffer.
FAKE int rocsparse_scsr2csc(void* h, int m, int n, int nnz, const float*, const int*, const int*,
                            float*, int* cscRowInd, int* cscColPtr, int copyValues, int base,
                            void* buffer) {
  record("rocsparse_scsr2csc", h, {m, n, nnz, copyValues, base}, {}, cscRowInd, cscColPtr);
  fakeRocsparseLast.sizes[0] = buffer != nullptr;
  return buffer == nullptr ? kInvalidPointer : kSuccess;
}
FAKE int rocsparse_zcsr2csc(void* h, int m, int n, int nnz, const void*, const int*, const int*,
                            void*, int* cscRowInd, int* cscColPtr, int copyValues, int base,
                            void* buffer) {
  record("rocsparse_zcsr2csc", h, {m, n, nnz, copyValues, base}, {}, cscRowInd, cscColPtr);
  fakeRocsparseLast.sizes[0] = buffer != nullptr;
  return kSuccess;
}
