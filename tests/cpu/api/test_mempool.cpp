// Stream-ordered allocation and memory pools: HIP's codes for bad arguments, NotSupported beyond.
#include "api_cases.h"
#include "core/handles.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("mempool: argument checks, then hipErrorNotSupported", "[api][mempool]") {
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
      {"hipMallocAsync destroyed stream", [&] { return hipMallocAsync(&p, 16, &dead); }, hipErrorContextIsDestroyed},
      {"hipMallocAsync", [&] { return hipMallocAsync(&p, 16, nullptr); }, hipErrorNotSupported},
      {"hipMallocAsync per-thread", [&] { return hipMallocAsync(&p, 16, hipStreamPerThread); }, hipErrorNotSupported},
      {"hipFreeAsync null", [&] { return hipFreeAsync(nullptr, nullptr); }, hipSuccess},
      {"hipFreeAsync destroyed stream", [&] { return hipFreeAsync(p, &dead); }, hipErrorContextIsDestroyed},
      {"hipFreeAsync", [&] { return hipFreeAsync(p, nullptr); }, hipErrorNotSupported},
      {"hipMallocFromPoolAsync null out", [&] { return hipMallocFromPoolAsync(nullptr, 16, pool, nullptr); }, hipErrorInvalidValue},
      {"hipMallocFromPoolAsync null pool", [&] { return hipMallocFromPoolAsync(&p, 16, nullptr, nullptr); }, hipErrorInvalidValue},
      {"hipMallocFromPoolAsync", [&] { return hipMallocFromPoolAsync(&p, 16, pool, nullptr); }, hipErrorNotSupported},
      {"hipDeviceGetDefaultMemPool null", [&] { return hipDeviceGetDefaultMemPool(nullptr, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetDefaultMemPool bad device", [&] { return hipDeviceGetDefaultMemPool(&out, 2); }, hipErrorInvalidDevice},
      {"hipDeviceGetDefaultMemPool -1", [&] { return hipDeviceGetDefaultMemPool(&out, -1); }, hipErrorInvalidDevice},
      {"hipDeviceGetDefaultMemPool", [&] { return hipDeviceGetDefaultMemPool(&out, 1); }, hipErrorNotSupported},
      {"hipDeviceSetMemPool null", [&] { return hipDeviceSetMemPool(0, nullptr); }, hipErrorInvalidValue},
      {"hipDeviceSetMemPool bad device", [&] { return hipDeviceSetMemPool(2, pool); }, hipErrorInvalidValue},
      {"hipDeviceSetMemPool", [&] { return hipDeviceSetMemPool(0, pool); }, hipErrorNotSupported},
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
      {"hipMemPoolDestroy", [&] { return hipMemPoolDestroy(pool); }, hipErrorNotSupported},
      {"hipMemPoolTrimTo null", [&] { return hipMemPoolTrimTo(nullptr, 0); }, hipErrorInvalidValue},
      {"hipMemPoolTrimTo", [&] { return hipMemPoolTrimTo(pool, 0); }, hipErrorNotSupported},
      {"hipMemPoolSetAttribute null pool", [&] { return hipMemPoolSetAttribute(nullptr, hipMemPoolAttrReleaseThreshold, &value); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute null value", [&] { return hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute bad attr", [&] { return hipMemPoolSetAttribute(pool, static_cast<hipMemPoolAttr>(99), &value); }, hipErrorInvalidValue},
      {"hipMemPoolSetAttribute", [&] { return hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &value); }, hipErrorNotSupported},
      {"hipMemPoolGetAttribute null value", [&] { return hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemHigh, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolGetAttribute bad attr", [&] { return hipMemPoolGetAttribute(pool, static_cast<hipMemPoolAttr>(0), &value); }, hipErrorInvalidValue},
      {"hipMemPoolGetAttribute", [&] { return hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemHigh, &value); }, hipErrorNotSupported},
      {"hipMemPoolSetAccess null list", [&] { return hipMemPoolSetAccess(pool, nullptr, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess null pool", [&] { return hipMemPoolSetAccess(nullptr, &access, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess count > devices", [&] { return hipMemPoolSetAccess(pool, three, 3); }, hipErrorInvalidDevice},
      {"hipMemPoolSetAccess bad device", [&] { return hipMemPoolSetAccess(pool, &accessBadDev, 1); }, hipErrorInvalidDevice},
      {"hipMemPoolSetAccess no access", [&] { return hipMemPoolSetAccess(pool, &accessNone, 1); }, hipErrorInvalidDevice},
      {"hipMemPoolSetAccess host", [&] { return hipMemPoolSetAccess(pool, &accessHost, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess bad flags", [&] { return hipMemPoolSetAccess(pool, &accessBadFlags, 1); }, hipErrorInvalidValue},
      {"hipMemPoolSetAccess", [&] { return hipMemPoolSetAccess(pool, &access, 1); }, hipErrorNotSupported},
      {"hipMemPoolGetAccess null flags", [&] { return hipMemPoolGetAccess(nullptr, pool, &dev0); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess null location", [&] { return hipMemPoolGetAccess(&flags, pool, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess bad device", [&] { return hipMemPoolGetAccess(&flags, pool, &dev9); }, hipErrorInvalidValue},
      {"hipMemPoolGetAccess", [&] { return hipMemPoolGetAccess(&flags, pool, &dev0); }, hipErrorNotSupported},
      {"hipMemPoolExportToShareableHandle null handle", [&] { return hipMemPoolExportToShareableHandle(nullptr, pool, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle flags", [&] { return hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 1); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle type none", [&] { return hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypeNone, 0); }, hipErrorInvalidValue},
      {"hipMemPoolExportToShareableHandle", [&] { return hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorNotSupported},
      {"hipMemPoolImportFromShareableHandle null out", [&] { return hipMemPoolImportFromShareableHandle(nullptr, &fd, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle flags", [&] { return hipMemPoolImportFromShareableHandle(&out, &fd, hipMemHandleTypePosixFileDescriptor, 2); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle type none", [&] { return hipMemPoolImportFromShareableHandle(&out, &fd, hipMemHandleTypeNone, 0); }, hipErrorInvalidValue},
      {"hipMemPoolImportFromShareableHandle", [&] { return hipMemPoolImportFromShareableHandle(&out, &fd, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorNotSupported},
      {"hipMemPoolExportPointer null data", [&] { return hipMemPoolExportPointer(nullptr, p); }, hipErrorInvalidValue},
      {"hipMemPoolExportPointer null ptr", [&] { return hipMemPoolExportPointer(&data, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolExportPointer", [&] { return hipMemPoolExportPointer(&data, p); }, hipErrorNotSupported},
      {"hipMemPoolImportPointer null out", [&] { return hipMemPoolImportPointer(nullptr, pool, &data); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer null pool", [&] { return hipMemPoolImportPointer(&p, nullptr, &data); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer null data", [&] { return hipMemPoolImportPointer(&p, pool, nullptr); }, hipErrorInvalidValue},
      {"hipMemPoolImportPointer", [&] { return hipMemPoolImportPointer(&p, pool, &data); }, hipErrorNotSupported},
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
