// Streams, events and callbacks beyond the basics: the _spt twins, hipGetStreamDeviceId, stream
// memory operations and CU masks, checked against the fake backend.
#include <catch2/catch.hpp>

#include <cstdint>

#include "cuda/cuda_driver_types.h"
#include "install_fake.h"

using namespace unihip::testing;

namespace {
struct Seen {
  hipStream_t stream = nullptr;
  int calls = 0;
};
void recordCallback(hipStream_t stream, hipError_t, void* p) {
  auto* seen = static_cast<Seen*>(p);
  seen->stream = stream;
  ++seen->calls;
}
void countCall(void* p) { ++*static_cast<int*>(p); }
}  // namespace

TEST_CASE("_spt stream functions: the null stream is the thread's stream; bad input as the twins") {
  installFake();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking) == hipSuccess);

  CHECK(hipStreamQuery_spt(nullptr) == hipSuccess);
  CHECK(hipStreamQuery_spt(s) == hipSuccess);
  CHECK(hipStreamSynchronize_spt(nullptr) == hipSuccess);
  CHECK(hipStreamSynchronize_spt(s) == hipSuccess);

  unsigned flags = 77;
  CHECK(hipStreamGetFlags_spt(s, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetFlags_spt(s, &flags) == hipSuccess);
  CHECK(flags == hipStreamNonBlocking);
  CHECK(hipStreamGetFlags_spt(nullptr, &flags) == hipSuccess);
  CHECK(flags == hipStreamDefault);
  int priority = 9;
  CHECK(hipStreamGetPriority_spt(s, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetPriority_spt(nullptr, &priority) == hipSuccess);
  CHECK(priority == 0);

  hipEvent_t e = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  CHECK(hipStreamWaitEvent_spt(nullptr, nullptr, 0) == hipErrorInvalidHandle);
  CHECK(hipStreamWaitEvent_spt(nullptr, e, 1) == hipErrorInvalidValue);
  CHECK(hipStreamWaitEvent_spt(nullptr, e) == hipSuccess);  // default flags
  CHECK(hipEventRecord_spt(nullptr, nullptr) == hipErrorInvalidHandle);
  CHECK(hipEventRecord_spt(e) == hipSuccess);  // default stream argument
  CHECK(hipEventRecord_spt(e, s) == hipSuccess);

  // The callback sees the stream it ran on: the thread's stream for a null _spt stream.
  Seen seen;
  CHECK(hipStreamAddCallback_spt(nullptr, nullptr, &seen, 0) == hipErrorInvalidValue);
  CHECK(hipStreamAddCallback_spt(nullptr, recordCallback, &seen, 1) == hipErrorInvalidValue);
  CHECK(hipStreamAddCallback_spt(nullptr, recordCallback, &seen, 0) == hipSuccess);
  CHECK(seen.stream == hipStreamPerThread);
  CHECK(hipStreamAddCallback_spt(s, recordCallback, &seen, 0) == hipSuccess);
  CHECK(seen.stream == s);
  CHECK(seen.calls == 2);
  int calls = 0;
  CHECK(hipLaunchHostFunc_spt(nullptr, nullptr, &calls) == hipErrorInvalidValue);
  CHECK(hipLaunchHostFunc_spt(nullptr, countCall, &calls) == hipSuccess);
  CHECK(calls == 1);

  // A destroyed stream is caught by every twin.
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipStreamQuery_spt(s) == hipErrorContextIsDestroyed);
  CHECK(hipStreamSynchronize_spt(s) == hipErrorContextIsDestroyed);
  CHECK(hipStreamGetFlags_spt(s, &flags) == hipErrorContextIsDestroyed);
  CHECK(hipStreamGetPriority_spt(s, &priority) == hipErrorContextIsDestroyed);
  CHECK(hipStreamWaitEvent_spt(s, e, 0) == hipErrorInvalidHandle);  // AMD's code here
  CHECK(hipEventRecord_spt(e, s) == hipErrorContextIsDestroyed);
  CHECK(hipStreamAddCallback_spt(s, recordCallback, &seen, 0) == hipErrorContextIsDestroyed);
  CHECK(hipLaunchHostFunc_spt(s, countCall, &calls) == hipErrorContextIsDestroyed);
  CHECK(calls == 1);
  CHECK(seen.calls == 2);
  CHECK(hipEventDestroy(e) == hipSuccess);
  CHECK(hipEventRecord_spt(e, nullptr) == hipErrorInvalidHandle);
  (void)hipGetLastError();
}

TEST_CASE("hipGetStreamDeviceId: the stream's device, the current one for special handles") {
  installFake(2);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  CHECK(hipGetStreamDeviceId(s) == 1);
  CHECK(hipGetStreamDeviceId(nullptr) == 0);
  CHECK(hipGetStreamDeviceId(hipStreamPerThread) == 0);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipGetStreamDeviceId(hipStreamLegacy) == 1);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipGetStreamDeviceId(s) == -1);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  installNoBackend();
  CHECK(hipGetStreamDeviceId(nullptr) == -1);
  (void)hipGetLastError();
}

TEST_CASE("stream priority range and stream device: null outputs, special and destroyed handles") {
  installFake();
  int least = 7, greatest = 7;
  CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest) == hipSuccess);
  CHECK(least == 0);
  CHECK(greatest == -5);
  CHECK(hipDeviceGetStreamPriorityRange(nullptr, nullptr) == hipSuccess);
  hipDevice_t dev = -1;
  CHECK(hipStreamGetDevice(nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetDevice(hipStreamPerThread, &dev) == hipSuccess);
  CHECK(dev == 0);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipStreamGetDevice(s, &dev) == hipErrorContextIsDestroyed);
  (void)hipGetLastError();
}

TEST_CASE("stream wait/write value: pointer, alignment, comparison and stream checks") {
  installFake();
  alignas(8) uint64_t word[2] = {0, 0};
  void* p = word;
  void* odd = reinterpret_cast<char*>(word) + 2;
  void* four = reinterpret_cast<char*>(word) + 4;
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);

  CHECK(hipStreamWaitValue32(s, nullptr, 1, hipStreamWaitValueEq) == hipErrorInvalidValue);
  CHECK(hipStreamWaitValue64(s, nullptr, 1, hipStreamWaitValueEq) == hipErrorInvalidValue);
  CHECK(hipStreamWriteValue32(s, nullptr, 1, 0) == hipErrorInvalidValue);
  CHECK(hipStreamWriteValue64(s, nullptr, 1, 0) == hipErrorInvalidValue);
  CHECK(hipStreamWaitValue32(s, odd, 1, hipStreamWaitValueEq) == hipErrorInvalidValue);
  CHECK(hipStreamWaitValue64(s, four, 1, hipStreamWaitValueEq) == hipErrorInvalidValue);
  CHECK(hipStreamWriteValue32(s, odd, 1, 0) == hipErrorInvalidValue);
  CHECK(hipStreamWriteValue64(s, four, 1, 0) == hipErrorInvalidValue);
  CHECK(hipStreamWaitValue32(s, p, 1, hipStreamWaitValueNor + 1) == hipErrorInvalidValue);
  CHECK(hipStreamWaitValue64(s, p, 1, 0x40000000u) == hipErrorInvalidValue);

  // Valid requests reach the backend; the fake has no stream memory operations.
  CHECK(hipStreamWaitValue32(s, p, 1, hipStreamWaitValueGte) == hipErrorNotSupported);
  CHECK(hipStreamWaitValue32(nullptr, four, 1, hipStreamWaitValueAnd, 0xff) ==
        hipErrorNotSupported);
  CHECK(hipStreamWaitValue64(hipStreamPerThread, p, 1, hipStreamWaitValueNor) ==
        hipErrorNotSupported);
  CHECK(hipStreamWriteValue32(s, four, 1, 0x7) == hipErrorNotSupported);  // write flags ignored
  CHECK(hipStreamWriteValue64(nullptr, p, 1, 0) == hipErrorNotSupported);

  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipStreamWaitValue32(s, p, 1, hipStreamWaitValueEq) == hipErrorContextIsDestroyed);
  CHECK(hipStreamWaitValue64(s, p, 1, hipStreamWaitValueEq) == hipErrorContextIsDestroyed);
  CHECK(hipStreamWriteValue32(s, p, 1, 0) == hipErrorContextIsDestroyed);
  CHECK(hipStreamWriteValue64(s, p, 1, 0) == hipErrorContextIsDestroyed);
  CHECK(word[0] == 0);
  (void)hipGetLastError();
}

// hip-tests' stream/hipStreamGetCUMask.cc, hipStreamWithCUMask.cc, hipStreamGetFlags.cc and
// hipStreamGetPriority.cc (StreamsCreatedWithCUMask): on a backend that cannot restrict a stream's
// compute units (CUDA), a CU-mask stream is a plain stream, and its mask, as the default
// stream's, is every compute unit of the device.
TEST_CASE("CU masks: AMD's argument checks; a backend without masks makes plain streams") {
  installFake();  // 4 compute units: one mask word
  const uint32_t mask[2] = {0x3, 0};
  hipStream_t s = reinterpret_cast<hipStream_t>(0x1234);
  CHECK(hipExtStreamCreateWithCUMask(nullptr, 1, mask) == hipErrorInvalidHandle);
  CHECK(hipExtStreamCreateWithCUMask(&s, 0, mask) == hipErrorInvalidValue);
  CHECK(hipExtStreamCreateWithCUMask(&s, 1, nullptr) == hipErrorInvalidValue);
  CHECK(s == reinterpret_cast<hipStream_t>(0x1234));  // untouched on failure
  REQUIRE(hipExtStreamCreateWithCUMask(&s, 1, mask) == hipSuccess);
  REQUIRE(s != reinterpret_cast<hipStream_t>(0x1234));
  unsigned int flags = 0xff;
  CHECK(hipStreamGetFlags(s, &flags) == hipSuccess);
  CHECK(flags == hipStreamDefault);
  int priority = 7;
  CHECK(hipStreamGetPriority(s, &priority) == hipSuccess);
  CHECK(priority == (0 + -5) / 2);  // AMD's Priority::Normal: the middle of the fake's [0, -5]

  uint32_t out[2] = {0xdead, 0xbeef};
  CHECK(hipExtStreamGetCUMask(nullptr, 1, nullptr) == hipErrorInvalidValue);
  CHECK(hipExtStreamGetCUMask(nullptr, 0, out) == hipErrorInvalidValue);
  CHECK(out[0] == 0xdead);
  REQUIRE(hipExtStreamGetCUMask(nullptr, 2, out) == hipSuccess);
  CHECK(out[0] == 0xf);      // the device's 4 compute units
  CHECK(out[1] == 0xbeef);   // one word holds the device's mask
  out[0] = 0;
  REQUIRE(hipExtStreamGetCUMask(s, 1, out) == hipSuccess);
  CHECK(out[0] == 0xf);  // the stream runs on all of them
  const uint32_t none = 0;  // AMD's runtime takes an empty mask for the default one
  hipStream_t s2 = nullptr;
  REQUIRE(hipExtStreamCreateWithCUMask(&s2, 1, &none) == hipSuccess);
  out[0] = 0;
  REQUIRE(hipExtStreamGetCUMask(s2, 1, out) == hipSuccess);
  CHECK(out[0] == 0xf);
  REQUIRE(hipStreamDestroy(s2) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  out[0] = 0xdead;
  CHECK(hipExtStreamGetCUMask(s, 1, out) == hipErrorContextIsDestroyed);
  CHECK(out[0] == 0xdead);
  (void)hipGetLastError();
}

#ifdef UNIHIP_TEST_CUDA_H
// After unihip's copy of the driver constants (cuda_driver_types.h): cuda.h's macros would
// rewrite it.
#include UNIHIP_TEST_CUDA_H

TEST_CASE("stream memory operation constants: HIP's, unihip's driver copy and cuda.h's agree") {
  namespace cu = unihip::cu;
  STATIC_REQUIRE(cu::CU_STREAM_WAIT_VALUE_GEQ == ::CU_STREAM_WAIT_VALUE_GEQ);
  STATIC_REQUIRE(cu::CU_STREAM_WAIT_VALUE_EQ == ::CU_STREAM_WAIT_VALUE_EQ);
  STATIC_REQUIRE(cu::CU_STREAM_WAIT_VALUE_AND == ::CU_STREAM_WAIT_VALUE_AND);
  STATIC_REQUIRE(cu::CU_STREAM_WAIT_VALUE_NOR == ::CU_STREAM_WAIT_VALUE_NOR);
  STATIC_REQUIRE(cu::CU_STREAM_WRITE_VALUE_DEFAULT == ::CU_STREAM_WRITE_VALUE_DEFAULT);
  // The backend passes HIP's comparison through unchanged.
  STATIC_REQUIRE(hipStreamWaitValueGte == ::CU_STREAM_WAIT_VALUE_GEQ);
  STATIC_REQUIRE(hipStreamWaitValueEq == ::CU_STREAM_WAIT_VALUE_EQ);
  STATIC_REQUIRE(hipStreamWaitValueAnd == ::CU_STREAM_WAIT_VALUE_AND);
  STATIC_REQUIRE(hipStreamWaitValueNor == ::CU_STREAM_WAIT_VALUE_NOR);
}
#endif
