/* unihip's CUDA headers: <cusolverDn.h>. cuSOLVER's dense API over hipSOLVER (link hipsolver). */
#ifndef CUSOLVERDN_H_
#define CUSOLVERDN_H_

#include "unihip_cuda/config.h"
#include "cusolver_common.h"

#endif /* CUSOLVERDN_H_ */
