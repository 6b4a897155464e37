#include "vendor_map.h"

#include <iterator>

namespace unihip::hipfft {
namespace {

template <class From, size_t N>
int lookup(const From (&table)[N][2], int value) {
  for (const auto& row : table)
    if (static_cast<int>(row[0]) == value) return static_cast<int>(row[1]);
  return -1;
}

// {cuFFT's value, hipFFT's}: cuFFT 11's codes (CUDA 12); cuFFT 12 (CUDA 13) dropped 10, 12
// and 15 and added 17-20.
constexpr int kResults[][2] = {
    {0, HIPFFT_SUCCESS},         {1, HIPFFT_INVALID_PLAN},    {2, HIPFFT_ALLOC_FAILED},
    {3, HIPFFT_INVALID_TYPE},    {4, HIPFFT_INVALID_VALUE},   {5, HIPFFT_INTERNAL_ERROR},
    {6, HIPFFT_EXEC_FAILED},     {7, HIPFFT_SETUP_FAILED},    {8, HIPFFT_INVALID_SIZE},
    {9, HIPFFT_UNALIGNED_DATA},  {10, HIPFFT_INCOMPLETE_PARAMETER_LIST},
    {11, HIPFFT_INVALID_DEVICE}, {12, HIPFFT_PARSE_ERROR},    {13, HIPFFT_NO_WORKSPACE},
    {14, HIPFFT_NOT_IMPLEMENTED}, {15, HIPFFT_INTERNAL_ERROR}, {16, HIPFFT_NOT_SUPPORTED},
    {17, HIPFFT_SETUP_FAILED},   {18, HIPFFT_INTERNAL_ERROR}, {19, HIPFFT_INTERNAL_ERROR},
    {20, HIPFFT_INTERNAL_ERROR},
};

// {hipFFT's, cuFFT's}: CUFFT_R2C 0x2a, C2R 0x2c, C2C 0x29, D2Z 0x6a, Z2D 0x6c, Z2Z 0x69.
constexpr int kTypes[][2] = {
    {HIPFFT_R2C, 0x2a}, {HIPFFT_C2R, 0x2c}, {HIPFFT_C2C, 0x29},
    {HIPFFT_D2Z, 0x6a}, {HIPFFT_Z2D, 0x6c}, {HIPFFT_Z2Z, 0x69},
};

// hipFFT's UNDEFINED (5) is cuFFT's CUFFT_FORMAT_UNDEFINED (7); cuFFT's 5/6 (distributed
// formats) have no hipFFT name.
constexpr int kSubFormats[][2] = {
    {HIPFFT_XT_FORMAT_INPUT, 0},           {HIPFFT_XT_FORMAT_OUTPUT, 1},
    {HIPFFT_XT_FORMAT_INPLACE, 2},         {HIPFFT_XT_FORMAT_INPLACE_SHUFFLED, 3},
    {HIPFFT_XT_FORMAT_1D_INPUT_SHUFFLED, 4}, {HIPFFT_FORMAT_UNDEFINED, 7},
};

// CUDA_R_32F 0, R_64F 1, R_16F 2, C_32F 4, C_64F 5, C_16F 6, R_16BF 14, C_16BF 15.
constexpr int kDataTypes[][2] = {
    {HIP_R_32F, 0}, {HIP_R_64F, 1}, {HIP_R_16F, 2},   {HIP_C_32F, 4},
    {HIP_C_64F, 5}, {HIP_C_16F, 6}, {HIP_R_16BF, 14}, {HIP_C_16BF, 15},
};

}  // namespace

hipfftResult resultFromCufft(int r) {
  int mapped = lookup(kResults, r);
  return mapped < 0 ? HIPFFT_INTERNAL_ERROR : static_cast<hipfftResult>(mapped);
}
int cufftType(hipfftType t) { return lookup(kTypes, t); }
int cufftSubFormat(hipfftXtSubFormat f) { return lookup(kSubFormats, f); }
int cudaDataType(hipDataType t) { return lookup(kDataTypes, t); }

}  // namespace unihip::hipfft
