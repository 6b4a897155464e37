#include "test_support.h"

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include <spdlog/sinks/ringbuffer_sink.h>

#include "base/log_sink.h"
#include "core/runtime.h"
#include "hip/hip_runtime_api.h"

namespace unihip::hsa::test {

std::unique_ptr<Backend> fakeBackend() {
  setenv("UNIHIP_HSA_LIBRARY", UNIHIP_FAKE_HSA_LIBRARY, 1);
  std::string reason;
  std::unique_ptr<Backend> b = createHsaBackend(&reason);
  unsetenv("UNIHIP_HSA_LIBRARY");
  INFO(reason);
  REQUIRE(b != nullptr);
  return b;
}

FakeRuntime::FakeRuntime() {
  std::vector<std::unique_ptr<Backend>> backends;
  backends.push_back(fakeBackend());
  Runtime::get().resetForTesting(std::move(backends));
  REQUIRE(hipSetDevice(0) == hipSuccess);
}

FakeRuntime::~FakeRuntime() {
  (void)hipGetLastError();
  Runtime::get().resetForTesting({});
}

int fakeStat(int which) {
  void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  auto stats = reinterpret_cast<int (*)(int)>(dlsym(lib, "fake_hsa_stats"));
  REQUIRE(stats != nullptr);
  const int v = stats(which);
  dlclose(lib);
  return v;
}

namespace {
// A symbol of the fake ROCr library, which stays loaded from here on (its switches must outlive
// the backends that open and close it).
void* fakeSymbol(const char* name) {
  static void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  REQUIRE(lib != nullptr);
  void* f = dlsym(lib, name);
  INFO(name);
  REQUIRE(f != nullptr);
  return f;
}
}  // namespace

void fakeSwitch(const char* name, int value) {
  reinterpret_cast<void (*)(int)>(fakeSymbol(name))(value);
}

FakeSystem::FakeSystem(int gpus, bool svm) {
  fakeSwitch("fake_hsa_set_gpu_count", gpus);
  fakeSwitch("fake_hsa_set_svm", svm ? 1 : 0);
  fakeSwitch("fake_hsa_svm_reset", 0);
}

FakeSystem::~FakeSystem() {
  fakeSwitch("fake_hsa_set_gpu_count", 1);
  fakeSwitch("fake_hsa_set_svm", 0);
  fakeSwitch("fake_hsa_set_peer_pools", 1);
  fakeSwitch("fake_hsa_set_prefetch_delay_ms", 0);
  fakeSwitch("fake_hsa_svm_reset", 0);
}

bool fakeAllowed(const void* ptr, int gpu) {
  return reinterpret_cast<int (*)(const void*, int)>(fakeSymbol("fake_hsa_allowed"))(ptr, gpu) != 0;
}

NativeModule loadGfx90aModule(Backend& b, const std::vector<uint8_t>& image) {
  BundleEntry e;
  e.id = "hipv4-amdgcn-amd-amdhsa--gfx90a";
  e.kind = ImageKind::AmdCodeObject;
  e.data = image.data();
  e.size = image.size();
  NativeModule module = nullptr;
  REQUIRE(b.loadModule(0, e, &module).ok());
  return module;
}

std::vector<uint8_t> readCodeObject(const std::string& variant) {
  const std::string path = std::string(UNIHIP_HSA_CODE_OBJECT_DIR) + "/signatures-" + variant + ".co";
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in.good());
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

struct LogCapture::State {
  std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> sink =
      std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(256);
  int previousLevel = 0;
  std::vector<std::pair<std::shared_ptr<spdlog::sinks::sink>, int>> muted;
};

LogCapture::LogCapture() : state_(std::make_unique<State>()) {
  auto& logger = unihip::log::logger();
  state_->previousLevel = logger.level();
  for (auto& sink : logger.sinks()) {
    state_->muted.emplace_back(sink, sink->level());
    sink->set_level(spdlog::level::off);
  }
  logger.sinks().push_back(state_->sink);
  logger.set_level(std::min(logger.level(), spdlog::level::info));
}

LogCapture::~LogCapture() {
  auto& logger = unihip::log::logger();
  auto& sinks = logger.sinks();
  sinks.erase(std::remove(sinks.begin(), sinks.end(), state_->sink), sinks.end());
  for (auto& [sink, level] : state_->muted)
    sink->set_level(static_cast<spdlog::level::level_enum>(level));
  logger.set_level(static_cast<spdlog::level::level_enum>(state_->previousLevel));
}

std::string LogCapture::text() const {
  std::string all;
  for (const std::string& line : state_->sink->last_formatted()) all += line;
  return all;
}

}  // namespace unihip::hsa::test
