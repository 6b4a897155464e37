// The cases of rng_cases.h run on the GPU: one thread per (case, start).
#include <hiprand/hiprand_kernel.h>

#include "rng_cases.h"

#define RNG(x) hiprand##x
RNG_DEFINE_RUNNER(static __device__, device_cases_run)

__global__ void run_cases(const rng_cases::Start* starts, int nstarts, int ncases, int steps,
                          uint64_t* out, int* counts) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= ncases * nstarts) return;
  rng_cases::Start st = starts[t % nstarts];
  counts[t] = device_cases_run(t / nstarts, st.seed, st.subsequence, st.offset, steps,
                               out + (size_t)t * 4 * steps);
}

extern "C" hipError_t launch_cases(const rng_cases::Start* starts, int nstarts, int ncases,
                                   int steps, uint64_t* out, int* counts) {
  int n = ncases * nstarts;
  run_cases<<<(n + 63) / 64, 64>>>(starts, nstarts, ncases, steps, out, counts);
  return hipGetLastError();
}
