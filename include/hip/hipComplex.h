/* unihip: HIP's alternative name for hip_complex.h. */
#ifndef UNIHIP_HIPCOMPLEX_H
#define UNIHIP_HIPCOMPLEX_H
#include "hip/hip_complex.h"
#endif
