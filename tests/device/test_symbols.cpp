// __device__ and __constant__ variables through the symbol API: hipMemcpyToSymbol,
// hipMemcpyFromSymbol (+Async), hipGetSymbolAddress, hipGetSymbolSize, and their errors.
#include "device_kernels.h"
#include "gpu_test_support.h"
#include "symbol_api.h"

TEST_CASE("hipMemcpyToSymbol / FromSymbol reach __constant__ and __device__ variables") {
  const float coefficients[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  std::vector<float> table(64);
  for (int i = 0; i < 64; ++i) table[i] = 0.5f * i;
  HIP_REQUIRE(hipMemcpyToSymbol(coefficientsSymbol(), coefficients, sizeof coefficients, 0,
                                hipMemcpyHostToDevice));
  // Two halves, the second through an offset.
  HIP_REQUIRE(hipMemcpyToSymbol(deviceTableSymbol(), table.data(), 32 * sizeof(float), 0,
                                hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpyToSymbol(deviceTableSymbol(), table.data() + 32, 32 * sizeof(float),
                                32 * sizeof(float), hipMemcpyHostToDevice));
  const int zero = 0;
  HIP_REQUIRE(hipMemcpyToSymbol(deviceCounterSymbol(), &zero, sizeof zero, 0, hipMemcpyDefault));

  const int n = 256;
  DeviceBuffer<float> out(n);
  LAUNCH_AND_WAIT(launchUseSymbols(out.ptr, n, nullptr));
  std::vector<float> r = out.read();
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += r[i] != coefficients[i % 4] * table[i % 64];
  CHECK(wrong == 0);

  int counter = -1;
  HIP_REQUIRE(hipMemcpyFromSymbol(&counter, deviceCounterSymbol(), sizeof counter, 0,
                                  hipMemcpyDeviceToHost));
  CHECK(counter == n);
  float back[2] = {};
  HIP_REQUIRE(hipMemcpyFromSymbol(back, coefficientsSymbol(), sizeof back, 2 * sizeof(float),
                                  hipMemcpyDeviceToHost));
  CHECK(back[0] == 3.0f);
  CHECK(back[1] == 4.0f);
}

TEST_CASE("hipMemcpyToSymbolAsync / FromSymbolAsync on a stream") {
  hipStream_t stream = nullptr;
  HIP_REQUIRE(hipStreamCreate(&stream));
  const int start = 1000;
  HIP_REQUIRE(hipMemcpyToSymbolAsync(deviceCounterSymbol(), &start, sizeof start, 0,
                                     hipMemcpyHostToDevice, stream));
  DeviceBuffer<float> out(64);
  HIP_REQUIRE(launchUseSymbols(out.ptr, 64, stream));
  int counter = 0;
  HIP_REQUIRE(hipMemcpyFromSymbolAsync(&counter, deviceCounterSymbol(), sizeof counter, 0,
                                       hipMemcpyDeviceToHost, stream));
  HIP_REQUIRE(hipStreamSynchronize(stream));
  CHECK(counter == start + 64);
  HIP_CHECK(hipStreamDestroy(stream));
}

TEST_CASE("hipGetSymbolAddress and hipGetSymbolSize") {
  void* address = nullptr;
  size_t size = 0;
  HIP_REQUIRE(hipGetSymbolAddress(&address, deviceTableSymbol()));
  HIP_REQUIRE(hipGetSymbolSize(&size, deviceTableSymbol()));
  CHECK(address != nullptr);
  CHECK(size == 64 * sizeof(float));
  HIP_REQUIRE(hipGetSymbolSize(&size, coefficientsSymbol()));
  CHECK(size == 4 * sizeof(float));
  // The address is ordinary device memory: hipMemcpy through it sees the variable.
  std::vector<float> ones(64, 1.0f), back(64, 0.0f);
  HIP_REQUIRE(hipMemcpy(address, ones.data(), 64 * sizeof(float), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpyFromSymbol(back.data(), deviceTableSymbol(), 64 * sizeof(float), 0,
                                  hipMemcpyDeviceToHost));
  CHECK(back == ones);
  // Fills reach it too (AMD's runtime accepts a variable's address), but it is not freeable.
  HIP_REQUIRE(hipMemset(address, 0, 64 * sizeof(float)));
  HIP_REQUIRE(hipMemcpyFromSymbol(back.data(), deviceTableSymbol(), 64 * sizeof(float), 0,
                                  hipMemcpyDeviceToHost));
  CHECK(back == std::vector<float>(64, 0.0f));
  CHECK(hipFree(address) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("symbol API errors") {
  int notASymbol = 0;
  int value = 0;
  void* address = nullptr;
  size_t size = 0;
  CHECK(hipMemcpyToSymbol(&notASymbol, &value, sizeof value, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidSymbol);
  CHECK(hipGetSymbolAddress(&address, nullptr) == hipErrorInvalidSymbol);
  CHECK(hipGetSymbolSize(&size, &notASymbol) == hipErrorInvalidSymbol);
  CHECK(hipGetSymbolSize(nullptr, deviceCounterSymbol()) == hipErrorInvalidValue);
  // Past the end of the 4-byte variable.
  CHECK(hipMemcpyToSymbol(deviceCounterSymbol(), &value, sizeof value, 4, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpyToSymbol(deviceCounterSymbol(), &value, 8, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  // The wrong direction for the symbol's side.
  CHECK(hipMemcpyToSymbol(deviceCounterSymbol(), &value, sizeof value, 0,
                          hipMemcpyDeviceToHost) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpyFromSymbol(&value, deviceCounterSymbol(), sizeof value, 0,
                            hipMemcpyHostToDevice) == hipErrorInvalidMemcpyDirection);
  (void)hipGetLastError();
}
