// Texture and surface accesses through unihip's headers and the ROCm device libraries, for the
// disassembly check of test_images_fake_rocr.cpp: the object's image descriptor (8 dwords at byte
// 0) and sampler descriptor (4 dwords at byte 48) are scalar loads feeding image instructions.
#include <hip/hip_runtime.h>

extern "C" __global__ void images_tex2d(hipTextureObject_t t, float4* out, float x, float y) {
  out[threadIdx.x] = tex2D<float4>(t, x + threadIdx.x, y);
}

extern "C" __global__ void images_fetch(hipTextureObject_t t, int4* out, int i) {
  out[threadIdx.x] = tex1Dfetch<int4>(t, i + threadIdx.x);
}

extern "C" __global__ void images_surface(hipSurfaceObject_t s, int x, int y) {
  float4 v;
  surf2Dread(&v, s, (x + threadIdx.x) * 16, y);
  v.x += 1;
  surf2Dwrite(v, s, (x + threadIdx.x) * 16, y);
}

// LOD and gradient fetches: a mipmapped texture's levels are picked in software from its level
// table (texture_lod.h) and read with the basic sample instruction, on every target; a plain
// texture uses the LOD/gradient instruction where the target has one (gfx1100), its level 0
// elsewhere (gfx90a). None of them traps.
extern "C" __global__ void images_lod(hipTextureObject_t t, float4* out, float x, float y) {
  out[threadIdx.x] = tex2DLod<float4>(t, x, y, 1.0f);
}

extern "C" __global__ void images_grad(hipTextureObject_t t, float4* out, float x, float y) {
  out[threadIdx.x] = tex2DGrad<float4>(t, x, y, make_float2(0.25f, 0), make_float2(0, 0.25f));
}

extern "C" __global__ void images_lod_layered(hipTextureObject_t t, float* out, float x,
                                              float lod) {
  out[threadIdx.x] = tex2DLayeredLod<float>(t, x, 0.5f, threadIdx.x, lod + threadIdx.x);
}

extern "C" __global__ void images_lod_3d(hipTextureObject_t t, int4* out, float x, float lod) {
  out[threadIdx.x] = tex3DLod<int4>(t, x, 0.5f, 0.5f, lod);
}

extern "C" __global__ void images_grad_1d(hipTextureObject_t t, float* out, float x, float d) {
  out[threadIdx.x] = tex1DGrad<float>(t, x, d * threadIdx.x, d);
}

// Gather has no software form: it still traps on gfx90a.
extern "C" __global__ void images_gather(hipTextureObject_t t, float4* out, float x, float y) {
  out[threadIdx.x] = tex2Dgather<float4>(t, x, y, 1);
}
