// cuFFT's 2-D single-precision complex transform called directly (no hipFFT in between), for
// bench_c2c's comparison. Kept apart from the HIP headers: cufft.h brings CUDA's vector types,
// which HIP's also define.
#pragma once

#include <string>

struct DirectFft;

// cufftPlan2d(nx, ny, C2C) on `cuStream`; nullptr with `why` set when cuFFT cannot be loaded or
// refuses. The current context must be unihip's.
DirectFft* directFftCreate(void* cuStream, int nx, int ny, std::string* why);
// One forward transform of `data` (nx * ny interleaved complex floats) in place, enqueued; false
// if cuFFT refused it.
bool directFftForward(DirectFft* s, void* data);
void directFftDestroy(DirectFft* s);
