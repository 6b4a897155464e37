#include "core/pitched_memory.h"

#include <algorithm>

namespace unihip::pitched {

size_t pitchFor(const hipDeviceProp_t& props, size_t width) {
  // At least the texture pitch alignment, and at least AMD's image pitch alignment of 256 bytes
  // (so that pitches and allocation sizes are AMD's: 260 bytes wide rows are 512 apart, as
  // hip-tests expects); a power of two.
  size_t align = std::max<size_t>(props.texturePitchAlignment, 256);
  size_t p2 = 1;
  while (p2 < align) p2 <<= 1;
  return (width + p2 - 1) / p2 * p2;
}

Status copy(Device& device, void* dst, size_t dpitch, size_t dstSlice, const void* src,
            size_t spitch, size_t srcSlice, const Region& r, CopyDirection dir,
            NativeStream stream) {
  auto* d = static_cast<char*>(dst);
  auto* s = static_cast<const char*>(src);
  const bool contiguous = dpitch == r.width && spitch == r.width &&
                          (r.depth == 1 || (dstSlice == r.width * r.height &&
                                            srcSlice == r.width * r.height));
  if (contiguous)
    return device.backend->memcpyAsync(device.local, d, s, r.width * r.height * r.depth, dir,
                                       stream);
  // One native operation when the slices are whole rows apart (always so in 2-D).
  // The device's capabilities choose the path, so that a driver's refusal is the answer.
  if (device.backend->capabilities(device.local).pitchedCopies &&
      (r.depth == 1 || (dstSlice % dpitch == 0 && srcSlice % spitch == 0))) {
    PitchedCopy c;
    c.dst = d;
    c.dstPitch = dpitch;
    c.dstHeight = r.depth == 1 ? r.height : dstSlice / dpitch;
    c.src = s;
    c.srcPitch = spitch;
    c.srcHeight = r.depth == 1 ? r.height : srcSlice / spitch;
    c.width = r.width;
    c.height = r.height;
    c.depth = r.depth;
    c.dir = dir;
    return device.backend->memcpyPitchedAsync(device.local, c, stream);
  }
  for (size_t z = 0; z < r.depth; ++z)
    for (size_t y = 0; y < r.height; ++y)
      UNIHIP_TRY(device.backend->memcpyAsync(device.local, d + z * dstSlice + y * dpitch,
                                             s + z * srcSlice + y * spitch, r.width, dir,
                                             stream));
  return kOk;
}

Status fill(Device& device, void* dst, size_t pitch, size_t slice, uint8_t value,
            const Region& r, NativeStream stream) {
  auto* d = static_cast<char*>(dst);
  if (pitch == r.width && (r.depth == 1 || slice == r.width * r.height))
    return device.backend->memsetAsync(device.local, d, value, r.width * r.height * r.depth,
                                       stream);
  // One native fill per slice, or one for all when the slices are contiguous rows.
  const bool rowsContiguous = r.depth == 1 || slice == pitch * r.height;
  const size_t fills = rowsContiguous ? 1 : r.depth;
  const size_t rows = rowsContiguous ? r.height * r.depth : r.height;
  if (device.backend->capabilities(device.local).pitchedFills) {
    for (size_t z = 0; z < fills; ++z)
      UNIHIP_TRY(device.backend->memsetPitchedAsync(device.local, d + z * slice, pitch, value,
                                                    r.width, rows, stream));
    return kOk;
  }
  for (size_t z = 0; z < r.depth; ++z)
    for (size_t y = 0; y < r.height; ++y)
      UNIHIP_TRY(device.backend->memsetAsync(device.local, d + z * slice + y * pitch, value,
                                             r.width, stream));
  return kOk;
}

}  // namespace unihip::pitched
