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
  int h[n];
  CU_CHECK(cuMemcpyDtoH(h, d, sizeof(h)));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 7;
  EXPECT(ok);
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
  int max_threads = 0;
  CU_CHECK(cuFuncGetAttribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn));
  EXPECT(max_threads >= 128);
  CUfunction missing;
  EXPECT(cuModuleGetFunction(&missing, mod, "no_such_kernel") != CUDA_SUCCESS);
  CUdeviceptr counter;
  size_t counter_bytes = 0;
  CU_CHECK(cuModuleGetGlobal(&counter, &counter_bytes, mod, "module_counter"));
  EXPECT(counter_bytes == sizeof(int));
  int counter_value = 0;
  CU_CHECK(cuMemcpyDtoH(&counter_value, counter, sizeof(counter_value)));
  EXPECT(counter_value == 3);
  int value = 5, len = n;
  void* params[] = {&d, &value, &len};
  CU_CHECK(cuLaunchKernel(fn, n / 128, 1, 1, 128, 1, 1, 0, stream, params, nullptr));
  CU_CHECK(cuEventRecord(ev, stream));
  CU_CHECK(cuEventSynchronize(ev));
  CU_CHECK(cuMemcpyDtoH(h, d, sizeof(h)));
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 12;
  EXPECT_RESULT(ok);
  // Async copies through pinned memory, ordered by an event on a second stream.
  int* pinned = nullptr;
  CU_CHECK(cuMemAllocHost((void**)&pinned, sizeof(h)));
  for (int i = 0; i < n; ++i) pinned[i] = i;
  CUdeviceptr d2;
  CU_CHECK(cuMemAlloc(&d2, sizeof(h)));
  CU_CHECK(cuMemcpyHtoDAsync(d2, pinned, sizeof(h), stream));
  CU_CHECK(cuEventRecord(ev, stream));
  CUstream other;
  CU_CHECK(cuStreamCreate(&other, CU_STREAM_NON_BLOCKING));
  CU_CHECK(cuStreamWaitEvent(other, ev, 0));
  CU_CHECK(cuMemsetD32Async(d2, 9, 1, other));
  CU_CHECK(cuMemcpyDtoHAsync(h, d2, sizeof(h), other));
  CU_CHECK(cuStreamSynchronize(other));
  EXPECT(h[0] == 9 && h[1] == 1 && h[n - 1] == n - 1);
  unsigned int memory_type = 0;
  CU_CHECK(cuPointerGetAttribute(&memory_type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d2));
  EXPECT(memory_type == CU_MEMORYTYPE_DEVICE);
  CU_CHECK(cuStreamDestroy(other));
  CU_CHECK(cuMemFree(d2));
  CU_CHECK(cuMemFreeHost(pinned));

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
