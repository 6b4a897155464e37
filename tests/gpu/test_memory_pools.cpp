// Stream-ordered allocation and memory pools on the GPU: allocations used by kernels, reuse,
// attributes as allocations come and go, trim, access, created pools, and HIP's codes for misuse.
#include <unistd.h>

#include <cstdint>
#include <vector>

#include "gpu_test_support.h"
#include "pool_kernels.h"

namespace {

constexpr size_t kN = 1 << 16;
constexpr size_t kBytes = kN * sizeof(unsigned);

uint64_t attr64(hipMemPool_t pool, hipMemPoolAttr attr) {
  uint64_t v = ~uint64_t{0};
  HIP_CHECK(hipMemPoolGetAttribute(pool, attr, &v));
  return v;
}

// The number of wrong values of p[i] == seed + i, read on the host.
size_t wrongOnHost(const unsigned* p, size_t n, unsigned seed, hipStream_t stream) {
  std::vector<unsigned> host(n);
  HIP_CHECK(hipMemcpyAsync(host.data(), p, n * sizeof(unsigned), hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) wrong += host[i] != seed + static_cast<unsigned>(i);
  return wrong;
}

}  // namespace

TEST_CASE("mempool: hipMallocAsync memory used by kernels, attributes follow, trim", "[mempool]") {
  int supported = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&supported, hipDeviceAttributeMemoryPoolsSupported, 0));
  REQUIRE(supported == 1);
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipDeviceGetDefaultMemPool(&pool, 0));
  REQUIRE(pool != nullptr);
  hipMemPool_t current = nullptr;
  HIP_REQUIRE(hipDeviceGetMemPool(&current, 0));
  CHECK(current == pool);
  uint64_t keep = UINT64_MAX;  // freed memory stays in the pool
  HIP_REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep));
  CHECK(attr64(pool, hipMemPoolAttrReleaseThreshold) == UINT64_MAX);

  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  const uint64_t usedBefore = attr64(pool, hipMemPoolAttrUsedMemCurrent);
  unsigned* p = nullptr;
  HIP_REQUIRE(hipMallocAsync(reinterpret_cast<void**>(&p), kBytes, s));
  REQUIRE(p != nullptr);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) >= usedBefore + kBytes);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) >= kBytes);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) >= kBytes);
  HIP_REQUIRE(launchPoolFill(p, kN, 7, s));
  CHECK(wrongOnHost(p, kN, 7, s) == 0);
  hipPointerAttribute_t attrs{};
  HIP_REQUIRE(hipPointerGetAttributes(&attrs, p + 3));
  CHECK(attrs.type == hipMemoryTypeDevice);
  CHECK(attrs.device == 0);
  HIP_REQUIRE(hipFreeAsync(p, s));
  CHECK(hipFreeAsync(p, s) == hipErrorInvalidValue);  // double free
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) == usedBefore);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) >= kBytes);  // kept by the threshold

  // The same stream gets freed memory back at once.
  unsigned* again = nullptr;
  HIP_REQUIRE(hipMallocAsync(reinterpret_cast<void**>(&again), kBytes, s));
  CHECK(again == p);
  HIP_REQUIRE(hipFreeAsync(again, s));
  HIP_REQUIRE(hipStreamSynchronize(s));

  // The high-water mark resets to the current use; trimming gives the reserve back.
  uint64_t zero = 0;
  HIP_REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) == usedBefore);
  HIP_REQUIRE(hipMemPoolTrimTo(pool, 0));
  if (usedBefore == 0) CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 0);
  HIP_REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &zero));

  // Reuse policies are ints.
  int follow = -1;
  HIP_REQUIRE(hipMemPoolGetAttribute(pool, hipMemPoolReuseFollowEventDependencies, &follow));
  CHECK((follow == 0 || follow == 1));
  int off = 0;
  HIP_REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &off));
  int got = 1;
  HIP_REQUIRE(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &got));
  CHECK(got == 0);
  int on = 1;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &on));
  HIP_CHECK(hipStreamDestroy(s));
}

TEST_CASE("mempool: a created pool across two streams ordered by an event", "[mempool]") {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  hipMemPool_t def = nullptr;
  HIP_REQUIRE(hipDeviceGetDefaultMemPool(&def, 0));
  CHECK(pool != def);

  hipStream_t a = nullptr, b = nullptr;
  HIP_REQUIRE(hipStreamCreate(&a));
  HIP_REQUIRE(hipStreamCreate(&b));
  hipEvent_t filled = nullptr;
  HIP_REQUIRE(hipEventCreateWithFlags(&filled, hipEventDisableTiming));
  unsigned* p = nullptr;
  HIP_REQUIRE(hipMallocFromPoolAsync(reinterpret_cast<void**>(&p), kBytes, pool, a));
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) >= kBytes);
  HIP_REQUIRE(launchPoolFill(p, kN, 100, a));
  HIP_REQUIRE(hipEventRecord(filled, a));
  HIP_REQUIRE(hipStreamWaitEvent(b, filled, 0));
  HIP_REQUIRE(launchPoolIncrement(p, kN, b));
  CHECK(wrongOnHost(p, kN, 101, b) == 0);
  HIP_REQUIRE(hipFreeAsync(p, b));  // freed on another stream than it was allocated on
  HIP_REQUIRE(hipStreamSynchronize(b));
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) == 0);

  // As the device's current pool, hipMallocAsync takes from it.
  HIP_REQUIRE(hipDeviceSetMemPool(0, pool));
  hipMemPool_t current = nullptr;
  HIP_REQUIRE(hipDeviceGetMemPool(&current, 0));
  CHECK(current == pool);
  HIP_REQUIRE(hipMallocAsync(reinterpret_cast<void**>(&p), 4096, a));
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) >= 4096);
  // hipFree takes pool memory too.
  HIP_REQUIRE(hipFree(p));
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) == 0);

  hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  HIP_REQUIRE(hipMemPoolGetAccess(&flags, pool, &dev0));
  CHECK(flags == hipMemAccessFlagsProtReadWrite);
  hipMemAccessDesc rw{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  HIP_CHECK(hipMemPoolSetAccess(pool, &rw, 1));
  hipMemAccessDesc none{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtNone};
  CHECK(hipMemPoolSetAccess(pool, &none, 1) == hipErrorInvalidDevice);

  // Destroying the current pool makes the default current again; the handle is dead after.
  HIP_REQUIRE(hipMemPoolDestroy(pool));
  HIP_REQUIRE(hipDeviceGetMemPool(&current, 0));
  CHECK(current == def);
  CHECK(hipMemPoolDestroy(pool) == hipErrorInvalidValue);
  CHECK(hipMallocFromPoolAsync(reinterpret_cast<void**>(&p), 64, pool, a) == hipErrorInvalidValue);
  uint64_t v = 0;
  CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &v) == hipErrorInvalidValue);
  CHECK(hipDeviceSetMemPool(0, pool) == hipErrorInvalidValue);
  HIP_REQUIRE(hipMallocAsync(reinterpret_cast<void**>(&p), 64, a));  // from the default again
  HIP_CHECK(hipFreeAsync(p, a));
  HIP_CHECK(hipStreamSynchronize(a));
  HIP_CHECK(hipEventDestroy(filled));
  HIP_CHECK(hipStreamDestroy(a));
  HIP_CHECK(hipStreamDestroy(b));
  (void)hipGetLastError();
}

TEST_CASE("mempool: exportable pools and pointers", "[mempool]") {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  int fd = -1;
  HIP_REQUIRE(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0));
  CHECK(fd >= 0);
  void* p = nullptr;
  HIP_REQUIRE(hipMallocFromPoolAsync(&p, 4096, pool, nullptr));
  hipMemPoolPtrExportData data{};
  HIP_CHECK(hipMemPoolExportPointer(&data, p));
  // Importing a pointer into a pool of this process is refused (the pool is not imported).
  void* imported = nullptr;
  CHECK(hipMemPoolImportPointer(&imported, pool, &data) == hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(p, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  HIP_CHECK(hipMemPoolDestroy(pool));
  if (fd >= 0) close(fd);

  // A pool made without handle types cannot be exported.
  props.handleTypes = hipMemHandleTypeNone;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  CHECK(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0) !=
        hipSuccess);
  HIP_CHECK(hipMemPoolDestroy(pool));
  (void)hipGetLastError();
}

TEST_CASE("mempool: HIP's codes for misuse on the GPU", "[mempool]") {
  hipMemPool_t def = nullptr;
  HIP_REQUIRE(hipDeviceGetDefaultMemPool(&def, 0));
  void* p = reinterpret_cast<void*>(0x1);
  CHECK(hipMallocAsync(&p, 0, nullptr) == hipSuccess);
  CHECK(p == nullptr);
  CHECK(hipMallocAsync(&p, size_t{1} << 50, nullptr) == hipErrorOutOfMemory);
  CHECK(hipFreeAsync(nullptr, nullptr) == hipSuccess);  // HIP 7.0: freeing NULL succeeds
  int local = 0;
  CHECK(hipFreeAsync(&local, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemPoolDestroy(def) == hipErrorInvalidValue);
  CHECK(hipMemPoolDestroy(reinterpret_cast<hipMemPool_t>(&local)) == hipErrorInvalidValue);
  CHECK(hipMemPoolTrimTo(reinterpret_cast<hipMemPool_t>(0x10), 0) == hipErrorInvalidValue);
  uint64_t v = 0;
  CHECK(hipMemPoolSetAttribute(def, hipMemPoolAttrUsedMemCurrent, &v) == hipErrorInvalidValue);
  CHECK(hipMemPoolSetAttribute(def, hipMemPoolAttrReservedMemCurrent, &v) == hipErrorInvalidValue);
  v = 5;
  CHECK(hipMemPoolSetAttribute(def, hipMemPoolAttrReservedMemHigh, &v) == hipErrorInvalidValue);
  CHECK(hipMemPoolGetAttribute(def, static_cast<hipMemPoolAttr>(9), &v) == hipErrorInvalidValue);
  hipMemLocation bad{hipMemLocationTypeDevice, 99};
  hipMemAccessFlags flags;
  CHECK(hipMemPoolGetAccess(&flags, def, &bad) == hipErrorInvalidValue);
  hipMemAccessDesc badDev{{hipMemLocationTypeDevice, 99}, hipMemAccessFlagsProtRead};
  CHECK(hipMemPoolSetAccess(def, &badDev, 1) == hipErrorInvalidDevice);
  CHECK(hipDeviceSetMemPool(99, def) == hipErrorInvalidValue);
  CHECK(hipDeviceGetDefaultMemPool(&def, 99) == hipErrorInvalidDevice);
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 99};
  hipMemPool_t out = nullptr;
  CHECK(hipMemPoolCreate(&out, &props) == hipErrorInvalidValue);
  hipMemPoolPtrExportData data{};
  void* plain = nullptr;
  HIP_REQUIRE(hipMalloc(&plain, 64));
  CHECK(hipMemPoolExportPointer(&data, plain) == hipErrorInvalidValue);
  // hipFreeAsync of hipMalloc memory frees it, as AMD's runtime does.
  CHECK(hipFreeAsync(plain, nullptr) == hipSuccess);
  CHECK(hipFree(plain) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

// hip-tests' hipGetProcAddress StreamOrderedMemory and hipMallocAsync/hipMallocFromPoolAsync
// Negative_Parameters: a pool's maxSize to the byte (CUDA rounds it up), and
// hipErrorInvalidHandle for a stream handle that is not a stream.
TEST_CASE("pools: maxSize is exact; a bad stream is hipErrorInvalidHandle") {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypeNone;
  props.location = {hipMemLocationTypeDevice, 0};
  props.maxSize = 1024;
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  void* p = nullptr;
  void* q = nullptr;
  HIP_REQUIRE(hipMallocFromPoolAsync(&p, 1024, pool, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(hipMallocFromPoolAsync(&q, 1, pool, s) == hipErrorOutOfMemory);
  const auto bad = reinterpret_cast<hipStream_t>(-1);
  CHECK(hipMallocAsync(&q, 1024, bad) == hipErrorInvalidHandle);
  CHECK(hipMallocFromPoolAsync(&q, 16, pool, bad) == hipErrorInvalidHandle);
  hipEvent_t e = nullptr;
  HIP_REQUIRE(hipEventCreate(&e));
  CHECK(hipStreamWaitEvent(reinterpret_cast<hipStream_t>(0xFFFF), e, 0) == hipErrorInvalidHandle);
  HIP_CHECK(hipEventDestroy(e));
  HIP_CHECK(hipFreeAsync(p, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipMemPoolDestroy(pool));
  (void)hipGetLastError();
}
