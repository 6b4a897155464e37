// cuRAND's own device API, compiled for the host (clang's CUDA mode, host pass only),
// as the reference hipRAND's header must reproduce bit for bit.
#include <curand_kernel.h>

#include "rng_cases.h"

#define RNG(x) curand##x
RNG_DEFINE_RUNNER(extern "C", curand_reference_run)
