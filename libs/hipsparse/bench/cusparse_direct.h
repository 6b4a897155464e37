// cuSPARSE's SpMV called directly (no hipSPARSE in between), for bench_spmv's comparison. Kept
// apart from the HIP headers: cusparse.h brings CUDA's vector types, which HIP's also define.
#pragma once

#include <cstdint>
#include <string>

struct DirectSpMV;

// A cuSPARSE handle on `cuStream` and a float CSR SpMV (32-bit indices, base zero) over the given
// device arrays; nullptr with `why` set when cuSPARSE cannot be loaded or refuses.
DirectSpMV* directSpMVCreate(void* cuStream, int64_t rows, int64_t cols, int64_t nnz, void* rowPtr,
                             void* colInd, void* values, void* x, void* y, std::string* why);
// The work buffer cuSPARSE asked for, and where the caller put it (device memory).
size_t directSpMVBufferBytes(const DirectSpMV* s);
void directSpMVSetBuffer(DirectSpMV* s, void* buffer);
// One y = alpha * A * x + beta * y, enqueued; false if cuSPARSE refused it.
bool directSpMVRun(DirectSpMV* s, float alpha, float beta);
void directSpMVDestroy(DirectSpMV* s);
