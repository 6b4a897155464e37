// Misc family (exec): hipGetProcAddress, hipApiName, hipRegisterTracerCallback and the
// texture/surface registration calls.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "install_fake.h"

extern "C" void hipRegisterTracerCallback(int (*function)(uint32_t, uint32_t, void*));
extern "C" void __hipRegisterSurface(void** modules, void* var, char* hostVar, char* deviceVar,
                                     int type, int ext);
extern "C" void __hipRegisterTexture(void** modules, void* var, char* hostVar, char* deviceVar,
                                     int type, int norm, int ext);

TEST_CASE("hipGetProcAddress: checks, versioned names, unknown symbols") {
  void* p = reinterpret_cast<void*>(0x1);
  hipDriverProcAddressQueryResult status = HIP_GET_PROC_ADDRESS_SUCCESS;
  CHECK(hipGetProcAddress(nullptr, &p, 600, 0, &status) == hipErrorInvalidValue);
  CHECK(hipGetProcAddress("", &p, 600, 0, &status) == hipErrorInvalidValue);
  CHECK(hipGetProcAddress("hipMalloc", nullptr, 600, 0, &status) == hipErrorInvalidValue);
  CHECK(hipGetProcAddress("hipMalloc", &p, 600, 0x8, &status) == hipErrorInvalidValue);
  CHECK(hipGetProcAddress("hipNoSuchFunction", &p, 600, 0, &status) == hipErrorInvalidValue);
  CHECK(status == HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  CHECK(p == nullptr);
  CHECK(hipGetProcAddress("malloc", &p, 600, 0, nullptr) == hipErrorInvalidValue);
  // The tests link the runtime statically; its functions are found where the executable
  // exports them (-rdynamic builds) and must then be the functions themselves.
  if (hipGetProcAddress("hipGetDeviceProperties", &p, 600, 0, &status) == hipSuccess) {
    CHECK(status == HIP_GET_PROC_ADDRESS_SUCCESS);
    CHECK(p == reinterpret_cast<void*>(&hipGetDevicePropertiesR0600));
    REQUIRE(hipGetProcAddress("hipGetDeviceProperties", &p, 500, 0, &status) == hipSuccess);
    CHECK(p != reinterpret_cast<void*>(&hipGetDevicePropertiesR0600));  // the HIP 5 export
    REQUIRE(hipGetProcAddress("hipLaunchKernel", &p, 600,
                              HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, &status) ==
            hipSuccess);
    CHECK(p == reinterpret_cast<void*>(&hipLaunchKernel_spt));
  }
  (void)hipGetLastError();
}

TEST_CASE("hipApiName, hipRegisterTracerCallback, texture and surface registration") {
  CHECK(std::strcmp(hipApiName(0), "unknown") == 0);
  CHECK(std::strcmp(hipApiName(123456), "unknown") == 0);
  // AMD's ids (hip_prof_str.h): first, last, a retired one.
  CHECK(std::strcmp(hipApiName(1), "__hipPopCallConfiguration") == 0);
  CHECK(std::strcmp(hipApiName(107), "hipLaunchKernel") == 0);
  CHECK(std::strcmp(hipApiName(446), "hipModuleGetLoadingMode") == 0);
  CHECK(std::strcmp(hipApiName(50), "unknown") == 0);
  CHECK(std::strcmp(hipApiName(447), "unknown") == 0);
  CHECK(std::strcmp(hipApiName(UINT32_MAX), "unknown") == 0);
  hipRegisterTracerCallback(nullptr);
  hipRegisterTracerCallback([](uint32_t, uint32_t, void*) { return 0; });
  char name[] = "tex";
  int var = 0;
  __hipRegisterTexture(nullptr, &var, name, name, 2, 0, 0);  // noted and ignored
  __hipRegisterSurface(nullptr, &var, name, name, 2, 0);
  SUCCEED("texture and surface registrations are accepted without effect");
}
