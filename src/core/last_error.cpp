#include "core/last_error.h"

namespace unihip {

thread_local hipError_t t_lastError = hipSuccess;

}  // namespace unihip
