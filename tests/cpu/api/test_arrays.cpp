// Arrays, texture and surface objects over a fake image family (tests/support/fake_images.h):
// what the API layer hands the backend (shapes, copy boxes, driver-form descriptors), what it
// answers from its own records (descriptors, levels), and handle lifetimes.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <thread>
#include <vector>

#include "api_cases.h"
#include "fake_images.h"
#include "hip/hip_texture_types.h"
#include "install_fake.h"

using namespace unihip;
using namespace unihip::testing;

namespace {
FakeImageOps* installImages() {
  static FakeImageOps* images = nullptr;
  delete images;
  images = new FakeImageOps();
  installFake()->imageOps = images;
  return images;
}
}  // namespace

TEST_CASE("arrays over an image family: shapes, descriptors, lifetime", "[api][arrays]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc f32x2 = hipCreateChannelDesc<float2>();
  hipArray_t a = nullptr;
  REQUIRE(hipMallocArray(&a, &f32x2, 10, 3, hipArraySurfaceLoadStore) == hipSuccess);
  CHECK(images->liveArrays == 1);
  hipChannelFormatDesc desc{};
  hipExtent e{};
  unsigned flags = 0;
  REQUIRE(hipArrayGetInfo(&desc, &e, &flags, a) == hipSuccess);
  CHECK(desc.x == 32);
  CHECK(desc.y == 32);
  CHECK(desc.z == 0);
  CHECK(desc.f == hipChannelFormatKindFloat);
  CHECK(e.width == 10);
  CHECK(e.height == 3);
  CHECK(e.depth == 0);
  CHECK(flags == hipArraySurfaceLoadStore);
  HIP_ARRAY3D_DESCRIPTOR d3{};
  REQUIRE(hipArray3DGetDescriptor(&d3, a) == hipSuccess);
  CHECK(d3.Format == HIP_AD_FORMAT_FLOAT);
  CHECK(d3.NumChannels == 2);
  CHECK(hipGetChannelDesc(&desc, a) == hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  CHECK(images->liveArrays == 0);
  CHECK(hipFreeArray(a) == hipErrorContextIsDestroyed);  // freed already (AMD's code)
  CHECK(hipArrayGetInfo(&desc, &e, &flags, a) == hipErrorInvalidHandle);

  // Every channel kind and size maps to its driver format.
  struct Case {
    hipChannelFormatDesc desc;
    hipArray_Format format;
  };
  const Case cases[] = {
      {hipCreateChannelDesc<char>(), HIP_AD_FORMAT_SIGNED_INT8},
      {hipCreateChannelDesc<uchar4>(), HIP_AD_FORMAT_UNSIGNED_INT8},
      {hipCreateChannelDesc<short2>(), HIP_AD_FORMAT_SIGNED_INT16},
      {hipCreateChannelDesc<ushort1>(), HIP_AD_FORMAT_UNSIGNED_INT16},
      {hipCreateChannelDesc<int4>(), HIP_AD_FORMAT_SIGNED_INT32},
      {hipCreateChannelDesc<unsigned int>(), HIP_AD_FORMAT_UNSIGNED_INT32},
      {hipCreateChannelDescHalf2(), HIP_AD_FORMAT_HALF},
      {hipCreateChannelDesc<float4>(), HIP_AD_FORMAT_FLOAT},
  };
  for (const Case& c : cases) {
    REQUIRE(hipMalloc3DArray(&a, &c.desc, make_hipExtent(4, 4, 2), 0) == hipSuccess);
    HIP_ARRAY_DESCRIPTOR d{};
    REQUIRE(hipArrayGetDescriptor(&d, a) == hipSuccess);
    CHECK(d.Format == c.format);
    REQUIRE(hipGetChannelDesc(&desc, a) == hipSuccess);
    CHECK(std::memcmp(&desc, &c.desc, sizeof desc) == 0);
    CHECK(hipArrayDestroy(a) == hipSuccess);
  }
  // The backend's refusal comes back as its error, no handle made.
  a = nullptr;
  CHECK(hipMallocArray(&a, &f32x2, size_t(1) << 20, 1) == hipErrorInvalidValue);
  CHECK(a == nullptr);
  HIP_ARRAY_DESCRIPTOR bad{8, 8, static_cast<hipArray_Format>(0x11), 1};
  CHECK(hipArrayCreate(&a, &bad) == hipErrorInvalidValue);
  HIP_ARRAY3D_DESCRIPTOR bad3{8, 8, 2, static_cast<hipArray_Format>(0), 1, 0};
  CHECK(hipArray3DCreate(&a, &bad3) == hipErrorInvalidValue);
  CHECK(images->liveArrays == 0);
  (void)hipGetLastError();
}

TEST_CASE("arrays over an image family: every copy moves the right box", "[api][arrays]") {
  FakeImageOps* images = installImages();
  HIP_ARRAY_DESCRIPTOR ad{6, 4, HIP_AD_FORMAT_SIGNED_INT32, 1};
  hipArray_t a = nullptr, b = nullptr;
  REQUIRE(hipArrayCreate(&a, &ad) == hipSuccess);
  REQUIRE(hipArrayCreate(&b, &ad) == hipSuccess);
  std::vector<int> in(8 * 4);  // host rows 8 ints apart
  std::iota(in.begin(), in.end(), 0);
  REQUIRE(hipMemcpy2DToArray(a, 0, 0, in.data(), 32, 24, 4, hipMemcpyHostToDevice) == hipSuccess);
  CHECK(images->lastCopy.dst.kind == ImageCopySide::Kind::Array);
  CHECK(images->lastCopy.src.kind == ImageCopySide::Kind::Host);
  CHECK(images->lastCopy.widthInBytes == 24);
  CHECK(images->lastCopy.height == 4);
  std::vector<int> out(6 * 4, -1);
  REQUIRE(hipMemcpy2DFromArray(out.data(), 24, a, 0, 0, 24, 4, hipMemcpyDefault) == hipSuccess);
  CHECK(images->lastCopy.dst.kind == ImageCopySide::Kind::Unified);
  CHECK(out[5] == 5);
  CHECK(out[6] == 8);   // row 1 starts at host element 8
  CHECK(out[23] == 29);
  // A 2x2 box at (element 3, row 1), async on a stream.
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  int box[4] = {};
  REQUIRE(hipMemcpy2DFromArrayAsync(box, 8, a, 12, 1, 8, 2, hipMemcpyDeviceToHost, s) ==
          hipSuccess);
  CHECK(box[0] == 11);
  CHECK(box[3] == 20);
  // Past the array's edge: the backend refuses, nothing reported done.
  CHECK(hipMemcpy2DFromArray(box, 8, a, 20, 0, 8, 1, hipMemcpyDeviceToHost) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DToArray(a, 0, 3, in.data(), 32, 24, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  // Checks after the handle, in AMD's order: null linear side, then a pitch narrower than a row.
  CHECK(hipMemcpy2DToArray(a, 0, 0, nullptr, 32, 24, 4, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DToArray(a, 0, 0, in.data(), 16, 24, 4, hipMemcpyHostToDevice) ==
        hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2DFromArray(out.data(), 0, a, 0, 0, 24, 4, hipMemcpyDeviceToHost) ==
        hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2DToArray(a, 0, 0, in.data(), 32, 0, 4, hipMemcpyHostToDevice) == hipSuccess);
  // Array to array, rows, and the driver-style 1D copies at byte offsets.
  REQUIRE(hipMemcpy2DArrayToArray(b, 4, 0, a, 0, 2, 8, 2, hipMemcpyDeviceToDevice) == hipSuccess);
  REQUIRE(hipMemcpyFromArray(box, b, 4, 1, 8, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(box[0] == 24);  // a(0, 3)
  CHECK(box[1] == 25);
  // Row-major copies wrap across rows, as CUDA's: the whole array, then 4 ints from (4, 1).
  std::vector<int> all(24);
  std::iota(all.begin(), all.end(), 500);
  REQUIRE(hipMemcpyToArray(b, 0, 0, all.data(), 96, hipMemcpyHostToDevice) == hipSuccess);
  int wrap[4] = {};
  REQUIRE(hipMemcpyFromArray(wrap, b, 16, 1, 16, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(wrap[0] == 510);
  CHECK(wrap[1] == 511);
  CHECK(wrap[2] == 512);
  CHECK(wrap[3] == 513);
  REQUIRE(hipMemcpyFromArray(wrap, b, 20, 0, 16, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(wrap[0] == 505);
  CHECK(wrap[3] == 508);
  CHECK(hipMemcpyFromArray(wrap, b, 24, 0, 4, hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  int spill[8] = {};
  CHECK(hipMemcpyFromArray_spt(spill, b, 0, 3, 28, hipMemcpyDeviceToHost) ==
        hipErrorInvalidValue);  // past the last row: refused before any byte is copied
  CHECK(spill[0] == 0);
  CHECK(hipMemcpyFromArray(wrap, b, 0, 4, 4, hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  REQUIRE(hipMemcpyToArray(b, 0, 0, in.data(), 96, hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipMemcpy2DArrayToArray(b, 4, 0, a, 0, 2, 8, 2, hipMemcpyDeviceToDevice) == hipSuccess);
  const int three[3] = {-1, -2, -3};
  REQUIRE(hipMemcpyToArray(b, 0, 3, three, 12, hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipMemcpyHtoA(b, 12, three, 12) == hipSuccess);
  int row[6] = {};
  REQUIRE(hipMemcpyAtoH(row, b, 0, 24) == hipSuccess);
  CHECK(row[3] == -1);
  CHECK(row[5] == -3);
  REQUIRE(hipMemcpyAtoHAsync(row, b, 12, 4, s) == hipSuccess);
  CHECK(row[0] == -1);
  REQUIRE(hipMemcpyHtoAAsync(b, 0, three, 4, s) == hipSuccess);
  REQUIRE(hipMemcpyAtoA(a, 0, b, 0, 24) == hipSuccess);
  REQUIRE(hipMemcpyAtoH(row, a, 0, 24) == hipSuccess);
  CHECK(row[0] == -1);
  CHECK(row[4] == -2);
  void* dev = nullptr;
  REQUIRE(hipMalloc(&dev, 64) == hipSuccess);
  REQUIRE(hipMemcpyAtoD(dev, a, 0, 24) == hipSuccess);
  CHECK(images->lastCopy.dst.kind == ImageCopySide::Kind::Device);
  REQUIRE(hipMemcpyDtoA(b, 0, dev, 24) == hipSuccess);
  REQUIRE(hipMemcpyAtoH(row, b, 0, 24) == hipSuccess);
  CHECK(row[4] == -2);
  CHECK(hipMemcpyAtoH(row, b, 0, 0) == hipSuccess);  // nothing to move
  CHECK(hipMemcpyAtoHAsync(row, b, 0, 4, destroyedStream()) == hipErrorContextIsDestroyed);

  // hipMemcpy3D: extent and array positions in elements, pointer positions in bytes.
  hipChannelFormatDesc s16 = hipCreateChannelDesc<short>();
  hipArray_t c = nullptr;
  REQUIRE(hipMalloc3DArray(&c, &s16, make_hipExtent(5, 3, 2), 0) == hipSuccess);
  std::vector<short> vol(5 * 3 * 2);
  std::iota(vol.begin(), vol.end(), short(100));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(vol.data(), 10, 5, 3);
  p.dstArray = c;
  p.extent = make_hipExtent(5, 3, 2);
  p.kind = hipMemcpyHostToDevice;
  REQUIRE(hipMemcpy3D(&p) == hipSuccess);
  CHECK(images->lastCopy.widthInBytes == 10);
  short sub[2] = {};
  hipMemcpy3DParms q{};
  q.srcArray = c;
  q.srcPos = make_hipPos(3, 2, 1);
  q.dstPtr = make_hipPitchedPtr(sub, 4, 2, 1);
  q.extent = make_hipExtent(2, 1, 1);
  q.kind = hipMemcpyDeviceToHost;
  REQUIRE(hipMemcpy3DAsync(&q, s) == hipSuccess);
  CHECK(images->lastCopy.src.xInBytes == 6);
  CHECK(sub[0] == 100 + 15 + 2 * 5 + 3);
  CHECK(sub[1] == 100 + 15 + 2 * 5 + 4);
  // Array to array, and a pointer side whose pitch cannot hold the extent's elements.
  hipArray_t c2 = nullptr;
  REQUIRE(hipMalloc3DArray(&c2, &s16, make_hipExtent(5, 3, 2), 0) == hipSuccess);
  hipMemcpy3DParms aa{};
  aa.srcArray = c;
  aa.dstArray = c2;
  aa.srcPos = make_hipPos(1, 0, 1);
  aa.extent = make_hipExtent(4, 3, 1);
  aa.kind = hipMemcpyDeviceToDevice;
  REQUIRE(hipMemcpy3D(&aa) == hipSuccess);
  q.srcArray = c2;
  q.srcPos = make_hipPos(0, 2, 0);
  REQUIRE(hipMemcpy3D(&q) == hipSuccess);
  CHECK(sub[0] == 100 + 15 + 2 * 5 + 1);
  q.dstPtr = make_hipPitchedPtr(sub, 3, 2, 1);  // 2 shorts need 4 bytes a row
  CHECK(hipMemcpy3D(&q) == hipErrorInvalidPitchValue);
  q.dstPtr = make_hipPitchedPtr(sub, 4, 2, 1);
  q.srcArray = c;
  q.srcPos = make_hipPos(3, 2, 1);
  REQUIRE(hipFreeArray(c2) == hipSuccess);
  // The driver forms: HIP_MEMCPY3D and hip_Memcpy2D with array sides.
  HIP_MEMCPY3D d{};
  d.srcMemoryType = hipMemoryTypeArray;
  d.srcArray = c;
  d.srcXInBytes = 2;
  d.srcZ = 1;
  d.dstMemoryType = hipMemoryTypeHost;
  d.dstHost = sub;
  d.dstPitch = 4;
  d.WidthInBytes = 4;
  d.Height = 1;
  d.Depth = 1;
  REQUIRE(hipDrvMemcpy3D(&d) == hipSuccess);
  CHECK(sub[0] == 100 + 15 + 1);
  REQUIRE(hipDrvMemcpy3DAsync(&d, s) == hipSuccess);
  hip_Memcpy2D m{};
  m.srcMemoryType = hipMemoryTypeHost;
  m.srcHost = three;
  m.srcPitch = 12;
  m.dstMemoryType = hipMemoryTypeArray;
  m.dstArray = b;
  m.dstY = 2;
  m.WidthInBytes = 12;
  m.Height = 1;
  REQUIRE(hipMemcpyParam2D(&m) == hipSuccess);
  CHECK(images->lastCopy.dst.y == 2);
  REQUIRE(hipMemcpyParam2DAsync(&m, s) == hipSuccess);
  REQUIRE(hipDrvMemcpy2DUnaligned(&m) == hipSuccess);
  m.dstArray = reinterpret_cast<hipArray_t>(&m);
  CHECK(hipMemcpyParam2D(&m) == hipErrorInvalidHandle);
  REQUIRE(hipFreeArray(c) == hipSuccess);
  CHECK(hipMemcpy3D(&q) == hipErrorInvalidHandle);
  CHECK(hipDrvMemcpy3D(&d) == hipErrorInvalidHandle);

  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  REQUIRE(hipFree(dev) == hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  REQUIRE(hipFreeArray(b) == hipSuccess);
  CHECK(images->liveArrays == 0);
  (void)hipGetLastError();
}

TEST_CASE("mipmapped arrays over an image family: public fields, levels, lifetime",
          "[api][arrays]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc u8x4 = hipCreateChannelDesc<uchar4>();
  hipMipmappedArray_t m = nullptr;
  REQUIRE(hipMallocMipmappedArray(&m, &u8x4, make_hipExtent(20, 6, 0), 4, 0) == hipSuccess);
  CHECK(m->width == 20);
  CHECK(m->height == 6);
  CHECK(m->max_mipmap_level == 3);
  CHECK(m->format == HIP_AD_FORMAT_UNSIGNED_INT8);
  CHECK(m->num_channels == 4);
  CHECK(m->desc.w == 8);
  hipArray_t l3 = nullptr, again = nullptr;
  REQUIRE(hipGetMipmappedArrayLevel(&l3, m, 3) == hipSuccess);
  REQUIRE(hipMipmappedArrayGetLevel(&again, m, 3) == hipSuccess);
  CHECK(l3 == again);
  hipExtent e{};
  REQUIRE(hipArrayGetInfo(nullptr, &e, nullptr, l3) == hipSuccess);
  CHECK(e.width == 2);
  CHECK(e.height == 1);
  CHECK(hipGetMipmappedArrayLevel(&again, m, 4) == hipErrorInvalidValue);
  const uchar4 px[2] = {make_uchar4(1, 2, 3, 4), make_uchar4(5, 6, 7, 8)};
  REQUIRE(hipMemcpy2DToArray(l3, 0, 0, px, 8, 8, 1, hipMemcpyHostToDevice) == hipSuccess);
  CHECK(hipFreeArray(l3) == hipErrorInvalidValue);  // owned by the mipmapped array
  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  CHECK(images->liveMipmaps == 0);
  CHECK(hipArrayGetInfo(nullptr, &e, nullptr, l3) == hipErrorInvalidHandle);
  CHECK(hipFreeMipmappedArray(m) == hipErrorContextIsDestroyed);
  CHECK(hipMipmappedArrayDestroy(m) == hipErrorContextIsDestroyed);
  CHECK(hipMipmappedArrayGetLevel(&again, m, 0) == hipErrorInvalidValue);

  HIP_ARRAY3D_DESCRIPTOR d{8, 8, 3, HIP_AD_FORMAT_HALF, 1, hipArrayLayered};
  REQUIRE(hipMipmappedArrayCreate(&m, &d, 2) == hipSuccess);
  REQUIRE(hipMipmappedArrayGetLevel(&l3, m, 1) == hipSuccess);
  HIP_ARRAY3D_DESCRIPTOR got{};
  REQUIRE(hipArray3DGetDescriptor(&got, l3) == hipSuccess);
  CHECK(got.Width == 4);
  CHECK(got.Depth == 3);  // layers do not shrink
  CHECK(got.Flags == hipArrayLayered);
  REQUIRE(hipMipmappedArrayDestroy(m) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipTextureObj1DCheckSRGBModes (Border + Linear over a 1D array): the address modes
// of dimensions a resource lacks reach the backend clamped (NVIDIA's sampler would blend a
// border into a 1D array's filtering); the getters answer the modes as given.
TEST_CASE("texture objects: address modes beyond the resource's dimensions are clamped",
          "[api][textures]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc u8x4 = hipCreateChannelDesc<uchar4>();
  hipArray_t a1 = nullptr, a2 = nullptr;
  REQUIRE(hipMallocArray(&a1, &u8x4, 255) == hipSuccess);
  REQUIRE(hipMallocArray(&a2, &u8x4, 16, 16) == hipSuccess);
  hipResourceDesc r{};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a1;
  hipTextureDesc t{};
  for (auto& m : t.addressMode) m = hipAddressModeBorder;
  t.filterMode = hipFilterModeLinear;
  t.readMode = hipReadModeNormalizedFloat;
  hipTextureObject_t o = nullptr;
  REQUIRE(hipCreateTextureObject(&o, &r, &t, nullptr) == hipSuccess);
  CHECK(images->lastTexture.addressMode[0] == HIP_TR_ADDRESS_MODE_BORDER);
  CHECK(images->lastTexture.addressMode[1] == HIP_TR_ADDRESS_MODE_CLAMP);
  CHECK(images->lastTexture.addressMode[2] == HIP_TR_ADDRESS_MODE_CLAMP);
  hipTextureDesc td{};
  REQUIRE(hipGetTextureObjectTextureDesc(&td, o) == hipSuccess);
  CHECK(td.addressMode[1] == hipAddressModeBorder);
  HIP_TEXTURE_DESC dtd{};
  REQUIRE(hipTexObjectGetTextureDesc(&dtd, o) == hipSuccess);
  CHECK(dtd.addressMode[1] == HIP_TR_ADDRESS_MODE_BORDER);
  REQUIRE(hipDestroyTextureObject(o) == hipSuccess);
  r.res.array.array = a2;  // 2D: only the third mode goes
  REQUIRE(hipCreateTextureObject(&o, &r, &t, nullptr) == hipSuccess);
  CHECK(images->lastTexture.addressMode[1] == HIP_TR_ADDRESS_MODE_BORDER);
  CHECK(images->lastTexture.addressMode[2] == HIP_TR_ADDRESS_MODE_CLAMP);
  REQUIRE(hipDestroyTextureObject(o) == hipSuccess);
  REQUIRE(hipFreeArray(a1) == hipSuccess);
  REQUIRE(hipFreeArray(a2) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("texture objects over an image family: driver-form descriptors and getters",
          "[api][textures]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc u8 = hipCreateChannelDesc<unsigned char>();
  hipArray_t a = nullptr;
  REQUIRE(hipMallocArray(&a, &u8, 16, 16) == hipSuccess);
  hipResourceDesc r{};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a;
  hipTextureDesc t{};
  t.addressMode[0] = hipAddressModeWrap;
  t.addressMode[1] = hipAddressModeMirror;
  t.addressMode[2] = hipAddressModeBorder;
  t.filterMode = hipFilterModeLinear;
  t.readMode = hipReadModeElementType;
  t.normalizedCoords = 1;
  t.sRGB = 1;
  t.borderColor[2] = 0.25f;
  t.maxAnisotropy = 4;
  hipTextureObject_t o = nullptr;
  REQUIRE(hipCreateTextureObject(&o, &r, &t, nullptr) == hipSuccess);
  CHECK(o != nullptr);
  CHECK(images->lastResource.desc.resType == HIP_RESOURCE_TYPE_ARRAY);
  CHECK(images->lastResource.array != nullptr);
  CHECK(images->lastResource.array != static_cast<void*>(a));  // the native array, not ours
  CHECK(images->lastTexture.addressMode[1] == HIP_TR_ADDRESS_MODE_MIRROR);
  CHECK(images->lastTexture.filterMode == HIP_TR_FILTER_MODE_LINEAR);
  CHECK(images->lastTexture.flags ==
        (HIP_TRSF_READ_AS_INTEGER | HIP_TRSF_NORMALIZED_COORDINATES | HIP_TRSF_SRGB));
  CHECK(images->lastTexture.borderColor[2] == 0.25f);
  CHECK(images->lastTexture.maxAnisotropy == 4);
  CHECK_FALSE(images->lastHadView);
  hipTextureDesc td{};
  REQUIRE(hipGetTextureObjectTextureDesc(&td, o) == hipSuccess);
  CHECK(std::memcmp(&td, &t, sizeof td) == 0);
  hipResourceDesc rd{};
  REQUIRE(hipGetTextureObjectResourceDesc(&rd, o) == hipSuccess);
  CHECK(rd.res.array.array == a);
  HIP_RESOURCE_DESC drd{};
  REQUIRE(hipTexObjectGetResourceDesc(&drd, o) == hipSuccess);
  CHECK(drd.res.array.hArray == a);
  HIP_TEXTURE_DESC dtd{};
  REQUIRE(hipTexObjectGetTextureDesc(&dtd, o) == hipSuccess);
  CHECK(dtd.flags == images->lastTexture.flags);
  REQUIRE(hipDestroyTextureObject(o) == hipSuccess);
  CHECK(images->textures.empty());
  CHECK(hipDestroyTextureObject(o) == hipErrorInvalidValue);
  CHECK(hipGetTextureObjectTextureDesc(&td, o) == hipErrorInvalidValue);

  // Normalized-float reads set no integer flag; a float format never does.
  t = hipTextureDesc{};
  t.readMode = hipReadModeNormalizedFloat;
  REQUIRE(hipCreateTextureObject(&o, &r, &t, nullptr) == hipSuccess);
  CHECK(images->lastTexture.flags == 0u);
  REQUIRE(hipTexObjectDestroy(o) == hipSuccess);
  float* mem = nullptr;
  REQUIRE(hipMalloc(&mem, 1024) == hipSuccess);
  hipResourceDesc lr{};
  lr.resType = hipResourceTypePitch2D;
  lr.res.pitch2D.devPtr = mem;
  lr.res.pitch2D.desc = hipCreateChannelDesc<float2>();
  lr.res.pitch2D.width = 8;
  lr.res.pitch2D.height = 4;
  lr.res.pitch2D.pitchInBytes = 128;
  t = hipTextureDesc{};
  REQUIRE(hipCreateTextureObject(&o, &lr, &t, nullptr) == hipSuccess);
  CHECK(images->lastTexture.flags == 0u);
  CHECK(images->lastResource.desc.res.pitch2D.format == HIP_AD_FORMAT_FLOAT);
  CHECK(images->lastResource.desc.res.pitch2D.numChannels == 2);
  CHECK(images->lastResource.desc.res.pitch2D.pitchInBytes == 128);
  HIP_RESOURCE_DESC dr{};
  REQUIRE(hipTexObjectGetResourceDesc(&dr, o) == hipSuccess);
  CHECK(dr.res.pitch2D.width == 8);
  REQUIRE(hipDestroyTextureObject(o) == hipSuccess);

  // The driver form, with a view; its runtime-form getters convert back.
  HIP_RESOURCE_DESC dl{};
  dl.resType = HIP_RESOURCE_TYPE_ARRAY;
  dl.res.array.hArray = a;
  HIP_TEXTURE_DESC dt{};
  dt.flags = HIP_TRSF_NORMALIZED_COORDINATES;
  dt.addressMode[0] = HIP_TR_ADDRESS_MODE_CLAMP;
  HIP_RESOURCE_VIEW_DESC view{};
  view.format = HIP_RES_VIEW_FORMAT_UINT_1X8;
  view.width = 16;
  view.height = 16;
  REQUIRE(hipTexObjectCreate(&o, &dl, &dt, &view) == hipSuccess);
  CHECK(images->lastHadView);
  CHECK(images->lastView.width == 16);
  hipResourceViewDesc rv{};
  REQUIRE(hipGetTextureObjectResourceViewDesc(&rv, o) == hipSuccess);
  CHECK(rv.format == hipResViewFormatUnsignedChar1);
  CHECK(rv.height == 16);
  REQUIRE(hipGetTextureObjectTextureDesc(&td, o) == hipSuccess);
  CHECK(td.normalizedCoords == 1);
  CHECK(td.readMode == hipReadModeNormalizedFloat);
  REQUIRE(hipTexObjectDestroy(o) == hipSuccess);

  // Mipmapped resources resolve to the native mipmapped array.
  hipMipmappedArray_t m = nullptr;
  REQUIRE(hipMallocMipmappedArray(&m, &u8, make_hipExtent(8, 8, 0), 2, 0) == hipSuccess);
  hipResourceDesc mr{};
  mr.resType = hipResourceTypeMipmappedArray;
  mr.res.mipmap.mipmap = m;
  t = hipTextureDesc{};
  t.normalizedCoords = 1;
  REQUIRE(hipCreateTextureObject(&o, &mr, &t, nullptr) == hipSuccess);
  CHECK(images->lastResource.mipmap != nullptr);
  REQUIRE(hipDestroyTextureObject(o) == hipSuccess);
  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  CHECK(hipCreateTextureObject(&o, &mr, &t, nullptr) == hipErrorInvalidValue);

  // Surfaces: arrays only, made for load/store (the backend's answer), destroyed once.
  hipSurfaceObject_t s = nullptr;
  CHECK(hipCreateSurfaceObject(&s, &r) == hipErrorInvalidValue);
  hipArray_t sa = nullptr;
  REQUIRE(hipMallocArray(&sa, &u8, 16, 16, hipArraySurfaceLoadStore) == hipSuccess);
  r.res.array.array = sa;
  REQUIRE(hipCreateSurfaceObject(&s, &r) == hipSuccess);
  CHECK(images->surfaces.size() == 1);
  REQUIRE(hipDestroySurfaceObject(s) == hipSuccess);
  CHECK(hipDestroySurfaceObject(s) == hipErrorInvalidValue);
  REQUIRE(hipFreeArray(sa) == hipSuccess);
  CHECK(hipCreateSurfaceObject(&s, &r) == hipErrorInvalidValue);
  size_t width = 0;
  CHECK(hipDeviceGetTexture1DLinearMaxWidth(&width, &u8, 0) == hipSuccess);
  REQUIRE(hipFree(mem) == hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipDeviceReset releases the device's arrays and objects", "[api][arrays]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  hipArray_t a = nullptr, level = nullptr;
  REQUIRE(hipMallocArray(&a, &f, 8, 8, hipArraySurfaceLoadStore) == hipSuccess);
  hipMipmappedArray_t m = nullptr;
  REQUIRE(hipMallocMipmappedArray(&m, &f, make_hipExtent(8, 8, 0), 2, 0) == hipSuccess);
  REQUIRE(hipGetMipmappedArrayLevel(&level, m, 1) == hipSuccess);
  hipResourceDesc r{};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a;
  hipTextureDesc t{};
  hipTextureObject_t o = nullptr;
  REQUIRE(hipCreateTextureObject(&o, &r, &t, nullptr) == hipSuccess);
  hipSurfaceObject_t s = nullptr;
  REQUIRE(hipCreateSurfaceObject(&s, &r) == hipSuccess);
  REQUIRE(hipDeviceReset() == hipSuccess);
  CHECK(images->liveArrays == 0);
  CHECK(images->liveMipmaps == 0);
  CHECK(images->textures.empty());
  CHECK(images->surfaces.empty());
  hipExtent e{};
  CHECK(hipArrayGetInfo(nullptr, &e, nullptr, a) == hipErrorInvalidHandle);
  CHECK(hipArrayGetInfo(nullptr, &e, nullptr, level) == hipErrorInvalidHandle);
  CHECK(hipFreeMipmappedArray(m) == hipErrorContextIsDestroyed);
  CHECK(hipDestroyTextureObject(o) == hipErrorInvalidValue);
  CHECK(hipDestroySurfaceObject(s) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

// Issue 35: cubemap and layered cubemap arrays were refused (hipErrorInvalidValue). They need
// square faces and six of them (six per layer), CUDA's rule for cudaMalloc3DArray.
TEST_CASE("cubemap arrays: accepted with six square faces per layer", "[api][arrays][cubemap]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc f = hipCreateChannelDesc<float>();
  hipArray_t a = nullptr;
  REQUIRE(hipMalloc3DArray(&a, &f, make_hipExtent(16, 16, 6), hipArrayCubemap) == hipSuccess);
  hipChannelFormatDesc desc{};
  hipExtent e{};
  unsigned flags = 0;
  REQUIRE(hipArrayGetInfo(&desc, &e, &flags, a) == hipSuccess);
  CHECK(flags == hipArrayCubemap);
  CHECK(e.depth == 6);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  const unsigned layeredCube = hipArrayLayered | hipArrayCubemap;
  REQUIRE(hipMalloc3DArray(&a, &f, make_hipExtent(8, 8, 12), layeredCube | hipArraySurfaceLoadStore) ==
          hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  HIP_ARRAY3D_DESCRIPTOR d{};
  d.Width = d.Height = 4;
  d.Depth = 6;
  d.Format = HIP_AD_FORMAT_FLOAT;
  d.NumChannels = 1;
  d.Flags = hipArrayCubemap;
  REQUIRE(hipArray3DCreate(&a, &d) == hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  CHECK(images->liveArrays == 0);

  const struct {
    hipExtent extent;
    unsigned flags;
  } bad[] = {
      {make_hipExtent(16, 8, 6), hipArrayCubemap},            // faces not square
      {make_hipExtent(16, 16, 5), hipArrayCubemap},           // not six faces
      {make_hipExtent(16, 16, 12), hipArrayCubemap},          // twelve without the layered flag
      {make_hipExtent(16, 16, 0), hipArrayCubemap},
      {make_hipExtent(16, 16, 9), layeredCube},               // not a multiple of six
      {make_hipExtent(16, 16, 0), layeredCube},
      {make_hipExtent(16, 16, 6), hipArrayCubemap | hipArrayTextureGather},
  };
  for (const auto& b : bad) {
    INFO(b.extent.width << "x" << b.extent.height << "x" << b.extent.depth << " flags " << b.flags);
    CHECK(hipMalloc3DArray(&a, &f, b.extent, b.flags) == hipErrorInvalidValue);
  }
  CHECK(images->liveArrays == 0);
  (void)hipGetLastError();
}

// hip-tests' hipArray.cc / hipFreeArray.cc / hipFreeMipmappedArray.cc: freeing an array or a
// mipmapped array that was freed already, or that never was one, is hipErrorContextIsDestroyed
// (AMD's runtime: not in its set of live arrays); null stays hipErrorInvalidValue.
TEST_CASE("arrays: double, triple and never-valid frees are hipErrorContextIsDestroyed",
          "[api][arrays]") {
  FakeImageOps* images = installImages();
  HIP_ARRAY_DESCRIPTOR d{};
  d.Format = HIP_AD_FORMAT_FLOAT;
  d.NumChannels = 1;
  d.Width = 64;
  d.Height = 64;
  hipArray_t a = nullptr;
  REQUIRE(hipArrayCreate(&a, &d) == hipSuccess);
  REQUIRE(hipArrayDestroy(a) == hipSuccess);
  CHECK(hipArrayDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipArrayDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipFreeArray(a) == hipErrorContextIsDestroyed);
  void* heap = std::malloc(1);
  CHECK(hipFreeArray(static_cast<hipArray_t>(heap)) == hipErrorContextIsDestroyed);
  CHECK(hipFreeArray(static_cast<hipArray_t>(heap)) == hipErrorContextIsDestroyed);
  std::free(heap);
  CHECK(hipFreeArray(nullptr) == hipErrorInvalidValue);
  CHECK(hipArrayDestroy(nullptr) == hipErrorInvalidValue);

  const hipChannelFormatDesc c = hipCreateChannelDesc<char>();
  hipMipmappedArray_t m = nullptr;
  REQUIRE(hipMallocMipmappedArray(&m, &c, make_hipExtent(64, 64, 0), 5, 0) == hipSuccess);
  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  CHECK(hipFreeMipmappedArray(m) == hipErrorContextIsDestroyed);
  CHECK(hipMipmappedArrayDestroy(m) == hipErrorContextIsDestroyed);
  CHECK(hipFreeMipmappedArray(nullptr) == hipErrorInvalidValue);
  CHECK(images->liveArrays == 0);
  CHECK(images->liveMipmaps == 0);
  (void)hipGetLastError();
}

// hip-tests' Unit_hipFreeArray_MultiThreaded / Unit_hipFreeMultiTArray: one thread allocates
// while others free. A freed handle's object is reused by the next allocation, so the freeing
// thread must read the native array as it retires the handle, not after (it would destroy the
// new array's native, and the new array's own free would destroy it again).
TEST_CASE("arrays: allocating on one thread while others free", "[api][arrays][threads]") {
  FakeImageOps* images = installImages();
  // The freeing threads pause where the API looks up the image family (after the handle is
  // retired): the allocating thread then reuses the freed objects meanwhile, every time.
  const std::thread::id allocator = std::this_thread::get_id();
  static_cast<FakeBackend*>(Runtime::get().device(0)->backend)->onImages = [allocator] {
    if (std::this_thread::get_id() != allocator)
      std::this_thread::sleep_for(std::chrono::microseconds(200));
  };
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  constexpr int kArrays = 400;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int i = 0; i < kArrays; ++i) {
    hipArray_t a = nullptr;
    REQUIRE(hipMallocArray(&a, &desc, 32, 8, hipArrayDefault) == hipSuccess);
    threads.emplace_back([a, &failures] {
      if (hipFreeArray(a) != hipSuccess) ++failures;
      if (hipStreamQuery(nullptr) != hipSuccess) ++failures;
    });
  }
  for (auto& t : threads) t.join();
  static_cast<FakeBackend*>(Runtime::get().device(0)->backend)->onImages = nullptr;
  CHECK(failures == 0);
  CHECK(images->liveArrays == 0);
  (void)hipGetLastError();
}

// hip-tests' hipMalloc3DArray / hipArray3DCreate MaxTexture: an extent past the device's limits
// for its kind is hipErrorInvalidValue, before the backend is asked.
TEST_CASE("arrays: extents beyond the device's texture and surface limits are refused",
          "[api][arrays]") {
  FakeImageOps* images = installImages();
  hipDeviceProp_t& p = static_cast<FakeBackend*>(Runtime::get().device(0)->backend)
                           ->mutableProperties(0);
  p.maxTexture1D = 4096;
  p.maxTexture2D[0] = 2048;
  p.maxTexture2D[1] = 1024;
  p.maxTexture3D[0] = p.maxTexture3D[1] = p.maxTexture3D[2] = 256;
  p.maxTexture2DLayered[0] = p.maxTexture2DLayered[1] = 512;
  p.maxTexture2DLayered[2] = 16;
  p.maxTextureCubemap = 128;
  p.maxSurface2D[0] = p.maxSurface2D[1] = 512;
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t a = nullptr;
  auto make = [&](size_t w, size_t h, size_t d, unsigned flags) {
    hipError_t r = hipMalloc3DArray(&a, &desc, make_hipExtent(w, h, d), flags);
    if (r == hipSuccess) REQUIRE(hipFreeArray(a) == hipSuccess);
    return r;
  };
  CHECK(make(4096, 0, 0, 0) == hipSuccess);
  CHECK(make(4097, 0, 0, 0) == hipErrorInvalidValue);
  CHECK(make(2048, 1024, 0, 0) == hipSuccess);
  CHECK(make(2049, 64, 0, 0) == hipErrorInvalidValue);
  CHECK(make(64, 1025, 0, 0) == hipErrorInvalidValue);
  CHECK(make(256, 256, 256, 0) == hipSuccess);
  CHECK(make(64, 64, 257, 0) == hipErrorInvalidValue);  // depth too (AMD; CUDA's 3D alt allows it)
  CHECK(make(257, 64, 64, 0) == hipErrorInvalidValue);
  CHECK(make(512, 512, 16, hipArrayLayered) == hipSuccess);
  CHECK(make(512, 512, 17, hipArrayLayered) == hipErrorInvalidValue);
  CHECK(make(128, 128, 6, hipArrayCubemap) == hipSuccess);
  CHECK(make(129, 129, 6, hipArrayCubemap) == hipErrorInvalidValue);
  CHECK(make(1024, 64, 0, hipArraySurfaceLoadStore) == hipErrorInvalidValue);  // surface limit
  HIP_ARRAY3D_DESCRIPTOR d{};
  d.Width = 64;
  d.Height = 64;
  d.Depth = 257;
  d.Format = HIP_AD_FORMAT_FLOAT;
  d.NumChannels = 1;
  CHECK(hipArray3DCreate(&a, &d) == hipErrorInvalidValue);
  CHECK(images->liveArrays == 0);
  (void)hipGetLastError();
}

// hip-tests' hipMallocMipmappedArray Negative_NumLevels and hipGetMipmappedArrayLevel_Negative.
TEST_CASE("mipmapped arrays: more levels than the extent has, and a null handle",
          "[api][arrays]") {
  FakeImageOps* images = installImages();
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipMipmappedArray_t m = nullptr;
  // 6 wide: levels 6, 3, 1.
  CHECK(hipMallocMipmappedArray(&m, &desc, make_hipExtent(6, 6, 6), 4, 0) ==
        hipErrorInvalidValue);
  REQUIRE(hipMallocMipmappedArray(&m, &desc, make_hipExtent(6, 6, 6), 3, 0) == hipSuccess);
  hipArray_t level = nullptr;
  CHECK(hipGetMipmappedArrayLevel(&level, nullptr, 1) == hipErrorInvalidHandle);
  CHECK(hipMipmappedArrayGetLevel(&level, nullptr, 1) == hipErrorInvalidHandle);
  CHECK(hipGetMipmappedArrayLevel(nullptr, m, 1) == hipErrorInvalidValue);
  CHECK(hipGetMipmappedArrayLevel(&level, m, 3) == hipErrorInvalidValue);
  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  // A layered array's depth counts layers: 8 wide and 100 layers have 4 levels.
  CHECK(hipMallocMipmappedArray(&m, &desc, make_hipExtent(8, 8, 100), 5, hipArrayLayered) ==
        hipErrorInvalidValue);
  REQUIRE(hipMallocMipmappedArray(&m, &desc, make_hipExtent(8, 8, 100), 4, hipArrayLayered) ==
          hipSuccess);
  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  CHECK(images->liveMipmaps == 0);
  (void)hipGetLastError();
}

// hip-tests' hipPointerGetAttribute MemoryTypes: an array handle's memory type is
// hipMemoryTypeArray.
TEST_CASE("arrays: HIP_POINTER_ATTRIBUTE_MEMORY_TYPE of an array handle", "[api][arrays]") {
  installImages();
  const hipChannelFormatDesc desc = hipCreateChannelDesc<char>();
  hipArray_t a = nullptr;
  REQUIRE(hipMallocArray(&a, &desc, 16, 16, hipArrayDefault) == hipSuccess);
  unsigned type = 0;
  REQUIRE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, a) == hipSuccess);
  CHECK(type == hipMemoryTypeArray);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, a) ==
        hipErrorInvalidValue);
  (void)hipGetLastError();
}
