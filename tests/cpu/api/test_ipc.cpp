// Inter-process sharing: HIP's codes for bad arguments and unknown pointers; without the vendor
// family hipErrorNotSupported; with a fake family the allocation-map records and opened events.
#include "api_cases.h"
#include "core/handles.h"
#include "fake_memory_pools.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("ipc: argument checks, unknown pointers, then hipErrorNotSupported", "[api][ipc]") {
  installFake();
  void* p = reinterpret_cast<void*>(0x1000);
  hipIpcMemHandle_t mem{};
  hipIpcEventHandle_t ev{};
  // Live handles come from the handle slabs (a stack object is never a handle); `dead` never was.
  ihipEvent_t& plain = *unihip::eventTable().create();
  ihipEvent_t& shareable = *unihip::eventTable().create();
  ihipEvent_t dead;
  plain.flags = hipEventDefault;
  shareable.flags = hipEventInterprocess | hipEventDisableTiming;
  unihip::HandleTable<ihipEvent_t>::publish(&plain);
  unihip::HandleTable<ihipEvent_t>::publish(&shareable);
  hipEvent_t opened = nullptr;
  void* device = nullptr;
  REQUIRE(hipMalloc(&device, 64) == hipSuccess);

  checkCases({
      {"hipIpcGetMemHandle null handle", [&] { return hipIpcGetMemHandle(nullptr, p); }, hipErrorInvalidValue},
      {"hipIpcGetMemHandle null ptr", [&] { return hipIpcGetMemHandle(&mem, nullptr); }, hipErrorInvalidValue},
      {"hipIpcGetMemHandle unknown pointer", [&] { return hipIpcGetMemHandle(&mem, p); }, hipErrorInvalidValue},
      {"hipIpcGetMemHandle", [&] { return hipIpcGetMemHandle(&mem, device); }, hipErrorNotSupported},
      {"hipIpcOpenMemHandle null out", [&] { return hipIpcOpenMemHandle(nullptr, mem, hipIpcMemLazyEnablePeerAccess); }, hipErrorInvalidValue},
      {"hipIpcOpenMemHandle flags 0", [&] { return hipIpcOpenMemHandle(&p, mem, 0); }, hipErrorInvalidValue},
      {"hipIpcOpenMemHandle", [&] { return hipIpcOpenMemHandle(&p, mem, hipIpcMemLazyEnablePeerAccess); }, hipErrorNotSupported},
      {"hipIpcCloseMemHandle null", [&] { return hipIpcCloseMemHandle(nullptr); }, hipErrorInvalidValue},
      {"hipIpcCloseMemHandle unknown pointer", [&] { return hipIpcCloseMemHandle(p); }, hipErrorInvalidValue},
      {"hipIpcCloseMemHandle hipMalloc memory", [&] { return hipIpcCloseMemHandle(device); }, hipErrorInvalidValue},
      {"hipIpcGetEventHandle null handle", [&] { return hipIpcGetEventHandle(nullptr, &shareable); }, hipErrorInvalidValue},
      {"hipIpcGetEventHandle null event", [&] { return hipIpcGetEventHandle(&ev, nullptr); }, hipErrorInvalidValue},
      {"hipIpcGetEventHandle destroyed event", [&] { return hipIpcGetEventHandle(&ev, &dead); }, hipErrorInvalidHandle},
      {"hipIpcGetEventHandle not interprocess", [&] { return hipIpcGetEventHandle(&ev, &plain); }, hipErrorInvalidConfiguration},
      {"hipIpcGetEventHandle", [&] { return hipIpcGetEventHandle(&ev, &shareable); }, hipErrorNotSupported},
      {"hipIpcOpenEventHandle null out", [&] { return hipIpcOpenEventHandle(nullptr, ev); }, hipErrorInvalidValue},
      {"hipIpcOpenEventHandle", [&] { return hipIpcOpenEventHandle(&opened, ev); }, hipErrorNotSupported},
  });
  CHECK(hipFree(device) == hipSuccess);
  CHECK(unihip::eventTable().retire(&plain));
  CHECK(unihip::eventTable().retire(&shareable));
  static_assert(sizeof(hipIpcMemHandle_t) == HIP_IPC_HANDLE_SIZE, "HIP's IPC handle is 64 bytes");
  static_assert(sizeof(hipIpcEventHandle_t) == 64, "HIP's IPC event handle is 64 bytes");
}

TEST_CASE("ipc: opened memory and events through a fake family", "[api][ipc]") {
  FakeBackend* fake = installFake();
  FakeMemoryPoolOps ops;
  fake->pools = &ops;
  void* buffer = nullptr;
  REQUIRE(hipMalloc(&buffer, 256) == hipSuccess);
  hipIpcMemHandle_t handle{};
  REQUIRE(hipIpcGetMemHandle(&handle, buffer) == hipSuccess);
  // Pool memory is not shared this way.
  void* pooled = nullptr;
  REQUIRE(hipMallocAsync(&pooled, 64, nullptr) == hipSuccess);
  CHECK(hipIpcGetMemHandle(&handle, pooled) == hipErrorInvalidValue);
  REQUIRE(hipFreeAsync(pooled, nullptr) == hipSuccess);
  REQUIRE(hipIpcGetMemHandle(&handle, buffer) == hipSuccess);

  // The fake's "other process" maps the same address: the opened mapping replaces the record;
  // hipFree refuses it, hipIpcCloseMemHandle takes it once.
  void* opened = nullptr;
  REQUIRE(hipIpcOpenMemHandle(&opened, handle, hipIpcMemLazyEnablePeerAccess) == hipSuccess);
  CHECK(opened == buffer);
  hipPointerAttribute_t attrs{};
  REQUIRE(hipPointerGetAttributes(&attrs, opened) == hipSuccess);
  CHECK(attrs.type == hipMemoryTypeDevice);
  CHECK(hipFree(opened) == hipErrorInvalidValue);
  REQUIRE(hipIpcCloseMemHandle(opened) == hipSuccess);
  CHECK(ops.closedIpc == 1);
  CHECK(hipIpcCloseMemHandle(opened) == hipErrorInvalidValue);
  hipIpcMemHandle_t zero{};
  CHECK(hipIpcOpenMemHandle(&opened, zero, hipIpcMemLazyEnablePeerAccess) == hipErrorInvalidValue);

  hipEvent_t event = nullptr, copy = nullptr;
  REQUIRE(hipEventCreateWithFlags(&event, hipEventInterprocess | hipEventDisableTiming) ==
          hipSuccess);
  hipIpcEventHandle_t eh{};
  REQUIRE(hipIpcGetEventHandle(&eh, event) == hipSuccess);
  REQUIRE(hipIpcOpenEventHandle(&copy, eh) == hipSuccess);
  CHECK(copy != event);
  CHECK(hipEventSynchronize(copy) == hipSuccess);
  CHECK(hipStreamWaitEvent(nullptr, copy, 0) == hipSuccess);
  float ms = 0;
  CHECK(hipEventElapsedTime(&ms, copy, copy) != hipSuccess);  // opened events have no timing
  CHECK(hipEventDestroy(copy) == hipSuccess);
  CHECK(hipEventDestroy(event) == hipSuccess);
  CHECK(hipIpcGetEventHandle(&eh, event) == hipErrorInvalidHandle);
  CHECK(fake->free(0, buffer).ok());  // its record went with the opened mapping's
  installNoBackend();
  (void)hipGetLastError();
}
