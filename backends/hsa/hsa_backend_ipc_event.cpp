// The HSA backend's inter-process events (hsa_ipc_event.h): an event created with
// hipEventInterprocess records into its shared segment instead of a pool signal, so that the
// processes that opened its handle see the same completions.
#include "hsa_backend.h"

namespace unihip::hsa {

Status HsaBackend::ipcSegment(int device, HsaEvent& e) {
  if (e.ipc) return kOk;
  return createIpcEventSegment(api_, devices_[device]->info.agent, device, &e.ipc);
}

Status HsaBackend::ipcEventHandle(int device, NativeEvent event, hipIpcEventHandle_t* handle) {
  auto* e = static_cast<HsaEvent*>(event);
  if ((e->flags & hipEventInterprocess) == 0) return hipErrorInvalidConfiguration;
  std::lock_guard lock(e->mutex);
  UNIHIP_TRY(ipcSegment(device, *e));
  fillIpcEventHandle(*e->ipc, device, handle);
  return kOk;
}

Status HsaBackend::ipcOpenEvent(int device, const hipIpcEventHandle_t& handle,
                                NativeEvent* event) {
  std::unique_ptr<IpcEventSegment> segment;
  UNIHIP_TRY(openIpcEventSegment(api_, devices_[device]->info.agent, handle, &segment));
  auto* e = new HsaEvent;
  e->flags = hipEventDisableTiming | hipEventInterprocess;
  e->ipc = std::move(segment);
  *event = e;
  return kOk;
}

Status HsaBackend::ipcRecord(int device, HsaEvent& e, NativeStream stream) {
  std::lock_guard lock(e.mutex);
  UNIHIP_TRY(ipcSegment(device, e));
  IpcEventSegment& seg = *e.ipc;
  const int index = acquireIpcEventSlot(seg);
  // The device clears the word once the stream's earlier work is done (in-order queue).
  Status st = streamWriteValue(device, stream,
                               &seg.deviceSignals[index % kIpcEventSlots], 0, false);
  if (!st.ok())  // nothing will clear it: complete it here so no waiter hangs
    reinterpret_cast<std::atomic<uint32_t>&>(seg.shared->signal[index % kIpcEventSlots])
        .store(0, std::memory_order_release);
  publishIpcEventSlot(seg, index);
  return st;
}

Status HsaBackend::ipcQuery(HsaEvent& e) {
  std::lock_guard lock(e.mutex);
  if (!e.ipc) return kOk;  // never recorded
  return pendingIpcEventSlot(*e.ipc) < 0 ? kOk : Status(hipErrorNotReady);
}

Status HsaBackend::ipcSynchronize(HsaEvent& e) {
  std::lock_guard lock(e.mutex);
  if (!e.ipc) return kOk;
  const int index = pendingIpcEventSlot(*e.ipc);
  if (index >= 0) waitIpcEventSlot(*e.ipc, index);
  return kOk;
}

Status HsaBackend::ipcStreamWait(int device, NativeStream stream, HsaEvent& e) {
  std::lock_guard lock(e.mutex);
  if (!e.ipc) return kOk;
  const int index = pendingIpcEventSlot(*e.ipc);
  if (index < 0) return kOk;
  // The stream holds until the recording process's device cleared the word.
  return streamWaitValue(device, stream, &e.ipc->deviceSignals[index % kIpcEventSlots], 0,
                         0xFFFFFFFFu, hipStreamWaitValueEq, false);
}

}  // namespace unihip::hsa
