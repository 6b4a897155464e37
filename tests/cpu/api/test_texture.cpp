// Texture and surface objects, hipCreateChannelDesc: HIP's codes for bad arguments and foreign
// handles, NotSupported beyond (the fake backend has no image family); channel descriptors computed exactly as HIP computes them.
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

// The fake backend has no image family: a valid call answers hipErrorNotSupported after the
// checks; arrays and objects unihip never made (0x50, 0x70, ...) are hipErrorInvalidValue.
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
  // Issue 35: an empty pitch-2D resource is AMD's hipErrorInvalidValue (a valid one reaches
  // the backend: hipErrorNotSupported here, as "linear" below).
  hipResourceDesc pitchValid = pitchRes;
  pitchValid.res.pitch2D.devPtr = devMem;
  pitchValid.res.pitch2D.desc = hipCreateChannelDesc<float>();
  pitchValid.res.pitch2D.width = 2;
  pitchValid.res.pitch2D.height = 2;
  pitchValid.res.pitch2D.pitchInBytes = 8;
  hipResourceDesc pitchNoWidth = pitchValid, pitchNoHeight = pitchValid;
  pitchNoWidth.res.pitch2D.width = 0;
  pitchNoHeight.res.pitch2D.height = 0;
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
  const hipChannelFormatDesc f32 = hipCreateChannelDesc<float>();
  const hipChannelFormatDesc threeChannels = hipCreateChannelDesc<float3>();
  hipResourceDesc linear3Res = linearRes;
  linear3Res.res.linear.desc = threeChannels;
  hipTextureDesc badAddress{};
  badAddress.addressMode[1] = static_cast<hipTextureAddressMode>(4);
  hipTextureDesc badFilter{};
  badFilter.filterMode = static_cast<hipTextureFilterMode>(2);
  hipTextureDesc badRead{};
  badRead.readMode = static_cast<hipTextureReadMode>(2);
  HIP_RESOURCE_DESC drvLinear{};
  drvLinear.resType = HIP_RESOURCE_TYPE_LINEAR;
  drvLinear.res.linear.devPtr = devMem;
  drvLinear.res.linear.format = HIP_AD_FORMAT_FLOAT;
  drvLinear.res.linear.numChannels = 1;
  drvLinear.res.linear.sizeInBytes = sizeof devMem;
  HIP_RESOURCE_DESC drvBadFormat = drvLinear;
  drvBadFormat.res.linear.format = static_cast<hipArray_Format>(0x30);
  // AMD refuses a linear resource of no bytes (hip-tests' hipCreateTextureObject_Linear.cc).
  hipResourceDesc linearNoBytes = linearRes;
  linearNoBytes.res.linear.sizeInBytes = 0;
  HIP_RESOURCE_DESC drvLinearNoBytes = drvLinear;
  drvLinearNoBytes.res.linear.sizeInBytes = 0;
  HIP_TEXTURE_DESC drvBadAddress{};
  drvBadAddress.addressMode[0] = static_cast<HIPaddress_mode>(9);

  checkCases({
      {"hipCreateTextureObject null out", [&] { return hipCreateTextureObject(nullptr, &arrayRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject null res", [&] { return hipCreateTextureObject(&out, nullptr, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject null tex", [&] { return hipCreateTextureObject(&out, &arrayRes, nullptr, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject null array", [&] { return hipCreateTextureObject(&out, &nullArrayRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject mipmap unnormalized", [&] { return hipCreateTextureObject(&out, &mipRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject linear null ptr", [&] { return hipCreateTextureObject(&out, &nullLinearRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject linear 0 bytes", [&] { return hipCreateTextureObject(&out, &linearNoBytes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate linear 0 bytes", [&] { return hipTexObjectCreate(&out, &drvLinearNoBytes, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject pitch2D null ptr", [&] { return hipCreateTextureObject(&out, &pitchRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject pitch2D width 0", [&] { return hipCreateTextureObject(&out, &pitchNoWidth, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject pitch2D height 0", [&] { return hipCreateTextureObject(&out, &pitchNoHeight, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject pitch2D", [&] { return hipCreateTextureObject(&out, &pitchValid, &texDesc, nullptr); }, hipErrorNotSupported},
      {"hipCreateTextureObject view on linear", [&] { return hipCreateTextureObject(&out, &linearRes, &texDesc, &view); }, hipErrorInvalidValue},
      {"hipCreateTextureObject bad type", [&] { return hipCreateTextureObject(&out, &badTypeRes, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject array", [&] { return hipCreateTextureObject(&out, &arrayRes, &texDesc, &view); }, hipErrorInvalidValue},
      {"hipCreateTextureObject mipmap", [&] { return hipCreateTextureObject(&out, &mipRes, &normalized, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject linear", [&] { return hipCreateTextureObject(&out, &linearRes, &texDesc, nullptr); }, hipErrorNotSupported},
      {"hipTexObjectCreate null out", [&] { return hipTexObjectCreate(nullptr, &drvArray, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate null res", [&] { return hipTexObjectCreate(&out, nullptr, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate null tex", [&] { return hipTexObjectCreate(&out, &drvArray, nullptr, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate linear null ptr", [&] { return hipTexObjectCreate(&out, &drvNullLinear, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate mipmap unnormalized", [&] { return hipTexObjectCreate(&out, &drvMip, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate mipmap", [&] { return hipTexObjectCreate(&out, &drvMip, &drvTexNorm, &drvView); }, hipErrorInvalidValue},
      {"hipTexObjectCreate array", [&] { return hipTexObjectCreate(&out, &drvArray, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipDestroyTextureObject null", [&] { return hipDestroyTextureObject(nullptr); }, hipSuccess},
      {"hipDestroyTextureObject", [&] { return hipDestroyTextureObject(obj); }, hipErrorInvalidValue},
      {"hipTexObjectDestroy null", [&] { return hipTexObjectDestroy(nullptr); }, hipSuccess},
      {"hipTexObjectDestroy", [&] { return hipTexObjectDestroy(obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceDesc null out", [&] { return hipGetTextureObjectResourceDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceDesc null obj", [&] { return hipGetTextureObjectResourceDesc(&resOut, nullptr); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceDesc", [&] { return hipGetTextureObjectResourceDesc(&resOut, obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceViewDesc null out", [&] { return hipGetTextureObjectResourceViewDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectResourceViewDesc", [&] { return hipGetTextureObjectResourceViewDesc(&viewOut, obj); }, hipErrorInvalidValue},
      {"hipGetTextureObjectTextureDesc null obj", [&] { return hipGetTextureObjectTextureDesc(&texOut, nullptr); }, hipErrorInvalidValue},
      {"hipGetTextureObjectTextureDesc", [&] { return hipGetTextureObjectTextureDesc(&texOut, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetResourceDesc null out", [&] { return hipTexObjectGetResourceDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetResourceDesc", [&] { return hipTexObjectGetResourceDesc(&drvResOut, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetResourceViewDesc null obj", [&] { return hipTexObjectGetResourceViewDesc(&drvViewOut, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectGetResourceViewDesc", [&] { return hipTexObjectGetResourceViewDesc(&drvViewOut, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetTextureDesc null out", [&] { return hipTexObjectGetTextureDesc(nullptr, obj); }, hipErrorInvalidValue},
      {"hipTexObjectGetTextureDesc", [&] { return hipTexObjectGetTextureDesc(&drvTexOut, obj); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject null out", [&] { return hipCreateSurfaceObject(nullptr, &arrayRes); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject null res", [&] { return hipCreateSurfaceObject(&surfOut, nullptr); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject linear", [&] { return hipCreateSurfaceObject(&surfOut, &linearRes); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject null array", [&] { return hipCreateSurfaceObject(&surfOut, &nullArrayRes); }, hipErrorInvalidValue},
      {"hipCreateSurfaceObject", [&] { return hipCreateSurfaceObject(&surfOut, &arrayRes); }, hipErrorInvalidValue},
      {"hipDestroySurfaceObject null", [&] { return hipDestroySurfaceObject(nullptr); }, hipSuccess},
      {"hipDestroySurfaceObject", [&] { return hipDestroySurfaceObject(surf); }, hipErrorInvalidValue},
      {"hipGetChannelDesc null out", [&] { return hipGetChannelDesc(nullptr, array); }, hipErrorInvalidValue},
      {"hipGetChannelDesc null array", [&] { return hipGetChannelDesc(&chan, nullptr); }, hipErrorInvalidHandle},  // AMD's
      {"hipGetChannelDesc", [&] { return hipGetChannelDesc(&chan, array); }, hipErrorInvalidValue},
      {"hipDeviceGetTexture1DLinearMaxWidth null out", [&] { return hipDeviceGetTexture1DLinearMaxWidth(nullptr, &chan, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetTexture1DLinearMaxWidth null desc", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, nullptr, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetTexture1DLinearMaxWidth bad device", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, &chan, 1); }, hipErrorInvalidDevice},
      {"hipDeviceGetTexture1DLinearMaxWidth bad format", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, &threeChannels, 0); }, hipErrorInvalidValue},
      {"hipDeviceGetTexture1DLinearMaxWidth", [&] { return hipDeviceGetTexture1DLinearMaxWidth(&width, &f32, 0); }, hipErrorNotSupported},
      {"hipCreateTextureObject linear three channels", [&] { return hipCreateTextureObject(&out, &linear3Res, &texDesc, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject bad address mode", [&] { return hipCreateTextureObject(&out, &linearRes, &badAddress, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject bad filter mode", [&] { return hipCreateTextureObject(&out, &linearRes, &badFilter, nullptr); }, hipErrorInvalidValue},
      {"hipCreateTextureObject bad read mode", [&] { return hipCreateTextureObject(&out, &linearRes, &badRead, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate linear", [&] { return hipTexObjectCreate(&out, &drvLinear, &drvTex, nullptr); }, hipErrorNotSupported},
      {"hipTexObjectCreate linear bad format", [&] { return hipTexObjectCreate(&out, &drvBadFormat, &drvTex, nullptr); }, hipErrorInvalidValue},
      {"hipTexObjectCreate bad address mode", [&] { return hipTexObjectCreate(&out, &drvLinear, &drvBadAddress, nullptr); }, hipErrorInvalidValue},
  });
}
