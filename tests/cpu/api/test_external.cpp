// External memory and semaphores: HIP's codes for bad arguments, NotSupported beyond.
#include "api_cases.h"
#include "core/handles.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("external resources: argument checks, then hipErrorNotSupported", "[api][external]") {
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
      {"hipExternalMemoryGetMappedBuffer", [&] { return hipExternalMemoryGetMappedBuffer(&p, mem, &buf); }, hipErrorNotSupported},
      {"hipExternalMemoryGetMappedMipmappedArray null out", [&] { return hipExternalMemoryGetMappedMipmappedArray(nullptr, mem, &mip); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray null mem", [&] { return hipExternalMemoryGetMappedMipmappedArray(&mipOut, nullptr, &mip); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray null desc", [&] { return hipExternalMemoryGetMappedMipmappedArray(&mipOut, mem, nullptr); }, hipErrorInvalidValue},
      {"hipExternalMemoryGetMappedMipmappedArray", [&] { return hipExternalMemoryGetMappedMipmappedArray(&mipOut, mem, &mip); }, hipErrorNotSupported},
      {"hipDestroyExternalMemory null", [&] { return hipDestroyExternalMemory(nullptr); }, hipErrorInvalidValue},
      {"hipDestroyExternalMemory", [&] { return hipDestroyExternalMemory(mem); }, hipErrorNotSupported},
      {"hipImportExternalSemaphore null out", [&] { return hipImportExternalSemaphore(nullptr, &semDesc); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore null desc", [&] { return hipImportExternalSemaphore(&semOut, nullptr); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore bad type", [&] { return hipImportExternalSemaphore(&semOut, &semBadType); }, hipErrorInvalidValue},
      {"hipImportExternalSemaphore", [&] { return hipImportExternalSemaphore(&semOut, &semDesc); }, hipErrorNotSupported},
      {"hipSignalExternalSemaphoresAsync null array", [&] { return hipSignalExternalSemaphoresAsync(nullptr, &sig, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync null params", [&] { return hipSignalExternalSemaphoresAsync(&sem, nullptr, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync null semaphore", [&] { return hipSignalExternalSemaphoresAsync(&nullSem, &sig, 1, nullptr); }, hipErrorInvalidValue},
      {"hipSignalExternalSemaphoresAsync destroyed stream", [&] { return hipSignalExternalSemaphoresAsync(&sem, &sig, 1, &dead); }, hipErrorContextIsDestroyed},
      {"hipSignalExternalSemaphoresAsync", [&] { return hipSignalExternalSemaphoresAsync(&sem, &sig, 1, nullptr); }, hipErrorNotSupported},
      {"hipWaitExternalSemaphoresAsync null array", [&] { return hipWaitExternalSemaphoresAsync(nullptr, &wait, 1, nullptr); }, hipErrorInvalidValue},
      {"hipWaitExternalSemaphoresAsync null params", [&] { return hipWaitExternalSemaphoresAsync(&sem, nullptr, 1, nullptr); }, hipErrorInvalidValue},
      {"hipWaitExternalSemaphoresAsync destroyed stream", [&] { return hipWaitExternalSemaphoresAsync(&sem, &wait, 1, &dead); }, hipErrorContextIsDestroyed},
      {"hipWaitExternalSemaphoresAsync", [&] { return hipWaitExternalSemaphoresAsync(&sem, &wait, 1, hipStreamPerThread); }, hipErrorNotSupported},
      {"hipDestroyExternalSemaphore null", [&] { return hipDestroyExternalSemaphore(nullptr); }, hipErrorInvalidValue},
      {"hipDestroyExternalSemaphore", [&] { return hipDestroyExternalSemaphore(sem); }, hipErrorNotSupported},
  });
}
