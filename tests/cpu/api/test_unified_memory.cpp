// Managed memory, registered host memory and pointer attributes over the fake backend: AMD's
// argument checks and codes, what reaches the backend (device numbering, ranges), and what the
// queries answer afterwards.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "api_cases.h"
#include "base/allocation_map.h"
#include "build_files.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("hipMallocManaged: checks, then memory the map knows as managed") {
  installFake(2);
  void* p = reinterpret_cast<void*>(0x1);
  CHECK(hipMallocManaged(nullptr, 64) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 0) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 64, hipMemAttachSingle) == hipErrorInvalidValue);
  REQUIRE(hipMallocManaged(&p, 64, hipMemAttachHost) == hipSuccess);
  REQUIRE(p != nullptr);
  static_cast<int*>(p)[15] = 7;  // host-accessible
  hipPointerAttribute_t attr{};
  REQUIRE(hipPointerGetAttributes(&attr, static_cast<char*>(p) + 8) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeManaged);
  CHECK(attr.isManaged == 1);
  CHECK(attr.device == 0);
  CHECK(attr.devicePointer == static_cast<char*>(p) + 8);
  CHECK(attr.hostPointer == static_cast<char*>(p) + 8);
  CHECK(attr.allocationFlags == hipMemAttachHost);
  CHECK(hipMemset(p, 0, 64) == hipSuccess);  // fills know managed memory
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipPointerGetAttributes(&attr, p) == hipSuccess);  // HIP 7: not an error
  CHECK(attr.type == hipMemoryTypeUnregistered);  // gone
  float* typed = nullptr;
  REQUIRE(hipMallocManaged(&typed, 4 * sizeof(float)) == hipSuccess);  // C++ overload, default flag
  CHECK(hipFree(typed) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipMemPrefetchAsync / hipMemAdvise / range attributes reach the backend") {
  auto* fake = installFake(2);
  int buf[4] = {};
  void* p = nullptr;
  REQUIRE(hipMallocManaged(&p, 256) == hipSuccess);

  CHECK(hipMemPrefetchAsync(nullptr, 64, 0) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync(p, 0, 0) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync(p, 16, 7) == hipErrorInvalidDevice);
  CHECK(hipMemPrefetchAsync(p, 16, 0, destroyedStream()) == hipErrorContextIsDestroyed);
  CHECK(hipMemPrefetchAsync(buf, 16, 0) == hipErrorInvalidValue);  // not managed memory
  CHECK(hipMemPrefetchAsync(p, 257, 0) == hipErrorInvalidValue);   // past the allocation
  CHECK(fake->prefetches == 0);
  CHECK(hipMemPrefetchAsync(p, 256, 1) == hipSuccess);
  CHECK(fake->lastPrefetchTarget == 1);
  CHECK(hipMemPrefetchAsync(static_cast<char*>(p) + 128, 128, hipCpuDeviceId) == hipSuccess);
  CHECK(fake->lastPrefetchTarget == hipCpuDeviceId);
  CHECK(hipMemPrefetchAsync(p, 256, 1) == hipSuccess);

  CHECK(hipMemAdvise(nullptr, 16, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 0, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 16, static_cast<hipMemoryAdvise>(77), 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 16, hipMemAdviseSetAccessedBy, 3) == hipErrorInvalidDevice);
  CHECK(hipMemAdvise(buf, 16, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 16, hipMemAdviseSetPreferredLocation, 1) == hipSuccess);
  CHECK(fake->lastAdvice == hipMemAdviseSetPreferredLocation);
  CHECK(fake->lastAdviceTarget == 1);
  CHECK(hipMemAdvise(p, 16, hipMemAdviseSetAccessedBy, hipCpuDeviceId) == hipSuccess);
  CHECK(fake->lastAdviceTarget == hipCpuDeviceId);

  int out = 0;
  CHECK(hipMemRangeGetAttribute(nullptr, 4, hipMemRangeAttributeReadMostly, p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, nullptr, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, p, 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 3, hipMemRangeAttributeReadMostly, p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, static_cast<hipMemRangeAttribute>(9), p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, buf, 16) ==
        hipErrorInvalidValue);
  out = -7;
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeLastPrefetchLocation, p, 16) ==
        hipSuccess);
  CHECK(out == 1);
  int accessedBy[3] = {};
  int last = -7;
  void* data[2] = {accessedBy, &last};
  size_t sizes[2] = {sizeof accessedBy, sizeof last};
  hipMemRangeAttribute attrs[2] = {hipMemRangeAttributeAccessedBy,
                                   hipMemRangeAttributeLastPrefetchLocation};
  CHECK(hipMemRangeGetAttributes(nullptr, sizes, attrs, 2, p, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 0, p, 16) == hipErrorInvalidValue);
  sizes[1] = 6;
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, p, 16) == hipErrorInvalidValue);
  sizes[1] = 4;
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, p, 16) == hipSuccess);
  CHECK(accessedBy[0] == 1);
  CHECK(accessedBy[1] == hipInvalidDeviceId);
  CHECK(last == 1);

  CHECK(hipStreamAttachMemAsync(nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(nullptr, p, 0, 0x10) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(destroyedStream(), p) == hipErrorContextIsDestroyed);
  CHECK(hipStreamAttachMemAsync(nullptr, buf) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(nullptr, p) == hipSuccess);
  CHECK(hipStreamAttachMemAsync(nullptr, p, 256, hipMemAttachSingle) == hipSuccess);
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipMemPrefetchAsync(p, 16, 0) == hipErrorInvalidValue);  // freed
  (void)hipGetLastError();
}

TEST_CASE("hipHostRegister: checks, device pointers, flags, unregister") {
  auto* fake = installFake();
  alignas(64) static int buf[64] = {};
  const auto offset = unihip::testing::FakeBackend::kRegisteredOffset;
  CHECK(hipHostRegister(nullptr, 64, 0) == hipErrorInvalidValue);
  CHECK(hipHostRegister(buf, 0, 0) == hipErrorInvalidValue);
  CHECK(hipHostRegister(buf, 64, 0x100) == hipErrorInvalidValue);
  void* d = nullptr;
  CHECK(hipHostGetDevicePointer(&d, buf, 0) == hipErrorInvalidValue);  // not registered yet
  REQUIRE(hipHostRegister(buf, sizeof buf, hipHostRegisterMapped) == hipSuccess);
  CHECK(fake->registrations == 1);
  CHECK(hipHostRegister(buf, sizeof buf, 0) == hipErrorHostMemoryAlreadyRegistered);
  CHECK(hipHostRegister(buf + 8, 16, 0) == hipErrorHostMemoryAlreadyRegistered);  // inside
  alignas(64) static int wide[256] = {};
  REQUIRE(hipHostRegister(wide + 64, 64, 0) == hipSuccess);
  CHECK(hipHostRegister(wide, sizeof wide, 0) == hipErrorHostMemoryAlreadyRegistered);  // around
  CHECK(hipHostRegister(wide + 128, 64, 0) == hipSuccess);  // adjacent, not overlapping
  CHECK(hipHostUnregister(wide + 64) == hipSuccess);
  CHECK(hipHostUnregister(wide + 128) == hipSuccess);

  CHECK(hipHostGetDevicePointer(nullptr, buf, 0) == hipErrorInvalidValue);
  CHECK(hipHostGetDevicePointer(&d, buf, 1) == hipErrorInvalidValue);
  CHECK(hipHostGetDevicePointer(&d, nullptr, 0) == hipErrorInvalidValue);
  REQUIRE(hipHostGetDevicePointer(&d, buf + 4, 0) == hipSuccess);
  CHECK(reinterpret_cast<uintptr_t>(d) == reinterpret_cast<uintptr_t>(buf + 4) + offset);
  unsigned flags = 0;
  CHECK(hipHostGetFlags(nullptr, buf) == hipErrorInvalidValue);
  CHECK(hipHostGetFlags(&flags, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipHostGetFlags(&flags, buf + 1) == hipSuccess);
  CHECK(flags == hipHostRegisterMapped);
  hipPointerAttribute_t attr{};
  REQUIRE(hipPointerGetAttributes(&attr, buf + 2) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeHost);
  CHECK(attr.hostPointer == buf + 2);
  CHECK(reinterpret_cast<uintptr_t>(attr.devicePointer) ==
        reinterpret_cast<uintptr_t>(buf + 2) + offset);
  CHECK(hipMemset(buf, 1, sizeof buf) == hipSuccess);  // registered memory may be filled
  CHECK(hipFree(buf) == hipErrorInvalidValue);         // but is the user's, not freed
  CHECK(hipHostFree(buf) == hipErrorInvalidValue);

  CHECK(hipHostUnregister(nullptr) == hipErrorInvalidValue);
  CHECK(hipHostUnregister(buf + 1) == hipErrorHostMemoryNotRegistered);  // not the base
  CHECK(hipHostUnregister(buf) == hipSuccess);
  CHECK(fake->registrations == 0);
  CHECK(hipHostUnregister(buf) == hipErrorHostMemoryNotRegistered);
  CHECK(hipHostGetFlags(&flags, buf) == hipErrorInvalidValue);
  CHECK(hipMemset(buf, 0, sizeof buf) == hipErrorInvalidValue);  // unknown again

  int* pinned = nullptr;
  REQUIRE(hipHostMalloc(&pinned, 64, hipHostMallocMapped) == hipSuccess);
  CHECK(hipHostUnregister(pinned) == hipErrorHostMemoryNotRegistered);  // pinned, not registered
  REQUIRE(hipHostGetDevicePointer(&d, pinned + 3, 0) == hipSuccess);
  CHECK(d == pinned + 3);  // mapped at its host address
  REQUIRE(hipHostGetFlags(&flags, pinned) == hipSuccess);
  CHECK(flags == hipHostMallocMapped);
  CHECK(hipHostFree(pinned) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hip7: hipPointerGetAttributes of a null or unknown pointer succeeds, unregistered",
          "[hip7][pointer]") {
  installFake(1);
  int x = 0;
  for (const void* ptr : {static_cast<const void*>(nullptr), static_cast<const void*>(&x)}) {
    hipPointerAttribute_t attr;
    std::memset(&attr, 0x5a, sizeof attr);
    (void)hipGetLastError();
    CHECK(hipPointerGetAttributes(&attr, ptr) == hipSuccess);
    CHECK(attr.type == hipMemoryTypeUnregistered);
    CHECK(attr.device == hipInvalidDeviceId);
    CHECK(attr.devicePointer == nullptr);
    CHECK(attr.hostPointer == nullptr);
    CHECK(attr.isManaged == 0);
    CHECK(attr.allocationFlags == 0u);
    CHECK(hipGetLastError() == hipSuccess);  // nothing recorded
  }
  // The output pointer is still required (AMD's runtime refuses it too).
  CHECK(hipPointerGetAttributes(nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipPointerGetAttributes(nullptr, &x) == hipErrorInvalidValue);
  (void)hipGetLastError();
  // The single-attribute queries keep CUDA's driver answers for unknown memory.
  unsigned type = 0;
  CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, &x) ==
        hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hipPointerGetAttributes / hipPointerGetAttribute / hipDrvPointerGetAttributes") {
  installFake(2);
  int x = 0;
  hipPointerAttribute_t attr{};
  CHECK(hipPointerGetAttributes(nullptr, &x) == hipErrorInvalidValue);
  CHECK(hipPointerGetAttributes(&attr, nullptr) == hipSuccess);  // HIP 7: not an error
  CHECK(attr.type == hipMemoryTypeUnregistered);
  CHECK(hipPointerGetAttributes(&attr, &x) == hipSuccess);  // HIP 7: not an error
  CHECK(attr.type == hipMemoryTypeUnregistered);  // memory HIP does not know

  REQUIRE(hipSetDevice(1) == hipSuccess);
  char* p = nullptr;
  REQUIRE(hipMalloc(&p, 128) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipPointerGetAttributes(&attr, p + 100) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeDevice);
  CHECK(attr.device == 1);
  CHECK(attr.devicePointer == p + 100);
  CHECK(attr.hostPointer == nullptr);
  CHECK(attr.isManaged == 0);

  unsigned type = 0;
  CHECK(hipPointerGetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, p) ==
        hipErrorInvalidValue);
  CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipPointerGetAttribute(&type, static_cast<hipPointer_attribute>(99), p) ==
        hipErrorInvalidValue);
  CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, &x) ==
        hipErrorInvalidValue);
  REQUIRE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, p + 1) == hipSuccess);
  CHECK(type == hipMemoryTypeDevice);
  void* start = nullptr;
  REQUIRE(hipPointerGetAttribute(&start, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, p + 5) ==
          hipSuccess);
  CHECK(start == p);
  // 32 bits, as AMD's runtime writes: the word after it is untouched.
  uint32_t size[2] = {0, 0xdeadbeef};
  REQUIRE(hipPointerGetAttribute(size, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, p + 5) == hipSuccess);
  CHECK(size[0] == 128);
  CHECK(size[1] == 0xdeadbeef);
  hipCtx_t ctx = nullptr;
  CHECK(hipPointerGetAttribute(&ctx, HIP_POINTER_ATTRIBUTE_CONTEXT, p) == hipErrorNotSupported);

  int ordinal = -1;
  bool managed = true;  // a bool, as AMD's runtime and CUDA write it
  hipPointer_attribute attrs[2] = {HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                   HIP_POINTER_ATTRIBUTE_IS_MANAGED};
  void* data[2] = {&ordinal, &managed};
  CHECK(hipDrvPointerGetAttributes(0, attrs, data, p) == hipErrorInvalidValue);
  CHECK(hipDrvPointerGetAttributes(1, nullptr, data, p) == hipErrorInvalidValue);
  CHECK(hipDrvPointerGetAttributes(2, attrs, data, &x) == hipErrorInvalidValue);
  REQUIRE(hipDrvPointerGetAttributes(2, attrs, data, p) == hipSuccess);
  CHECK(ordinal == 1);
  CHECK(!managed);
  // Device memory's host address: an error alone, null in the list form.
  void* host = &x;
  CHECK(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, p) ==
        hipErrorInvalidValue);
  hipPointer_attribute hostAndOrdinal[2] = {HIP_POINTER_ATTRIBUTE_HOST_POINTER,
                                            HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  void* data2[2] = {&host, &ordinal};
  host = &x;
  ordinal = -1;
  REQUIRE(hipDrvPointerGetAttributes(2, hostAndOrdinal, data2, p) == hipSuccess);
  CHECK(host == nullptr);
  CHECK(ordinal == 1);

  unsigned one = 1, two = 2;
  CHECK(hipPointerSetAttribute(nullptr, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) ==
        hipErrorInvalidValue);
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, p) ==
        hipErrorInvalidValue);
  CHECK(hipPointerSetAttribute(&two, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) ==
        hipErrorInvalidValue);
  int x2 = 0;
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, &x2) ==
        hipErrorInvalidDevicePointer);  // memory unihip did not allocate (AMD's code)
  bool syncMemops = true;  // a bool, as AMD's runtime and CUDA write it
  REQUIRE(hipPointerGetAttribute(&syncMemops, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) == hipSuccess);
  CHECK(!syncMemops);
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) == hipSuccess);
  REQUIRE(hipPointerGetAttribute(&syncMemops, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) == hipSuccess);
  CHECK(syncMemops);
  unsigned zero = 0;
  CHECK(hipPointerSetAttribute(&zero, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                               static_cast<char*>(p) + 1) == hipSuccess);  // inside it
  REQUIRE(hipPointerGetAttribute(&syncMemops, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) == hipSuccess);
  CHECK(!syncMemops);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipFree(p) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  // HIP 6 layout of hipPointerAttribute_t.
  CHECK(sizeof(hipPointerAttribute_t) == 32);
  CHECK(offsetof(hipPointerAttribute_t, devicePointer) == 8);
  CHECK(offsetof(hipPointerAttribute_t, allocationFlags) == 28);
  (void)hipGetLastError();
}

// hip-tests' hipPointerGetAttribute BufferID: an allocation made after a free gets a new buffer
// id even at the freed address (AMD numbers allocations; unihip's id was base/256 before).
TEST_CASE("pointer attributes: buffer ids are never reused") {
  installFake();
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  uint32_t first = 0, second = 0;
  REQUIRE(hipPointerGetAttribute(&first, HIP_POINTER_ATTRIBUTE_BUFFER_ID, p) == hipSuccess);
  CHECK(first != 0);
  REQUIRE(hipFree(p) == hipSuccess);
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  REQUIRE(hipPointerGetAttribute(&second, HIP_POINTER_ATTRIBUTE_BUFFER_ID,
                                 static_cast<char*>(p) + 8) == hipSuccess);
  CHECK(second != first);
  CHECK(hipFree(p) == hipSuccess);

  // The same address again, as a driver hands it out: a new id; a failed free's reinsertion
  // keeps its id.
  unihip::AllocationMap& map = unihip::AllocationMap::get();
  void* base = reinterpret_cast<void*>(uintptr_t{0x7e0000000000});
  map.insert({base, 256, 0, unihip::AllocationKind::Device});
  unihip::Allocation a;
  REQUIRE(map.take(base, &a));
  map.insert({base, 256, 0, unihip::AllocationKind::Device});
  unihip::Allocation b;
  REQUIRE(map.take(base, &b));
  CHECK(b.id != a.id);
  map.insert(b);
  unihip::Allocation again;
  REQUIRE(map.find(base, &again));
  CHECK(again.id == b.id);
  REQUIRE(map.take(base, &again));
  (void)hipGetLastError();
}

// hip-tests' hipMemcpy3D DeviceToDevice Synchronization_Behavior: the synchronous 2-D and 3-D
// copies between device memory queue without a host-side wait (AMD's ihipMemcpyParam3D, CUDA);
// with host memory on a side, or an unknown direction, they wait.
TEST_CASE("synchronous 2-D/3-D copies wait for the stream unless device to device") {
  FakeBackend* fake = installFake();
  hipPitchedPtr a{}, b{};
  const hipExtent e = make_hipExtent(32, 4, 2);
  REQUIRE(hipMalloc3D(&a, e) == hipSuccess);
  REQUIRE(hipMalloc3D(&b, e) == hipSuccess);
  std::memset(a.ptr, 5, a.pitch * 4 * 2);
  hipMemcpy3DParms p{};
  p.srcPtr = a;
  p.dstPtr = b;
  p.extent = e;
  p.kind = hipMemcpyDeviceToDevice;
  int waits = fake->streamSyncCalls;
  REQUIRE(hipMemcpy3D(&p) == hipSuccess);
  CHECK(fake->streamSyncCalls == waits);
  CHECK(static_cast<char*>(b.ptr)[b.pitch * 4 + 31] == 5);
  REQUIRE(hipMemcpy2D(b.ptr, b.pitch, a.ptr, a.pitch, 32, 4, hipMemcpyDeviceToDevice) ==
          hipSuccess);
  CHECK(fake->streamSyncCalls == waits);
  hip_Memcpy2D d{};
  d.srcMemoryType = d.dstMemoryType = hipMemoryTypeDevice;
  d.srcDevice = a.ptr;
  d.dstDevice = b.ptr;
  d.srcPitch = a.pitch;
  d.dstPitch = b.pitch;
  d.WidthInBytes = 32;
  d.Height = 4;
  REQUIRE(hipMemcpyParam2D(&d) == hipSuccess);
  CHECK(fake->streamSyncCalls == waits);
  // An unknown direction and host memory wait.
  p.kind = hipMemcpyDefault;
  REQUIRE(hipMemcpy3D(&p) == hipSuccess);
  CHECK(fake->streamSyncCalls == ++waits);
  std::vector<char> host(32 * 4);
  REQUIRE(hipMemcpy2D(host.data(), 32, a.ptr, a.pitch, 32, 4, hipMemcpyDeviceToHost) ==
          hipSuccess);
  CHECK(fake->streamSyncCalls == ++waits);
  CHECK(host[127] == 5);
  // The async forms never wait.
  p.kind = hipMemcpyDeviceToDevice;
  REQUIRE(hipMemcpy3DAsync(&p, nullptr) == hipSuccess);
  CHECK(fake->streamSyncCalls == waits);
  CHECK(hipFree(a.ptr) == hipSuccess);
  CHECK(hipFree(b.ptr) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipPointerSetAttribute SyncMemops: hipMemcpy between device memory of one device
// is queued without waiting (AMD's ihipMemcpy), unless both sides set SYNC_MEMOPS; host memory
// on either side waits.
TEST_CASE("hipMemcpy device to device waits only with SYNC_MEMOPS on both sides") {
  FakeBackend* fake = installFake();
  fake->logOperations = true;
  char* a = nullptr;
  char* b = nullptr;
  REQUIRE(hipMalloc(&a, 64) == hipSuccess);
  REQUIRE(hipMalloc(&b, 64) == hipSuccess);
  auto queued = [&] {
    size_t n = 0;
    for (const auto& op : fake->operations) n += op.kind == "copy";
    return n;
  };
  std::memset(a, 7, 64);
  REQUIRE(hipMemcpy(b, a, 64, hipMemcpyDeviceToDevice) == hipSuccess);
  CHECK(queued() == 1);
  CHECK(b[63] == 7);
  REQUIRE(hipMemcpy(b, a + 8, 16, hipMemcpyDefault) == hipSuccess);
  REQUIRE(hipMemcpyDtoD(b, a, 16) == hipSuccess);
  CHECK(queued() == 3);
  unsigned one = 1;
  REQUIRE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, a) == hipSuccess);
  REQUIRE(hipMemcpy(b, a, 64, hipMemcpyDeviceToDevice) == hipSuccess);  // one side only
  CHECK(queued() == 4);
  REQUIRE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, b) == hipSuccess);
  std::memset(a, 9, 64);
  REQUIRE(hipMemcpy(b, a, 64, hipMemcpyDeviceToDevice) == hipSuccess);  // the waiting copy
  CHECK(queued() == 4);
  CHECK(b[0] == 9);
  char* pinned = nullptr;
  REQUIRE(hipHostMalloc(&pinned, 64) == hipSuccess);
  unsigned zero = 0;
  REQUIRE(hipPointerSetAttribute(&zero, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, b) == hipSuccess);
  REQUIRE(hipMemcpy(pinned, a, 64, hipMemcpyDefault) == hipSuccess);  // host memory: waits
  CHECK(queued() == 4);
  CHECK(hipHostFree(pinned) == hipSuccess);
  CHECK(hipFree(a) == hipSuccess);
  CHECK(hipFree(b) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipMemAdvise_old ReadMostly: read-mostly names no location, so any device argument
// (99, -12) is accepted, as AMD's runtime does.
TEST_CASE("hipMemAdvise: read-mostly ignores the device argument") {
  auto* fake = installFake(1);
  void* p = nullptr;
  REQUIRE(hipMallocManaged(&p, 256) == hipSuccess);
  CHECK(hipMemAdvise(p, 256, hipMemAdviseSetReadMostly, 99) == hipSuccess);
  CHECK(hipMemAdvise(p, 256, hipMemAdviseUnsetReadMostly, -12) == hipSuccess);
  CHECK(fake->lastAdvice == hipMemAdviseUnsetReadMostly);
  CHECK(hipMemAdvise(p, 256, hipMemAdviseSetPreferredLocation, 99) == hipErrorInvalidDevice);
  CHECK(hipFree(p) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipMemCoherencyTst (hipMalloc memory is coarse grained) and hipGetProcAddress's
// ManagedMemory (the coarse-grain advice reads back): hipMemRangeAttributeCoherencyMode as AMD's
// runtime answers it, where the backend keeps no coherence modes (CUDA).
TEST_CASE("hipMemRangeAttributeCoherencyMode: device, pinned and advised managed memory") {
  installFake(1);
  int mode = -1;
  void* d = nullptr;
  REQUIRE(hipMalloc(&d, 64) == hipSuccess);
  REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, d, 64) ==
          hipSuccess);
  CHECK(mode == hipMemRangeCoherencyModeCoarseGrain);
  CHECK(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, d, 65) ==
        hipErrorInvalidValue);  // past the allocation
  void* h = nullptr;
  REQUIRE(hipHostMalloc(&h, 64, hipHostMallocDefault) == hipSuccess);
  REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, h, 64) ==
          hipSuccess);
  CHECK(mode == hipMemRangeCoherencyModeFineGrain);
  void* m = nullptr;
  REQUIRE(hipMallocManaged(&m, 256) == hipSuccess);
  REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, m, 256) ==
          hipSuccess);
  CHECK(mode == hipMemRangeCoherencyModeFineGrain);
  REQUIRE(hipMemAdvise(m, 256, hipMemAdviseSetCoarseGrain, 0) == hipSuccess);
  REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, m, 256) ==
          hipSuccess);
  CHECK(mode == hipMemRangeCoherencyModeCoarseGrain);
  REQUIRE(hipMemAdvise(m, 256, hipMemAdviseUnsetCoarseGrain, 0) == hipSuccess);
  REQUIRE(hipMemRangeGetAttribute(&mode, 4, hipMemRangeAttributeCoherencyMode, m, 256) ==
          hipSuccess);
  CHECK(mode == hipMemRangeCoherencyModeFineGrain);
  CHECK(hipFree(d) == hipSuccess);
  CHECK(hipHostFree(h) == hipSuccess);
  CHECK(hipFree(m) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipPointerGetAttribute Negative, hipPointerSetAttribute Negative_Parameters and
// hipGetProcAddress SetAndGetAttributes: device memory has no host pointer; setting an attribute
// of memory unihip did not allocate is hipErrorInvalidDevicePointer; the boolean attributes are
// written as one bool (a wider write would overrun the caller's).
TEST_CASE("pointer attributes: host pointer of device memory, unknown memory, bool widths") {
  installFake(1);
  void* d = nullptr;
  REQUIRE(hipMalloc(&d, 64) == hipSuccess);
  void* host = &d;
  CHECK(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, d) ==
        hipErrorInvalidValue);
  CHECK(host == nullptr);
  int stackWord = 0;
  unsigned one = 1;
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, &stackWord) ==
        hipErrorInvalidDevicePointer);
  void* freed = nullptr;
  REQUIRE(hipMalloc(&freed, 64) == hipSuccess);
  REQUIRE(hipFree(freed) == hipSuccess);
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, freed) ==
        hipErrorInvalidDevicePointer);
  for (hipPointer_attribute attr : {HIP_POINTER_ATTRIBUTE_MAPPED, HIP_POINTER_ATTRIBUTE_IS_MANAGED,
                                    HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS}) {
    unsigned char bytes[4] = {0xEE, 0xEE, 0xEE, 0xEE};
    REQUIRE(hipPointerGetAttribute(bytes, attr, d) == hipSuccess);
    CHECK(bytes[0] == (attr == HIP_POINTER_ATTRIBUTE_MAPPED ? 1 : 0));
    CHECK((bytes[1] == 0xEE && bytes[2] == 0xEE && bytes[3] == 0xEE));  // one byte written
  }
  uint32_t access = 0xEEEEEEEE;
  REQUIRE(hipPointerGetAttribute(&access, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, d) == hipSuccess);
  CHECK(access == 0);
  CHECK(hipFree(d) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' module/hipManagedKeyword.cc (Unit_hipModuleGetGlobal_Functional): a module loaded by
// hipModuleLoad sets its __managed__ variables up as AMD's DynCO::initDynManagedVars does —
// managed memory holding the value of `name.managed`, the pointer variable `name` pointed at
// it — and hipModuleGetGlobal answers the managed memory; unload frees it.
TEST_CASE("hipModuleLoad sets up a module's __managed__ variables") {
  auto* fake = installFake(1, "gfx90a");
  fake->moduleManaged = {"managedX"};
  // The fake's image symbols: "managedX.managed" holds the value, "managedX" the pointer.
  fake->managedPointers["managedX.managed"] = reinterpret_cast<void*>(uintptr_t{42});
  const int liveBefore = fake->managedLive.load();
  hipModule_t m = nullptr;
  REQUIRE(hipModuleLoad(&m, buildFilePath(UNIHIP_TEST_FATBIN).c_str()) == hipSuccess);
  CHECK(fake->managedLive.load() == liveBefore + 1);
  void* storage = fake->managedPointers["managedX"];
  REQUIRE(storage != nullptr);
  CHECK(*static_cast<uintptr_t*>(storage) == 42);  // the initial value, copied in
  hipDeviceptr_t p = nullptr;
  size_t bytes = 0;
  REQUIRE(hipModuleGetGlobal(&p, &bytes, m, "managedX") == hipSuccess);
  CHECK(p == storage);
  CHECK(bytes == sizeof(void*));
  hipPointerAttribute_t attr{};
  REQUIRE(hipPointerGetAttributes(&attr, p) == hipSuccess);
  CHECK(attr.isManaged == 1);
  REQUIRE(hipModuleUnload(m) == hipSuccess);
  CHECK(fake->managedLive.load() == liveBefore);
  fake->moduleManaged.clear();
  (void)hipGetLastError();
}
