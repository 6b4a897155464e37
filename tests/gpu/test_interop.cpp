// Interop with a library built on CUDA's runtime: cuBLAS (loaded with dlopen) computes on
// unihip's memory, ordered on unihip's stream through its native handle; a unihip event recorded
// after it completes when cuBLAS's work has. The native context is the one the driver has current.
#include <dlfcn.h>

#include <string>
#include <vector>

#include "gpu_test_support.h"

namespace {

// The few cuBLAS v2 entry points used, as cublas_api.h declares them.
struct Cublas {
  void* library = nullptr;
  int (*create)(void** handle) = nullptr;
  int (*destroy)(void* handle) = nullptr;
  int (*setStream)(void* handle, void* stream) = nullptr;
  int (*saxpy)(void* handle, int n, const float* alpha, const float* x, int incx, float* y,
               int incy) = nullptr;

  bool load() {
    for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
      library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (library) break;
    }
    if (!library) return false;
    create = reinterpret_cast<decltype(create)>(dlsym(library, "cublasCreate_v2"));
    destroy = reinterpret_cast<decltype(destroy)>(dlsym(library, "cublasDestroy_v2"));
    setStream = reinterpret_cast<decltype(setStream)>(dlsym(library, "cublasSetStream_v2"));
    saxpy = reinterpret_cast<decltype(saxpy)>(dlsym(library, "cublasSaxpy_v2"));
    return create && destroy && setStream && saxpy;
  }
};

}  // namespace

TEST_CASE("interop: cuBLAS on unihip's memory and stream", "[interop]") {
  const char* name = unihipGetDeviceBackendName(0);
  if (name == nullptr || std::string(name) != "cuda") {
    WARN("not a CUDA device: the cuBLAS interop case does not apply");
    return;
  }
  // The native context is the driver's current one for this thread (the primary context).
  HIP_REQUIRE(hipSetDevice(0));
  HIP_REQUIRE(hipFree(nullptr));
  void* context = nullptr;
  HIP_REQUIRE(unihipDeviceGetNativeContext(0, &context));
  CHECK(context != nullptr);
  if (void* cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD)) {
    auto getCurrent = reinterpret_cast<int (*)(void**)>(dlsym(cuda, "cuCtxGetCurrent"));
    void* current = nullptr;
    REQUIRE(getCurrent != nullptr);
    REQUIRE(getCurrent(&current) == 0);
    CHECK(current == context);
    // Bound again after something else changed the thread's context behind unihip's back.
    auto setCurrent = reinterpret_cast<int (*)(void*)>(dlsym(cuda, "cuCtxSetCurrent"));
    REQUIRE(setCurrent != nullptr);
    REQUIRE(setCurrent(nullptr) == 0);
    HIP_REQUIRE(unihipDeviceBindNativeContext(0));
    REQUIRE(getCurrent(&current) == 0);
    CHECK(current == context);
    CHECK(unihipDeviceBindNativeContext(99) == hipErrorInvalidDevice);
    dlclose(cuda);
  }

  Cublas blas;
  if (!blas.load()) {
    WARN("no libcublas here: the cuBLAS half of the interop case is skipped");
    return;
  }
  constexpr int n = 1 << 20;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 1000), y[i] = 1.0f;
  float* dx = nullptr;
  float* dy = nullptr;
  HIP_REQUIRE(hipMalloc(&dx, n * sizeof(float)));
  HIP_REQUIRE(hipMalloc(&dy, n * sizeof(float)));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  HIP_REQUIRE(hipMemcpyAsync(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice, s));
  HIP_REQUIRE(hipMemcpyAsync(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice, s));
  void* native = nullptr;
  HIP_REQUIRE(unihipStreamGetNativeHandle(s, &native));
  REQUIRE(native != nullptr);

  void* handle = nullptr;
  REQUIRE(blas.create(&handle) == 0);
  REQUIRE(blas.setStream(handle, native) == 0);
  const float alpha = 2.0f;
  REQUIRE(blas.saxpy(handle, n, &alpha, dx, 1, dy, 1) == 0);  // y = 2x + y, on unihip's stream
  hipEvent_t done = nullptr;
  HIP_REQUIRE(hipEventCreate(&done));
  HIP_REQUIRE(hipEventRecord(done, s));
  void* nativeEvent = nullptr;
  HIP_REQUIRE(unihipEventGetNativeHandle(done, &nativeEvent));
  CHECK(nativeEvent != nullptr);
  HIP_REQUIRE(hipEventSynchronize(done));
  HIP_REQUIRE(hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 2.0f * static_cast<float>(i % 1000) + 1.0f;
  CHECK(wrong == 0);
  CHECK(blas.destroy(handle) == 0);
  HIP_CHECK(hipEventDestroy(done));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  dlclose(blas.library);
}
