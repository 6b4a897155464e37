/* unihip's CUDA headers: the macros nvcc and CUDA's headers define, included first by every
 * compat header. CUDA 13.0 is the API mapped.
 *
 * __CUDACC__ / __CUDACC_VER_*__ / __NVCC__: nvcc defines the first two for every .cu pass; clang
 * does not (-nocudainc), so they are defined here for any offload-language pass (never for a
 * plain host compiler, which nvcc would not define them for either). __NVCC__ stays undefined:
 * code tests it for nvcc's own pragmas and flags.
 *
 * __CUDA_ARCH__ means "device code" to CUDA programs. The NVIDIA pass (clang's CUDA mode) defines
 * it (e.g. 900). The AMD device pass (clang's HIP mode, __HIP_DEVICE_COMPILE__) does not; it is
 * defined here as UNIHIP_CUDA_ARCH_ON_AMD, 700 unless the program sets it (-D): at least 600 so
 * code's "#if __CUDA_ARCH__ < 600" atomicAdd(double*) fallbacks (which HIP already declares) stay
 * out, and below 750/800 so PTX-only paths (ldmatrix, mma, cp.async inline assembly) stay out.
 * unihip's own headers tell the vendors apart by __NVPTX__/__AMDGCN__, never by __CUDA_ARCH__.
 * The host pass defines no __CUDA_ARCH__, as with nvcc. */
#ifndef UNIHIP_CUDA_CONFIG_H
#define UNIHIP_CUDA_CONFIG_H

#if defined(__clang__) && (defined(__HIP__) || defined(__CUDA__))
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#endif
#endif

#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__ && defined(__AMDGCN__) && \
    !defined(__CUDA_ARCH__)
#ifndef UNIHIP_CUDA_ARCH_ON_AMD
#define UNIHIP_CUDA_ARCH_ON_AMD 700
#endif
#define __CUDA_ARCH__ UNIHIP_CUDA_ARCH_ON_AMD
#endif

/* The runtime's version (cudaRuntimeGetVersion reports unihip's HIP version, as HIP does). */
#ifndef CUDART_VERSION
#define CUDART_VERSION 13000
#endif
#ifndef __CUDART_API_VERSION
#define __CUDART_API_VERSION 13000
#endif
#ifndef __CUDA_API_VERSION
#define __CUDA_API_VERSION 13000
#endif
/* The calling convention of host callbacks: none on Linux. */
#ifndef CUDART_CB
#define CUDART_CB
#endif
#ifndef CUDARTAPI
#define CUDARTAPI
#endif
#ifndef CUDAAPI
#define CUDAAPI
#endif

#endif /* UNIHIP_CUDA_CONFIG_H */
