/* hip_vector_types.h in C: the types keep their C++ sizes and alignments (one layout for
 * structures shared with kernels), members x/y/z/w, and make_<type> builds them. */
#include <hip/hip_vector_types.h>
/* hip_runtime.h in C also gives bool, as HIP's (its driver_types.h includes stdbool.h):
 * hip-tests' gcc/LaunchKernel.c returns one without including stdbool.h. */
#include <hip/hip_runtime.h>
static bool unihipCBool(void) { return true; }

#define UNIHIP_LAYOUT(T, size, align) \
  _Static_assert(sizeof(T) == (size) && _Alignof(T) == (align), #T " layout")
UNIHIP_LAYOUT(char1, 1, 1);
UNIHIP_LAYOUT(uchar2, 2, 2);
UNIHIP_LAYOUT(char3, 3, 1);
UNIHIP_LAYOUT(uchar4, 4, 4);
UNIHIP_LAYOUT(short4, 8, 8);
UNIHIP_LAYOUT(int3, 12, 4);
UNIHIP_LAYOUT(uint4, 16, 16);
UNIHIP_LAYOUT(float2, 8, 8);
UNIHIP_LAYOUT(float3, 12, 4);
UNIHIP_LAYOUT(float4, 16, 16);
UNIHIP_LAYOUT(long2, 16, 16);
UNIHIP_LAYOUT(ulonglong3, 24, 8);
UNIHIP_LAYOUT(longlong4, 32, 16);
UNIHIP_LAYOUT(double1, 8, 8);
UNIHIP_LAYOUT(double4, 32, 16);

int main(void) {
  float4 f = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  uchar3 c = make_uchar3(1, 2, 3);
  longlong1 l = make_longlong1(5);
  double2 d = make_double2(0.5, 0.25);
  f.w += (float)(c.x + c.y + c.z + l.x) + (float)(d.x + d.y);
  return f.w == 15.75f && f.x == 1.0f && unihipCBool() ? 0 : 1;
}
