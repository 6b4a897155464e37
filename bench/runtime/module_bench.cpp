// unihip-only figures: explicit module loads (cubin against PTX, the same kernels) and the cost
// of registering kernels through the ABI that clang's module constructors call.
#include "runtime_bench.h"

#if defined(BENCH_IMPL_UNIHIP)
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "bench_files.h"
#include "bench_stats.h"
#include "gpu_api.h"

// The registration ABI (exported by libunihip; clang declares it implicitly).
extern "C" {
void** __hipRegisterFatBinary(const void* wrapper);
void __hipRegisterFunction(void** handle, const void* hostFunction, char* deviceFunction,
                           const char* deviceName, unsigned int threadLimit, void* tid, void* bid,
                           dim3* blockDim, dim3* gridDim, int* wSize);
void __hipUnregisterFatBinary(void** handle);
}

namespace bench {

namespace {

void moduleLoadFigure(const char* bench, double x, const std::vector<char>& image, int warmup,
                      int reps) {
  Summary s = timeEach(warmup, reps, [&] {
    hipModule_t m = nullptr;
    GPU_CHECK(hipModuleLoadData(&m, image.data()));
    GPU_CHECK(hipModuleUnload(m));
  });
  report(bench, "module_load", x, s);
}

// hipModuleLaunchKernel with kernelParams on a loaded cubin's function: bench_driver's
// cuLaunchKernel of the same kernel carries the same figure name.
void moduleLaunchFigure(const std::vector<char>& cubin) {
  hipModule_t m = nullptr;
  hipFunction_t f = nullptr;
  GPU_CHECK(hipModuleLoadData(&m, cubin.data()));
  GPU_CHECK(hipModuleGetFunction(&f, m, "bench_args4"));
  hipStream_t s;
  GPU_CHECK(hipStreamCreate(&s));
  float* out = nullptr;
  int n = 1;
  float scale = 2.0f;
  report("module_launch_4args", "launch_enqueue", 24,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       void* args[] = {&out, &out, &n, &scale};
                       GPU_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
                     },
                     [&] { GPU_CHECK(hipStreamSynchronize(s)); }));
  GPU_CHECK(hipStreamDestroy(s));
  GPU_CHECK(hipModuleUnload(m));
}

void appendU64(std::vector<char>* out, uint64_t v) {
  out->insert(out->end(), reinterpret_cast<char*>(&v), reinterpret_cast<char*>(&v) + 8);
}

// A clang offload bundle like unihipcc's for one NVIDIA arch: host, sm_90 cubin, compute_90 PTX.
std::vector<char> makeBundle(const std::vector<char>& cubin, const std::vector<char>& ptx) {
  const std::string ids[] = {"host-x86_64-unknown-linux-gnu-", "hip-nvptx64-nvidia-cuda--sm_90",
                             "hip-nvptx64-nvidia-cuda--compute_90"};
  const std::vector<char>* data[] = {nullptr, &cubin, &ptx};
  size_t header = 24 + 8;
  for (const auto& id : ids) header += 24 + id.size();
  std::vector<char> out(24);
  std::memcpy(out.data(), "__CLANG_OFFLOAD_BUNDLE__", 24);
  appendU64(&out, 3);
  size_t offset = (header + 7) & ~size_t{7};
  for (int i = 0; i < 3; ++i) {
    size_t size = data[i] ? data[i]->size() : 0;
    appendU64(&out, size ? offset : 0);
    appendU64(&out, size);
    appendU64(&out, ids[i].size());
    out.insert(out.end(), ids[i].begin(), ids[i].end());
    offset = (offset + size + 7) & ~size_t{7};
  }
  for (int i = 1; i < 3; ++i) {
    out.resize((out.size() + 7) & ~size_t{7});
    out.insert(out.end(), data[i]->begin(), data[i]->end());
  }
  return out;
}

struct Wrapper {
  uint32_t magic;
  uint32_t version;
  const void* binary;
  const void* unused;
};

}  // namespace

void moduleBenchmarks() {
  std::vector<char> cubin = readFile(cubinPath()), ptx = readFile(ptxPath());
  if (cubin.empty() || ptx.empty()) {
    std::fprintf(stderr, "bench_unihip: %s or %s missing; module figures skipped\n",
                 cubinPath().c_str(), ptxPath().c_str());
    return;
  }
  moduleLoadFigure("module_load_cubin", 0, cubin, 3, 30);
  moduleLaunchFigure(cubin);
  // The driver caches JIT output unless CUDA_CACHE_DISABLE=1 (run_all.sh sets it).
  moduleLoadFigure("module_load_ptx", 1, ptx, 1, 3);
}

// 100 fat binaries of 10 kernels each, as the static constructors of 100 translation units
// register them; each sample registers fresh host-function keys.
void registrationBenchmark() {
  std::vector<char> cubin = readFile(cubinPath()), ptx = readFile(ptxPath());
  if (cubin.empty() || ptx.empty()) return;
  std::vector<char> bundle = makeBundle(cubin, ptx);
  constexpr int kFatBinaries = 100, kKernelsEach = 10, kSamples = 5;
  static char keys[kSamples][kFatBinaries * kKernelsEach];
  std::vector<Wrapper> wrappers(kFatBinaries, Wrapper{0x48495046u, 1, bundle.data(), nullptr});
  std::vector<std::string> names;
  for (int k = 0; k < kKernelsEach; ++k) names.push_back("registered_kernel_" + std::to_string(k));
  std::vector<double> samples;
  std::vector<void**> handles;
  for (int s = 0; s < kSamples; ++s) {
    double t0 = nowUs();
    for (int f = 0; f < kFatBinaries; ++f) {
      void** h = __hipRegisterFatBinary(&wrappers[f]);
      for (int k = 0; k < kKernelsEach; ++k) {
        __hipRegisterFunction(h, &keys[s][f * kKernelsEach + k], names[k].data(),
                              names[k].c_str(), static_cast<unsigned>(-1), nullptr, nullptr,
                              nullptr, nullptr, nullptr);
      }
      handles.push_back(h);
    }
    samples.push_back((nowUs() - t0) / (kFatBinaries * kKernelsEach));
  }
  report("registration_per_kernel", "registration", 0, summarize(samples));
  for (void** h : handles) __hipUnregisterFatBinary(h);
}

}  // namespace bench

#else

namespace bench {
void moduleBenchmarks() {}
void registrationBenchmark() {}
}  // namespace bench

#endif
