// Mipmapped arrays and texture objects over them on the HSA backend (fake ROCr): one image per
// level, levels usable as arrays everywhere, the level table a mipmapped texture names at byte
// 72 of its object, resource views, HIP's codes for bad input; and the level selection of the
// Lod/Grad fetches (include/hip/unihip/texture_lod.h), which the device code shares.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <vector>

#include "fake_rocr.h"
#include "hip/hip_runtime_api.h"
#include "hip/unihip/texture_lod.h"
#include "test_support.h"

using unihip::hsa::test::fakeStat;
using unihip::hsa::test::FakeRuntime;

namespace {

enum { kLiveImages = 11, kLiveSamplers = 12, kImageCopies = 13 };
constexpr uint32_t kImageMagic = 0x30474D49;

__unihip_mip_table table(unsigned levels, bool linear, float minClamp, float maxClamp,
                         float bias = 0) {
  __unihip_mip_table t{};
  t.levels = levels;
  t.linear = linear;
  t.normalized = 1;
  t.bias = bias;
  t.minClamp = minClamp;
  t.maxClamp = maxClamp;
  t.width = 64;
  t.height = 32;
  return t;
}

std::vector<uint32_t> deviceWords(const void* p, size_t dwords) {
  std::vector<uint32_t> w(dwords);
  REQUIRE(hipMemcpy(w.data(), p, dwords * 4, hipMemcpyDeviceToHost) == hipSuccess);
  return w;
}

float asFloat(uint32_t w) {
  float f;
  std::memcpy(&f, &w, 4);
  return f;
}

// The level table a texture object names (dwords 18-19), or 0.
uint64_t tableOf(hipTextureObject_t t) {
  const auto w = deviceWords(t, HIP_TEXTURE_OBJECT_SIZE_DWORD);
  return w[18] | static_cast<uint64_t>(w[19]) << 32;
}

hipExtent extentOf(hipArray_t a) {
  hipChannelFormatDesc d{};
  hipExtent e{};
  unsigned flags = 0;
  REQUIRE(hipArrayGetInfo(&d, &e, &flags, a) == hipSuccess);
  return e;
}

}  // namespace

TEST_CASE("mipmap level selection: bias, clamps, filter", "[images][mipmap]") {
  SECTION("point: the nearest level, clamped to the levels there are") {
    const auto t = table(4, false, 0, 3);
    CHECK(__unihip_mip_select(t, 1.4f).lo == 1);
    CHECK(__unihip_mip_select(t, 1.6f).lo == 2);
    CHECK(__unihip_mip_select(t, -2.0f).lo == 0);
    CHECK(__unihip_mip_select(t, 9.0f).lo == 3);
    const auto p = __unihip_mip_select(t, 2.2f);
    CHECK((p.hi == p.lo && p.frac == 0.0f));
    CHECK(__unihip_mip_select(t, std::numeric_limits<float>::quiet_NaN()).lo == 0);
    // Ties go to the finer level (OpenGL's nearest-mipmap rule).
    CHECK(__unihip_mip_select(t, 0.5f).lo == 0);
    CHECK(__unihip_mip_select(t, 1.5f).lo == 1);
    CHECK(__unihip_mip_select(t, 1.5001f).lo == 2);
  }
  SECTION("linear: two adjacent levels and the fraction between") {
    const auto t = table(4, true, 0, 3);
    auto p = __unihip_mip_select(t, 1.25f);
    CHECK((p.lo == 1 && p.hi == 2 && p.frac == Approx(0.25f)));
    p = __unihip_mip_select(t, 3.0f);  // the last level alone
    CHECK((p.lo == 3 && p.hi == 3 && p.frac == 0.0f));
    p = __unihip_mip_select(t, 7.5f);
    CHECK((p.lo == 3 && p.hi == 3 && p.frac == 0.0f));
    p = __unihip_mip_select(t, -0.5f);
    CHECK((p.lo == 0 && p.hi == 1 && p.frac == 0.0f));
  }
  SECTION("the bias is added, then the texture's clamps apply") {
    auto t = table(8, true, 1.0f, 2.5f, 0.5f);
    auto p = __unihip_mip_select(t, 1.25f);  // 1.75
    CHECK((p.lo == 1 && p.hi == 2 && p.frac == Approx(0.75f)));
    CHECK(__unihip_mip_select(t, -4.0f).lo == 1);  // minClamp
    p = __unihip_mip_select(t, 6.0f);             // maxClamp 2.5
    CHECK((p.lo == 2 && p.frac == Approx(0.5f)));
    t = table(8, false, 0, 0);  // a zeroed maxMipmapLevelClamp: level 0 only (as CUDA)
    CHECK(__unihip_mip_select(t, 5.0f).lo == 0);
  }
  SECTION("gradients: log2 of the longer footprint in level-0 texels") {
    auto t = table(8, false, 0, 7);
    CHECK(__unihip_mip_grad_lod(t, 1 / 64.f, 0, 0, 0, 1 / 32.f, 0) == Approx(0.0f));
    CHECK(__unihip_mip_grad_lod(t, 4 / 64.f, 0, 0, 0, 1 / 32.f, 0) == Approx(2.0f));
    CHECK(__unihip_mip_grad_lod(t, 0, 0, 0, 0, 8 / 32.f, 0) == Approx(3.0f));
    CHECK(__unihip_mip_grad_lod(t, 3 / 64.f, 4 / 32.f, 0, 0, 0, 0) == Approx(std::log2(5.0f)));
    CHECK(__unihip_mip_select(t, __unihip_mip_grad_lod(t, 0, 0, 0, 0, 0, 0)).lo == 0);
    t.normalized = 0;  // texel units already
    CHECK(__unihip_mip_grad_lod(t, 8, 0, 0, 0, 0, 0) == Approx(3.0f));
  }
}

TEST_CASE("fake ROCr: mipmapped arrays are one array per level", "[hsa][images][mipmap]") {
  FakeRuntime rt;
  const int images = fakeStat(kLiveImages);
  const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();

  SECTION("2D: levels of halved extents, copies in and out, textures and surfaces on a level") {
    hipMipmappedArray_t m = nullptr;
    REQUIRE(hipMallocMipmappedArray(&m, &f1, make_hipExtent(16, 8, 0), 5, 0) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images + 5);
    const size_t widths[] = {16, 8, 4, 2, 1}, heights[] = {8, 4, 2, 1, 1};
    std::vector<hipArray_t> levels(5);
    for (unsigned i = 0; i < 5; ++i) {
      REQUIRE(hipGetMipmappedArrayLevel(&levels[i], m, i) == hipSuccess);
      const hipExtent e = extentOf(levels[i]);
      CHECK((e.width == widths[i] && e.height == heights[i] && e.depth == 0));
    }
    hipArray_t again = nullptr;
    REQUIRE(hipGetMipmappedArrayLevel(&again, m, 2) == hipSuccess);
    CHECK(again == levels[2]);
    // Level 2 (4x2) round-trips; level 1 takes a sub-rectangle; the levels are separate images.
    std::vector<float> in(8);
    std::iota(in.begin(), in.end(), 1.0f);
    REQUIRE(hipMemcpy2DToArray(levels[2], 0, 0, in.data(), 16, 16, 2, hipMemcpyHostToDevice) ==
            hipSuccess);
    std::vector<float> out(8, 0);
    REQUIRE(hipMemcpy2DFromArray(out.data(), 16, levels[2], 0, 0, 16, 2,
                                 hipMemcpyDeviceToHost) == hipSuccess);
    CHECK(out == in);
    REQUIRE(hipMemcpy2DToArray(levels[1], 8, 1, in.data(), 8, 8, 2, hipMemcpyHostToDevice) ==
            hipSuccess);
    std::vector<float> row(8, 0);
    REQUIRE(hipMemcpy2DFromArray(row.data(), 32, levels[1], 0, 2, 32, 1,
                                 hipMemcpyDeviceToHost) == hipSuccess);
    CHECK((row[2] == 3 && row[3] == 4));
    // Array to array between levels (level 3 is 2x1).
    REQUIRE(hipMemcpy2DArrayToArray(levels[3], 0, 0, levels[2], 4, 1, 8, 1,
                                    hipMemcpyDeviceToDevice) == hipSuccess);
    REQUIRE(hipMemcpy2DFromArray(out.data(), 8, levels[3], 0, 0, 8, 1, hipMemcpyDeviceToHost) ==
            hipSuccess);
    CHECK((out[0] == 6 && out[1] == 7));
    // Out of a level's bounds.
    CHECK(hipMemcpy2DToArray(levels[4], 0, 0, in.data(), 8, 8, 1, hipMemcpyHostToDevice) ==
          hipErrorInvalidValue);
    // A level as a texture's and a surface's array.
    hipResourceDesc res{};
    res.resType = hipResourceTypeArray;
    res.res.array.array = levels[1];
    hipTextureDesc tex{};
    hipTextureObject_t t = nullptr;
    REQUIRE(hipCreateTextureObject(&t, &res, &tex, nullptr) == hipSuccess);
    const auto w = deviceWords(t, HIP_TEXTURE_OBJECT_SIZE_DWORD);
    CHECK((w[0] == kImageMagic && w[3] == 8 && w[4] == 4));
    CHECK(tableOf(t) == 0);  // not mipmapped: no level table
    hipSurfaceObject_t s = nullptr;
    REQUIRE(hipCreateSurfaceObject(&s, &res) == hipSuccess);
    REQUIRE(hipDestroySurfaceObject(s) == hipSuccess);
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
    // A level is freed with its mipmapped array only.
    CHECK(hipFreeArray(levels[0]) == hipErrorInvalidValue);
    REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images);
    // Destroyed: the handle and its levels.
    CHECK(hipFreeMipmappedArray(m) == hipErrorContextIsDestroyed);
    hipArray_t level = nullptr;
    CHECK(hipGetMipmappedArrayLevel(&level, m, 0) == hipErrorInvalidValue);
    CHECK(hipMemcpy2DToArray(levels[2], 0, 0, in.data(), 16, 16, 2, hipMemcpyHostToDevice) ==
          hipErrorInvalidHandle);
  }

  SECTION("3D and layered through the driver API; levels past the extents are refused") {
    HIP_ARRAY3D_DESCRIPTOR d{};
    d.Width = 8;
    d.Height = 8;
    d.Depth = 4;
    d.Format = HIP_AD_FORMAT_UNSIGNED_INT8;
    d.NumChannels = 4;
    hipMipmappedArray_t m = nullptr;
    REQUIRE(hipMipmappedArrayCreate(&m, &d, 3) == hipSuccess);
    hipArray_t level = nullptr;
    REQUIRE(hipMipmappedArrayGetLevel(&level, m, 2) == hipSuccess);
    hipExtent e = extentOf(level);
    CHECK((e.width == 2 && e.height == 2 && e.depth == 1));
    CHECK(hipMipmappedArrayGetLevel(&level, m, 3) == hipErrorInvalidValue);
    REQUIRE(hipMipmappedArrayDestroy(m) == hipSuccess);
    CHECK(hipMipmappedArrayDestroy(m) == hipErrorContextIsDestroyed);

    // Layered: the layer count stays; 8x8 has 4 levels at most, so 6 asked are refused (AMD's
    // hipErrorInvalidValue, as hip-tests' Negative_NumLevels expects) and 4 made.
    d.Depth = 6;
    d.Flags = hipArrayLayered;
    CHECK(hipMipmappedArrayCreate(&m, &d, 6) == hipErrorInvalidValue);
    REQUIRE(hipMipmappedArrayCreate(&m, &d, 4) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images + 4);
    REQUIRE(hipMipmappedArrayGetLevel(&level, m, 3) == hipSuccess);
    e = extentOf(level);
    CHECK((e.width == 1 && e.height == 1 && e.depth == 6));
    CHECK(hipMipmappedArrayGetLevel(&level, m, 4) == hipErrorInvalidValue);
    REQUIRE(hipMipmappedArrayDestroy(m) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images);
  }

  SECTION("bad input: HIP's codes, nothing reaches ROCr") {
    hipMipmappedArray_t m = nullptr;
    CHECK(hipMallocMipmappedArray(nullptr, &f1, make_hipExtent(4, 4, 0), 2, 0) ==
          hipErrorInvalidValue);
    CHECK(hipMallocMipmappedArray(&m, nullptr, make_hipExtent(4, 4, 0), 2, 0) ==
          hipErrorInvalidValue);
    CHECK(hipMallocMipmappedArray(&m, &f1, make_hipExtent(0, 4, 0), 2, 0) ==
          hipErrorInvalidValue);
    CHECK(hipMallocMipmappedArray(&m, &f1, make_hipExtent(4, 4, 0), 0, 0) ==
          hipErrorInvalidValue);
    CHECK(hipMallocMipmappedArray(&m, &f1, make_hipExtent(4, 4, 0), 2, 0x80) ==
          hipErrorInvalidValue);
    CHECK(hipMipmappedArrayCreate(&m, nullptr, 2) == hipErrorInvalidValue);
    CHECK(hipFreeMipmappedArray(nullptr) == hipErrorInvalidValue);
    CHECK(hipMipmappedArrayDestroy(nullptr) == hipErrorInvalidValue);
    REQUIRE(hipMallocMipmappedArray(&m, &f1, make_hipExtent(4, 4, 0), 3, 0) == hipSuccess);
    hipArray_t level = nullptr;
    CHECK(hipGetMipmappedArrayLevel(nullptr, m, 0) == hipErrorInvalidValue);
    CHECK(hipGetMipmappedArrayLevel(&level, nullptr, 0) == hipErrorInvalidHandle);  // AMD
    CHECK(hipGetMipmappedArrayLevel(&level, m, 3) == hipErrorInvalidValue);
    CHECK(hipMipmappedArrayGetLevel(&level, m, 7) == hipErrorInvalidValue);
    alignas(64) static unsigned char garbage[256] = {};
    auto bogus = reinterpret_cast<hipMipmappedArray_t>(garbage);
    CHECK(hipGetMipmappedArrayLevel(&level, bogus, 0) == hipErrorInvalidValue);
    CHECK(hipFreeMipmappedArray(bogus) == hipErrorContextIsDestroyed);
    REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images);
  }
}

TEST_CASE("fake ROCr: texture objects over mipmapped arrays name a level table",
          "[hsa][images][mipmap]") {
  FakeRuntime rt;
  const int images = fakeStat(kLiveImages), samplers = fakeStat(kLiveSamplers);
  const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();
  hipMipmappedArray_t m = nullptr;
  REQUIRE(hipMallocMipmappedArray(&m, &f1, make_hipExtent(16, 8, 0), 5, 0) == hipSuccess);
  hipResourceDesc res{};
  res.resType = hipResourceTypeMipmappedArray;
  res.res.mipmap.mipmap = m;
  hipTextureDesc tex{};
  tex.normalizedCoords = 1;
  tex.filterMode = hipFilterModeLinear;
  tex.mipmapLevelBias = 0.5f;
  tex.minMipmapLevelClamp = 1.0f;
  tex.maxMipmapLevelClamp = 3.0f;

  for (hipTextureFilterMode mipFilter : {hipFilterModePoint, hipFilterModeLinear}) {
    INFO("mipmapFilterMode " << mipFilter);
    tex.mipmapFilterMode = mipFilter;
    hipTextureObject_t t = nullptr;
    REQUIRE(hipCreateTextureObject(&t, &res, &tex, nullptr) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images + 5 + 5);  // the array's and the texture's levels
    CHECK(fakeStat(kLiveSamplers) == samplers + 1);
    // The object: level 0's image SRD, the sampler, the table's address at byte 72.
    const auto w = deviceWords(t, HIP_TEXTURE_OBJECT_SIZE_DWORD);
    CHECK((w[0] == kImageMagic && w[3] == 16 && w[4] == 8));
    CHECK(w[14] == HSA_EXT_SAMPLER_FILTER_MODE_LINEAR);
    const uint64_t table = tableOf(t);
    REQUIRE(table != 0);
    const auto h = deviceWords(reinterpret_cast<void*>(table), 16 + 5 * 12);
    CHECK(h[0] == 5);
    CHECK(h[1] == (mipFilter == hipFilterModeLinear ? 1u : 0u));
    CHECK(h[2] == 1);
    CHECK((asFloat(h[4]) == 0.5f && asFloat(h[5]) == 1.0f && asFloat(h[6]) == 3.0f));
    CHECK((asFloat(h[8]) == 16.0f && asFloat(h[9]) == 8.0f && asFloat(h[10]) == 0.0f));
    for (unsigned i = 0; i < 5; ++i) {
      const uint32_t* srd = &h[16 + i * 12];
      CHECK((srd[0] == kImageMagic && srd[3] == (16u >> i) && srd[4] == std::max(1u, 8u >> i)));
      CHECK(srd[8] == HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT);
    }
    hipResourceDesc got{};
    REQUIRE(hipGetTextureObjectResourceDesc(&got, t) == hipSuccess);
    CHECK((got.resType == hipResourceTypeMipmappedArray && got.res.mipmap.mipmap == m));
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images + 5);
    CHECK(fakeStat(kLiveSamplers) == samplers);
  }

  SECTION("a view of levels 1..3: the table holds those, the object starts at level 1") {
    hipResourceViewDesc view{};
    view.firstMipmapLevel = 1;
    view.lastMipmapLevel = 3;
    hipTextureObject_t t = nullptr;
    REQUIRE(hipCreateTextureObject(&t, &res, &tex, &view) == hipSuccess);
    CHECK(fakeStat(kLiveImages) == images + 5 + 3);
    CHECK(deviceWords(t, 4)[3] == 8);
    const auto h = deviceWords(reinterpret_cast<void*>(tableOf(t)), 16 + 3 * 12);
    CHECK((h[0] == 3 && asFloat(h[8]) == 8.0f && asFloat(h[9]) == 4.0f));
    CHECK((h[16] == kImageMagic && h[16 + 3] == 8 && h[16 + 2 * 12 + 3] == 2));
    hipResourceViewDesc gotView{};
    REQUIRE(hipGetTextureObjectResourceViewDesc(&gotView, t) == hipSuccess);
    CHECK((gotView.firstMipmapLevel == 1 && gotView.lastMipmapLevel == 3));
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
  }

  SECTION("a view in another format of the same size: every level's image takes it") {
    hipResourceViewDesc view{};
    view.format = hipResViewFormatSignedInt1;
    view.lastMipmapLevel = 4;
    hipTextureObject_t t = nullptr;
    REQUIRE(hipCreateTextureObject(&t, &res, &tex, &view) == hipSuccess);
    const auto h = deviceWords(reinterpret_cast<void*>(tableOf(t)), 16 + 5 * 12);
    for (unsigned i = 0; i < 5; ++i)
      CHECK(h[16 + i * 12 + 8] == HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32);
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
    view.format = hipResViewFormatUnsignedShort1;  // 2 bytes, not 4
    CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
  }

  SECTION("integer texels read as integers are never blended between levels") {
    const hipChannelFormatDesc i1 = hipCreateChannelDesc<int>();
    hipMipmappedArray_t mi = nullptr;
    REQUIRE(hipMallocMipmappedArray(&mi, &i1, make_hipExtent(8, 0, 0), 4, 0) == hipSuccess);
    hipResourceDesc ri{};
    ri.resType = hipResourceTypeMipmappedArray;
    ri.res.mipmap.mipmap = mi;
    hipTextureDesc ti = tex;
    ti.filterMode = hipFilterModePoint;
    ti.mipmapFilterMode = hipFilterModeLinear;
    ti.readMode = hipReadModeElementType;
    hipTextureObject_t t = nullptr;
    REQUIRE(hipCreateTextureObject(&t, &ri, &ti, nullptr) == hipSuccess);
    const auto h = deviceWords(reinterpret_cast<void*>(tableOf(t)), 16 + 4 * 12);
    CHECK((h[0] == 4 && h[1] == 0));
    CHECK(h[16 + 8] == HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32);
    CHECK((asFloat(h[8]) == 8.0f && asFloat(h[9]) == 0.0f));
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
    REQUIRE(hipFreeMipmappedArray(mi) == hipSuccess);
  }

  SECTION("bad views and descriptors: HIP's codes, nothing left behind") {
    hipResourceViewDesc view{};
    hipTextureObject_t t = nullptr;
    view.firstMipmapLevel = 2;
    view.lastMipmapLevel = 1;
    CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
    view.firstMipmapLevel = 0;
    view.lastMipmapLevel = 5;  // past the last level
    CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
    view.lastMipmapLevel = 4;
    view.width = 15;
    CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
    hipTextureDesc unnormalized = tex;
    unnormalized.normalizedCoords = 0;
    CHECK(hipCreateTextureObject(&t, &res, &unnormalized, nullptr) == hipErrorInvalidValue);
    CHECK(fakeStat(kLiveImages) == images + 5);
    CHECK(fakeStat(kLiveSamplers) == samplers);
  }

  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  CHECK(fakeStat(kLiveImages) == images);
}

TEST_CASE("fake ROCr: resource views over arrays", "[hsa][images][mipmap]") {
  FakeRuntime rt;
  const int images = fakeStat(kLiveImages);
  hipTextureDesc tex{};
  hipTextureObject_t t = nullptr;

  SECTION("another format of the same element size reads the same memory") {
    const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();
    hipArray_t a = nullptr;
    REQUIRE(hipMallocArray(&a, &f1, 8, 4, 0) == hipSuccess);
    hipResourceDesc res{};
    res.resType = hipResourceTypeArray;
    res.res.array.array = a;
    hipResourceViewDesc view{};
    view.format = hipResViewFormatUnsignedChar4;
    view.width = 8;
    view.height = 4;
    REQUIRE(hipCreateTextureObject(&t, &res, &tex, &view) == hipSuccess);
    auto w = deviceWords(t, HIP_TEXTURE_OBJECT_SIZE_DWORD);
    // A float array read as normalized float: UNORM8 x4 over the array's data.
    CHECK((w[8] == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8 &&
           w[9] == HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA && w[3] == 8 && w[4] == 4));
    const auto arrayWords = [&] {
      hipResourceDesc plain = res;
      hipTextureObject_t p = nullptr;
      REQUIRE(hipCreateTextureObject(&p, &plain, &tex, nullptr) == hipSuccess);
      auto v = deviceWords(p, 3);
      REQUIRE(hipDestroyTextureObject(p) == hipSuccess);
      return v;
    }();
    CHECK((w[1] == arrayWords[1] && w[2] == arrayWords[2]));  // the same data
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
    REQUIRE(hipFreeArray(a) == hipSuccess);
  }

  SECTION("a range of layers is not supported; the whole range is") {
    const hipChannelFormatDesc f1 = hipCreateChannelDesc<float>();
    hipArray_t a = nullptr;
    REQUIRE(hipMalloc3DArray(&a, &f1, make_hipExtent(8, 8, 4), hipArrayLayered) == hipSuccess);
    hipResourceDesc res{};
    res.resType = hipResourceTypeArray;
    res.res.array.array = a;
    hipResourceViewDesc view{};
    view.firstLayer = 1;
    view.lastLayer = 2;
    CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorNotSupported);
    view.firstLayer = 0;
    view.lastLayer = 4;  // past the last layer
    CHECK(hipCreateTextureObject(&t, &res, &tex, &view) == hipErrorInvalidValue);
    view.lastLayer = 3;
    REQUIRE(hipCreateTextureObject(&t, &res, &tex, &view) == hipSuccess);
    REQUIRE(hipDestroyTextureObject(t) == hipSuccess);
    REQUIRE(hipFreeArray(a) == hipSuccess);
  }
  CHECK(fakeStat(kLiveImages) == images);
}
