// HIP 7's execution (green) contexts on a real device: the device's SM resource, a split into
// groups, a green context of one group, a unihip stream in it running a kernel, events recorded
// and waited on by the context, the resources a context and a stream report, the primary
// context; and the cluster occupancy queries. Run: unihip_gpu_tests "hip7:*".
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"
#include "kernels.h"

namespace {

void checkVectorAddOn(hipStream_t stream) {
  const int n = 1 << 16;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 2.0f * static_cast<float>(i);
  }
  DeviceBuffer<float> da(a), db(b), dc(n);
  HIP_REQUIRE(launchVectorAddArgs(da.ptr, db.ptr, dc.ptr, n, stream));
  HIP_REQUIRE(hipStreamSynchronize(stream));
  std::vector<float> c = dc.read();
  for (int i = 0; i < n; i += 997) REQUIRE(c[i] == 3.0f * static_cast<float>(i));
}

// Skips (returns false) where the device's vendor has no execution contexts (HSA today).
bool haveExecutionContexts(hipDevResource* input) {
  hipError_t e = hipDeviceGetDevResource(0, input, hipDevResourceTypeSm);
  if (e == hipErrorNotSupported) {
    WARN("execution contexts are not supported on this device's vendor");
    return false;
  }
  HIP_REQUIRE(e);
  return true;
}

}  // namespace

TEST_CASE("hip7: a green context of a group of SMs runs a kernel on its stream", "[hip7]") {
  HIP_REQUIRE(hipSetDevice(0));
  hipDevResource input{};
  if (!haveExecutionContexts(&input)) return;
  const hipDeviceProp_t props = deviceProperties();
  CHECK(input.type == hipDevResourceTypeSm);
  CHECK(input.sm.smCount == static_cast<unsigned>(props.multiProcessorCount));
  REQUIRE(input.sm.smCoscheduledAlignment > 0);
  const unsigned groupSize = 2 * input.sm.minSmPartitionSize;

  unsigned possible = 0;
  HIP_REQUIRE(hipDevSmResourceSplitByCount(nullptr, &possible, &input, nullptr, 0, groupSize));
  REQUIRE(possible >= 2);
  hipDevResource groups[2] = {}, rest{};
  unsigned n = 2;
  HIP_REQUIRE(hipDevSmResourceSplitByCount(groups, &n, &input, &rest, 0, groupSize));
  REQUIRE(n == 2);
  CHECK(groups[0].sm.smCount >= groupSize);
  CHECK(groups[0].sm.smCount + groups[1].sm.smCount + rest.sm.smCount == input.sm.smCount);

  hipDevResourceDesc_t desc = nullptr;
  HIP_REQUIRE(hipDevResourceGenerateDesc(&desc, &groups[0], 1));
  hipExecutionCtx_t ctx = nullptr;
  HIP_REQUIRE(hipGreenCtxCreate(&ctx, desc, 0, 0));

  hipDevResource r{};
  HIP_REQUIRE(hipExecutionCtxGetDevResource(ctx, &r, hipDevResourceTypeSm));
  CHECK(r.sm.smCount == groups[0].sm.smCount);
  int device = -1;
  HIP_CHECK(hipExecutionCtxGetDevice(&device, ctx));
  CHECK(device == 0);
  unsigned long long id = 0, primaryId = 0;
  HIP_CHECK(hipExecutionCtxGetId(ctx, &id));

  hipStream_t s = nullptr;
  HIP_REQUIRE(hipExecutionCtxStreamCreate(&s, ctx, hipStreamDefault, 0));
  checkVectorAddOn(s);
  HIP_REQUIRE(hipStreamGetDevResource(s, &r, hipDevResourceTypeSm));
  CHECK(r.sm.smCount == groups[0].sm.smCount);
  HIP_REQUIRE(hipStreamGetDevResource(nullptr, &r, hipDevResourceTypeSm));
  CHECK(r.sm.smCount == input.sm.smCount);

  // Events: the context's work so far, and a wait on another stream's event.
  hipEvent_t done = nullptr, other = nullptr;
  HIP_REQUIRE(hipEventCreate(&done));
  HIP_REQUIRE(hipEventCreate(&other));
  {
    const int m = 1 << 20;
    DeviceBuffer<float> x(m), y(m), z(m);
    HIP_REQUIRE(launchVectorAddArgs(x.ptr, y.ptr, z.ptr, m, s));
    HIP_REQUIRE(hipExecutionCtxRecordEvent(ctx, done));
    HIP_REQUIRE(hipEventSynchronize(done));
    HIP_CHECK(hipStreamQuery(s));  // the event covered the stream's launch
    HIP_CHECK(hipEventQuery(done));
  }
  hipStream_t plain = nullptr;
  HIP_REQUIRE(hipStreamCreate(&plain));
  HIP_REQUIRE(hipEventRecord(other, plain));
  HIP_REQUIRE(hipExecutionCtxWaitEvent(ctx, other));
  checkVectorAddOn(s);
  HIP_REQUIRE(hipExecutionCtxSynchronize(ctx));

  // The primary context: the whole device.
  hipExecutionCtx_t primary = nullptr;
  HIP_REQUIRE(hipDeviceGetExecutionCtx(&primary, 0));
  HIP_REQUIRE(hipExecutionCtxGetDevResource(primary, &r, hipDevResourceTypeSm));
  CHECK(r.sm.smCount == input.sm.smCount);
  HIP_CHECK(hipExecutionCtxGetId(primary, &primaryId));
  CHECK(primaryId != id);
  hipStream_t ps = nullptr;
  HIP_REQUIRE(hipExecutionCtxStreamCreate(&ps, primary, hipStreamNonBlocking, 0));
  checkVectorAddOn(ps);
  HIP_REQUIRE(hipExecutionCtxRecordEvent(primary, done));
  HIP_REQUIRE(hipEventSynchronize(done));
  HIP_REQUIRE(hipExecutionCtxSynchronize(primary));
  CHECK(hipExecutionCtxDestroy(primary) == hipErrorInvalidValue);

  // The explicit split (CUDA 13.1 drivers): groups of the sizes asked for.
  hipDevSmResourceGroupParams params[1] = {};
  params[0].smCount = groupSize;
  hipDevResource one{};
  hipError_t split = hipDevSmResourceSplit(&one, 1, &input, &rest, 0, params);
  CHECK((split == hipSuccess || split == hipErrorNotSupported));
  if (split == hipSuccess) CHECK(one.sm.smCount == groupSize);
  (void)hipGetLastError();

  // Destroying the context with its stream alive: the stream keeps working on the device.
  HIP_REQUIRE(hipExecutionCtxDestroy(ctx));
  checkVectorAddOn(s);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipStreamDestroy(ps));
  HIP_CHECK(hipStreamDestroy(plain));
  HIP_CHECK(hipEventDestroy(done));
  HIP_CHECK(hipEventDestroy(other));
}

TEST_CASE("hip7: two green contexts of disjoint groups run side by side", "[hip7]") {
  HIP_REQUIRE(hipSetDevice(0));
  hipDevResource input{};
  if (!haveExecutionContexts(&input)) return;
  hipDevResource groups[2] = {};
  unsigned n = 2;
  HIP_REQUIRE(hipDevSmResourceSplitByCount(groups, &n, &input, nullptr, 0,
                                           input.sm.minSmPartitionSize));
  REQUIRE(n == 2);
  hipExecutionCtx_t ctx[2] = {};
  hipStream_t s[2] = {};
  for (int i = 0; i < 2; ++i) {
    hipDevResourceDesc_t desc = nullptr;
    HIP_REQUIRE(hipDevResourceGenerateDesc(&desc, &groups[i], 1));
    HIP_REQUIRE(hipGreenCtxCreate(&ctx[i], desc, 0, 0));
    HIP_REQUIRE(hipExecutionCtxStreamCreate(&s[i], ctx[i], hipStreamNonBlocking, 0));
  }
  for (int i = 0; i < 2; ++i) checkVectorAddOn(s[i]);
  for (int i = 0; i < 2; ++i) {
    HIP_CHECK(hipStreamDestroy(s[i]));
    HIP_CHECK(hipExecutionCtxDestroy(ctx[i]));
  }
}

TEST_CASE("hip7: cluster occupancy of a kernel", "[hip7]") {
  HIP_REQUIRE(hipSetDevice(0));
  const hipDeviceProp_t props = deviceProperties();
  hipLaunchConfig_t config{};
  config.gridDim = dim3(128);
  config.blockDim = dim3(128);
  int size = 0;
  hipError_t e = hipOccupancyMaxPotentialClusterSize(&size, vectorAddHostFunction(), &config);
  if (e == hipErrorNotSupported || props.major < 9) {
    WARN("no thread-block clusters on this device");
    return;
  }
  HIP_REQUIRE(e);
  CHECK(size >= 1);
  hipLaunchAttribute cluster{};
  cluster.id = hipLaunchAttributeClusterDimension;
  cluster.val.clusterDim = {2, 1, 1};
  config.attrs = &cluster;
  config.numAttrs = 1;
  int clusters = 0;
  HIP_REQUIRE(hipOccupancyMaxActiveClusters(&clusters, vectorAddHostFunction(), &config));
  CHECK(clusters >= 1);
}
