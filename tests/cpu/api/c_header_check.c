/* Compiled as C: the public headers this family owns must be valid C, and their types must have
 * the same layout as in C++ (test_headers.cpp compares the sizes). */
#include <hip/channel_descriptor.h>
#include <hip/driver_types.h>
#include <hip/hip_gl_interop.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_texture_types.h>
#include <hip/library_types.h>
#include <hip/surface_types.h>
#include <hip/texture_types.h>

#include "c_layout_types.h"

#define UNIHIP_C_SIZE(T) sizeof(T),
const size_t unihipTestCLayoutSizes[] = {UNIHIP_C_LAYOUT_TYPES(UNIHIP_C_SIZE) 0};

/* The C spellings HIP code uses: make_* helpers, hipCreateChannelDesc, enum tags. */
size_t unihipTestCUsage(void) {
  struct hipExtent e = make_hipExtent(2, 3, 4);
  struct hipPos p = make_hipPos(1, 1, 1);
  struct hipPitchedPtr pp = make_hipPitchedPtr(0, 256, 64, 4);
  struct hipChannelFormatDesc d = hipCreateChannelDesc(8, 8, 0, 0, hipChannelFormatKindUnsigned);
  enum hipTextureAddressMode am = hipAddressModeBorder;
  enum hipSurfaceBoundaryMode bm = hipBoundaryModeClamp;
  hipDataType t = HIP_R_16BF;
  hipArray_t a = 0;
  (void)a;
  return e.width * e.height * e.depth + p.x + pp.pitch + (size_t)d.y + (size_t)am + (size_t)bm +
         (size_t)t;
}
