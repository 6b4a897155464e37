// Textures (issue 15): tex2D read bandwidth with linear filtering over a 4096 x 4096 float array,
// and a 5-point stencil read through a texture (point filtering), GPU time by events. The same
// source for both runtimes; report.py pairs unihip with cudart.
#if defined(BENCH_IMPL_UNIHIP)
#include <hip/hip_runtime.h>
#define TEX(name) hip##name
#else
#include <cuda_runtime.h>
#define TEX(name) cuda##name
#endif

#include <cmath>
#include <vector>

#include "bench_stats.h"
#include "event_timing.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

namespace {

constexpr int kSide = 4096;

// One linearly filtered sample per texel, halfway between it and its neighbours (four texels
// blended equally).
__global__ void bench_tex_linear(TEX(TextureObject_t) tex, float* out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < kSide && y < kSide) out[y * kSide + x] = tex2D<float>(tex, x + 1.0f, y + 1.0f);
}

__global__ void bench_tex_stencil(TEX(TextureObject_t) tex, float* out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= kSide || y >= kSide) return;
  float fx = x + 0.5f, fy = y + 0.5f;
  out[y * kSide + x] = 0.5f * tex2D<float>(tex, fx, fy) +
                       0.125f * (tex2D<float>(tex, fx - 1, fy) + tex2D<float>(tex, fx + 1, fy) +
                                 tex2D<float>(tex, fx, fy - 1) + tex2D<float>(tex, fx, fy + 1));
}

template <typename Kernel>
double kernelUs(gpuStream_t s, Kernel kernel, TEX(TextureObject_t) tex, float* out) {
  const dim3 block(32, 8), grid(kSide / 32, kSide / 8);
  return eventTimed(s, 30, [&] { kernel<<<grid, block, 0, s>>>(tex, out); }).median;
}

TEX(TextureObject_t) makeTexture(TEX(Array_t) array, TEX(TextureFilterMode) filter) {
  TEX(ResourceDesc) res{};
  res.resType = TEX(ResourceTypeArray);
  res.res.array.array = array;
  TEX(TextureDesc) desc{};
  desc.addressMode[0] = desc.addressMode[1] = TEX(AddressModeClamp);
  desc.filterMode = filter;
  desc.readMode = TEX(ReadModeElementType);
  TEX(TextureObject_t) tex = 0;
  GPU_CHECK(TEX(CreateTextureObject)(&tex, &res, &desc, nullptr));
  return tex;
}

}  // namespace

void textureBenchmarks() {
  constexpr size_t kBytes = size_t{kSide} * kSide * sizeof(float);
  std::vector<float> host(size_t{kSide} * kSide);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i % 1000);
  TEX(ChannelFormatDesc) format = TEX(CreateChannelDesc)<float>();
  TEX(Array_t) array = nullptr;
  GPU_CHECK(TEX(MallocArray)(&array, &format, kSide, kSide, 0));
  GPU_CHECK(TEX(Memcpy2DToArray)(array, 0, 0, host.data(), kSide * sizeof(float),
                                 kSide * sizeof(float), kSide, TEX(MemcpyHostToDevice)));
  float* out = nullptr;
  GPU_CHECK(gpuMalloc(reinterpret_cast<void**>(&out), kBytes));
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  TEX(TextureObject_t) linear = makeTexture(array, TEX(FilterModeLinear));
  TEX(TextureObject_t) point = makeTexture(array, TEX(FilterModePoint));
  std::vector<double> lin, sten;
  for (int round = 0; round < 5; ++round) {
    lin.push_back(kernelUs(s, bench_tex_linear, linear, out));
    sten.push_back(kernelUs(s, bench_tex_stencil, point, out));
  }
  // Texel 1 of row 1 blends texels (1..2, 1..2) equally: the filter really ran.
  kernelUs(s, bench_tex_linear, linear, out);
  float probe = 0;
  GPU_CHECK(gpuMemcpy(&probe, out + kSide + 1, sizeof probe, gpuMemcpyDeviceToHost));
  const float expected = 0.25f * (host[kSide + 1] + host[kSide + 2] + host[2 * kSide + 1] +
                                  host[2 * kSide + 2]);
  if (std::abs(probe - expected) > 0.01f * std::abs(expected) + 0.01f) {
    std::fprintf(stderr, "bench_%s: linear tex2D gave %g, expected %g\n", BENCH_IMPL, probe,
                 expected);
    std::exit(1);
  }
  report("tex2d_linear_4096", "texture", static_cast<double>(kBytes), summarize(lin),
         static_cast<double>(kBytes));
  report("tex2d_stencil_4096", "texture", static_cast<double>(kBytes), summarize(sten),
         static_cast<double>(kBytes));
  GPU_CHECK(TEX(DestroyTextureObject)(linear));
  GPU_CHECK(TEX(DestroyTextureObject)(point));
  GPU_CHECK(TEX(FreeArray)(array));
  GPU_CHECK(gpuFree(out));
  GPU_CHECK(gpuStreamDestroy(s));
}

}  // namespace bench
