#include "curand_direct.h"

#include <curand.h>

#include "bench_direct.h"

struct DirectRand {
  decltype(&::curandSetPseudoRandomGeneratorSeed) curandSetPseudoRandomGeneratorSeed = nullptr;
  decltype(&::curandSetGeneratorOffset) curandSetGeneratorOffset = nullptr;
  decltype(&::curandGenerateUniform) curandGenerateUniform = nullptr;
  decltype(&::curandDestroyGenerator) curandDestroyGenerator = nullptr;
  curandGenerator_t generator = nullptr;
};

DirectRand* directRandCreate(void* cuStream, bool philox, std::string* why) {
  // hipRAND's own list (libs/hiprand/src/hiprand.cpp).
  static unihip::libs::VendorLibrary curand{
      "hiprand_bench_uniform", "cuRAND", "UNIHIP_CURAND_LIBRARY",
      {"libcurand.so.10", "/usr/local/cuda/lib64/libcurand.so.10", "libcurand.so"}};
  void* so = curand.open(why);
  if (so == nullptr) return nullptr;
  auto* s = new DirectRand;
  decltype(&::curandCreateGenerator) curandCreateGenerator = nullptr;
  decltype(&::curandSetStream) curandSetStream = nullptr;
  std::string missing;
  unihip::libs::bench::resolve(so, "curandCreateGenerator", &curandCreateGenerator, &missing);
  unihip::libs::bench::resolve(so, "curandSetStream", &curandSetStream, &missing);
  BENCH_DIRECT_RESOLVE(so, s, curandSetPseudoRandomGeneratorSeed, &missing);
  BENCH_DIRECT_RESOLVE(so, s, curandSetGeneratorOffset, &missing);
  BENCH_DIRECT_RESOLVE(so, s, curandGenerateUniform, &missing);
  BENCH_DIRECT_RESOLVE(so, s, curandDestroyGenerator, &missing);
  const curandRngType_t type = philox ? CURAND_RNG_PSEUDO_PHILOX4_32_10 : CURAND_RNG_PSEUDO_DEFAULT;
  if (!missing.empty()) {
    *why = "cuRAND lacks " + missing;
  } else if (curandCreateGenerator(&s->generator, type) != CURAND_STATUS_SUCCESS ||
             curandSetStream(s->generator, static_cast<cudaStream_t>(cuStream)) !=
                 CURAND_STATUS_SUCCESS) {
    *why = "cuRAND refused the set-up";
  } else {
    return s;
  }
  directRandDestroy(s);
  return nullptr;
}

bool directRandRestart(DirectRand* s, unsigned long long seed) {
  return s->curandSetPseudoRandomGeneratorSeed(s->generator, seed) == CURAND_STATUS_SUCCESS &&
         s->curandSetGeneratorOffset(s->generator, 0) == CURAND_STATUS_SUCCESS;
}

bool directRandUniform(DirectRand* s, float* out, size_t n) {
  return s->curandGenerateUniform(s->generator, out, n) == CURAND_STATUS_SUCCESS;
}

void directRandDestroy(DirectRand* s) {
  if (s->generator != nullptr) s->curandDestroyGenerator(s->generator);
  delete s;
}
