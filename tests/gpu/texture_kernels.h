// Launch wrappers around the texture and surface kernels (texture_kernels.hip), so the Catch2
// tests compile with the ordinary host compiler. Each runs one block per 256 samples and returns
// the launch's status (callers synchronize).
#pragma once

#include <hip/hip_runtime_api.h>

// out[i] = tex1Dfetch<float>(t, i), i < n.
hipError_t launchTex1Dfetch(hipTextureObject_t t, float* out, int n);
// out[i] = tex1Dfetch<int>(t, i) (element-type read of an integer texture).
hipError_t launchTex1DfetchInt(hipTextureObject_t t, int* out, int n);
// out[i] = tex1D<float>(t, x[i]).
hipError_t launchTex1D(hipTextureObject_t t, const float* x, float* out, int n);
// out[i] = tex2D<float>(t, xy[2i], xy[2i+1]).
hipError_t launchTex2D(hipTextureObject_t t, const float* xy, float* out, int n);
// out[i] = tex2D<float4>(t, ...) (normalized-float reads of uchar4 textures, float4 textures).
hipError_t launchTex2DFloat4(hipTextureObject_t t, const float* xy, float4* out, int n);
// out[i] = tex2D<uchar4>(t, ...) (element-type reads), pointer form.
hipError_t launchTex2DUchar4(hipTextureObject_t t, const float* xy, uchar4* out, int n);
// out[i] = tex3D<float>(t, xyz[3i], xyz[3i+1], xyz[3i+2]).
hipError_t launchTex3D(hipTextureObject_t t, const float* xyz, float* out, int n);
// out[i] = tex1DLayered<float>(t, xl[2i], (int)xl[2i+1]).
hipError_t launchTex1DLayered(hipTextureObject_t t, const float* xl, float* out, int n);
// out[i] = tex2DLayered<float>(t, xyl[3i], xyl[3i+1], (int)xyl[3i+2]).
hipError_t launchTex2DLayered(hipTextureObject_t t, const float* xyl, float* out, int n);
// out[i] = texCubemap<float>(t, x, y, z) of xyzl[4i..4i+2], or with layered != 0
// texCubemapLayered<float>(t, x, y, z, (int)xyzl[4i+3]).
hipError_t launchTexCubemap(hipTextureObject_t t, const float* xyzl, float* out, int n,
                            int layered);
// Over a w x w float cubemap surface (layers 0: not layered): each element of face f, layer l
// becomes 2v + f + 10l (surfCubemapread/write, surfCubemapLayeredread/write).
hipError_t launchSurfCubemap(hipSurfaceObject_t s, int w, int layers);
// out[i] = tex2DLod<float>(t, xy.., level), and tex2DGrad with zero gradients in out[n + i].
hipError_t launchTex2DLod(hipTextureObject_t t, const float* xy, float level, float* out, int n);
// out[i] = tex2Dgather<float4>(t, xy.., comp).
hipError_t launchTex2Dgather(hipTextureObject_t t, const float* xy, int comp, float4* out, int n);
// Instantiates every fetch for every channel type HIP allows (and runs them when run != 0,
// against a 1x1 int texture): the PTX must assemble for all of them.
hipError_t launchTexAllTypes(hipTextureObject_t t, int run, int* out);

// Instantiates every surface access for elements of 1 to 16 bytes (runs them when run != 0).
hipError_t launchSurfAllSizes(hipSurfaceObject_t s, int run, int* out);
// In place over a w x h float surface: v = 2v + 1 (surf2Dread / surf2Dwrite).
hipError_t launchSurf2DScale(hipSurfaceObject_t s, int w, int h);
// Writes uchar4(x, x+1, x+2, x+3) to each element of a 1D uchar4 surface of w elements.
hipError_t launchSurf1DWrite(hipSurfaceObject_t s, int w);
// Writes x + 100y + 10000z to each element of a w x h x d int surface (surf3Dwrite), then
// in a second launch, reads it back through surf3Dread (value form) into out.
hipError_t launchSurf3D(hipSurfaceObject_t s, int w, int h, int d, int* out);
// Writes short2(x, layer) to each element of a layered 2D short2 surface (surf2DLayeredwrite).
hipError_t launchSurf2DLayered(hipSurfaceObject_t s, int w, int h, int layers);
// Reads element (x, y) with the given boundary mode (zero: out of range reads 0) into *out.
hipError_t launchSurf2DReadAt(hipSurfaceObject_t s, int x, int y, int mode, float* out);
