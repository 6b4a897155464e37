// Device-only build of the benchmark kernels for the driver variant: nvcc -cubin / -ptx.
#include "bench_kernels.cuh"
