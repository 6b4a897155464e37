// Device-level odds and ends on the GPU: profiler control, hipSetValidDevices, pointer
// attributes that are set, link types between devices.
#include <thread>
#include <vector>

#include "gpu_test_support.h"

TEST_CASE("hipProfilerStart / hipProfilerStop toggle the vendor profiler", "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  CHECK(hipProfilerStart() == hipSuccess);
  CHECK(hipProfilerStop() == hipSuccess);
}

TEST_CASE("hipSetValidDevices: a fresh thread starts on the list's first device",
          "[runtime_extras]") {
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  int last = count - 1;
  int current = -1;
  hipError_t set = hipErrorUnknown, get = hipErrorUnknown;
  std::thread t([&] {
    set = hipSetValidDevices(&last, 1);
    get = hipGetDevice(&current);
  });
  t.join();
  CHECK(set == hipSuccess);
  CHECK(get == hipSuccess);
  CHECK(current == last);
  int bad = count;
  CHECK(hipSetValidDevices(&bad, 1) == hipErrorInvalidDevice);
  CHECK(hipSetValidDevices(nullptr, 1) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hipPointerSetAttribute: SYNC_MEMOPS set on device memory reads back",
          "[runtime_extras]") {
  HIP_REQUIRE(hipSetDevice(0));
  void* p = nullptr;
  HIP_REQUIRE(hipMalloc(&p, 1 << 20));
  unsigned one = 1, two = 2;
  bool value = false;  // a bool, as AMD's runtime and CUDA write it
  HIP_REQUIRE(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p));
  HIP_REQUIRE(hipPointerGetAttribute(&value, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p));
  CHECK(value);
  CHECK(hipPointerSetAttribute(&two, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, p) == hipErrorInvalidValue);
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, p) == hipErrorInvalidValue);
  int host = 0;
  CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, &host) ==
        hipErrorInvalidDevicePointer);
  // Memory that stays usable: a synchronous copy after the attribute.
  std::vector<char> data(1 << 20, 7), back(1 << 20, 0);
  HIP_REQUIRE(hipMemcpy(p, data.data(), data.size(), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpy(back.data(), p, back.size(), hipMemcpyDeviceToHost));
  CHECK(back == data);
  HIP_CHECK(hipFree(p));
  (void)hipGetLastError();
}

TEST_CASE("hipExtGetLinkTypeAndHopCount between two GPUs", "[runtime_extras][multigpu]") {
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  uint32_t type = 99, hops = 99;
  CHECK(hipExtGetLinkTypeAndHopCount(0, count, &type, &hops) == hipErrorInvalidDevice);
  CHECK(hipExtGetLinkTypeAndHopCount(0, 0, &type, &hops) == hipErrorInvalidValue);
  if (count < 2) {
    WARN("one GPU: no link to describe");
    return;
  }
  HIP_REQUIRE(hipExtGetLinkTypeAndHopCount(0, 1, &type, &hops));
  int access = 0, atomics = 0;
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&access, hipDevP2PAttrAccessSupported, 0, 1));
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&atomics, hipDevP2PAttrNativeAtomicSupported, 0, 1));
  INFO("link type " << type << ", hops " << hops << ", access " << access << ", atomics "
                    << atomics);
  CHECK(type == (access && atomics ? 4u : 2u));  // XGMI-like (NVLink) or PCIe
  CHECK(hops == (access ? 1u : 2u));
}
