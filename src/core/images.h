// The objects behind hipArray_t and hipMipmappedArray_t, and the registry of live texture and
// surface objects.
//
// Arrays and mipmapped arrays live in handle slabs (core/handle_slabs.h), so a garbage or
// destroyed handle is rejected without dereferencing it. A hipMipmappedArray_t points at the
// public struct HIP publishes, first member of ihipMipmap. Texture and surface objects are the
// driver's 64-bit handles themselves (kernels read them), so they are validated by lookup.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/handles.h"
#include "seam/image_ops.h"

struct ihipMipmap;

struct hipArray {
  static constexpr uint32_t kMagic = 0x41525259u;  // "ARRY"
  UNIHIP_HANDLE_STORAGE(hipArray)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal
  unihip::NativeArray native = nullptr;
  unihip::ArrayShape shape;
  ihipMipmap* owner = nullptr;  // a mipmap level: freed with its mipmapped array only
};

struct ihipMipmap {
  hipMipmappedArray pub{};  // first: hipMipmappedArray_t points here
  static constexpr uint32_t kMagic = 0x4d495053u;  // "MIPS"
  UNIHIP_HANDLE_STORAGE(ihipMipmap)
  std::atomic<uint32_t> magic{0};
  int device = 0;
  unihip::NativeMipmap native = nullptr;
  unihip::ArrayShape shape;
  unsigned levels = 0;
  std::mutex levelsMutex;
  std::vector<hipArray*> levelArrays;  // made on first hipGetMipmappedArrayLevel
};

namespace unihip {

HandleTable<hipArray>& arrayTable();
HandleTable<ihipMipmap>& mipmapTable();

// Live array / mipmapped array behind a handle, or null (never dereferences a foreign pointer).
inline hipArray* liveArray(hipArray_const_t a) {
  auto* p = const_cast<hipArray*>(a);
  return isLive(p) ? p : nullptr;
}
// The live array whose native array is `native` (what a driver hands back, e.g. a graph copy
// node's parameters), or null.
inline hipArray* arrayOfNative(NativeArray native) {
  if (native == nullptr) return nullptr;
  return arrayTable().findLive([native](const hipArray& a) { return a.native == native; });
}
inline ihipMipmap* liveMipmap(hipMipmappedArray_const_t m) {
  auto* p = reinterpret_cast<ihipMipmap*>(const_cast<hipMipmappedArray*>(m));
  return isLive(p) ? p : nullptr;
}

// What HIP's getters answer about a texture object: its descriptors in both API forms.
struct TextureRecord {
  int device = 0;
  hipResourceDesc res{};
  hipTextureDesc tex{};
  hipResourceViewDesc view{};
  HIP_RESOURCE_DESC drvRes{};
  HIP_TEXTURE_DESC drvTex{};
  HIP_RESOURCE_VIEW_DESC drvView{};
  bool hasView = false;
};

// Live texture or surface objects by handle value.
template <typename Record>
class ObjectRegistry {
 public:
  void add(uint64_t object, const Record& r) {
    std::unique_lock lock(mutex_);
    map_[object] = r;
  }
  bool find(uint64_t object, Record* out) const {
    std::shared_lock lock(mutex_);
    auto it = map_.find(object);
    if (it == map_.end()) return false;
    *out = it->second;
    return true;
  }
  // Removes and returns the objects of one device (hipDeviceReset).
  std::vector<std::pair<uint64_t, Record>> takeDevice(int device) {
    std::unique_lock lock(mutex_);
    std::vector<std::pair<uint64_t, Record>> out;
    for (auto it = map_.begin(); it != map_.end();) {
      if (it->second.device == device) {
        out.emplace_back(it->first, it->second);
        it = map_.erase(it);
      } else {
        ++it;
      }
    }
    return out;
  }
  // False when `object` was not live.
  bool remove(uint64_t object, Record* out) {
    std::unique_lock lock(mutex_);
    auto it = map_.find(object);
    if (it == map_.end()) return false;
    *out = it->second;
    map_.erase(it);
    return true;
  }

 private:
  mutable std::shared_mutex mutex_;
  std::unordered_map<uint64_t, Record> map_;
};

struct SurfaceRecord {
  int device = 0;
  hipResourceDesc res{};
};

ObjectRegistry<TextureRecord>& textureRegistry();
ObjectRegistry<SurfaceRecord>& surfaceRegistry();

// What a mipmapped array held when it was retired.
struct RetiredMipmap {
  int device = 0;
  NativeMipmap native = nullptr;
};
// Retires `m` and the arrays of its levels; false when `m` was not live. The fields are read
// while the table holds the handle (core/handles.h: retire), so a concurrent create that reuses
// the object cannot change them under us.
bool retireMipmap(ihipMipmap* m, RetiredMipmap* out);

struct Device;
// hipDeviceReset: destroys the device's texture and surface objects, mipmapped arrays and arrays
// and retires their handles (the driver's context reset would free them behind our records).
void releaseDeviceImages(Device& device);

}  // namespace unihip
