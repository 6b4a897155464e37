// Kernel launches through <<<>>>, hipLaunchKernelGGL and hipLaunchKernel; shared memory,
// atomics, coordinates; bad launches; registration bookkeeping.
#include <thread>
#include <vector>

#include "gpu_test_support.h"
#include "kernels.h"

namespace {

void checkVectorAdd(hipError_t (*launch)(const float*, const float*, float*, int, hipStream_t)) {
  const int n = 100003;  // not a multiple of the block size
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = static_cast<float>(n - i);
  }
  DeviceBuffer<float> da(n), db(n), dc(n);
  HIP_REQUIRE(hipMemcpy(da.ptr, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpy(db.ptr, b.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemset(dc.ptr, 0xff, n * sizeof(float)));
  HIP_REQUIRE(launch(da.ptr, db.ptr, dc.ptr, n, nullptr));
  HIP_REQUIRE(hipMemcpy(c.data(), dc.ptr, n * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += c[i] != a[i] + b[i];
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("vectorAdd through each launch syntax") {
  SECTION("<<<>>>") { checkVectorAdd(launchVectorAddChevrons); }
  SECTION("hipLaunchKernelGGL") { checkVectorAdd(launchVectorAddGGL); }
  SECTION("hipLaunchKernel") { checkVectorAdd(launchVectorAddArgs); }
}

TEST_CASE("a launch never re-parses the fat binary") {
  checkVectorAdd(launchVectorAddChevrons);  // parses this file's fat binary, if no launch did
  uint64_t parsed = unihipGetFatBinaryParseCount();
  CHECK(parsed >= 1);
  checkVectorAdd(launchVectorAddChevrons);
  checkVectorAdd(launchVectorAddArgs);
  CHECK(unihipGetFatBinaryParseCount() == parsed);
}

TEST_CASE("dynamic shared memory, static shared memory and atomics") {
  const int n = 1000;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = i * 7;
  DeviceBuffer<int> d(n);
  HIP_REQUIRE(hipMemcpy(d.ptr, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_REQUIRE(launchReverseDynamicShared(d.ptr, n));
  std::vector<int> r(n);
  HIP_REQUIRE(hipMemcpy(r.data(), d.ptr, n * sizeof(int), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += r[i] != h[n - 1 - i];
  CHECK(wrong == 0);

  const int m = 5000;
  DeviceBuffer<int> sum(1);
  DeviceBuffer<float> fsum(1);
  HIP_REQUIRE(hipMemset(sum.ptr, 0, sizeof(int)));
  HIP_REQUIRE(hipMemset(fsum.ptr, 0, sizeof(float)));
  HIP_REQUIRE(launchAtomicSum(sum.ptr, fsum.ptr, m));
  int s = 0;
  float fs = 0;
  HIP_REQUIRE(hipMemcpy(&s, sum.ptr, sizeof s, hipMemcpyDeviceToHost));
  HIP_REQUIRE(hipMemcpy(&fs, fsum.ptr, sizeof fs, hipMemcpyDeviceToHost));
  CHECK(s == m * (m + 1) / 2);
  CHECK(fs == static_cast<float>(m));
}

TEST_CASE("3-D grids and blocks see their coordinates") {
  dim3 grid(3, 2, 2), block(4, 3, 2);
  const size_t total = 3 * 2 * 2 * 4 * 3 * 2;
  DeviceBuffer<unsigned> d(total);
  HIP_REQUIRE(hipMemset(d.ptr, 0xff, total * sizeof(unsigned)));
  HIP_REQUIRE(launchCoordinates(grid, block, d.ptr));
  std::vector<unsigned> h(total);
  HIP_REQUIRE(hipMemcpy(h.data(), d.ptr, total * sizeof(unsigned), hipMemcpyDeviceToHost));
  int wrong = 0;
  size_t i = 0;
  for (unsigned bz = 0; bz < 2; ++bz)
    for (unsigned by = 0; by < 2; ++by)
      for (unsigned bx = 0; bx < 3; ++bx)
        for (unsigned tz = 0; tz < 2; ++tz)
          for (unsigned ty = 0; ty < 3; ++ty)
            for (unsigned tx = 0; tx < 4; ++tx, ++i)
              wrong += h[i] != ((bx << 24) | (by << 20) | (bz << 16) | (tx << 8) | (ty << 4) | tz);
  CHECK(wrong == 0);
}

TEST_CASE("bad launches get HIP's error codes and launch nothing") {
  DeviceBuffer<int> out(1);
  HIP_REQUIRE(hipMemset(out.ptr, 0, sizeof(int)));
  hipDeviceProp_t p;
  HIP_REQUIRE(hipGetDeviceProperties(&p, 0));
  CHECK(launchWithGeometry(dim3(1), dim3(p.maxThreadsPerBlock + 1), 0, nullptr, out.ptr) ==
        hipErrorInvalidConfiguration);
  CHECK(launchWithGeometry(dim3(0), dim3(1), 0, nullptr, out.ptr) == hipErrorInvalidValue);  // HIP 7
  CHECK(launchWithGeometry(dim3(1), dim3(1, 1, p.maxThreadsDim[2] + 1), 0, nullptr, out.ptr) ==
        hipErrorInvalidConfiguration);
  CHECK(launchWithGeometry(dim3(1), dim3(1), size_t{1} << 30, nullptr, out.ptr) ==
        hipErrorInvalidValue);
  static const char notAKernel = 0;
  CHECK(hipLaunchKernel(&notAKernel, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  int v = 1;
  HIP_REQUIRE(hipMemcpy(&v, out.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 0);
  HIP_REQUIRE(launchWithGeometry(dim3(5), dim3(64), 0, nullptr, out.ptr));
  HIP_REQUIRE(hipMemcpy(&v, out.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 5 * 64);
  (void)hipGetLastError();
}

TEST_CASE("launches from 4 threads on 4 streams") {
  const int n = 1 << 16;
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, -1);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      hipStream_t s = nullptr;
      if (hipStreamCreate(&s) != hipSuccess) return;
      std::vector<float> a(n, static_cast<float>(t)), b(n, 1.0f), c(n, 0.0f);
      float *da = nullptr, *db = nullptr, *dc = nullptr;
      if (hipMalloc(reinterpret_cast<void**>(&da), n * sizeof(float)) != hipSuccess) return;
      if (hipMalloc(reinterpret_cast<void**>(&db), n * sizeof(float)) != hipSuccess) return;
      if (hipMalloc(reinterpret_cast<void**>(&dc), n * sizeof(float)) != hipSuccess) return;
      int errors = 0;
      errors += hipMemcpyAsync(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice, s) != hipSuccess;
      errors += hipMemcpyAsync(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice, s) != hipSuccess;
      for (int rep = 0; rep < 100; ++rep)
        errors += launchVectorAddArgs(da, db, dc, n, s) != hipSuccess;
      errors += hipMemcpyAsync(c.data(), dc, n * sizeof(float), hipMemcpyDeviceToHost, s) != hipSuccess;
      errors += hipStreamSynchronize(s) != hipSuccess;
      for (int i = 0; i < n; ++i) errors += c[i] != static_cast<float>(t) + 1.0f;
      wrong[t] = errors;
      (void)hipFree(da), (void)hipFree(db), (void)hipFree(dc), (void)hipStreamDestroy(s);
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) CHECK(wrong[t] == 0);
}
