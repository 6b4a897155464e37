/* unihip device side: texture object fetches (HIP's texture_indirect_functions.h): tex1Dfetch,
 * tex1D/2D/3D, layered, cubemap, tex2Dgather, the Lod and Grad forms, each a template on the
 * returned type (tex2D<float4>(obj, x, y)) and in HIP's pointer form (tex2D(&v, obj, x, y)).
 *
 * T is one of HIP's texture channel types: char, unsigned char, short, unsigned short, int,
 * unsigned int, float and their 1-, 2- and 4-vectors. A float T reads through the texture unit
 * as float (element type of a float texture, or the normalized-float read mode of an integer
 * one); an integer T reads the elements as integers.
 *
 * NVIDIA: PTX tex / tld4 on the 64-bit object (unified texture mode). AMD: not implemented yet
 * (the image functions of the device libraries are not wired up): a fetch traps. */
#ifndef UNIHIP_DEVICE_TEXTURE_FUNCTIONS_H
#define UNIHIP_DEVICE_TEXTURE_FUNCTIONS_H

#include "hip/unihip/qualifiers.h"
#include "hip/hip_vector_types.h"
#include "hip/texture_types.h"

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
#else
#define __UNIHIP_TEX_ONE(NAME, TAG, R, DT, RC, INSTR, CT, COORDS, PARAMS, INS)               \
  UNIHIP_DEVICE_INLINE R NAME(TAG, unsigned long long, __UNIHIP_STRIP PARAMS) {              \
    __builtin_trap();                                                                        \
    return R{};                                                                              \
  }
#endif
#define __UNIHIP_TEX_LOW(NAME, INSTR, CT, COORDS, PARAMS, INS)                                \
  __UNIHIP_TEX_ONE(NAME, __unihip_tex_kf, __unihip_tex_f4, "f32", "=f", INSTR, CT, COORDS,    \
                   PARAMS, INS)                                                               \
  __UNIHIP_TEX_ONE(NAME, __unihip_tex_ks, __unihip_tex_i4, "s32", "=r", INSTR, CT, COORDS,    \
                   PARAMS, INS)                                                               \
  __UNIHIP_TEX_ONE(NAME, __unihip_tex_ku, __unihip_tex_u4, "u32", "=r", INSTR, CT, COORDS,    \
                   PARAMS, INS)

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

#undef __UNIHIP_TEX
#undef __UNIHIP_TEX_PUBLIC
#undef __UNIHIP_TEX_LOW
#undef __UNIHIP_TEX_ONE

#endif /* UNIHIP_OFFLOAD_LANGUAGE && __cplusplus */
#endif /* UNIHIP_DEVICE_TEXTURE_FUNCTIONS_H */
