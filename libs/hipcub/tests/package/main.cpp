// hip::hipcub's include path and runtime reach a plain C++ consumer (kernels need unihipcc).
#if !__has_include(<hipcub/hipcub.hpp>)
#error "hip::hipcub does not carry hipCUB's include directory"
#endif
#include <hip/hip_runtime_api.h>

#include <cstdio>

int main() {
  int n = 0;
  (void)hipGetDeviceCount(&n);
  std::printf("hipcub consumer: %d devices\n", n);
  return 0;
}
