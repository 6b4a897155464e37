// Every atomic of the device language, at device, block and system scope, on int, unsigned,
// unsigned long long, float and double; checked against closed forms.
#include <climits>

#include "device_kernels.h"
#include "gpu_test_support.h"

TEST_CASE("atomics: results match their closed forms") {
  const int blocks = 4;
  const long long n = blocks * 256;
  DeviceBuffer<AtomicResults> d(1);
  LAUNCH_AND_WAIT(launchAtomics(d.ptr, blocks));
  const AtomicResults r = d.read()[0];

  SECTION("int") {
    CHECK(r.addInt == n);
    CHECK(r.subInt == (1 << 20) - 2 * n);
    CHECK(r.maxInt == n - 1);
    CHECK(r.minInt == 5);
    CHECK(r.andInt == INT_MIN);            // bits 0-30 cleared
    CHECK(r.orInt == INT_MAX);             // bits 0-30 set
    CHECK(static_cast<unsigned>(r.xorInt) == 0xfffffff0u);
    CHECK(r.casInt == n);
    CHECK(r.exchInt >= 0);
    CHECK(r.exchInt < n);
    // The values atomicExch returned, plus the final one, are exactly -1 .. n-1.
    CHECK(static_cast<long long>(r.exchSum) + r.exchInt + 1 == n * (n + 1) / 2);
  }
  SECTION("unsigned int, atomicInc/atomicDec wrap-around") {
    CHECK(r.addUint == 3 * n);
    CHECK(r.maxUint == 2 * (n - 1));
    CHECK(r.minUint == 7u);
    CHECK(r.incUint == n % 100);
    CHECK(r.decUint == (100 - n % 100) % 100);
    CHECK(r.andUint == 0u);
    CHECK(r.orUint == 0xffffffffu);
    CHECK(r.xorUint == 0u);
    CHECK(r.casUint == n);
  }
  SECTION("unsigned long long") {
    CHECK(r.addUll == static_cast<unsigned long long>(n) << 33);
    CHECK(r.maxUll == static_cast<unsigned long long>(n - 1) << 40);
    CHECK(r.minUll == 1ull);
    CHECK(r.andUll == 0ull);
    CHECK(r.orUll == ~0ull);
    CHECK(r.xorUll == 0ull);
    CHECK(r.casUll == static_cast<unsigned long long>(n));
  }
  SECTION("float and double") {
    CHECK(r.addFloat == 0.5f * n);
    CHECK(r.maxFloat == 0.25f * (n - 1));
    CHECK(r.minFloat == 0.5f);
    CHECK(r.subFloat == 4096.0f - n);
    CHECK(r.exchFloat == 2.5f);
    CHECK(r.addDouble == 0.25 * n);
    CHECK(r.maxDouble == 0.5 * (n - 1));
    CHECK(r.minDouble == 0.25);
    CHECK(r.subDouble == 4096.0 - 0.5 * n);
  }
  SECTION("_block forms on shared memory") { CHECK(r.blockScopeOk == 1); }
  SECTION("_system forms") {
    CHECK(r.systemAddInt == n);
    CHECK(r.systemAddUll == 2ull * n);
    CHECK(r.systemAddFloat == static_cast<float>(n));
    CHECK(r.systemAddDouble == static_cast<double>(n));
    CHECK(r.systemMaxUint == n - 1);
    CHECK(r.systemIncUint == n % 10);
    CHECK(r.systemCasInt == n);
    CHECK(r.systemMaxFloat == static_cast<float>(n - 1));
  }
}

TEST_CASE("atomicAdd_system on pinned host memory") {
  int* counter = nullptr;
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&counter), sizeof(int), 0));
  *counter = 5;
  hipError_t launched = launchSystemAtomicOnHost(counter, 1000);
  hipError_t synced = hipDeviceSynchronize();
  const int value = *counter;
  HIP_CHECK(hipHostFree(counter));
  REQUIRE(launched == hipSuccess);
  REQUIRE(synced == hipSuccess);
  CHECK(value == 1005);
}
