// textureStencil: a 5-point average over an image read through a texture object (clamped
// borders, tex2D) and written through a surface object (surf2Dwrite), checked on the host.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "sample_support.h"

__global__ void stencil(hipTextureObject_t in, hipSurfaceObject_t out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  // Texel centres at +0.5; the texture clamps reads beyond the edges.
  float cx = x + 0.5f, cy = y + 0.5f;
  float v = tex2D<float>(in, cx, cy) + tex2D<float>(in, cx - 1, cy) +
            tex2D<float>(in, cx + 1, cy) + tex2D<float>(in, cx, cy - 1) +
            tex2D<float>(in, cx, cy + 1);
  surf2Dwrite(v / 5.0f, out, x * static_cast<int>(sizeof(float)), y);
}

int main() {
  skipWithoutGpu("textureStencil");
  const int w = 300, h = 200;
  std::vector<float> image(w * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) image[y * w + x] = std::sin(0.05f * x) * std::cos(0.07f * y);

  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t src = nullptr, dst = nullptr;
  SAMPLE_CHECK(hipMallocArray(&src, &desc, w, h));
  SAMPLE_CHECK(hipMallocArray(&dst, &desc, w, h, hipArraySurfaceLoadStore));
  SAMPLE_CHECK(hipMemcpy2DToArray(src, 0, 0, image.data(), w * sizeof(float), w * sizeof(float),
                                  h, hipMemcpyHostToDevice));

  hipResourceDesc res{};
  res.resType = hipResourceTypeArray;
  res.res.array.array = src;
  hipTextureDesc tex{};
  tex.addressMode[0] = tex.addressMode[1] = hipAddressModeClamp;
  tex.filterMode = hipFilterModePoint;
  tex.readMode = hipReadModeElementType;
  hipTextureObject_t in = nullptr;
  SAMPLE_CHECK(hipCreateTextureObject(&in, &res, &tex, nullptr));
  res.res.array.array = dst;
  hipSurfaceObject_t out = nullptr;
  SAMPLE_CHECK(hipCreateSurfaceObject(&out, &res));

  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  hipLaunchKernelGGL(stencil, grid, block, 0, 0, in, out, w, h);
  SAMPLE_CHECK(hipGetLastError());
  std::vector<float> result(w * h);
  SAMPLE_CHECK(hipMemcpy2DFromArray(result.data(), w * sizeof(float), dst, 0, 0,
                                    w * sizeof(float), h, hipMemcpyDeviceToHost));

  auto at = [&](int x, int y) {
    return image[std::clamp(y, 0, h - 1) * w + std::clamp(x, 0, w - 1)];
  };
  int wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float expect = (at(x, y) + at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1)) / 5;
      wrong += std::fabs(result[y * w + x] - expect) > 1e-5f;
    }
  std::printf("textureStencil: %dx%d image, %d wrong\n", w, h, wrong);

  SAMPLE_CHECK(hipDestroySurfaceObject(out));
  SAMPLE_CHECK(hipDestroyTextureObject(in));
  SAMPLE_CHECK(hipFreeArray(dst));
  SAMPLE_CHECK(hipFreeArray(src));
  return verdict(wrong == 0);
}
