// cuSOLVER's getrf called directly (no hipSOLVER in between), for bench_getrf's comparison. Kept
// apart from the HIP headers: cusolverDn.h brings CUDA's vector types, which HIP's also define.
#pragma once

#include <string>

struct DirectGetrf;

// A cuSOLVER handle on `cuStream`; nullptr with `why` set when cuSOLVER cannot be loaded or refuses.
DirectGetrf* directGetrfCreate(void* cuStream, std::string* why);
// cusolverDnDgetrf_bufferSize's answer (elements), or -1.
int directGetrfBufferSize(DirectGetrf* s, int n, double* A, int lda);
// One LU factorization, enqueued; false if cuSOLVER refused it.
bool directGetrfRun(DirectGetrf* s, int n, double* A, int lda, double* work, int* ipiv, int* info);
void directGetrfDestroy(DirectGetrf* s);
