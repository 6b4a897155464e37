// __managed__ is refused at compile time with a message naming the alternative.
#include <hip/hip_runtime.h>

__managed__ int counter;

__global__ void bump() { counter += 1; }
