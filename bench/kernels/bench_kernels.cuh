// The kernels every variant launches: compiled by unihipcc (bench_unihip), by nvcc into the
// cudart executable (bench_cudart), and by nvcc into a cubin and a PTX file (bench_driver and the
// module-load figures). extern "C" so the driver API finds them by their plain names.
//
// The bodies do no work: these kernels measure launch cost as a function of argument bytes
// (0, 24, 128 and 1032). The never-true branches keep the arguments alive in the PTX.
#pragma once

#include "bench_args.h"

extern "C" __global__ void bench_empty() {}

// 24 bytes of arguments (8 + 8 + 4 + 4).
extern "C" __global__ void bench_args4(float* out, const float* in, int n, float scale) {
  if (n < 0) out[threadIdx.x] = in[threadIdx.x] * scale;
}

// 128 bytes of arguments.
extern "C" __global__ void bench_args16(int* p0, int* p1, int* p2, int* p3, int* p4, int* p5,
                                        int* p6, int* p7, int* p8, int* p9, int* p10, int* p11,
                                        int* p12, int* p13, int* p14, int* p15) {
  if (p0 == p15 && p0 != nullptr && threadIdx.x > 4096)
    *p0 = *p1 + *p2 + *p3 + *p4 + *p5 + *p6 + *p7 + *p8 + *p9 + *p10 + *p11 + *p12 + *p13 + *p14;
}

// 1024 bytes of arguments.
extern "C" __global__ void bench_struct1k(BenchArgs1K s, int* out) {
  if (out != nullptr && threadIdx.x > 4096) *out = static_cast<int>(s.words[threadIdx.x & 255]);
}
