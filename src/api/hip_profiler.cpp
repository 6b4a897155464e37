// hipProfilerStart / hipProfilerStop: AMD's runtime answers hipErrorNotSupported (profiling is
// driven by rocprof / nsys from outside), and so does unihip.
#include "api/api_boundary.h"

UNIHIP_EXPORT hipError_t hipProfilerStart(void) {
  UNIHIP_TRACE_API("hipProfilerStart()");
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipProfilerStop(void) {
  UNIHIP_TRACE_API("hipProfilerStop()");
  UNIHIP_RETURN_NOT_SUPPORTED();
}
