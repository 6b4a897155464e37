/* HIP host API: memory allocation, copies, fills and device symbols. */
#ifndef UNIHIP_API_MEMORY_H
#define UNIHIP_API_MEMORY_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Memory */
hipError_t hipMalloc(void** ptr, size_t size);
hipError_t hipFree(void* ptr);
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags);
hipError_t hipHostFree(void* ptr);
hipError_t hipMallocHost(void** ptr, size_t size);
hipError_t hipFreeHost(void* ptr);
hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags);
hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void* src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemGetInfo(size_t* free, size_t* total);

/* Device variables (__device__, __constant__) by the address of their host shadow, i.e.
 * HIP_SYMBOL(var) through the C++ overloads below, or &var (src/api/hip_symbol.cpp). */
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes,
                             size_t offset UNIHIP_DEFAULT_ARG(0),
                             hipMemcpyKind kind UNIHIP_DEFAULT_ARG(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes,
                               size_t offset UNIHIP_DEFAULT_ARG(0),
                               hipMemcpyKind kind UNIHIP_DEFAULT_ARG(hipMemcpyDeviceToHost));
hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t sizeBytes,
                                  size_t offset, hipMemcpyKind kind,
                                  hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t sizeBytes,
                                    size_t offset, hipMemcpyKind kind,
                                    hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol);
hipError_t hipGetSymbolSize(size_t* size, const void* symbol);

#ifdef __cplusplus
} /* extern "C" */
#endif

#ifdef __cplusplus
#include <cstddef>
#include <type_traits>
/* HIP_SYMBOL(var) is `var` itself (as in HIP on AMD): these overloads take the variable by
 * reference and pass its address. Pointers (and nullptr) are left to the C functions, which
 * take them as the address, so hipMemcpyToSymbol(&var, ...) works too. */
template <typename T>
using unihip_symbol_enable_t = typename std::enable_if<
    !std::is_pointer<T>::value && !std::is_same<T, std::nullptr_t>::value, hipError_t>::type;

template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyToSymbol(const T& symbol, const void* src,
                                                   size_t sizeBytes, size_t offset = 0,
                                                   hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyFromSymbol(void* dst, const T& symbol, size_t sizeBytes,
                                                     size_t offset = 0,
                                                     hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyToSymbolAsync(const T& symbol, const void* src,
                                                        size_t sizeBytes, size_t offset,
                                                        hipMemcpyKind kind,
                                                        hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind,
                                stream);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyFromSymbolAsync(void* dst, const T& symbol,
                                                          size_t sizeBytes, size_t offset,
                                                          hipMemcpyKind kind,
                                                          hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind,
                                  stream);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipGetSymbolAddress(void** devPtr, const T& symbol) {
  return hipGetSymbolAddress(devPtr, static_cast<const void*>(&symbol));
}
template <typename T>
inline unihip_symbol_enable_t<T> hipGetSymbolSize(size_t* size, const T& symbol) {
  return hipGetSymbolSize(size, static_cast<const void*>(&symbol));
}
#endif

#endif /* UNIHIP_API_MEMORY_H */
