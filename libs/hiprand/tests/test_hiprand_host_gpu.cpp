// hipRAND's host API on the GPU (cuRAND underneath): uniform mean and variance, the same
// seed giving the same numbers, a unihip stream bound to the generator, and device
// generators equal to cuRAND's host generators (which cuRAND defines to agree). Skips
// (77) without a GPU.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#include <cmath>
#include <cstdio>
#include <vector>

static int failures = 0;
#define EXPECT(c)                                              \
  do {                                                         \
    if (!(c)) {                                                \
      std::printf("FAILED line %d: %s\n", __LINE__, #c);       \
      ++failures;                                              \
    }                                                          \
  } while (0)

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("hiprand host-API GPU test: SKIPPED: no GPU\n");
    return 77;
  }
  const size_t n = 1 << 20;
  float* d = nullptr;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess) return 1;
  hipStream_t stream = nullptr;
  EXPECT(hipStreamCreate(&stream) == hipSuccess);
  for (hiprandRngType_t t : {HIPRAND_RNG_PSEUDO_XORWOW, HIPRAND_RNG_PSEUDO_PHILOX4_32_10,
                             HIPRAND_RNG_PSEUDO_MRG32K3A, HIPRAND_RNG_PSEUDO_MTGP32}) {
    hiprandGenerator_t g = nullptr, h = nullptr;
    EXPECT(hiprandCreateGenerator(&g, t) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandCreateGeneratorHost(&h, t) == HIPRAND_STATUS_SUCCESS);
    if (g == nullptr || h == nullptr) continue;
    EXPECT(hiprandSetStream(g, stream) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandSetPseudoRandomGeneratorSeed(g, 987654321ull) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandSetPseudoRandomGeneratorSeed(h, 987654321ull) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandGenerateUniform(g, d, n) == HIPRAND_STATUS_SUCCESS);
    std::vector<float> a(n), b(n), host(n);
    EXPECT(hipStreamSynchronize(stream) == hipSuccess);
    EXPECT(hipMemcpy(a.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
    double sum = 0, sq = 0;
    for (float x : a) {
      sum += x;
      sq += (double)x * x;
    }
    const double mean = sum / n, var = sq / n - mean * mean;
    std::printf("type %d: mean %.5f variance %.5f\n", (int)t, mean, var);
    EXPECT(std::fabs(mean - 0.5) < 0.002);
    EXPECT(std::fabs(var - 1.0 / 12) < 0.002);
    // Reproducible: a new generator with the same seed gives the same numbers. (Seeding the
    // used generator again does not restart it on NVIDIA: cuRAND continues the sequence.)
    hiprandGenerator_t again = nullptr;
    EXPECT(hiprandCreateGenerator(&again, t) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandSetStream(again, stream) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandSetPseudoRandomGeneratorSeed(again, 987654321ull) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandGenerateUniform(again, d, n) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hipStreamSynchronize(stream) == hipSuccess);
    EXPECT(hipMemcpy(b.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
    EXPECT(a == b);
    EXPECT(hiprandDestroyGenerator(again) == HIPRAND_STATUS_SUCCESS);
    // cuRAND's host generator gives the device generator's numbers.
    EXPECT(hiprandGenerateUniform(h, host.data(), n) == HIPRAND_STATUS_SUCCESS);
    EXPECT(host == a);
    EXPECT(hiprandDestroyGenerator(g) == HIPRAND_STATUS_SUCCESS);
    EXPECT(hiprandDestroyGenerator(h) == HIPRAND_STATUS_SUCCESS);
  }
  EXPECT(hipStreamDestroy(stream) == hipSuccess);
  EXPECT(hipFree(d) == hipSuccess);
  std::printf("hiprand host-API GPU test: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
