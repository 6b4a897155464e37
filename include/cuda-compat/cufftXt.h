/* unihip's CUDA headers: <cufftXt.h>. cuFFT's Xt API as far as hipfftXt.h has it. */
#ifndef _CUFFTXT_H_
#define _CUFFTXT_H_

#include "unihip_cuda/config.h"
#include "cufft.h"
#include <hipfft/hipfftXt.h>

#endif /* _CUFFTXT_H_ */
