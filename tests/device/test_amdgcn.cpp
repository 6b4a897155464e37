// AMD's __builtin_amdgcn_* as HIP code calls them (expected values from the device's warpSize:
// on NVIDIA unihip gives them their AMD meaning on a 32-lane warp).
#include "device_kernels.h"
#include "gpu_test_support.h"

TEST_CASE("AMD builtins: cross-lane moves, votes, timers") {
  const int ws = deviceProperties().warpSize;
  const int threads = 128;
  DeviceBuffer<long long> out(static_cast<size_t>(kAmdgcnValues) * threads);
  LAUNCH_AND_WAIT(launchAmdgcnBuiltins(threads, out.ptr));
  std::vector<long long> h = out.read();
  for (int t = 0; t < threads; ++t) {
    const long long* o = &h[kAmdgcnValues * t];
    const int lane = t % ws, base = t - lane, row = lane / 16, idx = lane % 16;
    const int group = lane & ~31;  // ds_swizzle's bit-mask mode works on 32-lane groups
    INFO("thread " << t << ", warpSize " << ws);
    REQUIRE(o[0] == lane);
    REQUIRE(o[1] == base + 100);
    REQUIRE(o[2] == (lane >= 5 ? 5 : -1));
    REQUIRE(o[3] == base + 3);
    REQUIRE(o[4] == base + (lane + 1) % ws);
    REQUIRE(o[5] == base + (lane + ws - 1) % ws);
    REQUIRE(o[6] == base + (lane ^ 1));
    REQUIRE(o[7] == base + ((lane & ~3) | (3 - (lane & 3))));
    REQUIRE(o[8] == base + group + ((lane & 0x0f) | 0x10));
    REQUIRE(static_cast<unsigned long long>(o[9]) == 0x1full);
    REQUIRE(static_cast<unsigned long long>(o[10]) == 0x7ull);
    const unsigned long long laneBits = ws == 64 ? ~0ull : 0xffffffffull;
    REQUIRE(static_cast<unsigned long long>(o[11]) == (laneBits & ~0x3ull));
    REQUIRE(o[12] == (idx == 0 ? 0 : t));
    REQUIRE(o[13] == (idx == 0 ? -7 : t));
    REQUIRE(o[14] == base + ((lane & ~3) | (3 - (lane & 3))));
    REQUIRE(o[15] == (idx < 4 ? -7 : base + row * 16 + (15 - idx)));
    REQUIRE(o[16] > 0);
    REQUIRE(o[17] == 1);
    REQUIRE(o[18] == t + 1000 * threads);
    REQUIRE(o[19] == ws);
  }
}
