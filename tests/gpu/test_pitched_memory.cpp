// Pitched allocations, 2-D copies and 2-D/3-D fills on the device, checked byte by byte on the
// host.
#include <cstdint>
#include <cstring>
#include <vector>

#include "gpu_test_support.h"

TEST_CASE("hipMallocPitch, hipMemcpy2D both ways and device to device, hipMemset2D") {
  const size_t width = 100, height = 37;  // a row narrower than the pitch
  char* d = nullptr;
  size_t pitch = 0;
  HIP_REQUIRE(hipMallocPitch(reinterpret_cast<void**>(&d), &pitch, width, height));
  CHECK(pitch >= width);
  std::vector<uint8_t> host(width * height), back(width * height, 0);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<uint8_t>(i * 7 + 3);
  HIP_REQUIRE(hipMemset(d, 0xEE, pitch * height));
  HIP_REQUIRE(hipMemcpy2D(d, pitch, host.data(), width, width, height, hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpy2D(back.data(), width, d, pitch, width, height, hipMemcpyDeviceToHost));
  CHECK(back == host);
  // The padding between rows is untouched.
  std::vector<uint8_t> raw(pitch * height);
  HIP_REQUIRE(hipMemcpy(raw.data(), d, raw.size(), hipMemcpyDeviceToHost));
  int padding = 0;
  for (size_t y = 0; y < height; ++y)
    for (size_t x = width; x < pitch; ++x) padding += raw[y * pitch + x] != 0xEE;
  CHECK(padding == 0);

  // Device to device on a stream, into a second pitched allocation, then a 2-D fill.
  char* e = nullptr;
  size_t epitch = 0;
  HIP_REQUIRE(hipMallocPitch(reinterpret_cast<void**>(&e), &epitch, width, height));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipMemcpy2DAsync(e, epitch, d, pitch, width, height, hipMemcpyDeviceToDevice, s));
  HIP_REQUIRE(hipMemset2DAsync(e, epitch, 0x5A, width / 2, height / 2, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  std::fill(back.begin(), back.end(), 0);
  HIP_REQUIRE(hipMemcpy2D(back.data(), width, e, epitch, width, height, hipMemcpyDefault));
  int wrong = 0;
  for (size_t y = 0; y < height; ++y)
    for (size_t x = 0; x < width; ++x) {
      const uint8_t want = (y < height / 2 && x < width / 2) ? 0x5A : host[y * width + x];
      wrong += back[y * width + x] != want;
    }
  CHECK(wrong == 0);
  CHECK(hipMemset2D(e, epitch, 0, width, height + 1) == hipErrorInvalidValue);  // past the end
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(e));
}

TEST_CASE("hipMalloc3D and hipMemset3D fill exactly the extent") {
  const hipExtent alloc = make_hipExtent(64, 8, 4);
  hipPitchedPtr p{};
  HIP_REQUIRE(hipMalloc3D(&p, alloc));
  CHECK(p.pitch >= 64);
  CHECK(p.xsize == 64);
  CHECK(p.ysize == 8);
  const size_t slice = p.pitch * p.ysize;
  HIP_REQUIRE(hipMemset(p.ptr, 0, slice * alloc.depth));
  HIP_REQUIRE(hipMemset3D(p, 0x11, make_hipExtent(10, 3, 2)));
  std::vector<uint8_t> raw(slice * alloc.depth);
  HIP_REQUIRE(hipMemcpy(raw.data(), p.ptr, raw.size(), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (size_t z = 0; z < alloc.depth; ++z)
    for (size_t y = 0; y < alloc.height; ++y)
      for (size_t x = 0; x < p.pitch; ++x) {
        const uint8_t want = (z < 2 && y < 3 && x < 10) ? 0x11 : 0;
        wrong += raw[z * slice + y * p.pitch + x] != want;
      }
  CHECK(wrong == 0);
  HIP_CHECK(hipFree(p.ptr));
}

TEST_CASE("hipMemcpy3D and hipMemcpyParam2D move sub-boxes between host and pitched memory") {
  const hipExtent alloc = make_hipExtent(48, 6, 5);
  hipPitchedPtr d{};
  HIP_REQUIRE(hipMalloc3D(&d, alloc));
  const size_t n = alloc.width * alloc.height * alloc.depth;
  std::vector<uint8_t> host(n), back(n, 0);
  for (size_t i = 0; i < n; ++i) host[i] = static_cast<uint8_t>(i * 13 + 1);
  hipMemcpy3DParms up{};
  up.srcPtr = make_hipPitchedPtr(host.data(), alloc.width, alloc.width, alloc.height);
  up.dstPtr = d;
  up.extent = alloc;
  up.kind = hipMemcpyHostToDevice;
  HIP_REQUIRE(hipMemcpy3D(&up));
  // Back: only the box at (4, 1, 2) of 10 x 3 x 2, into the same place of a zeroed host copy.
  hipMemcpy3DParms down{};
  down.srcPtr = d;
  down.srcPos = make_hipPos(4, 1, 2);
  down.dstPtr = make_hipPitchedPtr(back.data(), alloc.width, alloc.width, alloc.height);
  down.dstPos = make_hipPos(4, 1, 2);
  down.extent = make_hipExtent(10, 3, 2);
  down.kind = hipMemcpyDeviceToHost;
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipMemcpy3DAsync(&down, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  int wrong = 0;
  for (size_t z = 0; z < alloc.depth; ++z)
    for (size_t y = 0; y < alloc.height; ++y)
      for (size_t x = 0; x < alloc.width; ++x) {
        const size_t i = (z * alloc.height + y) * alloc.width + x;
        const bool inBox = z >= 2 && z < 4 && y >= 1 && y < 4 && x >= 4 && x < 14;
        wrong += back[i] != (inBox ? host[i] : 0);
      }
  CHECK(wrong == 0);

  // Driver style: the first slice's rows 2..4, packed into host memory.
  std::vector<uint8_t> rows(alloc.width * 3, 0);
  hip_Memcpy2D c{};
  c.srcMemoryType = hipMemoryTypeDevice;
  c.srcDevice = d.ptr;
  c.srcPitch = d.pitch;
  c.srcY = 2;
  c.dstMemoryType = hipMemoryTypeHost;
  c.dstHost = rows.data();
  c.WidthInBytes = alloc.width;
  c.Height = 3;
  HIP_REQUIRE(hipMemcpyParam2D(&c));
  CHECK(rows[0] == host[2 * alloc.width]);
  CHECK(rows.back() == host[5 * alloc.width - 1]);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d.ptr));
}

// hip-tests' hipDrvMemcpy2DUnaligned NegTst (SIGSEGV before): rows past the end of the
// allocation are hipErrorInvalidValue, whatever the members the copy does not use hold; and
// hip-tests' pitches: 260-byte rows are 512 apart (AMD's 256-byte alignment).
TEST_CASE("hipDrvMemcpy2DUnaligned: regions past the allocation are refused") {
  for (int n : {3, 4, 100}) {
    int* src = nullptr;
    int* dst = nullptr;
    HIP_REQUIRE(hipMalloc(&src, sizeof(int) * n * n));
    HIP_REQUIRE(hipMalloc(&dst, sizeof(int) * n * n));
    auto copy = [&](size_t srcY, size_t dstY, size_t width, size_t height) {
      hip_Memcpy2D c;
      std::memset(&c, 0xA5, sizeof c);  // uninitialized in the test
      c.srcXInBytes = c.dstXInBytes = 0;
      c.srcY = srcY;
      c.dstY = dstY;
      c.srcMemoryType = c.dstMemoryType = hipMemoryTypeDevice;
      c.srcDevice = src;
      c.dstDevice = dst;
      c.WidthInBytes = width;
      c.Height = height;
      c.srcPitch = c.dstPitch = n * sizeof(int);
      return hipDrvMemcpy2DUnaligned(&c);
    };
    CHECK(copy(n, 0, sizeof(int), 1) == hipErrorInvalidValue);
    CHECK(copy(0, n, sizeof(int), 1) == hipErrorInvalidValue);
    CHECK(copy(0, 0, sizeof(int) * n, n + 1) == hipErrorInvalidValue);
    CHECK(copy(0, 0, sizeof(int) * n, n) == hipSuccess);
    HIP_CHECK(hipFree(src));
    HIP_CHECK(hipFree(dst));
  }
  void* p = nullptr;
  size_t pitch = 0;
  HIP_REQUIRE(hipMallocPitch(&p, &pitch, 260, 2));
  CHECK(pitch == 512);
  HIP_CHECK(hipFree(p));
  (void)hipGetLastError();
}
