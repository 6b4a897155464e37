/* unihip's CUDA headers: <cuComplex.h>. cuFloatComplex/cuDoubleComplex and cuC* over hip_complex.h. */
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#include "unihip_cuda/config.h"
#include <hip/hip_complex.h>
#include "unihip_cuda/map_cucomplex.h"

#endif /* CU_COMPLEX_H_ */
