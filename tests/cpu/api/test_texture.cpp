// Texture and surface objects, hipCreateChannelDesc: HIP's codes for bad arguments,
// NotSupported beyond; channel descriptors computed exactly as HIP computes them.
#include "api_cases.h"
#include "hip/hip_fp16.h"
#include "hip/hip_texture_types.h"
#include "install_fake.h"

using namespace unihip::testing;

namespace {
bool same(hipChannelFormatDesc d, int x, int y, int z, int w, hipChannelFormatKind f) {
  return d.x == x && d.y == y && d.z == z && d.w == w && d.f == f;
}
}  // namespace

TEST_CASE("hipCreateChannelDesc: the C function and the C++ templates", "[api][texture]") {
  CHECK(same(hipCreateChannelDesc(8, 16, 0, 32, hipChannelFormatKindSigned), 8, 16, 0, 32,
             hipChannelFormatKindSigned));
  CHECK(same(hipCreateChannelDesc<float>(), 32, 0, 0, 0, hipChannelFormatKindFloat));
  CHECK(same(hipCreateChannelDesc<float2>(), 32, 32, 0, 0, hipChannelFormatKindFloat));
  CHECK(same(hipCreateChannelDesc<float4>(), 32, 32, 32, 32, hipChannelFormatKindFloat));
  CHECK(same(hipCreateChannelDesc<char>(), 8, 0, 0, 0, hipChannelFormatKindSigned));
  CHECK(same(hipCreateChannelDesc<unsigned char>(), 8, 0, 0, 0, hipChannelFormatKindUnsigned));
  CHECK(same(hipCreateChannelDesc<uchar4>(), 8, 8, 8, 8, hipChannelFormatKindUnsigned));
  CHECK(same(hipCreateChannelDesc<char3>(), 8, 8, 8, 0, hipChannelFormatKindSigned));
  CHECK(same(hipCreateChannelDesc<short2>(), 16, 16, 0, 0, hipChannelFormatKindSigned));
  CHECK(same(hipCreateChannelDesc<ushort1>(), 16, 0, 0, 0, hipChannelFormatKindUnsigned));
  CHECK(same(hipCreateChannelDesc<int>(), 32, 0, 0, 0, hipChannelFormatKindSigned));
  CHECK(same(hipCreateChannelDesc<uint4>(), 32, 32, 32, 32, hipChannelFormatKindUnsigned));
  CHECK(same(hipCreateChannelDesc<__half>(), 16, 0, 0, 0, hipChannelFormatKindFloat));
  CHECK(same(hipCreateChannelDesc<__half2>(), 16, 16, 0, 0, hipChannelFormatKindFloat));
  CHECK(same(hipCreateChannelDescHalf4(), 16, 16, 16, 16, hipChannelFormatKindFloat));
  CHECK(same(hipCreateChannelDesc<double>(), 0, 0, 0, 0, hipChannelFormatKindNone));
  // texture<> takes its channel format from T.
  texture<float2, hipTextureType2D, hipReadModeElementType> tex(1, hipFilterModeLinear);
  CHECK(same(tex.channelDesc, 32, 32, 0, 0, hipChannelFormatKindFloat));
  CHECK(tex.normalized == 1);
  CHECK(tex.filterMode == hipFilterModeLinear);
  CHECK(tex.addressMode[2] == hipAddressModeClamp);
  CHECK(tex.textureObject == nullptr);
}

TEST_CASE("texture and surface objects: argument checks, then hipErrorNotSupported",
          "[api][texture]") {
  installFake();
  hipTextureObject_t obj = reinterpret_cast<hipTextureObject_t>(0x50);
  hipTextureObject_t out = nullptr;
  hipSurfaceObject_t surf = reinterpret_cast<hipSurfaceObject_t>(0x60);
  hipSurfaceObject_t surfOut = nullptr;
  hipArray_t array = reinterpret_cast<hipArray_t>(0x70);
  hipMipmappedArray_t mip = reinterpret_cast<hipMipmappedArray_t>(0x80);
  float devMem[4];

  hipResourceDesc arrayRes{};
  arrayRes.resType = hipResourceTypeArray;
  arrayRes.res.array.array = array;
  hipResourceDesc nullArrayRes{};
  nullArrayRes.resType = hipResourceTypeArray;
  hipResourceDesc mipRes{};
  mipRes.resType = hipResourceTypeMipmappedArray;
  mipRes.res.mipmap.mipmap = mip;
  hipResourceDesc linearRes{};
  linearRes.resType = hipResourceTypeLinear;
  linearRes.res.linear.devPtr = devMem;
  linearRes.res.linear.desc = hipCreateChannelDesc<float>();
  linearRes.res.linear.sizeInBytes = sizeof devMem;
  hipResourceDesc nullLinearRes = linearRes;
  nullLinearRes.res.linear.devPtr = nullptr;
  hipResourceDesc pitchRes{};
  pitchRes.resType = hipResourceTypePitch2D;
  hipResourceDesc badTypeRes{};
  badTypeRes.resType = static_cast<hipResourceType>(9);
  hipTextureDesc texDesc{};
  hipTextureDesc normalized{};
  normalized.normalizedCoords = 1;
  struct hipResourceViewDesc view{};

  HIP_RESOURCE_DESC drvArray{};
  drvArray.resType = HIP_RESOURCE_TYPE_ARRAY;
  drvArray.res.array.hArray = array;
  HIP_RESOURCE_DESC drvNullLinear{};
  drvNullLinear.resType = HIP_RESOURCE_TYPE_LINEAR;
  HIP_RESOURCE_DESC drvMip{};
  drvMip.resType = HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY;
  drvMip.res.mipmap.hMipmappedArray = mip;
  HIP_TEXTURE_DESC drvTex{};
  HIP_TEXTURE_DESC drvTexNorm{};
  drvTexNorm.flags = HIP_TRSF_NORMALIZED_COORDINATES;
  HIP_RESOURCE_VIEW_DESC drvView{};
  HIP_RESOURCE_DESC drvResOut;
  HIP_TEXTURE_DESC drvTexOut;
  HIP_RESOURCE_VIEW_DESC drvViewOut;
  hipResourceDesc resOut;
  hipTextureDesc texOut;
  struct hipResourceViewDesc viewOut;
  hipChannelFormatDesc chan;
  size_t width = 0;

  checkCases({
      {"hipCreateTextureObject null out", [&] { return hipCreateTextureObject(nullptr, &arrayRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject null res", [&] { return hipCreateTextureObject(&out, nullptr, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject null tex", [&] { return hipCreateTextureObject(&out, &arrayRes, nullptr, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject null array", [&] { return hipCreateTextureObject(&out, &nullArrayRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject mipmap unnormalized", [&] { return hipCreateTextureObject(&out, &mipRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject linear null ptr", [&] { return hipCreateTextureObject(&out, &nullLinearRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject pitch2D null ptr", [&] { return hipCreateTextureObject(&out, &pitchRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject view on linear", [&] { return hipCreateTextureObject(&out, &linearRes, &texDesc, &view); }, hipErrorInvalidValue},
      {"hipCreateTextureObject bad type", [&] { return hipCreateTextureObject(&out, &badTypeRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject array", [&] { return hipCreateTextureObject(&out, &arrayRes, &texDesc, &view); }, hipErrorNotSupported},
      {"hipCreateTextureObject mipmap", [&] { return hipCreateTextureObject(&out, &mipRes, &normalized, nullptr); }, hipErrorNotSupported},
      {"hipCreateTextureObject linear", [&] { return hipCreateTextureObject(&out, &linearRes, &texDesc, nullptr); }, hipErrorNotSupported},
      {"hipTexObjectCreate null out", [&] { return hipTexObjectCreate(nullptr, &drvArray, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate null res", [&] { return hipTexObjectCreate(&out, nullptr, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate null tex", [&] { return hipTexObjectCreate(&out, &drvArray, nullptr, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate linear null ptr", [&] { return hipTexObjectCreate(&out, &drvNullLinear, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate mipmap unnormalized", [&] { return hipTexObjectCreate(&out, &drvMip, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate mipmap", [&] { return hipTexObjectCreate(&out, &drvMip, &drvTexNorm, &drvView); }, hipErrorNotSupported},
      {"hipTexObjectCreate array", [&] { return hipTexObjectCreate(&out, &drvArray, &drvTex, nullptr); }, hipErrorNotSupported},
      {"hipDestroyTextureObject null", [&] { return hipDestroyTextureObject(nullptr); }, hipSuccess},
      {"hipDestroyTextureObject", [&] { return hipDestroyTextureObject(obj); }, hipErrorNotSupported},
      {"hipTexObjectDestroy null", [&] { return hipTexObjectDestroy(nullptr); }, hipSuccess},
      {"hipTexObjectDestroy", [&] { return hipTexObjectDestroy(obj); }, hipErrorNotSupported},
      {"hipGetTextureObjectResourceDesc null out", [&] { return hipGetTextureObjectResourceDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceDesc null obj", [&] { return hipGetTextureObjectResourceDesc(&resOut, nullptr); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceDesc", [&] { return hipGetTextureObjectResourceDesc(&resOut, obj); }, hipErrorNotSupported},
      {"hipGetTextureObjectResourceViewDesc null out", [&] { return hipGetTextureObjectResourceViewDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceViewDesc", [&] { return hipGetTextureObjectResourceViewDesc(&viewOut, obj); }, hipErrorNotSupported},
      {"hipGetTextureObjectTextureDesc null obj", [&] { return hipGetTextureObjectTextureDesc(&texOut, nullptr); }, hipErrorInvalidValue},
      {"hipGetTextureObjectTextureDesc", [&] { return hipGetTextureObjectTextureDesc(&texOut, obj); }, hipErrorNotSupported},
      {"hipTexObjectGetResourceDesc null out", [&] { return hipTexObjectGetResourceDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetResourceDesc", [&] { return hipTexObjectGetResourceDesc(&drvResOut, obj); }, hipErrorNotSupported},
      {"hipTexObjectGetResourceViewDesc null obj", [&] { return hipTexObjectGetResourceViewDesc(&drvViewOut, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectGetResourceViewDesc", [&] { return hipTexObjectGetResourceViewDesc(&drvViewOut, obj); }, hipErrorNotSupported},
      {"hipTexObjectGetTextureDesc null out", [&] { return hipTexObjectGetTextureDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetTextureDesc", [&] { return hipTexObjectGetTextureDesc(&drvTexOut, obj); }, hipErrorNotSupported},
      {"hipCreateSurfaceObject null out", [&] { return hipCreateSurfaceObject(nullptr, &arrayRes); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject null res", [&] { return hipCreateSurfaceObject(&surfOut, nullptr); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject linear", [&] { return hipCreateSurfaceObject(&surfOut, &linearRes); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject null array", [&] { return hipCreateSurfaceObject(&surfOut, &nullArrayRes); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject", [&] { return hipCreateSurfaceObject(&surfOut, &arrayRes); }, hipErrorNotSupported},
      {"hipDestroySurfaceObject null", [&] { return hipDestroySurfaceObject(nullptr); }, hipSuccess},
      {"hipDestroySurfaceObject", [&] { return hipDestroySurfaceObject(surf); }, hipErrorNotSupported},
      {"hipGetChannelDesc null out", [&] { return hipGetChannelDesc(nullptr, array); }, hipErrorInvalidValue},
      {"hipGetChannelDesc null array", [&] { return hipGetChannelDesc(&chan, nullptr); }, hipErrorInvalidValue},
      {"hipGetChannelDesc", [&] { return hipGetChannelDesc(&chan, array); }, hipErrorNotSupported},
      {"hipDeviceGetTexture1DLinearMaxWidth null out", [&] { return hipDeviceGetTexture1DLinearMaxWidth(nullptr, &chan, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetTexture1DLinearMaxWidth null desc", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, nullptr, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetTexture1DLinearMaxWidth bad device", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, &chan, 1); }, hipErrorInvalidDevice},
      {"hipDeviceGetTexture1DLinearMaxWidth", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, &chan, 0); }, hipErrorNotSupported},
  });
}
