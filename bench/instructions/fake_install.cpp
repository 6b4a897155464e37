// Puts a FakeBackend (tests/support) under the runtime, for the instruction count. Compiled into
// the same shared library as the runtime's objects (bench_unihip_fake), so the count sees the
// code users get from libunihip.so: -fPIC, thread-locals through __tls_get_addr, calls into the
// library through the PLT.
#include "install_fake.h"

#define BENCH_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
unihip::testing::FakeBackend* g_fake = nullptr;
}

BENCH_EXPORT void benchInstallFakeBackend() { g_fake = unihip::testing::installFake(1, "sm_90"); }

BENCH_EXPORT int benchFakeLaunchCount() { return g_fake ? g_fake->launches.load() : -1; }
