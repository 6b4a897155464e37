// Inter-process sharing: HIP's codes for bad arguments, NotSupported beyond.
#include "api_cases.h"
#include "core/handles.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("ipc: argument checks, then hipErrorNotSupported", "[api][ipc]") {
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

  checkCases({
      {"hipIpcGetMemHandle null handle", [&] { return hipIpcGetMemHandle(nullptr, p); }, hipErrorInvalidValue},
      {"hipIpcGetMemHandle null ptr", [&] { return hipIpcGetMemHandle(&mem, nullptr); }, hipErrorInvalidValue},
      {"hipIpcGetMemHandle", [&] { return hipIpcGetMemHandle(&mem, p); }, hipErrorNotSupported},
      {"hipIpcOpenMemHandle null out", [&] { return hipIpcOpenMemHandle(nullptr, mem, hipIpcMemLazyEnablePeerAccess); }, hipErrorInvalidValue},
      {"hipIpcOpenMemHandle flags 0", [&] { return hipIpcOpenMemHandle(&p, mem, 0); }, hipErrorInvalidValue},
      {"hipIpcOpenMemHandle", [&] { return hipIpcOpenMemHandle(&p, mem, hipIpcMemLazyEnablePeerAccess); }, hipErrorNotSupported},
      {"hipIpcCloseMemHandle null", [&] { return hipIpcCloseMemHandle(nullptr); }, hipErrorInvalidValue},
      {"hipIpcCloseMemHandle", [&] { return hipIpcCloseMemHandle(p); }, hipErrorNotSupported},
      {"hipIpcGetEventHandle null handle", [&] { return hipIpcGetEventHandle(nullptr, &shareable); }, hipErrorInvalidValue},
      {"hipIpcGetEventHandle null event", [&] { return hipIpcGetEventHandle(&ev, nullptr); }, hipErrorInvalidValue},
      {"hipIpcGetEventHandle destroyed event", [&] { return hipIpcGetEventHandle(&ev, &dead); }, hipErrorInvalidHandle},
      {"hipIpcGetEventHandle not interprocess", [&] { return hipIpcGetEventHandle(&ev, &plain); }, hipErrorInvalidConfiguration},
      {"hipIpcGetEventHandle", [&] { return hipIpcGetEventHandle(&ev, &shareable); }, hipErrorNotSupported},
      {"hipIpcOpenEventHandle null out", [&] { return hipIpcOpenEventHandle(nullptr, ev); }, hipErrorInvalidValue},
      {"hipIpcOpenEventHandle", [&] { return hipIpcOpenEventHandle(&opened, ev); }, hipErrorNotSupported},
  });
  CHECK(unihip::eventTable().retire(&plain));
  CHECK(unihip::eventTable().retire(&shareable));
  static_assert(sizeof(hipIpcMemHandle_t) == HIP_IPC_HANDLE_SIZE, "HIP's IPC handle is 64 bytes");
  static_assert(sizeof(hipIpcEventHandle_t) == 64, "HIP's IPC event handle is 64 bytes");
}
