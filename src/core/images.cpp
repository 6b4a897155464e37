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

void releaseDeviceImages(Device& device) {
  ImageOps* ops = device.backend->images();
  // Objects first: they read the arrays.
  for (const auto& [object, record] : textureRegistry().takeDevice(device.ordinal))
    if (ops) (void)ops->textureDestroy(device.local, object);
  for (const auto& [object, record] : surfaceRegistry().takeDevice(device.ordinal))
    if (ops) (void)ops->surfaceDestroy(device.local, object);
  for (ihipMipmap* m : mipmapTable().liveOnDevice(device.ordinal)) {
    if (!mipmapTable().retire(m)) continue;
    {
      std::lock_guard<std::mutex> lock(m->levelsMutex);
      for (hipArray*& a : m->levelArrays) {
        if (a != nullptr) arrayTable().retire(a);
        a = nullptr;
      }
    }
    if (ops) (void)ops->mipmapDestroy(device.local, m->native);
  }
  for (hipArray* a : arrayTable().liveOnDevice(device.ordinal)) {
    if (a->owner == nullptr && arrayTable().retire(a) && ops)
      (void)ops->arrayDestroy(device.local, a->native);
  }
}

}  // namespace unihip
