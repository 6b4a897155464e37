/* unihip's CUDA headers: <cusparse.h>. cuSPARSE over hipSPARSE (link hipsparse). */
#ifndef CUSPARSE_H_
#define CUSPARSE_H_

#include "unihip_cuda/config.h"
/* The library's calling convention (none on Linux); code tests it to see the header included. */
#ifndef CUSPARSEAPI
#define CUSPARSEAPI
#endif
#include "cuComplex.h"
#include "library_types.h"
#include <hipsparse/hipsparse.h>
#include "unihip_cuda/map_cusparse.h"

#endif /* CUSPARSE_H_ */
