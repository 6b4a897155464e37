#include "core/images.h"

#include "core/runtime.h"

namespace unihip {

// Never destroyed: handles may be touched from atexit handlers.
HandleTable<hipArray>& arrayTable() {
  static auto* table = new HandleTable<hipArray>();
  return *table;
}

HandleTable<ihipMipmap>& mipmapTable() {
  static auto* table = new HandleTable<ihipMipmap>();
  return *table;
}

ObjectRegistry<TextureRecord>& textureRegistry() {
  static auto* r = new ObjectRegistry<TextureRecord>();
  return *r;
}

ObjectRegistry<SurfaceRecord>& surfaceRegistry() {
  static auto* r = new ObjectRegistry<SurfaceRecord>();
  return *r;
}

bool retireMipmap(ihipMipmap* m, RetiredMipmap* out) {
  std::vector<hipArray*> levels;
  if (!mipmapTable().retire(m, [&](ihipMipmap& x) {
        out->device = x.device;
        out->native = x.native;
        std::lock_guard<std::mutex> lock(x.levelsMutex);
        levels.swap(x.levelArrays);
      }))
    return false;
  for (hipArray* a : levels)
    if (a != nullptr) arrayTable().retire(a);
  return true;
}

void releaseDeviceImages(Device& device) {
  ImageOps* ops = device.backend->images();
  // Objects first: they read the arrays.
  for (const auto& [object, record] : textureRegistry().takeDevice(device.ordinal))
    if (ops) (void)ops->textureDestroy(device.local, object);
  for (const auto& [object, record] : surfaceRegistry().takeDevice(device.ordinal))
    if (ops) (void)ops->surfaceDestroy(device.local, object);
  for (ihipMipmap* m : mipmapTable().liveOnDevice(device.ordinal)) {
    RetiredMipmap r;
    if (retireMipmap(m, &r) && ops) (void)ops->mipmapDestroy(device.local, r.native);
  }
  for (hipArray* a : arrayTable().liveOnDevice(device.ordinal)) {
    if (a->owner != nullptr) continue;  // a level: retired with its mipmapped array
    NativeArray native = nullptr;
    if (arrayTable().retire(a, [&](hipArray& x) { native = x.native; }) && ops)
      (void)ops->arrayDestroy(device.local, native);
  }
}

}  // namespace unihip
