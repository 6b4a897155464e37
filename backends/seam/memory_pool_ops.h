// Seam family "stream-ordered memory pools, IPC and virtual memory" (issue 13): optional, handed out by Backend::memoryPools() (null when a
// vendor lacks it). Ordinals are the backend's; the API layer validated the arguments.
#pragma once

#include "core/status.h"
#include "seam/handles.h"

namespace unihip {

class MemoryPoolOps {
 public:
  virtual ~MemoryPoolOps() = default;
};

}  // namespace unihip
