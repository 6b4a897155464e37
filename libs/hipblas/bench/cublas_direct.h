// cuBLAS's GEMMs called directly (no hipBLAS in between), for bench_gemm's comparison. Kept apart
// from the HIP headers: cuBLAS's bring CUDA's vector types, which HIP's also define.
#pragma once

#include <string>

struct DirectBlas;

// A cuBLAS handle on `cuStream` (default math mode, as hipblasCreate leaves it); nullptr with
// `why` set when cuBLAS cannot be loaded or refuses. The current context must be unihip's.
DirectBlas* directBlasCreate(void* cuStream, std::string* why);
// C = A B, n x n column-major, no transposes, alpha 1, beta 0; enqueued. False if cuBLAS refused.
bool directSgemm(DirectBlas* s, int n, const float* A, const float* B, float* C);
bool directDgemm(DirectBlas* s, int n, const double* A, const double* B, double* C);
// `batch` of those, each matrix n * n elements after the previous.
bool directSgemmStridedBatched(DirectBlas* s, int n, int batch, const float* A, const float* B,
                               float* C);
// `batch` of those, the matrices given by device arrays of pointers.
bool directSgemmBatched(DirectBlas* s, int n, int batch, const float* const* A,
                        const float* const* B, float* const* C);
void directBlasDestroy(DirectBlas* s);
