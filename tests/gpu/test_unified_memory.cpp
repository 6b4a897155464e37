// Managed memory, registered host memory and mapped pinned memory used by kernels, and what the
// queries answer about them, on the GPU.
#include <cstdint>
#include <vector>

#include "gpu_test_support.h"
#include "kernels.h"

namespace {
constexpr int kN = 1 << 16;

// a[i] = i, b[i] = 2i: c[i] must be 3i.
void fillInputs(float* a, float* b) {
  for (int i = 0; i < kN; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(2 * i);
  }
}

int wrongSums(const float* c) {
  int wrong = 0;
  for (int i = 0; i < kN; ++i) wrong += c[i] != static_cast<float>(3 * i);
  return wrong;
}
}  // namespace

TEST_CASE("managed memory: host writes, kernel reads and writes, host reads; hints and queries") {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  HIP_REQUIRE(hipMallocManaged(&a, kN * sizeof(float)));
  HIP_REQUIRE(hipMallocManaged(&b, kN * sizeof(float)));
  HIP_REQUIRE(hipMallocManaged(&c, kN * sizeof(float), hipMemAttachGlobal));
  fillInputs(a, b);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_CHECK(hipMemAdvise(a, kN * sizeof(float), hipMemAdviseSetReadMostly, 0));
  HIP_CHECK(hipMemPrefetchAsync(a, kN * sizeof(float), 0, s));
  HIP_CHECK(hipMemPrefetchAsync(b, kN * sizeof(float), 0, s));
  HIP_REQUIRE(launchVectorAddChevrons(a, b, c, kN, s));
  HIP_CHECK(hipMemPrefetchAsync(c, kN * sizeof(float), hipCpuDeviceId, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(wrongSums(c) == 0);

  int readMostly = -1, lastPrefetch = -7;
  HIP_CHECK(hipMemRangeGetAttribute(&readMostly, 4, hipMemRangeAttributeReadMostly, a,
                                    kN * sizeof(float)));
  CHECK(readMostly == 1);
  HIP_CHECK(hipMemRangeGetAttribute(&lastPrefetch, 4, hipMemRangeAttributeLastPrefetchLocation,
                                    c, kN * sizeof(float)));
  CHECK(lastPrefetch == hipCpuDeviceId);
  hipPointerAttribute_t attr{};
  HIP_REQUIRE(hipPointerGetAttributes(&attr, c + 10));
  CHECK(attr.type == hipMemoryTypeManaged);
  CHECK(attr.isManaged == 1);
  CHECK(attr.devicePointer == c + 10);
  HIP_CHECK(hipStreamAttachMemAsync(s, c, 0, hipMemAttachSingle));
  HIP_REQUIRE(hipStreamSynchronize(s));
  int notManaged = 0;
  CHECK(hipMemPrefetchAsync(&notManaged, 4, 0, s) == hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  (void)hipGetLastError();
}

TEST_CASE("registered host memory: a kernel writes through its device pointer") {
  std::vector<float> a(kN), b(kN), c(kN, -1.0f);
  fillInputs(a.data(), b.data());
  HIP_REQUIRE(hipHostRegister(a.data(), kN * sizeof(float), hipHostRegisterDefault));
  HIP_REQUIRE(hipHostRegister(b.data(), kN * sizeof(float), hipHostRegisterMapped));
  HIP_REQUIRE(hipHostRegister(c.data(), kN * sizeof(float), hipHostRegisterMapped));
  CHECK(hipHostRegister(c.data(), 64, 0) == hipErrorHostMemoryAlreadyRegistered);
  void *da = nullptr, *db = nullptr, *dc = nullptr;
  HIP_REQUIRE(hipHostGetDevicePointer(&da, a.data(), 0));
  HIP_REQUIRE(hipHostGetDevicePointer(&db, b.data(), 0));
  HIP_REQUIRE(hipHostGetDevicePointer(&dc, c.data(), 0));
  HIP_REQUIRE(launchVectorAddChevrons(static_cast<float*>(da), static_cast<float*>(db),
                                      static_cast<float*>(dc), kN, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  CHECK(wrongSums(c.data()) == 0);
  // Copies to and from registered memory, and a fill.
  DeviceBuffer<float> d(kN);
  HIP_CHECK(hipMemcpy(d.ptr, a.data(), kN * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(c.data(), 0, kN * sizeof(float)));
  HIP_CHECK(hipMemcpy(c.data(), d.ptr, kN * sizeof(float), hipMemcpyDefault));
  CHECK(c[kN - 1] == static_cast<float>(kN - 1));
  unsigned flags = 0;
  HIP_CHECK(hipHostGetFlags(&flags, b.data()));
  CHECK(flags == hipHostRegisterMapped);
  hipPointerAttribute_t attr{};
  HIP_REQUIRE(hipPointerGetAttributes(&attr, c.data() + 5));
  CHECK(attr.type == hipMemoryTypeHost);
  CHECK(attr.hostPointer == c.data() + 5);
  CHECK(attr.devicePointer == static_cast<float*>(dc) + 5);
  HIP_CHECK(hipHostUnregister(a.data()));
  HIP_CHECK(hipHostUnregister(b.data()));
  HIP_CHECK(hipHostUnregister(c.data()));
  CHECK(hipHostUnregister(c.data()) == hipErrorHostMemoryNotRegistered);
  (void)hipGetLastError();
}

TEST_CASE("mapped pinned memory: hipHostGetDevicePointer and a kernel writing host memory") {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  HIP_REQUIRE(hipHostMalloc(&a, kN * sizeof(float), hipHostMallocMapped));
  HIP_REQUIRE(hipHostMalloc(&b, kN * sizeof(float), hipHostMallocMapped));
  HIP_REQUIRE(hipHostMalloc(&c, kN * sizeof(float), hipHostMallocMapped));
  fillInputs(a, b);
  void* dc = nullptr;
  HIP_REQUIRE(hipHostGetDevicePointer(&dc, c, 0));
  HIP_REQUIRE(launchVectorAddChevrons(a, b, static_cast<float*>(dc), kN, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  CHECK(wrongSums(c) == 0);
  unsigned type = 0;
  HIP_CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, c));
  CHECK(type == hipMemoryTypeHost);
  HIP_CHECK(hipHostFree(a));
  HIP_CHECK(hipHostFree(b));
  HIP_CHECK(hipHostFree(c));
}

// hip-tests' hipMemCoherencyTst, hipGetProcAddress ManagedMemory, hipMemAdvise_old ReadMostly,
// hipHostRegister Negative, hipExtMallocWithFlags Negative and the pointer attribute negatives:
// AMD's answers on NVIDIA.
TEST_CASE("memory answers that are AMD's: coherence, read-mostly, register, attributes") {
  int mode = -1;
  void* d = nullptr;
  HIP_REQUIRE(hipMalloc(&d, 64));
  HIP_REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, d, 64));
  CHECK(mode == hipMemRangeCoherencyModeCoarseGrain);
  void* host = &d;
  CHECK(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, d) ==
        hipErrorInvalidValue);
  bool mapped = false;
  HIP_REQUIRE(hipPointerGetAttribute(&mapped, HIP_POINTER_ATTRIBUTE_MAPPED, d));
  CHECK(mapped);
  int local = 0;
  unsigned one = 1;
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, &local) ==
        hipErrorInvalidDevicePointer);
  void* big = nullptr;
  CHECK(hipExtMallocWithFlags(&big, SIZE_MAX, hipDeviceMallocFinegrained) == hipErrorOutOfMemory);
  HIP_CHECK(hipFree(d));

  int managedSupported = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&managedSupported, hipDeviceAttributeManagedMemory, 0));
  if (managedSupported) {
    void* m = nullptr;
    HIP_REQUIRE(hipMallocManaged(&m, 4096));
    HIP_CHECK(hipMemAdvise(m, 4096, hipMemAdviseSetCoarseGrain, 0));
    HIP_REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, m, 4096));
    CHECK(mode == hipMemRangeCoherencyModeCoarseGrain);
    HIP_CHECK(hipMemAdvise(m, 4096, hipMemAdviseUnsetCoarseGrain, 0));
    HIP_REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, m, 4096));
    CHECK(mode == hipMemRangeCoherencyModeFineGrain);
    HIP_CHECK(hipMemAdvise(m, 4096, hipMemAdviseSetReadMostly, 99));
    HIP_CHECK(hipMemAdvise(m, 4096, hipMemAdviseUnsetReadMostly, -12));
    HIP_CHECK(hipFree(m));
  }

  // Registering far more than the buffer (and the machine) holds.
  std::vector<char> small(64);
  size_t freeMem = 0, total = 0;
  HIP_REQUIRE(hipMemGetInfo(&freeMem, &total));
  CHECK(hipHostRegister(small.data(), total * 4, 0) == hipErrorInvalidValue);
  (void)hipGetLastError();
}
