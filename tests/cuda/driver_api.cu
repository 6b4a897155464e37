// The driver API (cu*): init, devices, the primary context, memory, streams, events, and a
// module loaded from driver_module.hipfb (beside the executable; built by unihipcc --genco).
#include <cuda.h>
#include <string>
#include "cuda_check.h"

#define CU_CHECK(x)                                                                      \
  do {                                                                                   \
    CUresult r_ = (x);                                                                   \
    if (r_ != CUDA_SUCCESS) {                                                            \
      const char* s_ = nullptr;                                                          \
      (void)cuGetErrorString(r_, &s_);                                                   \
      std::printf("%s:%d: %s: %s\nFAILED\n", __FILE__, __LINE__, #x, s_ ? s_ : "?");     \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

int main(int, char** argv) {
  skip_without_gpu("driver_api");
  CU_CHECK(cuInit(0));
  int count = 0;
  CU_CHECK(cuDeviceGetCount(&count));
  EXPECT(count > 0);
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  char name[256];
  CU_CHECK(cuDeviceGetName(name, sizeof(name), dev));
  int major = 0;
  CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  std::printf("driver_api: %s, major %d\n", name, major);
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));
  int version = 0;
  CU_CHECK(cuDriverGetVersion(&version));
  EXPECT(version > 0);

  const int n = 1024;
  CUdeviceptr d;
  CU_CHECK(cuMemAlloc(&d, n * sizeof(int)));
  CU_CHECK(cuMemsetD32(d, 7, n));
  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CUevent ev;
  CU_CHECK(cuEventCreate(&ev, CU_EVENT_DEFAULT));

  std::string path = argv[0];
  path = path.substr(0, path.find_last_of('/') + 1) + "driver_module.hipfb";
  CUmodule mod;
  CU_CHECK(cuModuleLoad(&mod, path.c_str()));
  CUfunction fn;
  CU_CHECK(cuModuleGetFunction(&fn, mod, "add_value"));
  int value = 5, len = n;
  void* params[] = {&d, &value, &len};
  CU_CHECK(cuLaunchKernel(fn, n / 128, 1, 1, 128, 1, 1, 0, stream, params, nullptr));
  CU_CHECK(cuEventRecord(ev, stream));
  CU_CHECK(cuEventSynchronize(ev));
  int h[n];
  CU_CHECK(cuMemcpyDtoH(h, d, sizeof(h)));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 12;
  EXPECT(ok);
  size_t free_b = 0, total_b = 0;
  CU_CHECK(cuMemGetInfo(&free_b, &total_b));
  EXPECT(total_b >= free_b && total_b > 0);

  CU_CHECK(cuModuleUnload(mod));
  CU_CHECK(cuEventDestroy(ev));
  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuMemFree(d));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  return finish("driver_api");
}
