// External memory and semaphores: HIP's codes for bad arguments and garbage handles; without the
// vendor family hipErrorNotSupported; with a fake family the handle lifetimes and mapped buffers.
#include "api_cases.h"
#include "core/handles.h"
#include "fake_images.h"
#include "fake_memory_pools.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("external resources: argument checks, garbage handles, then hipErrorNotSupported", "[api][external]") {
  installFake();
  hipExternalMemory_t mem = reinterpret_cast<hipExternalMemory_t>(0x10);
  hipExternalMemory_t memOut = nullptr;
  hipExternalSemaphore_t sem = reinterpret_cast<hipExternalSemaphore_t>(0x20);
  hipExternalSemaphore_t semOut = nullptr;
  hipExternalSemaphore_t nullSem = nullptr;
  hipExternalMemoryHandleDesc memDesc{};
  memDesc.type = hipExternalMemoryHandleTypeOpaqueFd;
  memDesc.handle.fd = 3;
  memDesc.size = 4096;
  hipExternalMemoryHandleDesc memNoSize = memDesc;
  memNoSize.size = 0;
  hipExternalMemoryHandleDesc memBadType = memDesc;
  memBadType.type = static_cast<hipExternalMemoryHandleType>(0);
  hipExternalMemoryBufferDesc buf{};
  buf.size = 4096;
  hipExternalMemoryBufferDesc bufFlags = buf;
  bufFlags.flags = 1;
  hipExternalMemoryMipmappedArrayDesc mip{};
  hipMipmappedArray_t mipOut = nullptr;
  hipExternalSemaphoreHandleDesc semDesc{};
  semDesc.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  hipExternalSemaphoreHandleDesc semBadType = semDesc;
  semBadType.type = static_cast<hipExternalSemaphoreHandleType>(11);
  hipExternalSemaphoreSignalParams sig{};
  hipExternalSemaphoreWaitParams wait{};
  ihipStream_t dead;
  void* p = nullptr;

  checkCases({
      {"hipImportExternalMemory null out", [&] { return hipImportExternalMemory(nullptr, &memDesc); }, hipErrorInvalidValue},
      {"hipImportExternalMemory null desc", [&] { return hipImportExternalMemory(&memOut, nullptr); }, hipErrorInvalidValue},
      {"hipImportExternalMemory size 0", [&] { return hipImportExternalMemory(&memOut, &memNoSize); }, hipErrorInvalidValue},
      {"hipImportExternalMemory bad type", [&] { return hipImportExternalMemory(&memOut, &memBadType); }, hipErrorInvalidValue},
      {"hipImportExternalMemory", [&] { return hipImportExternalMemory(&memOut, &memDesc); }, hipErrorNotSupported},
      {"hipExternalMemoryGetMappedBuffer null out", [&] { return hipExternalMemoryGetMappedBuffer(nullptr, mem, &buf); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedBuffer null mem", [&] { return hipExternalMemoryGetMappedBuffer(&p, nullptr, &buf); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedBuffer null desc", [&] { return hipExternalMemoryGetMappedBuffer(&p, mem, nullptr); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedBuffer flags", [&] { return hipExternalMemoryGetMappedBuffer(&p, mem, &bufFlags); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedBuffer garbage handle", [&] { return hipExternalMemoryGetMappedBuffer(&p, mem, &buf); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray null out", [&] { return hipExternalMemoryGetMappedMipmappedArray(nullptr, mem, &mip); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray null mem", [&] { return hipExternalMemoryGetMappedMipmappedArray(&mipOut, nullptr, &mip); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray null desc", [&] { return hipExternalMemoryGetMappedMipmappedArray(&mipOut, mem, nullptr); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray garbage handle", [&] { return hipExternalMemoryGetMappedMipmappedArray(&mipOut, mem, &mip); }, hipErrorInvalidValue},
      {"hipDestroyExternalMemory null", [&] { return hipDestroyExternalMemory(nullptr); }, hipErrorInvalidValue},
      {"hipDestroyExternalMemory garbage handle", [&] { return hipDestroyExternalMemory(mem); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore null out", [&] { return hipImportExternalSemaphore(nullptr, &semDesc); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore null desc", [&] { return hipImportExternalSemaphore(&semOut, nullptr); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore bad type", [&] { return hipImportExternalSemaphore(&semOut, &semBadType); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore", [&] { return hipImportExternalSemaphore(&semOut, &semDesc); }, hipErrorNotSupported},
      {"hipSignalExternalSemaphoresAsync null array", [&] { return hipSignalExternalSemaphoresAsync(nullptr, &sig, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync null params", [&] { return hipSignalExternalSemaphoresAsync(&sem, nullptr, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync null semaphore", [&] { return hipSignalExternalSemaphoresAsync(&nullSem, &sig, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync destroyed stream", [&] { return hipSignalExternalSemaphoresAsync(&sem, &sig, 1, &dead); }, hipErrorContextIsDestroyed},
      {"hipSignalExternalSemaphoresAsync garbage handle", [&] { return hipSignalExternalSemaphoresAsync(&sem, &sig, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync none", [&] { return hipSignalExternalSemaphoresAsync(&sem, &sig, 0, nullptr); }, hipErrorNotSupported},
      {"hipWaitExternalSemaphoresAsync null array", [&] { return hipWaitExternalSemaphoresAsync(nullptr, &wait, 1, nullptr); }, hipErrorInvalidValue},
      {"hipWaitExternalSemaphoresAsync null params", [&] { return hipWaitExternalSemaphoresAsync(&sem, nullptr, 1, nullptr); }, hipErrorInvalidValue},
      {"hipWaitExternalSemaphoresAsync destroyed stream", [&] { return hipWaitExternalSemaphoresAsync(&sem, &wait, 1, &dead); }, hipErrorContextIsDestroyed},
      {"hipWaitExternalSemaphoresAsync garbage handle", [&] { return hipWaitExternalSemaphoresAsync(&sem, &wait, 1, hipStreamPerThread); }, hipErrorInvalidValue},
      {"hipDestroyExternalSemaphore null", [&] { return hipDestroyExternalSemaphore(nullptr); }, hipErrorInvalidValue},
      {"hipDestroyExternalSemaphore garbage handle", [&] { return hipDestroyExternalSemaphore(sem); }, hipErrorInvalidValue},
  });
}

TEST_CASE("external resources: imported memory and semaphores through a fake family",
          "[api][external]") {
  FakeBackend* fake = installFake();
  FakeMemoryPoolOps ops;
  ops.backend = fake;
  fake->pools = &ops;
  hipExternalMemoryHandleDesc memDesc{};
  memDesc.type = hipExternalMemoryHandleTypeOpaqueFd;
  memDesc.handle.fd = 3;
  memDesc.size = 4096;
  hipExternalMemory_t mem = nullptr;
  REQUIRE(hipImportExternalMemory(&mem, &memDesc) == hipSuccess);
  hipExternalMemoryHandleDesc win = memDesc;
  win.type = hipExternalMemoryHandleTypeOpaqueWin32;
  hipExternalMemory_t other = nullptr;
  CHECK(hipImportExternalMemory(&other, &win) == hipErrorNotSupported);
  hipExternalMemoryHandleDesc badFd = memDesc;
  badFd.handle.fd = -1;
  CHECK(hipImportExternalMemory(&other, &badFd) == hipErrorInvalidValue);

  hipExternalMemoryBufferDesc buf{};
  buf.offset = 1024;
  buf.size = 2048;
  void* p = nullptr;
  REQUIRE(hipExternalMemoryGetMappedBuffer(&p, mem, &buf) == hipSuccess);
  hipPointerAttribute_t attrs{};
  REQUIRE(hipPointerGetAttributes(&attrs, p) == hipSuccess);
  CHECK(attrs.type == hipMemoryTypeDevice);
  hipExternalMemoryBufferDesc past = buf;
  past.size = 4096;  // offset + size beyond the memory
  void* q = nullptr;
  CHECK(hipExternalMemoryGetMappedBuffer(&q, mem, &past) == hipErrorInvalidValue);
  CHECK(hipFree(p) == hipSuccess);  // mapped buffers are freed with hipFree
  REQUIRE(hipDestroyExternalMemory(mem) == hipSuccess);
  CHECK(hipDestroyExternalMemory(mem) == hipErrorInvalidValue);
  CHECK(hipExternalMemoryGetMappedBuffer(&q, mem, &buf) == hipErrorInvalidValue);

  hipExternalSemaphoreHandleDesc semDesc{};
  semDesc.type = hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  semDesc.handle.fd = 4;
  hipExternalSemaphore_t sem = nullptr;
  REQUIRE(hipImportExternalSemaphore(&sem, &semDesc) == hipSuccess);
  hipExternalSemaphoreHandleDesc d3d = semDesc;
  d3d.type = hipExternalSemaphoreHandleTypeD3D12Fence;
  hipExternalSemaphore_t otherSem = nullptr;
  CHECK(hipImportExternalSemaphore(&otherSem, &d3d) == hipErrorNotSupported);
  hipExternalSemaphoreSignalParams sig[2]{};
  sig[0].params.fence.value = 7;
  hipExternalSemaphoreWaitParams wait[2]{};
  CHECK(hipSignalExternalSemaphoresAsync(&sem, sig, 1, nullptr) == hipSuccess);
  CHECK(ops.signaled == 1);
  CHECK(ops.lastFenceValue == 7);
  CHECK(hipWaitExternalSemaphoresAsync(&sem, wait, 1, nullptr) == hipSuccess);
  CHECK(ops.waited == 1);
  hipExternalSemaphore_t pair[2] = {sem, reinterpret_cast<hipExternalSemaphore_t>(&sig)};
  CHECK(hipSignalExternalSemaphoresAsync(pair, sig, 2, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipDestroyExternalSemaphore(sem) == hipSuccess);
  CHECK(hipDestroyExternalSemaphore(sem) == hipErrorInvalidValue);
  CHECK(hipWaitExternalSemaphoresAsync(&sem, wait, 1, nullptr) == hipErrorInvalidValue);
  installNoBackend();
  (void)hipGetLastError();
}

// A vendor whose family has no external semaphores (HSA) answers as AMD's runtime on Linux: the
// type within OpaqueFd..D3D12Fence and a non-zero descriptor, then hipErrorNotSupported.
TEST_CASE("external semaphores of a vendor without them: AMD's codes and order", "[api][external]") {
  FakeBackend* fake = installFake();
  FakeMemoryPoolOps ops;
  ops.externalSemaphores = false;
  fake->pools = &ops;
  hipExternalSemaphore_t sem = nullptr;
  hipExternalSemaphoreHandleDesc d{};
  d.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  d.handle.fd = 4;
  hipExternalSemaphoreHandleDesc timeline = d, zero = d, negative = d, win32 = d;
  timeline.type = hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  zero.handle.fd = 0;
  negative.handle.fd = -1;
  win32.type = hipExternalSemaphoreHandleTypeOpaqueWin32;
  checkCases({
      {"null out", [&] { return hipImportExternalSemaphore(nullptr, &d); }, hipErrorInvalidValue},
      {"past D3D12Fence", [&] { return hipImportExternalSemaphore(&sem, &timeline); }, hipErrorInvalidValue},
      {"descriptor 0", [&] { return hipImportExternalSemaphore(&sem, &zero); }, hipErrorInvalidValue},
      {"opaque fd", [&] { return hipImportExternalSemaphore(&sem, &d); }, hipErrorNotSupported},
      {"descriptor -1", [&] { return hipImportExternalSemaphore(&sem, &negative); }, hipErrorNotSupported},
      {"win32", [&] { return hipImportExternalSemaphore(&sem, &win32); }, hipErrorNotSupported},
  });
  CHECK(sem == nullptr);
  fake->pools = nullptr;
  installNoBackend();
  (void)hipGetLastError();
}

TEST_CASE("external memory as a mipmapped array: checks, levels, lifetime", "[api][external]") {
  FakeBackend* fake = installFake();
  FakeMemoryPoolOps pools;
  FakeImageOps images;
  fake->pools = &pools;
  hipExternalMemoryHandleDesc memDesc{};
  memDesc.type = hipExternalMemoryHandleTypeOpaqueFd;
  memDesc.handle.fd = 3;
  memDesc.size = 1 << 20;
  hipExternalMemory_t mem = nullptr;
  REQUIRE(hipImportExternalMemory(&mem, &memDesc) == hipSuccess);
  hipExternalMemoryMipmappedArrayDesc desc{};
  desc.offset = 4096;
  desc.formatDesc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  desc.extent = make_hipExtent(64, 32, 0);
  desc.numLevels = 3;
  hipMipmappedArray_t mipmap = nullptr;
  // Without an image family (HSA today): not supported.
  CHECK(hipExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &desc) == hipErrorNotSupported);
  fake->imageOps = &images;
  hipExternalMemoryMipmappedArrayDesc bad = desc;
  bad.numLevels = 0;
  CHECK(hipExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &bad) == hipErrorInvalidValue);
  bad = desc;
  bad.formatDesc = hipCreateChannelDesc(7, 0, 0, 0, hipChannelFormatKindFloat);
  CHECK(hipExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &bad) == hipErrorInvalidValue);
  bad = desc;
  bad.offset = memDesc.size;  // past the imported memory
  CHECK(hipExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &bad) == hipErrorInvalidValue);
  CHECK(mipmap == nullptr);
  CHECK(images.liveMipmaps == 0);

  REQUIRE(hipExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &desc) == hipSuccess);
  REQUIRE(mipmap != nullptr);
  CHECK(images.liveMipmaps == 1);
  CHECK(images.lastExternalOffset == 4096);
  CHECK(mipmap->width == 64);
  CHECK(mipmap->height == 32);
  CHECK(mipmap->max_mipmap_level == 2);
  hipArray_t level = nullptr;
  REQUIRE(hipGetMipmappedArrayLevel(&level, mipmap, 2) == hipSuccess);
  hipChannelFormatDesc channel{};
  hipExtent extent{};
  unsigned flags = 0;
  REQUIRE(hipArrayGetInfo(&channel, &extent, &flags, level) == hipSuccess);
  CHECK(extent.width == 16);
  CHECK(extent.height == 8);
  CHECK(hipFreeMipmappedArray(mipmap) == hipSuccess);
  CHECK(images.liveMipmaps == 0);
  CHECK(hipFreeMipmappedArray(mipmap) == hipErrorContextIsDestroyed);  // freed once

  REQUIRE(hipDestroyExternalMemory(mem) == hipSuccess);
  CHECK(hipExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &desc) == hipErrorInvalidValue);
  fake->imageOps = nullptr;
  fake->pools = nullptr;
  (void)hipGetLastError();
}
