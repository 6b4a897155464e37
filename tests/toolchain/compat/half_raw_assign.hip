// __half assigned from __half_raw values, volatile ones included, as HIP's __half allows
// (hip-tests' deviceLib/hipTestNativeHalf asks std::is_assignable<__half, volatile __half_raw&>);
// `h = __half_raw{...}` must stay unambiguous and __half trivially copyable.
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>
#include <type_traits>

static_assert(std::is_assignable<__half, volatile __half_raw&>{}, "volatile raw lvalue");
static_assert(std::is_assignable<__half, volatile __half_raw&&>{}, "volatile raw rvalue");
static_assert(std::is_assignable<__half&, const __half_raw&>{}, "raw lvalue");
static_assert(std::is_trivially_copyable<__half>{}, "__half stays trivially copyable");

__global__ void assignRaw(__half* out, unsigned short bits) {
  volatile __half_raw v;
  v.x = bits;
  __half h;
  h = v;
  out[0] = h;
  h = __half_raw{bits};
  out[1] = h;
}

int main() {
  volatile __half_raw v;
  v.x = 0x3c00;  // 1.0
  __half h;
  h = v;
  const bool ok = static_cast<float>(h) == 1.0f;
  h = __half_raw{0x4000};  // 2.0
  const bool ok2 = static_cast<float>(h) == 2.0f;
  std::printf("half_raw_assign: %s\n", ok && ok2 ? "ok" : "FAILED");
  return ok && ok2 ? 0 : 1;
}
