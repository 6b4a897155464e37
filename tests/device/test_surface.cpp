// The HIP surface of issue 10 on the GPU: bf16, fp8, complex, min/max, platform and feature
// macros, legacy coordinate macros, __ldg and cooperative groups (kernels_surface.hip).
#include "gpu_test_support.h"
#include "surface_kernels.h"

TEST_CASE("bf16, fp8, complex, min/max and macros in a kernel") {
  DeviceBuffer<float> out(kNumericResults);
  LAUNCH_AND_WAIT(launchNumericTypes(out.ptr));
  const std::vector<float> expected = {4.875f, 16256, 2, 1, 4, 1, 127, 126, -3, 56, 128, -4,
                                       5, 5, 5, 1, 2, 2.5f, 3, 7, 3, 1, 16, 1};
  const std::vector<float> got = out.read();
  for (int i = 0; i < kNumericResults; ++i) {
    INFO("result " << i);
    CHECK(got[i] == expected[i]);
  }
}

TEST_CASE("legacy coordinate macros and __ldg") {
  const int n = 128;
  std::vector<int> in(n);
  std::vector<float4> in4(n);
  for (int g = 0; g < n; ++g) {
    in[g] = 7 * g;
    in4[g] = make_float4(static_cast<float>(g), 1, 2, 3);
  }
  DeviceBuffer<int> dIn(in);
  DeviceBuffer<float4> dIn4(in4);
  DeviceBuffer<int> out(n);
  LAUNCH_AND_WAIT(launchLegacyLdg(dIn.ptr, dIn4.ptr, out.ptr));
  const std::vector<int> got = out.read();
  for (int g = 0; g < n; ++g) {
    INFO("thread " << g);
    CHECK(got[g] == g % 64 + 1000 * (g / 64) + 100000 + 1000000 + 8 * g + 6);
  }
}

TEST_CASE("cooperative groups: a block's short last dynamic tile") {
  DeviceBuffer<int> out(kCgShortBlock);
  LAUNCH_AND_WAIT(launchShortDynamicTiles(out.ptr));
  const std::vector<int> h = out.read();
  for (int t = 0; t < kCgShortBlock; ++t) {
    INFO("thread " << t);
    CHECK(h[t] == (t < 16 ? 8 : 4) + 100 * (t % 8));
  }
}

TEST_CASE("cooperative groups: block, tiles of 4/16/32, coalesced, binary_partition, reduce, scans") {
  const int ws = deviceProperties().warpSize;
  DeviceBuffer<long long> out(static_cast<size_t>(kCgValues) * kCgThreads);
  LAUNCH_AND_WAIT(launchCooperativeGroups(out.ptr));
  const std::vector<long long> h = out.read();
  for (int t = 0; t < kCgThreads; ++t) {
    const long long* o = &h[static_cast<size_t>(kCgValues) * t];
    INFO("thread " << t << ", warpSize " << ws);
    CHECK(o[0] == t);
    CHECK(o[1] == kCgThreads);
    CHECK(o[2] == kCgThreads - 1 - t);
    CHECK(o[3] == t % 4 + 10 * (t % 16) + 1000 * (t % 32));
    CHECK(o[4] == 4 * (t - t % 4) + 6);
    CHECK(o[5] == 16 * (t - t % 16) + 120);
    CHECK(o[6] == 32 * (t - t % 32) + 496);
    CHECK(o[7] == 16 * (t - t % 16) + 120);
    CHECK(o[8] == 0xAAAA);
    CHECK(o[9] == 101);
    CHECK(o[10] == t / 4 + 1000 * (t / 32) + 100000 * 8);
    CHECK(o[11] == (t % 32 == 0 ? t : t - 1));
    CHECK(o[12] == (0xffll << (8 * ((t % 32) / 8))));
    CHECK(o[13] == 115);
    CHECK(o[14] == 8 + 100 * ((t % 16) / 2));
    if (t % 3 == 0) {
      const int first = t - t % ws, last = first + ws;
      int size = 0, rank = 0, lowest = -1;
      for (int u = first; u < last && u < kCgThreads; ++u) {
        if (u % 3 != 0) continue;
        if (lowest < 0) lowest = u;
        ++size;
        if (u < t) ++rank;
      }
      CHECK(o[15] == size);
      CHECK(o[16] == rank);
      CHECK(o[17] == lowest);
      long long sum = 0;
      for (int u = first; u < last && u < kCgThreads; ++u) sum += u % 3 == 0 ? u : 0;
      CHECK(o[28] == sum);
    } else {
      CHECK(o[15] == -1);
      CHECK(o[28] == -1);
    }
    CHECK(o[18] == t % 8 + 800);
    CHECK(o[19] == 0);  // a plain launch: grid groups are not valid
    CHECK(o[20] == t + 4000);
    CHECK(o[21] == t + 1000 * kCgThreads);
    CHECK(o[22] == 1641);
    CHECK(o[23] == 7);
    const int tile4 = t - t % 4, tile32 = t - t % 32;
    CHECK(o[24] == 16 * (t - t % 16) + 120);
    CHECK(o[25] == tile32 + 31 + 1000 * tile32);
    long long inclusive = 0;
    for (int u = tile4; u <= t; ++u) inclusive += u;
    CHECK(o[26] == inclusive);
    CHECK(o[27] == inclusive - t);
    CHECK(o[29] == 15 + 100 * 15 + 10000 * 15);
  }
}
