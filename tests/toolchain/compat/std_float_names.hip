// compat-run
// The C functions of float under std (std::floorf, std::truncf, ...), host and device: clang's
// HIP wrapper brings them into std (libstdc++ leaves them out), and HIP code calls them so
// (hip-tests' deviceLib/fp16_ops.cc).
#include <hip/hip_runtime.h>

#include <cmath>

__global__ void floatNames(float* x) {
  x[0] = std::floorf(x[1]) + std::truncf(x[2]) + std::ceilf(x[3]) + std::rintf(x[4]);
  x[5] = std::sqrtf(x[6]) + std::fmaf(x[7], x[8], x[9]) + std::powf(x[10], 2.0f);
}

int main() {
  const bool ok = std::floorf(1.5f) == 1.0f && std::truncf(-1.5f) == -1.0f &&
                  std::ceilf(1.25f) == 2.0f && std::rintf(2.5f) == 2.0f;
  return ok ? 0 : 1;
}
