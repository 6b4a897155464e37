// Argument checks shared by the memory family's entry points (copies, fills, allocations), in
// the order and with the codes AMD's runtime uses. Pure functions: no lock, no allocation, so
// the async copy and fill paths can call them.
#pragma once

#include <cstdint>

#include "backend.h"
#include "core/runtime.h"
#include "core/status.h"

namespace unihip::memory {

// hipMemcpyKind -> CopyDirection; hipErrorInvalidMemcpyDirection for any other value.
inline Status copyDirection(hipMemcpyKind kind, CopyDirection* dir) {
  switch (kind) {
    case hipMemcpyHostToHost: *dir = CopyDirection::HostToHost; return kOk;
    case hipMemcpyHostToDevice: *dir = CopyDirection::HostToDevice; return kOk;
    case hipMemcpyDeviceToHost: *dir = CopyDirection::DeviceToHost; return kOk;
    case hipMemcpyDeviceToDevice:
    case hipMemcpyDeviceToDeviceNoCU: *dir = CopyDirection::DeviceToDevice; return kOk;
    case hipMemcpyDefault: *dir = CopyDirection::Default; return kOk;
  }
  return hipErrorInvalidMemcpyDirection;
}

// A linear copy: the kind first, then null pointers (a zero-byte copy may name none).
inline Status checkCopy(void* dst, const void* src, size_t size, hipMemcpyKind kind,
                        CopyDirection* dir) {
  UNIHIP_TRY(copyDirection(kind, dir));
  if (size != 0 && (dst == nullptr || src == nullptr)) return hipErrorInvalidValue;
  return kOk;
}

// A fill of `count` elements of `elementSize` bytes (1, 2 or 4): nothing to do for none; else a
// null or misaligned destination is hipErrorInvalidValue, as is a byte size past SIZE_MAX.
inline Status checkFill(const void* dst, size_t count, size_t elementSize) {
  if (count == 0) return kOk;
  if (dst == nullptr) return hipErrorInvalidValue;
  if (reinterpret_cast<uintptr_t>(dst) % elementSize != 0) return hipErrorInvalidValue;
  if (count > SIZE_MAX / elementSize) return hipErrorInvalidValue;
  return kOk;
}

// A 2D copy's geometry (hipMemcpy2D*): the kind, then nothing to do for an empty extent, then
// a row wider than either pitch is hipErrorInvalidPitchValue, then null pointers.
inline Status check2DCopy(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                          size_t height, hipMemcpyKind kind, bool* empty) {
  CopyDirection dir;
  UNIHIP_TRY(copyDirection(kind, &dir));
  *empty = width == 0 || height == 0;
  if (*empty) return kOk;
  if (width > dpitch || width > spitch) return hipErrorInvalidPitchValue;
  if (dst == nullptr || src == nullptr) return hipErrorInvalidValue;
  return kOk;
}

// A 2D fill's geometry (hipMemset2D*): nothing to do for an empty extent; a null destination or
// a row wider than the pitch is hipErrorInvalidValue.
inline Status check2DFill(const void* dst, size_t pitch, size_t width, size_t height,
                          bool* empty) {
  *empty = width == 0 || height == 0;
  if (*empty) return kOk;
  if (dst == nullptr) return hipErrorInvalidValue;
  if (height > 1 && pitch < width) return hipErrorInvalidValue;
  return kOk;
}

// A HIP device ordinal -> its Device; hipErrorInvalidDevice when out of range.
inline Status deviceByOrdinal(int ordinal, Device** out) {
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) return hipErrorNoDevice;
  *out = rt.device(ordinal);
  return *out != nullptr ? kOk : Status(hipErrorInvalidDevice);
}

}  // namespace unihip::memory
