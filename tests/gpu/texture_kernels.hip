// Texture and surface kernels of the GPU suite (test_textures.cpp, test_arrays.cpp).
#include <hip/hip_runtime.h>

#include "texture_kernels.h"

namespace {

constexpr int kBlock = 256;
inline dim3 blocksFor(int n) { return dim3((n + kBlock - 1) / kBlock); }

__global__ void tex1DfetchKernel(hipTextureObject_t t, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, i);
}
__global__ void tex1DfetchIntKernel(hipTextureObject_t t, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tex1Dfetch(&out[i], t, i);
}
__global__ void tex1DKernel(hipTextureObject_t t, const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float>(t, x[i]);
}
__global__ void tex2DKernel(hipTextureObject_t t, const float* xy, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, xy[2 * i], xy[2 * i + 1]);
}
__global__ void tex2DFloat4Kernel(hipTextureObject_t t, const float* xy, float4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, xy[2 * i], xy[2 * i + 1]);
}
__global__ void tex2DUchar4Kernel(hipTextureObject_t t, const float* xy, uchar4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tex2D(&out[i], t, xy[2 * i], xy[2 * i + 1]);
}
__global__ void tex3DKernel(hipTextureObject_t t, const float* xyz, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(t, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
}
__global__ void tex1DLayeredKernel(hipTextureObject_t t, const float* xl, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1DLayered<float>(t, xl[2 * i], static_cast<int>(xl[2 * i + 1]));
}
__global__ void tex2DLayeredKernel(hipTextureObject_t t, const float* xyl, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex2DLayered<float>(t, xyl[3 * i], xyl[3 * i + 1], static_cast<int>(xyl[3 * i + 2]));
}
__global__ void texCubemapKernel(hipTextureObject_t t, const float* xyzl, float* out, int n,
                                 int layered) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float* c = xyzl + 4 * i;
  out[i] = layered ? texCubemapLayered<float>(t, c[0], c[1], c[2], static_cast<int>(c[3]))
                   : texCubemap<float>(t, c[0], c[1], c[2]);
}
// Each element of face f (of layer l) of a w x w cubemap surface: v = 2v + f + 10l.
__global__ void surfCubemapKernel(hipSurfaceObject_t s, int w, int layers) {
  const int x = threadIdx.x, y = blockIdx.x, face = blockIdx.y % 6, layer = blockIdx.y / 6;
  if (x >= w) return;
  float v = 0.0f;
  if (layers == 0) {
    surfCubemapread(&v, s, x * 4, y, face);
    surfCubemapwrite(2.0f * v + face, s, x * 4, y, face);
  } else {
    surfCubemapLayeredread(&v, s, x * 4, y, blockIdx.y);
    surfCubemapLayeredwrite(2.0f * v + face + 10.0f * layer, s, x * 4, y, blockIdx.y);
  }
}
__global__ void tex2DLodKernel(hipTextureObject_t t, const float* xy, float level, float* out,
                               int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = tex2DLod<float>(t, xy[2 * i], xy[2 * i + 1], level);
    out[n + i] = tex2DGrad<float>(t, xy[2 * i], xy[2 * i + 1], make_float2(0, 0),
                                  make_float2(0, 0));
  }
}
__global__ void tex2DgatherKernel(hipTextureObject_t t, const float* xy, int comp, float4* out,
                                  int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(t, xy[2 * i], xy[2 * i + 1], comp);
}

// Sum of every channel, so every instantiation stays live.
template <class T>
__device__ int channelSum(T v) {
  if constexpr (std::is_arithmetic<T>::value) {
    return static_cast<int>(v);
  } else {
    int s = static_cast<int>(v.x);
    if constexpr (sizeof(v) / sizeof(v.x) > 1) s += static_cast<int>(v.y);
    if constexpr (sizeof(v) / sizeof(v.x) > 2) s += static_cast<int>(v.z) + static_cast<int>(v.w);
    return s;
  }
}

template <class T>
__device__ int allFetches(hipTextureObject_t t) {
  int s = channelSum(tex1Dfetch<T>(t, 0));
  s += channelSum(tex1D<T>(t, 0.5f));
  s += channelSum(tex2D<T>(t, 0.5f, 0.5f));
  s += channelSum(tex3D<T>(t, 0.5f, 0.5f, 0.5f));
  s += channelSum(tex1DLayered<T>(t, 0.5f, 0));
  s += channelSum(tex2DLayered<T>(t, 0.5f, 0.5f, 0));
  s += channelSum(texCubemap<T>(t, 1.0f, 0.0f, 0.0f));
  s += channelSum(texCubemapLayered<T>(t, 1.0f, 0.0f, 0.0f, 0));
  s += channelSum(tex2Dgather<T>(t, 0.5f, 0.5f, 1));
  s += channelSum(tex1DLod<T>(t, 0.5f, 0.0f));
  s += channelSum(tex2DLod<T>(t, 0.5f, 0.5f, 0.0f));
  s += channelSum(tex3DLod<T>(t, 0.5f, 0.5f, 0.5f, 0.0f));
  s += channelSum(tex1DLayeredLod<T>(t, 0.5f, 0, 0.0f));
  s += channelSum(tex2DLayeredLod<T>(t, 0.5f, 0.5f, 0, 0.0f));
  s += channelSum(texCubemapLod<T>(t, 1.0f, 0.0f, 0.0f, 0.0f));
  s += channelSum(texCubemapLayeredLod<T>(t, 1.0f, 0.0f, 0.0f, 0, 0.0f));
  const float4 g4 = make_float4(0, 0, 0, 0);
  s += channelSum(texCubemapGrad<T>(t, 1.0f, 0.0f, 0.0f, g4, g4));
  s += channelSum(texCubemapLayeredGrad<T>(t, 1.0f, 0.0f, 0.0f, 0, g4, g4));
  s += channelSum(tex1DGrad<T>(t, 0.5f, 0.0f, 0.0f));
  s += channelSum(tex2DGrad<T>(t, 0.5f, 0.5f, make_float2(0, 0), make_float2(0, 0)));
  s += channelSum(tex3DGrad<T>(t, 0.5f, 0.5f, 0.5f, make_float4(0, 0, 0, 0),
                               make_float4(0, 0, 0, 0)));
  s += channelSum(tex1DLayeredGrad<T>(t, 0.5f, 0, 0.0f, 0.0f));
  s += channelSum(tex2DLayeredGrad<T>(t, 0.5f, 0.5f, 0, make_float2(0, 0), make_float2(0, 0)));
  T p;
  tex2D(&p, t, 0.5f, 0.5f);
  return s + channelSum(p);
}

template <class... T>
__device__ int allTypes(hipTextureObject_t t) {
  return (allFetches<T>(t) + ...);
}

__global__ void texAllTypesKernel(hipTextureObject_t t, int run, int* out) {
  if (run == 0) return;
  *out = allTypes<char, signed char, unsigned char, short, unsigned short, int, unsigned int,
                  float, char1, char2, char4, uchar1, uchar2, uchar4, short1, short2, short4,
                  ushort1, ushort2, ushort4, int1, int2, int4, uint1, uint2, uint4, float1,
                  float2, float4>(t);
}

// Every surface access for elements of 1, 2, 4, 8 and 16 bytes and every boundary mode.
template <class T>
__device__ int allSurfaceAccesses(hipSurfaceObject_t s, int mode) {
  T v{};
  surf1Dread(&v, s, 0, mode);
  surf1Dwrite(v, s, 0, mode);
  surf2Dread(&v, s, 0, 0, mode);
  surf2Dwrite(v, s, 0, 0, mode);
  surf3Dread(&v, s, 0, 0, 0, mode);
  surf3Dwrite(v, s, 0, 0, 0, mode);
  surf1DLayeredread(&v, s, 0, 0, mode);
  surf1DLayeredwrite(v, s, 0, 0, mode);
  surf2DLayeredread(&v, s, 0, 0, 0, mode);
  surf2DLayeredwrite(v, s, 0, 0, 0, mode);
  surfCubemapread(&v, s, 0, 0, 0);
  surfCubemapwrite(v, s, 0, 0, 0);
  surfCubemapLayeredread(&v, s, 0, 0, 0);
  surfCubemapLayeredwrite(v, s, 0, 0, 0);
  T w = surf2Dread<T>(s, 0, 0, mode);
  return channelSum(w);
}

__global__ void surfAllSizesKernel(hipSurfaceObject_t s, int run, int mode, int* out) {
  if (run == 0) return;
  *out = allSurfaceAccesses<unsigned char>(s, mode) + allSurfaceAccesses<short>(s, mode) +
         allSurfaceAccesses<uchar4>(s, mode) + allSurfaceAccesses<float>(s, mode) +
         allSurfaceAccesses<int2>(s, mode) + allSurfaceAccesses<float4>(s, mode) +
         allSurfaceAccesses<char2>(s, mode) + allSurfaceAccesses<ushort4>(s, mode);
}

__global__ void surf2DScaleKernel(hipSurfaceObject_t s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x >= w || y >= h) return;
  float v;
  surf2Dread(&v, s, x * static_cast<int>(sizeof(float)), y);
  surf2Dwrite(2 * v + 1, s, x * static_cast<int>(sizeof(float)), y);
}
__global__ void surf1DWriteKernel(hipSurfaceObject_t s, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < w)
    surf1Dwrite(make_uchar4(x, x + 1, x + 2, x + 3), s, x * static_cast<int>(sizeof(uchar4)));
}
// Surface writes are not visible to surface reads of the same launch: two launches.
__global__ void surf3DWriteKernel(hipSurfaceObject_t s, int w, int h, int d) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x >= w || y >= h || z >= d) return;
  surf3Dwrite(x + 100 * y + 10000 * z, s, x * 4, y, z);
}
__global__ void surf3DReadKernel(hipSurfaceObject_t s, int w, int h, int d, int* out) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x >= w || y >= h || z >= d) return;
  out[(z * h + y) * w + x] = surf3Dread<int>(s, x * 4, y, z);
}
__global__ void surf2DLayeredKernel(hipSurfaceObject_t s, int w, int h, int layers) {
  int x = threadIdx.x, y = blockIdx.x, l = blockIdx.y;
  if (x >= w || y >= h || l >= layers) return;
  surf2DLayeredwrite(make_short2(x, l), s, x * static_cast<int>(sizeof(short2)), y, l);
}
__global__ void surf2DReadAtKernel(hipSurfaceObject_t s, int x, int y, int mode, float* out) {
  *out = surf2Dread<float>(s, x * 4, y, mode);
}

}  // namespace

hipError_t launchTex1Dfetch(hipTextureObject_t t, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex1DfetchKernel<<<blocksFor(n), kBlock>>>(t, out, n);
  return hipGetLastError();
}
hipError_t launchTex1DfetchInt(hipTextureObject_t t, int* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex1DfetchIntKernel<<<blocksFor(n), kBlock>>>(t, out, n);
  return hipGetLastError();
}
hipError_t launchTex1D(hipTextureObject_t t, const float* x, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex1DKernel<<<blocksFor(n), kBlock>>>(t, x, out, n);
  return hipGetLastError();
}
hipError_t launchTex2D(hipTextureObject_t t, const float* xy, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex2DKernel<<<blocksFor(n), kBlock>>>(t, xy, out, n);
  return hipGetLastError();
}
hipError_t launchTex2DFloat4(hipTextureObject_t t, const float* xy, float4* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex2DFloat4Kernel<<<blocksFor(n), kBlock>>>(t, xy, out, n);
  return hipGetLastError();
}
hipError_t launchTex2DUchar4(hipTextureObject_t t, const float* xy, uchar4* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex2DUchar4Kernel<<<blocksFor(n), kBlock>>>(t, xy, out, n);
  return hipGetLastError();
}
hipError_t launchTex3D(hipTextureObject_t t, const float* xyz, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex3DKernel<<<blocksFor(n), kBlock>>>(t, xyz, out, n);
  return hipGetLastError();
}
hipError_t launchTex1DLayered(hipTextureObject_t t, const float* xl, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex1DLayeredKernel<<<blocksFor(n), kBlock>>>(t, xl, out, n);
  return hipGetLastError();
}
hipError_t launchTex2DLayered(hipTextureObject_t t, const float* xyl, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex2DLayeredKernel<<<blocksFor(n), kBlock>>>(t, xyl, out, n);
  return hipGetLastError();
}
hipError_t launchTexCubemap(hipTextureObject_t t, const float* xyzl, float* out, int n,
                            int layered) {
  (void)hipGetLastError();  // report this launch only
  texCubemapKernel<<<blocksFor(n), kBlock>>>(t, xyzl, out, n, layered);
  return hipGetLastError();
}
hipError_t launchSurfCubemap(hipSurfaceObject_t s, int w, int layers) {
  (void)hipGetLastError();  // report this launch only
  surfCubemapKernel<<<dim3(w, 6 * (layers == 0 ? 1 : layers)), w>>>(s, w, layers);
  return hipGetLastError();
}
hipError_t launchTex2DLod(hipTextureObject_t t, const float* xy, float level, float* out, int n) {
  (void)hipGetLastError();  // report this launch only
  tex2DLodKernel<<<blocksFor(n), kBlock>>>(t, xy, level, out, n);
  return hipGetLastError();
}
hipError_t launchTex2Dgather(hipTextureObject_t t, const float* xy, int comp, float4* out,
                             int n) {
  (void)hipGetLastError();  // report this launch only
  tex2DgatherKernel<<<blocksFor(n), kBlock>>>(t, xy, comp, out, n);
  return hipGetLastError();
}
hipError_t launchTexAllTypes(hipTextureObject_t t, int run, int* out) {
  (void)hipGetLastError();  // report this launch only
  texAllTypesKernel<<<1, 1>>>(t, run, out);
  return hipGetLastError();
}
hipError_t launchSurfAllSizes(hipSurfaceObject_t s, int run, int* out) {
  (void)hipGetLastError();  // report this launch only
  surfAllSizesKernel<<<1, 1>>>(s, run, hipBoundaryModeZero, out);
  return hipGetLastError();
}
hipError_t launchSurf2DScale(hipSurfaceObject_t s, int w, int h) {
  (void)hipGetLastError();  // report this launch only
  surf2DScaleKernel<<<dim3((w + 63) / 64, h), 64>>>(s, w, h);
  return hipGetLastError();
}
hipError_t launchSurf1DWrite(hipSurfaceObject_t s, int w) {
  (void)hipGetLastError();  // report this launch only
  surf1DWriteKernel<<<blocksFor(w), kBlock>>>(s, w);
  return hipGetLastError();
}
hipError_t launchSurf3D(hipSurfaceObject_t s, int w, int h, int d, int* out) {
  (void)hipGetLastError();  // report this launch only
  surf3DWriteKernel<<<dim3(h, d), w>>>(s, w, h, d);
  hipError_t e = hipGetLastError();
  if (e != hipSuccess) return e;
  (void)hipGetLastError();  // report this launch only
  surf3DReadKernel<<<dim3(h, d), w>>>(s, w, h, d, out);
  return hipGetLastError();
}
hipError_t launchSurf2DLayered(hipSurfaceObject_t s, int w, int h, int layers) {
  (void)hipGetLastError();  // report this launch only
  surf2DLayeredKernel<<<dim3(h, layers), w>>>(s, w, h, layers);
  return hipGetLastError();
}
hipError_t launchSurf2DReadAt(hipSurfaceObject_t s, int x, int y, int mode, float* out) {
  (void)hipGetLastError();  // report this launch only
  surf2DReadAtKernel<<<1, 1>>>(s, x, y, mode, out);
  return hipGetLastError();
}
