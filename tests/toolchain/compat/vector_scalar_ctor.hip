// compat-run
// compat-flags: -Werror
// A vector type from any scalar that converts to its member type (HIP's template constructor):
// uchar4{~1} broadcasts (unsigned char)-2 instead of a narrowing error, float4(2.0) takes a
// double, float2{i, 2 * i} takes size_t members (hip-tests' deviceLib/hipVectorTypesHost.cc,
// bfloat16.cc).
#include <hip/hip_runtime.h>

template <class V>
__host__ __device__ bool complementRoundTrip() {
  V f1 = V{1};
  V f2 = ~f1;
  return f2 == V{~1};
}

__global__ void onDevice(bool* ok) {
  ok[0] = complementRoundTrip<uchar1>() && complementRoundTrip<uchar4>() &&
          complementRoundTrip<char2>() && complementRoundTrip<ushort3>();
}

int main() {
  const float4 f4 = float4(2.0);
  const uchar4 u4 = uchar4{~1};
  const int2 i2 = int2(3, 4);
  const size_t n = 3;
  const float2 f2 = float2{n, n * 2};
  const double3 d3{1, 2.5f, 3u};
  const bool ok = complementRoundTrip<uchar1>() && complementRoundTrip<uchar4>() &&
                  complementRoundTrip<char3>() && f4.x == 2.0f && f4.w == 2.0f && u4.z == 254 &&
                  i2.x == 3 && i2.y == 4 && f2.y == 6.0f && d3.y == 2.5;
  return ok ? 0 : 1;
}
