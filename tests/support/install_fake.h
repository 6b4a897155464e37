// Replaces the runtime's backends with FakeBackends for one test.
#pragma once

#include <memory>
#include <vector>

#include "core/runtime.h"
#include "fake_backend.h"

namespace unihip::testing {

inline FakeBackend* installFake(int devices = 1, std::string arch = "gfx90a") {
  auto fake = std::make_unique<FakeBackend>(devices, std::move(arch));
  FakeBackend* raw = fake.get();
  std::vector<std::unique_ptr<Backend>> backends;
  backends.push_back(std::move(fake));
  Runtime::get().resetForTesting(std::move(backends));
  return raw;
}

inline void installNoBackend() { Runtime::get().resetForTesting({}); }

}  // namespace unihip::testing
