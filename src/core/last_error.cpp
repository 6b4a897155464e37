#include "core/last_error.h"

namespace unihip {

UNIHIP_HOT_TLS hipError_t t_lastError = hipSuccess;

}  // namespace unihip
