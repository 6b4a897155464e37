/* unihip's CUDA headers: <cufft.h>. cuFFT over hipFFT (link hipfft). */
#ifndef _CUFFT_H_
#define _CUFFT_H_

#include "unihip_cuda/config.h"
/* The library's calling convention (none on Linux); code tests it to see the header included. */
#ifndef CUFFTAPI
#define CUFFTAPI
#endif
#include <hipfft/hipfft.h>
#include "cuComplex.h"
#include "unihip_cuda/map_cufft.h"

#endif /* _CUFFT_H_ */
