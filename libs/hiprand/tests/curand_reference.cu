// cuRAND's device API, compiled for the host (clang's CUDA mode, host pass only),
// as the reference hipRAND's header must reproduce bit for bit.
//
// cuRAND's inverse-CDF normal (the Sobol states') calls erfcinvf/erfcinv; without
// HOST_HAVE_ERFCINVF its host pass returns 0. CUDA's math headers have host versions of
// both, which the reference uses: an implementation independent of hipRAND's host one.
#define HOST_HAVE_ERFCINVF

#include <curand_kernel.h>

#include "rng_cases.h"

#define RNG(x) curand##x
RNG_DEFINE_RUNNER(extern "C", curand_reference_run)
