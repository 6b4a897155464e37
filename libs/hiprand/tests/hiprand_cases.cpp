// hipRAND's header, built by the host compiler: the same cases as the cuRAND reference.
#include <hiprand/hiprand_kernel.h>

#include "rng_cases.h"

#define RNG(x) hiprand##x
RNG_DEFINE_RUNNER(extern "C", hiprand_cases_run)

// The host erfcinv, for test_hiprand_kernel_cpu.cpp's check against erfc.
extern "C" double hiprand_cases_erfcinv(double y) { return hiprand_detail::erfcinv_host(y); }
