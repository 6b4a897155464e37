// hipRAND's header, built by the host compiler: the same cases as the cuRAND reference.
#include <hiprand/hiprand_kernel.h>

#include "rng_cases.h"

#define RNG(x) hiprand##x
RNG_DEFINE_RUNNER(extern "C", hiprand_cases_run)
