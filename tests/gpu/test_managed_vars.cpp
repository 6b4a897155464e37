// __managed__ variables on the GPU: one variable the host and every device's kernels share,
// initialized from its initializer, as HIP on AMD does.
#include <filesystem>
#include <string>

#include "gpu_test_support.h"
#include "managed_var_kernels.h"

namespace {
int deviceCount() {
  int n = 0;
  return hipGetDeviceCount(&n) == hipSuccess ? n : 0;
}
}  // namespace

TEST_CASE("__managed__: host and kernel share the variable; initial values; pointer attributes",
          "[managed_vars]") {
  HIP_REQUIRE(hipSetDevice(0));
  // Nothing has touched the variables yet (only this file's kernels use them).
  CHECK(*managedScalarAddress() == managedScalarInitial());
  CHECK(managedArrayAddress()[3] == 4.0f);
  *managedScalarAddress() = 11;  // a host write before the first launch reaches the kernel
  DeviceBuffer<int> out(1);
  LAUNCH_AND_WAIT(launchManagedUpdate(out.ptr, nullptr));
  CHECK(out.read()[0] == 11);
  CHECK(*managedScalarAddress() == 12);
  const float* array = managedArrayAddress();
  CHECK(array[0] == 2.0f);
  CHECK(array[3] == 8.0f);

  hipPointerAttribute_t attributes{};
  HIP_REQUIRE(hipPointerGetAttributes(&attributes, managedScalarAddress()));
  CHECK(attributes.type == hipMemoryTypeManaged);
  CHECK(attributes.isManaged == 1);

  // Host writes after the launch, copies through hipMemcpy, and many threads' atomics.
  *managedScalarAddress() = 100;
  LAUNCH_AND_WAIT(launchManagedAtomicAdd(3, 1000, nullptr));
  CHECK(*managedScalarAddress() == 3100);
  int fromCopy = 0;
  HIP_REQUIRE(hipMemcpy(&fromCopy, managedScalarAddress(), sizeof(int), hipMemcpyDefault));
  CHECK(fromCopy == 3100);
  const int seven = 7;
  HIP_REQUIRE(hipMemcpy(managedScalarAddress(), &seven, sizeof(int), hipMemcpyHostToDevice));
  LAUNCH_AND_WAIT(launchManagedUpdate(out.ptr, nullptr));
  CHECK(out.read()[0] == 7);
  CHECK(*managedScalarAddress() == 8);

  // A stream-ordered launch and a prefetch of the variable's memory.
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_CHECK(hipMemPrefetchAsync(managedScalarAddress(), sizeof(int), 0, s));
  HIP_REQUIRE(launchManagedUpdate(out.ptr, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(*managedScalarAddress() == 9);
  HIP_CHECK(hipStreamDestroy(s));
}

TEST_CASE("__managed__: not a symbol of the symbol API (AMD's runtime registers it apart)",
          "[managed_vars]") {
  int value = 1;
  CHECK(hipMemcpyToSymbol(managedScalarAddress(), &value, sizeof value) == hipErrorInvalidSymbol);
  size_t size = 0;
  CHECK(hipGetSymbolSize(&size, managedScalarAddress()) == hipErrorInvalidSymbol);
  (void)hipGetLastError();
}

TEST_CASE("__managed__: every device's kernels see the same variable", "[managed_vars][multigpu]") {
  if (deviceCount() < 2) {
    WARN("one GPU: the multi-GPU case does not apply");
    return;
  }
  HIP_REQUIRE(hipSetDevice(0));
  *managedScalarAddress() = 0;
  LAUNCH_AND_WAIT(launchManagedAtomicAdd(1, 256, nullptr));
  int* address = managedScalarAddress();
  HIP_REQUIRE(hipSetDevice(1));
  LAUNCH_AND_WAIT(launchManagedAtomicAdd(2, 256, nullptr));
  CHECK(managedScalarAddress() == address);
  CHECK(*managedScalarAddress() == 256 + 512);
  HIP_REQUIRE(hipSetDevice(0));
}

// hip-tests' module/hipManagedKeyword.cc (Unit_hipModuleGetGlobal_Functional): a module's
// __managed__ variable, loaded by hipModuleLoad, starts at its initializer, a kernel of the
// module updates it, and hipModuleGetGlobal answers its managed memory (AMD's DynCO).
TEST_CASE("__managed__ in a module: hipModuleLoad sets it up, hipModuleGetGlobal finds it",
          "[managed_vars]") {
  const std::string path =
      (std::filesystem::read_symlink("/proc/self/exe").parent_path() /
       "module_managed_kernels.hipfb")
          .string();
  for (int i = 0; i < deviceCount(); ++i) {
    // The CUDA backend lists a module's managed variables; the HSA one does not yet.
    const char* backend = unihipGetDeviceBackendName(i);
    if (backend == nullptr || std::string(backend) != "cuda") continue;
    HIP_REQUIRE(hipSetDevice(i));
    hipModule_t module = nullptr;
    HIP_REQUIRE(hipModuleLoad(&module, path.c_str()));
    hipFunction_t f = nullptr;
    HIP_REQUIRE(hipModuleGetFunction(&f, module, "moduleManagedIncrement"));
    HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr));
    HIP_CHECK(hipDeviceSynchronize());
    hipDeviceptr_t x = nullptr;
    size_t bytes = 0;
    HIP_REQUIRE(hipModuleGetGlobal(&x, &bytes, module, "moduleManaged"));
    CHECK(bytes == sizeof(int));
    int value = 0;
    HIP_CHECK(hipMemcpyDtoH(&value, x, sizeof value));
    CHECK(value == 11);
    CHECK(*static_cast<int*>(x) == 11);  // managed: the host reads it too
    hipPointerAttribute_t attributes{};
    HIP_REQUIRE(hipPointerGetAttributes(&attributes, x));
    CHECK(attributes.isManaged == 1);
    HIP_CHECK(hipModuleUnload(module));
  }
}
