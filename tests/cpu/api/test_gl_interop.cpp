// Graphics (OpenGL) interop: HIP's codes for bad arguments, NotSupported beyond.
#include "api_cases.h"
#include "core/handles.h"
#include "hip/hip_gl_interop.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("graphics interop: argument checks, then hipErrorNotSupported", "[api][gl]") {
  installFake();
  hipGraphicsResource_t res = reinterpret_cast<hipGraphicsResource_t>(0x30);
  hipGraphicsResource_t nullRes = nullptr;
  hipGraphicsResource* out = nullptr;
  ihipStream_t dead;
  unsigned int count = 0;
  int devices[4];
  void* p = nullptr;
  size_t size = 0;
  hipArray_t array = nullptr;
  const unsigned int kRO = hipGraphicsRegisterFlagsReadOnly;
  const unsigned int kWD = hipGraphicsRegisterFlagsWriteDiscard;
  const unsigned int kSurface = hipGraphicsRegisterFlagsSurfaceLoadStore;

  checkCases({
      {"hipGLGetDevices null count", [&] { return hipGLGetDevices(nullptr, devices, 4, hipGLDeviceListAll); }, hipErrorInvalidValue},
      {"hipGLGetDevices null devices", [&] { return hipGLGetDevices(&count, nullptr, 4, hipGLDeviceListAll); }, hipErrorInvalidValue},
      {"hipGLGetDevices bad list", [&] { return hipGLGetDevices(&count, devices, 4, static_cast<hipGLDeviceList>(0)); }, hipErrorInvalidValue},
      {"hipGLGetDevices", [&] { return hipGLGetDevices(&count, devices, 4, hipGLDeviceListCurrentFrame); }, hipErrorNotSupported},
      {"hipGraphicsGLRegisterBuffer null", [&] { return hipGraphicsGLRegisterBuffer(nullptr, 1, 0); }, hipErrorInvalidValue},
      {"hipGraphicsGLRegisterBuffer ro|wd", [&] { return hipGraphicsGLRegisterBuffer(&out, 1, kRO | kWD); }, hipErrorInvalidValue},
      {"hipGraphicsGLRegisterBuffer surface", [&] { return hipGraphicsGLRegisterBuffer(&out, 1, kSurface); }, hipErrorInvalidValue},
      {"hipGraphicsGLRegisterBuffer", [&] { return hipGraphicsGLRegisterBuffer(&out, 1, kRO); }, hipErrorNotSupported},
      {"hipGraphicsGLRegisterImage null", [&] { return hipGraphicsGLRegisterImage(nullptr, 1, 0x0DE1, 0); }, hipErrorInvalidValue},
      {"hipGraphicsGLRegisterImage unknown flag", [&] { return hipGraphicsGLRegisterImage(&out, 1, 0x0DE1, 0x10); }, hipErrorInvalidValue},
      {"hipGraphicsGLRegisterImage", [&] { return hipGraphicsGLRegisterImage(&out, 1, 0x0DE1, kSurface | kWD); }, hipErrorNotSupported},
      {"hipGraphicsMapResources count 0", [&] { return hipGraphicsMapResources(0, &res); }, hipErrorInvalidValue},
      {"hipGraphicsMapResources null", [&] { return hipGraphicsMapResources(1, nullptr); }, hipErrorInvalidValue},
      {"hipGraphicsMapResources null resource", [&] { return hipGraphicsMapResources(1, &nullRes); }, hipErrorInvalidValue},
      {"hipGraphicsMapResources destroyed stream", [&] { return hipGraphicsMapResources(1, &res, &dead); }, hipErrorContextIsDestroyed},
      {"hipGraphicsMapResources", [&] { return hipGraphicsMapResources(1, &res); }, hipErrorNotSupported},
      {"hipGraphicsUnmapResources count -1", [&] { return hipGraphicsUnmapResources(-1, &res); }, hipErrorInvalidValue},
      {"hipGraphicsUnmapResources", [&] { return hipGraphicsUnmapResources(1, &res, nullptr); }, hipErrorNotSupported},
      {"hipGraphicsResourceGetMappedPointer null ptr", [&] { return hipGraphicsResourceGetMappedPointer(nullptr, &size, res); }, hipErrorInvalidValue},
      {"hipGraphicsResourceGetMappedPointer null size", [&] { return hipGraphicsResourceGetMappedPointer(&p, nullptr, res); }, hipErrorInvalidValue},
      {"hipGraphicsResourceGetMappedPointer null resource", [&] { return hipGraphicsResourceGetMappedPointer(&p, &size, nullptr); }, hipErrorInvalidValue},
      {"hipGraphicsResourceGetMappedPointer", [&] { return hipGraphicsResourceGetMappedPointer(&p, &size, res); }, hipErrorNotSupported},
      {"hipGraphicsSubResourceGetMappedArray null out", [&] { return hipGraphicsSubResourceGetMappedArray(nullptr, res, 0, 0); }, hipErrorInvalidValue},
      {"hipGraphicsSubResourceGetMappedArray null resource", [&] { return hipGraphicsSubResourceGetMappedArray(&array, nullptr, 0, 0); }, hipErrorInvalidValue},
      {"hipGraphicsSubResourceGetMappedArray", [&] { return hipGraphicsSubResourceGetMappedArray(&array, res, 0, 0); }, hipErrorNotSupported},
      {"hipGraphicsUnregisterResource null", [&] { return hipGraphicsUnregisterResource(nullptr); }, hipErrorInvalidValue},
      {"hipGraphicsUnregisterResource", [&] { return hipGraphicsUnregisterResource(res); }, hipErrorNotSupported},
  });
}
