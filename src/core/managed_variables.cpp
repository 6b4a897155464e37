// __managed__ variables: what clang's __hipRegisterManagedVar asks of the runtime, done as AMD's
// runtime does with deferred loading (clr: registration keeps a host copy of the initial value;
// the first launch on a device allocates managed memory once, copies the value in and writes the
// memory's address into the device's pointer variable of the same name).
#include <cstdlib>
#include <cstring>

#include "base/allocation_map.h"
#include "base/internal_work.h"
#include "base/log.h"
#include "core/registry.h"

namespace unihip {

namespace {

// Host memory for the value while no managed memory exists; posix_memalign wants a power of two
// at least sizeof(void*).
void* newStaging(size_t size, size_t align, const void* initialValue) {
  size_t a = sizeof(void*);
  while (a < align) a <<= 1;
  void* p = nullptr;
  if (posix_memalign(&p, a, size) != 0) return nullptr;
  std::memcpy(p, initialValue, size);
  return p;
}

// The managed memory of `v`, allocated on `device` the first time any device needs it; the host
// copy (which host code may have written since registration) moves into it.
Status ensureStorage(ManagedVariableRecord* v, const Device& device) {
  if (v->storage != nullptr) return kOk;
  void* p = nullptr;
  UNIHIP_TRY(device.backend->mallocManaged(device.local, v->size, hipMemAttachGlobal, &p));
  if (p == nullptr) return hipErrorOutOfMemory;
  Status s = device.backend->memcpy(device.local, p, v->staging, v->size,
                                    CopyDirection::HostToDevice);
  if (!s.ok()) {
    (void)device.backend->freeManaged(device.local, p);
    return s;
  }
  AllocationMap::get().insert({p, v->size, device.ordinal, AllocationKind::Managed,
                               hipMemAttachGlobal});
  v->storage = p;
  v->storageDevice = device.ordinal;
  *v->pointer = p;
  std::free(v->staging);
  v->staging = nullptr;
  return kOk;
}

}  // namespace

void Registry::registerManagedVariable(FatBinary* fatbin, void** pointer,
                                       const void* initialValue, const char* name, size_t size,
                                       unsigned align) {
  if (fatbin == nullptr || pointer == nullptr || initialValue == nullptr || name == nullptr ||
      size == 0 || (align & (align - 1)) != 0) {
    UNIHIP_LOG_ERROR("__hipRegisterManagedVar: bad argument (variable '{}', {} bytes, align {})",
                     name ? name : "(null)", size, align);
    return;
  }
  auto* v = new ManagedVariableRecord();
  v->name = name;
  v->pointer = pointer;
  v->initialValue = initialValue;
  v->size = size;
  v->align = align;
  v->staging = newStaging(size, align, initialValue);
  if (v->staging == nullptr) {
    UNIHIP_LOG_ERROR("__hipRegisterManagedVar: no host memory for '{}' ({} bytes)", name, size);
    delete v;
    return;
  }
  *pointer = v->staging;
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  fatbin->managedVariables.push_back(v);
}

Status Registry::bindManagedVariables(FatBinary* fatbin, const Device& device,
                                      NativeModule module) {
  InternalWork internal;  // may run in a kernel's first launch while its stream captures
  for (ManagedVariableRecord* v : fatbin->managedVariables) {
    void* symbol = nullptr;
    size_t symbolSize = 0;
    Status s = device.backend->getGlobal(device.local, module, v->name.c_str(), &symbol,
                                         &symbolSize);
    // The image must hold the pointer clang's HIP codegen makes of a managed variable; an
    // image holding the variable itself would silently diverge from the host's copy.
    if (!s.ok() || symbolSize != sizeof(void*)) {
      UNIHIP_LOG_ERROR("device {}: managed variable '{}' has no pointer variable in the image",
                       device.ordinal, v->name);
      return hipErrorInvalidSymbol;
    }
    Status st = ensureStorage(v, device);
    if (!st.ok()) {
      UNIHIP_LOG_ERROR("device {}: no managed memory for '{}' ({} bytes)", device.ordinal,
                       v->name, v->size);
      return st;
    }
    UNIHIP_TRY(device.backend->memcpy(device.local, symbol, &v->storage, sizeof(void*),
                                      CopyDirection::HostToDevice));
  }
  return kOk;
}

namespace {

// Gives `v`'s managed memory back; the host variable points at a host copy from then on: of
// the initial value (`keep` false: a device reset lost the memory's contents) or of the value the
// memory holds (`keep`: the fat binary goes, host code may still read the variable).
void releaseStorage(ManagedVariableRecord* v, bool keep) {
  Device* d = Runtime::get().device(v->storageDevice);
  void* staging = newStaging(v->size, v->align, v->initialValue);
  if (staging == nullptr) return;  // keep the old memory rather than a null variable
  if (keep && d != nullptr)
    (void)d->backend->memcpy(d->local, staging, v->storage, v->size, CopyDirection::DeviceToHost);
  Allocation a;
  if (AllocationMap::get().take(v->storage, &a) && d != nullptr)
    (void)d->backend->freeManaged(d->local, v->storage);
  v->storage = nullptr;
  v->storageDevice = -1;
  v->staging = staging;
  *v->pointer = staging;
}

}  // namespace

void Registry::dropManagedStorage(FatBinary* fatbin, int ordinal) {
  for (ManagedVariableRecord* v : fatbin->managedVariables)
    if (v->storage != nullptr && v->storageDevice == ordinal) releaseStorage(v, false);
}

// CUDA's runtime frees a module's managed memory when the module goes. Its modules stay loaded
// (registry.cpp), but no launch of its kernels starts any more; one still running may read the
// memory, so its device finishes first. At process exit a driver already shut down answers
// errors here, which are ignored.
void Registry::releaseManagedStorage(FatBinary* fatbin) {
  InternalWork internal;
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  for (ManagedVariableRecord* v : fatbin->managedVariables) {
    if (v->storage == nullptr) continue;
    if (Device* d = Runtime::get().device(v->storageDevice))
      (void)d->backend->deviceSynchronize(d->local);
    releaseStorage(v, true);
  }
}

}  // namespace unihip
