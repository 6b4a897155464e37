// Seam family "execution contexts" (optional, Backend::executionContexts()): device resources
// (SM groups), their splits and descriptors, and green contexts, the partitions of a device that
// streams are created in (HIP 7's hipDevResource*, hipGreenCtx*, hipExecutionCtx*; CUDA's green
// contexts). A vendor without the family hands out null and the API layer answers
// hipErrorNotSupported.
//
// Resources are HIP's hipDevResource, whose layout is CUDA's CUdevResource: a vendor may keep
// what it needs in the structure's internal bytes (the device, the split a group came from), so
// the API layer passes resources through unchanged and never reads those bytes.
// The API layer validates pointers, handles and flags; a vendor answers configuration errors
// (hipErrorInvalidResourceType, hipErrorInvalidResourceConfiguration) as its driver does.
#pragma once

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

// A vendor's resource descriptor and green context. A null NativeExecCtx is the device's
// primary context (hipDeviceGetExecutionCtx): the whole device.
using NativeResourceDesc = void*;
using NativeExecCtx = void*;

class ExecutionCtxOps {
 public:
  virtual ~ExecutionCtxOps() = default;

  // The device's whole resource of `type` (hipDevResourceType's values are CUDA's).
  virtual Status deviceResource(int device, hipDevResourceType type, hipDevResource* out) = 0;
  // hipDevSmResourceSplitByCount: `result` null asks only for the number of groups. The input's
  // device is in its internal bytes, so these two take none.
  virtual Status smResourceSplitByCount(hipDevResource* result, unsigned int* nbGroups,
                                        const hipDevResource* input, hipDevResource* remainder,
                                        unsigned int flags, unsigned int minCount) = 0;
  // hipDevSmResourceSplit: groups of the sizes `params` ask for; hipErrorNotSupported where the
  // driver has no such split.
  virtual Status smResourceSplit(hipDevResource* result, unsigned int nbGroups,
                                 const hipDevResource* input, hipDevResource* remainder,
                                 unsigned int flags, hipDevSmResourceGroupParams* params) {
    (void)result, (void)nbGroups, (void)input, (void)remainder, (void)flags, (void)params;
    return hipErrorNotSupported;
  }
  // A descriptor of `count` resources; it lives as long as the process (neither HIP nor CUDA
  // destroys one). `*device` gets the backend-local device the resources came from.
  virtual Status generateDesc(hipDevResource* resources, unsigned int count,
                              NativeResourceDesc* desc, int* device) = 0;

  virtual Status greenCtxCreate(int device, NativeResourceDesc desc, NativeExecCtx* ctx) = 0;
  // The context's streams must be destroyed first (the API layer refuses otherwise).
  virtual Status greenCtxDestroy(int device, NativeExecCtx ctx) = 0;
  // A stream whose work runs on the context's resources; destroyed with QueueOps::streamDestroy.
  // `hipFlags` hipStreamDefault or hipStreamNonBlocking.
  virtual Status ctxStreamCreate(int device, NativeExecCtx ctx, unsigned int hipFlags,
                                 int priority, NativeStream* stream) = 0;
  // The context's resource of `type` (the device's for the primary context).
  virtual Status ctxResource(int device, NativeExecCtx ctx, hipDevResourceType type,
                             hipDevResource* out) = 0;
  // The event captures all work submitted to the context so far; a wait orders all its later
  // work after the event. Synchronize waits for all of the context's work (for the primary
  // context, the device's).
  virtual Status ctxRecordEvent(int device, NativeExecCtx ctx, NativeEvent event) = 0;
  virtual Status ctxWaitEvent(int device, NativeExecCtx ctx, NativeEvent event) = 0;
  virtual Status ctxSynchronize(int device, NativeExecCtx ctx) = 0;
};

}  // namespace unihip
