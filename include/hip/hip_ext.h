/* unihip: HIP's AMD extensions to kernel launch: launches that record a start and a stop event
 * around the kernel, and module launches sized by total work items. Names and signatures
 * follow HIP 6's hip_ext.h. */
#ifndef UNIHIP_HIP_EXT_H
#define UNIHIP_HIP_EXT_H

#include "hip/hip_runtime.h"

#ifdef __cplusplus
#include <cstdint>
#include <tuple>
#include <utility>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* hipModuleLaunchKernel with the grid given in work items (globalWorkSize = grid * block):
 * records startEvent before and stopEvent after the kernel when they are not NULL. */
hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
                                    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
                                    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                                    uint32_t localWorkSizeZ, size_t sharedMemBytes,
                                    hipStream_t hStream, void** kernelParams, void** extra,
                                    hipEvent_t startEvent UNIHIP_DEFAULT_ARG(NULL),
                                    hipEvent_t stopEvent UNIHIP_DEFAULT_ARG(NULL),
                                    uint32_t flags UNIHIP_DEFAULT_ARG(0));
/* Deprecated in HIP: hipExtModuleLaunchKernel without flags. */
hipError_t hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
                                    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
                                    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                                    uint32_t localWorkSizeZ, size_t sharedMemBytes,
                                    hipStream_t hStream, void** kernelParams, void** extra,
                                    hipEvent_t startEvent UNIHIP_DEFAULT_ARG(NULL),
                                    hipEvent_t stopEvent UNIHIP_DEFAULT_ARG(NULL));
hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                              void** args, size_t sharedMemBytes, hipStream_t stream,
                              hipEvent_t startEvent, hipEvent_t stopEvent, int flags);

#ifdef __cplusplus
} /* extern "C" */

namespace unihip_detail {
/* std::index_sequence is C++14; HIP's headers compile as C++11. */
template <std::size_t... I> struct ext_indices {};
template <std::size_t N, std::size_t... I>
struct ext_make_indices : ext_make_indices<N - 1, N - 1, I...> {};
template <std::size_t... I> struct ext_make_indices<0, I...> { typedef ext_indices<I...> type; };

/* Converts each argument to the kernel's parameter type, then launches with a pointer to each. */
template <typename Tuple, std::size_t... I>
inline hipError_t extLaunch(const void* kernel, const dim3& numBlocks, const dim3& dimBlocks,
                            std::uint32_t sharedMemBytes, hipStream_t stream,
                            hipEvent_t startEvent, hipEvent_t stopEvent, std::uint32_t flags,
                            Tuple& params, ext_indices<I...>) {
  void* pointers[sizeof...(I) + 1] = {static_cast<void*>(&std::get<I>(params))..., nullptr};
  return hipExtLaunchKernel(kernel, numBlocks, dimBlocks, pointers, sharedMemBytes, stream,
                            startEvent, stopEvent, static_cast<int>(flags));
}

template <typename... Params, typename... Args>
inline void extLaunchGGL(void (*kernel)(Params...), const dim3& numBlocks, const dim3& dimBlocks,
                         std::uint32_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent,
                         hipEvent_t stopEvent, std::uint32_t flags, Args... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "hipExtLaunchKernelGGL: one argument per kernel parameter");
  std::tuple<typename std::decay<Params>::type...> params(args...);
  (void)extLaunch(reinterpret_cast<const void*>(kernel), numBlocks, dimBlocks, sharedMemBytes,
                  stream, startEvent, stopEvent, flags, params,
                  typename ext_make_indices<sizeof...(Params)>::type{});
}
}  // namespace unihip_detail

/* hipLaunchKernelGGL with a start and a stop event and hipExtLaunch* flags. As in HIP, the
 * kernel's type defaults to one taking the arguments' types, so a function template's name
 * (hipExtLaunchKernelGGL(kernel, ..., a, b)) picks the specialization for them. */
template <typename... Args, typename F = void (*)(Args...)>
inline void hipExtLaunchKernelGGL(F kernel, const dim3& numBlocks, const dim3& dimBlocks,
                                  std::uint32_t sharedMemBytes, hipStream_t stream,
                                  hipEvent_t startEvent, hipEvent_t stopEvent,
                                  std::uint32_t flags, Args... args) {
  unihip_detail::extLaunchGGL(kernel, numBlocks, dimBlocks, sharedMemBytes, stream, startEvent,
                              stopEvent, flags, args...);
}
#endif /* __cplusplus */

#endif /* UNIHIP_HIP_EXT_H */
