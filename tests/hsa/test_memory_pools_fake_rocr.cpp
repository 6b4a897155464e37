// The HSA backend's memory pools family on the fake ROCr: unihip's generic stream-ordered pools
// over ROCr memory and signals (reuse in stream order and after an event).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "backend.h"
#include "seam/memory_pool_ops.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;

TEST_CASE("fake ROCr: generic stream-ordered pools", "[hsa][backend][mempool]") {
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  NativePool pool = nullptr;
  REQUIRE(ops->defaultPool(0, &pool).ok());
  NativePool again = nullptr;
  REQUIRE(ops->defaultPool(0, &again).ok());
  CHECK(again == pool);
  uint64_t keep = 1 << 20;
  REQUIRE(ops->poolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &keep).ok());

  NativeStream s1 = nullptr, s2 = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s1).ok());
  REQUIRE(b->streamCreate(0, hipStreamNonBlocking, 0, &s2).ok());
  void* p = nullptr;
  REQUIRE(ops->mallocFromPool(0, pool, 1 << 16, s1, &p).ok());
  REQUIRE(b->memsetAsync(0, p, 0x3C, 1 << 16, s1).ok());
  std::vector<uint8_t> host(16);
  REQUIRE(b->memcpyAsync(0, host.data(), p, 16, CopyDirection::DeviceToHost, s1).ok());
  REQUIRE(ops->freeAsync(0, p, s1).ok());
  void* q = nullptr;
  REQUIRE(ops->mallocFromPool(0, pool, 1 << 16, s1, &q).ok());
  CHECK(q == p);  // the same stream reuses at once
  REQUIRE(ops->freeAsync(0, q, s1).ok());
  REQUIRE(b->streamSynchronize(0, s1).ok());
  CHECK(host[7] == 0x3C);
  REQUIRE(ops->mallocFromPool(0, pool, 1 << 16, s2, &q).ok());
  CHECK(q == p);  // another stream, after the free's event completed
  uint64_t used = 0, reserved = 0;
  REQUIRE(ops->poolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used).ok());
  CHECK(used == 1 << 16);
  REQUIRE(ops->freeAsync(0, q, s2).ok());
  REQUIRE(ops->poolTrimTo(pool, 0).ok());
  REQUIRE(ops->poolGetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &reserved).ok());
  CHECK(reserved == 0);
  CHECK(ops->freeAsync(0, q, s2) == hipErrorInvalidValue);

  // IPC: test_ipc_fake_rocr.cpp; virtual memory: test_vmm_fake_rocr.cpp.
  REQUIRE(b->streamDestroy(0, s1).ok());
  REQUIRE(b->streamDestroy(0, s2).ok());
}
