// The memory family beyond linear memory: pitched allocations, 2-D/3-D copies and fills (rows
// over the fake backend), and arrays over a backend without an image family: HIP's argument
// checks first (AMD's codes), then hipErrorNotSupported, never a false success.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>

#include "api_cases.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("pitched allocations and 2D copies") {
  installFake();
  void* p = reinterpret_cast<void*>(0x1);
  size_t pitch = 0;
  CHECK(hipMallocPitch(nullptr, &pitch, 16, 4) == hipErrorInvalidValue);
  CHECK(hipMallocPitch(&p, nullptr, 16, 4) == hipErrorInvalidValue);
  CHECK(hipMallocPitch(&p, &pitch, 16, 0) == hipSuccess);
  CHECK(p == nullptr);
  REQUIRE(hipMallocPitch(&p, &pitch, 100, 4) == hipSuccess);
  CHECK(pitch >= 100);
  CHECK(pitch % 128 == 0);
  size_t base = 0, size = 0;
  void* start = nullptr;
  CHECK(hipMemGetAddressRange(&start, &size, p) == hipSuccess);
  CHECK(size == pitch * 4);
  (void)base;
  CHECK(hipFree(p) == hipSuccess);
  hipDeviceptr_t dp = nullptr;
  CHECK(hipMemAllocPitch(&dp, &pitch, 0, 4, 4) == hipErrorInvalidValue);
  CHECK(hipMemAllocPitch(&dp, &pitch, 16, 4, 3) == hipErrorInvalidValue);
  CHECK(hipMemAllocPitch(nullptr, &pitch, 16, 4, 4) == hipErrorInvalidValue);
  REQUIRE(hipMemAllocPitch(&dp, &pitch, 16, 4, 8) == hipSuccess);
  CHECK(pitch >= 16);
  CHECK(hipFree(dp) == hipSuccess);

  char a[64] = {}, b[64] = {};
  const auto bad = static_cast<hipMemcpyKind>(9);
  CHECK(hipMemcpy2D(a, 16, b, 16, 8, 4, bad) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2D(nullptr, 16, nullptr, 16, 0, 4, hipMemcpyHostToHost) == hipSuccess);
  CHECK(hipMemcpy2D(a, 4, b, 16, 8, 4, hipMemcpyHostToHost) == hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2D(a, 16, b, 4, 8, 4, hipMemcpyHostToHost) == hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2D(nullptr, 16, b, 16, 8, 4, hipMemcpyHostToHost) == hipErrorInvalidValue);
  for (int i = 0; i < 64; ++i) b[i] = static_cast<char>(i + 1);
  CHECK(hipMemcpy2D(a, 16, b, 16, 8, 4, hipMemcpyHostToHost) == hipSuccess);
  CHECK(a[7] == 8);
  CHECK(a[8] == 0);  // between rows: untouched
  CHECK(a[55] == 56);
  CHECK(hipMemcpy2D(a, 8, b, 16, 8, 4, hipMemcpyHostToHost) == hipSuccess);  // packs the rows
  CHECK(a[8] == 17);
  CHECK(a[31] == 56);
  CHECK(hipMemcpy2DAsync(a, 16, b, 16, 8, 4, bad) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2DAsync(a, 16, b, 16, 8, 4, hipMemcpyDefault, destroyedStream()) ==
        hipErrorContextIsDestroyed);
  CHECK(hipMemcpy2DAsync(a, 16, b, 16, 16, 4, hipMemcpyDefault) == hipSuccess);  // contiguous
  CHECK(a[63] == 64);
  CHECK(hipMemcpy2D_spt(a, 4, b, 16, 8, 4, hipMemcpyDefault) == hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2D_spt(a, 16, b, 16, 8, 4, hipMemcpyDefault) == hipSuccess);
  CHECK(hipMemcpy2DAsync_spt(a, 16, nullptr, 16, 8, 4, hipMemcpyDefault, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DAsync_spt(a, 16, b, 16, 8, 4, hipMemcpyDefault, nullptr) == hipSuccess);
  (void)hipGetLastError();
}

// The fake backend has no image family: valid calls answer hipErrorNotSupported after the checks;
// a handle unihip never made (0x1000) is rejected without being dereferenced.
TEST_CASE("arrays and mipmapped arrays: validated, then not supported") {
  installFake();
  hipArray_t array = nullptr;
  const hipChannelFormatDesc f32 = {32, 0, 0, 0, hipChannelFormatKindFloat};
  const hipChannelFormatDesc three = {8, 8, 8, 0, hipChannelFormatKindUnsigned};
  const hipChannelFormatDesc f8 = {8, 0, 0, 0, hipChannelFormatKindFloat};
  CHECK(hipMallocArray(nullptr, &f32, 16) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, nullptr, 16) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, &three, 16) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, &f8, 16) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, &f32, 0) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, &f32, 16, 4, hipArrayCubemap) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, &f32, 16, 0, hipArrayTextureGather) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&array, &f32, 16) == hipErrorNotSupported);
  CHECK(hipMalloc3DArray(&array, &f32, make_hipExtent(0, 4, 4), 0) == hipErrorInvalidValue);
  CHECK(hipMalloc3DArray(&array, &f32, make_hipExtent(8, 4, 4), 0) == hipErrorNotSupported);

  HIP_ARRAY_DESCRIPTOR d = {16, 4, HIP_AD_FORMAT_FLOAT, 3};
  CHECK(hipArrayCreate(&array, nullptr) == hipErrorInvalidValue);
  CHECK(hipArrayCreate(&array, &d) == hipErrorInvalidValue);
  d.NumChannels = 4;
  CHECK(hipArrayCreate(&array, &d) == hipErrorNotSupported);
  HIP_ARRAY3D_DESCRIPTOR d3 = {16, 4, 2, HIP_AD_FORMAT_UNSIGNED_INT8, 1, 0x40};
  CHECK(hipArray3DCreate(&array, &d3) == hipErrorInvalidValue);
  d3.Flags = hipArrayLayered;
  CHECK(hipArray3DCreate(nullptr, &d3) == hipErrorInvalidValue);
  CHECK(hipArray3DCreate(&array, &d3) == hipErrorNotSupported);

  hipArray_t fake = reinterpret_cast<hipArray_t>(0x1000);
  CHECK(hipFreeArray(nullptr) == hipErrorInvalidValue);
  CHECK(hipFreeArray(fake) == hipErrorContextIsDestroyed);  // AMD: not a live array
  CHECK(hipArrayDestroy(nullptr) == hipErrorInvalidValue);
  CHECK(hipArrayDestroy(fake) == hipErrorContextIsDestroyed);
  hipChannelFormatDesc desc;
  hipExtent extent;
  unsigned flags;
  CHECK(hipArrayGetInfo(&desc, &extent, &flags, nullptr) == hipErrorInvalidHandle);
  CHECK(hipArrayGetInfo(nullptr, nullptr, nullptr, fake) == hipErrorInvalidHandle);
  CHECK(hipArrayGetInfo(&desc, nullptr, nullptr, fake) == hipErrorInvalidHandle);
  CHECK(hipArrayGetDescriptor(&d, nullptr) == hipErrorInvalidHandle);
  CHECK(hipArrayGetDescriptor(nullptr, fake) == hipErrorInvalidHandle);
  CHECK(hipArrayGetDescriptor(&d, fake) == hipErrorInvalidHandle);
  CHECK(hipArray3DGetDescriptor(&d3, nullptr) == hipErrorInvalidHandle);
  CHECK(hipArray3DGetDescriptor(nullptr, fake) == hipErrorInvalidHandle);
  CHECK(hipArray3DGetDescriptor(&d3, fake) == hipErrorInvalidHandle);

  char buf[64] = {};
  const auto bad = static_cast<hipMemcpyKind>(9);
  CHECK(hipMemcpy2DToArray(fake, 0, 0, buf, 16, 8, 2, bad) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2DToArray(nullptr, 0, 0, buf, 16, 8, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  // The handle before the linear side (AMD's order): a garbage handle is hipErrorInvalidHandle.
  CHECK(hipMemcpy2DToArray(fake, 0, 0, nullptr, 16, 8, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArray(fake, 0, 0, buf, 4, 8, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArray(fake, 0, 0, buf, 16, 8, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArrayAsync(fake, 0, 0, buf, 16, 8, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArrayAsync(fake, 0, 0, buf, 16, 8, 2, hipMemcpyHostToDevice,
                                destroyedStream()) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpy2DToArray_spt(nullptr, 0, 0, buf, 16, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArray_spt(fake, 0, 0, buf, 16, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArrayAsync_spt(fake, 0, 0, buf, 16, 8, 2, hipMemcpyDefault, nullptr) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArray(buf, 16, nullptr, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArray(nullptr, 16, fake, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArray(buf, 16, fake, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArrayAsync(buf, 4, fake, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArrayAsync(buf, 16, fake, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArray_spt(buf, 16, fake, 0, 0, 8, 2, bad) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2DFromArray_spt(buf, 16, fake, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DFromArrayAsync_spt(buf, 16, fake, 0, 0, 8, 2, hipMemcpyDefault, nullptr) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DArrayToArray(fake, 0, 0, nullptr, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpy2DArrayToArray(fake, 0, 0, fake, 0, 0, 8, 2, bad) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2DArrayToArray(fake, 0, 0, fake, 0, 0, 8, 2, hipMemcpyDefault) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpyToArray(nullptr, 0, 0, buf, 8, hipMemcpyHostToDevice) == hipErrorInvalidHandle);
  CHECK(hipMemcpyToArray(fake, 0, 0, buf, 8, hipMemcpyHostToDevice) == hipErrorInvalidHandle);
  CHECK(hipMemcpyFromArray(nullptr, fake, 0, 0, 8, hipMemcpyDeviceToHost) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpyFromArray(buf, fake, 0, 0, 8, hipMemcpyDeviceToHost) == hipErrorInvalidHandle);
  CHECK(hipMemcpyFromArray_spt(buf, nullptr, 0, 0, 8, hipMemcpyDeviceToHost) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpyFromArray_spt(buf, fake, 0, 0, 8, hipMemcpyDeviceToHost) ==
        hipErrorInvalidHandle);

  CHECK(hipMemcpyAtoA(nullptr, 0, fake, 0, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyAtoA(fake, 0, fake, 0, 8) == hipErrorInvalidHandle);
  CHECK(hipMemcpyAtoD(nullptr, fake, 0, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyAtoD(buf, fake, 0, 8) == hipErrorInvalidHandle);
  CHECK(hipMemcpyDtoA(fake, 0, nullptr, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyDtoA(fake, 0, buf, 8) == hipErrorInvalidHandle);
  CHECK(hipMemcpyAtoH(buf, nullptr, 0, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyAtoH(buf, fake, 0, 8) == hipErrorInvalidHandle);
  CHECK(hipMemcpyHtoA(fake, 0, nullptr, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyHtoA(fake, 0, buf, 8) == hipErrorInvalidHandle);
  CHECK(hipMemcpyAtoHAsync(buf, fake, 0, 8, destroyedStream()) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpyAtoHAsync(buf, fake, 0, 8, nullptr) == hipErrorInvalidHandle);
  CHECK(hipMemcpyHtoAAsync(nullptr, 0, buf, 8, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyHtoAAsync(fake, 0, buf, 8, nullptr) == hipErrorInvalidHandle);

  hipMipmappedArray_t mm = nullptr;
  hipMipmappedArray_t fakeMm = reinterpret_cast<hipMipmappedArray_t>(0x2000);
  CHECK(hipMallocMipmappedArray(nullptr, &f32, make_hipExtent(8, 8, 0), 2) ==
        hipErrorInvalidValue);
  CHECK(hipMallocMipmappedArray(&mm, &three, make_hipExtent(8, 8, 0), 2) == hipErrorInvalidValue);
  CHECK(hipMallocMipmappedArray(&mm, &f32, make_hipExtent(8, 8, 0), 2) == hipErrorNotSupported);
  CHECK(hipFreeMipmappedArray(nullptr) == hipErrorInvalidValue);
  CHECK(hipFreeMipmappedArray(fakeMm) == hipErrorContextIsDestroyed);
  CHECK(hipGetMipmappedArrayLevel(nullptr, fakeMm, 0) == hipErrorInvalidValue);
  CHECK(hipGetMipmappedArrayLevel(&array, nullptr, 0) == hipErrorInvalidHandle);  // AMD
  CHECK(hipGetMipmappedArrayLevel(&array, fakeMm, 0) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayCreate(&mm, nullptr, 2) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayCreate(&mm, &d3, 0) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayCreate(&mm, &d3, 2) == hipErrorNotSupported);
  CHECK(hipMallocMipmappedArray(&mm, &f32, make_hipExtent(0, 8, 0), 2) == hipErrorInvalidValue);
  CHECK(hipMallocMipmappedArray(&mm, &f32, make_hipExtent(8, 8, 0), 0) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayDestroy(nullptr) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayDestroy(fakeMm) == hipErrorContextIsDestroyed);
  CHECK(hipMipmappedArrayGetLevel(nullptr, fakeMm, 1) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayGetLevel(&array, fakeMm, 1) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("3D and driver-style copies and fills: checks, then rows of linear memory") {
  installFake();
  char a[256] = {}, b[256] = {};
  hipMemcpy3DParms p = {};
  CHECK(hipMemcpy3D(nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpy3D(&p) == hipErrorInvalidValue);  // neither array nor pointer
  p.srcPtr = make_hipPitchedPtr(a, 16, 16, 4);
  p.dstPtr = make_hipPitchedPtr(b, 16, 16, 4);
  p.extent = make_hipExtent(8, 4, 2);
  p.kind = static_cast<hipMemcpyKind>(9);
  CHECK(hipMemcpy3D(&p) == hipErrorInvalidMemcpyDirection);
  p.kind = hipMemcpyHostToHost;
  p.dstArray = reinterpret_cast<hipArray_t>(0x1000);  // both array and pointer
  CHECK(hipMemcpy3D(&p) == hipErrorInvalidValue);
  p.dstArray = nullptr;
  p.srcPtr.pitch = 4;
  CHECK(hipMemcpy3D(&p) == hipErrorInvalidPitchValue);
  p.srcPtr.pitch = 16;
  for (int i = 0; i < 256; ++i) a[i] = static_cast<char>(i);
  p.srcPos = make_hipPos(1, 1, 0);
  CHECK(hipMemcpy3D(&p) == hipSuccess);  // 2 slices of 4 rows of 8 bytes, slices 64 bytes apart
  CHECK(b[0] == 17);                     // from (x 1, y 1)
  CHECK(b[7] == 24);
  CHECK(b[8] == 0);
  CHECK(b[64 + 3 * 16] == static_cast<char>(64 + 4 * 16 + 1));
  p.srcPos = make_hipPos(0, 0, 0);
  CHECK(hipMemcpy3DAsync(&p) == hipSuccess);
  CHECK(hipMemcpy3DAsync(&p, destroyedStream()) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpy3D_spt(&p) == hipSuccess);
  CHECK(hipMemcpy3DAsync_spt(&p, nullptr) == hipSuccess);
  CHECK(b[64 + 3 * 16 + 7] == static_cast<char>(64 + 3 * 16 + 7));
  p.dstPtr.ysize = 2;  // slices of 2 rows cannot hold 4
  CHECK(hipMemcpy3D(&p) == hipErrorInvalidValue);
  p.dstPtr.ysize = 4;
  hipMemcpy3DParms withArray = p;
  withArray.dstPtr = {};
  withArray.dstArray = reinterpret_cast<hipArray_t>(0x1000);
  CHECK(hipMemcpy3D(&withArray) == hipErrorInvalidHandle);  // not an array unihip made
  p.extent.depth = 0;
  CHECK(hipMemcpy3D(&p) == hipSuccess);
  CHECK(hipMemcpy3D_spt(nullptr) == hipErrorInvalidValue);

  HIP_MEMCPY3D c = {};
  CHECK(hipDrvMemcpy3D(nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvMemcpy3D(&c) == hipSuccess);  // empty extent
  c.WidthInBytes = 8;
  c.Height = 2;
  c.Depth = 1;
  c.srcMemoryType = hipMemoryTypeHost;
  c.dstMemoryType = hipMemoryTypeDevice;
  c.srcHost = a;
  CHECK(hipDrvMemcpy3D(&c) == hipErrorInvalidValue);  // no dstDevice
  c.dstDevice = b;
  c.dstPitch = 4;
  CHECK(hipDrvMemcpy3D(&c) == hipErrorInvalidValue);  // row wider than the pitch
  c.dstPitch = 16;
  std::memset(b, 0, sizeof b);
  c.srcY = 1;
  CHECK(hipDrvMemcpy3D(&c) == hipSuccess);  // packed source rows (pitch 0: 8 bytes)
  CHECK(b[0] == 8);
  CHECK(b[16] == 16);
  CHECK(b[8] == 0);
  CHECK(hipDrvMemcpy3DAsync(&c, nullptr) == hipSuccess);
  c.srcHeight = 1;  // source slices shorter than the copy
  CHECK(hipDrvMemcpy3D(&c) == hipErrorInvalidValue);
  c.srcHeight = 0;
  CHECK(hipDrvMemcpy3DAsync(&c, destroyedStream()) == hipErrorContextIsDestroyed);
  c.srcMemoryType = static_cast<hipMemoryType>(42);
  CHECK(hipDrvMemcpy3D(&c) == hipErrorInvalidValue);

  hip_Memcpy2D c2 = {};
  CHECK(hipMemcpyParam2D(nullptr) == hipErrorInvalidValue);
  CHECK(hipMemcpyParam2D(&c2) == hipSuccess);
  c2.WidthInBytes = 8;
  c2.Height = 2;
  c2.srcMemoryType = hipMemoryTypeArray;
  c2.dstMemoryType = hipMemoryTypeHost;
  c2.dstHost = b;
  CHECK(hipMemcpyParam2D(&c2) == hipErrorInvalidValue);  // no srcArray
  c2.srcArray = reinterpret_cast<hipArray_t>(0x1000);
  CHECK(hipMemcpyParam2D(&c2) == hipErrorInvalidHandle);  // not an array unihip made
  CHECK(hipMemcpyParam2DAsync(&c2) == hipErrorInvalidHandle);
  CHECK(hipMemcpyParam2DAsync(&c2, destroyedStream()) == hipErrorContextIsDestroyed);
  CHECK(hipDrvMemcpy2DUnaligned(nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvMemcpy2DUnaligned(&c2) == hipErrorInvalidHandle);

  hipPitchedPtr pp = {};
  CHECK(hipMalloc3D(nullptr, make_hipExtent(8, 8, 8)) == hipErrorInvalidValue);
  pp.ptr = a;
  CHECK(hipMalloc3D(&pp, make_hipExtent(8, 0, 8)) == hipSuccess);
  CHECK(pp.ptr == nullptr);
  REQUIRE(hipMalloc3D(&pp, make_hipExtent(8, 8, 8)) == hipSuccess);
  CHECK(pp.pitch >= 8);
  CHECK(pp.xsize == 8);
  CHECK(pp.ysize == 8);

  hipPitchedPtr fill = make_hipPitchedPtr(a, 16, 16, 4);
  CHECK(hipMemset3D(make_hipPitchedPtr(nullptr, 16, 16, 4), 0, make_hipExtent(0, 4, 1)) ==
        hipSuccess);
  CHECK(hipMemset3D(make_hipPitchedPtr(nullptr, 16, 16, 4), 0, make_hipExtent(8, 4, 1)) ==
        hipErrorInvalidValue);
  CHECK(hipMemset3D(make_hipPitchedPtr(a, 4, 16, 4), 0, make_hipExtent(8, 4, 1)) ==
        hipErrorInvalidValue);
  CHECK(hipMemset3D(fill, 0, make_hipExtent(8, 4, 1)) == hipErrorInvalidValue);  // host stack
  CHECK(hipMemset3DAsync(pp, 0, make_hipExtent(8, 4, 1), destroyedStream()) ==
        hipErrorContextIsDestroyed);
  CHECK(hipMemset3D(pp, 0, make_hipExtent(8, 8, 8)) == hipSuccess);
  CHECK(hipMemset3D(make_hipPitchedPtr(pp.ptr, pp.pitch, 8, 4), 0, make_hipExtent(8, 8, 2)) ==
        hipErrorInvalidValue);  // slices of 4 rows cannot hold 8
  CHECK(hipMemset3DAsync(pp, 7, make_hipExtent(4, 2, 3)) == hipSuccess);
  auto* bytes = static_cast<unsigned char*>(pp.ptr);
  const size_t slice = pp.pitch * pp.ysize;
  CHECK(bytes[0] == 7);
  CHECK(bytes[4] == 0);
  CHECK(bytes[pp.pitch + 3] == 7);
  CHECK(bytes[2 * pp.pitch] == 0);
  CHECK(bytes[2 * slice + pp.pitch + 3] == 7);
  CHECK(bytes[3 * slice] == 0);
  CHECK(hipMemset3D_spt(pp, 1, make_hipExtent(8, 8, 8)) == hipSuccess);
  CHECK(hipMemset3DAsync_spt(pp, 2, make_hipExtent(8, 8, 8), nullptr) == hipSuccess);
  CHECK(bytes[7 * slice + 7 * pp.pitch + 7] == 2);
  CHECK(hipFree(pp.ptr) == hipSuccess);
  (void)hipGetLastError();
}

