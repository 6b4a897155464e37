// hipRAND's host API without a GPU: status and type tables, argument checks, an absent
// cuRAND ([absent], run with UNIHIP_CURAND_LIBRARY pointing nowhere), and cuRAND's host
// generators through the forwarding ([curand], where libcurand.so.10 is installed).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <hiprand/hiprand.h>

#include <cmath>
#include <vector>

namespace unihip::rand {
hiprandStatus_t from_curand(int s);
int rng_to_curand(hiprandRngType_t t);
}  // namespace unihip::rand

using unihip::rand::from_curand;
using unihip::rand::rng_to_curand;

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
  for (hiprandRngType_t t : {HIPRAND_RNG_PSEUDO_XORWOW, HIPRAND_RNG_PSEUDO_PHILOX4_32_10,
                             HIPRAND_RNG_PSEUDO_MRG32K3A}) {
    INFO("type " << t);
    hiprandGenerator_t g = nullptr;
    REQUIRE(hiprandCreateGeneratorHost(&g, t) == HIPRAND_STATUS_SUCCESS);
    REQUIRE(hiprandSetPseudoRandomGeneratorSeed(g, 1234) == HIPRAND_STATUS_SUCCESS);
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
