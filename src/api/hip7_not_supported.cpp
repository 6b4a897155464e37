// HIP 7 entry points unihip does not implement yet: each validates nothing and returns
// hipErrorNotSupported (logged once), on every backend. One row per function; the declaration
// in include/hip/unihip/api/hip7.h is in scope, so a row whose parameter types differ from it
// does not compile. scripts/api_coverage.py reads the rows (UNIHIP_NOT_YET) as "not supported".
// A function leaves this list when its family is implemented in its own src/api file.
#include "api/api_boundary.h"

#define UNIHIP_NOT_YET(name, params) \
  UNIHIP_EXPORT hipError_t name params { UNIHIP_RETURN_NOT_SUPPORTED(); }

// Modules, libraries, kernels: unihip's modules do not set up __managed__ variables (only
// registered fat binaries' are), so a library has none to hand out.
UNIHIP_NOT_YET(hipLibraryGetManaged, (void**, size_t*, hipLibrary_t, const char*))
