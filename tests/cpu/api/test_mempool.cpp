// Stream-ordered allocation and memory pools: HIP's codes for bad arguments and garbage handles;
// without the vendor family hipErrorNotSupported; with a fake family (fake_memory_pools.h) the
// handle lifetimes, allocation-map records and attribute plumbing of the API layer.
#include "api_cases.h"
#include "core/handles.h"
#include "generic/memory_pools.h"
#include "fake_memory_pools.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("mempool: argument checks, garbage handles, then hipErrorNotSupported", "[api][mempool]") {
  installFake(2);
  void* p = reinterpret_cast<void*>(0x1);
  hipMemPool_t pool = reinterpret_cast<hipMemPool_t>(0x1000);
  hipMemPool_t out = nullptr;
  ihipStream_t dead;  // never published: a destroyed stream
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 1};
  hipMemPoolProps badType = props;
  badType.allocType = hipMemAllocationTypeInvalid;
  hipMemPoolProps badDevice = props;
  badDevice.location.id = 2;
  hipMemPoolProps hostLoc = props;
  hostLoc.location.type = hipMemLocationTypeHost;
  hipMemAccessDesc access{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemAccessDesc accessNone{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtNone};
  hipMemAccessDesc accessBadDev{{hipMemLocationTypeDevice, 5}, hipMemAccessFlagsProtRead};
  hipMemAccessDesc accessHost{{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtRead};
  hipMemAccessDesc accessBadFlags{{hipMemLocationTypeDevice, 0}, static_cast<hipMemAccessFlags>(7)};
  hipMemAccessDesc three[3] = {access, access, access};
  hipMemLocation dev0{hipMemLocationTypeDevice, 0}, dev9{hipMemLocationTypeDevice, 9};
  hipMemAccessFlags flags;
  uint64_t value = 0;
  hipMemPoolPtrExportData data{};
  int fd = 3;

  checkCases({
      {"hipMallocAsync null out", [&] { return hipMallocAsync(nullptr, 16, nullptr); }, hipErrorInvalidValue},
      {"hipMallocAsync destroyed stream (AMD: invalid handle)", [&] { return hipMallocAsync(&p, 16, &dead); }, hipErrorInvalidHandle},
      {"hipMallocAsync", [&] { return hipMallocAsync(&p, 16, nullptr); }, hipErrorNotSupported},
      {"hipMallocAsync per-thread", [&] { return hipMallocAsync(&p, 16, hipStreamPerThread); }, hipErrorNotSupported},
      {"hipFreeAsync null (HIP 7: success)", [&] { return hipFreeAsync(nullptr, nullptr); }, hipSuccess},
      {"hipFreeAsync stack pointer", [&] { return hipFreeAsync(&value, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolDestroy destroyed-looking pool", [&] { return hipMemPoolDestroy(reinterpret_cast<hipMemPool_t>(&props)); }, hipErrorInvalidValue},
      {"hipFreeAsync destroyed stream (AMD: invalid handle)", [&] { return hipFreeAsync(p, &dead); }, hipErrorInvalidHandle},
      {"hipFreeAsync unknown pointer", [&] { return hipFreeAsync(p, nullptr); }, hipErrorInvalidValue},
      {"hipMallocFromPoolAsync null out", [&] { return hipMallocFromPoolAsync(nullptr, 16, pool, nullptr); }, hipErrorInvalidValue},
      {"hipMallocFromPoolAsync null pool", [&] { return hipMallocFromPoolAsync(&p, 16, nullptr, nullptr); }, hipErrorInvalidValue},
      {"hipMallocFromPoolAsync garbage pool", [&] { return hipMallocFromPoolAsync(&p, 16, pool, nullptr); }, hipErrorInvalidValue},
      {"hipDeviceGetDefaultMemPool null", [&] { return hipDeviceGetDefaultMemPool(nullptr, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetDefaultMemPool bad device", [&] { return hipDeviceGetDefaultMemPool(&out, 2); }, hipErrorInvalidDevice},
      {"hipDeviceGetDefaultMemPool -1", [&] { return hipDeviceGetDefaultMemPool(&out, -1); }, hipErrorInvalidDevice},
      {"hipDeviceGetDefaultMemPool", [&] { return hipDeviceGetDefaultMemPool(&out, 1); }, hipErrorNotSupported},
      {"hipDeviceSetMemPool null", [&] { return hipDeviceSetMemPool(0, nullptr); }, hipErrorInvalidValue},
      {"hipDeviceSetMemPool bad device", [&] { return hipDeviceSetMemPool(2, pool); }, hipErrorInvalidValue},
      {"hipDeviceSetMemPool garbage pool", [&] { return hipDeviceSetMemPool(0, pool); }, hipErrorInvalidValue},
      {"hipDeviceGetMemPool null", [&] { return hipDeviceGetMemPool(nullptr, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetMemPool bad device", [&] { return hipDeviceGetMemPool(&out, 7); }, hipErrorInvalidValue},
      {"hipDeviceGetMemPool", [&] { return hipDeviceGetMemPool(&out, 0); }, hipErrorNotSupported},
      {"hipMemPoolCreate null out", [&] { return hipMemPoolCreate(nullptr, &props); }, hipErrorInvalidValue},
      {"hipMemPoolCreate null props", [&] { return hipMemPoolCreate(&out, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolCreate bad alloc type", [&] { return hipMemPoolCreate(&out, &badType); }, hipErrorInvalidValue},
      {"hipMemPoolCreate bad device", [&] { return hipMemPoolCreate(&out, &badDevice); }, hipErrorInvalidValue},
      {"hipMemPoolCreate host location", [&] { return hipMemPoolCreate(&out, &hostLoc); }, hipErrorInvalidValue},
      {"hipMemPoolCreate", [&] { return hipMemPoolCreate(&out, &props); }, hipErrorNotSupported},
      {"hipMemPoolDestroy null", [&] { return hipMemPoolDestroy(nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolDestroy garbage pool", [&] { return hipMemPoolDestroy(pool); }, hipErrorInvalidValue},
      {"hipMemPoolTrimTo null", [&] { return hipMemPoolTrimTo(nullptr, 0); }, hipErrorInvalidValue},
      {"hipMemPoolTrimTo garbage pool", [&] { return hipMemPoolTrimTo(pool, 0); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute null pool", [&] { return hipMemPoolSetAttribute(nullptr, hipMemPoolAttrReleaseThreshold, &value); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute null value", [&] { return hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute bad attr", [&] { return hipMemPoolSetAttribute(pool, static_cast<hipMemPoolAttr>(99), &value); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute garbage pool", [&] { return hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &value); }, hipErrorInvalidValue},
      {"hipMemPoolGetAttribute null value", [&] { return hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemHigh, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolGetAttribute bad attr", [&] { return hipMemPoolGetAttribute(pool, static_cast<hipMemPoolAttr>(0), &value); }, hipErrorInvalidValue},
      {"hipMemPoolGetAttribute garbage pool", [&] { return hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemHigh, &value); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess null list", [&] { return hipMemPoolSetAccess(pool, nullptr, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess null pool", [&] { return hipMemPoolSetAccess(nullptr, &access, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess garbage pool", [&] { return hipMemPoolSetAccess(pool, &access, 1); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess null flags", [&] { return hipMemPoolGetAccess(nullptr, pool, &dev0); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess null location", [&] { return hipMemPoolGetAccess(&flags, pool, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess bad device", [&] { return hipMemPoolGetAccess(&flags, pool, &dev9); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess garbage pool", [&] { return hipMemPoolGetAccess(&flags, pool, &dev0); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle null handle", [&] { return hipMemPoolExportToShareableHandle(nullptr, pool, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle flags", [&] { return hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 1); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle type none", [&] { return hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypeNone, 0); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle garbage pool", [&] { return hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle null out", [&] { return hipMemPoolImportFromShareableHandle(nullptr, &fd, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle flags", [&] { return hipMemPoolImportFromShareableHandle(&out, &fd, hipMemHandleTypePosixFileDescriptor, 2); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle type none", [&] { return hipMemPoolImportFromShareableHandle(&out, &fd, hipMemHandleTypeNone, 0); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle", [&] { return hipMemPoolImportFromShareableHandle(&out, &fd, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorNotSupported},
      {"hipMemPoolExportPointer null data", [&] { return hipMemPoolExportPointer(nullptr, p); }, hipErrorInvalidValue},
      {"hipMemPoolExportPointer null ptr", [&] { return hipMemPoolExportPointer(&data, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolExportPointer unknown pointer", [&] { return hipMemPoolExportPointer(&data, p); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer null out", [&] { return hipMemPoolImportPointer(nullptr, pool, &data); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer null pool", [&] { return hipMemPoolImportPointer(&p, nullptr, &data); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer null data", [&] { return hipMemPoolImportPointer(&p, pool, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer garbage pool", [&] { return hipMemPoolImportPointer(&p, pool, &data); }, hipErrorInvalidValue},
  });
}

TEST_CASE("mempool: zero-byte stream-ordered allocations succeed with a null pointer",
          "[api][mempool]") {
  installFake();
  void* p = reinterpret_cast<void*>(0x1);
  CHECK(hipMallocAsync(&p, 0, nullptr) == hipSuccess);
  CHECK(p == nullptr);
  p = reinterpret_cast<void*>(0x1);
  CHECK(hipMallocFromPoolAsync(&p, 0, reinterpret_cast<hipMemPool_t>(0x10), nullptr) == hipSuccess);
  CHECK(p == nullptr);
  // The C++ overloads reach the same entry points.
  float* f = reinterpret_cast<float*>(0x1);
  CHECK(hipMallocAsync(&f, 0, hipStreamPerThread) == hipSuccess);
  CHECK(f == nullptr);
  CHECK(hipMallocAsync(&f, 0, reinterpret_cast<hipMemPool_t>(0x10), nullptr) == hipSuccess);
  CHECK(hipMallocFromPoolAsync(&f, 16, nullptr, nullptr) == hipErrorInvalidValue);
  installNoBackend();
  CHECK(hipMallocAsync(&p, 16, nullptr) == hipErrorNoDevice);
  (void)hipGetLastError();
}

namespace {

// A fake with the pools family: two devices.
struct PoolsFixture {
  FakeBackend* fake = installFake(2);
  FakeMemoryPoolOps ops;
  PoolsFixture() { fake->pools = &ops; }
  ~PoolsFixture() { installNoBackend(); }
};

uint64_t attr64(hipMemPool_t pool, hipMemPoolAttr attr) {
  uint64_t v = ~uint64_t{0};
  REQUIRE(hipMemPoolGetAttribute(pool, attr, &v) == hipSuccess);
  return v;
}

}  // namespace

TEST_CASE("mempool: default and current pools per device", "[api][mempool]") {
  PoolsFixture f;
  hipMemPool_t def0 = nullptr, def1 = nullptr, cur = nullptr, again = nullptr;
  REQUIRE(hipDeviceGetDefaultMemPool(&def0, 0) == hipSuccess);
  REQUIRE(hipDeviceGetDefaultMemPool(&def1, 1) == hipSuccess);
  CHECK(def0 != nullptr);
  CHECK(def0 != def1);
  REQUIRE(hipDeviceGetDefaultMemPool(&again, 0) == hipSuccess);
  CHECK(again == def0);
  REQUIRE(hipDeviceGetMemPool(&cur, 0) == hipSuccess);
  CHECK(cur == def0);

  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t mine = nullptr;
  REQUIRE(hipMemPoolCreate(&mine, &props) == hipSuccess);
  CHECK(mine != def0);
  CHECK(hipDeviceSetMemPool(1, mine) == hipErrorInvalidDevice);  // a pool of device 0
  REQUIRE(hipDeviceSetMemPool(0, mine) == hipSuccess);
  REQUIRE(hipDeviceGetMemPool(&cur, 0) == hipSuccess);
  CHECK(cur == mine);

  // hipMallocAsync takes from the current pool.
  void* p = nullptr;
  REQUIRE(hipMallocAsync(&p, 256, nullptr) == hipSuccess);
  CHECK(attr64(mine, hipMemPoolAttrUsedMemCurrent) == 256);
  CHECK(attr64(def0, hipMemPoolAttrUsedMemCurrent) == 0);
  REQUIRE(hipFreeAsync(p, nullptr) == hipSuccess);

  // Destroying the current pool makes the default current again; the handle is dead after.
  REQUIRE(hipMemPoolDestroy(mine) == hipSuccess);
  CHECK(f.ops.destroyed == 1);
  REQUIRE(hipDeviceGetMemPool(&cur, 0) == hipSuccess);
  CHECK(cur == def0);
  CHECK(hipMemPoolDestroy(mine) == hipErrorInvalidValue);
  CHECK(hipMemPoolTrimTo(mine, 0) == hipErrorInvalidValue);
  CHECK(hipMallocFromPoolAsync(&p, 16, mine, nullptr) == hipErrorInvalidValue);
  CHECK(hipDeviceSetMemPool(0, mine) == hipErrorInvalidValue);
  uint64_t v = 0;
  CHECK(hipMemPoolGetAttribute(mine, hipMemPoolAttrUsedMemHigh, &v) == hipErrorInvalidValue);
  // The default pool is the device's for good.
  CHECK(hipMemPoolDestroy(def0) == hipErrorInvalidValue);
  // Destroying a pool that is not current leaves the current one.
  hipMemPool_t other = nullptr, third = nullptr;
  REQUIRE(hipMemPoolCreate(&other, &props) == hipSuccess);
  REQUIRE(hipMemPoolCreate(&third, &props) == hipSuccess);
  REQUIRE(hipDeviceSetMemPool(0, other) == hipSuccess);
  REQUIRE(hipMemPoolDestroy(third) == hipSuccess);
  REQUIRE(hipDeviceGetMemPool(&cur, 0) == hipSuccess);
  CHECK(cur == other);
  REQUIRE(hipMemPoolDestroy(other) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("mempool: stream-ordered allocations are recorded and freed once", "[api][mempool]") {
  PoolsFixture f;
  hipStream_t stream = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);
  void* p = nullptr;
  REQUIRE(hipMallocAsync(&p, 1000, stream) == hipSuccess);
  REQUIRE(p != nullptr);
  hipPointerAttribute_t attrs{};
  REQUIRE(hipPointerGetAttributes(&attrs, p) == hipSuccess);
  CHECK(attrs.type == hipMemoryTypeDevice);
  CHECK(attrs.device == 0);
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  REQUIRE(hipMemGetAddressRange(&base, &size, static_cast<char*>(p) + 10) == hipSuccess);
  CHECK(base == p);
  CHECK(size == 1000);
  REQUIRE(hipFreeAsync(p, stream) == hipSuccess);
  CHECK(hipFreeAsync(p, stream) == hipErrorInvalidValue);  // double free
  CHECK(hipPointerGetAttributes(&attrs, p) == hipSuccess);  // HIP 7: not an error
  CHECK(attrs.type == hipMemoryTypeUnregistered);

  // hipFree takes pool memory too, without waiting for the device (HIP 7, as cudaFree).
  REQUIRE(hipMallocAsync(&p, 64, stream) == hipSuccess);
  const int syncsBefore = f.fake->deviceSyncs.load();
  REQUIRE(hipFree(p) == hipSuccess);
  CHECK(f.fake->deviceSyncs.load() == syncsBefore);
  CHECK(hipFreeAsync(p, stream) == hipErrorInvalidValue);

  // hipFreeAsync of hipMalloc memory frees it (AMD's runtime does).
  void* plain = nullptr;
  REQUIRE(hipMalloc(&plain, 32) == hipSuccess);
  CHECK(hipFreeAsync(plain, stream) == hipSuccess);
  CHECK(hipFree(plain) == hipErrorInvalidValue);

  // From a pool of the other device, on this device's stream.
  hipMemPool_t def1 = nullptr;
  REQUIRE(hipDeviceGetDefaultMemPool(&def1, 1) == hipSuccess);
  REQUIRE(hipMallocFromPoolAsync(&p, 48, def1, stream) == hipSuccess);
  REQUIRE(hipPointerGetAttributes(&attrs, p) == hipSuccess);
  CHECK(attrs.device == 1);
  CHECK(attr64(def1, hipMemPoolAttrUsedMemCurrent) == 48);
  REQUIRE(hipFreeAsync(p, nullptr) == hipSuccess);
  CHECK(attr64(def1, hipMemPoolAttrUsedMemCurrent) == 0);
  CHECK(hipStreamDestroy(stream) == hipSuccess);
  CHECK(hipMallocAsync(&p, 16, stream) == hipErrorInvalidHandle);  // AMD's code here
  (void)hipGetLastError();
}

TEST_CASE("mempool: attributes, trim and access with a live pool", "[api][mempool]") {
  PoolsFixture f;
  hipMemPool_t pool = nullptr;
  REQUIRE(hipDeviceGetDefaultMemPool(&pool, 0) == hipSuccess);
  uint64_t threshold = 1 << 20;
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrReleaseThreshold) == threshold);
  int reuse = 0;
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &reuse) == hipSuccess);
  int got = 1;
  REQUIRE(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &got) == hipSuccess);
  CHECK(got == 0);
  uint64_t zero = 0, five = 5;
  // Current sizes are read-only, high-water marks only reset to 0.
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero) == hipErrorInvalidValue);
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &zero) ==
        hipErrorInvalidValue);
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &five) == hipErrorInvalidValue);
  void* p = nullptr;
  REQUIRE(hipMallocAsync(&p, 4096, nullptr) == hipSuccess);
  REQUIRE(hipFreeAsync(p, nullptr) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) == 4096);
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) == 0);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 4096);
  REQUIRE(hipMemPoolTrimTo(pool, 0) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 0);

  hipMemAccessDesc access{{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  hipMemAccessDesc accessNone{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtNone};
  hipMemAccessDesc revoke1{{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtNone};
  hipMemAccessDesc accessBadDev{{hipMemLocationTypeDevice, 5}, hipMemAccessFlagsProtRead};
  hipMemAccessDesc accessHost{{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtRead};
  hipMemAccessDesc accessBadFlags{{hipMemLocationTypeDevice, 1}, static_cast<hipMemAccessFlags>(7)};
  hipMemAccessDesc three[3] = {access, access, access};
  checkCases({
      {"hipMemPoolSetAccess count > devices", [&] { return hipMemPoolSetAccess(pool, three, 3); }, hipErrorInvalidDevice},
      {"hipMemPoolSetAccess bad device", [&] { return hipMemPoolSetAccess(pool, &accessBadDev, 1); }, hipErrorInvalidDevice},
      {"hipMemPoolSetAccess none on its own device", [&] { return hipMemPoolSetAccess(pool, &accessNone, 1); }, hipErrorInvalidDevice},
      {"hipMemPoolSetAccess host", [&] { return hipMemPoolSetAccess(pool, &accessHost, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess bad flags", [&] { return hipMemPoolSetAccess(pool, &accessBadFlags, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess count 0", [&] { return hipMemPoolSetAccess(pool, &access, 0); }, hipSuccess},
  });
  hipMemLocation dev0{hipMemLocationTypeDevice, 0}, dev1{hipMemLocationTypeDevice, 1};
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  REQUIRE(hipMemPoolGetAccess(&flags, pool, &dev0) == hipSuccess);
  CHECK(flags == hipMemAccessFlagsProtReadWrite);
  REQUIRE(hipMemPoolSetAccess(pool, &access, 1) == hipSuccess);
  REQUIRE(hipMemPoolGetAccess(&flags, pool, &dev1) == hipSuccess);
  CHECK(flags == hipMemAccessFlagsProtReadWrite);
  REQUIRE(hipMemPoolSetAccess(pool, &revoke1, 1) == hipSuccess);
  REQUIRE(hipMemPoolGetAccess(&flags, pool, &dev1) == hipSuccess);
  CHECK(flags == hipMemAccessFlagsProtNone);

  // Export of a pointer: only pool memory, by its base.
  hipMemPoolPtrExportData data{};
  REQUIRE(hipMallocAsync(&p, 128, nullptr) == hipSuccess);
  CHECK(hipMemPoolExportPointer(&data, p) == hipSuccess);
  CHECK(hipMemPoolExportPointer(&data, static_cast<char*>(p) + 1) == hipErrorInvalidValue);
  void* plain = nullptr;
  REQUIRE(hipMalloc(&plain, 32) == hipSuccess);
  CHECK(hipMemPoolExportPointer(&data, plain) == hipErrorInvalidValue);
  CHECK(hipFree(plain) == hipSuccess);
  // Importing a pointer needs an imported pool.
  void* imported = nullptr;
  CHECK(hipMemPoolImportPointer(&imported, pool, &data) == hipErrorInvalidValue);
  CHECK(hipMemPoolExportToShareableHandle(&got, pool, hipMemHandleTypeWin32, 0) ==
        hipErrorInvalidValue);  // no Windows handles on Linux
  // Import: the pool (no access until the importer grants it), then the pointer through it.
  int fd = -1;
  REQUIRE(hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0) ==
          hipSuccess);
  hipMemPool_t importedPool = nullptr;
  REQUIRE(hipMemPoolImportFromShareableHandle(&importedPool, reinterpret_cast<void*>(intptr_t{fd}),
                                              hipMemHandleTypePosixFileDescriptor, 0) ==
          hipSuccess);
  hipMemLocation here{hipMemLocationTypeDevice, 0};
  hipMemAccessFlags importedAccess = hipMemAccessFlagsProtReadWrite;
  REQUIRE(hipMemPoolGetAccess(&importedAccess, importedPool, &here) == hipSuccess);
  CHECK(importedAccess == hipMemAccessFlagsProtNone);
  hipMemAccessDesc rwHere{here, hipMemAccessFlagsProtReadWrite};
  REQUIRE(hipMemPoolSetAccess(importedPool, &rwHere, 1) == hipSuccess);
  REQUIRE(hipMemPoolGetAccess(&importedAccess, importedPool, &here) == hipSuccess);
  CHECK(importedAccess == hipMemAccessFlagsProtReadWrite);
  REQUIRE(hipMemPoolImportPointer(&imported, importedPool, &data) == hipSuccess);
  CHECK(imported == p);  // the fake's "other process" maps it at the same address
  CHECK(hipFree(imported) == hipSuccess);
  REQUIRE(hipMemPoolDestroy(importedPool) == hipSuccess);
  // In one process the import's record replaced the exporter's (the fake frees that memory).
  CHECK(hipFreeAsync(p, nullptr) == hipErrorInvalidValue);

  hipMemPoolProps win{};
  win.allocType = hipMemAllocationTypePinned;
  win.handleTypes = hipMemHandleTypeWin32;
  win.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t out = nullptr;
  CHECK(hipMemPoolCreate(&out, &win) == hipErrorNotSupported);
  (void)hipGetLastError();
}

TEST_CASE("mempool: the generic pools (AMD's) over a backend's malloc and events", "[api][mempool]") {
  FakeBackend* fake = installFake(1);
  unihip::GenericMemoryPools generic(*fake);
  fake->pools = &generic;
  hipMemPool_t pool = nullptr;
  REQUIRE(hipDeviceGetDefaultMemPool(&pool, 0) == hipSuccess);
  hipStream_t a = nullptr, b = nullptr;
  REQUIRE(hipStreamCreate(&a) == hipSuccess);
  REQUIRE(hipStreamCreate(&b) == hipSuccess);

  // Threshold 0: a freed block goes back to the device once its free has completed.
  void* p = nullptr;
  REQUIRE(hipMallocAsync(&p, 1000, a) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) == 1024);  // rounded to 256 bytes
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 1024);
  REQUIRE(hipFreeAsync(p, a) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) == 0);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 0);

  // A threshold keeps freed blocks; the same stream and (after the event) others reuse them.
  uint64_t keep = 1 << 20;
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep) == hipSuccess);
  REQUIRE(hipMallocAsync(&p, 4096, a) == hipSuccess);
  REQUIRE(hipFreeAsync(p, a) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 4096);
  void* again = nullptr;
  REQUIRE(hipMallocAsync(&again, 4000, a) == hipSuccess);
  CHECK(again == p);
  REQUIRE(hipFreeAsync(again, a) == hipSuccess);
  REQUIRE(hipMallocAsync(&again, 4096, b) == hipSuccess);  // the fake's events are complete
  CHECK(again == p);
  // Much smaller requests do not take a large block.
  void* small = nullptr;
  REQUIRE(hipMallocAsync(&small, 16, b) == hipSuccess);
  CHECK(small != p);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemCurrent) == 4096 + 256);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) == 4096 + 256);
  REQUIRE(hipFreeAsync(again, b) == hipSuccess);
  REQUIRE(hipFreeAsync(small, b) == hipSuccess);
  CHECK(hipFreeAsync(small, b) == hipErrorInvalidValue);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 4096 + 256);
  REQUIRE(hipMemPoolTrimTo(pool, 256) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) <= 256);
  REQUIRE(hipMemPoolTrimTo(pool, 0) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrReservedMemCurrent) == 0);
  uint64_t zero = 0;
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero) == hipSuccess);
  CHECK(attr64(pool, hipMemPoolAttrUsedMemHigh) == 0);
  int follow = 0, got = 1;
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolReuseFollowEventDependencies, &follow) ==
          hipSuccess);
  REQUIRE(hipMemPoolGetAttribute(pool, hipMemPoolReuseFollowEventDependencies, &got) == hipSuccess);
  CHECK(got == 0);

  // A created pool with a maximum size.
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  props.maxSize = 8192;
  hipMemPool_t bounded = nullptr;
  REQUIRE(hipMemPoolCreate(&bounded, &props) == hipSuccess);
  REQUIRE(hipMallocFromPoolAsync(&p, 8192, bounded, a) == hipSuccess);
  CHECK(hipMallocFromPoolAsync(&again, 256, bounded, a) == hipErrorOutOfMemory);
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  REQUIRE(hipMemPoolGetAccess(&flags, bounded, &dev0) == hipSuccess);
  CHECK(flags == hipMemAccessFlagsProtReadWrite);
  REQUIRE(hipFree(p) == hipSuccess);  // pool memory through hipFree
  REQUIRE(hipMemPoolDestroy(bounded) == hipSuccess);
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;  // needs the vendor's IPC
  CHECK(hipMemPoolCreate(&bounded, &props) == hipErrorNotSupported);
  CHECK(hipStreamDestroy(a) == hipSuccess);
  CHECK(hipStreamDestroy(b) == hipSuccess);
  generic.releaseAll();
  installNoBackend();
  (void)hipGetLastError();
}

// hip-tests' hipGetProcAddress_Memory_APIs StreamOrderedMemory: a pool of maxSize 1024 holds
// 1024 bytes and no more (AMD's runtime; CUDA rounds the maximum up to its granularity).
TEST_CASE("mempool: a created pool's maxSize is enforced to the byte", "[api][mempool]") {
  PoolsFixture f;
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  props.maxSize = 1024;
  hipMemPool_t pool = nullptr;
  REQUIRE(hipMemPoolCreate(&pool, &props) == hipSuccess);
  void* p = nullptr;
  void* q = nullptr;
  REQUIRE(hipMallocFromPoolAsync(&p, 1024, pool, nullptr) == hipSuccess);
  CHECK(hipMallocFromPoolAsync(&q, 1, pool, nullptr) == hipErrorOutOfMemory);
  REQUIRE(hipFreeAsync(p, nullptr) == hipSuccess);
  REQUIRE(hipMallocFromPoolAsync(&q, 1000, pool, nullptr) == hipSuccess);  // room again
  REQUIRE(hipFreeAsync(q, nullptr) == hipSuccess);
  CHECK(hipMemPoolDestroy(pool) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipGetProcAddress_Memory_APIs (hipMemPoolTrimTo): AMD counts maxSize against the
// pool's high-water mark of reserved bytes (MemoryPool::max_total_size_). A freed block is
// reused while the pool holds it; once trimmed away, a new block needs room above the mark,
// which only resetting hipMemPoolAttrReservedMemHigh clears.
TEST_CASE("mempool: maxSize counts the pool's reserved high-water mark, as AMD's", "[api][mempool]") {
  PoolsFixture f;
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  props.maxSize = 1 << 20;
  hipMemPool_t pool = nullptr;
  REQUIRE(hipMemPoolCreate(&pool, &props) == hipSuccess);
  void* p = nullptr;
  REQUIRE(hipMallocFromPoolAsync(&p, 1 << 20, pool, nullptr) == hipSuccess);
  REQUIRE(hipFreeAsync(p, nullptr) == hipSuccess);
  REQUIRE(hipMallocFromPoolAsync(&p, 1 << 19, pool, nullptr) == hipSuccess);  // the freed block
  REQUIRE(hipFreeAsync(p, nullptr) == hipSuccess);
  REQUIRE(hipMemPoolTrimTo(pool, 1024) == hipSuccess);  // the block goes
  void* q = nullptr;
  CHECK(hipMallocFromPoolAsync(&q, 1 << 20, pool, nullptr) == hipErrorOutOfMemory);
  CHECK(q == nullptr);
  CHECK(hipMallocFromPoolAsync(&q, 1, pool, nullptr) == hipErrorOutOfMemory);
  uint64_t zero = 0;
  REQUIRE(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &zero) == hipSuccess);
  REQUIRE(hipMallocFromPoolAsync(&q, 1 << 20, pool, nullptr) == hipSuccess);
  REQUIRE(hipFree(q) == hipSuccess);  // hipFree of pool memory gives the block back too
  REQUIRE(hipMallocFromPoolAsync(&q, 1 << 20, pool, nullptr) == hipSuccess);
  REQUIRE(hipFreeAsync(q, nullptr) == hipSuccess);
  CHECK(hipMemPoolDestroy(pool) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipMallocAsync / hipMallocFromPoolAsync Negative_Parameters: a stream handle that
// is not a stream ((hipStream_t)-1, or destroyed) is hipErrorInvalidHandle in the stream-ordered
// allocator, as AMD's runtime answers (elsewhere: hipErrorContextIsDestroyed).
TEST_CASE("mempool: a stream handle that is not live is hipErrorInvalidHandle", "[api][mempool]") {
  PoolsFixture f;
  hipMemPool_t pool = nullptr;
  REQUIRE(hipDeviceGetDefaultMemPool(&pool, 0) == hipSuccess);
  const auto bad = reinterpret_cast<hipStream_t>(-1);
  void* p = nullptr;
  CHECK(hipMallocAsync(&p, 1024, bad) == hipErrorInvalidHandle);
  CHECK(hipMallocFromPoolAsync(&p, 1024, pool, bad) == hipErrorInvalidHandle);
  REQUIRE(hipMallocAsync(&p, 64, nullptr) == hipSuccess);
  CHECK(hipFreeAsync(p, bad) == hipErrorInvalidHandle);
  CHECK(hipFreeAsync(p, nullptr) == hipSuccess);
  hipEvent_t e = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  CHECK(hipStreamWaitEvent(reinterpret_cast<hipStream_t>(0xFFFF), e, 0) == hipErrorInvalidHandle);
  CHECK(hipStreamQuery(bad) == hipErrorContextIsDestroyed);  // the rest: AMD's usual code
  CHECK(hipEventDestroy(e) == hipSuccess);
  (void)hipGetLastError();
}
