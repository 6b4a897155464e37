// AMD's stream extensions: streams restricted to a set of compute units (CU masks) and
// hipGetStreamDeviceId. CU masks exist on the HSA backend only (Backend::streamSetCuMask); a
// backend without them (CUDA: no way to restrict a stream's SMs) makes a plain stream, which runs
// on every compute unit, and hipExtStreamGetCUMask says so: all of the device's compute units.
#include <vector>

#include "api/api_boundary.h"
#include "base/log.h"
#include "core/handles.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// 32-bit words that hold one bit per compute unit of `d`.
uint32_t cuMaskWords(const Device& d) {
  int cus = d.props->multiProcessorCount;
  return cus <= 0 ? 1u : static_cast<uint32_t>((cus + 31) / 32);
}

Status createWithCuMask(hipStream_t* stream, uint32_t cuMaskSize, const uint32_t* cuMask) {
  if (stream == nullptr) return hipErrorInvalidHandle;
  if (cuMaskSize == 0 || cuMask == nullptr) return hipErrorInvalidValue;
  // AMD creates it at Priority::Normal, the middle of its range (hip-tests check
  // (least + greatest) / 2); on a backend whose range is CUDA's [0, -5] that is -2, not 0.
  Device* cur = nullptr;
  UNIHIP_TRY(currentDevice(&cur));
  int least = 0, greatest = 0;
  UNIHIP_TRY(cur->backend->streamPriorityRange(cur->local, &least, &greatest));
  hipStream_t s = nullptr;
  UNIHIP_TRY(hipStreamCreateWithPriority(&s, hipStreamDefault, (least + greatest) / 2));
  Device* d = Runtime::get().device(s->device);
  Status st = d->backend->streamSetCuMask(d->local, s->native, cuMask, cuMaskSize);
  if (st == hipErrorNotSupported) {
    UNIHIP_LOG_INFO("hipExtStreamCreateWithCUMask: this backend cannot restrict a stream's "
                    "compute units; the stream runs on all of them");
    st = kOk;
  }
  if (!st.ok()) {
    (void)hipStreamDestroy(s);
    return st;
  }
  *stream = s;
  return kOk;
}

// The stream's mask within the device's CUs (all of them where none was set).
Status getCuMask(hipStream_t stream, uint32_t cuMaskSize, uint32_t* cuMask) {
  if (cuMask == nullptr) return hipErrorInvalidValue;
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  const uint32_t words = cuMaskWords(*rs.device);
  if (cuMaskSize < words) return hipErrorInvalidValue;
  std::vector<uint32_t> mask(words, 0);
  Status s = rs.device->backend->streamGetCuMask(rs.device->local, rs.native, mask.data(), words);
  if (s == hipErrorNotSupported) {
    mask.assign(words, 0xffffffffu);  // no mask: every compute unit
  } else if (!s.ok()) {
    return s;
  }
  const int cus = rs.device->props->multiProcessorCount;
  for (uint32_t w = 0; w < words; ++w) {
    const int left = cus - static_cast<int>(w * 32);
    const uint32_t present = left >= 32 ? 0xffffffffu : (left <= 0 ? 0u : (1u << left) - 1);
    cuMask[w] = mask[w] & present;
  }
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipExtStreamCreateWithCUMask(hipStream_t* stream, uint32_t cuMaskSize,
                                                      const uint32_t* cuMask) {
  UNIHIP_TRACE_hipExtStreamCreateWithCUMask(stream, cuMaskSize, cuMask);
  UNIHIP_RETURN(createWithCuMask(stream, cuMaskSize, cuMask));
}

UNIHIP_EXPORT hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize,
                                               uint32_t* cuMask) {
  UNIHIP_TRACE_hipExtStreamGetCUMask(stream, cuMaskSize, cuMask);
  UNIHIP_RETURN(getCuMask(stream, cuMaskSize, cuMask));
}

// Not a hipError_t function: -1 for a destroyed stream (or no device), as AMD's runtime answers.
UNIHIP_EXPORT int hipGetStreamDeviceId(hipStream_t stream) {
  UNIHIP_TRACE_hipGetStreamDeviceId(stream);
  ResolvedStream rs;
  if (!resolveStream(stream, &rs).ok()) return -1;
  return rs.device->ordinal;
}
