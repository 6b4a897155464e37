#include "nvptx_prelude.h"

namespace unihipcc {

std::string nvptxPrelude() {
  // UNIHIP_NVPTX_PLUGIN: defined where the plugin is loaded (unihipcc's pipeline.cpp, hiprtc's
  // clang_engine.cpp).
  return "#pragma clang system_header\n"
         "#ifndef __HIP__\n#define __HIP__ 1\n#endif\n"
         "#ifndef __HIPCC__\n#define __HIPCC__ 1\n#endif\n"
         "#if defined(UNIHIP_NVPTX_PLUGIN) && defined(__OPTIMIZE__) && defined(__CUDA_ARCH__)\n"
         "extern \"C\" __device__ void __nv_sincos(double, double*, double*);\n"
         "extern \"C\" __device__ void __nv_sincosf(float, float*, float*);\n"
         "static __device__ __attribute__((used, unused)) void (*const __unihip_keep_sincos_f64)"
         "(double, double*, double*) __asm__(\"__unihip_keep_sincos\") = &__nv_sincos;\n"
         "static __device__ __attribute__((used, unused)) void (*const __unihip_keep_sincos_f32)"
         "(float, float*, float*) __asm__(\"__unihip_keep_sincosf\") = &__nv_sincosf;\n"
         "#endif\n";
}

}  // namespace unihipcc
