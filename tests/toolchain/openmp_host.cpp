// -fopenmp in a HIP source: host code uses OpenMP, device code is unaffected. (No <omp.h>:
// Debian's clang-19 comes without libomp.)
#include <hip/hip_runtime.h>
__global__ void ompKernel(int* p) { *p = 1; }
int main() {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n += 1;
  return n > 0 ? 0 : 1;
}
