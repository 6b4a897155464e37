/* unihip's CUDA headers: <cusolver_common.h>. cuSOLVER's types over hipSOLVER. */
#ifndef CUSOLVER_COMMON_H_
#define CUSOLVER_COMMON_H_

#include "unihip_cuda/config.h"
#include "cuComplex.h"
#include "library_types.h"
#include <hipsolver/hipsolver.h>
#include "unihip_cuda/map_cusolver.h"

#endif /* CUSOLVER_COMMON_H_ */
