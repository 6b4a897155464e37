// hiprtc compile time against NVRTC called directly (issue 15): the same kernel to a loadable
// sm_90 cubin, median of N runs; then the same hiprtc compile served by the on-disk cache. No GPU
// needed. Prints one JSON line; exits 77 when libnvrtc cannot be loaded.
#include <dlfcn.h>
#include <hip/hiprtc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

const char kSource[] = R"(
template <typename T>
__global__ void saxpy(T a, const T* x, T* y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
template __global__ void saxpy<float>(float, const float*, float*, int);
)";

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Nvrtc {
  int (*create)(void**, const char*, const char*, int, const char* const*, const char* const*);
  int (*compile)(void*, int, const char* const*);
  int (*cubinSize)(void*, size_t*);
  int (*cubin)(void*, char*);
  int (*destroy)(void**);
};

bool loadNvrtc(Nvrtc& n) {
  void* h = nullptr;
  for (const char* f : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so",
                        "/usr/local/cuda/lib64/libnvrtc.so"})
    if ((h = dlopen(f, RTLD_NOW)) != nullptr) break;
  if (h == nullptr) return false;
  n.create = reinterpret_cast<decltype(n.create)>(dlsym(h, "nvrtcCreateProgram"));
  n.compile = reinterpret_cast<decltype(n.compile)>(dlsym(h, "nvrtcCompileProgram"));
  n.cubinSize = reinterpret_cast<decltype(n.cubinSize)>(dlsym(h, "nvrtcGetCUBINSize"));
  n.cubin = reinterpret_cast<decltype(n.cubin)>(dlsym(h, "nvrtcGetCUBIN"));
  n.destroy = reinterpret_cast<decltype(n.destroy)>(dlsym(h, "nvrtcDestroyProgram"));
  return n.create && n.compile && n.cubinSize && n.cubin && n.destroy;
}

double nvrtcOnce(const Nvrtc& n) {
  auto t0 = Clock::now();
  void* p = nullptr;
  const char* opts[] = {"--gpu-architecture=sm_90"};
  if (n.create(&p, kSource, "saxpy.cu", 0, nullptr, nullptr) != 0 || n.compile(p, 1, opts) != 0)
    std::exit(1);
  size_t size = 0;
  n.cubinSize(p, &size);
  std::vector<char> bin(size);
  n.cubin(p, bin.data());
  n.destroy(&p);
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double hiprtcOnce() {
  auto t0 = Clock::now();
  hiprtcProgram p = nullptr;
  const char* opts[] = {"--gpu-architecture=sm_90"};
  if (hiprtcCreateProgram(&p, kSource, "saxpy.hip", 0, nullptr, nullptr) != HIPRTC_SUCCESS ||
      hiprtcCompileProgram(p, 1, opts) != HIPRTC_SUCCESS)
    std::exit(1);
  size_t size = 0;
  hiprtcGetCodeSize(p, &size);
  std::vector<char> bin(size);
  hiprtcGetCode(p, bin.data());
  hiprtcDestroyProgram(&p);
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = argc > 1 ? std::max(3, std::atoi(argv[1])) : 9;
  Nvrtc n{};
  if (!loadNvrtc(n)) {
    std::printf("bench_hiprtc_compile: SKIPPED: libnvrtc not found\n");
    return 77;
  }
  namespace fs = std::filesystem;
  fs::path cache = fs::temp_directory_path() / ("unihip-rtc-bench-" + std::to_string(getpid()));
  setenv("UNIHIP_RTC_CACHE_DIR", cache.c_str(), 1);
  setenv("UNIHIP_RTC_CACHE", "0", 1);
  (void)nvrtcOnce(n);  // warm-up: library load, first-use costs
  (void)hiprtcOnce();
  std::vector<double> nv, rtc, cached;
  for (int i = 0; i < runs; ++i) {
    nv.push_back(nvrtcOnce(n));
    rtc.push_back(hiprtcOnce());
  }
  setenv("UNIHIP_RTC_CACHE", "1", 1);
  (void)hiprtcOnce();  // fills the cache
  for (int i = 0; i < runs; ++i) cached.push_back(hiprtcOnce());
  fs::remove_all(cache);
  double a = median(nv), b = median(rtc), c = median(cached);
  std::printf("{\"bench\":\"hiprtc_compile\",\"target\":\"sm_90\",\"runs\":%d,\"nvrtc_s\":%.5f,"
              "\"hiprtc_s\":%.5f,\"hiprtc_cached_s\":%.6f,\"hiprtc_over_nvrtc\":%.3f,"
              "\"cached_over_first\":%.4f}\n",
              runs, a, b, c, b / a, c / b);
  return 0;
}
