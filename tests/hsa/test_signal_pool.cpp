// Signal reuse rules (signal_pool.h), on host-memory signals.
#include <catch2/catch.hpp>

#include "fake_rocr.h"
#include "signal_pool.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {
int64_t valueOf(hsa_signal_t s) { return test::fromHandle(s)->value.load(); }
void complete(hsa_signal_t s) { test::fromHandle(s)->value = 0; }
}  // namespace

TEST_CASE("signals are reused only when released and complete", "[hsa][signals]") {
  HsaApi api = test::fakeApi();
  SignalPool pool(api);
  hsa_signal_t a, b, c;
  REQUIRE(pool.acquire(1, &a).ok());
  CHECK(valueOf(a) == 1);
  pool.release(a);  // released while its work is pending
  REQUIRE(pool.acquire(1, &b).ok());
  CHECK(b.handle != a.handle);
  complete(a);
  REQUIRE(pool.acquire(7, &c).ok());
  CHECK(c.handle == a.handle);  // released and complete: reused, with the new initial value
  CHECK(valueOf(c) == 7);
  CHECK(pool.created() == 2);
}

TEST_CASE("a retained signal is not reused", "[hsa][signals]") {
  HsaApi api = test::fakeApi();
  SignalPool pool(api);
  hsa_signal_t a, b;
  REQUIRE(pool.acquire(1, &a).ok());
  pool.retain(a);
  pool.release(a);
  complete(a);
  REQUIRE(pool.acquire(1, &b).ok());
  CHECK(b.handle != a.handle);
  pool.release(a);
  hsa_signal_t c;
  REQUIRE(pool.acquire(1, &c).ok());
  CHECK(c.handle == a.handle);
}

TEST_CASE("a guarded signal waits for its consumer", "[hsa][signals]") {
  // The hipEventDestroy-after-hipStreamWaitEvent case: the event's signal is complete and
  // released, but a barrier that names it has not run yet.
  HsaApi api = test::fakeApi();
  SignalPool pool(api);
  hsa_signal_t event, barrierDone, next;
  REQUIRE(pool.acquire(1, &event).ok());
  REQUIRE(pool.acquire(1, &barrierDone).ok());
  pool.addGuard(event, barrierDone);
  complete(event);
  pool.release(event);
  REQUIRE(pool.acquire(1, &next).ok());
  CHECK(next.handle != event.handle);
  complete(barrierDone);
  hsa_signal_t again;
  REQUIRE(pool.acquire(1, &again).ok());
  CHECK(again.handle == event.handle);
}
