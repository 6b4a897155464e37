// Device variables by their host-side handle (the shadow variable clang registers through
// __hipRegisterVar): hipMemcpyToSymbol/FromSymbol (+Async, +_spt), hipGetSymbolAddress/Size.
//
// HIP semantics: the symbol is the address of the host shadow of a __device__ or __constant__
// variable; an unregistered one is hipErrorInvalidSymbol. A copy must stay inside the variable
// (offset + size <= its size, else hipErrorInvalidValue), and its kind must name the symbol's
// side as device memory (To: HostToDevice/DeviceToDevice/Default; From: DeviceToHost/
// DeviceToDevice/Default; else hipErrorInvalidMemcpyDirection). The address is resolved on the
// current device (sync forms, GetSymbol*) or on the stream's device (async forms), loading the
// variable's module there if needed.
#include "api/api_boundary.h"
#include "core/runtime.h"
#include "base/allocation_map.h"
#include "core/stream_resolve.h"
#include "core/registry.h"

using namespace unihip;

namespace {

struct SymbolRange {
  char* address = nullptr;  // device address of the variable plus the offset
  size_t size = 0;          // the variable's size
};

Status symbolOn(const Device& device, const void* symbol, SymbolRange* out) {
  if (symbol == nullptr) return hipErrorInvalidSymbol;
  VariableRecord* variable = Registry::get().findVariable(symbol);
  if (variable == nullptr) return hipErrorInvalidSymbol;
  void* address = nullptr;
  size_t size = 0;
  UNIHIP_TRY(Registry::get().variableAddress(variable, device, &address, &size));
  // The variable's storage is device memory a user may fill (hipMemset on hipGetSymbolAddress).
  if (size != 0 && !AllocationMap::get().containsRange(address, size))
    AllocationMap::get().insert({address, size, device.ordinal, AllocationKind::Variable});
  out->address = static_cast<char*>(address);
  out->size = size;
  return kOk;
}

// The device-side range [offset, offset + size) of `symbol`, checked against its size.
Status symbolRange(const Device& device, const void* symbol, size_t size, size_t offset,
                   SymbolRange* out) {
  UNIHIP_TRY(symbolOn(device, symbol, out));
  if (offset > out->size || size > out->size - offset) return hipErrorInvalidValue;
  out->address += offset;
  return kOk;
}

Status toSymbolDirection(hipMemcpyKind kind, CopyDirection* dir) {
  switch (kind) {
    case hipMemcpyHostToDevice: *dir = CopyDirection::HostToDevice; return kOk;
    case hipMemcpyDeviceToDevice: *dir = CopyDirection::DeviceToDevice; return kOk;
    case hipMemcpyDefault: *dir = CopyDirection::Default; return kOk;
    default: return hipErrorInvalidMemcpyDirection;
  }
}

Status fromSymbolDirection(hipMemcpyKind kind, CopyDirection* dir) {
  switch (kind) {
    case hipMemcpyDeviceToHost: *dir = CopyDirection::DeviceToHost; return kOk;
    case hipMemcpyDeviceToDevice: *dir = CopyDirection::DeviceToDevice; return kOk;
    case hipMemcpyDefault: *dir = CopyDirection::Default; return kOk;
    default: return hipErrorInvalidMemcpyDirection;
  }
}

// One copy between `symbol` and `other` (host or device memory); `toSymbol` says which way.
// `stream` is null for the synchronous forms (`async` false).
Status symbolCopy(const void* symbol, void* other, size_t size, size_t offset, hipMemcpyKind kind,
                  bool toSymbol, bool async, hipStream_t stream) {
  CopyDirection dir;
  UNIHIP_TRY(toSymbol ? toSymbolDirection(kind, &dir) : fromSymbolDirection(kind, &dir));
  if (size != 0 && other == nullptr) return hipErrorInvalidValue;
  ResolvedStream rs;
  if (async) {
    UNIHIP_TRY(resolveStream(stream, &rs));
  } else {
    UNIHIP_TRY(currentDevice(&rs.device));
  }
  SymbolRange range;
  UNIHIP_TRY(symbolRange(*rs.device, symbol, size, offset, &range));
  if (size == 0) return kOk;
  void* dst = toSymbol ? static_cast<void*>(range.address) : other;
  const void* src = toSymbol ? static_cast<const void*>(other) : range.address;
  Backend* backend = rs.device->backend;
  if (async) return backend->memcpyAsync(rs.device->local, dst, src, size, dir, rs.native);
  return backend->memcpy(rs.device->local, dst, src, size, dir);
}

// The synchronous per-thread forms: the copy on the calling thread's default stream, then a wait
// for that stream (not for the legacy one).
Status symbolCopyPerThread(const void* symbol, void* other, size_t size, size_t offset,
                           hipMemcpyKind kind, bool toSymbol) {
  UNIHIP_TRY(symbolCopy(symbol, other, size, offset, kind, toSymbol, /*async=*/true,
                        hipStreamPerThread));
  if (size == 0) return kOk;
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(hipStreamPerThread, &rs));
  return rs.device->backend->streamSynchronize(rs.device->local, rs.native);
}

Status symbolOnCurrentDevice(const void* symbol, SymbolRange* range) {
  Device* device = nullptr;
  UNIHIP_TRY(currentDevice(&device));
  return symbolOn(*device, symbol, range);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes,
                                           size_t offset, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyToSymbol(symbol, src, sizeBytes, offset, kind);
  UNIHIP_RETURN(symbolCopy(symbol, const_cast<void*>(src), sizeBytes, offset, kind,
                           /*toSymbol=*/true, /*async=*/false, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes,
                                             size_t offset, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyFromSymbol(dst, symbol, sizeBytes, offset, kind);
  UNIHIP_RETURN(symbolCopy(symbol, dst, sizeBytes, offset, kind, /*toSymbol=*/false,
                           /*async=*/false, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src,
                                                size_t sizeBytes, size_t offset,
                                                hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyToSymbolAsync(symbol, src, sizeBytes, offset, kind, stream);
  UNIHIP_RETURN(symbolCopy(symbol, const_cast<void*>(src), sizeBytes, offset, kind,
                           /*toSymbol=*/true, /*async=*/true, stream));
}

UNIHIP_EXPORT hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t sizeBytes,
                                                  size_t offset, hipMemcpyKind kind,
                                                  hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyFromSymbolAsync(dst, symbol, sizeBytes, offset, kind, stream);
  UNIHIP_RETURN(symbolCopy(symbol, dst, sizeBytes, offset, kind, /*toSymbol=*/false,
                           /*async=*/true, stream));
}

UNIHIP_EXPORT hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* src,
                                               size_t sizeBytes, size_t offset,
                                               hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyToSymbol_spt(symbol, src, sizeBytes, offset, kind);
  UNIHIP_RETURN(symbolCopyPerThread(symbol, const_cast<void*>(src), sizeBytes, offset, kind,
                                    /*toSymbol=*/true));
}

UNIHIP_EXPORT hipError_t hipMemcpyFromSymbol_spt(void* dst, const void* symbol, size_t sizeBytes,
                                                 size_t offset, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyFromSymbol_spt(dst, symbol, sizeBytes, offset, kind);
  UNIHIP_RETURN(symbolCopyPerThread(symbol, dst, sizeBytes, offset, kind, /*toSymbol=*/false));
}

UNIHIP_EXPORT hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol, const void* src,
                                                    size_t sizeBytes, size_t offset,
                                                    hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyToSymbolAsync_spt(symbol, src, sizeBytes, offset, kind, stream);
  UNIHIP_RETURN(symbolCopy(symbol, const_cast<void*>(src), sizeBytes, offset, kind,
                           /*toSymbol=*/true, /*async=*/true, unihipPerThreadStream(stream)));
}

UNIHIP_EXPORT hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const void* symbol,
                                                      size_t sizeBytes, size_t offset,
                                                      hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyFromSymbolAsync_spt(dst, symbol, sizeBytes, offset, kind, stream);
  UNIHIP_RETURN(symbolCopy(symbol, dst, sizeBytes, offset, kind, /*toSymbol=*/false,
                           /*async=*/true, unihipPerThreadStream(stream)));
}

UNIHIP_EXPORT hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol) {
  UNIHIP_TRACE_hipGetSymbolAddress(devPtr, symbol);
  if (devPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  SymbolRange range;
  Status s = symbolOnCurrentDevice(symbol, &range);
  if (s.ok()) *devPtr = range.address;
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipGetSymbolSize(size_t* size, const void* symbol) {
  UNIHIP_TRACE_hipGetSymbolSize(size, symbol);
  if (size == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  SymbolRange range;
  Status s = symbolOnCurrentDevice(symbol, &range);
  if (s.ok()) *size = range.size;
  UNIHIP_RETURN(s);
}
