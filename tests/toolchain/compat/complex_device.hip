// std::complex multiplication and division in device code: clang lowers them to calls of the
// runtime's __mulsc3/__divsc3/__muldc3/__divdc3, which the device needs definitions of
// (clang's __clang_cuda_complex_builtins.h, as its CUDA and HIP wrappers include); without them
// ptxas stops at "Unresolved extern function '__divsc3'" (hip-tests' deviceLib/hipStdComplex.cc).
#include <hip/hip_runtime.h>

#include <complex>

__global__ void complexArith(std::complex<float>* f, std::complex<double>* d) {
  f[0] = f[1] / f[2];
  f[3] = f[4] * f[5];
  d[0] = d[1] / d[2];
  d[3] = d[4] * d[5];
}

int main() { return 0; }
