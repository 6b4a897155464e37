// The timeline trace's C entry points (core/trace/timeline.h): on-demand writing, and roctx's
// ranges and marks from libroctx64 (src/roctx/).
#include "api/api_boundary.h"

using namespace unihip;

UNIHIP_EXPORT hipError_t unihipTraceWrite(const char* path) {
  if (!timeline::on()) return hipErrorNotReady;
  return timeline::write(path) ? hipSuccess : hipErrorInvalidValue;
}

UNIHIP_EXPORT void unihipTraceRoctx(int op, const char* message, uint64_t id) {
  if (op < 0 || op > static_cast<int>(timeline::RoctxOp::stop)) return;
  timeline::roctx(static_cast<timeline::RoctxOp>(op), message, id);
}
