// hipRAND's host API without a GPU: status and type tables, argument checks, an absent
// cuRAND ([absent], run with UNIHIP_CURAND_LIBRARY pointing nowhere), cuRAND's host
// generators through the forwarding ([curand], where libcurand.so.10 is installed), and the
// rocRAND path on unihip's fake ROCr's AMD device ([rocrand]: UNIHIP_BACKEND=hsa,
// UNIHIP_HSA_LIBRARY at the fake ROCr, UNIHIP_ROCRAND_LIBRARY at libfake_rocrand.so;
// [rocrand_absent]: the same with rocRAND pointing nowhere).
#include <dlfcn.h>

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <hiprand/hiprand.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "vendor_map.h"

using unihip::rand::Vendor;

namespace {
hiprandStatus_t from_curand(int s) { return unihip::rand::fromVendor(Vendor::curand, s); }
int rng_to_curand(hiprandRngType_t t) { return unihip::rand::rngToVendor(Vendor::curand, t); }
}  // namespace

TEST_CASE("cuRAND statuses map to hipRAND's", "[tables]") {
  const int same[] = {0, 100, 101, 102, 103, 104, 105, 106, 201, 202, 203, 204, 999};
  for (int s : same) CHECK(static_cast<int>(from_curand(s)) == s);
  CHECK(from_curand(7) == HIPRAND_STATUS_INTERNAL_ERROR);
  CHECK(from_curand(1000) == HIPRAND_STATUS_INTERNAL_ERROR);  // cuRAND has no 1000
}

TEST_CASE("generator types map to cuRAND's", "[tables]") {
  CHECK(rng_to_curand(HIPRAND_RNG_TEST) == 0);
  CHECK(rng_to_curand(HIPRAND_RNG_PSEUDO_DEFAULT) == 100);
  CHECK(rng_to_curand(HIPRAND_RNG_PSEUDO_XORWOW) == 101);
  CHECK(rng_to_curand(HIPRAND_RNG_PSEUDO_MRG32K3A) == 121);
  CHECK(rng_to_curand(HIPRAND_RNG_PSEUDO_MTGP32) == 141);
  CHECK(rng_to_curand(HIPRAND_RNG_PSEUDO_MT19937) == 142);
  CHECK(rng_to_curand(HIPRAND_RNG_PSEUDO_PHILOX4_32_10) == 161);
  CHECK(rng_to_curand(HIPRAND_RNG_QUASI_DEFAULT) == 200);
  CHECK(rng_to_curand(HIPRAND_RNG_QUASI_SOBOL32) == 201);
  CHECK(rng_to_curand(HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32) == 202);
  CHECK(rng_to_curand(HIPRAND_RNG_QUASI_SOBOL64) == 203);
  CHECK(rng_to_curand(HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64) == 204);
  CHECK(rng_to_curand(static_cast<hiprandRngType_t>(101)) == -1);  // a cuRAND value
}

TEST_CASE("rocRAND's statuses and values map as AMD's hipRAND maps them", "[tables]") {
  using unihip::rand::fromVendor;
  const Vendor r = Vendor::rocrand;
  for (int same : {0, 100, 101, 102, 103, 104, 105, 106})
    CHECK(static_cast<int>(fromVendor(r, same)) == same);
  CHECK(fromVendor(r, 107) == HIPRAND_STATUS_LAUNCH_FAILURE);
  CHECK(fromVendor(r, 108) == HIPRAND_STATUS_INTERNAL_ERROR);
  // hipRAND-only codes are no rocRAND status.
  for (int other : {201, 202, 203, 204, 999, 1000, -1})
    CHECK(fromVendor(r, other) == HIPRAND_STATUS_INTERNAL_ERROR);

  using unihip::rand::rngToVendor;
  CHECK(rngToVendor(r, HIPRAND_RNG_TEST) == -1);
  CHECK(rngToVendor(r, HIPRAND_RNG_PSEUDO_DEFAULT) == 400);
  CHECK(rngToVendor(r, HIPRAND_RNG_PSEUDO_XORWOW) == 401);
  CHECK(rngToVendor(r, HIPRAND_RNG_PSEUDO_MRG32K3A) == 402);
  CHECK(rngToVendor(r, HIPRAND_RNG_PSEUDO_MTGP32) == 403);
  CHECK(rngToVendor(r, HIPRAND_RNG_PSEUDO_MT19937) == 407);
  CHECK(rngToVendor(r, HIPRAND_RNG_PSEUDO_PHILOX4_32_10) == 404);
  CHECK(rngToVendor(r, HIPRAND_RNG_QUASI_DEFAULT) == 500);
  CHECK(rngToVendor(r, HIPRAND_RNG_QUASI_SOBOL32) == 501);
  CHECK(rngToVendor(r, HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32) == 502);
  CHECK(rngToVendor(r, HIPRAND_RNG_QUASI_SOBOL64) == 504);
  CHECK(rngToVendor(r, HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64) == 505);
  CHECK(rngToVendor(r, static_cast<hiprandRngType_t>(405 + 100)) == -1);

  for (Vendor v : {Vendor::curand, Vendor::rocrand}) {
    using unihip::rand::orderingToVendor;
    CHECK(orderingToVendor(v, HIPRAND_ORDERING_PSEUDO_BEST) == 100);
    CHECK(orderingToVendor(v, HIPRAND_ORDERING_PSEUDO_DYNAMIC) == 104);
    CHECK(orderingToVendor(v, HIPRAND_ORDERING_QUASI_DEFAULT) == 201);
    CHECK(orderingToVendor(v, static_cast<hiprandOrdering_t>(105)) == -1);
    using unihip::rand::directionSetToVendor;
    CHECK(directionSetToVendor(v, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6) == 101);
    CHECK(directionSetToVendor(v, HIPRAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6) == 104);
    CHECK(directionSetToVendor(v, static_cast<hiprandDirectionVectorSet_t>(100)) == -1);
  }
}

TEST_CASE("bad arguments get hipRAND's statuses", "[args]") {
  hiprandGenerator_t g = nullptr;
  CHECK(hiprandCreateGenerator(nullptr, HIPRAND_RNG_PSEUDO_XORWOW) == HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(hiprandCreateGeneratorHost(&g, static_cast<hiprandRngType_t>(12345)) == HIPRAND_STATUS_TYPE_ERROR);
  CHECK(g == nullptr);
  CHECK(hiprandGetVersion(nullptr) == HIPRAND_STATUS_OUT_OF_RANGE);
  unsigned int out[4];
  CHECK(hiprandGenerate(nullptr, out, 4) == HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(hiprandSetPseudoRandomGeneratorSeed(nullptr, 1) == HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(hiprandDestroyGenerator(nullptr) == HIPRAND_STATUS_NOT_INITIALIZED);
  // cuRAND has no 8/16-bit or half generators.
  unsigned char c[4];
  CHECK(hiprandGenerateChar(nullptr, c, 4) == HIPRAND_STATUS_NOT_IMPLEMENTED);
}

TEST_CASE("an absent cuRAND is 'not initialized'", "[absent]") {
  hiprandGenerator_t g = nullptr;
  CHECK(hiprandCreateGeneratorHost(&g, HIPRAND_RNG_PSEUDO_XORWOW) == HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(g == nullptr);
  int v = 0;
  CHECK(hiprandGetVersion(&v) == HIPRAND_STATUS_NOT_INITIALIZED);
}

TEST_CASE("cuRAND's host generators through hipRAND", "[curand]") {
  int version = 0;
  REQUIRE(hiprandGetVersion(&version) == HIPRAND_STATUS_SUCCESS);
  CHECK(version >= 10000);
  // Sobol's first dimension: direction number k is bit 31 - k (63 - k).
  hiprandDirectionVectors32_t* v32 = nullptr;
  REQUIRE(hiprandGetDirectionVectors32(&v32, HIPRAND_DIRECTION_VECTORS_32_JOEKUO6) ==
          HIPRAND_STATUS_SUCCESS);
  CHECK(v32[0][0] == 0x80000000u);
  CHECK(v32[0][31] == 1u);
  hiprandDirectionVectors64_t* v64 = nullptr;
  REQUIRE(hiprandGetDirectionVectors64(&v64, HIPRAND_DIRECTION_VECTORS_64_JOEKUO6) ==
          HIPRAND_STATUS_SUCCESS);
  CHECK(v64[0][0] == 0x8000000000000000ull);
  CHECK(hiprandGetDirectionVectors64(&v64, static_cast<hiprandDirectionVectorSet_t>(7)) ==
        HIPRAND_STATUS_TYPE_ERROR);
  const unsigned int* c32 = nullptr;
  CHECK(hiprandGetScrambleConstants32(&c32) == HIPRAND_STATUS_SUCCESS);
  CHECK(c32 != nullptr);
  for (hiprandRngType_t t : {HIPRAND_RNG_PSEUDO_XORWOW, HIPRAND_RNG_PSEUDO_PHILOX4_32_10,
                             HIPRAND_RNG_PSEUDO_MRG32K3A}) {
    INFO("type " << t);
    hiprandGenerator_t g = nullptr;
    REQUIRE(hiprandCreateGeneratorHost(&g, t) == HIPRAND_STATUS_SUCCESS);
    REQUIRE(hiprandSetPseudoRandomGeneratorSeed(g, 1234) == HIPRAND_STATUS_SUCCESS);
    CHECK(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_PSEUDO_DEFAULT) == HIPRAND_STATUS_SUCCESS);
    CHECK(hiprandSetGeneratorOrdering(g, static_cast<hiprandOrdering_t>(99)) ==
          HIPRAND_STATUS_TYPE_ERROR);
    std::vector<float> a(1 << 16), b(1 << 16);
    REQUIRE(hiprandGenerateUniform(g, a.data(), a.size()) == HIPRAND_STATUS_SUCCESS);
    double sum = 0, sq = 0;
    for (float x : a) {
      CHECK((x > 0.f && x <= 1.f));
      sum += x;
      sq += (double)x * x;
    }
    const double mean = sum / a.size(), var = sq / a.size() - mean * mean;
    CHECK(std::fabs(mean - 0.5) < 0.01);
    CHECK(std::fabs(var - 1.0 / 12) < 0.005);
    // Same seed and offset: the same numbers.
    REQUIRE(hiprandSetPseudoRandomGeneratorSeed(g, 1234) == HIPRAND_STATUS_SUCCESS);
    REQUIRE(hiprandSetGeneratorOffset(g, 0) == HIPRAND_STATUS_SUCCESS);
    REQUIRE(hiprandGenerateUniform(g, b.data(), b.size()) == HIPRAND_STATUS_SUCCESS);
    CHECK(a == b);
    // cuRAND's own checks come back mapped: an odd count for XORWOW's normals (cuRAND's
    // Philox takes one).
    if (t == HIPRAND_RNG_PSEUDO_XORWOW)
      CHECK(hiprandGenerateNormal(g, a.data(), 3, 0.f, 1.f) == HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);
    CHECK(hiprandSetQuasiRandomGeneratorDimensions(g, 2) == HIPRAND_STATUS_TYPE_ERROR);
    CHECK(hiprandDestroyGenerator(g) == HIPRAND_STATUS_SUCCESS);
  }
}

namespace {
// The fake rocRAND's record of its last call (it is loaded by then).
struct FakeRocrand {
  void* so = nullptr;
  const char* (*last)() = nullptr;
  double (*get)(const char*) = nullptr;
  void (*answer)(int) = nullptr;

  FakeRocrand() {
    const char* path = std::getenv("UNIHIP_ROCRAND_LIBRARY");
    REQUIRE(path != nullptr);
    so = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    REQUIRE(so != nullptr);
    last = reinterpret_cast<const char* (*)()>(dlsym(so, "fake_rocrand_last"));
    get = reinterpret_cast<double (*)(const char*)>(dlsym(so, "fake_rocrand_get"));
    answer = reinterpret_cast<void (*)(int)>(dlsym(so, "fake_rocrand_answer"));
    REQUIRE((last != nullptr && get != nullptr && answer != nullptr));
  }
  double ptr(const void* p) const {
    return static_cast<double>(reinterpret_cast<unsigned long long>(p));
  }
};
}  // namespace

TEST_CASE("on an AMD device hipRAND forwards to rocRAND", "[rocrand]") {
  hiprandGenerator_t g = nullptr;
  // rocRAND has no test generator: refused before the library is called.
  CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_TEST) == HIPRAND_STATUS_TYPE_ERROR);
  CHECK(g == nullptr);
  REQUIRE(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_PHILOX4_32_10) == HIPRAND_STATUS_SUCCESS);
  REQUIRE(g != nullptr);
  FakeRocrand fake;
  CHECK(std::string(fake.last()) == "rocrand_create_generator");
  CHECK(fake.get("type") == 404);
  const double native = fake.get("generator");

  unsigned int* out = reinterpret_cast<unsigned int*>(0x7000);
  CHECK(hiprandGenerate(g, out, 12) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_generate");
  CHECK(fake.get("generator") == native);
  CHECK(fake.get("output") == fake.ptr(out));
  CHECK(fake.get("n") == 12);

  // cuRAND has none of these; rocRAND has them all.
  unsigned char* c = reinterpret_cast<unsigned char*>(0x7100);
  CHECK(hiprandGenerateChar(g, c, 5) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_generate_char");
  half* h = reinterpret_cast<half*>(0x7200);
  CHECK(hiprandGenerateNormalHalf(g, h, 6, half(1.5f), half(-2.0f)) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_generate_normal_half");
  CHECK(fake.get("mean") == 0x3E00);    // 1.5's bits
  CHECK(fake.get("stddev") == 0xC000);  // -2's bits
  CHECK(hiprandGenerateLogNormalDouble(g, reinterpret_cast<double*>(0x7300), 8, 0.25, 4.0) ==
        HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_generate_log_normal_double");
  CHECK(fake.get("mean") == 0.25);
  CHECK(fake.get("stddev") == 4.0);
  CHECK(hiprandGeneratePoisson(g, out, 4, 3.5) == HIPRAND_STATUS_SUCCESS);
  CHECK(fake.get("mean") == 3.5);
  CHECK(hiprandGenerateSeeds(g) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_initialize_generator");

  // The stream reaches rocRAND as it is: rocRAND runs on unihip as its HIP runtime.
  hipStream_t stream = reinterpret_cast<hipStream_t>(0x1234);
  CHECK(hiprandSetStream(g, stream) == HIPRAND_STATUS_SUCCESS);
  CHECK(fake.get("stream") == fake.ptr(stream));
  CHECK(hiprandSetPseudoRandomGeneratorSeed(g, 99) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_set_seed");
  CHECK(fake.get("value") == 99);
  CHECK(hiprandSetGeneratorOffset(g, 7) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_set_offset");
  CHECK(hiprandSetGeneratorOrdering(g, HIPRAND_ORDERING_PSEUDO_SEEDED) == HIPRAND_STATUS_SUCCESS);
  CHECK(fake.get("value") == 102);
  CHECK(hiprandSetGeneratorOrdering(g, static_cast<hiprandOrdering_t>(7)) ==
        HIPRAND_STATUS_TYPE_ERROR);
  CHECK(std::string(fake.last()) == "rocrand_set_ordering");  // not called again
  CHECK(hiprandSetQuasiRandomGeneratorDimensions(g, 3) == HIPRAND_STATUS_SUCCESS);
  CHECK(fake.get("value") == 3);

  // rocRAND's own statuses come back mapped.
  fake.answer(107);
  CHECK(hiprandGenerateUniform(g, reinterpret_cast<float*>(0x7400), 2) ==
        HIPRAND_STATUS_LAUNCH_FAILURE);
  fake.answer(108);
  CHECK(hiprandGenerate(g, out, 2) == HIPRAND_STATUS_INTERNAL_ERROR);
  fake.answer(105);
  CHECK(hiprandGenerateNormal(g, reinterpret_cast<float*>(0x7400), 3, 0.f, 1.f) ==
        HIPRAND_STATUS_LENGTH_NOT_MULTIPLE);

  CHECK(hiprandDestroyGenerator(g) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_destroy_generator");
  CHECK(fake.get("generator") == native);

  // Host generators are rocRAND's blocking ones; a failed create leaves no generator.
  g = nullptr;
  REQUIRE(hiprandCreateGeneratorHost(&g, HIPRAND_RNG_QUASI_SOBOL64) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_create_generator_host_blocking");
  CHECK(fake.get("type") == 504);
  CHECK(hiprandDestroyGenerator(g) == HIPRAND_STATUS_SUCCESS);
  g = nullptr;
  fake.answer(102);
  CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_MT19937) == HIPRAND_STATUS_ALLOCATION_FAILED);
  CHECK(fake.get("type") == 407);
  CHECK(g == nullptr);
}

TEST_CASE("on an AMD device the calls without a generator are rocRAND's", "[rocrand]") {
  int version = 0;
  REQUIRE(hiprandGetVersion(&version) == HIPRAND_STATUS_SUCCESS);
  CHECK(version == 300100);
  FakeRocrand fake;
  hiprandDiscreteDistribution_t d = nullptr;
  REQUIRE(hiprandCreatePoissonDistribution(2.5, &d) == HIPRAND_STATUS_SUCCESS);
  CHECK(fake.get("lambda") == 2.5);
  CHECK(fake.ptr(d) == fake.get("distribution"));
  CHECK(hiprandDestroyDistribution(d) == HIPRAND_STATUS_SUCCESS);
  CHECK(std::string(fake.last()) == "rocrand_destroy_discrete_distribution");
  CHECK(fake.ptr(d) == fake.get("distribution"));

  hiprandDirectionVectors32_t* v32 = nullptr;
  CHECK(hiprandGetDirectionVectors32(&v32, HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) ==
        HIPRAND_STATUS_SUCCESS);
  CHECK(v32 != nullptr);
  CHECK(fake.get("set") == 102);
  CHECK(hiprandGetDirectionVectors32(&v32, static_cast<hiprandDirectionVectorSet_t>(7)) ==
        HIPRAND_STATUS_TYPE_ERROR);
  const unsigned long long* c64 = nullptr;
  CHECK(hiprandGetScrambleConstants64(&c64) == HIPRAND_STATUS_SUCCESS);
  CHECK(c64 != nullptr);
  CHECK(std::string(fake.last()) == "rocrand_get_scramble_constants64");
  // Bad generators are refused before rocRAND.
  CHECK(hiprandGenerate(nullptr, nullptr, 1) == HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(hiprandGenerateChar(nullptr, nullptr, 1) == HIPRAND_STATUS_NOT_INITIALIZED);
}

TEST_CASE("on an AMD device an absent rocRAND is 'not initialized'", "[rocrand_absent]") {
  hiprandGenerator_t g = nullptr;
  CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_XORWOW) == HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(hiprandCreateGeneratorHost(&g, HIPRAND_RNG_PSEUDO_XORWOW) ==
        HIPRAND_STATUS_NOT_INITIALIZED);
  CHECK(g == nullptr);
  int v = 0;
  CHECK(hiprandGetVersion(&v) == HIPRAND_STATUS_NOT_INITIALIZED);
  hiprandDiscreteDistribution_t d = nullptr;
  CHECK(hiprandCreatePoissonDistribution(1.0, &d) == HIPRAND_STATUS_NOT_INITIALIZED);
  // The answers that need no library stay.
  CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_TEST) == HIPRAND_STATUS_TYPE_ERROR);
}
