// Virtual memory management: HIP's codes for bad arguments, garbage handles and ranges outside a
// reservation; without the vendor family hipErrorNotSupported; with a fake family the handle
// lifetimes, reservations and mapped ranges of the API layer.
#include "api_cases.h"
#include "core/images.h"
#include "fake_images.h"
#include "fake_memory_pools.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("vmm: argument checks, garbage handles, then hipErrorNotSupported", "[api][vmm]") {
  installFake();
  void* p = reinterpret_cast<void*>(0x200000);
  hipMemGenericAllocationHandle_t h = reinterpret_cast<hipMemGenericAllocationHandle_t>(0x40);
  hipMemGenericAllocationHandle_t out = nullptr;
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.location = {hipMemLocationTypeDevice, 0};
  hipMemAllocationProp badType = prop;
  badType.type = hipMemAllocationTypeInvalid;
  hipMemAllocationProp badLoc = prop;
  badLoc.location.type = hipMemLocationTypeInvalid;
  hipMemAllocationProp badDev = prop;
  badDev.location.id = 3;
  hipMemAccessDesc rw{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemAccessDesc badFlags{{hipMemLocationTypeDevice, 0}, static_cast<hipMemAccessFlags>(2)};
  hipMemAccessDesc badDevice{{hipMemLocationTypeDevice, 4}, hipMemAccessFlagsProtRead};
  hipMemAccessDesc badType2{{hipMemLocationTypeInvalid, 0}, hipMemAccessFlagsProtRead};
  hipMemLocation dev0{hipMemLocationTypeDevice, 0}, host{hipMemLocationTypeHost, 0};
  unsigned long long flags = 0;
  size_t gran = 0;
  hipArrayMapInfo info{};
  int fd = 0;

  checkCases({
      {"hipMemAddressReserve null", [&] { return hipMemAddressReserve(nullptr, 1 << 21, 0, nullptr, 0); }, hipErrorInvalidValue},
      {"hipMemAddressReserve flags", [&] { return hipMemAddressReserve(&p, 1 << 21, 0, nullptr, 1); }, hipErrorInvalidValue},
      {"hipMemAddressReserve size 0 (AMD: hipErrorMemoryAllocation)", [&] { return hipMemAddressReserve(&p, 0, 0, nullptr, 0); }, hipErrorOutOfMemory},
      {"hipMemAddressReserve alignment 3 (AMD: hipErrorMemoryAllocation)", [&] { return hipMemAddressReserve(&p, 1 << 21, 3, nullptr, 0); }, hipErrorOutOfMemory},
      {"hipMemAddressReserve", [&] { return hipMemAddressReserve(&p, 1 << 21, 1 << 21, nullptr, 0); }, hipErrorNotSupported},
      {"hipMemAddressFree null", [&] { return hipMemAddressFree(nullptr, 1 << 21); }, hipErrorInvalidValue},
      {"hipMemAddressFree size 0", [&] { return hipMemAddressFree(p, 0); }, hipErrorInvalidValue},
      {"hipMemAddressFree not reserved", [&] { return hipMemAddressFree(p, 1 << 21); }, hipErrorInvalidValue},
      {"hipMemCreate null handle", [&] { return hipMemCreate(nullptr, 1 << 21, &prop, 0); }, hipErrorInvalidValue},
      {"hipMemCreate null prop", [&] { return hipMemCreate(&out, 1 << 21, nullptr, 0); }, hipErrorInvalidValue},
      {"hipMemCreate size 0", [&] { return hipMemCreate(&out, 0, &prop, 0); }, hipErrorInvalidValue},
      {"hipMemCreate flags", [&] { return hipMemCreate(&out, 1 << 21, &prop, 1); }, hipErrorInvalidValue},
      {"hipMemCreate bad type", [&] { return hipMemCreate(&out, 1 << 21, &badType, 0); }, hipErrorInvalidValue},
      {"hipMemCreate bad location", [&] { return hipMemCreate(&out, 1 << 21, &badLoc, 0); }, hipErrorInvalidValue},
      {"hipMemCreate bad device", [&] { return hipMemCreate(&out, 1 << 21, &badDev, 0); }, hipErrorInvalidValue},
      {"hipMemCreate", [&] { return hipMemCreate(&out, 1 << 21, &prop, 0); }, hipErrorNotSupported},
      {"hipMemRelease null", [&] { return hipMemRelease(nullptr); }, hipErrorInvalidValue},
      {"hipMemRelease garbage handle", [&] { return hipMemRelease(h); }, hipErrorInvalidValue},
      {"hipMemMap null ptr", [&] { return hipMemMap(nullptr, 1 << 21, 0, h, 0); }, hipErrorInvalidValue},
      {"hipMemMap null handle", [&] { return hipMemMap(p, 1 << 21, 0, nullptr, 0); }, hipErrorInvalidValue},
      {"hipMemMap size 0", [&] { return hipMemMap(p, 0, 0, h, 0); }, hipErrorInvalidValue},
      {"hipMemMap offset", [&] { return hipMemMap(p, 1 << 21, 4096, h, 0); }, hipErrorInvalidValue},
      {"hipMemMap flags", [&] { return hipMemMap(p, 1 << 21, 0, h, 1); }, hipErrorInvalidValue},
      {"hipMemMap garbage handle", [&] { return hipMemMap(p, 1 << 21, 0, h, 0); }, hipErrorInvalidValue},
      {"hipMemUnmap null", [&] { return hipMemUnmap(nullptr, 1 << 21); }, hipErrorInvalidValue},
      {"hipMemUnmap size 0", [&] { return hipMemUnmap(p, 0); }, hipErrorInvalidValue},
      {"hipMemUnmap not reserved", [&] { return hipMemUnmap(p, 1 << 21); }, hipErrorInvalidValue},
      {"hipMemMapArrayAsync null", [&] { return hipMemMapArrayAsync(nullptr, 1, nullptr); }, hipErrorInvalidValue},
      {"hipMemMapArrayAsync count 0", [&] { return hipMemMapArrayAsync(&info, 0, nullptr); }, hipErrorInvalidValue},
      {"hipMemMapArrayAsync null array", [&] { return hipMemMapArrayAsync(&info, 1, nullptr); }, hipErrorInvalidValue},
      {"hipMemSetAccess null ptr", [&] { return hipMemSetAccess(nullptr, 1 << 21, &rw, 1); }, hipErrorInvalidValue},
      {"hipMemSetAccess null desc", [&] { return hipMemSetAccess(p, 1 << 21, nullptr, 1); }, hipErrorInvalidValue},
      {"hipMemSetAccess size 0", [&] { return hipMemSetAccess(p, 0, &rw, 1); }, hipErrorInvalidValue},
      {"hipMemSetAccess count 0", [&] { return hipMemSetAccess(p, 1 << 21, &rw, 0); }, hipErrorInvalidValue},
      {"hipMemSetAccess bad flags", [&] { return hipMemSetAccess(p, 1 << 21, &badFlags, 1); }, hipErrorInvalidValue},
      {"hipMemSetAccess bad device", [&] { return hipMemSetAccess(p, 1 << 21, &badDevice, 1); }, hipErrorInvalidValue},
      {"hipMemSetAccess bad location", [&] { return hipMemSetAccess(p, 1 << 21, &badType2, 1); }, hipErrorInvalidValue},
      {"hipMemSetAccess not reserved", [&] { return hipMemSetAccess(p, 1 << 21, &rw, 1); }, hipErrorInvalidValue},
      {"hipMemGetAccess null flags", [&] { return hipMemGetAccess(nullptr, &dev0, p); }, hipErrorInvalidValue},
      {"hipMemGetAccess null location", [&] { return hipMemGetAccess(&flags, nullptr, p); }, hipErrorInvalidValue},
      {"hipMemGetAccess null ptr", [&] { return hipMemGetAccess(&flags, &dev0, nullptr); }, hipErrorInvalidValue},
      {"hipMemGetAccess host", [&] { return hipMemGetAccess(&flags, &host, p); }, hipErrorInvalidValue},
      {"hipMemGetAccess not reserved", [&] { return hipMemGetAccess(&flags, &dev0, p); }, hipErrorInvalidValue},
      {"hipMemGetAllocationGranularity null out", [&] { return hipMemGetAllocationGranularity(nullptr, &prop, hipMemAllocationGranularityMinimum); }, hipErrorInvalidValue},
      {"hipMemGetAllocationGranularity null prop", [&] { return hipMemGetAllocationGranularity(&gran, nullptr, hipMemAllocationGranularityMinimum); }, hipErrorInvalidValue},
      {"hipMemGetAllocationGranularity bad type", [&] { return hipMemGetAllocationGranularity(&gran, &badType, hipMemAllocationGranularityMinimum); }, hipErrorInvalidValue},
      {"hipMemGetAllocationGranularity bad device", [&] { return hipMemGetAllocationGranularity(&gran, &badDev, hipMemAllocationGranularityMinimum); }, hipErrorInvalidValue},
      {"hipMemGetAllocationGranularity bad option", [&] { return hipMemGetAllocationGranularity(&gran, &prop, static_cast<hipMemAllocationGranularity_flags>(2)); }, hipErrorInvalidValue},
      {"hipMemGetAllocationGranularity", [&] { return hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityRecommended); }, hipErrorNotSupported},
      {"hipMemGetAllocationPropertiesFromHandle null prop", [&] { return hipMemGetAllocationPropertiesFromHandle(nullptr, h); }, hipErrorInvalidValue},
      {"hipMemGetAllocationPropertiesFromHandle null handle", [&] { return hipMemGetAllocationPropertiesFromHandle(&prop, nullptr); }, hipErrorInvalidValue},
      {"hipMemGetAllocationPropertiesFromHandle garbage handle", [&] { return hipMemGetAllocationPropertiesFromHandle(&prop, h); }, hipErrorInvalidValue},
      {"hipMemExportToShareableHandle null out", [&] { return hipMemExportToShareableHandle(nullptr, h, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemExportToShareableHandle null handle", [&] { return hipMemExportToShareableHandle(&fd, nullptr, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemExportToShareableHandle flags", [&] { return hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 1); }, hipErrorInvalidValue},
      {"hipMemExportToShareableHandle garbage handle", [&] { return hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0); }, hipErrorInvalidValue},
      {"hipMemImportFromShareableHandle null out", [&] { return hipMemImportFromShareableHandle(nullptr, &fd, hipMemHandleTypePosixFileDescriptor); }, hipErrorInvalidValue},
      {"hipMemImportFromShareableHandle null handle", [&] { return hipMemImportFromShareableHandle(&out, nullptr, hipMemHandleTypePosixFileDescriptor); }, hipErrorInvalidValue},
      {"hipMemImportFromShareableHandle", [&] { return hipMemImportFromShareableHandle(&out, &fd, hipMemHandleTypePosixFileDescriptor); }, hipErrorNotSupported},
      {"hipMemRetainAllocationHandle null out", [&] { return hipMemRetainAllocationHandle(nullptr, p); }, hipErrorInvalidValue},
      {"hipMemRetainAllocationHandle null addr", [&] { return hipMemRetainAllocationHandle(&out, nullptr); }, hipErrorInvalidValue},
      {"hipMemRetainAllocationHandle unmapped", [&] { return hipMemRetainAllocationHandle(&out, p); }, hipErrorInvalidValue},
  });
}

TEST_CASE("vmm: reserve, create, map, access, retain, unmap through a fake family", "[api][vmm]") {
  FakeBackend* fake = installFake(2);
  FakeMemoryPoolOps ops;
  fake->pools = &ops;
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.location = {hipMemLocationTypeDevice, 1};
  size_t gran = 0;
  REQUIRE(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum) ==
          hipSuccess);
  CHECK(gran == FakeMemoryPoolOps::kGranularity);
  const size_t size = 4 * gran;

  void* va = nullptr;
  REQUIRE(hipMemAddressReserve(&va, 2 * size, 0, nullptr, 0) == hipSuccess);
  hipMemGenericAllocationHandle_t h = nullptr;
  REQUIRE(hipMemCreate(&h, size, &prop, 0) == hipSuccess);
  hipMemAllocationProp got{};
  REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, h) == hipSuccess);
  CHECK(got.location.id == 1);
  CHECK(got.type == hipMemAllocationTypePinned);
  CHECK(hipMemCreate(&h, gran + 1, &prop, 0) == hipErrorInvalidValue);  // the vendor's answer

  char* const base = static_cast<char*>(va);
  checkCases({
      {"hipMemMap outside the reservation", [&] { return hipMemMap(base + 2 * size, size, 0, h, 0); }, hipErrorInvalidValue},
      {"hipMemMap past its end", [&] { return hipMemMap(base + size + gran, size, 0, h, 0); }, hipErrorInvalidValue},
      {"hipMemMap a stack address", [&] { return hipMemMap(&got, size, 0, h, 0); }, hipErrorInvalidValue},
  });
  REQUIRE(hipMemMap(va, size, 0, h, 0) == hipSuccess);
  CHECK(hipMemMap(va, size, 0, h, 0) == hipErrorInvalidValue);  // mapped already
  hipPointerAttribute_t attrs{};
  REQUIRE(hipPointerGetAttributes(&attrs, base + 5) == hipSuccess);
  CHECK(attrs.type == hipMemoryTypeDevice);
  CHECK(attrs.device == 1);
  CHECK(hipFree(va) == hipErrorInvalidValue);  // mapped memory is not hipFree's

  hipMemAccessDesc rw{{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  REQUIRE(hipMemSetAccess(va, size, &rw, 1) == hipSuccess);
  unsigned long long flags = 0;
  hipMemLocation dev1{hipMemLocationTypeDevice, 1};
  REQUIRE(hipMemGetAccess(&flags, &dev1, va) == hipSuccess);
  CHECK(flags == hipMemAccessFlagsProtReadWrite);

  // Retain gives back the same handle; each reference is released once.
  hipMemGenericAllocationHandle_t again = nullptr;
  REQUIRE(hipMemRetainAllocationHandle(&again, base + gran) == hipSuccess);
  CHECK(again == h);
  int fd = -1;
  REQUIRE(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0) ==
          hipSuccess);
  CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypeNone, 0) == hipErrorInvalidValue);
  CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypeWin32, 0) == hipErrorInvalidValue);
  hipMemGenericAllocationHandle_t imported = nullptr;
  REQUIRE(hipMemImportFromShareableHandle(&imported, reinterpret_cast<void*>(uintptr_t(fd)),
                                          hipMemHandleTypePosixFileDescriptor) == hipSuccess);
  CHECK(imported == h);  // the same allocation: one more reference to it
  REQUIRE(hipMemRelease(imported) == hipSuccess);
  REQUIRE(hipMemRelease(again) == hipSuccess);
  REQUIRE(hipMemRelease(h) == hipSuccess);
  CHECK(ops.released == 3);  // h's three references
  CHECK(hipMemRelease(h) == hipErrorInvalidValue);  // released
  CHECK(hipMemGetAllocationPropertiesFromHandle(&got, h) == hipErrorInvalidValue);
  // The mapping keeps the memory: retain makes a new handle for it.
  REQUIRE(hipMemRetainAllocationHandle(&again, va) == hipSuccess);
  REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, again) == hipSuccess);
  CHECK(got.location.id == 1);
  REQUIRE(hipMemRelease(again) == hipSuccess);

  // A second chunk right after the first: fills may span both; unmapping one keeps the other.
  hipMemGenericAllocationHandle_t h2 = nullptr;
  REQUIRE(hipMemCreate(&h2, size, &prop, 0) == hipSuccess);
  REQUIRE(hipMemMap(base + size, size, 0, h2, 0) == hipSuccess);
  REQUIRE(hipMemRelease(h2) == hipSuccess);  // the mapping keeps the memory
  CHECK(hipMemset(base + size - 8, 0x7, 16) == hipSuccess);
  CHECK(base[size + 7] == 0x7);
  CHECK(hipMemUnmap(base + size, size) == hipSuccess);
  CHECK(hipPointerGetAttributes(&attrs, base + size) == hipSuccess);  // HIP 7: not an error
  CHECK(attrs.type == hipMemoryTypeUnregistered);
  CHECK(hipPointerGetAttributes(&attrs, base + size - 1) == hipSuccess);
  CHECK(hipMemset(base + size - 8, 0x7, 16) == hipErrorInvalidValue);

  CHECK(hipMemUnmap(base + 2 * size, size) == hipErrorInvalidValue);
  REQUIRE(hipMemUnmap(va, size) == hipSuccess);
  CHECK(hipPointerGetAttributes(&attrs, va) == hipSuccess);  // HIP 7: not an error
  CHECK(attrs.type == hipMemoryTypeUnregistered);
  CHECK(hipMemRetainAllocationHandle(&again, va) == hipErrorInvalidValue);
  CHECK(hipMemAddressFree(va, size) == hipErrorInvalidValue);  // not the reserved size
  REQUIRE(hipMemAddressFree(va, 2 * size) == hipSuccess);
  CHECK(hipMemAddressFree(va, 2 * size) == hipErrorInvalidValue);
  CHECK(hipMemSetAccess(va, size, &rw, 1) == hipErrorInvalidValue);
  installNoBackend();
  (void)hipGetLastError();
}

TEST_CASE("hipMemMapArrayAsync: arrays and mipmaps, checked, with the vendor's handles",
          "[api][vmm]") {
  FakeBackend* fake = installFake(1);
  FakeMemoryPoolOps pools;
  FakeImageOps images;
  fake->pools = &pools;
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.location = {hipMemLocationTypeDevice, 0};
  hipMemGenericAllocationHandle_t h = nullptr;
  REQUIRE(hipMemCreate(&h, FakeMemoryPoolOps::kGranularity, &prop, 0) == hipSuccess);
  hipArrayMapInfo info{};
  info.resourceType = hipResourceTypeArray;
  info.subresourceType = hipArraySparseSubresourceTypeSparseLevel;
  info.subresource.sparseLevel.extentWidth = 64;
  info.memOperationType = hipMemOperationTypeMap;
  info.memHandleType = hipMemHandleTypeGeneric;
  info.memHandle.memHandle = h;
  info.deviceBitMask = 1;
  // No image family (HSA today): the array cannot exist, let alone be mapped.
  CHECK(hipMemMapArrayAsync(&info, 1, nullptr) == hipErrorInvalidValue);
  fake->imageOps = &images;
  hipArray_t array = nullptr;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  REQUIRE(hipMallocArray(&array, &desc, 256, 256, 0) == hipSuccess);
  hipMipmappedArray_t mipmap = nullptr;
  REQUIRE(hipMallocMipmappedArray(&mipmap, &desc, make_hipExtent(256, 256, 0), 3,
                                  0) == hipSuccess);
  hipArrayMapInfo list[2] = {info, info};
  list[0].resource.array = array;
  list[1].resourceType = hipResourceTypeMipmappedArray;
  list[1].resource.mipmap = *mipmap;  // HIP's struct holds it by value
  list[1].subresourceType = hipArraySparseSubresourceTypeMiptail;
  list[1].memOperationType = hipMemOperationTypeUnmap;
  list[1].memHandle.memHandle = nullptr;  // not looked at for an unmap
  REQUIRE(hipMemMapArrayAsync(list, 2, nullptr) == hipSuccess);
  REQUIRE(images.mappings.size() == 2);
  CHECK(images.mappings[0].resource == array->native);
  CHECK(images.mappings[0].memory != 0);
  CHECK(images.mappings[0].info.subresource.sparseLevel.extentWidth == 64);
  CHECK(images.mappings[1].resource == mipmap->data);
  CHECK(images.mappings[1].memory == 0);

  hipArrayMapInfo bad[1] = {list[0]};
  bad[0].resourceType = static_cast<hipResourceType>(7);
  CHECK(hipMemMapArrayAsync(bad, 1, nullptr) == hipErrorInvalidValue);
  bad[0] = list[0];
  bad[0].subresourceType = static_cast<hipArraySparseSubresourceType>(2);
  CHECK(hipMemMapArrayAsync(bad, 1, nullptr) == hipErrorInvalidValue);
  bad[0] = list[0];
  bad[0].memOperationType = static_cast<hipMemOperationType>(0);
  CHECK(hipMemMapArrayAsync(bad, 1, nullptr) == hipErrorInvalidValue);
  bad[0] = list[0];
  bad[0].memHandleType = static_cast<hipMemHandleType>(1);
  CHECK(hipMemMapArrayAsync(bad, 1, nullptr) == hipErrorInvalidValue);
  bad[0] = list[0];
  bad[0].memHandle.memHandle = reinterpret_cast<hipMemGenericAllocationHandle_t>(0x40);
  CHECK(hipMemMapArrayAsync(bad, 1, nullptr) == hipErrorInvalidValue);  // garbage handle
  bad[0] = list[1];
  bad[0].resource.mipmap.data = reinterpret_cast<void*>(0x50);  // no such mipmapped array
  CHECK(hipMemMapArrayAsync(bad, 1, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemMapArrayAsync(list, 1, reinterpret_cast<hipStream_t>(0x60)) ==
        hipErrorContextIsDestroyed);  // garbage stream (checkStream's answer)
  REQUIRE(hipFreeArray(array) == hipSuccess);
  CHECK(hipMemMapArrayAsync(list, 1, nullptr) == hipErrorInvalidValue);  // freed array
  CHECK(hipFreeMipmappedArray(mipmap) == hipSuccess);
  CHECK(hipMemRelease(h) == hipSuccess);
  fake->imageOps = nullptr;
  fake->pools = nullptr;
  (void)hipGetLastError();
}

// hip-tests' hipMemAddressReserve Negative: size 0, a size that is not whole granules and an
// alignment that is not a power of two are hipErrorMemoryAllocation (AMD's runtime).
TEST_CASE("vmm: reservations of no or partial granules are hipErrorMemoryAllocation",
          "[api][vmm]") {
  FakeBackend* fake = installFake(1);
  FakeMemoryPoolOps ops;
  fake->pools = &ops;
  const size_t gran = FakeMemoryPoolOps::kGranularity;
  void* va = nullptr;
  CHECK(hipMemAddressReserve(&va, 0, 0, nullptr, 0) == hipErrorMemoryAllocation);
  CHECK(hipMemAddressReserve(&va, gran - 1, 0, nullptr, 0) == hipErrorMemoryAllocation);
  CHECK(hipMemAddressReserve(&va, gran, 3, nullptr, 0) == hipErrorMemoryAllocation);
  CHECK(hipMemAddressReserve(nullptr, gran, 0, nullptr, 0) == hipErrorInvalidValue);
  REQUIRE(hipMemAddressReserve(&va, 2 * gran, 0, nullptr, 0) == hipSuccess);
  CHECK(hipMemAddressFree(va, 2 * gran) == hipSuccess);
  fake->pools = nullptr;
  installNoBackend();
  (void)hipGetLastError();
}
