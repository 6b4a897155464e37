// HIP 7's device resources and execution (green) contexts, hipKernelSetAttribute, the cluster
// occupancy queries and the logging controls against the fake backend: AMD's codes for bad
// input, what reaches the vendor's family (tests/support/fake_exec_ctx.h), and the answers.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "api_cases.h"
#include "build_files.h"
#include "base/log.h"
#include "fake_exec_ctx.h"
#include "install_fake.h"

using namespace unihip::testing;

const void* scaleHostFunction();

namespace {

const char kNotAKernel = 0;

hipExecutionCtx_t garbageCtx() { return reinterpret_cast<hipExecutionCtx_t>(uintptr_t{0x40}); }

// A green context of `sms` SMs on device 0, and the device's resource.
hipExecutionCtx_t greenCtx(unsigned sms) {
  hipDevResource input{}, group{};
  REQUIRE(hipDeviceGetDevResource(0, &input, hipDevResourceTypeSm) == hipSuccess);
  unsigned n = 1;
  REQUIRE(hipDevSmResourceSplitByCount(&group, &n, &input, nullptr, 0, sms) == hipSuccess);
  hipDevResourceDesc_t desc = nullptr;
  REQUIRE(hipDevResourceGenerateDesc(&desc, &group, 1) == hipSuccess);
  hipExecutionCtx_t ctx = nullptr;
  REQUIRE(hipGreenCtxCreate(&ctx, desc, 0, 0) == hipSuccess);
  return ctx;
}

}  // namespace

TEST_CASE("hip7: device resources and splits, checked, then the vendor's", "[hip7]") {
  auto* fake = installFake(2);
  FakeExecutionCtxOps ops;
  hipDevResource r{}, groups[8]{}, rest{};
  unsigned n = 0;
  hipDevSmResourceGroupParams params[2] = {};
  params[0].smCount = 6;
  params[1].smCount = 4;

  // Without the family (HSA today): not supported, after the checks.
  CHECK(hipDeviceGetDevResource(0, &r, hipDevResourceTypeSm) == hipErrorNotSupported);
  CHECK(hipDeviceGetDevResource(0, nullptr, hipDevResourceTypeSm) == hipErrorInvalidValue);
  fake->execCtxOps = &ops;

  checkCases({
      {"resource null", [&] { return hipDeviceGetDevResource(0, nullptr, hipDevResourceTypeSm); },
       hipErrorInvalidValue},
      {"unknown type",
       [&] { return hipDeviceGetDevResource(0, &r, static_cast<hipDevResourceType>(7)); },
       hipErrorInvalidResourceType},
      {"bad device", [&] { return hipDeviceGetDevResource(5, &r, hipDevResourceTypeSm); },
       hipErrorInvalidDevice},
      {"negative device", [&] { return hipDeviceGetDevResource(-1, &r, hipDevResourceTypeSm); },
       hipErrorInvalidDevice},
      {"vendor refuses the type",
       [&] { return hipDeviceGetDevResource(0, &r, hipDevResourceTypeWorkqueue); },
       hipErrorInvalidResourceType},
  });
  REQUIRE(hipDeviceGetDevResource(1, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.type == hipDevResourceTypeSm);
  CHECK(r.sm.smCount == FakeExecutionCtxOps::kSms);
  CHECK(r.sm.smCoscheduledAlignment == FakeExecutionCtxOps::kAlignment);

  hipDevResource notSm = r;
  notSm.type = hipDevResourceTypeWorkqueue;
  checkCases({
      {"split: nbGroups null",
       [&] { return hipDevSmResourceSplitByCount(groups, nullptr, &r, &rest, 0, 4); },
       hipErrorInvalidValue},
      {"split: input null",
       [&] { return hipDevSmResourceSplitByCount(groups, &n, nullptr, &rest, 0, 4); },
       hipErrorInvalidValue},
      {"split: input not SMs",
       [&] { return hipDevSmResourceSplitByCount(groups, &n, &notSm, &rest, 0, 4); },
       hipErrorInvalidResourceType},
      {"split: unknown flag",
       [&] { return hipDevSmResourceSplitByCount(nullptr, &n, &r, nullptr, 0x4, 4); },
       hipErrorInvalidValue},
      {"split: result with no room", [&] {
         n = 0;
         return hipDevSmResourceSplitByCount(groups, &n, &r, &rest, 0, 4);
       }, hipErrorInvalidValue},
      {"split: vendor's configuration error",
       [&] { n = 8; return hipDevSmResourceSplitByCount(groups, &n, &r, &rest, 0, 40); },
       hipErrorInvalidResourceConfiguration},
  });
  // A count query, then a split of three groups of 3 SMs rounded up to 4, the rest remaining.
  REQUIRE(hipDevSmResourceSplitByCount(nullptr, &n, &r, nullptr,
                                       hipDevSmResourceSplitMaxPotentialClusterSize, 3) ==
          hipSuccess);
  CHECK(n == 4);
  CHECK(ops.lastFlags == hipDevSmResourceSplitMaxPotentialClusterSize);
  n = 3;
  REQUIRE(hipDevSmResourceSplitByCount(groups, &n, &r, &rest, 0, 3) == hipSuccess);
  CHECK(n == 3);
  CHECK(groups[2].sm.smCount == 4);
  CHECK(rest.sm.smCount == 4);

  checkCases({
      {"explicit split: input null",
       [&] { return hipDevSmResourceSplit(groups, 2, nullptr, &rest, 0, params); },
       hipErrorInvalidValue},
      {"explicit split: params null",
       [&] { return hipDevSmResourceSplit(groups, 2, &r, &rest, 0, nullptr); },
       hipErrorInvalidValue},
      {"explicit split: input not SMs",
       [&] { return hipDevSmResourceSplit(groups, 2, &notSm, &rest, 0, params); },
       hipErrorInvalidResourceType},
      {"explicit split: flags",
       [&] { return hipDevSmResourceSplit(groups, 2, &r, &rest, 1, params); },
       hipErrorInvalidValue},
      {"explicit split: a group's unknown flag", [&] {
         hipDevSmResourceGroupParams bad[1] = {};
         bad[0].smCount = 2;
         bad[0].flags = 0x8;
         return hipDevSmResourceSplit(groups, 1, &r, &rest, 0, bad);
       }, hipErrorInvalidValue},
  });
  REQUIRE(hipDevSmResourceSplit(groups, 2, &r, &rest, 0, params) == hipSuccess);
  CHECK(groups[0].sm.smCount == 6);
  CHECK(groups[1].sm.smCount == 4);
  CHECK(rest.sm.smCount == 6);
  ops.withSplit = false;  // a driver older than CUDA 13.1
  CHECK(hipDevSmResourceSplit(groups, 2, &r, &rest, 0, params) == hipErrorNotSupported);

  hipDevResourceDesc_t desc = nullptr;
  checkCases({
      {"desc: out null", [&] { return hipDevResourceGenerateDesc(nullptr, groups, 1); },
       hipErrorInvalidValue},
      {"desc: resources null", [&] { return hipDevResourceGenerateDesc(&desc, nullptr, 1); },
       hipErrorInvalidValue},
      {"desc: none", [&] { return hipDevResourceGenerateDesc(&desc, groups, 0); },
       hipErrorInvalidValue},
      {"desc: unknown type", [&] {
         hipDevResource bad = groups[0];
         bad.type = static_cast<hipDevResourceType>(3);
         return hipDevResourceGenerateDesc(&desc, &bad, 1);
       }, hipErrorInvalidResourceType},
      {"desc: vendor's configuration error", [&] {
         hipDevResource empty = groups[0];
         empty.sm.smCount = 0;
         return hipDevResourceGenerateDesc(&desc, &empty, 1);
       }, hipErrorInvalidResourceConfiguration},
  });
  REQUIRE(hipDevResourceGenerateDesc(&desc, groups, 2) == hipSuccess);
  CHECK(desc != nullptr);
  CHECK(ops.count("generateDesc") >= 1);

  // Without devices the split has no vendor to ask.
  installNoBackend();
  n = 1;
  CHECK(hipDevSmResourceSplitByCount(nullptr, &n, &r, nullptr, 0, 2) == hipErrorNoDevice);
}

TEST_CASE("hip7: green contexts, their streams, events and resources", "[hip7]") {
  auto* fake = installFake(2);
  FakeExecutionCtxOps ops;
  fake->execCtxOps = &ops;

  hipDevResource input{}, group{};
  REQUIRE(hipDeviceGetDevResource(0, &input, hipDevResourceTypeSm) == hipSuccess);
  unsigned n = 1;
  REQUIRE(hipDevSmResourceSplitByCount(&group, &n, &input, nullptr, 0, 6) == hipSuccess);
  hipDevResourceDesc_t desc = nullptr;
  REQUIRE(hipDevResourceGenerateDesc(&desc, &group, 1) == hipSuccess);
  hipExecutionCtx_t ctx = nullptr;
  auto garbageDesc = reinterpret_cast<hipDevResourceDesc_t>(uintptr_t{0x50});
  checkCases({
      {"create: out null", [&] { return hipGreenCtxCreate(nullptr, desc, 0, 0); },
       hipErrorInvalidValue},
      {"create: desc null", [&] { return hipGreenCtxCreate(&ctx, nullptr, 0, 0); },
       hipErrorInvalidValue},
      {"create: flags", [&] { return hipGreenCtxCreate(&ctx, desc, 0, 1); }, hipErrorInvalidValue},
      {"create: bad device", [&] { return hipGreenCtxCreate(&ctx, desc, 9, 0); },
       hipErrorInvalidDevice},
      {"create: garbage desc", [&] { return hipGreenCtxCreate(&ctx, garbageDesc, 0, 0); },
       hipErrorInvalidValue},
      {"create: desc of another device", [&] { return hipGreenCtxCreate(&ctx, desc, 1, 0); },
       hipErrorInvalidDevice},
  });
  REQUIRE(hipGreenCtxCreate(&ctx, desc, 0, 0) == hipSuccess);
  CHECK(ops.count("greenCtxCreate") == 1);

  int device = -1;
  unsigned long long id = 0, otherId = 0;
  hipDevResource r{};
  hipStream_t s = nullptr;
  hipEvent_t e = nullptr, eOther = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipEventCreate(&eOther) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipEvent_t destroyedEvent = nullptr;
  REQUIRE(hipEventCreate(&destroyedEvent) == hipSuccess);
  REQUIRE(hipEventDestroy(destroyedEvent) == hipSuccess);
  checkCases({
      {"stream: out null", [&] { return hipExecutionCtxStreamCreate(nullptr, ctx, 0, 0); },
       hipErrorInvalidValue},
      {"stream: ctx null", [&] { return hipExecutionCtxStreamCreate(&s, nullptr, 0, 0); },
       hipErrorInvalidValue},
      {"stream: flags", [&] { return hipExecutionCtxStreamCreate(&s, ctx, 0x4, 0); },
       hipErrorInvalidValue},
      {"stream: garbage ctx", [&] { return hipExecutionCtxStreamCreate(&s, garbageCtx(), 0, 0); },
       hipErrorInvalidContext},
      {"resource: ctx null",
       [&] { return hipExecutionCtxGetDevResource(nullptr, &r, hipDevResourceTypeSm); },
       hipErrorInvalidValue},
      {"resource: out null",
       [&] { return hipExecutionCtxGetDevResource(ctx, nullptr, hipDevResourceTypeSm); },
       hipErrorInvalidValue},
      {"resource: garbage ctx",
       [&] { return hipExecutionCtxGetDevResource(garbageCtx(), &r, hipDevResourceTypeSm); },
       hipErrorInvalidContext},
      {"resource: unknown type",
       [&] { return hipExecutionCtxGetDevResource(ctx, &r, static_cast<hipDevResourceType>(2)); },
       hipErrorInvalidResourceType},
      {"device: out null", [&] { return hipExecutionCtxGetDevice(nullptr, ctx); },
       hipErrorInvalidValue},
      {"device: ctx null", [&] { return hipExecutionCtxGetDevice(&device, nullptr); },
       hipErrorInvalidValue},
      {"device: garbage", [&] { return hipExecutionCtxGetDevice(&device, garbageCtx()); },
       hipErrorInvalidContext},
      {"id: ctx null", [&] { return hipExecutionCtxGetId(nullptr, &id); }, hipErrorInvalidValue},
      {"id: out null", [&] { return hipExecutionCtxGetId(ctx, nullptr); }, hipErrorInvalidValue},
      {"id: garbage", [&] { return hipExecutionCtxGetId(garbageCtx(), &id); },
       hipErrorInvalidContext},
      {"record: ctx null", [&] { return hipExecutionCtxRecordEvent(nullptr, e); },
       hipErrorInvalidValue},
      {"record: event null", [&] { return hipExecutionCtxRecordEvent(ctx, nullptr); },
       hipErrorInvalidHandle},
      {"record: destroyed event", [&] { return hipExecutionCtxRecordEvent(ctx, destroyedEvent); },
       hipErrorInvalidHandle},
      {"record: event of another device", [&] { return hipExecutionCtxRecordEvent(ctx, eOther); },
       hipErrorInvalidHandle},
      {"record: garbage ctx", [&] { return hipExecutionCtxRecordEvent(garbageCtx(), e); },
       hipErrorInvalidContext},
      {"wait: ctx null", [&] { return hipExecutionCtxWaitEvent(nullptr, e); },
       hipErrorInvalidValue},
      {"wait: event null", [&] { return hipExecutionCtxWaitEvent(ctx, nullptr); },
       hipErrorInvalidHandle},
      {"wait: destroyed event", [&] { return hipExecutionCtxWaitEvent(ctx, destroyedEvent); },
       hipErrorInvalidHandle},
      {"wait: garbage ctx", [&] { return hipExecutionCtxWaitEvent(garbageCtx(), e); },
       hipErrorInvalidContext},
      {"sync: null", [&] { return hipExecutionCtxSynchronize(nullptr); }, hipErrorInvalidValue},
      {"sync: garbage", [&] { return hipExecutionCtxSynchronize(garbageCtx()); },
       hipErrorInvalidContext},
      {"destroy: null", [&] { return hipExecutionCtxDestroy(nullptr); }, hipErrorInvalidValue},
      {"destroy: garbage", [&] { return hipExecutionCtxDestroy(garbageCtx()); },
       hipErrorInvalidContext},
  });

  // A stream of the context: a unihip stream on the family's native stream, non-blocking,
  // its priority clamped to the device's range (the fake's: 0 .. -5).
  REQUIRE(hipExecutionCtxStreamCreate(&s, ctx, hipStreamDefault, -9) == hipSuccess);
  CHECK(ops.count("ctxStreamCreate") == 1);
  CHECK(ops.lastPriority == -5);
  unsigned flags = 0;
  CHECK(hipStreamGetFlags(s, &flags) == hipSuccess);
  CHECK(flags == hipStreamNonBlocking);
  int priority = 0;
  CHECK(hipStreamGetPriority(s, &priority) == hipSuccess);
  CHECK(priority == -5);
  CHECK(hipStreamSynchronize(s) == hipSuccess);
  CHECK(hipEventRecord(e, s) == hipSuccess);
  CHECK(hipStreamWaitEvent(s, e, 0) == hipSuccess);

  REQUIRE(hipExecutionCtxGetDevResource(ctx, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.sm.smCount == 6);
  CHECK(hipExecutionCtxGetDevice(&device, ctx) == hipSuccess);
  CHECK(device == 0);
  CHECK(hipExecutionCtxGetId(ctx, &id) == hipSuccess);
  CHECK(hipExecutionCtxRecordEvent(ctx, e) == hipSuccess);
  CHECK(ops.lastEvent != nullptr);
  CHECK(hipExecutionCtxWaitEvent(ctx, eOther) == hipSuccess);  // another device may be waited for
  CHECK(hipExecutionCtxSynchronize(ctx) == hipSuccess);
  CHECK(ops.count("ctxRecordEvent") == 1);
  CHECK(ops.count("ctxWaitEvent") == 1);
  CHECK(ops.count("ctxSynchronize") == 1);

  // The stream's resource is its context's; other streams have the device's.
  checkCases({
      {"stream resource: out null",
       [&] { return hipStreamGetDevResource(s, nullptr, hipDevResourceTypeSm); },
       hipErrorInvalidValue},
      {"stream resource: workqueue type",
       [&] { return hipStreamGetDevResource(s, &r, hipDevResourceTypeWorkqueueConfig); },
       hipErrorInvalidResourceType},
      {"stream resource: destroyed stream",
       [&] { return hipStreamGetDevResource(destroyedStream(), &r, hipDevResourceTypeSm); },
       hipErrorInvalidHandle},
      {"stream resource: garbage stream",
       [&] {
         return hipStreamGetDevResource(reinterpret_cast<hipStream_t>(-1), &r,
                                        hipDevResourceTypeSm);
       },
       hipErrorInvalidHandle},
  });
  REQUIRE(hipStreamGetDevResource(s, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.sm.smCount == 6);
  REQUIRE(hipStreamGetDevResource(nullptr, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.sm.smCount == FakeExecutionCtxOps::kSms);
  hipStream_t plain = nullptr;
  REQUIRE(hipStreamCreate(&plain) == hipSuccess);
  REQUIRE(hipStreamGetDevResource(plain, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.sm.smCount == FakeExecutionCtxOps::kSms);

  // The primary context: one per device, the whole device, never destroyed.
  hipExecutionCtx_t primary = nullptr, again = nullptr;
  CHECK(hipDeviceGetExecutionCtx(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetExecutionCtx(&primary, 4) == hipErrorInvalidDevice);
  REQUIRE(hipDeviceGetExecutionCtx(&primary, 0) == hipSuccess);
  REQUIRE(hipDeviceGetExecutionCtx(&again, 0) == hipSuccess);
  CHECK(primary == again);
  CHECK(primary != ctx);
  CHECK(hipExecutionCtxGetId(primary, &otherId) == hipSuccess);
  CHECK(otherId != id);
  REQUIRE(hipExecutionCtxGetDevResource(primary, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.sm.smCount == FakeExecutionCtxOps::kSms);
  CHECK(ops.lastCtx == nullptr);
  const size_t greenStreams = ops.count("ctxStreamCreate");
  hipStream_t ps = nullptr;
  REQUIRE(hipExecutionCtxStreamCreate(&ps, primary, hipStreamNonBlocking, 0) == hipSuccess);
  CHECK(ops.count("ctxStreamCreate") == greenStreams);  // an ordinary stream of the device
  CHECK(hipExecutionCtxSynchronize(primary) == hipSuccess);
  CHECK(ops.lastCtx == nullptr);
  CHECK(hipExecutionCtxDestroy(primary) == hipErrorInvalidValue);

  // Destroying the context leaves its stream working (moved onto an ordinary stream); the
  // handle is gone.
  REQUIRE(hipExecutionCtxDestroy(ctx) == hipSuccess);
  CHECK(ops.count("greenCtxDestroy") == 1);
  CHECK(hipExecutionCtxSynchronize(ctx) == hipErrorInvalidContext);
  CHECK(hipExecutionCtxDestroy(ctx) == hipErrorInvalidContext);
  CHECK(hipStreamSynchronize(s) == hipSuccess);
  REQUIRE(hipStreamGetDevResource(s, &r, hipDevResourceTypeSm) == hipSuccess);
  CHECK(r.sm.smCount == FakeExecutionCtxOps::kSms);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipStreamDestroy(ps) == hipSuccess);
  CHECK(hipStreamDestroy(plain) == hipSuccess);
  CHECK(hipEventDestroy(e) == hipSuccess);
  CHECK(hipEventDestroy(eOther) == hipSuccess);

  // A second context: its own id.
  hipExecutionCtx_t second = greenCtx(4);
  unsigned long long secondId = 0;
  CHECK(hipExecutionCtxGetId(second, &secondId) == hipSuccess);
  CHECK(secondId != id);
  CHECK(hipExecutionCtxDestroy(second) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hip7: execution contexts without the vendor's family are not supported", "[hip7]") {
  installFake(1);
  hipExecutionCtx_t ctx = nullptr;
  hipDevResource r{};
  r.type = hipDevResourceTypeSm;
  unsigned n = 1;
  hipDevResourceDesc_t desc = nullptr;
  CHECK(hipDeviceGetExecutionCtx(&ctx, 0) == hipErrorNotSupported);
  CHECK(hipDevSmResourceSplitByCount(nullptr, &n, &r, nullptr, 0, 2) == hipErrorNotSupported);
  CHECK(hipDevResourceGenerateDesc(&desc, &r, 1) == hipErrorNotSupported);
  CHECK(hipStreamGetDevResource(nullptr, &r, hipDevResourceTypeSm) == hipErrorNotSupported);
  (void)hipGetLastError();
}

TEST_CASE("hip7: hipKernelSetAttribute takes hipFuncSetAttribute's attributes", "[hip7]") {
  auto* fake = installFake(2, "gfx90a");
  const std::vector<uint8_t> image = readBuildFile(UNIHIP_TEST_FATBIN);
  REQUIRE(!image.empty());
  hipLibrary_t lib = nullptr;
  REQUIRE(hipLibraryLoadData(&lib, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0) ==
          hipSuccess);
  hipKernel_t k = nullptr;
  unsigned count = 0;
  REQUIRE(hipLibraryGetKernelCount(&count, lib) == hipSuccess);
  REQUIRE(count > 0);
  REQUIRE(hipLibraryEnumerateKernels(&k, 1, lib) == hipSuccess);
  constexpr auto kDyn = HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
  constexpr auto kCarveout = HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT;
  checkCases({
      {"null kernel", [&] { return hipKernelSetAttribute(kDyn, 0, nullptr, 0); },
       hipErrorInvalidResourceHandle},
      {"bad device", [&] { return hipKernelSetAttribute(kDyn, 0, k, 7); }, hipErrorInvalidDevice},
      {"not settable",
       [&] { return hipKernelSetAttribute(HIP_FUNC_ATTRIBUTE_NUM_REGS, 1, k, 0); },
       hipErrorInvalidValue},
      {"negative shared size", [&] { return hipKernelSetAttribute(kDyn, -1, k, 0); },
       hipErrorInvalidValue},
      {"shared size past the opt-in limit",
       [&] { return hipKernelSetAttribute(kDyn, 228 * 1024, k, 0); }, hipErrorInvalidValue},
      {"carveout past 100", [&] { return hipKernelSetAttribute(kCarveout, 101, k, 0); },
       hipErrorInvalidValue},
      {"another device's kernel", [&] { return hipKernelSetAttribute(kDyn, 1024, k, 1); },
       hipErrorNotSupported},
  });
  REQUIRE(hipKernelSetAttribute(kDyn, 65536, k, 0) == hipSuccess);
  CHECK(fake->lastFunctionAttribute == kDyn);
  CHECK(fake->lastFunctionAttributeValue == 65536);
  REQUIRE(hipKernelSetAttribute(kCarveout, -1, k, 0) == hipSuccess);
  CHECK(fake->lastFunctionAttribute == kCarveout);
  CHECK(hipLibraryUnload(lib) == hipSuccess);
}

TEST_CASE("hip7: cluster occupancy queries, checked, then the backend's answer", "[hip7]") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  hipLaunchConfig_t config{};
  config.gridDim = dim3(64);
  config.blockDim = dim3(128);
  int out = 0;
  hipLaunchConfig_t noAttrs = config;
  noAttrs.numAttrs = 1;
  hipLaunchConfig_t badStream = config;
  badStream.stream = destroyedStream();
  checkCases({
      {"size: out null", [&] { return hipOccupancyMaxPotentialClusterSize(nullptr, k, &config); },
       hipErrorInvalidValue},
      {"size: config null", [&] { return hipOccupancyMaxPotentialClusterSize(&out, k, nullptr); },
       hipErrorInvalidValue},
      {"size: counted attributes missing",
       [&] { return hipOccupancyMaxPotentialClusterSize(&out, k, &noAttrs); },
       hipErrorInvalidValue},
      {"size: not a kernel",
       [&] { return hipOccupancyMaxPotentialClusterSize(&out, &kNotAKernel, &config); },
       hipErrorInvalidDeviceFunction},
      {"size: destroyed stream",
       [&] { return hipOccupancyMaxPotentialClusterSize(&out, k, &badStream); },
       hipErrorContextIsDestroyed},
      {"active: out null", [&] { return hipOccupancyMaxActiveClusters(nullptr, k, &config); },
       hipErrorInvalidValue},
      {"active: config null", [&] { return hipOccupancyMaxActiveClusters(&out, k, nullptr); },
       hipErrorInvalidValue},
      {"active: not a kernel",
       [&] { return hipOccupancyMaxActiveClusters(&out, &kNotAKernel, &config); },
       hipErrorInvalidDeviceFunction},
  });
  REQUIRE(hipOccupancyMaxPotentialClusterSize(&out, k, &config) == hipSuccess);
  CHECK(out == 4);
  hipLaunchAttribute cluster{};
  cluster.id = hipLaunchAttributeClusterDimension;
  cluster.val.clusterDim = {2, 1, 1};
  config.attrs = &cluster;
  config.numAttrs = 1;
  REQUIRE(hipOccupancyMaxActiveClusters(&out, k, &config) == hipSuccess);
  CHECK(out == 16);
  CHECK(fake->lastClusterStream == nullptr);
}

TEST_CASE("hip7: the logging controls set, enable and disable the log", "[hip7]") {
  using unihip::log::Level;
  const Level before = unihip::log::currentLevel();
  // Parameters alone change nothing; enabling applies them; disabling silences the log.
  CHECK(hipExtSetLoggingParams(4, 0, ~size_t{0}) == hipSuccess);
  CHECK(unihip::log::currentLevel() == before);
  CHECK(hipExtEnableLogging() == hipSuccess);
  CHECK(unihip::log::currentLevel() == Level::trace);
  CHECK(unihip::log::traceEnabled());
  CHECK(hipExtDisableLogging() == hipSuccess);
  CHECK(unihip::log::currentLevel() == Level::off);
  CHECK_FALSE(unihip::log::traceEnabled());
  CHECK_FALSE(unihip::log::shouldLog(Level::err));
  // Without the API bit of the mask, level 4 traces no call; an empty mask logs nothing.
  CHECK(hipExtSetLoggingParams(4, 1024, 0x2) == hipSuccess);
  CHECK(hipExtEnableLogging() == hipSuccess);
  CHECK(unihip::log::currentLevel() == Level::debug);
  CHECK(hipExtSetLoggingParams(2, 0, 0) == hipSuccess);
  CHECK(hipExtEnableLogging() == hipSuccess);
  CHECK(unihip::log::currentLevel() == Level::off);
  CHECK(hipExtSetLoggingParams(2, 0, 0x1) == hipSuccess);
  CHECK(hipExtEnableLogging() == hipSuccess);
  CHECK(unihip::log::currentLevel() == Level::warn);
  // AMD's defaults: level 0, so enabling before any parameters is silence.
  unihip::log::setLevel(before);
}

TEST_CASE("hip7: the resource error codes have AMD's numbers and names", "[hip7]") {
  CHECK(static_cast<int>(hipErrorInvalidResourceType) == 914);
  CHECK(static_cast<int>(hipErrorInvalidResourceConfiguration) == 915);
  CHECK(static_cast<int>(hipErrorStreamDetached) == 916);
  CHECK(std::string(hipGetErrorName(hipErrorInvalidResourceType)) ==
        "hipErrorInvalidResourceType");
  CHECK(std::string(hipGetErrorName(hipErrorInvalidResourceConfiguration)) ==
        "hipErrorInvalidResourceConfiguration");
  CHECK(std::string(hipGetErrorName(hipErrorStreamDetached)) == "hipErrorStreamDetached");
}
