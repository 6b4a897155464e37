// The registration ABI as clang emits it (tests/cpu/kernels/registered.hip is compiled by
// clang-19 in HIP mode with its fat binary embedded), and the registry's bookkeeping.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <fstream>
#include <iterator>

#include "api/hip_register.h"
#include "core/launch_generation.h"
#include "core/registry.h"
#include "build_files.h"
#include "install_fake.h"

using namespace unihip;
using unihip::testing::installFake;

// Defined in the clang-compiled host object.
hipError_t launchScale(float* x, float a, dim3 grid, dim3 block, hipStream_t stream);
const void* scaleHostFunction();
const void* addOneHostFunction();
void* deviceCounterHostAddress();
int* managedCounterAddress();

namespace {

// A wrapper around a corrupt bundle, in static storage as clang would place it.
alignas(8) const unsigned char kCorruptBundle[64] = "__CLANG_OFFLOAD_BUNDLE__\x02";
const FatBinaryWrapper kCorruptWrapper{kFatBinaryWrapperMagic, 1, kCorruptBundle, nullptr};
const FatBinaryWrapper kBadMagicWrapper{0x12345678, 1, kCorruptBundle, nullptr};

// Fat binaries registered by a static constructor, before anything starts the runtime, as clang's
// module constructors register theirs: a corrupt plain bundle and a compressed one (the test
// bundle as clang-offload-bundler -compress wrote it).
struct EarlyRegistration {
  std::vector<uint8_t> ccob;
  FatBinaryWrapper ccobWrapper{kFatBinaryWrapperMagic, 1, nullptr, nullptr};
  void** corrupt = nullptr;
  void** compressed = nullptr;
  bool corruptParsedAtRegistration = true;
  bool compressedParsedAtRegistration = true;

  EarlyRegistration() {
    std::ifstream f(unihip::testing::buildFilePath(UNIHIP_TEST_CCOB_FATBIN), std::ios::binary);
    ccob.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    ccobWrapper.binary = ccob.data();
    corrupt = __hipRegisterFatBinary(&kCorruptWrapper);
    compressed = __hipRegisterFatBinary(&ccobWrapper);
    if (corrupt) corruptParsedAtRegistration = reinterpret_cast<FatBinary*>(corrupt)->parsed;
    if (compressed)
      compressedParsedAtRegistration = reinterpret_cast<FatBinary*>(compressed)->parsed;
  }
};
const EarlyRegistration g_early;

bool parsed(void** handle) {
  auto* fatbin = reinterpret_cast<FatBinary*>(handle);
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  return fatbin->parsed;
}

}  // namespace

TEST_CASE("clang's module constructor registered the kernels and variables") {
  Registry& r = Registry::get();
  KernelRecord* scale = r.findKernel(scaleHostFunction());
  REQUIRE(scale != nullptr);
  CHECK(scale->name == "_Z5scalePff");
  REQUIRE(scale->fatbin != nullptr);
  CHECK(r.parse(scale->fatbin) == kOk);  // parsed when the runtime started, or here
  CHECK(scale->fatbin->entries.size() >= 3);

  KernelRecord* addOne = r.findKernel(addOneHostFunction());
  REQUIRE(addOne != nullptr);
  CHECK(addOne->name == "_Z6addOnePi");
  CHECK(addOne->fatbin == scale->fatbin);

  VariableRecord* counter = r.findVariable(deviceCounterHostAddress());
  REQUIRE(counter != nullptr);
  CHECK(counter->name == "deviceCounter");
  CHECK(counter->size == sizeof(int));
  CHECK(r.parseCount() >= 1);
}

TEST_CASE("<<<>>> goes through the call-configuration stack to the backend, loading once") {
  auto* fake = installFake(1, "gfx90a");
  uint64_t parsesBefore = Registry::get().parseCount();
  float x = 1.0f;
  REQUIRE(launchScale(&x, 2.0f, dim3(3, 2), dim3(64), nullptr) == hipSuccess);
  CHECK(fake->launches == 1);
  CHECK(fake->lastLaunch.grid.x == 3);
  CHECK(fake->lastLaunch.grid.y == 2);
  CHECK(fake->lastLaunch.block.x == 64);
  CHECK(fake->lastArg0Value == &x);
  REQUIRE(fake->moduleLoads == 1);
  CHECK(fake->loadedTargets.at(0) == "gfx90a");

  REQUIRE(launchScale(&x, 2.0f, dim3(1), dim3(32), nullptr) == hipSuccess);
  CHECK(fake->launches == 2);
  CHECK(fake->moduleLoads == 1);  // cached per device
  CHECK(Registry::get().parseCount() == parsesBefore);  // launches never re-parse
}

TEST_CASE("a device with no fitting image gets hipErrorNoBinaryForGpu") {
  auto* fake = installFake(1, "gfx1100");
  float x = 1.0f;
  CHECK(launchScale(&x, 2.0f, dim3(1), dim3(1), nullptr) == hipErrorNoBinaryForGpu);
  CHECK(fake->launches == 0);
  CHECK(hipGetLastError() == hipSuccess);  // launchScale already read and cleared it
}

TEST_CASE("a corrupt bundle registered once the runtime runs is found at registration; its "
          "kernels are no device functions") {
  auto* fake = installFake(1, "gfx90a");
  uint64_t before = Registry::get().parseCount();
  void** handle = __hipRegisterFatBinary(&kCorruptWrapper);
  REQUIRE(handle != nullptr);
  // Parsed at registration (AMD's runtime digests a fat binary registered after hip init), with
  // the registration itself answered as usual: the error shows at the kernels' launches.
  CHECK(Registry::get().parseCount() == before + 1);
  CHECK(reinterpret_cast<FatBinary*>(handle)->status == Status(hipErrorInvalidImage));
  static const char hostStub = 0;
  __hipRegisterFunction(handle, &hostStub, const_cast<char*>("k"), "k", ~0u, nullptr, nullptr,
                        nullptr, nullptr, nullptr);
  CHECK(handle != nullptr);
  // AMD's runtime answers hipErrorInvalidDeviceFunction for kernels of a bundle it cannot use.
  CHECK(hipLaunchKernel(&hostStub, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipLaunchKernel(&hostStub, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(Registry::get().parseCount() == before + 1);  // parsed once
  CHECK(fake->launches == 0);
  CHECK(fake->moduleLoads == 0);
  __hipUnregisterFatBinary(handle);
  CHECK(hipLaunchKernel(&hostStub, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
}

TEST_CASE("the runtime's start parses the plain bundles registered before it; a compressed one "
          "waits for its first use") {
  REQUIRE(g_early.corrupt != nullptr);
  REQUIRE(g_early.compressed != nullptr);
  REQUIRE(g_early.ccob.size() > 4);
  // Registered before the runtime started: only the wrappers were read.
  CHECK_FALSE(g_early.corruptParsedAtRegistration);
  CHECK_FALSE(g_early.compressedParsedAtRegistration);
  auto* fake = installFake(1, "gfx90a");  // the runtime runs from here on, if nothing started it
  CHECK(parsed(g_early.corrupt));
  CHECK(reinterpret_cast<FatBinary*>(g_early.corrupt)->status == Status(hipErrorInvalidImage));
  CHECK_FALSE(parsed(g_early.compressed));

  // Registered now: still left to its first use.
  const uint64_t before = Registry::get().parseCount();
  const FatBinaryWrapper again{kFatBinaryWrapperMagic, 1, g_early.ccob.data(), nullptr};
  void** late = __hipRegisterFatBinary(&again);
  REQUIRE(late != nullptr);
  CHECK_FALSE(parsed(late));
  CHECK(Registry::get().parseCount() == before);

  // The first launch of one of its kernels decompresses and parses it, once.
  static const char stub = 0;
  __hipRegisterFunction(g_early.compressed, &stub, const_cast<char*>("_Z5scalePff"),
                        "_Z5scalePff", ~0u, nullptr, nullptr, nullptr, nullptr, nullptr);
  float x = 1.0f, a = 2.0f;
  float* px = &x;
  void* args[] = {&px, &a};
  CHECK(hipLaunchKernel(&stub, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(hipLaunchKernel(&stub, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->launches == 2);
  CHECK(parsed(g_early.compressed));
  CHECK(reinterpret_cast<FatBinary*>(g_early.compressed)->status == kOk);
  CHECK(reinterpret_cast<FatBinary*>(g_early.compressed)->entries.size() >= 3);
  CHECK(Registry::get().parseCount() == before + 1);
  __hipUnregisterFatBinary(late);
}

TEST_CASE("a wrapper with a bad magic or version is rejected: null handle, nothing parsed") {
  auto* fake = installFake(1, "gfx90a");
  uint64_t before = Registry::get().parseCount();
  const FatBinaryWrapper badVersion{kFatBinaryWrapperMagic, 2, kCorruptBundle, nullptr};
  CHECK(__hipRegisterFatBinary(&kBadMagicWrapper) == nullptr);  // as AMD's runtime answers
  CHECK(__hipRegisterFatBinary(&badVersion) == nullptr);
  CHECK(__hipRegisterFatBinary(nullptr) == nullptr);
  CHECK(Registry::get().parseCount() == before);
  // clang's constructor registers the kernels with the null handle anyway: they stay unknown.
  static const char hostStub = 0;
  __hipRegisterFunction(nullptr, &hostStub, const_cast<char*>("k"), "k", ~0u, nullptr, nullptr,
                        nullptr, nullptr, nullptr);
  CHECK(Registry::get().findKernel(&hostStub) == nullptr);
  CHECK(hipLaunchKernel(&hostStub, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(fake->launches == 0);
  __hipUnregisterFatBinary(nullptr);  // the destructor's call: no crash
}

TEST_CASE("__hipRegisterVar records variables; bad __managed__ registrations are ignored") {
  auto* fake = installFake(1, "gfx90a");
  void** handle = __hipRegisterFatBinary(&kCorruptWrapper);
  REQUIRE(handle != nullptr);
  static int hostShadow = 0;
  __hipRegisterVar(handle, &hostShadow, const_cast<char*>("v"), "v", 0, sizeof(int), 0, 0);
  VariableRecord* v = Registry::get().findVariable(&hostShadow);
  REQUIRE(v != nullptr);
  CHECK(v->name == "v");
  CHECK(v->size == sizeof(int));
  // Its bundle is corrupt: the symbol cannot be resolved, and nothing is loaded.
  void* address = nullptr;
  CHECK(hipGetSymbolAddress(&address, &hostShadow) != hipSuccess);
  CHECK(address == nullptr);
  CHECK(fake->moduleLoads == 0);
  // Null arguments and the null handle of a rejected wrapper: nothing recorded, no crash.
  static int other = 0;
  __hipRegisterVar(nullptr, &other, nullptr, "w", 0, sizeof(int), 0, 0);
  __hipRegisterVar(handle, nullptr, nullptr, "w", 0, sizeof(int), 0, 0);
  __hipRegisterVar(handle, &other, nullptr, nullptr, 0, sizeof(int), 0, 0);
  CHECK(Registry::get().findVariable(&other) == nullptr);
  // __managed__ registrations with a bad argument record nothing and leave the pointer alone.
  static int managedInit = 7;
  void* managedPointer = nullptr;
  __hipRegisterManagedVar(nullptr, &managedPointer, &managedInit, "m", sizeof(int), 4);
  __hipRegisterManagedVar(handle, nullptr, &managedInit, "m", sizeof(int), 4);
  __hipRegisterManagedVar(handle, &managedPointer, nullptr, "m", sizeof(int), 4);
  __hipRegisterManagedVar(handle, &managedPointer, &managedInit, nullptr, sizeof(int), 4);
  __hipRegisterManagedVar(handle, &managedPointer, &managedInit, "m", 0, 4);
  __hipRegisterManagedVar(handle, &managedPointer, &managedInit, "m", sizeof(int), 3);
  CHECK(managedPointer == nullptr);
  // A good one: the host pointer gets a copy of the initial value at once.
  __hipRegisterManagedVar(handle, &managedPointer, &managedInit, "m", sizeof(int), 4);
  REQUIRE(managedPointer != nullptr);
  CHECK(managedPointer != &managedInit);
  CHECK(*static_cast<int*>(managedPointer) == 7);
  CHECK(reinterpret_cast<uintptr_t>(managedPointer) % 4 == 0);
  __hipUnregisterFatBinary(handle);
  (void)hipGetLastError();
}

TEST_CASE("registration from many threads while others look kernels up", "[threads]") {
  constexpr int kThreads = 8, kPerThread = 500;
  static char stubs[kThreads][kPerThread];
  void** handle = __hipRegisterFatBinary(&kCorruptWrapper);
  std::atomic<bool> stop{false};
  std::atomic<long> lookups{0}, junk{0};
  std::thread reader([&] {
    // Lookups race with inserts and table growth; they must never crash or see junk.
    do {
      for (int t = 0; t < kThreads; ++t) {
        KernelRecord* k = Registry::get().findKernel(&stubs[t][kPerThread / 2]);
        if (k && k->hostFunction != &stubs[t][kPerThread / 2]) ++junk;
      }
      ++lookups;
    } while (!stop.load());
  });
  std::vector<std::thread> writers;
  for (int t = 0; t < kThreads; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i)
        __hipRegisterFunction(handle, &stubs[t][i], nullptr, "k", ~0u, nullptr, nullptr, nullptr,
                              nullptr, nullptr);
    });
  }
  for (auto& w : writers) w.join();
  stop = true;
  reader.join();
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kPerThread; ++i) REQUIRE(Registry::get().findKernel(&stubs[t][i]));
  CHECK(lookups > 0);
  CHECK(junk == 0);
  __hipUnregisterFatBinary(handle);
  CHECK(Registry::get().findKernel(&stubs[0][0]) == nullptr);
}

TEST_CASE("__managed__: host copy until the first launch, then managed memory bound into the image",
          "[managed]") {
  auto* fake = installFake(1, "gfx90a");
  // Registered by clang's constructor (registered.hip: `__managed__ int managedCounter = 42`).
  int* before = managedCounterAddress();
  REQUIRE(before != nullptr);
  CHECK(*before == 42);
  hipPointerAttribute_t attributes{};
  CHECK(hipPointerGetAttributes(&attributes, before) == hipSuccess);  // HIP 7: not an error
  CHECK(attributes.type == hipMemoryTypeUnregistered);  // plain host memory
  (void)hipGetLastError();
  *before = 43;  // host code may write it before any launch

  float value = 1.0f;
  REQUIRE(launchScale(&value, 2.0f, dim3(1), dim3(1), nullptr) == hipSuccess);
  REQUIRE(fake->moduleLoads == 1);
  int* after = managedCounterAddress();
  CHECK(after != before);
  CHECK(*after == 43);  // the value written before moved into managed memory
  REQUIRE(fake->managedPointers.count("managedCounter") == 1);
  CHECK(fake->managedPointers["managedCounter"] == after);  // the image's pointer variable
  REQUIRE(hipPointerGetAttributes(&attributes, after) == hipSuccess);
  CHECK(attributes.type == hipMemoryTypeManaged);
  CHECK(attributes.isManaged == 1);
  // Not a symbol of the symbol API: AMD's runtime keeps managed variables apart from those.
  int one = 1;
  CHECK(hipMemcpyToSymbol(after, &one, sizeof one) == hipErrorInvalidSymbol);
  (void)hipGetLastError();

  // A second launch neither reloads nor reallocates.
  REQUIRE(launchScale(&value, 2.0f, dim3(1), dim3(1), nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == 1);
  CHECK(managedCounterAddress() == after);

  // A device reset frees the managed memory; the variable goes back to its initial value and is
  // bound again at the next launch.
  REQUIRE(hipDeviceReset() == hipSuccess);
  int* reset = managedCounterAddress();
  CHECK(*reset == 42);
  CHECK(hipPointerGetAttributes(&attributes, after) == hipSuccess);  // HIP 7: not an error
  CHECK(attributes.type == hipMemoryTypeUnregistered);
  (void)hipGetLastError();
  REQUIRE(launchScale(&value, 2.0f, dim3(1), dim3(1), nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == 2);
  CHECK(fake->managedPointers["managedCounter"] == managedCounterAddress());
  CHECK(*managedCounterAddress() == 42);
}

TEST_CASE("__managed__ on a device of two: one managed memory, bound into each device's image",
          "[managed]") {
  auto* fake = installFake(2, "gfx90a");
  float value = 1.0f;
  REQUIRE(launchScale(&value, 2.0f, dim3(1), dim3(1), nullptr) == hipSuccess);
  int* storage = managedCounterAddress();
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(launchScale(&value, 2.0f, dim3(1), dim3(1), nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == 2);
  CHECK(managedCounterAddress() == storage);
  CHECK(fake->managedPointers["managedCounter"] == storage);
  REQUIRE(hipSetDevice(0) == hipSuccess);
}

// Issue 35: CUDA's runtime frees a module's managed memory when it goes; unihip leaked it (a
// sanitizer's leak check reported it at exit). Now __hipUnregisterFatBinary frees it, and the
// host variable keeps its last value in host memory.
TEST_CASE("__managed__ memory is freed when its fat binary is unregistered", "[managed]") {
  auto* fake = installFake(1, "gfx90a");
  std::ifstream in(unihip::testing::buildFilePath(UNIHIP_TEST_FATBIN), std::ios::binary);
  std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  REQUIRE(bytes.size() > 64);
  std::vector<uint64_t> bundle(bytes.size() / 8 + 1);  // 8-byte aligned, as a linker places it
  std::memcpy(bundle.data(), bytes.data(), bytes.size());
  const FatBinaryWrapper wrapper{kFatBinaryWrapperMagic, 1, bundle.data(), nullptr};
  static char stub;
  static int initial = 5;
  void* hostPointer = nullptr;  // what clang's host variable of a __managed__ one is
  void** handle = __hipRegisterFatBinary(&wrapper);
  REQUIRE(handle != nullptr);
  __hipRegisterFunction(handle, &stub, nullptr, "_Z5scalePff", ~0u, nullptr, nullptr, nullptr,
                        nullptr, nullptr);
  __hipRegisterManagedVar(handle, &hostPointer, &initial, "managedCounter", sizeof(int), 4);
  REQUIRE(hostPointer != nullptr);
  const int before = fake->managedLive.load();
  float x = 1.0f, a = 2.0f;
  float* px = &x;
  void* args[] = {&px, &a};
  REQUIRE(hipLaunchKernel(&stub, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->managedLive.load() == before + 1);  // the first launch gave it managed memory
  void* storage = hostPointer;
  *static_cast<int*>(storage) = 9;
  hipPointerAttribute_t attributes{};
  REQUIRE(hipPointerGetAttributes(&attributes, storage) == hipSuccess);

  __hipUnregisterFatBinary(handle);
  CHECK(fake->managedLive.load() == before);  // freed (was leaked)
  CHECK(hostPointer != storage);
  CHECK(*static_cast<int*>(hostPointer) == 9);  // the last value, in host memory
  CHECK(hipPointerGetAttributes(&attributes, storage) == hipSuccess);  // HIP 7: not an error
  CHECK(attributes.type == hipMemoryTypeUnregistered);
  (void)hipGetLastError();
}

TEST_CASE("__managed__ in an image without its pointer variable: the module is refused",
          "[managed]") {
  // An image compiled without HIP's managed layout holds the variable itself (any size but a
  // pointer's): binding would diverge from the host's copy, so the launch fails instead.
  auto* fake = installFake(1, "gfx90a");
  fake->managedGlobalSize = 4;
  float value = 1.0f;
  CHECK(launchScale(&value, 2.0f, dim3(1), dim3(1), nullptr) == hipErrorInvalidSymbol);
  CHECK(fake->launches == 0);
  CHECK(*managedCounterAddress() == 42);
  (void)hipGetLastError();
}

// Registration only appends; records and the host-function index are built at the first lookup
// after it (core/registry.h). These check that the lazy index answers as an eager one would.
namespace {

void registerKernel(void** handle, const void* hostStub, const char* name) {
  __hipRegisterFunction(handle, hostStub, const_cast<char*>(name), name, ~0u, nullptr, nullptr,
                        nullptr, nullptr, nullptr);
}

}  // namespace

TEST_CASE("lazy kernel index: lookups before and after more registrations", "[registry]") {
  void** handle = __hipRegisterFatBinary(&kCorruptWrapper);
  REQUIRE(handle != nullptr);
  static const char first = 0, second = 0, unknown = 0;
  static const char kFirstName[] = "lazy_first";
  const uint64_t generation = launchGeneration();
  registerKernel(handle, &first, kFirstName);
  CHECK(launchGeneration() > generation);  // a launch cache may hold the stub's old record
  KernelRecord* a = Registry::get().findKernel(&first);
  REQUIRE(a != nullptr);
  CHECK(a->hostFunction == &first);
  CHECK(a->fatbin == reinterpret_cast<FatBinary*>(handle));
  CHECK(a->name == "lazy_first");
  CHECK(a->name.data() == kFirstName);  // clang's static string, not a copy
  registerKernel(handle, &second, "lazy_second");
  KernelRecord* b = Registry::get().findKernel(&second);
  REQUIRE(b != nullptr);
  CHECK(b->name == "lazy_second");
  CHECK(Registry::get().findKernel(&first) == a);  // records stay where they are
  CHECK(hipKernelNameRefByPtr(&second, nullptr) == std::string("lazy_second"));
  // An unknown stub, looked up while registrations are pending and after: not found.
  CHECK(Registry::get().findKernel(&unknown) == nullptr);
  CHECK(Registry::get().findKernel(&unknown) == nullptr);
  const auto* fatbin = reinterpret_cast<FatBinary*>(handle);
  CHECK(std::count(fatbin->kernels.begin(), fatbin->kernels.end(), a) == 1);
  __hipUnregisterFatBinary(handle);
  CHECK(Registry::get().findKernel(&first) == nullptr);
  CHECK(Registry::get().findKernel(&second) == nullptr);
}

TEST_CASE("lazy kernel index: an unknown stub is hipErrorInvalidDeviceFunction", "[registry]") {
  auto* fake = installFake(1, "gfx90a");
  void** handle = __hipRegisterFatBinary(&kCorruptWrapper);
  static const char registered = 0, unknown = 0;
  registerKernel(handle, &registered, "k");  // pending when the launch looks up
  CHECK(hipLaunchKernel(&unknown, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipGetLastError() == hipErrorInvalidDeviceFunction);
  CHECK(hipKernelNameRefByPtr(&unknown, nullptr) == nullptr);
  // The registered one was indexed by that lookup; its bundle is corrupt, so no device function.
  CHECK(hipLaunchKernel(&registered, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(fake->launches == 0);
  __hipUnregisterFatBinary(handle);
  (void)hipGetLastError();
}

TEST_CASE("lazy kernel index: one name in two fat binaries, one stub registered twice",
          "[registry]") {
  void** one = __hipRegisterFatBinary(&kCorruptWrapper);
  void** two = __hipRegisterFatBinary(&kCorruptWrapper);
  REQUIRE(one != two);
  static const char stubOne = 0, stubTwo = 0, shared = 0, sharedIndexed = 0;
  // The same device name from two translation units: two kernels, each of its own fat binary.
  registerKernel(one, &stubOne, "_Z3dupv");
  registerKernel(two, &stubTwo, "_Z3dupv");
  // A stub both register (an inline kernel's deduplicated stub): the later registration wins,
  // whether the first was already indexed or both were pending.
  registerKernel(one, &shared, "_Z6sharedv");
  registerKernel(one, &sharedIndexed, "_Z6sharedv");
  REQUIRE(Registry::get().findKernel(&sharedIndexed) != nullptr);
  registerKernel(two, &shared, "_Z6sharedv");
  registerKernel(two, &sharedIndexed, "_Z6sharedv");
  KernelRecord* k1 = Registry::get().findKernel(&stubOne);
  KernelRecord* k2 = Registry::get().findKernel(&stubTwo);
  REQUIRE(k1 != nullptr);
  REQUIRE(k2 != nullptr);
  CHECK(k1 != k2);
  CHECK(k1->fatbin == reinterpret_cast<FatBinary*>(one));
  CHECK(k2->fatbin == reinterpret_cast<FatBinary*>(two));
  CHECK(k1->name == k2->name);
  REQUIRE(Registry::get().findKernel(&shared) != nullptr);
  CHECK(Registry::get().findKernel(&shared)->fatbin == reinterpret_cast<FatBinary*>(two));
  CHECK(Registry::get().findKernel(&sharedIndexed)->fatbin == reinterpret_cast<FatBinary*>(two));
  // Unregistering the second drops the stubs it registered (as an eager index did), not the
  // first's own kernel.
  __hipUnregisterFatBinary(two);
  CHECK(Registry::get().findKernel(&stubTwo) == nullptr);
  CHECK(Registry::get().findKernel(&shared) == nullptr);
  CHECK(Registry::get().findKernel(&stubOne) == k1);
  __hipUnregisterFatBinary(one);
  CHECK(Registry::get().findKernel(&stubOne) == nullptr);
}

TEST_CASE("lazy kernel index: a fat binary unregistered before any lookup", "[registry]") {
  void** handle = __hipRegisterFatBinary(&kCorruptWrapper);
  static const char stubs[10] = {};
  for (const char& s : stubs) registerKernel(handle, &s, "never_looked_up");
  const uint64_t generation = launchGeneration();
  __hipUnregisterFatBinary(handle);  // its kernels are still pending
  CHECK(launchGeneration() > generation);
  for (const char& s : stubs) CHECK(Registry::get().findKernel(&s) == nullptr);
  CHECK(hipLaunchKernel(&stubs[0], dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  __hipUnregisterFatBinary(handle);  // twice: nothing happens
  // Registered again afterwards (a library loaded again): found again.
  void** again = __hipRegisterFatBinary(&kCorruptWrapper);
  registerKernel(again, &stubs[3], "never_looked_up");
  REQUIRE(Registry::get().findKernel(&stubs[3]) != nullptr);
  CHECK(Registry::get().findKernel(&stubs[3])->fatbin == reinterpret_cast<FatBinary*>(again));
  CHECK(Registry::get().findKernel(&stubs[4]) == nullptr);
  __hipUnregisterFatBinary(again);
  (void)hipGetLastError();
}

// The driver's module load waits for the device's streams: a first launch behind a host function
// that holds its stream would never return, so the modules are loaded before such work is queued.
TEST_CASE("a host function or a stream wait loads every registered module first", "[registry]") {
  auto* fake = installFake(1, "gfx90a");
  REQUIRE(fake->moduleLoads == 0);
  REQUIRE(hipLaunchHostFunc(nullptr, [](void*) {}, nullptr) == hipSuccess);
  const int loaded = fake->moduleLoads;
  CHECK(loaded >= 1);
  float x = 1.0f;
  REQUIRE(launchScale(&x, 2.0f, dim3(1), dim3(32), nullptr) == hipSuccess);
  CHECK(fake->launches == 1);
  CHECK(fake->moduleLoads == loaded);  // the launch found its module loaded
  REQUIRE(hipStreamAddCallback(nullptr, [](hipStream_t, hipError_t, void*) {}, nullptr, 0) ==
          hipSuccess);
  CHECK(fake->moduleLoads == loaded);  // nothing registered since: nothing more to load

  // After a reset the device's modules are gone: the next host function loads them again.
  fake = installFake(1, "gfx90a");
  REQUIRE(hipLaunchHostFunc(nullptr, [](void*) {}, nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == loaded);
}

// A module load during a capture would invalidate it (global mode) on CUDA: while one is active,
// a host function queued into it loads nothing (hipLaunchHostFunc into a capture is a host node).
TEST_CASE("a host function queued while a stream captures loads no module", "[registry]") {
  auto* fake = installFake(1, "gfx90a");
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s, [](void*) {}, nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == 0);
  hipGraph_t g = nullptr;
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s, [](void*) {}, nullptr) == hipSuccess);  // no capture now
  CHECK(fake->moduleLoads >= 1);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
}
