// Texture objects over a CUDA array: point-sampled reads of a 2D float array.
#include <vector>
#include "cuda_check.h"

__global__ void fetch(cudaTextureObject_t tex, float* out, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

int main() {
  skip_without_gpu("textures");
  const int w = 32, h = 16;
  std::vector<float> host(w * h);
  for (int i = 0; i < w * h; ++i) host[i] = float(i) * 0.5f;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  CHECK(cudaMallocArray(&array, &desc, w, h));
  CHECK(cudaMemcpy2DToArray(array, 0, 0, host.data(), w * sizeof(float), w * sizeof(float), h,
                            cudaMemcpyHostToDevice));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex;
  CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
  float* out;
  CHECK(cudaMalloc(&out, w * h * sizeof(float)));
  fetch<<<h, w>>>(tex, out, w, h);
  std::vector<float> got(w * h);
  CHECK(cudaMemcpy(got.data(), out, w * h * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < w * h; ++i) ok = ok && got[i] == host[i];
  EXPECT(ok);
  CHECK(cudaDestroyTextureObject(tex));
  CHECK(cudaFreeArray(array));
  CHECK(cudaFree(out));
  return finish("textures");
}
