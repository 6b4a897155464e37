/* unihip, AMD texture objects over mipmapped arrays: the level table the object points to and
 * the level selection of the Lod and Grad fetches, done in software so that they need only the
 * basic sample instruction (gfx90a has no LOD or gradient one; gfx94x has no image instructions
 * at all) and work on images made one per level through ROCr's image extension. Shared by the device code
 * (texture_functions.h) and the host (backends/hsa/hsa_images.cpp, CPU tests).
 *
 * The texture object keeps its 80-byte layout (image descriptor, sampler descriptor at byte 48);
 * bytes 72..79 (past the 16 bytes of the hardware sampler) hold the table's device address, 0
 * for a texture that is not mipmapped. Only the Lod and Grad forms read it. */
#ifndef UNIHIP_DEVICE_TEXTURE_LOD_H
#define UNIHIP_DEVICE_TEXTURE_LOD_H

#include "hip/unihip/qualifiers.h"

#define __UNIHIP_MIP_TABLE_OFFSET 72 /* byte of the table's address in the texture object */
#define __UNIHIP_MIP_HEADER_BYTES 64 /* level i's image descriptor at 64 + 48 * i */
#define __UNIHIP_MIP_LEVEL_BYTES 48

struct __unihip_mip_table {
  unsigned int levels;     /* in the view, at least 1 */
  unsigned int linear;     /* mipmapFilterMode: linear (lerp two levels) or point */
  unsigned int normalized; /* normalized coordinates: gradients are scaled by the extent */
  unsigned int reserved0;
  float bias;     /* mipmapLevelBias */
  float minClamp; /* minMipmapLevelClamp */
  float maxClamp; /* maxMipmapLevelClamp */
  float reserved1;
  float width, height, depth; /* the view's first level, in texels (0: no such dimension) */
  float reserved2;
  unsigned int reserved3[4];
};

/* Which levels a fetch reads: `lo`, and `hi` weighted by `frac` (0: `lo` alone). */
struct __unihip_mip_pick {
  unsigned int lo, hi;
  float frac;
};

/* The level of detail `lod` (the caller's, or one from gradients) biased, clamped to the
 * texture's clamps and to the levels there are (OpenGL's order), then chosen by the
 * mipmap filter: the nearest level, or the two around it. A NaN lod reads the lowest level allowed. */
__host__ __device__ inline __unihip_mip_pick __unihip_mip_select(const __unihip_mip_table& t,
                                                                 float lod) {
  float l = lod + t.bias;
  l = __builtin_fminf(__builtin_fmaxf(l, t.minClamp), t.maxClamp);
  l = __builtin_fminf(__builtin_fmaxf(l, 0.0f), (float)(t.levels - 1));
  if (!(l >= 0.0f)) l = 0.0f; /* NaN clamps (both clamps NaN) */
  __unihip_mip_pick p;
  if (!t.linear) {
    /* OpenGL's nearest level: ceil(l + 0.5) - 1, so a tie goes to the finer level. */
    p.lo = p.hi = l <= 0.5f ? 0u : (unsigned int)__builtin_ceilf(l + 0.5f) - 1u;
    p.frac = 0.0f;
    return p;
  }
  const float f = __builtin_floorf(l);
  p.lo = (unsigned int)f;
  p.hi = p.lo + 1 < t.levels ? p.lo + 1 : p.lo;
  p.frac = p.hi == p.lo ? 0.0f : l - f;
  return p;
}

/* The level of detail from the derivatives of the coordinates along x and y (unused dimensions
 * 0): log2 of the longer footprint in level-0 texels (normalized coordinates scale by the
 * extent). A zero footprint gives -inf, which the clamps turn into the lowest level. */
__host__ __device__ inline float __unihip_mip_grad_lod(const __unihip_mip_table& t, float dxx,
                                                       float dxy, float dxz, float dyx, float dyy,
                                                       float dyz) {
  const float sx = t.normalized ? t.width : 1.0f, sy = t.normalized ? t.height : 1.0f,
              sz = t.normalized ? t.depth : 1.0f;
  const float ax = dxx * sx, ay = dxy * sy, az = dxz * sz;
  const float bx = dyx * sx, by = dyy * sy, bz = dyz * sz;
  const float a = ax * ax + ay * ay + az * az, b = bx * bx + by * by + bz * bz;
  return 0.5f * __builtin_log2f(__builtin_fmaxf(a, b));
}

#endif /* UNIHIP_DEVICE_TEXTURE_LOD_H */
