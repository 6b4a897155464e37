/* unihip's CUDA headers: <cusolver_common.h>. cuSOLVER's types over hipSOLVER. */
#ifndef CUSOLVER_COMMON_H_
#define CUSOLVER_COMMON_H_

#include "unihip_cuda/config.h"
/* The library's calling convention (none on Linux); code tests it to see the header included. */
#ifndef CUSOLVERAPI
#define CUSOLVERAPI
#endif
#include "cuComplex.h"
#include "library_types.h"
#include <hipsolver/hipsolver.h>
#include "unihip_cuda/map_cusolver.h"

#endif /* CUSOLVER_COMMON_H_ */
