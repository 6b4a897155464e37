/* unihip device side: surface object reads and writes (HIP's surface_functions.h):
 * surf1D/2D/3D read and write, layered and cubemap forms, in HIP's pointer form
 * (surf2Dread(&v, obj, x, y)) and CUDA's value form (surf2Dread<T>(obj, x, y)). x is in bytes, as
 * in HIP and CUDA; the optional boundary mode (hipSurfaceBoundaryMode) defaults to zero, as in HIP
 * (out-of-range reads give 0, writes are dropped; CUDA's default is trap).
 *
 * T is any type of 1, 2, 4, 8 or 16 bytes (HIP's channel types and their vectors): the element is
 * moved as raw bits (PTX suld.b / sust.b). AMD: the device libraries' __ockl_image_load_* /
 * _store_* on the object (it points to the image descriptor), one dword lane per channel of T (its
 * channel type sign- or zero-extended; floats as their bits), as AMD's HIP maps them; x counts
 * bytes, so the element is x / sizeof(T). AMD's hardware gives 0 for reads out of range and drops
 * such writes whatever the boundary mode (hipBoundaryModeZero). */
#ifndef UNIHIP_DEVICE_SURFACE_FUNCTIONS_H
#define UNIHIP_DEVICE_SURFACE_FUNCTIONS_H

#include "hip/unihip/qualifiers.h"
#include "hip/hip_vector_types.h"
#include "hip/surface_types.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE) && defined(__cplusplus)

#define __UNIHIP_SURF_STRIP(...) __VA_ARGS__

UNIHIP_DEVICE_INLINE unsigned long long __unihip_surf_handle(hipSurfaceObject_t s) {
  return reinterpret_cast<unsigned long long>(s);
}

/* The three boundary modes of one instruction (PTX needs them as suffixes). */
#define __UNIHIP_SURF_MODES(TEXT_BEFORE, TEXT_AFTER, OUTS, INS)                               \
  switch (__mode) {                                                                           \
    case hipBoundaryModeClamp:                                                                \
      asm volatile(TEXT_BEFORE ".clamp " TEXT_AFTER : __UNIHIP_SURF_STRIP OUTS                \
                   : __UNIHIP_SURF_STRIP INS : "memory");                                     \
      break;                                                                                  \
    case hipBoundaryModeZero:                                                                 \
      asm volatile(TEXT_BEFORE ".zero " TEXT_AFTER : __UNIHIP_SURF_STRIP OUTS                 \
                   : __UNIHIP_SURF_STRIP INS : "memory");                                     \
      break;                                                                                  \
    default:                                                                                  \
      asm volatile(TEXT_BEFORE ".trap " TEXT_AFTER : __UNIHIP_SURF_STRIP OUTS                 \
                   : __UNIHIP_SURF_STRIP INS : "memory");                                     \
  }

/* Raw loads and stores of `Bytes` bytes at one geometry's coordinates. */
#if defined(UNIHIP_DEVICE_NVPTX)
#define __UNIHIP_SURF_GEOM(NAME, GEOM, COORDS, PARAMS, INS)                                   \
  template <int Bytes>                                                                        \
  UNIHIP_DEVICE_INLINE void __unihip_suld_##NAME(void* __out, int __mode,                     \
                                                 unsigned long long __s,                      \
                                                 __UNIHIP_SURF_STRIP PARAMS) {                \
    if constexpr (Bytes == 1) {                                                               \
      unsigned short __v;                                                                     \
      __UNIHIP_SURF_MODES("suld.b." GEOM ".b8", "%[d0], [%[s], " COORDS "];",                 \
                          ([d0] "=h"(__v)), ([s] "l"(__s), __UNIHIP_SURF_STRIP INS))          \
      __builtin_memcpy(__out, &__v, 1);                                                       \
    } else if constexpr (Bytes == 2) {                                                        \
      unsigned short __v;                                                                     \
      __UNIHIP_SURF_MODES("suld.b." GEOM ".b16", "%[d0], [%[s], " COORDS "];",                \
                          ([d0] "=h"(__v)), ([s] "l"(__s), __UNIHIP_SURF_STRIP INS))          \
      __builtin_memcpy(__out, &__v, 2);                                                       \
    } else if constexpr (Bytes == 4) {                                                        \
      unsigned int __v;                                                                       \
      __UNIHIP_SURF_MODES("suld.b." GEOM ".b32", "%[d0], [%[s], " COORDS "];",                \
                          ([d0] "=r"(__v)), ([s] "l"(__s), __UNIHIP_SURF_STRIP INS))          \
      __builtin_memcpy(__out, &__v, 4);                                                       \
    } else if constexpr (Bytes == 8) {                                                        \
      unsigned int __v[2];                                                                    \
      __UNIHIP_SURF_MODES("suld.b." GEOM ".v2.b32", "{%[d0], %[d1]}, [%[s], " COORDS "];",    \
                          ([d0] "=r"(__v[0]), [d1] "=r"(__v[1])),                             \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS))                            \
      __builtin_memcpy(__out, __v, 8);                                                        \
    } else {                                                                                  \
      static_assert(Bytes == 16, "surface elements are 1, 2, 4, 8 or 16 bytes");              \
      unsigned int __v[4];                                                                    \
      __UNIHIP_SURF_MODES("suld.b." GEOM ".v4.b32",                                           \
                          "{%[d0], %[d1], %[d2], %[d3]}, [%[s], " COORDS "];",                \
                          ([d0] "=r"(__v[0]), [d1] "=r"(__v[1]), [d2] "=r"(__v[2]),           \
                           [d3] "=r"(__v[3])),                                                \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS))                            \
      __builtin_memcpy(__out, __v, 16);                                                       \
    }                                                                                         \
  }                                                                                           \
  template <int Bytes>                                                                        \
  UNIHIP_DEVICE_INLINE void __unihip_sust_##NAME(const void* __in, int __mode,                \
                                                 unsigned long long __s,                      \
                                                 __UNIHIP_SURF_STRIP PARAMS) {                \
    if constexpr (Bytes == 1) {                                                               \
      unsigned short __v = 0;                                                                 \
      __builtin_memcpy(&__v, __in, 1);                                                        \
      __UNIHIP_SURF_MODES("sust.b." GEOM ".b8", "[%[s], " COORDS "], %[v0];", (),             \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS, [v0] "h"(__v)))             \
    } else if constexpr (Bytes == 2) {                                                        \
      unsigned short __v;                                                                     \
      __builtin_memcpy(&__v, __in, 2);                                                        \
      __UNIHIP_SURF_MODES("sust.b." GEOM ".b16", "[%[s], " COORDS "], %[v0];", (),            \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS, [v0] "h"(__v)))             \
    } else if constexpr (Bytes == 4) {                                                        \
      unsigned int __v;                                                                       \
      __builtin_memcpy(&__v, __in, 4);                                                        \
      __UNIHIP_SURF_MODES("sust.b." GEOM ".b32", "[%[s], " COORDS "], %[v0];", (),            \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS, [v0] "r"(__v)))             \
    } else if constexpr (Bytes == 8) {                                                        \
      unsigned int __v[2];                                                                    \
      __builtin_memcpy(__v, __in, 8);                                                         \
      __UNIHIP_SURF_MODES("sust.b." GEOM ".v2.b32", "[%[s], " COORDS "], {%[v0], %[v1]};",    \
                          (),                                                                 \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS, [v0] "r"(__v[0]),           \
                           [v1] "r"(__v[1])))                                                 \
    } else {                                                                                  \
      static_assert(Bytes == 16, "surface elements are 1, 2, 4, 8 or 16 bytes");              \
      unsigned int __v[4];                                                                    \
      __builtin_memcpy(__v, __in, 16);                                                        \
      __UNIHIP_SURF_MODES("sust.b." GEOM ".v4.b32",                                           \
                          "[%[s], " COORDS "], {%[v0], %[v1], %[v2], %[v3]};", (),            \
                          ([s] "l"(__s), __UNIHIP_SURF_STRIP INS, [v0] "r"(__v[0]),           \
                           [v1] "r"(__v[1]), [v2] "r"(__v[2]), [v3] "r"(__v[3])))             \
    }                                                                                         \
  }

__UNIHIP_SURF_GEOM(1d, "1d", "{%[x]}", (int x), ([x] "r"(x)))
__UNIHIP_SURF_GEOM(2d, "2d", "{%[x], %[y]}", (int x, int y), ([x] "r"(x), [y] "r"(y)))
__UNIHIP_SURF_GEOM(3d, "3d", "{%[x], %[y], %[z], %[z]}", (int x, int y, int z),
                   ([x] "r"(x), [y] "r"(y), [z] "r"(z)))
__UNIHIP_SURF_GEOM(a1d, "a1d", "{%[l], %[x]}", (int x, int layer), ([x] "r"(x), [l] "r"(layer)))
__UNIHIP_SURF_GEOM(a2d, "a2d", "{%[l], %[x], %[y], %[y]}", (int x, int y, int layer),
                   ([x] "r"(x), [y] "r"(y), [l] "r"(layer)))
#else /* AMD */

typedef float __unihip_surf_v4f __attribute__((ext_vector_type(4)));
typedef int __unihip_surf_v4i __attribute__((ext_vector_type(4)));
typedef int __unihip_surf_v2i __attribute__((ext_vector_type(2)));
typedef unsigned int __attribute__((address_space(4))) * __unihip_surf_sharp;

extern "C" {
__device__ __unihip_surf_v4f __ockl_image_load_1D(__unihip_surf_sharp, int);
__device__ __unihip_surf_v4f __ockl_image_load_2D(__unihip_surf_sharp, __unihip_surf_v2i);
__device__ __unihip_surf_v4f __ockl_image_load_3D(__unihip_surf_sharp, __unihip_surf_v4i);
__device__ __unihip_surf_v4f __ockl_image_load_1Da(__unihip_surf_sharp, __unihip_surf_v2i);
__device__ __unihip_surf_v4f __ockl_image_load_2Da(__unihip_surf_sharp, __unihip_surf_v4i);
__device__ void __ockl_image_store_1D(__unihip_surf_sharp, int, __unihip_surf_v4f);
__device__ void __ockl_image_store_2D(__unihip_surf_sharp, __unihip_surf_v2i, __unihip_surf_v4f);
__device__ void __ockl_image_store_3D(__unihip_surf_sharp, __unihip_surf_v4i, __unihip_surf_v4f);
__device__ void __ockl_image_store_1Da(__unihip_surf_sharp, __unihip_surf_v2i, __unihip_surf_v4f);
__device__ void __ockl_image_store_2Da(__unihip_surf_sharp, __unihip_surf_v4i, __unihip_surf_v4f);
}

/* T's channels: one for a scalar, else as many as its x member fits. */
template <class T, bool = __is_arithmetic(T)> struct __unihip_surf_channels {
  typedef T scalar;
};
template <class T> struct __unihip_surf_channels<T, false> {
  typedef __remove_cvref(decltype(((T*)0)->x)) scalar;
};

/* Four lanes -> T and back. */
template <class T>
UNIHIP_DEVICE_INLINE void __unihip_surf_from_lanes(T* __out, __unihip_surf_v4f __v) {
  typedef typename __unihip_surf_channels<T>::scalar S;
  constexpr int n = sizeof(T) / sizeof(S);
  const __unihip_surf_v4i __i = __builtin_bit_cast(__unihip_surf_v4i, __v);
  const int __l[4] = {__i.x, __i.y, __i.z, __i.w};
  S __c[n];
  for (int k = 0; k < n; ++k) {
    if constexpr (__is_integral(S)) __c[k] = static_cast<S>(__l[k]);
    else __builtin_memcpy(&__c[k], &__l[k], sizeof(S));
  }
  __builtin_memcpy(__out, __c, sizeof(T));
}
template <class T>
UNIHIP_DEVICE_INLINE __unihip_surf_v4f __unihip_surf_to_lanes(const T* __in) {
  typedef typename __unihip_surf_channels<T>::scalar S;
  constexpr int n = sizeof(T) / sizeof(S);
  S __c[n];
  __builtin_memcpy(__c, __in, sizeof(T));
  int __l[4] = {0, 0, 0, 0};
  for (int k = 0; k < n; ++k) {
    if constexpr (__is_integral(S)) __l[k] = static_cast<int>(__c[k]);
    else __builtin_memcpy(&__l[k], &__c[k], sizeof(S));
  }
  return __builtin_bit_cast(__unihip_surf_v4f, (__unihip_surf_v4i{__l[0], __l[1], __l[2], __l[3]}));
}

/* One geometry: COORD is the image functions' coordinate from the parameters, x already an
 * element index. */
#define __UNIHIP_SURF_AMD(NAME, SUFFIX, PARAMS, COORD)                                        \
  template <int Bytes, class T>                                                               \
  UNIHIP_DEVICE_INLINE void __unihip_suld_##NAME(T* __out, int, unsigned long long __s,       \
                                                 __UNIHIP_SURF_STRIP PARAMS) {                \
    x /= static_cast<int>(sizeof(T));                                                         \
    __unihip_surf_from_lanes(__out, __ockl_image_load_##SUFFIX((__unihip_surf_sharp)__s,      \
                                                                COORD));                      \
  }                                                                                           \
  template <int Bytes, class T>                                                               \
  UNIHIP_DEVICE_INLINE void __unihip_sust_##NAME(const T* __in, int, unsigned long long __s,  \
                                                 __UNIHIP_SURF_STRIP PARAMS) {                \
    x /= static_cast<int>(sizeof(T));                                                         \
    __ockl_image_store_##SUFFIX((__unihip_surf_sharp)__s, COORD,                              \
                                __unihip_surf_to_lanes(__in));                                \
  }

__UNIHIP_SURF_AMD(1d, 1D, (int x), x)
__UNIHIP_SURF_AMD(2d, 2D, (int x, int y), (__unihip_surf_v2i{x, y}))
__UNIHIP_SURF_AMD(3d, 3D, (int x, int y, int z), (__unihip_surf_v4i{x, y, z, 0}))
__UNIHIP_SURF_AMD(a1d, 1Da, (int x, int layer), (__unihip_surf_v2i{x, layer}))
__UNIHIP_SURF_AMD(a2d, 2Da, (int x, int y, int layer), (__unihip_surf_v4i{x, y, layer, 0}))
#undef __UNIHIP_SURF_AMD
#endif /* UNIHIP_DEVICE_NVPTX */


/* Public forms: read into a pointer (HIP), read as a value (CUDA), write. */
#define __UNIHIP_SURF_PUBLIC(NAME, LOW, PARAMS, ARGS)                                         \
  template <class T>                                                                          \
  static __device__ __forceinline__ void NAME##read(T* data, hipSurfaceObject_t surfObj,      \
                                                    __UNIHIP_SURF_STRIP PARAMS,               \
                                                    int boundaryMode = hipBoundaryModeZero) { \
    __unihip_suld_##LOW<sizeof(T)>(data, boundaryMode, __unihip_surf_handle(surfObj),         \
                                   __UNIHIP_SURF_STRIP ARGS);                                 \
  }                                                                                           \
  template <class T>                                                                          \
  static __device__ __forceinline__ T NAME##read(hipSurfaceObject_t surfObj,                  \
                                                 __UNIHIP_SURF_STRIP PARAMS,                  \
                                                 int boundaryMode = hipBoundaryModeZero) {    \
    T __v;                                                                                    \
    __unihip_suld_##LOW<sizeof(T)>(&__v, boundaryMode, __unihip_surf_handle(surfObj),         \
                                   __UNIHIP_SURF_STRIP ARGS);                                 \
    return __v;                                                                               \
  }                                                                                           \
  template <class T>                                                                          \
  static __device__ __forceinline__ void NAME##write(T data, hipSurfaceObject_t surfObj,      \
                                                     __UNIHIP_SURF_STRIP PARAMS,              \
                                                     int boundaryMode = hipBoundaryModeZero) { \
    __unihip_sust_##LOW<sizeof(T)>(&data, boundaryMode, __unihip_surf_handle(surfObj),        \
                                   __UNIHIP_SURF_STRIP ARGS);                                 \
  }

__UNIHIP_SURF_PUBLIC(surf1D, 1d, (int x), (x))
__UNIHIP_SURF_PUBLIC(surf2D, 2d, (int x, int y), (x, y))
__UNIHIP_SURF_PUBLIC(surf3D, 3d, (int x, int y, int z), (x, y, z))
__UNIHIP_SURF_PUBLIC(surf1DLayered, a1d, (int x, int layer), (x, layer))
__UNIHIP_SURF_PUBLIC(surf2DLayered, a2d, (int x, int y, int layer), (x, y, layer))
/* A cubemap is a layered 2D surface of six faces (per cubemap layer). */
__UNIHIP_SURF_PUBLIC(surfCubemap, a2d, (int x, int y, int face), (x, y, face))
__UNIHIP_SURF_PUBLIC(surfCubemapLayered, a2d, (int x, int y, int layerFace), (x, y, layerFace))

#undef __UNIHIP_SURF_PUBLIC
#undef __UNIHIP_SURF_GEOM
#undef __UNIHIP_SURF_MODES

#endif /* UNIHIP_OFFLOAD_LANGUAGE && __cplusplus */
#endif /* UNIHIP_DEVICE_SURFACE_FUNCTIONS_H */
