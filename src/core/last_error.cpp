#include "core/last_error.h"

namespace unihip {

UNIHIP_HOT_TLS hipError_t t_lastError = hipSuccess;
UNIHIP_HOT_TLS hipError_t t_lastCallError = hipSuccess;

}  // namespace unihip
