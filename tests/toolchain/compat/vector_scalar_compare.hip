// Vector types compared with a scalar, as HIP's vector types allow (v == s: every member equals
// s; s == v, v != s, s != v likewise). hip-tests' vector_types tests compare char2 with a
// signed char; unihip had only vector == vector.
// compat-run
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void compareKernel(const int2* v, bool* out) {
  out[0] = v[0] == 3;
  out[1] = 3 != v[0];
}

int main() {
  char2 c = make_char2(5, 5);
  signed char five = 5;
  int2 mixed = make_int2(3, 4);
  float4 f = make_float4(1.5f, 1.5f, 1.5f, 1.5f);
  bool ok = (c == five) && (five == c) && !(c != five) && (mixed != 3) && !(3 == mixed) &&
            (f == 1.5f) && (f != 2.0f) && (make_uint1(7u) == 7u);
  std::printf("vector_scalar_compare: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
