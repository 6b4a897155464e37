// The seam between unihip's API layer and a vendor backend (CUDA driver, HSA/AQL).
//
// Ownership: the API layer owns user-visible handles (ihipStream_t, ihipEvent_t, modules) and
// all validation (null pointers, ordinals, launch bounds, handle liveness). A backend owns only
// vendor resources, named by the opaque Native* handles below, and maps vendor status codes to
// Status with a log line naming the failing call.
//
// Devices are numbered per backend (0..deviceCount()-1); the API layer maps HIP ordinals onto
// (backend, local ordinal).
//
// Thread safety: every method may be called from any thread concurrently, except where noted.
// launch(), memcpyAsync() and eventRecord() are the hot path: no locks, no heap allocation.
#pragma once

#include <memory>
#include <string>

#include "seam/code_ops.h"
#include "seam/device_ops.h"
#include "seam/handles.h"
#include "seam/memory_ops.h"
#include "seam/queue_ops.h"
#include "seam/unified_memory_ops.h"

namespace unihip {

// Optional families (docs/design/seam.md): a backend hands each out by pointer, null when absent.
class GraphOps;       // seam/graph_ops.h: graphs and stream capture (issue 14)
class MemoryPoolOps;  // seam/memory_pool_ops.h: stream-ordered pools, IPC, virtual memory (issue 13)
class ImageOps;       // seam/image_ops.h: arrays, texture and surface objects (issues 11, 15)
class ExecutionCtxOps;  // seam/execution_ctx_ops.h: device resources, green contexts (issue 32)

// A vendor backend: the families every vendor provides, one interface each (backends/seam/).
// Families a vendor may lack (graphs, pools, IPC, ...) are not bases: the backend hands out a
// pointer to each, null when absent (docs/design/seam.md, "Optional families").
class Backend : public DeviceOps,
                public CodeOps,
                public MemoryOps,
                public UnifiedMemoryOps,
                public QueueOps {
 public:
  ~Backend() override = default;

  // The optional families; null when this vendor lacks them (the API layer then answers
  // hipErrorNotSupported). Stable for the backend's lifetime: callers may cache them.
  virtual GraphOps* graphs() { return nullptr; }
  virtual MemoryPoolOps* memoryPools() { return nullptr; }
  virtual ImageOps* images() { return nullptr; }
  virtual ExecutionCtxOps* executionContexts() { return nullptr; }
};

// Factories. Each returns nullptr when its vendor library or devices are unavailable, after
// logging why (paths tried, missing symbol, vendor status) at info level; `reason` gets the same
// text for unihipinfo.
std::unique_ptr<Backend> createCudaBackend(std::string* reason);
std::unique_ptr<Backend> createHsaBackend(std::string* reason);

}  // namespace unihip
