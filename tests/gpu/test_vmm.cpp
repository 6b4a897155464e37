// Virtual memory management on the GPU: reserve, create, map, grant access, write from a kernel,
// read back, share the physical memory through a second mapping (export/import of a file
// descriptor), retain, unmap, release; and HIP's codes for misuse.
#include <unistd.h>

#include <cstdint>
#include <vector>

#include "gpu_test_support.h"
#include "pool_kernels.h"

namespace {

hipMemAllocationProp deviceProp(hipMemAllocationHandleType handles = hipMemHandleTypeNone) {
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleTypes = handles;
  prop.location = {hipMemLocationTypeDevice, 0};
  return prop;
}

size_t wrongOnHost(const unsigned* p, size_t n, unsigned seed) {
  std::vector<unsigned> host(n);
  HIP_CHECK(hipMemcpy(host.data(), p, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) wrong += host[i] != seed + static_cast<unsigned>(i);
  return wrong;
}

}  // namespace

TEST_CASE("vmm: reserve, map, access, kernel writes, second mapping, unmap", "[vmm]") {
  int supported = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&supported, hipDeviceAttributeVirtualMemoryManagementSupported,
                                    0));
  REQUIRE(supported == 1);
  hipMemAllocationProp prop = deviceProp(hipMemHandleTypePosixFileDescriptor);
  size_t gran = 0, recommended = 0;
  HIP_REQUIRE(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  HIP_REQUIRE(hipMemGetAllocationGranularity(&recommended, &prop,
                                             hipMemAllocationGranularityRecommended));
  REQUIRE(gran > 0);
  CHECK(recommended % gran == 0);
  const size_t size = 2 * gran;
  const size_t n = size / sizeof(unsigned);

  void* va = nullptr;
  HIP_REQUIRE(hipMemAddressReserve(&va, 2 * size, 0, nullptr, 0));
  REQUIRE(va != nullptr);
  hipMemGenericAllocationHandle_t h = nullptr;
  HIP_REQUIRE(hipMemCreate(&h, size, &prop, 0));
  hipMemAllocationProp got{};
  HIP_REQUIRE(hipMemGetAllocationPropertiesFromHandle(&got, h));
  CHECK(got.type == hipMemAllocationTypePinned);
  CHECK(got.location.type == hipMemLocationTypeDevice);
  CHECK(got.location.id == 0);

  HIP_REQUIRE(hipMemMap(va, size, 0, h, 0));
  hipMemAccessDesc rw{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  HIP_REQUIRE(hipMemSetAccess(va, size, &rw, 1));
  unsigned long long flags = 0;
  hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  HIP_REQUIRE(hipMemGetAccess(&flags, &dev0, va));
  CHECK(flags == hipMemAccessFlagsProtReadWrite);

  unsigned* p = static_cast<unsigned*>(va);
  HIP_REQUIRE(launchPoolFill(p, n, 5, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  CHECK(wrongOnHost(p, n, 5) == 0);
  hipPointerAttribute_t attrs{};
  HIP_REQUIRE(hipPointerGetAttributes(&attrs, p + 1));
  CHECK(attrs.type == hipMemoryTypeDevice);
  HIP_CHECK(hipMemset(p, 0, sizeof(unsigned)));  // fills know the mapped range
  CHECK(hipFree(va) == hipErrorInvalidValue);     // mapped memory is not hipFree's

  // The same physical memory through a file descriptor and a second mapping.
  int fd = -1;
  HIP_REQUIRE(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0));
  REQUIRE(fd >= 0);
  hipMemGenericAllocationHandle_t imported = nullptr;
  HIP_REQUIRE(hipMemImportFromShareableHandle(
      &imported, reinterpret_cast<void*>(static_cast<uintptr_t>(fd)),
      hipMemHandleTypePosixFileDescriptor));
  close(fd);
  char* second = static_cast<char*>(va) + size;
  HIP_REQUIRE(hipMemMap(second, size, 0, imported, 0));
  HIP_REQUIRE(hipMemSetAccess(second, size, &rw, 1));
  HIP_REQUIRE(launchPoolFill(p, n, 77, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  CHECK(wrongOnHost(reinterpret_cast<unsigned*>(second), n, 77) == 0);

  // Retain gives a handle to the mapped allocation; every reference is released once.
  hipMemGenericAllocationHandle_t retained = nullptr;
  HIP_REQUIRE(hipMemRetainAllocationHandle(&retained, p + 3));
  CHECK(retained == h);
  HIP_CHECK(hipMemRelease(retained));

  HIP_REQUIRE(hipMemUnmap(second, size));
  HIP_REQUIRE(hipMemUnmap(va, size));
  CHECK(hipPointerGetAttributes(&attrs, p) == hipSuccess);  // HIP 7: not an error
  CHECK(attrs.type == hipMemoryTypeUnregistered);
  HIP_CHECK(hipMemRelease(imported));
  HIP_CHECK(hipMemRelease(h));
  CHECK(hipMemRelease(h) == hipErrorInvalidValue);  // released
  HIP_CHECK(hipMemAddressFree(va, 2 * size));
  (void)hipGetLastError();
}

TEST_CASE("vmm: HIP's codes for misuse on the GPU", "[vmm]") {
  hipMemAllocationProp prop = deviceProp();
  size_t gran = 0;
  HIP_REQUIRE(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  void* va = nullptr;
  HIP_REQUIRE(hipMemAddressReserve(&va, 2 * gran, 0, nullptr, 0));
  hipMemGenericAllocationHandle_t h = nullptr;
  CHECK(hipMemCreate(&h, gran / 2, &prop, 0) != hipSuccess);  // not a granule multiple
  (void)hipGetLastError();
  HIP_REQUIRE(hipMemCreate(&h, gran, &prop, 0));
  char* const base = static_cast<char*>(va);
  int local = 0;
  CHECK(hipMemMap(base + 2 * gran, gran, 0, h, 0) == hipErrorInvalidValue);  // past the end
  CHECK(hipMemMap(base + gran + gran / 2, gran, 0, h, 0) == hipErrorInvalidValue);
  CHECK(hipMemMap(&local, gran, 0, h, 0) == hipErrorInvalidValue);
  CHECK(hipMemMap(va, gran, 0, reinterpret_cast<hipMemGenericAllocationHandle_t>(&local), 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemMap(va, gran / 2, 0, h, 0) != hipSuccess);  // wrong granularity
  (void)hipGetLastError();
  HIP_REQUIRE(hipMemMap(va, gran, 0, h, 0));
  CHECK(hipMemMap(va, gran, 0, h, 0) == hipErrorInvalidValue);  // mapped already
  hipMemAccessDesc badDev{{hipMemLocationTypeDevice, 99}, hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(va, gran, &badDev, 1) == hipErrorInvalidValue);
  hipMemAccessDesc rw{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(&local, gran, &rw, 1) == hipErrorInvalidValue);
  unsigned long long flags = 0;
  hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  CHECK(hipMemGetAccess(&flags, &dev0, &local) == hipErrorInvalidValue);
  hipMemGenericAllocationHandle_t retained = nullptr;
  CHECK(hipMemRetainAllocationHandle(&retained, &local) == hipErrorInvalidValue);
  int fd = -1;
  CHECK(hipMemExportToShareableHandle(&fd, h, hipMemHandleTypePosixFileDescriptor, 0) !=
        hipSuccess);  // created without a requested handle type
  (void)hipGetLastError();
  CHECK(hipMemUnmap(&local, gran) == hipErrorInvalidValue);
  HIP_CHECK(hipMemUnmap(va, gran));
  CHECK(hipMemAddressFree(va, gran) == hipErrorInvalidValue);  // not the reserved size
  HIP_CHECK(hipMemRelease(h));
  CHECK(hipMemRelease(h) == hipErrorInvalidValue);
  HIP_CHECK(hipMemAddressFree(va, 2 * gran));
  CHECK(hipMemAddressFree(va, 2 * gran) == hipErrorInvalidValue);
  hipArrayMapInfo info{};
  CHECK(hipMemMapArrayAsync(&info, 1, nullptr) == hipErrorInvalidValue);  // names no array
  (void)hipGetLastError();
}

// hip-tests' hipMemAddressReserve Negative: size 0, a size short of whole granules and an
// alignment that is not a power of two are hipErrorMemoryAllocation (AMD's answer).
TEST_CASE("vmm: reservations of no or partial granules", "[vmm]") {
  int vmm = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, 0));
  if (vmm == 0) {
    WARN("no virtual memory management on device 0");
    return;
  }
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.location = {hipMemLocationTypeDevice, 0};
  size_t gran = 0;
  HIP_REQUIRE(hipMemGetAllocationGranularity(&gran, &prop, hipMemAllocationGranularityMinimum));
  void* va = nullptr;
  CHECK(hipMemAddressReserve(&va, 0, 0, nullptr, 0) == hipErrorMemoryAllocation);
  CHECK(hipMemAddressReserve(&va, gran - 1, 0, nullptr, 0) == hipErrorMemoryAllocation);
  CHECK(hipMemAddressReserve(&va, gran, 3, nullptr, 0) == hipErrorMemoryAllocation);
  (void)hipGetLastError();
}
