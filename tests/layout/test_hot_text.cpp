// libunihip's launch path lies together (base/hot_text.h): a process's first launch runs
// code from a few neighbouring pages, not from pages spread over the library.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstdint>

namespace {

// The function's own address in libunihip (found through this executable's RUNPATH), never a
// PLT entry of the executable.
uintptr_t address(const char* name) {
  static void* library = dlopen("libunihip.so.0", RTLD_NOW);
  return library == nullptr ? 0 : reinterpret_cast<uintptr_t>(dlsym(library, name));
}

}  // namespace

TEST_CASE("the launch path's entry points lie within one 64 KiB span, apart from the rest") {
  if (!UNIHIP_LAYOUT_OPTIMIZED) {
    WARN("an unoptimized build: the compiler keeps no .text.hot section; nothing to check");
    return;
  }
  uintptr_t lowest = UINTPTR_MAX;
  uintptr_t highest = 0;
  for (const char* name : {"__hipPushCallConfiguration", "__hipPopCallConfiguration",
                           "hipLaunchKernel", "hipLaunchKernel_spt", "hipModuleLaunchKernel",
                           "hipStreamSynchronize", "hipGetLastError"}) {
    INFO(name);
    const uintptr_t a = address(name);
    REQUIRE(a != 0);
    lowest = std::min(lowest, a);
    highest = std::max(highest, a);
  }
  CHECK(highest - lowest < 64 * 1024);
  // Functions no launch runs stay out of that span.
  for (const char* name : {"hipMallocPitch", "hipGraphInstantiate", "hipDeviceGetAttribute",
                           "hipMemcpy2DToArray", "hipGetErrorString"}) {
    INFO(name);
    const uintptr_t a = address(name);
    REQUIRE(a != 0);
    CHECK((a < lowest || a > highest));
  }
}
