// hipProfilerStart / hipProfilerStop: start and stop the vendor profiler's collection for the
// current device (NVIDIA: cuProfilerStart/Stop, seen by Nsight Systems' and ncu's
// --capture-range=cudaProfilerApi). AMD's runtime toggles its own tracer; unihip's HSA backend
// has none and answers hipErrorNotSupported.
#include "api/api_boundary.h"
#include "core/runtime.h"

using namespace unihip;

namespace {

Status profilerControl(bool start) {
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  return d->backend->profilerControl(d->local, start);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipProfilerStart(void) {
  UNIHIP_TRACE_hipProfilerStart();
  UNIHIP_RETURN(profilerControl(true));
}

UNIHIP_EXPORT hipError_t hipProfilerStop(void) {
  UNIHIP_TRACE_hipProfilerStop();
  UNIHIP_RETURN(profilerControl(false));
}
