// __managed__ compiles for every target where unihipcc has its NVPTX pass plugin.
#include <hip/hip_runtime.h>

__managed__ int counter;

__global__ void bump() { counter += 1; }
