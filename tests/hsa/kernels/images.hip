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

// gfx90a has no LOD sampling: the fetch traps rather than vanishing with the kernel's stores.
extern "C" __global__ void images_lod(hipTextureObject_t t, float4* out, float x, float y) {
  out[threadIdx.x] = tex2DLod<float4>(t, x, y, 1.0f);
}
