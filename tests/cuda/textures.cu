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
  std::vector<float> back(w * h);  // the array's contents, copied back (no kernel)
  CHECK(cudaMemcpy2DFromArray(back.data(), w * sizeof(float), array, 0, 0, w * sizeof(float), h,
                              cudaMemcpyDeviceToHost));
  EXPECT(back == host);
  cudaChannelFormatDesc got_desc;
  cudaExtent extent;
  unsigned int array_flags = 1;
  CHECK(cudaArrayGetInfo(&got_desc, &extent, &array_flags, array));
  EXPECT(got_desc.x == 32 && got_desc.y == 0 && got_desc.f == cudaChannelFormatKindFloat);
  EXPECT(extent.width == w && extent.height == h && extent.depth == 0 && array_flags == 0);
  // Pitched memory: rows at least as wide as asked, a 2D copy there and back.
  float* pitched;
  size_t pitch = 0;
  CHECK(cudaMallocPitch((void**)&pitched, &pitch, w * sizeof(float), h));
  EXPECT(pitch >= w * sizeof(float));
  CHECK(cudaMemcpy2D(pitched, pitch, host.data(), w * sizeof(float), w * sizeof(float), h,
                     cudaMemcpyHostToDevice));
  std::vector<float> rows(w * h);
  CHECK(cudaMemcpy2D(rows.data(), w * sizeof(float), pitched, pitch, w * sizeof(float), h,
                     cudaMemcpyDeviceToHost));
  EXPECT(rows == host);
  CHECK(cudaFree(pitched));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex;
  CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
  cudaResourceDesc res_back = {};
  CHECK(cudaGetTextureObjectResourceDesc(&res_back, tex));
  EXPECT(res_back.resType == cudaResourceTypeArray && res_back.res.array.array == array);
  cudaTextureDesc td_back = {};
  CHECK(cudaGetTextureObjectTextureDesc(&td_back, tex));
  EXPECT(td_back.filterMode == cudaFilterModePoint && td_back.addressMode[1] == cudaAddressModeClamp);
  float* out;
  CHECK(cudaMalloc(&out, w * h * sizeof(float)));
  fetch<<<h, w>>>(tex, out, w, h);
  std::vector<float> got(w * h);
  CHECK(cudaMemcpy(got.data(), out, w * h * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < w * h; ++i) ok = ok && got[i] == host[i];
  EXPECT_RESULT(ok);
  CHECK(cudaDestroyTextureObject(tex));
  CHECK(cudaFreeArray(array));
  CHECK(cudaFree(out));
  return finish("textures");
}
