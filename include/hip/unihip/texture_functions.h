/* unihip device side: texture object fetches (HIP's texture_indirect_functions.h): tex1Dfetch,
 * tex1D/2D/3D, layered, cubemap, tex2Dgather, the Lod and Grad forms, each a template on the
 * returned type (tex2D<float4>(obj, x, y)) and in HIP's pointer form (tex2D(&v, obj, x, y)).
 *
 * T is one of HIP's texture channel types: char, unsigned char, short, unsigned short, int,
 * unsigned int, float and their 1-, 2- and 4-vectors. A float T reads through the texture unit
 * as float (element type of a float texture, or the normalized-float read mode of an integer
 * one); an integer T reads the elements as integers.
 *
 * NVIDIA: PTX tex / tld4 on the 64-bit object (unified texture mode). AMD: the device
 * libraries' image functions (__ockl_image_sample_*, _load_1Db, _gather4*) on the object, which
 * points to the image descriptor (8 dwords used of 12) followed by the sampler's (dword 12,
 * HIP_SAMPLER_OBJECT_OFFSET_DWORD), both read as constant memory (scalar loads); integer texels
 * come back as the bits of the float lanes, as in AMD's HIP. */
#ifndef UNIHIP_DEVICE_TEXTURE_FUNCTIONS_H
#define UNIHIP_DEVICE_TEXTURE_FUNCTIONS_H

#include "hip/unihip/qualifiers.h"
#include "hip/hip_vector_types.h"
#include "hip/texture_types.h"
#include "hip/unihip/texture_lod.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE) && defined(__cplusplus)

#include <type_traits>

#define __UNIHIP_STRIP(...) __VA_ARGS__

/* What a fetch returns before conversion to T: four lanes of the instruction's type. */
struct __unihip_tex_kf {}; /* .f32 */
struct __unihip_tex_ks {}; /* .s32 */
struct __unihip_tex_ku {}; /* .u32 */
struct __unihip_tex_f4 { float x, y, z, w; };
struct __unihip_tex_i4 { int x, y, z, w; };
struct __unihip_tex_u4 { unsigned int x, y, z, w; };

/* T's lane type, channel count and the fetch it takes; undefined for other types (no overload). */
template <class T> struct __unihip_tex_elem;
#define __UNIHIP_TEX_ELEM(T, S, N, TAG)                                                       \
  template <> struct __unihip_tex_elem<T> {                                                   \
    typedef S scalar;                                                                         \
    typedef TAG tag;                                                                          \
    static constexpr int channels = N;                                                        \
  };
#define __UNIHIP_TEX_ELEM_VEC(P, S, TAG)                                                      \
  __UNIHIP_TEX_ELEM(P##1, S, 1, TAG)                                                          \
  __UNIHIP_TEX_ELEM(P##2, S, 2, TAG)                                                          \
  __UNIHIP_TEX_ELEM(P##4, S, 4, TAG)
__UNIHIP_TEX_ELEM(char, char, 1, __unihip_tex_ks)
__UNIHIP_TEX_ELEM(signed char, signed char, 1, __unihip_tex_ks)
__UNIHIP_TEX_ELEM(unsigned char, unsigned char, 1, __unihip_tex_ku)
__UNIHIP_TEX_ELEM(short, short, 1, __unihip_tex_ks)
__UNIHIP_TEX_ELEM(unsigned short, unsigned short, 1, __unihip_tex_ku)
__UNIHIP_TEX_ELEM(int, int, 1, __unihip_tex_ks)
__UNIHIP_TEX_ELEM(unsigned int, unsigned int, 1, __unihip_tex_ku)
__UNIHIP_TEX_ELEM(float, float, 1, __unihip_tex_kf)
__UNIHIP_TEX_ELEM_VEC(char, signed char, __unihip_tex_ks)
__UNIHIP_TEX_ELEM_VEC(uchar, unsigned char, __unihip_tex_ku)
__UNIHIP_TEX_ELEM_VEC(short, short, __unihip_tex_ks)
__UNIHIP_TEX_ELEM_VEC(ushort, unsigned short, __unihip_tex_ku)
__UNIHIP_TEX_ELEM_VEC(int, int, __unihip_tex_ks)
__UNIHIP_TEX_ELEM_VEC(uint, unsigned int, __unihip_tex_ku)
__UNIHIP_TEX_ELEM_VEC(float, float, __unihip_tex_kf)
#undef __UNIHIP_TEX_ELEM_VEC
#undef __UNIHIP_TEX_ELEM

/* Four lanes -> T (the first `channels` of them). */
template <class T, class V>
UNIHIP_DEVICE_INLINE T __unihip_tex_result(const V& v) {
  typedef __unihip_tex_elem<T> E;
  typedef typename E::scalar S;
  if constexpr (std::is_arithmetic<T>::value) {
    return static_cast<T>(v.x);
  } else {
    T r;
    r.x = static_cast<S>(v.x);
    if constexpr (E::channels > 1) r.y = static_cast<S>(v.y);
    if constexpr (E::channels > 2) {
      r.z = static_cast<S>(v.z);
      r.w = static_cast<S>(v.w);
    }
    return r;
  }
}

UNIHIP_DEVICE_INLINE unsigned long long __unihip_tex_handle(hipTextureObject_t t) {
  return reinterpret_cast<unsigned long long>(t);
}

/* The public template in HIP's two forms. */
#define __UNIHIP_TEX_PUBLIC(NAME, LOW, PARAMS, ARGS)                                          \
  template <class T, typename __unihip_tex_elem<T>::tag* = nullptr>                           \
  static __device__ __forceinline__ T NAME(hipTextureObject_t textureObject,                  \
                                           __UNIHIP_STRIP PARAMS) {                           \
    return __unihip_tex_result<T>(LOW(typename __unihip_tex_elem<T>::tag(),                   \
                                      __unihip_tex_handle(textureObject),                     \
                                      __UNIHIP_STRIP ARGS));                                  \
  }                                                                                           \
  template <class T, typename __unihip_tex_elem<T>::tag* = nullptr>                           \
  static __device__ __forceinline__ void NAME(T* ptr, hipTextureObject_t textureObject,       \
                                              __UNIHIP_STRIP PARAMS) {                        \
    *ptr = NAME<T>(textureObject, __UNIHIP_STRIP ARGS);                                       \
  }

/* One fetch in its three result types. INSTR: the instruction and geometry; CT: the coordinate
 * type; COORDS: the operands after the handle, through the closing bracket. */
#if defined(UNIHIP_DEVICE_NVPTX)
#define __UNIHIP_TEX_ONE(NAME, TAG, R, DT, RC, INSTR, CT, COORDS, PARAMS, INS)               \
  UNIHIP_DEVICE_INLINE R NAME(TAG, unsigned long long __t, __UNIHIP_STRIP PARAMS) {          \
    R __r;                                                                                   \
    asm(INSTR ".v4." DT "." CT " {%[a], %[b], %[c], %[d]}, [%[t], " COORDS ";"               \
        : [a] RC(__r.x), [b] RC(__r.y), [c] RC(__r.z), [d] RC(__r.w)                         \
        : [t] "l"(__t), __UNIHIP_STRIP INS);                                                 \
    return __r;                                                                              \
  }
#define __UNIHIP_TEX_LOW(NAME, INSTR, CT, COORDS, PARAMS, INS)                                \
  __UNIHIP_TEX_ONE(NAME, __unihip_tex_kf, __unihip_tex_f4, "f32", "=f", INSTR, CT, COORDS,    \
                   PARAMS, INS)                                                               \
  __UNIHIP_TEX_ONE(NAME, __unihip_tex_ks, __unihip_tex_i4, "s32", "=r", INSTR, CT, COORDS,    \
                   PARAMS, INS)                                                               \
  __UNIHIP_TEX_ONE(NAME, __unihip_tex_ku, __unihip_tex_u4, "u32", "=r", INSTR, CT, COORDS,    \
                   PARAMS, INS)

#define __UNIHIP_TEX(NAME, INSTR, CT, COORDS, PARAMS, ARGS, INS)                              \
  __UNIHIP_TEX_LOW(__unihip_##NAME, INSTR, CT, COORDS, PARAMS, INS)                           \
  __UNIHIP_TEX_PUBLIC(NAME, __unihip_##NAME, PARAMS, ARGS)

__UNIHIP_TEX(tex1Dfetch, "tex.1d", "s32", "{%[x]}]", (int x), (x), ([x] "r"(x)))
__UNIHIP_TEX(tex1D, "tex.1d", "f32", "{%[x]}]", (float x), (x), ([x] "f"(x)))
__UNIHIP_TEX(tex2D, "tex.2d", "f32", "{%[x], %[y]}]", (float x, float y), (x, y),
             ([x] "f"(x), [y] "f"(y)))
__UNIHIP_TEX(tex3D, "tex.3d", "f32", "{%[x], %[y], %[z], %[z]}]", (float x, float y, float z),
             (x, y, z), ([x] "f"(x), [y] "f"(y), [z] "f"(z)))
__UNIHIP_TEX(tex1DLayered, "tex.a1d", "f32", "{%[l], %[x]}]", (float x, int layer), (x, layer),
             ([x] "f"(x), [l] "r"(layer)))
__UNIHIP_TEX(tex2DLayered, "tex.a2d", "f32", "{%[l], %[x], %[y], %[y]}]",
             (float x, float y, int layer), (x, y, layer),
             ([x] "f"(x), [y] "f"(y), [l] "r"(layer)))
__UNIHIP_TEX(texCubemap, "tex.cube", "f32", "{%[x], %[y], %[z], %[z]}]",
             (float x, float y, float z), (x, y, z), ([x] "f"(x), [y] "f"(y), [z] "f"(z)))
__UNIHIP_TEX(texCubemapLayered, "tex.acube", "f32", "{%[l], %[x], %[y], %[z]}]",
             (float x, float y, float z, int layer), (x, y, z, layer),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [l] "r"(layer)))
__UNIHIP_TEX(tex1DLod, "tex.level.1d", "f32", "{%[x]}], %[lod]", (float x, float level),
             (x, level), ([x] "f"(x), [lod] "f"(level)))
__UNIHIP_TEX(tex2DLod, "tex.level.2d", "f32", "{%[x], %[y]}], %[lod]",
             (float x, float y, float level), (x, y, level),
             ([x] "f"(x), [y] "f"(y), [lod] "f"(level)))
__UNIHIP_TEX(tex3DLod, "tex.level.3d", "f32", "{%[x], %[y], %[z], %[z]}], %[lod]",
             (float x, float y, float z, float level), (x, y, z, level),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [lod] "f"(level)))
__UNIHIP_TEX(tex1DLayeredLod, "tex.level.a1d", "f32", "{%[l], %[x]}], %[lod]",
             (float x, int layer, float level), (x, layer, level),
             ([x] "f"(x), [l] "r"(layer), [lod] "f"(level)))
__UNIHIP_TEX(tex2DLayeredLod, "tex.level.a2d", "f32", "{%[l], %[x], %[y], %[y]}], %[lod]",
             (float x, float y, int layer, float level), (x, y, layer, level),
             ([x] "f"(x), [y] "f"(y), [l] "r"(layer), [lod] "f"(level)))
__UNIHIP_TEX(texCubemapLod, "tex.level.cube", "f32", "{%[x], %[y], %[z], %[z]}], %[lod]",
             (float x, float y, float z, float level), (x, y, z, level),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [lod] "f"(level)))
__UNIHIP_TEX(texCubemapLayeredLod, "tex.level.acube", "f32",
             "{%[l], %[x], %[y], %[z]}], %[lod]",
             (float x, float y, float z, int layer, float level),
             (x, y, z, layer, level),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [l] "r"(layer), [lod] "f"(level)))
__UNIHIP_TEX(tex1DGrad, "tex.grad.1d", "f32", "{%[x]}], {%[dx]}, {%[dy]}",
             (float x, float dPdx, float dPdy), (x, dPdx, dPdy),
             ([x] "f"(x), [dx] "f"(dPdx), [dy] "f"(dPdy)))
__UNIHIP_TEX(tex2DGrad, "tex.grad.2d", "f32", "{%[x], %[y]}], {%[dxx], %[dxy]}, {%[dyx], %[dyy]}",
             (float x, float y, float2 dPdx, float2 dPdy), (x, y, dPdx, dPdy),
             ([x] "f"(x), [y] "f"(y), [dxx] "f"(dPdx.x), [dxy] "f"(dPdx.y), [dyx] "f"(dPdy.x),
              [dyy] "f"(dPdy.y)))
__UNIHIP_TEX(tex3DGrad, "tex.grad.3d", "f32",
             "{%[x], %[y], %[z], %[z]}], {%[dxx], %[dxy], %[dxz], %[dxz]}, "
             "{%[dyx], %[dyy], %[dyz], %[dyz]}",
             (float x, float y, float z, float4 dPdx, float4 dPdy), (x, y, z, dPdx, dPdy),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [dxx] "f"(dPdx.x), [dxy] "f"(dPdx.y),
              [dxz] "f"(dPdx.z), [dyx] "f"(dPdy.x), [dyy] "f"(dPdy.y), [dyz] "f"(dPdy.z)))
__UNIHIP_TEX(tex1DLayeredGrad, "tex.grad.a1d", "f32", "{%[l], %[x]}], {%[dx]}, {%[dy]}",
             (float x, int layer, float dPdx, float dPdy), (x, layer, dPdx, dPdy),
             ([x] "f"(x), [l] "r"(layer), [dx] "f"(dPdx), [dy] "f"(dPdy)))
__UNIHIP_TEX(tex2DLayeredGrad, "tex.grad.a2d", "f32",
             "{%[l], %[x], %[y], %[y]}], {%[dxx], %[dxy]}, {%[dyx], %[dyy]}",
             (float x, float y, int layer, float2 dPdx, float2 dPdy), (x, y, layer, dPdx, dPdy),
             ([x] "f"(x), [y] "f"(y), [l] "r"(layer), [dxx] "f"(dPdx.x), [dxy] "f"(dPdx.y),
              [dyx] "f"(dPdy.x), [dyy] "f"(dPdy.y)))
__UNIHIP_TEX(texCubemapGrad, "tex.grad.cube", "f32",
             "{%[x], %[y], %[z], %[z]}], {%[dxx], %[dxy], %[dxz], %[dxz]}, "
             "{%[dyx], %[dyy], %[dyz], %[dyz]}",
             (float x, float y, float z, float4 dPdx, float4 dPdy), (x, y, z, dPdx, dPdy),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [dxx] "f"(dPdx.x), [dxy] "f"(dPdx.y),
              [dxz] "f"(dPdx.z), [dyx] "f"(dPdy.x), [dyy] "f"(dPdy.y), [dyz] "f"(dPdy.z)))
__UNIHIP_TEX(texCubemapLayeredGrad, "tex.grad.acube", "f32",
             "{%[l], %[x], %[y], %[z]}], {%[dxx], %[dxy], %[dxz], %[dxz]}, "
             "{%[dyx], %[dyy], %[dyz], %[dyz]}",
             (float x, float y, float z, int layer, float4 dPdx, float4 dPdy),
             (x, y, z, layer, dPdx, dPdy),
             ([x] "f"(x), [y] "f"(y), [z] "f"(z), [l] "r"(layer), [dxx] "f"(dPdx.x),
              [dxy] "f"(dPdx.y), [dxz] "f"(dPdx.z), [dyx] "f"(dPdy.x), [dyy] "f"(dPdy.y),
              [dyz] "f"(dPdy.z)))

/* tex2Dgather: one component (0..3 = x..w) of the four texels bilinear filtering would read. */
__UNIHIP_TEX_LOW(__unihip_tex2Dgather0, "tld4.r.2d", "f32", "{%[x], %[y]}]", (float x, float y),
                 ([x] "f"(x), [y] "f"(y)))
__UNIHIP_TEX_LOW(__unihip_tex2Dgather1, "tld4.g.2d", "f32", "{%[x], %[y]}]", (float x, float y),
                 ([x] "f"(x), [y] "f"(y)))
__UNIHIP_TEX_LOW(__unihip_tex2Dgather2, "tld4.b.2d", "f32", "{%[x], %[y]}]", (float x, float y),
                 ([x] "f"(x), [y] "f"(y)))
__UNIHIP_TEX_LOW(__unihip_tex2Dgather3, "tld4.a.2d", "f32", "{%[x], %[y]}]", (float x, float y),
                 ([x] "f"(x), [y] "f"(y)))

template <class T, typename __unihip_tex_elem<T>::tag* = nullptr>
static __device__ __forceinline__ T tex2Dgather(hipTextureObject_t textureObject, float x, float y,
                                                int comp = 0) {
  typedef typename __unihip_tex_elem<T>::tag K;
  const unsigned long long t = __unihip_tex_handle(textureObject);
  switch (comp) {
    case 1: return __unihip_tex_result<T>(__unihip_tex2Dgather1(K(), t, x, y));
    case 2: return __unihip_tex_result<T>(__unihip_tex2Dgather2(K(), t, x, y));
    case 3: return __unihip_tex_result<T>(__unihip_tex2Dgather3(K(), t, x, y));
    default: return __unihip_tex_result<T>(__unihip_tex2Dgather0(K(), t, x, y));
  }
}
template <class T, typename __unihip_tex_elem<T>::tag* = nullptr>
static __device__ __forceinline__ void tex2Dgather(T* ptr, hipTextureObject_t textureObject,
                                                   float x, float y, int comp = 0) {
  *ptr = tex2Dgather<T>(textureObject, x, y, comp);
}

#else /* AMD */

typedef float __unihip_tex_v2f __attribute__((ext_vector_type(2)));
typedef float __unihip_tex_v4f __attribute__((ext_vector_type(4)));
typedef int __unihip_tex_v4i __attribute__((ext_vector_type(4)));
typedef unsigned int __attribute__((address_space(4))) * __unihip_tex_sharp;

/* gfx90a lacks the extended image instructions (LOD, gradients, gather; LLVM refuses them
 * there) and gfx940-gfx950 every image instruction. A fetch that needs a missing one traps;
 * left alone, the call would make the whole kernel vanish. The Lod and Grad forms need only the
 * basic one (texture_lod.h). */
#define __UNIHIP_TEX_TRAP(CALL) (__builtin_trap(), __unihip_tex_v4f{0.0f, 0.0f, 0.0f, 0.0f})
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__)
#define __UNIHIP_TEX_BASIC(CALL) __UNIHIP_TEX_TRAP(CALL)
#define __UNIHIP_TEX_EXT(CALL) __UNIHIP_TEX_TRAP(CALL)
#define __UNIHIP_TEX_ONE_LEVEL(NATIVE, LEVEL) __UNIHIP_TEX_TRAP(LEVEL)
#elif defined(__gfx90a__)
#define __UNIHIP_TEX_BASIC(CALL) (CALL)
#define __UNIHIP_TEX_EXT(CALL) __UNIHIP_TEX_TRAP(CALL)
/* A texture of one level: its level 0 is what any LOD or gradient reads. */
#define __UNIHIP_TEX_ONE_LEVEL(NATIVE, LEVEL) (LEVEL)
#else
#define __UNIHIP_TEX_BASIC(CALL) (CALL)
#define __UNIHIP_TEX_EXT(CALL) (CALL)
#define __UNIHIP_TEX_ONE_LEVEL(NATIVE, LEVEL) (NATIVE)
#endif
#define __UNIHIP_TEX_BUFFER(CALL) (CALL)

extern "C" {
__device__ __unihip_tex_v4f __ockl_image_load_1Db(__unihip_tex_sharp, int);
__device__ __unihip_tex_v4f __ockl_image_sample_1D(__unihip_tex_sharp, __unihip_tex_sharp, float);
__device__ __unihip_tex_v4f __ockl_image_sample_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                   __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_sample_3D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                   __unihip_tex_v4f);
__device__ __unihip_tex_v4f __ockl_image_sample_1Da(__unihip_tex_sharp, __unihip_tex_sharp,
                                                    __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_sample_2Da(__unihip_tex_sharp, __unihip_tex_sharp,
                                                    __unihip_tex_v4f);
__device__ __unihip_tex_v4f __ockl_image_sample_CM(__unihip_tex_sharp, __unihip_tex_sharp,
                                                   __unihip_tex_v4f);
__device__ __unihip_tex_v4f __ockl_image_sample_CMa(__unihip_tex_sharp, __unihip_tex_sharp,
                                                    __unihip_tex_v4f);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_1D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                       float, float);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                       __unihip_tex_v2f, float);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_3D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                       __unihip_tex_v4f, float);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_1Da(__unihip_tex_sharp, __unihip_tex_sharp,
                                                        __unihip_tex_v2f, float);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_2Da(__unihip_tex_sharp, __unihip_tex_sharp,
                                                        __unihip_tex_v4f, float);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_CM(__unihip_tex_sharp, __unihip_tex_sharp,
                                                       __unihip_tex_v4f, float);
__device__ __unihip_tex_v4f __ockl_image_sample_lod_CMa(__unihip_tex_sharp, __unihip_tex_sharp,
                                                        __unihip_tex_v4f, float);
__device__ __unihip_tex_v4f __ockl_image_sample_grad_1D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                        float, float, float);
__device__ __unihip_tex_v4f __ockl_image_sample_grad_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                        __unihip_tex_v2f, __unihip_tex_v2f,
                                                        __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_sample_grad_3D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                        __unihip_tex_v4f, __unihip_tex_v4f,
                                                        __unihip_tex_v4f);
__device__ __unihip_tex_v4f __ockl_image_sample_grad_1Da(__unihip_tex_sharp, __unihip_tex_sharp,
                                                         __unihip_tex_v2f, float, float);
__device__ __unihip_tex_v4f __ockl_image_sample_grad_2Da(__unihip_tex_sharp, __unihip_tex_sharp,
                                                         __unihip_tex_v4f, __unihip_tex_v2f,
                                                         __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_gather4r_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                     __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_gather4g_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                     __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_gather4b_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                     __unihip_tex_v2f);
__device__ __unihip_tex_v4f __ockl_image_gather4a_2D(__unihip_tex_sharp, __unihip_tex_sharp,
                                                     __unihip_tex_v2f);
}

/* The object's image descriptor (byte 0) and sampler descriptor (byte 48). */
#define __UNIHIP_TEX_T(h) ((__unihip_tex_sharp)(h))
#define __UNIHIP_TEX_S(h) ((__unihip_tex_sharp)(h) + HIP_SAMPLER_OBJECT_OFFSET_DWORD)

/* A mipmapped texture's level table (texture_lod.h): its address in the object (0: none), its
 * header, level l's image descriptor. */
UNIHIP_DEVICE_INLINE unsigned long long __unihip_mip_table_of(unsigned long long __t) {
  return *(const unsigned long long __attribute__((address_space(4)))*)(
      __t + __UNIHIP_MIP_TABLE_OFFSET);
}
UNIHIP_DEVICE_INLINE __unihip_mip_table __unihip_mip_header(unsigned long long __m) {
  const __unihip_tex_sharp __w = (__unihip_tex_sharp)__m;
  __unihip_mip_table __h{};
  __h.levels = __w[0];
  __h.linear = __w[1];
  __h.normalized = __w[2];
  __h.bias = __builtin_bit_cast(float, __w[4]);
  __h.minClamp = __builtin_bit_cast(float, __w[5]);
  __h.maxClamp = __builtin_bit_cast(float, __w[6]);
  __h.width = __builtin_bit_cast(float, __w[8]);
  __h.height = __builtin_bit_cast(float, __w[9]);
  __h.depth = __builtin_bit_cast(float, __w[10]);
  return __h;
}
UNIHIP_DEVICE_INLINE __unihip_tex_sharp __unihip_mip_level(unsigned long long __m, unsigned __l) {
  return (__unihip_tex_sharp)(__m + __UNIHIP_MIP_HEADER_BYTES +
                              (unsigned long long)__l * __UNIHIP_MIP_LEVEL_BYTES);
}

/* The four float lanes as the tag's result (integer texels arrive as their bits). */
UNIHIP_DEVICE_INLINE __unihip_tex_f4 __unihip_tex_lanes(__unihip_tex_kf, __unihip_tex_v4f v) {
  return {v.x, v.y, v.z, v.w};
}
UNIHIP_DEVICE_INLINE __unihip_tex_i4 __unihip_tex_lanes(__unihip_tex_ks, __unihip_tex_v4f v) {
  const __unihip_tex_v4i i = __builtin_bit_cast(__unihip_tex_v4i, v);  /* whole vector: lanes */
  return {i.x, i.y, i.z, i.w};
}
UNIHIP_DEVICE_INLINE __unihip_tex_u4 __unihip_tex_lanes(__unihip_tex_ku, __unihip_tex_v4f v) {
  const __unihip_tex_v4i i = __builtin_bit_cast(__unihip_tex_v4i, v);
  return {static_cast<unsigned int>(i.x), static_cast<unsigned int>(i.y),
          static_cast<unsigned int>(i.z), static_cast<unsigned int>(i.w)};
}

/* The fetch's result type for tag K (spelt out: HIP's headers compile as C++11). */
#define __UNIHIP_TEX_RESULT -> decltype(__unihip_tex_lanes(__k, __unihip_tex_v4f{}))

/* One fetch: CALL is the image function's call on __t (the object's address) and the
 * parameters, KIND the instructions it needs; the result type follows the tag. */
#define __UNIHIP_TEX_AMD(NAME, KIND, PARAMS, ARGS, CALL)                                      \
  template <class K>                                                                          \
  UNIHIP_DEVICE_INLINE auto __unihip_##NAME(K __k, unsigned long long __t,                    \
                                            __UNIHIP_STRIP PARAMS) __UNIHIP_TEX_RESULT {      \
    return __unihip_tex_lanes(__k, __UNIHIP_TEX_##KIND(CALL));                                \
  }                                                                                           \
  __UNIHIP_TEX_PUBLIC(NAME, __unihip_##NAME, PARAMS, ARGS)

#define __UNIHIP_TS __UNIHIP_TEX_T(__t), __UNIHIP_TEX_S(__t)
#define __UNIHIP_V2(a, b) (__unihip_tex_v2f{(a), (b)})
#define __UNIHIP_V4(a, b, c, d) (__unihip_tex_v4f{(a), (b), (c), (d)})

__UNIHIP_TEX_AMD(tex1Dfetch, BUFFER, (int x), (x), __ockl_image_load_1Db(__UNIHIP_TEX_T(__t), x))
__UNIHIP_TEX_AMD(tex1D, BASIC, (float x), (x), __ockl_image_sample_1D(__UNIHIP_TS, x))
__UNIHIP_TEX_AMD(tex2D, BASIC, (float x, float y), (x, y),
                 __ockl_image_sample_2D(__UNIHIP_TS, __UNIHIP_V2(x, y)))
__UNIHIP_TEX_AMD(tex3D, BASIC, (float x, float y, float z), (x, y, z),
                 __ockl_image_sample_3D(__UNIHIP_TS, __UNIHIP_V4(x, y, z, 0.0f)))
__UNIHIP_TEX_AMD(tex1DLayered, BASIC, (float x, int layer), (x, layer),
                 __ockl_image_sample_1Da(__UNIHIP_TS, __UNIHIP_V2(x, (float)layer)))
__UNIHIP_TEX_AMD(tex2DLayered, BASIC, (float x, float y, int layer), (x, y, layer),
                 __ockl_image_sample_2Da(__UNIHIP_TS, __UNIHIP_V4(x, y, (float)layer, 0.0f)))
__UNIHIP_TEX_AMD(texCubemap, BASIC, (float x, float y, float z), (x, y, z),
                 __ockl_image_sample_CM(__UNIHIP_TS, __UNIHIP_V4(x, y, z, 0.0f)))
__UNIHIP_TEX_AMD(texCubemapLayered, BASIC, (float x, float y, float z, int layer), (x, y, z, layer),
                 __ockl_image_sample_CMa(__UNIHIP_TS, __UNIHIP_V4(x, y, z, (float)layer)))
/* A Lod or Grad fetch. A mipmapped texture (texture_lod.h: the object names a level table)
 * picks its levels in software and reads each with the basic fetch LEVEL on descriptor __i,
 * lerping two levels for a linear mipmap filter (float reads); LOD is the level of detail asked
 * for (it may read the table's header __h). Any other texture has one level: NATIVE (the
 * instruction with LOD or gradients) where the target has it, else LEVEL on its descriptor. */
#define __UNIHIP_TEX_MIP(NAME, PARAMS, ARGS, LOD, NATIVE, LEVEL)                               \
  template <class K>                                                                          \
  UNIHIP_DEVICE_INLINE auto __unihip_##NAME(K __k, unsigned long long __t,                    \
                                            __UNIHIP_STRIP PARAMS) __UNIHIP_TEX_RESULT {      \
    const unsigned long long __m = __unihip_mip_table_of(__t);                                \
    if (__builtin_expect(__m == 0, 1)) {                                                      \
      __unihip_tex_sharp __i = __UNIHIP_TEX_T(__t);                                           \
      (void)__i;                                                                              \
      return __unihip_tex_lanes(__k, __UNIHIP_TEX_ONE_LEVEL(NATIVE, LEVEL));                  \
    }                                                                                         \
    const __unihip_mip_table __h = __unihip_mip_header(__m);                                  \
    const __unihip_mip_pick __p = __unihip_mip_select(__h, LOD);                              \
    __unihip_tex_sharp __i = __unihip_mip_level(__m, __p.lo);                                 \
    __unihip_tex_v4f __v = __UNIHIP_TEX_BASIC(LEVEL);                                         \
    if (std::is_same<K, __unihip_tex_kf>::value) { /* float reads lerp the levels */          \
      if (__p.frac != 0.0f) {                                                                 \
        __i = __unihip_mip_level(__m, __p.hi);                                                \
        const __unihip_tex_v4f __w = __UNIHIP_TEX_BASIC(LEVEL);                               \
        __v = __v + (__w - __v) * __p.frac;                                                   \
      }                                                                                       \
    }                                                                                         \
    return __unihip_tex_lanes(__k, __v);                                                      \
  }                                                                                           \
  __UNIHIP_TEX_PUBLIC(NAME, __unihip_##NAME, PARAMS, ARGS)

#define __UNIHIP_LS __i, __UNIHIP_TEX_S(__t)

__UNIHIP_TEX_MIP(tex1DLod, (float x, float level), (x, level), level,
                 __ockl_image_sample_lod_1D(__UNIHIP_TS, x, level),
                 __ockl_image_sample_1D(__UNIHIP_LS, x))
__UNIHIP_TEX_MIP(tex2DLod, (float x, float y, float level), (x, y, level), level,
                 __ockl_image_sample_lod_2D(__UNIHIP_TS, __UNIHIP_V2(x, y), level),
                 __ockl_image_sample_2D(__UNIHIP_LS, __UNIHIP_V2(x, y)))
__UNIHIP_TEX_MIP(tex3DLod, (float x, float y, float z, float level), (x, y, z, level), level,
                 __ockl_image_sample_lod_3D(__UNIHIP_TS, __UNIHIP_V4(x, y, z, 0.0f), level),
                 __ockl_image_sample_3D(__UNIHIP_LS, __UNIHIP_V4(x, y, z, 0.0f)))
__UNIHIP_TEX_MIP(tex1DLayeredLod, (float x, int layer, float level), (x, layer, level), level,
                 __ockl_image_sample_lod_1Da(__UNIHIP_TS, __UNIHIP_V2(x, (float)layer), level),
                 __ockl_image_sample_1Da(__UNIHIP_LS, __UNIHIP_V2(x, (float)layer)))
__UNIHIP_TEX_MIP(tex2DLayeredLod, (float x, float y, int layer, float level),
                 (x, y, layer, level), level,
                 __ockl_image_sample_lod_2Da(__UNIHIP_TS, __UNIHIP_V4(x, y, (float)layer, 0.0f),
                                             level),
                 __ockl_image_sample_2Da(__UNIHIP_LS, __UNIHIP_V4(x, y, (float)layer, 0.0f)))
__UNIHIP_TEX_MIP(texCubemapLod, (float x, float y, float z, float level), (x, y, z, level),
                 level, __ockl_image_sample_lod_CM(__UNIHIP_TS, __UNIHIP_V4(x, y, z, 0.0f), level),
                 __ockl_image_sample_CM(__UNIHIP_LS, __UNIHIP_V4(x, y, z, 0.0f)))
__UNIHIP_TEX_MIP(texCubemapLayeredLod, (float x, float y, float z, int layer, float level),
                 (x, y, z, layer, level), level,
                 __ockl_image_sample_lod_CMa(__UNIHIP_TS, __UNIHIP_V4(x, y, z, (float)layer),
                                             level),
                 __ockl_image_sample_CMa(__UNIHIP_LS, __UNIHIP_V4(x, y, z, (float)layer)))
__UNIHIP_TEX_MIP(tex1DGrad, (float x, float dPdx, float dPdy), (x, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx, 0.0f, 0.0f, dPdy, 0.0f, 0.0f),
                 __ockl_image_sample_grad_1D(__UNIHIP_TS, x, dPdx, dPdy),
                 __ockl_image_sample_1D(__UNIHIP_LS, x))
__UNIHIP_TEX_MIP(tex2DGrad, (float x, float y, float2 dPdx, float2 dPdy), (x, y, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx.x, dPdx.y, 0.0f, dPdy.x, dPdy.y, 0.0f),
                 __ockl_image_sample_grad_2D(__UNIHIP_TS, __UNIHIP_V2(x, y),
                                             __UNIHIP_V2(dPdx.x, dPdx.y),
                                             __UNIHIP_V2(dPdy.x, dPdy.y)),
                 __ockl_image_sample_2D(__UNIHIP_LS, __UNIHIP_V2(x, y)))
__UNIHIP_TEX_MIP(tex3DGrad, (float x, float y, float z, float4 dPdx, float4 dPdy),
                 (x, y, z, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z),
                 __ockl_image_sample_grad_3D(__UNIHIP_TS, __UNIHIP_V4(x, y, z, 0.0f),
                                             __UNIHIP_V4(dPdx.x, dPdx.y, dPdx.z, 0.0f),
                                             __UNIHIP_V4(dPdy.x, dPdy.y, dPdy.z, 0.0f)),
                 __ockl_image_sample_3D(__UNIHIP_LS, __UNIHIP_V4(x, y, z, 0.0f)))
__UNIHIP_TEX_MIP(tex1DLayeredGrad, (float x, int layer, float dPdx, float dPdy),
                 (x, layer, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx, 0.0f, 0.0f, dPdy, 0.0f, 0.0f),
                 __ockl_image_sample_grad_1Da(__UNIHIP_TS, __UNIHIP_V2(x, (float)layer), dPdx,
                                              dPdy),
                 __ockl_image_sample_1Da(__UNIHIP_LS, __UNIHIP_V2(x, (float)layer)))
__UNIHIP_TEX_MIP(tex2DLayeredGrad, (float x, float y, int layer, float2 dPdx, float2 dPdy),
                 (x, y, layer, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx.x, dPdx.y, 0.0f, dPdy.x, dPdy.y, 0.0f),
                 __ockl_image_sample_grad_2Da(__UNIHIP_TS, __UNIHIP_V4(x, y, (float)layer, 0.0f),
                                              __UNIHIP_V2(dPdx.x, dPdx.y),
                                              __UNIHIP_V2(dPdy.x, dPdy.y)),
                 __ockl_image_sample_2Da(__UNIHIP_LS, __UNIHIP_V4(x, y, (float)layer, 0.0f)))
/* The device libraries have no cube gradient sample: one level reads level 0 (as AMD's HIP,
 * whose Grad forms of cubemaps return zeros, cannot). */
__UNIHIP_TEX_MIP(texCubemapGrad, (float x, float y, float z, float4 dPdx, float4 dPdy),
                 (x, y, z, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z),
                 __ockl_image_sample_CM(__UNIHIP_TS, __UNIHIP_V4(x, y, z, 0.0f)),
                 __ockl_image_sample_CM(__UNIHIP_LS, __UNIHIP_V4(x, y, z, 0.0f)))
__UNIHIP_TEX_MIP(texCubemapLayeredGrad,
                 (float x, float y, float z, int layer, float4 dPdx, float4 dPdy),
                 (x, y, z, layer, dPdx, dPdy),
                 __unihip_mip_grad_lod(__h, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z),
                 __ockl_image_sample_CMa(__UNIHIP_TS, __UNIHIP_V4(x, y, z, (float)layer)),
                 __ockl_image_sample_CMa(__UNIHIP_LS, __UNIHIP_V4(x, y, z, (float)layer)))

/* tex2Dgather: one component (0..3 = x..w) of the four texels bilinear filtering would read. */
template <class T, typename __unihip_tex_elem<T>::tag* = nullptr>
static __device__ __forceinline__ T tex2Dgather(hipTextureObject_t textureObject, float x, float y,
                                                int comp = 0) {
  typedef typename __unihip_tex_elem<T>::tag K;
  const unsigned long long __t = __unihip_tex_handle(textureObject);
  const __unihip_tex_v2f c = __UNIHIP_V2(x, y);
  switch (comp) {
    case 1:
      return __unihip_tex_result<T>(
          __unihip_tex_lanes(K(), __UNIHIP_TEX_EXT(__ockl_image_gather4g_2D(__UNIHIP_TS, c))));
    case 2:
      return __unihip_tex_result<T>(
          __unihip_tex_lanes(K(), __UNIHIP_TEX_EXT(__ockl_image_gather4b_2D(__UNIHIP_TS, c))));
    case 3:
      return __unihip_tex_result<T>(
          __unihip_tex_lanes(K(), __UNIHIP_TEX_EXT(__ockl_image_gather4a_2D(__UNIHIP_TS, c))));
    default:
      return __unihip_tex_result<T>(
          __unihip_tex_lanes(K(), __UNIHIP_TEX_EXT(__ockl_image_gather4r_2D(__UNIHIP_TS, c))));
  }
}
template <class T, typename __unihip_tex_elem<T>::tag* = nullptr>
static __device__ __forceinline__ void tex2Dgather(T* ptr, hipTextureObject_t textureObject,
                                                   float x, float y, int comp = 0) {
  *ptr = tex2Dgather<T>(textureObject, x, y, comp);
}

#undef __UNIHIP_V4
#undef __UNIHIP_V2
#undef __UNIHIP_TS
#undef __UNIHIP_TEX_AMD
#undef __UNIHIP_TEX_BUFFER
#undef __UNIHIP_TEX_EXT
#undef __UNIHIP_TEX_TRAP
#undef __UNIHIP_TEX_ONE_LEVEL
#undef __UNIHIP_TEX_MIP
#undef __UNIHIP_LS
#undef __UNIHIP_TEX_BASIC
#undef __UNIHIP_TEX_S
#undef __UNIHIP_TEX_T
#endif /* UNIHIP_DEVICE_NVPTX */

#undef __UNIHIP_TEX
#undef __UNIHIP_TEX_PUBLIC
#undef __UNIHIP_TEX_LOW
#undef __UNIHIP_TEX_ONE

#endif /* UNIHIP_OFFLOAD_LANGUAGE && __cplusplus */
#endif /* UNIHIP_DEVICE_TEXTURE_FUNCTIONS_H */
