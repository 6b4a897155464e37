#include "enum_map.h"

namespace unihip::blas {
namespace {

struct ComputeRow {
  hipblasComputeType_t hip;
  int cuda;  // cublasComputeType_t
  int roc;   // rocblas_datatype
};

constexpr ComputeRow kCompute[] = {
    {HIPBLAS_COMPUTE_16F, 64, 150},           {HIPBLAS_COMPUTE_16F_PEDANTIC, 65, 150},
    {HIPBLAS_COMPUTE_32F, 68, 151},           {HIPBLAS_COMPUTE_32F_PEDANTIC, 69, 151},
    {HIPBLAS_COMPUTE_32F_FAST_16F, 74, -1},   {HIPBLAS_COMPUTE_32F_FAST_16BF, 75, -1},
    {HIPBLAS_COMPUTE_32F_FAST_TF32, 77, -1},  {HIPBLAS_COMPUTE_64F, 70, 152},
    {HIPBLAS_COMPUTE_64F_PEDANTIC, 71, 152},  {HIPBLAS_COMPUTE_32I, 72, 162},
    {HIPBLAS_COMPUTE_32I_PEDANTIC, 73, 162},  {HIPBLAS_COMPUTE_32F_FAST_8F_FNUZ, -1, -1},
    {HIPBLAS_COMPUTE_32F_FAST_8BF_FNUZ, -1, -1}, {HIPBLAS_COMPUTE_32F_FAST_8F8BF_FNUZ, -1, -1},
    {HIPBLAS_COMPUTE_32F_FAST_8BF8F_FNUZ, -1, -1},
};

const ComputeRow* find(hipblasComputeType_t v) {
  for (const ComputeRow& r : kCompute)
    if (r.hip == v) return &r;
  return nullptr;
}

}  // namespace

bool valid(hipblasComputeType_t v) { return find(v) != nullptr; }
int toCuda(hipblasComputeType_t v) { return find(v) ? find(v)->cuda : -1; }
int toRoc(hipblasComputeType_t v) { return find(v) ? find(v)->roc : -1; }

int toRoc(hipDataType v) {
  switch (v) {  // rocblas_datatype's values
    case HIP_R_16F: return 150;
    case HIP_R_32F: return 151;
    case HIP_R_64F: return 152;
    case HIP_C_16F: return 153;
    case HIP_C_32F: return 154;
    case HIP_C_64F: return 155;
    case HIP_R_8I: return 160;
    case HIP_R_8U: return 161;
    case HIP_R_32I: return 162;
    case HIP_R_32U: return 163;
    case HIP_C_8I: return 164;
    case HIP_C_8U: return 165;
    case HIP_C_32I: return 166;
    case HIP_C_32U: return 167;
    case HIP_R_16BF: return 168;
    case HIP_C_16BF: return 169;
    default: return -1;
  }
}

}  // namespace unihip::blas
