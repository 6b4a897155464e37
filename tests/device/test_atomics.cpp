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

TEST_CASE("__hip_atomic and GCC's __atomic builtins with acquire, release and seq_cst order") {
  const bool gcc = GENERATE(false, true);
  CAPTURE(gcc);
  DeviceBuffer<int> out(kOrderedValues + 6);
  LAUNCH_AND_WAIT(launchOrderedAtomics(out.ptr, gcc));
  const std::vector<int> r = out.read();
  int published = 0;
  for (int i = 0; i < kOrderedValues; ++i) published += r[i] == 100 + i;
  CHECK(published == kOrderedValues);  // the acquire saw every write before the release
  const int* tail = r.data() + kOrderedValues;
  CHECK(tail[1] == 1);              // exchange: the released flag
  CHECK(tail[2] == 5 + 6 + 7 + 8);  // seq_cst fetch_add's old values
  CHECK(tail[3] == 1);              // CAS 9 -> 20 succeeded
  CHECK(tail[4] == 0);              // CAS 0 -> 30 failed
  CHECK(tail[5] == 20);             // ... reporting the current value
  CHECK(tail[0] == 20);
}

TEST_CASE("atomicAdd and unsafeAtomicAdd on __half2 and __hip_bfloat162") {
  const int n = 200;  // every partial sum exact: half's 11 bits, bfloat16's 8 (to 256; halves to 128)
  DeviceBuffer<float> out(4);
  LAUNCH_AND_WAIT(launchPackedAtomicAdd(out.ptr, n));
  const std::vector<float> r = out.read();
  CHECK(r[0] == 200.0f);
  CHECK(r[1] == 400.0f);
  CHECK(r[2] == 200.0f);
  CHECK(r[3] == 100.0f);
}
