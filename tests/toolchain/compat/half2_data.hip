// __half2's two lanes also read and write as one 2-lane vector, `data`, as in HIP's __half2
// (hip-tests' rtc/RtcFunctions.cpp sets a_h.data.x); the lanes and `data` alias.
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>

__global__ void swapLanes(__half2* h) { h->data = h->data.yx; }

int main() {
  __half2 h(__half(1.0f), __half(2.0f));
  h.data.x = 1.5f;
  h.data.y = 3.0f;
  __half2_raw raw = h;
  __half2 back(raw);
  bool ok = sizeof(__half2) == 4 && alignof(__half2) == 4 && static_cast<float>(h.x) == 1.5f &&
            static_cast<float>(h.y) == 3.0f && static_cast<float>(back.data.y) == 3.0f;
  std::printf("half2_data: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
