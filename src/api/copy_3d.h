// The 3D copy of hipMemcpy3D* (pitched pointers at positions, or arrays), for the other entry
// points that reduce to it (hipMemcpy3DPeer*, hipMemcpy3DBatchAsync).
#pragma once

#include "base/status.h"

namespace unihip::memory {

// Checked as hipMemcpy3D; queued on `stream` (null: the legacy default stream); `sync` waits.
Status copy3D(const hipMemcpy3DParms* p, hipStream_t stream, bool sync);

}  // namespace unihip::memory
