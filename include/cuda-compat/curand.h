/* unihip's CUDA headers: <curand.h>. cuRAND's host API over hipRAND (link hiprand). */
#ifndef CURAND_H_
#define CURAND_H_

#include "unihip_cuda/config.h"
/* The library's calling convention (none on Linux); code tests it to see the header included. */
#ifndef CURANDAPI
#define CURANDAPI
#endif
#include <hiprand/hiprand.h>
#include "unihip_cuda/map_curand.h"

#endif /* CURAND_H_ */
