// The images family on the HSA backend, through the HIP API on the fake ROCr (whose image
// extension keeps texels in host memory and writes recognisable SRDs: fake_hsa_runtime.cpp):
// arrays of every shape round-trip, copies between arrays, pitched memory and streams, texture
// and surface objects (the 80- and 48-byte objects kernels read), and HIP's codes for bad input.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <sstream>
#include <numeric>
#include <string>
#include <vector>

#include "backend.h"
#include "core/runtime.h"
#include "fake_rocr.h"
#include "hip/hip_runtime_api.h"
#include "hsa_images.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::fakeStat;
using unihip::hsa::test::FakeRuntime;

namespace {

enum { kLiveImages = 11, kLiveSamplers = 12, kImageCopies = 13 };


std::vector<float> iota(size_t n, float first = 1) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

// The 20 dwords of a texture object (12 of a surface), read back from device memory.
std::vector<uint32_t> objectWords(const void* object, size_t dwords) {
  std::vector<uint32_t> w(dwords);
  REQUIRE(hipMemcpy(w.data(), object, dwords * 4, hipMemcpyDeviceToHost) == hipSuccess);
  return w;
}

constexpr uint32_t kImageMagic = 0x30474D49, kSamplerMagic = 0x30504D53;

}  // namespace

TEST_CASE("fake ROCr: arrays of every shape round-trip through host memory", "[hsa][images]") {
  FakeRuntime rt;
  const int images = fakeStat(kLiveImages);
  const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();

  SECTION("1D: hipMallocArray, hipMemcpyHtoA / AtoH with offsets") {
    hipArray_t a = nullptr;
    REQUIRE(hipMallocArray(&a, &f1, 64, 0, hipArrayDefault) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images + 1);
    const auto in = iota(64);
    REQUIRE(hipMemcpyHtoA(a, 0, in.data(), 256) == hipSuccess);
    std::vector<float> out(16, 0);
    REQUIRE(hipMemcpyAtoH(out.data(), a, 32 * 4, 64) == hipSuccess);
    CHECK(out[0] == 33);
    CHECK(out[15] == 48);
    hipChannelFormatDesc d{};
    REQUIRE(hipGetChannelDesc(&d, a) == hipSuccess);
    CHECK((d.x == 32 && d.y == 0 && d.f == hipChannelFormatKindFloat));
    hipExtent e{};
    unsigned flags = 7;
    REQUIRE(hipArrayGetInfo(&d, &e, &flags, a) == hipSuccess);
    CHECK((e.width == 64 && e.height == 0 && e.depth == 0 && flags == 0));
    REQUIRE(hipFreeArray(a) == hipSuccess);
  }

  SECTION("2D: hipArrayCreate, hipMemcpy2DToArray / FromArray of a sub-rectangle") {
    HIP_ARRAY_DESCRIPTOR desc{};
    desc.Width = 16;
    desc.Height = 8;
    desc.Format = HIP_AD_FORMAT_UNSIGNED_INT16;
    desc.NumChannels = 2;
    hipArray_t a = nullptr;
    REQUIRE(hipArrayCreate(&a, &desc) == hipSuccess);
    std::vector<uint16_t> in(16 * 2 * 8);
    std::iota(in.begin(), in.end(), uint16_t{0});
    REQUIRE(hipMemcpy2DToArray(a, 0, 0, in.data(), 64, 64, 8, hipMemcpyHostToDevice) == hipSuccess);
    // Elements 2..5 of rows 3..4 into a host buffer with a wider pitch.
    std::vector<uint16_t> out(2 * 20, 0xFFFF);
    REQUIRE(hipMemcpy2DFromArray(out.data(), 40, a, 2 * 4, 3, 16, 2, hipMemcpyDeviceToHost) ==
            hipSuccess);
    CHECK(out[0] == in[3 * 32 + 4]);
    CHECK(out[7] == in[3 * 32 + 11]);
    CHECK(out[8] == 0xFFFF);  // the pitch's padding is untouched
    CHECK(out[20] == in[4 * 32 + 4]);
    HIP_ARRAY_DESCRIPTOR got{};
    REQUIRE(hipArrayGetDescriptor(&got, a) == hipSuccess);
    CHECK((got.Width == 16 && got.Height == 8 && got.NumChannels == 2 &&
           got.Format == HIP_AD_FORMAT_UNSIGNED_INT16));
    REQUIRE(hipArrayDestroy(a) == hipSuccess);
  }

  SECTION("3D: hipMalloc3DArray, hipMemcpy3D host <-> array at positions") {
    const hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
    hipArray_t a = nullptr;
    REQUIRE(hipMalloc3DArray(&a, &f4, make_hipExtent(4, 3, 5), hipArrayDefault) == hipSuccess);
    const auto in = iota(4 * 4 * 3 * 5);
    hipMemcpy3DParms p{};
    p.srcPtr = make_hipPitchedPtr(const_cast<float*>(in.data()), 64, 4, 3);
    p.dstArray = a;
    p.extent = make_hipExtent(4, 3, 5);
    p.kind = hipMemcpyHostToDevice;
    REQUIRE(hipMemcpy3D(&p) == hipSuccess);
    // Slice 2..3, row 1, elements 1..2 back.
    std::vector<float> out(2 * 4 * 2, 0);
    hipMemcpy3DParms q{};
    q.srcArray = a;
    q.srcPos = make_hipPos(1, 1, 2);
    q.dstPtr = make_hipPitchedPtr(out.data(), 32, 2, 1);
    q.extent = make_hipExtent(2, 1, 2);
    q.kind = hipMemcpyDeviceToHost;
    REQUIRE(hipMemcpy3D(&q) == hipSuccess);
    CHECK(out[0] == in[(2 * 3 + 1) * 16 + 4]);
    CHECK(out[8] == in[(3 * 3 + 1) * 16 + 4]);
    CHECK(out[15] == in[(3 * 3 + 1) * 16 + 11]);
    HIP_ARRAY3D_DESCRIPTOR got{};
    REQUIRE(hipArray3DGetDescriptor(&got, a) == hipSuccess);
    CHECK((got.Width == 4 && got.Height == 3 && got.Depth == 5 && got.NumChannels == 4));
    // A box past the last slice is refused and copies nothing.
    const int copies = fakeStat(kImageCopies);
    q.extent = make_hipExtent(2, 1, 4);
    CHECK(hipMemcpy3D(&q) == hipErrorInvalidValue);
    CHECK(fakeStat(kImageCopies) == copies);
    REQUIRE(hipFreeArray(a) == hipSuccess);
  }

  SECTION("layered: 1D and 2D layered arrays through hipArray3DCreate and hipMemcpy3D") {
    for (size_t height : {size_t{0}, size_t{4}}) {
      HIP_ARRAY3D_DESCRIPTOR desc{};
      desc.Width = 8;
      desc.Height = height;
      desc.Depth = 3;  // layers
      desc.Format = HIP_AD_FORMAT_FLOAT;
      desc.NumChannels = 1;
      desc.Flags = hipArrayLayered;
      hipArray_t a = nullptr;
      REQUIRE(hipArray3DCreate(&a, &desc) == hipSuccess);
      const size_t rows = height ? height : 1;
      const auto in = iota(8 * rows * 3);
      hipMemcpy3DParms p{};
      p.srcPtr = make_hipPitchedPtr(const_cast<float*>(in.data()), 32, 8, rows);
      p.dstArray = a;
      p.extent = make_hipExtent(8, rows, 3);
      p.kind = hipMemcpyHostToDevice;
      REQUIRE(hipMemcpy3D(&p) == hipSuccess);
      std::vector<float> out(8 * rows, 0);
      hipMemcpy3DParms q{};
      q.srcArray = a;
      q.srcPos = make_hipPos(0, 0, 2);  // the last layer
      q.dstPtr = make_hipPitchedPtr(out.data(), 32, 8, rows);
      q.extent = make_hipExtent(8, rows, 1);
      q.kind = hipMemcpyDeviceToHost;
      REQUIRE(hipMemcpy3D(&q) == hipSuccess);
      CHECK(out.front() == in[2 * 8 * rows]);
      CHECK(out.back() == in.back());
      HIP_ARRAY3D_DESCRIPTOR got{};
      REQUIRE(hipArray3DGetDescriptor(&got, a) == hipSuccess);
      CHECK((got.Depth == 3 && got.Flags == hipArrayLayered));
      REQUIRE(hipArrayDestroy(a) == hipSuccess);
    }
  }

  SECTION("row-major hipMemcpyToArray / FromArray across rows") {
    hipArray_t a = nullptr;
    REQUIRE(hipMallocArray(&a, &f1, 8, 4, hipArrayDefault) == hipSuccess);
    const auto in = iota(32);
    REQUIRE(hipMemcpyToArray(a, 0, 0, in.data(), 128, hipMemcpyHostToDevice) == hipSuccess);
    std::vector<float> out(10, 0);
    // From element 5 of row 1: a partial row, a whole row, a partial row.
    REQUIRE(hipMemcpyFromArray(out.data(), a, 5 * 4, 1, 40, hipMemcpyDeviceToHost) ==
            hipSuccess);
    CHECK(out[0] == in[13]);
    CHECK(out[9] == in[22]);
    CHECK(hipMemcpyFromArray(out.data(), a, 5 * 4, 3, 40, hipMemcpyDeviceToHost) ==
          hipErrorInvalidValue);
    REQUIRE(hipFreeArray(a) == hipSuccess);
  }
  CHECK(fakeStat(kLiveImages) == images);
}

TEST_CASE("fake ROCr: copies between arrays, pitched device memory and streams",
          "[hsa][images]") {
  FakeRuntime rt;
  const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();
  const hipChannelFormatDesc f2 = hipCreateChannelDesc<float2>();
  hipArray_t a = nullptr, b = nullptr, c = nullptr;
  REQUIRE(hipMallocArray(&a, &f1, 16, 4, hipArrayDefault) == hipSuccess);
  REQUIRE(hipMallocArray(&b, &f1, 16, 4, hipArrayDefault) == hipSuccess);
  REQUIRE(hipMallocArray(&c, &f2, 8, 4, hipArrayDefault) == hipSuccess);
  const auto in = iota(64);
  REQUIRE(hipMemcpy2DToArray(a, 0, 0, in.data(), 64, 64, 4, hipMemcpyHostToDevice) == hipSuccess);

  // Same element: an image-to-image copy of rows 1..2 to rows 0..1, shifted by 2 elements.
  REQUIRE(hipMemcpy2DArrayToArray(b, 8, 0, a, 0, 1, 56, 2, hipMemcpyDeviceToDevice) ==
          hipSuccess);
  std::vector<float> out(64, 0);
  REQUIRE(hipMemcpy2DFromArray(out.data(), 64, b, 0, 0, 64, 2, hipMemcpyDeviceToHost) ==
          hipSuccess);
  CHECK(out[2] == in[16]);
  CHECK(out[16 + 15] == in[32 + 13]);
  // Another element size: the bytes go through a staging buffer (float -> float2).
  REQUIRE(hipMemcpy2DArrayToArray(c, 0, 0, a, 0, 0, 64, 4, hipMemcpyDeviceToDevice) ==
          hipSuccess);
  REQUIRE(hipMemcpy2DFromArray(out.data(), 64, c, 0, 0, 64, 4, hipMemcpyDeviceToHost) ==
          hipSuccess);
  CHECK(out == in);
  // hipMemcpyAtoA: bytes of the first row.
  REQUIRE(hipMemcpyAtoA(b, 0, a, 4 * 4, 8) == hipSuccess);
  REQUIRE(hipMemcpyAtoH(out.data(), b, 0, 8) == hipSuccess);
  CHECK((out[0] == in[4] && out[1] == in[5]));
  // Past the row: refused.
  CHECK(hipMemcpy2DArrayToArray(b, 8, 0, a, 0, 0, 64, 1, hipMemcpyDeviceToDevice) ==
        hipErrorInvalidValue);
  // Bytes that do not fall on elements: refused.
  CHECK(hipMemcpy2DArrayToArray(b, 0, 0, a, 2, 0, 8, 1, hipMemcpyDeviceToDevice) ==
        hipErrorInvalidValue);

  // Pitched device memory <-> array, and ordering on a stream.
  void* d = nullptr;
  size_t pitch = 0;
  REQUIRE(hipMallocPitch(&d, &pitch, 64, 4) == hipSuccess);
  REQUIRE(pitch >= 64);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipMemcpy2DFromArrayAsync(d, pitch, a, 0, 0, 64, 4, hipMemcpyDeviceToDevice, s) ==
          hipSuccess);
  // The array copy after a fill on the same stream sees the fill.
  REQUIRE(hipMemsetAsync(d, 0, pitch, s) == hipSuccess);
  REQUIRE(hipMemcpy2DToArrayAsync(b, 0, 0, d, pitch, 64, 4, hipMemcpyDeviceToDevice, s) ==
          hipSuccess);
  REQUIRE(hipStreamSynchronize(s) == hipSuccess);
  REQUIRE(hipMemcpy2DFromArray(out.data(), 64, b, 0, 0, 64, 4, hipMemcpyDeviceToHost) ==
          hipSuccess);
  CHECK(out[0] == 0);
  CHECK(out[15] == 0);
  CHECK(out[16] == in[16]);
  CHECK(out[63] == in[63]);
  // hipMemcpyDtoA / AtoD.
  REQUIRE(hipMemcpyDtoA(c, 0, static_cast<char*>(d) + pitch, 64) == hipSuccess);
  REQUIRE(hipMemcpyAtoD(d, c, 8, 16) == hipSuccess);
  std::vector<float> row(4, 0);
  REQUIRE(hipMemcpy(row.data(), d, 16, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK((row[0] == in[18] && row[3] == in[21]));
  // hipMemcpyHtoAAsync / AtoHAsync on the stream.
  const float seven[2] = {7, 7};
  REQUIRE(hipMemcpyHtoAAsync(b, 4, seven, 8, s) == hipSuccess);
  float back[3] = {};
  REQUIRE(hipMemcpyAtoHAsync(back, b, 0, 12, s) == hipSuccess);
  REQUIRE(hipStreamSynchronize(s) == hipSuccess);
  CHECK((back[0] == 0 && back[1] == 7 && back[2] == 7));

  // The driver forms: hipMemcpyParam2D host -> array, hipDrvMemcpy3DAsync array -> host.
  const auto twos = iota(8, 200);
  hip_Memcpy2D m{};
  m.srcMemoryType = hipMemoryTypeHost;
  m.srcHost = twos.data();
  m.srcPitch = 16;
  m.dstMemoryType = hipMemoryTypeArray;
  m.dstArray = a;
  m.dstXInBytes = 8;
  m.dstY = 2;
  m.WidthInBytes = 16;
  m.Height = 2;
  REQUIRE(hipMemcpyParam2D(&m) == hipSuccess);
  std::vector<float> rows(2 * 16, 0);
  HIP_MEMCPY3D m3{};
  m3.srcMemoryType = hipMemoryTypeArray;
  m3.srcArray = a;
  m3.srcY = 2;
  m3.dstMemoryType = hipMemoryTypeHost;
  m3.dstHost = rows.data();
  m3.dstPitch = 64;
  m3.WidthInBytes = 64;
  m3.Height = 2;
  m3.Depth = 1;
  REQUIRE(hipDrvMemcpy3DAsync(&m3, s) == hipSuccess);
  REQUIRE(hipStreamSynchronize(s) == hipSuccess);
  CHECK((rows[1] == in[33] && rows[2] == 200 && rows[5] == 203 && rows[6] == in[38]));
  CHECK((rows[18] == 204 && rows[21] == 207 && rows[22] == in[54]));
  // hipMemcpy3DAsync between arrays of another element (the staging path) on the stream.
  hipMemcpy3DParms p{};
  p.srcArray = a;
  p.dstArray = c;
  p.srcPos = make_hipPos(0, 3, 0);
  p.extent = make_hipExtent(16, 1, 1);  // in the source's elements: 64 bytes, a row of both
  p.kind = hipMemcpyDeviceToDevice;
  REQUIRE(hipMemcpy3DAsync(&p, s) == hipSuccess);
  REQUIRE(hipMemcpyAtoHAsync(rows.data(), c, 0, 64, s) == hipSuccess);
  REQUIRE(hipStreamSynchronize(s) == hipSuccess);
  CHECK((rows[0] == in[48] && rows[15] == in[63]));
  p.dstPos = make_hipPos(1, 0, 0);  // one float2 in: past c's row
  CHECK(hipMemcpy3DAsync(&p, s) == hipErrorInvalidValue);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  REQUIRE(hipFree(d) == hipSuccess);
  for (hipArray_t x : {a, b, c}) REQUIRE(hipFreeArray(x) == hipSuccess);
}

TEST_CASE("fake ROCr: texture and surface objects hold ROCr's SRDs", "[hsa][images]") {
  FakeRuntime rt;
  const int images = fakeStat(kLiveImages), samplers = fakeStat(kLiveSamplers);
  const hipChannelFormatDesc u4 = hipCreateChannelDesc<uchar4>();
  hipArray_t a = nullptr;
  REQUIRE(hipMallocArray(&a, &u4, 32, 16, hipArraySurfaceLoadStore) == hipSuccess);

  hipResourceDesc res{};
  res.resType = hipResourceTypeArray;
  res.res.array.array = a;
  hipTextureDesc tex{};
  tex.addressMode[0] = hipAddressModeBorder;
  tex.filterMode = hipFilterModeLinear;
  tex.readMode = hipReadModeNormalizedFloat;
  tex.normalizedCoords = 1;
  hipTextureObject_t t = nullptr;
  REQUIRE(hipCreateTextureObject(&t, &res, &tex, nullptr) == hipSuccess);
  REQUIRE(t != nullptr);
  CHECK(fakeStat(kLiveImages) == images + 2);
  CHECK(fakeStat(kLiveSamplers) == samplers + 1);
  // The image SRD (a view of the array's data read as UNORM8), then the sampler's at dword 12.
  auto w = objectWords(t, HIP_TEXTURE_OBJECT_SIZE_DWORD);
  CHECK(w[0] == kImageMagic);
  CHECK((w[3] == 32 && w[4] == 16 && w[7] == HSA_EXT_IMAGE_GEOMETRY_2D));
  CHECK(w[8] == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8);
  CHECK(w[9] == HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA);
  CHECK(w[HIP_SAMPLER_OBJECT_OFFSET_DWORD] == kSamplerMagic);
  CHECK(w[13] == HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED);
  CHECK(w[14] == HSA_EXT_SAMPLER_FILTER_MODE_LINEAR);
  CHECK(w[15] == HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_BORDER);
  hipResourceDesc gotRes{};
  REQUIRE(hipGetTextureObjectResourceDesc(&gotRes, t) == hipSuccess);
  CHECK((gotRes.resType == hipResourceTypeArray && gotRes.res.array.array == a));
  hipTextureDesc gotTex{};
  REQUIRE(hipGetTextureObjectTextureDesc(&gotTex, t) == hipSuccess);
  CHECK((gotTex.filterMode == hipFilterModeLinear && gotTex.normalizedCoords == 1));
  HIP_TEXTURE_DESC drvTex{};
  REQUIRE(hipTexObjectGetTextureDesc(&drvTex, t) == hipSuccess);
  CHECK((drvTex.flags & HIP_TRSF_NORMALIZED_COORDINATES) != 0);
  hipResourceViewDesc view{};
  REQUIRE(hipGetTextureObjectResourceViewDesc(&view, t) == hipSuccess);

  // Element-type reads keep the integer type; unnormalized coordinates, clamp, point.
  tex.readMode = hipReadModeElementType;
  tex.normalizedCoords = 0;
  tex.addressMode[0] = hipAddressModeClamp;
  tex.filterMode = hipFilterModePoint;
  hipTextureObject_t t2 = nullptr;
  REQUIRE(hipCreateTextureObject(&t2, &res, &tex, nullptr) == hipSuccess);
  w = objectWords(t2, HIP_TEXTURE_OBJECT_SIZE_DWORD);
  CHECK(w[8] == HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8);
  CHECK((w[13] == HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED &&
         w[14] == HSA_EXT_SAMPLER_FILTER_MODE_NEAREST &&
         w[15] == HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE));

  // Linear and pitch-2D resources: linear-layout images over the caller's memory.
  void* lin = nullptr;
  REQUIRE(hipMalloc(&lin, 4096) == hipSuccess);
  hipResourceDesc lr{};
  lr.resType = hipResourceTypeLinear;
  lr.res.linear.devPtr = lin;
  lr.res.linear.desc = hipCreateChannelDesc<float>();
  lr.res.linear.sizeInBytes = 4096;
  hipTextureObject_t t3 = nullptr;
  REQUIRE(hipCreateTextureObject(&t3, &lr, &tex, nullptr) == hipSuccess);
  w = objectWords(t3, HIP_TEXTURE_OBJECT_SIZE_DWORD);
  const auto address = reinterpret_cast<uint64_t>(lin);
  CHECK((w[1] == static_cast<uint32_t>(address) && w[2] == static_cast<uint32_t>(address >> 32)));
  CHECK((w[3] == 1024 && w[7] == HSA_EXT_IMAGE_GEOMETRY_1DB));
  CHECK(w[10] == HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR);
  HIP_RESOURCE_DESC pr{};
  pr.resType = HIP_RESOURCE_TYPE_PITCH2D;
  pr.res.pitch2D.devPtr = lin;
  pr.res.pitch2D.format = HIP_AD_FORMAT_HALF;
  pr.res.pitch2D.numChannels = 2;
  pr.res.pitch2D.width = 100;
  pr.res.pitch2D.height = 8;
  pr.res.pitch2D.pitchInBytes = 512;
  HIP_TEXTURE_DESC dt{};
  dt.addressMode[0] = HIP_TR_ADDRESS_MODE_MIRROR;
  hipTextureObject_t t4 = nullptr;
  REQUIRE(hipTexObjectCreate(&t4, &pr, &dt, nullptr) == hipSuccess);
  w = objectWords(t4, HIP_TEXTURE_OBJECT_SIZE_DWORD);
  CHECK((w[3] == 100 && w[4] == 8 && w[7] == HSA_EXT_IMAGE_GEOMETRY_2D && w[11] == 512));
  CHECK((w[8] == HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT && w[9] == HSA_EXT_IMAGE_CHANNEL_ORDER_RG));
  CHECK(w[15] == HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT);
  HIP_RESOURCE_DESC gotPr{};
  REQUIRE(hipTexObjectGetResourceDesc(&gotPr, t4) == hipSuccess);
  CHECK(gotPr.res.pitch2D.pitchInBytes == 512);

  // A surface: the array's own format, read-write, 48 bytes.
  hipSurfaceObject_t surf = nullptr;
  REQUIRE(hipCreateSurfaceObject(&surf, &res) == hipSuccess);
  w = objectWords(surf, HIP_IMAGE_OBJECT_SIZE_DWORD);
  CHECK((w[0] == kImageMagic && w[8] == HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8));

  for (hipTextureObject_t x : {t, t2, t3}) REQUIRE(hipDestroyTextureObject(x) == hipSuccess);
  REQUIRE(hipTexObjectDestroy(t4) == hipSuccess);
  REQUIRE(hipDestroySurfaceObject(surf) == hipSuccess);
  CHECK(fakeStat(kLiveImages) == images + 1);  // the array's
  CHECK(fakeStat(kLiveSamplers) == samplers);
  // Destroyed objects: HIP's codes, nothing reaches ROCr.
  CHECK(hipDestroyTextureObject(t) == hipErrorInvalidValue);
  CHECK(hipGetTextureObjectResourceDesc(&gotRes, t) == hipErrorInvalidValue);
  CHECK(hipDestroySurfaceObject(surf) == hipErrorInvalidValue);
  REQUIRE(hipFree(lin) == hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  CHECK(fakeStat(kLiveImages) == images);
}

TEST_CASE("fake ROCr: arrays and objects refuse bad input with HIP's codes", "[hsa][images]") {
  FakeRuntime rt;
  const int images = fakeStat(kLiveImages);
  const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();
  hipArray_t a = nullptr;
  // Allocation: null pointers, bad formats and channel counts, zero and oversized widths, flags.
  CHECK(hipMallocArray(nullptr, &f1, 4, 4, 0) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&a, nullptr, 4, 4, 0) == hipErrorInvalidValue);
  const hipChannelFormatDesc three = hipCreateChannelDesc(32, 32, 32, 0, hipChannelFormatKindFloat);
  CHECK(hipMallocArray(&a, &three, 4, 4, 0) == hipErrorInvalidValue);
  const hipChannelFormatDesc odd = hipCreateChannelDesc(12, 0, 0, 0, hipChannelFormatKindSigned);
  CHECK(hipMallocArray(&a, &odd, 4, 4, 0) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&a, &f1, 0, 4, 0) == hipErrorInvalidValue);
  CHECK(hipMallocArray(&a, &f1, 4, 4, 0x100) == hipErrorInvalidValue);
  {
    // Past the device's limits: refused before ROCr is asked (nothing logged).
    hsa::test::LogCapture log;
    CHECK(hipMallocArray(&a, &f1, 1 << 20, 4, 0) == hipErrorInvalidValue);
    CHECK(hipMallocArray(&a, &f1, 16, 1 << 15, 0) == hipErrorInvalidValue);
    CHECK(log.text().empty());
  }
  HIP_ARRAY_DESCRIPTOR bad{};
  bad.Width = 4;
  bad.Format = static_cast<hipArray_Format>(0x77);
  bad.NumChannels = 1;
  CHECK(hipArrayCreate(&a, &bad) == hipErrorInvalidValue);
  CHECK(fakeStat(kLiveImages) == images);  // nothing made

  // Garbage and destroyed arrays are answered from the handle slabs.
  int garbageBytes[64] = {};
  auto garbage = reinterpret_cast<hipArray_t>(garbageBytes);
  float host[16] = {};
  CHECK(hipFreeArray(garbage) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpy2DToArray(garbage, 0, 0, host, 16, 16, 1, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  hipChannelFormatDesc d{};
  CHECK(hipGetChannelDesc(&d, garbage) == hipErrorInvalidValue);
  REQUIRE(hipMallocArray(&a, &f1, 4, 4, 0) == hipSuccess);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  CHECK(hipFreeArray(a) == hipErrorContextIsDestroyed);
  CHECK(hipArrayDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipMemcpyHtoA(a, 0, host, 16) == hipErrorInvalidHandle);
  HIP_ARRAY_DESCRIPTOR got{};
  CHECK(hipArrayGetDescriptor(&got, a) == hipErrorInvalidHandle);
  CHECK(hipArrayGetDescriptor(&got, nullptr) == hipErrorInvalidHandle);

  // Copies: null sides, narrow pitches, boxes outside the array (nothing copied).
  REQUIRE(hipMallocArray(&a, &f1, 4, 4, 0) == hipSuccess);
  const int copies = fakeStat(kImageCopies);
  CHECK(hipMemcpy2DToArray(a, 0, 0, nullptr, 16, 16, 1, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DToArray(a, 0, 0, host, 8, 16, 1, hipMemcpyHostToDevice) ==
        hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2DToArray(a, 4, 0, host, 16, 16, 1, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DToArray(a, 0, 3, host, 16, 16, 2, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpy2DFromArray(host, 16, a, 0, 0, 20, 1, hipMemcpyDeviceToHost) ==
        hipErrorInvalidPitchValue);
  CHECK(hipMemcpy2DFromArray(host, 32, a, 0, 0, 20, 1, hipMemcpyDeviceToHost) ==
        hipErrorInvalidValue);
  CHECK(hipMemcpyAtoH(host, a, 12, 8) == hipErrorInvalidValue);
  CHECK(hipMemcpyAtoH(nullptr, a, 0, 8) == hipErrorInvalidValue);
  CHECK(fakeStat(kImageCopies) == copies);
  // Empty copies succeed without ROCr.
  CHECK(hipMemcpy2DToArray(a, 0, 0, host, 16, 0, 1, hipMemcpyHostToDevice) == hipSuccess);
  CHECK(fakeStat(kImageCopies) == copies);

  // Texture objects: null and garbage, views other than the whole array, mipmapped arrays.
  hipResourceDesc res{};
  res.resType = hipResourceTypeArray;
  res.res.array.array = a;
  hipTextureDesc tex{};
  hipTextureObject_t t = nullptr;
  CHECK(hipCreateTextureObject(nullptr, &res, &tex, nullptr) == hipErrorInvalidValue);
  CHECK(hipCreateTextureObject(&t, nullptr, &tex, nullptr) == hipErrorInvalidValue);
  hipResourceDesc garbageRes = res;
  garbageRes.res.array.array = garbage;
  CHECK(hipCreateTextureObject(&t, &garbageRes, &tex, nullptr) == hipErrorInvalidValue);
  hipResourceViewDesc view{};
  view.format = hipResViewFormatFloat1;
  view.width = 2;  // narrower than the array
  CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
  view.width = 4;
  view.format = hipResViewFormatHalf1;  // another element size
  CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
  view.format = hipResViewFormatUnsignedBlockCompressed1;
  CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorNotSupported);
  view.format = hipResViewFormatFloat1;
  view.firstMipmapLevel = 1;  // an array has level 0 only
  view.lastMipmapLevel = 1;
  CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
  view = hipResourceViewDesc{};
  view.width = 4;
  view.height = 4;
  REQUIRE(hipCreateTextureObject(&t, &res, &tex, &view) == hipSuccess);  // the whole array
  REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
  auto garbageTex = reinterpret_cast<hipTextureObject_t>(garbageBytes);
  CHECK(hipDestroyTextureObject(garbageTex) == hipErrorInvalidValue);
  hipTextureDesc gotTex{};
  CHECK(hipGetTextureObjectTextureDesc(&gotTex, garbageTex) == hipErrorInvalidValue);
  CHECK(hipDestroyTextureObject(nullptr) == hipSuccess);
  hipSurfaceObject_t surf = nullptr;
  CHECK(hipCreateSurfaceObject(&surf, &garbageRes) == hipErrorInvalidValue);
  REQUIRE(hipFreeArray(a) == hipSuccess);
  CHECK(fakeStat(kLiveImages) == images);
}

TEST_CASE("fake ROCr: texture limits come from the image extension", "[hsa][images]") {
  FakeRuntime rt;
  size_t width = 0;
  const hipChannelFormatDesc f4 = hipCreateChannelDesc<float4>();
  REQUIRE(hipDeviceGetTexture1DLinearMaxWidth(&width, &f4, 0) == hipSuccess);
  CHECK(width == size_t{1} << 27);
  CHECK(hipDeviceGetTexture1DLinearMaxWidth(nullptr, &f4, 0) == hipErrorInvalidValue);
  int v = 0;
  REQUIRE(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxTexture2DWidth, 0) == hipSuccess);
  CHECK(v == 16384);
  REQUIRE(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxTexture3DDepth, 0) == hipSuccess);
  CHECK(v == 2048);
  // The agent reports image limits and ROCr has the image extension: images are supported.
  v = -1;
  REQUIRE(hipDeviceGetAttribute(&v, hipDeviceAttributeImageSupport, 0) == hipSuccess);
  CHECK(v == 1);
  hipDeviceProp_t p{};
  REQUIRE(hipGetDeviceProperties(&p, 0) == hipSuccess);
  CHECK((p.maxTexture1D == 16384 && p.maxTexture2DLayered[2] == 2048 && p.maxSurface3D[0] == 2048));
  // A 3D array past the limit is refused.
  hipArray_t a = nullptr;
  CHECK(hipMalloc3DArray(&a, &f4, make_hipExtent(4096, 4, 4), 0) == hipErrorInvalidValue);
  // Cubemaps: ROCr's image extension has no cube geometry (nor has AMD's runtime cubemaps).
  CHECK(hipMalloc3DArray(&a, &f4, make_hipExtent(8, 8, 6), hipArrayCubemap) ==
        hipErrorNotSupported);
  CHECK(hipMalloc3DArray(&a, &f4, make_hipExtent(8, 8, 5), hipArrayCubemap) ==
        hipErrorInvalidValue);  // HIP's checks first
  (void)hipGetLastError();
}

TEST_CASE("HSA images without ROCr's image extension: not supported", "[hsa][images]") {
  auto b = fakeBackend();
  CHECK(b->images() != nullptr);  // the fake ROCr has the extension
  // A ROCr without it (the table of fake_rocr.h has none of its entry points).
  const hsa::HsaApi api = hsa::test::fakeApi();
  REQUIRE(api.hsa_ext_image_create == nullptr);
  hsa::HsaImageHooks hooks{[](int) { return hsa_agent_t{2}; }};
  CHECK(hsa::HsaImages::create(*b, api, hooks) == nullptr);
  // With every entry point it comes up; one missing is enough to go without (the API layer
  // answers hipErrorNotSupported for a null images(): tests/cpu/api/test_arrays.cpp).
  hsa::HsaApi full;
  std::string reason;
  REQUIRE(hsa::loadHsaApiFrom({UNIHIP_FAKE_HSA_LIBRARY}, &full, &reason));
  CHECK(hsa::HsaImages::create(*b, full, hooks) != nullptr);
  hsa::HsaApi partial = full;
  partial.hsa_ext_image_copy = nullptr;
  CHECK(hsa::HsaImages::create(*b, partial, hooks) == nullptr);
  hsa::unloadHsaApi(&full);
}

// The disassembly of kernels/images.hip for `arch` (built beside the gfx90a object), one
// kernel's instructions at a time; empty when the build had no device libraries or objdump.
struct ImagesDisassembly {
  std::string text;
  explicit ImagesDisassembly(const std::string& arch) {
    if (std::string(UNIHIP_HSA_IMAGES_CODE_OBJECT).empty() ||
        std::string(UNIHIP_LLVM_OBJDUMP).empty())
      return;
    const std::string command = std::string(UNIHIP_LLVM_OBJDUMP) + " -d --mcpu=" + arch + " " +
                                UNIHIP_HSA_CODE_OBJECT_DIR + "/images-" + arch + ".co 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[4096];
    while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) text.append(buffer, n);
    REQUIRE(pclose(pipe) == 0);
  }
  std::string kernel(const std::string& name) const {
    const size_t at = text.find("<" + name + ">:");
    REQUIRE(at != std::string::npos);
    return text.substr(at, text.find("\n\n", at) - at);
  }
};

// The AMD side of unihip's texture and surface headers, as compiled by the build
// (kernels/images.hip): the descriptors are read from the object with scalar loads (image at
// byte 0, sampler at byte 48) and feed image instructions; nothing traps.
TEST_CASE("AMD texture and surface code reads the object's descriptors", "[hsa][images]") {
  const ImagesDisassembly dis("gfx90a");
  if (dis.text.empty()) {
    WARN("no ROCm device libraries or llvm-objdump-19: skipped");
    return;
  }
  auto kernel = [&](const std::string& name) { return dis.kernel(name); };
  const std::string tex = kernel("images_tex2d");
  CHECK(tex.find("s_load_dwordx8") != std::string::npos);
  bool samplerAt48 = false;  // s_load_dwordx4 s[..], s[..], 0x30
  std::istringstream lines(tex);
  for (std::string line; std::getline(lines, line);)
    samplerAt48 |= line.find("s_load_dwordx4") != std::string::npos &&
                   line.find(", 0x30 ") != std::string::npos;
  CHECK(samplerAt48);
  CHECK(tex.find("image_sample") != std::string::npos);
  CHECK(kernel("images_fetch").find("buffer_load_format_xyzw") != std::string::npos);
  const std::string surf = kernel("images_surface");
  CHECK(surf.find("image_load") != std::string::npos);
  CHECK(surf.find("image_store") != std::string::npos);
  for (const std::string& k : {tex, kernel("images_fetch"), surf})
    CHECK(k.find("s_trap") == std::string::npos);
  // No LOD or gradient instruction on gfx90a: those forms read levels with image_sample (the
  // object's own image, or a mipmapped texture's levels from its table) and never trap.
  for (const char* name : {"images_lod", "images_grad", "images_lod_layered", "images_lod_3d",
                           "images_grad_1d"}) {
    INFO(name);
    const std::string k = kernel(name);
    CHECK(k.find("s_trap") == std::string::npos);
    CHECK(k.find("image_sample") != std::string::npos);
    CHECK(k.find("image_sample_l ") == std::string::npos);
    CHECK(k.find("image_sample_d ") == std::string::npos);
  }
  CHECK(kernel("images_gather").find("s_trap") != std::string::npos);  // no software gather
  // The plain fetch reads no level table (at byte 72 = 0x48); the Lod form does.
  CHECK(tex.find(", 0x48 ") == std::string::npos);
  CHECK(kernel("images_lod").find(", 0x48 ") != std::string::npos);
}

// gfx1030 has the LOD and gradient instructions: a plain texture's Lod/Grad fetch is one of them
// (behind the level-table check), a mipmapped one reads its levels with image_sample_lz.
TEST_CASE("AMD Lod/Grad code on gfx1030: native for one level, software for mipmaps",
          "[hsa][images][mipmap]") {
  const ImagesDisassembly dis("gfx1030");
  if (dis.text.empty()) {
    WARN("no ROCm device libraries or llvm-objdump-19: skipped");
    return;
  }
  for (const char* name : {"images_lod", "images_lod_layered", "images_lod_3d"}) {
    INFO(name);
    const std::string k = dis.kernel(name);
    CHECK(k.find("image_sample_l ") != std::string::npos);
    CHECK(k.find("image_sample_lz") != std::string::npos);
    CHECK(k.find("s_trap") == std::string::npos);
  }
  for (const char* name : {"images_grad", "images_grad_1d"}) {
    INFO(name);
    const std::string k = dis.kernel(name);
    CHECK(k.find("image_sample_d") != std::string::npos);
    CHECK(k.find("s_trap") == std::string::npos);
  }
  CHECK(dis.kernel("images_gather").find("image_gather4") != std::string::npos);
  // The plain fetch reads no level table.
  CHECK(dis.kernel("images_tex2d").find(", 0x48 ") == std::string::npos);
  CHECK(dis.kernel("images_lod").find(", 0x48 ") != std::string::npos);  // the table's address
}

// gfx940-gfx950 have no image instructions: every sampling fetch traps (a missing instruction
// would otherwise make the kernel vanish); tex1Dfetch is a buffer load and stays.
TEST_CASE("AMD texture code on gfx940: sampling traps rather than vanishing", "[hsa][images]") {
  const ImagesDisassembly dis("gfx940");
  if (dis.text.empty()) {
    WARN("no ROCm device libraries or llvm-objdump-19: skipped");
    return;
  }
  for (const char* name : {"images_tex2d", "images_lod", "images_grad", "images_lod_layered",
                           "images_lod_3d", "images_grad_1d", "images_gather"}) {
    INFO(name);
    CHECK(dis.kernel(name).find("s_trap") != std::string::npos);
  }
  CHECK(dis.kernel("images_fetch").find("buffer_load_format_xyzw") != std::string::npos);
}
