// HIP 7's run-time logging controls over unihip's log (core/log.h): hipExtSetLoggingParams keeps
// a level (AMD_LOG_LEVEL's scale), a size and a mask (AMD_LOG_MASK's bits; the API bit gates the
// call trace) until hipExtEnableLogging applies them; hipExtDisableLogging silences the log.
// Like AMD's runtime, every value is accepted.
#include "api/api_boundary.h"

using namespace unihip;

UNIHIP_EXPORT hipError_t hipExtSetLoggingParams(size_t log_level, size_t log_size,
                                                size_t log_mask) {
  UNIHIP_TRACE_hipExtSetLoggingParams(log_level, log_size, log_mask);
  log::setLoggingParams(log_level, log_size, log_mask);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipExtEnableLogging(void) {
  UNIHIP_TRACE_hipExtEnableLogging();
  log::enableLogging();
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipExtDisableLogging(void) {
  UNIHIP_TRACE_hipExtDisableLogging();
  log::disableLogging();
  UNIHIP_RETURN(kOk);
}
