// hipFFT's values against cuFFT's, each by a complete table (vendor_map.cpp). A value with no
// counterpart maps to -1 (refused as HIPFFT_INVALID_VALUE before cuFFT is called).
#pragma once

#include "hipfft/hipfftXt.h"

namespace unihip::hipfft {

// cufftResult -> hipfftResult. cuFFT 12 (CUDA 13) codes without a hipFFT counterpart:
// MISSING_DEPENDENCY -> SETUP_FAILED; LICENSE_ERROR, NVRTC/NVJITLINK/NVSHMEM failures and
// unknown codes -> INTERNAL_ERROR.
hipfftResult resultFromCufft(int cufftResult);
int cufftType(hipfftType type);               // cufftType_t value
int cufftSubFormat(hipfftXtSubFormat format); // cufftXtSubFormat_t value
int cudaDataType(hipDataType type);           // cudaDataType_t value (the FFT's types only)

}  // namespace unihip::hipfft
