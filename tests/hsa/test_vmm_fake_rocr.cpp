// HIP's virtual memory on the HSA backend over the fake ROCr's hsa_amd_vmem_* (hsa_vmm.cpp): the
// whole flow through the HIP API (granularity, create, reserve, map, access, use through the
// mapping and hipMemcpy, retain, export and import by file descriptor, unmap, release, free),
// HIP's codes for bad input, hipErrorNotSupported where ROCr or its driver has no virtual memory
// API, and external semaphores answering as AMD's runtime does on Linux.
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "backend.h"
#include "fake_rocr.h"
#include "hip/hip_runtime_api.h"
#include "hsa_memory_pools.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::fakeStat;
using unihip::hsa::test::FakeRuntime;

namespace {

enum { kVmemHandles = 17, kVmemMappings = 18, kVmemReservations = 19 };
constexpr size_t kPage = 4096;  // the fake's allocation granule

// The fake ROCr's fake_hsa_set_vmem (the driver's HSA_AMD_SYSTEM_INFO_VIRTUAL_MEM_API_SUPPORTED),
// loading the library if no backend did yet.
void setVmem(bool on) {
  void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW);
  REQUIRE(lib != nullptr);
  auto set = reinterpret_cast<void (*)(int)>(dlsym(lib, "fake_hsa_set_vmem"));
  REQUIRE(set != nullptr);
  set(on ? 1 : 0);
  dlclose(lib);
}

hipMemAllocationProp deviceProp(hipMemAllocationHandleType types = hipMemHandleTypeNone) {
  hipMemAllocationProp p{};
  p.type = hipMemAllocationTypePinned;
  p.location = {hipMemLocationTypeDevice, 0};
  p.requestedHandleTypes = types;
  return p;
}

// The fake's live vmem objects (handles, mappings, reservations).
struct VmemCounts {
  int handles = fakeStat(kVmemHandles), mappings = fakeStat(kVmemMappings),
      reservations = fakeStat(kVmemReservations);
  bool operator==(const VmemCounts& o) const {
    return handles == o.handles && mappings == o.mappings && reservations == o.reservations;
  }
};

}  // namespace

TEST_CASE("HSA virtual memory: create, reserve, map, access, copy, share, unmap, release",
          "[hsa][vmm]") {
  FakeRuntime rt;
  const VmemCounts before;
  const hipMemAllocationProp prop = deviceProp(hipMemHandleTypePosixFileDescriptor);

  // Granularity: the device pool's runtime allocation granule, and its recommended one.
  size_t minimum = 0, recommended = 0;
  REQUIRE(hipMemGetAllocationGranularity(&minimum, &prop, hipMemAllocationGranularityMinimum) ==
          hipSuccess);
  REQUIRE(hipMemGetAllocationGranularity(&recommended, &prop,
                                         hipMemAllocationGranularityRecommended) == hipSuccess);
  CHECK(minimum == kPage);
  CHECK(recommended == size_t{2} << 20);

  const size_t size = 16 * minimum;
  void* va = nullptr;
  REQUIRE(hipMemAddressReserve(&va, 2 * size, 0, nullptr, 0) == hipSuccess);
  REQUIRE(va != nullptr);
  CHECK(fakeStat(kVmemReservations) == before.reservations + 1);
  // An aligned reservation (ROCr's reserve_align).
  void* aligned = nullptr;
  REQUIRE(hipMemAddressReserve(&aligned, size, recommended, nullptr, 0) == hipSuccess);
  CHECK(reinterpret_cast<uintptr_t>(aligned) % recommended == 0);
  REQUIRE(hipMemAddressFree(aligned, size) == hipSuccess);

  hipMemGenericAllocationHandle_t h = nullptr;
  REQUIRE(hipMemCreate(&h, size, &prop, 0) == hipSuccess);
  CHECK(fakeStat(kVmemHandles) == before.handles + 1);
  REQUIRE(hipMemMap(va, size, 0, h, 0) == hipSuccess);
  const hipMemAccessDesc rw{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  REQUIRE(hipMemSetAccess(va, size, &rw, 1) == hipSuccess);
  unsigned long long flags = 0;
  const hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  REQUIRE(hipMemGetAccess(&flags, &dev0, static_cast<char*>(va) + 100) == hipSuccess);
  CHECK(flags == hipMemAccessFlagsProtReadWrite);

  // The mapped memory is real (the fake maps it in this process): written here, copied back.
  auto* words = static_cast<uint32_t*>(va);
  const size_t count = size / sizeof(uint32_t);
  for (size_t i = 0; i < count; ++i) words[i] = static_cast<uint32_t>(i * 7);
  std::vector<uint32_t> host(count), back(count, 0);
  REQUIRE(hipMemcpy(back.data(), va, size, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(back[count - 1] == static_cast<uint32_t>((count - 1) * 7));
  for (size_t i = 0; i < count; ++i) host[i] = 0xA5000000u + static_cast<uint32_t>(i);
  REQUIRE(hipMemcpy(va, host.data(), size, hipMemcpyHostToDevice) == hipSuccess);
  CHECK(words[3] == 0xA5000003u);
  // Device to device: mapped memory to hipMalloc memory and back to the host.
  void* plain = nullptr;
  REQUIRE(hipMalloc(&plain, size) == hipSuccess);
  REQUIRE(hipMemcpy(plain, va, size, hipMemcpyDeviceToDevice) == hipSuccess);
  std::fill(back.begin(), back.end(), 0);
  REQUIRE(hipMemcpy(back.data(), plain, size, hipMemcpyDefault) == hipSuccess);
  CHECK(back == host);
  REQUIRE(hipFree(plain) == hipSuccess);

  // Fills run on the device over the mapping.
  REQUIRE(hipMemset(static_cast<char*>(va) + 6, 0x7, 10) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  CHECK(static_cast<uint8_t*>(va)[6] == 0x7);
  CHECK(static_cast<uint8_t*>(va)[15] == 0x7);
  CHECK(static_cast<uint8_t*>(va)[16] == 0x04);  // words[4] == 0xA5000004, little-endian

  // Pointer attributes come from the allocation map; hipFree is not for mapped memory.
  hipPointerAttribute_t attrs{};
  REQUIRE(hipPointerGetAttributes(&attrs, static_cast<char*>(va) + 8) == hipSuccess);
  CHECK(attrs.type == hipMemoryTypeDevice);
  CHECK(attrs.device == 0);
  CHECK(attrs.devicePointer == static_cast<char*>(va) + 8);
  CHECK(hipFree(va) == hipErrorInvalidValue);

  hipMemAllocationProp got{};
  REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, h) == hipSuccess);
  CHECK(got.type == hipMemAllocationTypePinned);
  CHECK(got.location.type == hipMemLocationTypeDevice);
  CHECK(got.location.id == 0);
  CHECK(got.requestedHandleTypes == hipMemHandleTypePosixFileDescriptor);

  // Retain from any address of the mapping: the same handle, one more reference.
  hipMemGenericAllocationHandle_t again = nullptr;
  REQUIRE(hipMemRetainAllocationHandle(&again, static_cast<char*>(va) + size - 1) == hipSuccess);
  CHECK(again == h);
  REQUIRE(hipMemRelease(again) == hipSuccess);

  // Shared through a file descriptor (a dma-buf on ROCr) and imported: the same memory.
  int fd = -1;
  REQUIRE(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0) ==
          hipSuccess);
  REQUIRE(fd >= 0);
  hipMemGenericAllocationHandle_t imported = nullptr;
  REQUIRE(hipMemImportFromShareableHandle(&imported, reinterpret_cast<void*>(uintptr_t(fd)),
                                          hipMemHandleTypePosixFileDescriptor) == hipSuccess);
  CHECK(imported != h);
  CHECK(close(fd) == 0);  // the import took its own descriptor
  REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, imported) == hipSuccess);
  CHECK(got.location.id == 0);
  CHECK(got.requestedHandleTypes == hipMemHandleTypePosixFileDescriptor);
  // An imported handle is never exported again (ROCr refuses it).
  CHECK(hipMemExportToShareableHandle(&fd, imported, hipMemHandleTypePosixFileDescriptor, 0) ==
        hipErrorInvalidValue);
  char* second = static_cast<char*>(va) + size;
  REQUIRE(hipMemMap(second, size, 0, imported, 0) == hipSuccess);
  REQUIRE(hipMemSetAccess(second, size, &rw, 1) == hipSuccess);
  CHECK(std::memcmp(second, va, size) == 0);
  reinterpret_cast<uint32_t*>(second)[0] = 0xDEADBEEFu;
  CHECK(words[0] == 0xDEADBEEFu);

  // One unmap of both mappings (HIP allows it; ROCr unmaps one at a time), then they are gone.
  CHECK(fakeStat(kVmemMappings) == before.mappings + 2);
  REQUIRE(hipMemUnmap(va, 2 * size) == hipSuccess);
  CHECK(fakeStat(kVmemMappings) == before.mappings);
  CHECK(hipPointerGetAttributes(&attrs, va) == hipSuccess);  // HIP 7: not an error
  CHECK(attrs.type == hipMemoryTypeUnregistered);
  CHECK(hipMemUnmap(va, size) == hipErrorInvalidValue);  // twice
  REQUIRE(hipMemRelease(imported) == hipSuccess);
  REQUIRE(hipMemRelease(h) == hipSuccess);
  CHECK(hipMemRelease(h) == hipErrorInvalidValue);  // released
  REQUIRE(hipMemAddressFree(va, 2 * size) == hipSuccess);
  CHECK(VmemCounts{} == before);
}

TEST_CASE("HSA virtual memory: host memory, and a handle released while mapped",
          "[hsa][vmm]") {
  FakeRuntime rt;
  const VmemCounts before;
  hipMemAllocationProp host = deviceProp();
  host.location = {hipMemLocationTypeHost, 0};
  size_t granule = 0;
  REQUIRE(hipMemGetAllocationGranularity(&granule, &host, hipMemAllocationGranularityRecommended) ==
          hipSuccess);
  CHECK(granule == kPage);  // the host pool recommends its page
  const size_t size = 4 * kPage;
  void* va = nullptr;
  REQUIRE(hipMemAddressReserve(&va, size, 0, nullptr, 0) == hipSuccess);
  hipMemGenericAllocationHandle_t h = nullptr;
  REQUIRE(hipMemCreate(&h, size, &host, 0) == hipSuccess);
  REQUIRE(hipMemMap(va, size, 0, h, 0) == hipSuccess);
  // Host memory may be granted to the host.
  const hipMemAccessDesc both[] = {
      {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
      {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtRead}};
  REQUIRE(hipMemSetAccess(va, size, both, 2) == hipSuccess);
  hipMemAllocationProp got{};
  REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, h) == hipSuccess);
  CHECK(got.location.type == hipMemLocationTypeHost);

  // Released while mapped: the memory stays until the unmap (as HIP, CUDA and ROCr have it).
  static_cast<uint8_t*>(va)[5] = 42;
  REQUIRE(hipMemRelease(h) == hipSuccess);
  CHECK(fakeStat(kVmemHandles) == before.handles + 1);
  CHECK(static_cast<uint8_t*>(va)[5] == 42);
  // Its address still gives a handle (a new reference), with what ROCr knows of it.
  hipMemGenericAllocationHandle_t retained = nullptr;
  REQUIRE(hipMemRetainAllocationHandle(&retained, va) == hipSuccess);
  REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, retained) == hipSuccess);
  CHECK(got.location.type == hipMemLocationTypeHost);
  REQUIRE(hipMemRelease(retained) == hipSuccess);
  REQUIRE(hipMemUnmap(va, size) == hipSuccess);
  CHECK(fakeStat(kVmemHandles) == before.handles);  // gone with its last mapping
  REQUIRE(hipMemAddressFree(va, size) == hipSuccess);
  CHECK(VmemCounts{} == before);
}

TEST_CASE("HSA virtual memory: HIP's codes for bad input", "[hsa][vmm]") {
  FakeRuntime rt;
  const VmemCounts before;
  const size_t size = 8 * kPage;
  const hipMemAllocationProp prop = deviceProp();
  void* va = nullptr;
  REQUIRE(hipMemAddressReserve(&va, 2 * size, 0, nullptr, 0) == hipSuccess);
  char* const base = static_cast<char*>(va);
  hipMemGenericAllocationHandle_t h = nullptr;
  REQUIRE(hipMemCreate(&h, size, &prop, 0) == hipSuccess);
  hipMemGenericAllocationHandle_t out = nullptr;
  void* p = nullptr;
  auto* garbage = reinterpret_cast<hipMemGenericAllocationHandle_t>(uintptr_t{0x1000});
  const hipMemAccessDesc rw{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  unsigned long long flags = 0;
  const hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  int fd = -1;

  // Null pointers, flags, sizes not in whole granules (clr: hipErrorInvalidValue).
  CHECK(hipMemCreate(nullptr, size, &prop, 0) == hipErrorInvalidValue);
  CHECK(hipMemCreate(&out, size, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipMemCreate(&out, size, &prop, 1) == hipErrorInvalidValue);
  CHECK(hipMemCreate(&out, size + 1, &prop, 0) == hipErrorInvalidValue);
  CHECK(hipMemCreate(&out, 1000, &prop, 0) == hipErrorInvalidValue);
  CHECK(hipMemAddressReserve(nullptr, size, 0, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipMemAddressReserve(&p, size, 0, nullptr, 1) == hipErrorInvalidValue);
  // Reservations not in whole granules (clr: hipErrorMemoryAllocation).
  CHECK(hipMemAddressReserve(&p, kPage + 512, 0, nullptr, 0) == hipErrorOutOfMemory);
  // AMD shares physical memory by file descriptor only (clr: hipErrorNotSupported).
  const hipMemAllocationProp win32 = deviceProp(hipMemHandleTypeWin32);
  CHECK(hipMemCreate(&out, size, &win32, 0) == hipErrorNotSupported);

  // Mappings: in a reservation, page-aligned, within the allocation, not over another.
  CHECK(hipMemMap(base, size, 0, h, 1) == hipErrorInvalidValue);
  CHECK(hipMemMap(base + 2 * size, size, 0, h, 0) == hipErrorInvalidValue);
  CHECK(hipMemMap(&flags, size, 0, h, 0) == hipErrorInvalidValue);
  CHECK(hipMemMap(base + 100, size, 0, h, 0) == hipErrorInvalidValue);
  CHECK(hipMemMap(base, 2 * size, 0, h, 0) == hipErrorInvalidValue);  // more than it has
  CHECK(hipMemMap(base, size, 0, garbage, 0) == hipErrorInvalidValue);
  CHECK(hipMemMap(base, size, kPage, h, 0) == hipErrorInvalidValue);
  CHECK(fakeStat(kVmemMappings) == before.mappings);
  // Nothing mapped yet: no access to set or read.
  CHECK(hipMemSetAccess(base, size, &rw, 1) == hipErrorInvalidValue);
  CHECK(hipMemGetAccess(&flags, &dev0, base) == hipErrorInvalidValue);
  CHECK(hipMemRetainAllocationHandle(&out, base) == hipErrorInvalidValue);

  REQUIRE(hipMemMap(base, size, 0, h, 0) == hipSuccess);
  CHECK(hipMemMap(base, size, 0, h, 0) == hipErrorInvalidValue);  // mapped already
  CHECK(hipMemMap(base + kPage, size, 0, h, 0) == hipErrorInvalidValue);  // overlaps
  // Access: unknown device, unknown flags, the host on device memory, past the mapping.
  const hipMemAccessDesc badDevice{{hipMemLocationTypeDevice, 5}, hipMemAccessFlagsProtRead};
  const hipMemAccessDesc badFlags{{hipMemLocationTypeDevice, 0}, static_cast<hipMemAccessFlags>(2)};
  const hipMemAccessDesc hostAccess{{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtRead};
  CHECK(hipMemSetAccess(base, size, &badDevice, 1) == hipErrorInvalidValue);
  CHECK(hipMemSetAccess(base, size, &badFlags, 1) == hipErrorInvalidValue);
  CHECK(hipMemSetAccess(base, size, &hostAccess, 1) == hipErrorInvalidValue);
  CHECK(hipMemSetAccess(base, 2 * size, &rw, 1) == hipErrorInvalidValue);
  CHECK(hipMemSetAccess(nullptr, size, &rw, 1) == hipErrorInvalidValue);
  CHECK(hipMemSetAccess(base, size, &rw, 0) == hipErrorInvalidValue);
  REQUIRE(hipMemSetAccess(base, size, &rw, 1) == hipSuccess);
  const hipMemLocation dev5{hipMemLocationTypeDevice, 5};
  CHECK(hipMemGetAccess(&flags, &dev5, base) == hipErrorInvalidValue);
  CHECK(hipMemGetAccess(nullptr, &dev0, base) == hipErrorInvalidValue);

  // Export: only the type it was created for (none here), never a Windows handle on Linux.
  CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypeWin32, 0) == hipErrorInvalidValue);
  CHECK(hipMemExportToShareableHandle(&fd, garbage, hipMemHandleTypePosixFileDescriptor, 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 1) ==
        hipErrorInvalidValue);
  // Import: no descriptor, or one that is no shareable memory (an odd-sized file).
  CHECK(hipMemImportFromShareableHandle(&out, reinterpret_cast<void*>(intptr_t{-1}),
                                        hipMemHandleTypePosixFileDescriptor) == hipErrorInvalidValue);
  const int odd = memfd_create("unihip-odd", 0);
  REQUIRE(odd >= 0);
  REQUIRE(ftruncate(odd, 100) == 0);
  CHECK(hipMemImportFromShareableHandle(&out, reinterpret_cast<void*>(intptr_t{odd}),
                                        hipMemHandleTypePosixFileDescriptor) == hipErrorInvalidValue);
  close(odd);
  CHECK(hipMemImportFromShareableHandle(&out, reinterpret_cast<void*>(intptr_t{3}),
                                        hipMemHandleTypeWin32) == hipErrorInvalidValue);
  CHECK(hipMemGetAllocationPropertiesFromHandle(nullptr, h) == hipErrorInvalidValue);
  hipMemAllocationProp got{};
  CHECK(hipMemGetAllocationPropertiesFromHandle(&got, garbage) == hipErrorInvalidValue);

  // Freeing: not a reservation's exact range, or memory still mapped in it.
  CHECK(hipMemAddressFree(base, size) == hipErrorInvalidValue);
  CHECK(hipMemAddressFree(base, 2 * size) == hipErrorInvalidValue);
  CHECK(fakeStat(kVmemReservations) == before.reservations + 1);  // still reserved
  // Unmapping: part of a mapping, or beyond it.
  CHECK(hipMemUnmap(base, kPage) == hipErrorInvalidValue);
  CHECK(hipMemUnmap(base, 2 * size) == hipErrorInvalidValue);
  CHECK(hipMemUnmap(base + size, size) == hipErrorInvalidValue);
  CHECK(fakeStat(kVmemMappings) == before.mappings + 1);
  static_cast<uint32_t*>(va)[0] = 7;  // the mapping is intact
  REQUIRE(hipMemUnmap(base, size) == hipSuccess);
  CHECK(hipMemUnmap(base, size) == hipErrorInvalidValue);
  REQUIRE(hipMemRelease(h) == hipSuccess);
  CHECK(hipMemMap(base, size, 0, h, 0) == hipErrorInvalidValue);  // released
  CHECK(hipMemRelease(garbage) == hipErrorInvalidValue);
  REQUIRE(hipMemAddressFree(va, 2 * size) == hipSuccess);
  CHECK(hipMemAddressFree(va, 2 * size) == hipErrorInvalidValue);
  CHECK(VmemCounts{} == before);
}

// Sparse arrays: AMD's runtime answers hipErrorNotSupported after its null/count checks.
TEST_CASE("HSA hipMemMapArrayAsync: not supported, as in AMD's runtime", "[hsa][vmm]") {
  FakeRuntime rt;
  const hipMemAllocationProp prop = deviceProp();
  hipMemGenericAllocationHandle_t h = nullptr;
  REQUIRE(hipMemCreate(&h, 4 * kPage, &prop, 0) == hipSuccess);
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t array = nullptr;
  REQUIRE(hipMallocArray(&array, &desc, 64, 64, 0) == hipSuccess);
  hipArrayMapInfo info{};
  info.resourceType = hipResourceTypeArray;
  info.resource.array = array;
  info.subresourceType = hipArraySparseSubresourceTypeSparseLevel;
  info.memOperationType = hipMemOperationTypeMap;
  info.memHandleType = hipMemHandleTypeGeneric;
  info.memHandle.memHandle = h;
  info.deviceBitMask = 1;
  CHECK(hipMemMapArrayAsync(nullptr, 1, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemMapArrayAsync(&info, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemMapArrayAsync(&info, 1, nullptr) == hipErrorNotSupported);
  REQUIRE(hipFreeArray(array) == hipSuccess);
  REQUIRE(hipMemRelease(h) == hipSuccess);
}

TEST_CASE("HSA virtual memory without the driver's virtual memory API: not supported",
          "[hsa][vmm]") {
  setVmem(false);
  {
    FakeRuntime rt;
    const hipMemAllocationProp prop = deviceProp();
    size_t granule = 0;
    void* va = nullptr;
    hipMemGenericAllocationHandle_t h = nullptr;
    CHECK(hipMemGetAllocationGranularity(&granule, &prop, hipMemAllocationGranularityMinimum) ==
          hipErrorNotSupported);
    CHECK(hipMemAddressReserve(&va, 1 << 21, 0, nullptr, 0) == hipErrorNotSupported);
    CHECK(hipMemCreate(&h, 1 << 21, &prop, 0) == hipErrorNotSupported);
    CHECK(hipMemImportFromShareableHandle(&h, reinterpret_cast<void*>(intptr_t{3}),
                                          hipMemHandleTypePosixFileDescriptor) ==
          hipErrorNotSupported);
    // Argument checks still come first.
    CHECK(hipMemCreate(nullptr, 1 << 21, &prop, 0) == hipErrorInvalidValue);
    CHECK(hipMemAddressReserve(&va, 0, 0, nullptr, 0) == hipErrorOutOfMemory);
  }
  setVmem(true);
}

TEST_CASE("HSA virtual memory without ROCr's hsa_amd_vmem_*: not supported", "[hsa][vmm]") {
  auto b = fakeBackend();
  // ROCr < 6 (the table of fake_rocr.h has none of the entry points).
  const hsa::HsaApi api = hsa::test::fakeApi();
  REQUIRE(api.hsa_amd_vmem_handle_create == nullptr);
  hsa::AgentInfo info;
  info.agent = hsa_agent_t{2};
  info.devicePool = hsa_amd_memory_pool_t{10};
  hsa::HsaMemoryPools ops(
      *b, api,
      hsa::HsaPoolHooks{[](int) { return hsa_agent_t{2}; }, [](int) { return Status(kOk); },
                        nullptr, nullptr, [&](int) { return &info; }});
  CHECK_FALSE(ops.vmmSupported());
  const hipMemAllocationProp prop = deviceProp();
  NativeAllocation allocation = 0;
  size_t granule = 0;
  void* va = nullptr;
  CHECK(ops.memCreate(0, prop, 1 << 21, &allocation) == hipErrorNotSupported);
  CHECK(ops.granularity(0, prop, hipMemAllocationGranularityMinimum, &granule) ==
        hipErrorNotSupported);
  CHECK(ops.addressReserve(0, 1 << 21, 0, nullptr, &va) == hipErrorNotSupported);
  CHECK(ops.memRetain(0, &granule, &allocation) == hipErrorNotSupported);
  // One entry point missing is enough to go without.
  hsa::HsaApi full;
  std::string reason;
  REQUIRE(hsa::loadHsaApiFrom({UNIHIP_FAKE_HSA_LIBRARY}, &full, &reason));
  hsa::HsaApi partial = full;
  partial.hsa_amd_vmem_retain_alloc_handle = nullptr;
  hsa::HsaMemoryPools partialOps(
      *b, partial,
      hsa::HsaPoolHooks{[](int) { return hsa_agent_t{2}; }, [](int) { return Status(kOk); },
                        nullptr, nullptr, [&](int) { return &info; }});
  CHECK_FALSE(partialOps.vmmSupported());
  hsa::HsaMemoryPools fullOps(
      *b, full,
      hsa::HsaPoolHooks{[](int) { return hsa_agent_t{2}; }, [](int) { return Status(kOk); },
                        nullptr, nullptr, [&](int) { return &info; }});
  CHECK(fullOps.vmmSupported());
  partialOps.releaseAll();
  fullOps.releaseAll();
  ops.releaseAll();
  hsa::unloadHsaApi(&full);
}

// AMD's runtime has no external semaphores on Linux (clr's ROCm device imports none):
// hipImportExternalSemaphore checks its arguments, then answers hipErrorNotSupported.
TEST_CASE("HSA external semaphores answer as AMD's runtime on Linux", "[hsa][vmm][external]") {
  FakeRuntime rt;
  hipExternalSemaphore_t sem = nullptr;
  hipExternalSemaphoreHandleDesc d{};
  d.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  d.handle.fd = 5;
  CHECK(hipImportExternalSemaphore(nullptr, &d) == hipErrorInvalidValue);
  CHECK(hipImportExternalSemaphore(&sem, nullptr) == hipErrorInvalidValue);
  hipExternalSemaphoreHandleDesc bad = d;
  bad.type = static_cast<hipExternalSemaphoreHandleType>(0);
  CHECK(hipImportExternalSemaphore(&sem, &bad) == hipErrorInvalidValue);
  bad.type = hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;  // past D3D12Fence
  CHECK(hipImportExternalSemaphore(&sem, &bad) == hipErrorInvalidValue);
  bad.type = hipExternalSemaphoreHandleTypeD3D11Fence;
  CHECK(hipImportExternalSemaphore(&sem, &bad) == hipErrorInvalidValue);
  bad = d;
  bad.handle.fd = 0;
  CHECK(hipImportExternalSemaphore(&sem, &bad) == hipErrorInvalidValue);
  CHECK(hipImportExternalSemaphore(&sem, &d) == hipErrorNotSupported);
  bad = d;
  bad.handle.fd = -1;  // not zero: clr asks its device, which imports nothing
  CHECK(hipImportExternalSemaphore(&sem, &bad) == hipErrorNotSupported);
  bad.type = hipExternalSemaphoreHandleTypeD3D12Fence;
  CHECK(hipImportExternalSemaphore(&sem, &bad) == hipErrorNotSupported);
  CHECK(sem == nullptr);
  // Nothing can be signaled or waited on: no semaphore exists.
  auto* garbage = reinterpret_cast<hipExternalSemaphore_t>(uintptr_t{0x1000});
  hipExternalSemaphoreSignalParams sig{};
  CHECK(hipSignalExternalSemaphoresAsync(&garbage, &sig, 1, nullptr) == hipErrorInvalidValue);
  CHECK(hipDestroyExternalSemaphore(garbage) == hipErrorInvalidValue);
}
