// Pitched (2-D and 3-D) copies and fills, generic over the seam's linear primitives: one
// operation per row, queued on a stream, or a single one when the rows are contiguous. A device
// whose capabilities (seam/device_capabilities.h) have pitchedCopies / pitchedFills takes the
// operation natively (cuMemcpy3DAsync, cuMemsetD2D8Async), and its answer is the call's.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/runtime.h"

namespace unihip::pitched {

// The pitch hipMallocPitch/hipMalloc3D give a row of `width` bytes on a device.
size_t pitchFor(const hipDeviceProp_t& props, size_t width);

// `height` rows of `width` bytes, each `depth` times (slices `dstSlice`/`srcSlice` bytes apart).
struct Region {
  size_t width = 0;
  size_t height = 1;
  size_t depth = 1;
};

// Queues the copy on `stream` of `device`.
Status copy(Device& device, void* dst, size_t dpitch, size_t dstSlice, const void* src,
            size_t spitch, size_t srcSlice, const Region& region, CopyDirection dir,
            NativeStream stream);

// Queues the fill (byte `value`) on `stream` of `device`.
Status fill(Device& device, void* dst, size_t pitch, size_t slice, uint8_t value,
            const Region& region, NativeStream stream);

// Bytes from the first to the last byte a region touches (for allocation-range checks).
inline size_t extentBytes(size_t pitch, size_t slice, const Region& r) {
  return (r.depth - 1) * slice + (r.height - 1) * pitch + r.width;
}

}  // namespace unihip::pitched
