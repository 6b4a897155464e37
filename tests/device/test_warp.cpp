// Warp shuffles, votes and lane masks (expected values from the device's warpSize), and the
// bit intrinsics.
#include "device_kernels.h"
#include "gpu_test_support.h"

namespace {

long long laneBits(int ws) { return ws == 64 ? -1ll : static_cast<long long>(0xffffffffull); }

}  // namespace

TEST_CASE("warp shuffles, votes and lane masks") {
  const int ws = deviceProperties().warpSize;
  const int threads = 128;
  DeviceBuffer<long long> out(static_cast<size_t>(kWarpValues) * threads);
  LAUNCH_AND_WAIT(launchWarpOps(threads, out.ptr));
  std::vector<long long> h = out.read();
  const unsigned long long full = static_cast<unsigned long long>(laneBits(ws));
  for (int t = 0; t < threads; ++t) {
    const long long* o = &h[kWarpValues * t];
    const int lane = t % ws, base = t - lane;
    const auto v = [](int thread) { return 10ll * thread; };
    INFO("thread " << t << ", warpSize " << ws);
    REQUIRE(o[0] == lane);
    REQUIRE(o[1] == v(base + (lane + 1) % ws));
    REQUIRE(o[2] == v(lane == 0 ? t : t - 1));
    REQUIRE(o[3] == v(lane == ws - 1 ? t : t + 1));
    REQUIRE(o[4] == v(t ^ 1));
    REQUIRE(o[5] == v(t - t % 16));
    REQUIRE(o[6] == v(t % 16 + 2 >= 16 ? t : t + 2));
    REQUIRE(o[7] == 2 * (base + (lane + 3) % ws) + 1);
    REQUIRE(static_cast<unsigned long long>(o[8]) == static_cast<unsigned long long>(t ^ 2) << 33);
    REQUIRE(o[9] == base);
    REQUIRE(static_cast<unsigned long long>(o[10]) == (0x5555555555555555ull & full));
    REQUIRE(o[11] == 1);
    REQUIRE(o[12] == 1);
    REQUIRE(o[13] == 0);
    REQUIRE(static_cast<unsigned long long>(o[14]) == full);
    REQUIRE(static_cast<unsigned long long>(o[15]) == (1ull << lane) - 1);
    REQUIRE(static_cast<unsigned long long>(o[16]) == 0x1full);
    REQUIRE(o[17] == 0);
    REQUIRE(o[18] == ws);
    REQUIRE(static_cast<unsigned long long>(o[19]) == (full & ~((2ull << lane) - 1)));
    REQUIRE(static_cast<unsigned long long>(o[20]) == (2ull << lane) - 1);
    REQUIRE(static_cast<unsigned long long>(o[21]) == (full & ~((1ull << lane) - 1)));
    REQUIRE(static_cast<unsigned long long>(o[22]) == 1ull << lane);
    const unsigned long long group = 0xffull << (lane / 8 * 8);
    REQUIRE(static_cast<unsigned long long>(o[23]) == group);
    REQUIRE(static_cast<unsigned long long>(o[24]) == group);
    REQUIRE(static_cast<unsigned long long>(o[25]) == group);
    REQUIRE(static_cast<unsigned long long>(o[26]) == full);
    REQUIRE(o[27] == 1);
  }
}

TEST_CASE("bit intrinsics: __popc, __clz, __ffs, __brev, __mulhi, __byte_perm, ...") {
  DeviceBuffer<unsigned long long> in(std::vector<unsigned long long>{0xF0F0, 1, 0, 1ull << 40});
  DeviceBuffer<long long> out(kBitResults);
  LAUNCH_AND_WAIT(launchBits(in.ptr, out.ptr));
  const std::vector<long long> expected = {
      8, 64, 31, 32, 63, 5, 0, 41, 0x80000000ll, static_cast<long long>(1ull << 63),
      1, -1, 3, 15, 14, 0x77553311ll};
  CHECK(out.read() == expected);
}
