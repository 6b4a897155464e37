// Signal reuse rules (signal_pool.h), on host-memory signals.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

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

TEST_CASE("a held dependency is reused only after its holder", "[hsa][signals]") {
  // hipStreamWaitEvent's barrier: `done` keeps the event's signal until `done` itself is reused.
  HsaApi api = test::fakeApi();
  SignalPool pool(api);
  SignalPool::Entry *event = nullptr, *done = nullptr, *next = nullptr;
  REQUIRE(pool.acquire(1, &event).ok());
  REQUIRE(pool.acquire(1, &done).ok());
  SignalPool::retain(event);  // the waiter's reference, handed to `done`
  SignalPool::hold(done, event);
  complete(event->signal);
  SignalPool::release(event);  // the event's own: still held
  REQUIRE(pool.acquire(1, &next).ok());
  CHECK(next != event);
  CHECK(next != done);
  SignalPool::release(next);
  SignalPool::release(done);  // released while its barrier is pending: nothing moves
  complete(next->signal);
  SignalPool::Entry* again = nullptr;
  REQUIRE(pool.acquire(1, &again).ok());
  CHECK(again == next);  // `done` still busy, `event` still held
  complete(done->signal);
  SignalPool::Entry *reused = nullptr, *freed = nullptr;
  REQUIRE(pool.acquire(1, &reused).ok());
  CHECK(reused == done);  // its reuse releases `event`
  REQUIRE(pool.acquire(1, &freed).ok());
  CHECK(freed == event);
  CHECK(pool.created() == 3);
  for (SignalPool::Entry* e : {again, reused, freed}) SignalPool::release(e);
}

TEST_CASE("signals acquired and released on many threads go to one holder at a time",
          "[hsa][signals][threads]") {
  HsaApi api = test::fakeApi();
  SignalPool pool(api);
  constexpr int kThreads = 4, kRounds = 2000;
  std::vector<std::atomic<int>> holders(4096);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < kRounds; ++i) {
        SignalPool::Entry *a = nullptr, *b = nullptr;
        if (!pool.acquire(1, &a).ok() || !pool.acquire(1, &b).ok() || a == b) {
          ++failures;
          return;
        }
        for (SignalPool::Entry* e : {a, b})
          if (e->index >= holders.size() || holders[e->index].fetch_add(1) != 0) ++failures;
        if (SignalPool::retainIfReferenced(a)) SignalPool::hold(b, a);  // b keeps a
        else ++failures;
        for (SignalPool::Entry* e : {a, b}) {
          holders[e->index].fetch_sub(1);
          complete(e->signal);
          SignalPool::release(e);
        }
      }
    });
  for (auto& t : threads) t.join();
  CHECK(failures.load() == 0);
  CHECK(pool.created() < 64);  // reused, not made anew
}
