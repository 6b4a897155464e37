// The memory family's linear copies (hip_memcpy_linear.cpp), symbol copies on the per-thread
// stream, allocation aliases and pointer ranges, against a fake backend.
#include <catch2/catch.hpp>

#include <cstring>

#include "api_cases.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("linear copies on a stream move the bytes") {
  installFake();
  char host[16] = "unihip memcpy!";
  char back[16] = {};
  void* d = nullptr;
  void* d2 = nullptr;
  REQUIRE(hipMalloc(&d, sizeof host) == hipSuccess);
  REQUIRE(hipMalloc(&d2, sizeof host) == hipSuccess);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);

  CHECK(hipMemcpyHtoDAsync(d, host, sizeof host, s) == hipSuccess);
  CHECK(hipMemcpyDtoDAsync(d2, d, sizeof host, s) == hipSuccess);
  CHECK(hipMemcpyDtoHAsync(back, d2, sizeof host, s) == hipSuccess);
  CHECK(std::memcmp(host, back, sizeof host) == 0);

  std::memset(back, 0, sizeof back);
  CHECK(hipMemcpyWithStream(back, d, sizeof host, hipMemcpyDeviceToHost, s) == hipSuccess);
  CHECK(std::memcmp(host, back, sizeof host) == 0);
  std::memset(back, 0, sizeof back);
  CHECK(hipMemcpy_spt(back, d, sizeof host, hipMemcpyDefault) == hipSuccess);
  CHECK(std::memcmp(host, back, sizeof host) == 0);
  std::memset(back, 0, sizeof back);
  CHECK(hipMemcpyAsync_spt(back, d, sizeof host, hipMemcpyDeviceToHost, nullptr) == hipSuccess);
  CHECK(std::memcmp(host, back, sizeof host) == 0);
  CHECK(hipMemcpyAsync_spt(back, d, 4, hipMemcpyDeviceToHost, s) == hipSuccess);

  CHECK(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipFree(d) == hipSuccess);
  CHECK(hipFree(d2) == hipSuccess);
}

TEST_CASE("linear copies: HIP's answers to bad input") {
  installFake();
  char host[8] = {};
  void* d = nullptr;
  REQUIRE(hipMalloc(&d, 8) == hipSuccess);
  const auto bad = static_cast<hipMemcpyKind>(7);

  // Zero bytes: nothing to do, null pointers allowed.
  CHECK(hipMemcpyHtoDAsync(nullptr, nullptr, 0, nullptr) == hipSuccess);
  CHECK(hipMemcpyDtoHAsync(nullptr, nullptr, 0, nullptr) == hipSuccess);
  CHECK(hipMemcpyDtoDAsync(nullptr, nullptr, 0, nullptr) == hipSuccess);
  CHECK(hipMemcpyWithStream(nullptr, nullptr, 0, hipMemcpyDefault, nullptr) == hipSuccess);
  CHECK(hipMemcpy_spt(nullptr, nullptr, 0, hipMemcpyDefault) == hipSuccess);
  CHECK(hipMemcpyAsync_spt(nullptr, nullptr, 0, hipMemcpyDefault, nullptr) == hipSuccess);

  CHECK(hipMemcpyHtoDAsync(nullptr, host, 8, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyHtoDAsync(d, nullptr, 8, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyDtoHAsync(nullptr, d, 8, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyDtoDAsync(d, nullptr, 8, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyWithStream(host, nullptr, 8, hipMemcpyDeviceToHost, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy_spt(nullptr, d, 8, hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipMemcpyAsync_spt(host, nullptr, 8, hipMemcpyDeviceToHost, nullptr) ==
        hipErrorInvalidValue);

  // The kind is checked first.
  CHECK(hipMemcpyWithStream(nullptr, nullptr, 8, bad, nullptr) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy_spt(host, d, 8, bad) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpyAsync_spt(host, d, 0, bad, nullptr) == hipErrorInvalidMemcpyDirection);

  hipStream_t dead = destroyedStream();
  CHECK(hipMemcpyHtoDAsync(d, host, 8, dead) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpyDtoHAsync(host, d, 8, dead) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpyDtoDAsync(d, d, 8, dead) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpyWithStream(host, d, 8, hipMemcpyDeviceToHost, dead) ==
        hipErrorContextIsDestroyed);
  CHECK(hipMemcpyAsync_spt(host, d, 8, hipMemcpyDeviceToHost, dead) ==
        hipErrorContextIsDestroyed);
  CHECK(hipGetLastError() == hipErrorContextIsDestroyed);
  CHECK(hipFree(d) == hipSuccess);

  installNoBackend();
  CHECK(hipMemcpy_spt(host, host, 8, hipMemcpyHostToHost) == hipErrorNoDevice);
  CHECK(hipMemcpyHtoDAsync(host, host, 8, nullptr) == hipErrorNoDevice);
  (void)hipGetLastError();
}

TEST_CASE("symbol copies on the per-thread stream: HIP's answers to bad input") {
  installFake();
  int value = 0;
  const auto bad = static_cast<hipMemcpyKind>(7);
  CHECK(hipMemcpyToSymbol_spt(nullptr, &value, sizeof value) == hipErrorInvalidSymbol);
  CHECK(hipMemcpyFromSymbol_spt(&value, nullptr, sizeof value) == hipErrorInvalidSymbol);
  CHECK(hipMemcpyToSymbolAsync_spt(nullptr, &value, sizeof value, 0, hipMemcpyHostToDevice,
                                   nullptr) == hipErrorInvalidSymbol);
  CHECK(hipMemcpyFromSymbolAsync_spt(&value, nullptr, sizeof value, 0, hipMemcpyDeviceToHost,
                                     nullptr) == hipErrorInvalidSymbol);
  // &value is no registered variable either (pointers go to the C functions).
  CHECK(hipMemcpyToSymbol_spt(&value, &value, sizeof value) == hipErrorInvalidSymbol);
  // Directions that do not name the symbol's side as device memory.
  CHECK(hipMemcpyToSymbol_spt(&value, &value, 4, 0, hipMemcpyDeviceToHost) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpyFromSymbol_spt(&value, &value, 4, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpyToSymbolAsync_spt(&value, &value, 4, 0, bad, nullptr) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpyFromSymbolAsync_spt(&value, &value, 4, 0, bad, nullptr) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpyToSymbol_spt(&value, nullptr, 4) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("allocation aliases and typed overloads") {
  FakeBackend* fake = installFake();
  void* p = nullptr;
  CHECK(hipMemAllocHost(&p, 32) == hipSuccess);
  CHECK(p != nullptr);
  CHECK(hipHostFree(p) == hipSuccess);
  CHECK(hipMemAllocHost(nullptr, 32) == hipErrorInvalidValue);
  CHECK(hipExtHostAlloc(&p, 32, hipHostMallocCoherent) == hipSuccess);
  CHECK(hipHostFree(p) == hipSuccess);
  CHECK(hipExtHostAlloc(&p, 32, hipHostMallocCoherent | hipHostMallocNonCoherent) ==
        hipErrorInvalidValue);
  CHECK(hipExtHostAlloc(nullptr, 32, 0) == hipErrorInvalidValue);

  CHECK(hipExtMallocWithFlags(&p, 64, hipDeviceMallocDefault) == hipSuccess);
  CHECK(p != nullptr);
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipExtMallocWithFlags(&p, 64, 0x40) == hipErrorInvalidValue);
  CHECK(hipExtMallocWithFlags(&p, 16, hipMallocSignalMemory) == hipErrorInvalidValue);
  CHECK(hipExtMallocWithFlags(nullptr, 64, hipDeviceMallocFinegrained) == hipErrorInvalidValue);
  CHECK(hipExtMallocWithFlags(&p, 0, hipDeviceMallocUncached) == hipSuccess);
  CHECK(p == nullptr);
  CHECK(hipExtMallocWithFlags(&p, 64, hipDeviceMallocFinegrained) == hipErrorNotSupported);
  // Signal memory is coherent pinned host memory on every backend; hipFree releases it.
  CHECK(hipExtMallocWithFlags(nullptr, 8, hipMallocSignalMemory) == hipErrorInvalidValue);
  CHECK(hipExtMallocWithFlags(&p, 8, hipMallocSignalMemory) == hipSuccess);
  {
    hipPointerAttribute_t attr{};
    CHECK(hipPointerGetAttributes(&attr, p) == hipSuccess);
    CHECK(attr.type == hipMemoryTypeHost);
    *static_cast<uint64_t*>(p) = 1;  // the host writes it
  }
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipExtMallocWithFlags(&p, 64, hipDeviceMallocContiguous) == hipErrorNotSupported);
  // A device whose memory needs no flushes (NVIDIA's) gives ordinary device memory for all but
  // fine-grained memory.
  fake->caps.deviceMemoryIsUncached = true;
  for (unsigned kind : {hipDeviceMallocUncached, hipDeviceMallocContiguous}) {
    p = nullptr;
    CHECK(hipExtMallocWithFlags(&p, 8, kind) == hipSuccess);
    size_t size = 0;
    CHECK(hipMemPtrGetInfo(p, &size) == hipSuccess);
    CHECK(size == 8);
    CHECK(hipFree(p) == hipSuccess);
  }
  CHECK(hipExtMallocWithFlags(&p, 64, hipDeviceMallocFinegrained) == hipErrorNotSupported);
  fake->caps.deviceMemoryIsUncached = false;

  // HIP's C++ overloads: typed pointers, default flags.
  float* f = nullptr;
  CHECK(hipMalloc(&f, 4 * sizeof(float)) == hipSuccess);
  CHECK(hipFree(f) == hipSuccess);
  int* h = nullptr;
  CHECK(hipHostMalloc(&h, 16) == hipSuccess);
  CHECK(hipHostFree(h) == hipSuccess);
  CHECK(hipHostAlloc(&h, 16) == hipSuccess);
  CHECK(hipHostFree(h) == hipSuccess);
  double* m = nullptr;
  CHECK(hipMallocManaged(&m, 64) == hipSuccess);
  CHECK(hipFree(m) == hipSuccess);
  size_t pitch = 0;
  CHECK(hipMallocPitch(&f, &pitch, 0, 4) == hipSuccess);
  CHECK(f == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("pointer ranges: hipMemGetAddressRange and hipMemPtrGetInfo") {
  installFake();
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 100) == hipSuccess);
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  CHECK(hipMemGetAddressRange(&base, &size, static_cast<char*>(p) + 40) == hipSuccess);
  CHECK(base == p);
  CHECK(size == 100);
  size = 0;
  CHECK(hipMemPtrGetInfo(p, &size) == hipSuccess);
  CHECK(size == 100);

  int local = 0;
  CHECK(hipMemGetAddressRange(&base, &size, &local) == hipErrorNotFound);
  CHECK(hipMemPtrGetInfo(&local, &size) == hipErrorInvalidValue);
  CHECK(hipMemGetAddressRange(nullptr, &size, p) == hipErrorInvalidValue);
  CHECK(hipMemGetAddressRange(&base, nullptr, p) == hipErrorInvalidValue);
  CHECK(hipMemPtrGetInfo(p, nullptr) == hipErrorInvalidValue);
  size = 7;
  CHECK(hipMemPtrGetInfo(nullptr, &size) == hipSuccess);
  CHECK(size == 0);
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipMemGetAddressRange(&base, &size, p) == hipErrorNotFound);

  installNoBackend();
  CHECK(hipMemGetAddressRange(&base, &size, &local) == hipErrorNoDevice);
  (void)hipGetLastError();
}

// hip-tests' hipDrvMemcpy2DUnaligned NegTst (a SIGSEGV before): a driver-style 2D copy whose
// rows run past the end of the allocation its pointer lies in is hipErrorInvalidValue, and the
// copy never reaches the driver.
TEST_CASE("driver-style 2D copies inside their allocations", "[api][memory]") {
  installFake();
  constexpr int rows = 3, cols = 3;
  int* src = nullptr;
  int* dst = nullptr;
  REQUIRE(hipMalloc(&src, sizeof(int) * rows * cols) == hipSuccess);
  REQUIRE(hipMalloc(&dst, sizeof(int) * rows * cols) == hipSuccess);
  auto copy = [&](size_t srcY, size_t dstY, size_t width, size_t height) {
    hip_Memcpy2D c;
    std::memset(&c, 0xA5, sizeof c);  // the test leaves the unused members uninitialized
    c.srcXInBytes = 0;
    c.srcY = srcY;
    c.srcMemoryType = hipMemoryTypeDevice;
    c.srcDevice = src;
    c.dstXInBytes = 0;
    c.dstY = dstY;
    c.dstMemoryType = hipMemoryTypeDevice;
    c.dstDevice = dst;
    c.WidthInBytes = width;
    c.Height = height;
    c.srcPitch = c.dstPitch = cols * sizeof(int);
    return hipDrvMemcpy2DUnaligned(&c);
  };
  CHECK(copy(0, 0, sizeof(int) * cols, rows) == hipSuccess);
  CHECK(copy(rows - 1, 0, sizeof(int), 1) == hipSuccess);
  CHECK(copy(rows, 0, sizeof(int), 1) == hipErrorInvalidValue);  // source row past the end
  CHECK(copy(0, rows, sizeof(int), 1) == hipErrorInvalidValue);  // destination row past the end
  CHECK(copy(0, 0, sizeof(int) * cols, rows + 1) == hipErrorInvalidValue);  // one row too many
  CHECK(copy(SIZE_MAX / 4, 0, sizeof(int), 1) == hipErrorInvalidValue);     // offset overflows
  CHECK(hipFree(src) == hipSuccess);
  CHECK(hipFree(dst) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipExtMallocWithFlags Negative: more than the device has is hipErrorOutOfMemory
// for every kind, before the kind's support is looked at.
TEST_CASE("hipExtMallocWithFlags: sizes no device holds are out of memory", "[api][memory]") {
  installFake();
  void* p = nullptr;
  for (unsigned flags : {hipDeviceMallocDefault, hipDeviceMallocFinegrained,
                         hipDeviceMallocUncached, hipDeviceMallocContiguous})
    CHECK(hipExtMallocWithFlags(&p, SIZE_MAX, flags) == hipErrorOutOfMemory);
  CHECK(hipExtMallocWithFlags(&p, 64, hipDeviceMallocFinegrained) == hipErrorNotSupported);
  (void)hipGetLastError();
}

// hip-tests' hipGetProcAddress_Memory_APIs: pitches are AMD's (rows aligned to 256 bytes at
// least), so 260-byte rows are 512 apart.
TEST_CASE("hipMallocPitch / hipMalloc3D pitches are AMD's", "[api][memory]") {
  installFake();
  void* p = nullptr;
  size_t pitch = 0;
  REQUIRE(hipMallocPitch(&p, &pitch, 260, 2) == hipSuccess);
  CHECK(pitch == 512);
  size_t size = 0;
  REQUIRE(hipMemPtrGetInfo(p, &size) == hipSuccess);
  CHECK(size == 1024);
  CHECK(hipFree(p) == hipSuccess);
  hipPitchedPtr pp{};
  REQUIRE(hipMalloc3D(&pp, make_hipExtent(260, 16, 8)) == hipSuccess);
  CHECK(pp.pitch == 512);
  REQUIRE(hipMemPtrGetInfo(pp.ptr, &size) == hipSuccess);
  CHECK(size == 65536);
  CHECK(hipFree(pp.ptr) == hipSuccess);
  (void)hipGetLastError();
}
