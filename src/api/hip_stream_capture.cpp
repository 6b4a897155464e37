// Stream capture. unihip has no graphs yet (issue 14), so no stream is ever capturing: the
// queries answer hipStreamCaptureStatusNone, the per-thread capture mode is kept for
// hipThreadExchangeStreamCaptureMode, and starting or ending a capture is not supported (after
// AMD's argument checks).
#include "api/api_boundary.h"
#include "core/handles.h"

using namespace unihip;

namespace {

thread_local hipStreamCaptureMode t_captureMode = hipStreamCaptureModeGlobal;

bool isLegacy(hipStream_t s) { return s == nullptr || s == hipStreamLegacy; }

// A stream handle capture functions accept: the special handles, or a live stream.
Status checkStream(hipStream_t s) {
  if (isLegacy(s) || s == hipStreamPerThread || isLive(s)) return kOk;
  return hipErrorContextIsDestroyed;
}

bool validMode(hipStreamCaptureMode mode) {
  return mode >= hipStreamCaptureModeGlobal && mode <= hipStreamCaptureModeRelaxed;
}

// The capture status of `stream`: always None until unihip captures.
Status captureStatus(hipStream_t stream, hipStreamCaptureStatus* status) {
  if (status == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(checkStream(stream));
  *status = hipStreamCaptureStatusNone;
  return kOk;
}

// AMD's order: the legacy stream cannot capture, then the mode, then the stream handle.
Status checkBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  if (isLegacy(stream)) return hipErrorStreamCaptureUnsupported;
  if (!validMode(mode)) return hipErrorInvalidValue;
  return checkStream(stream);
}

Status checkEndCapture(hipStream_t stream, hipGraph_t* pGraph) {
  if (pGraph == nullptr) return hipErrorInvalidValue;
  if (isLegacy(stream)) return hipErrorIllegalState;
  return checkStream(stream);
}

}  // namespace

#define CAPTURE_CHECK(expr)                        \
  do {                                             \
    ::unihip::Status capture_s_ = (expr);          \
    if (!capture_s_.ok()) UNIHIP_RETURN(capture_s_); \
  } while (0)

UNIHIP_EXPORT hipError_t hipStreamIsCapturing(hipStream_t stream,
                                              hipStreamCaptureStatus* pCaptureStatus) {
  UNIHIP_TRACE_API("hipStreamIsCapturing({})", fmt::ptr(stream));
  UNIHIP_RETURN(captureStatus(stream, pCaptureStatus));
}

UNIHIP_EXPORT hipError_t hipStreamIsCapturing_spt(hipStream_t stream,
                                                  hipStreamCaptureStatus* pCaptureStatus) {
  UNIHIP_TRACE_API("hipStreamIsCapturing_spt({})", fmt::ptr(stream));
  UNIHIP_RETURN(captureStatus(unihipPerThreadStream(stream), pCaptureStatus));
}

// The capture id is written only for an active capture, as in AMD's runtime.
UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                                 hipStreamCaptureStatus* pCaptureStatus,
                                                 unsigned long long* pId) {
  UNIHIP_TRACE_API("hipStreamGetCaptureInfo({}, {})", fmt::ptr(stream), fmt::ptr(pId));
  UNIHIP_RETURN(captureStatus(stream, pCaptureStatus));
}

UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream,
                                                     hipStreamCaptureStatus* pCaptureStatus,
                                                     unsigned long long* pId) {
  UNIHIP_TRACE_API("hipStreamGetCaptureInfo_spt({}, {})", fmt::ptr(stream), fmt::ptr(pId));
  UNIHIP_RETURN(captureStatus(unihipPerThreadStream(stream), pCaptureStatus));
}

UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
                                                    hipStreamCaptureStatus* captureStatus_out,
                                                    unsigned long long* id_out,
                                                    hipGraph_t* graph_out,
                                                    const hipGraphNode_t** dependencies_out,
                                                    size_t* numDependencies_out) {
  UNIHIP_TRACE_API("hipStreamGetCaptureInfo_v2({})", fmt::ptr(stream));
  (void)id_out, (void)graph_out, (void)dependencies_out, (void)numDependencies_out;
  UNIHIP_RETURN(captureStatus(stream, captureStatus_out));
}

UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo_v2_spt(hipStream_t stream,
                                                        hipStreamCaptureStatus* captureStatus_out,
                                                        unsigned long long* id_out,
                                                        hipGraph_t* graph_out,
                                                        const hipGraphNode_t** dependencies_out,
                                                        size_t* numDependencies_out) {
  UNIHIP_TRACE_API("hipStreamGetCaptureInfo_v2_spt({})", fmt::ptr(stream));
  (void)id_out, (void)graph_out, (void)dependencies_out, (void)numDependencies_out;
  UNIHIP_RETURN(captureStatus(unihipPerThreadStream(stream), captureStatus_out));
}

UNIHIP_EXPORT hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode) {
  UNIHIP_TRACE_API("hipThreadExchangeStreamCaptureMode({})", fmt::ptr(mode));
  if (mode == nullptr || !validMode(*mode)) UNIHIP_RETURN(hipErrorInvalidValue);
  hipStreamCaptureMode previous = t_captureMode;
  t_captureMode = *mode;
  *mode = previous;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  UNIHIP_TRACE_API("hipStreamBeginCapture({}, {})", fmt::ptr(stream), static_cast<int>(mode));
  CAPTURE_CHECK(checkBeginCapture(stream, mode));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode) {
  UNIHIP_TRACE_API("hipStreamBeginCapture_spt({}, {})", fmt::ptr(stream), static_cast<int>(mode));
  CAPTURE_CHECK(checkBeginCapture(unihipPerThreadStream(stream), mode));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                                      const hipGraphNode_t* dependencies,
                                                      const hipGraphEdgeData* dependencyData,
                                                      size_t numDependencies,
                                                      hipStreamCaptureMode mode) {
  UNIHIP_TRACE_API("hipStreamBeginCaptureToGraph({}, {}, {})", fmt::ptr(stream), fmt::ptr(graph),
                   numDependencies);
  // AMD's runtime takes no edge data at all.
  if (dependencyData != nullptr) UNIHIP_RETURN(hipErrorNotSupported);
  if (graph == nullptr || (dependencies == nullptr) != (numDependencies == 0))
    UNIHIP_RETURN(hipErrorInvalidValue);
  CAPTURE_CHECK(checkBeginCapture(stream, mode));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph) {
  UNIHIP_TRACE_API("hipStreamEndCapture({}, {})", fmt::ptr(stream), fmt::ptr(pGraph));
  CAPTURE_CHECK(checkEndCapture(stream, pGraph));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t* pGraph) {
  UNIHIP_TRACE_API("hipStreamEndCapture_spt({}, {})", fmt::ptr(stream), fmt::ptr(pGraph));
  CAPTURE_CHECK(checkEndCapture(unihipPerThreadStream(stream), pGraph));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                                            hipGraphNode_t* dependencies,
                                                            size_t numDependencies,
                                                            unsigned int flags) {
  UNIHIP_TRACE_API("hipStreamUpdateCaptureDependencies({}, {}, {}, {:#x})", fmt::ptr(stream),
                   fmt::ptr(dependencies), numDependencies, flags);
  CAPTURE_CHECK(checkStream(stream));
  if ((numDependencies > 0 && dependencies == nullptr) ||
      (flags != hipStreamAddCaptureDependencies && flags != hipStreamSetCaptureDependencies))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
