#include "core/images.h"

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

}  // namespace unihip
