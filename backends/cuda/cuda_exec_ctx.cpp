// The CUDA driver's ExecutionCtxOps: device resources, their splits and descriptors, and green
// contexts (cuDeviceGetDevResource, cuDevSmResourceSplit*, cuDevResourceGenerateDesc,
// cuGreenCtx*). HIP's resources have CUDA's layout and values and reach the driver unchanged.
// The primary context (a null NativeExecCtx) is the device's retained primary CUcontext.
// Also the cluster occupancy queries (cuda_exec_ctx.h).
#include "cuda/cuda_exec_ctx.h"

#include <cstddef>
#include <memory>
#include <vector>

#include "seam/execution_ctx_ops.h"

namespace unihip::cu {

static_assert(sizeof(CUdevResource) == sizeof(hipDevResource));
static_assert(offsetof(hipDevResource, sm) == offsetof(CUdevResource, data));
static_assert(offsetof(hipDevResource, nextResource) == offsetof(CUdevResource, next));
static_assert(sizeof(CU_DEV_SM_RESOURCE_GROUP_PARAMS) == sizeof(hipDevSmResourceGroupParams));
static_assert(sizeof(CUlaunchAttribute) == sizeof(hipLaunchAttribute));

namespace {

CUdevResource* cuda(hipDevResource* r) { return reinterpret_cast<CUdevResource*>(r); }
const CUdevResource* cuda(const hipDevResource* r) {
  return reinterpret_cast<const CUdevResource*>(r);
}
CUgreenCtx green(NativeExecCtx c) { return static_cast<CUgreenCtx>(c); }

class CudaExecutionCtxOps final : public ExecutionCtxOps {
 public:
  explicit CudaExecutionCtxOps(CudaCore& core) : core_(core), api_(core.api()) {}

  Status deviceResource(int device, hipDevResourceType type, hipDevResource* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(api_.cuDeviceGetDevResource(core_.deviceHandle(device), cuda(out),
                                                   static_cast<int>(type)),
                       "cuDeviceGetDevResource");
  }

  Status smResourceSplitByCount(hipDevResource* result, unsigned int* nbGroups,
                                const hipDevResource* input, hipDevResource* remainder,
                                unsigned int flags, unsigned int minCount) override {
    return core_.check(api_.cuDevSmResourceSplitByCount(cuda(result), nbGroups, cuda(input),
                                                        cuda(remainder), flags, minCount),
                       "cuDevSmResourceSplitByCount");
  }

  // hipErrorNotSupported on drivers older than CUDA 13.1.
  Status smResourceSplit(hipDevResource* result, unsigned int nbGroups,
                         const hipDevResource* input, hipDevResource* remainder,
                         unsigned int flags, hipDevSmResourceGroupParams* params) override {
    if (api_.cuDevSmResourceSplit == nullptr) return hipErrorNotSupported;
    return core_.check(
        api_.cuDevSmResourceSplit(cuda(result), nbGroups, cuda(input), cuda(remainder), flags,
                                  reinterpret_cast<CU_DEV_SM_RESOURCE_GROUP_PARAMS*>(params)),
        "cuDevSmResourceSplit");
  }

  // The driver's descriptor does not say its device: cuGreenCtxCreate checks it.
  Status generateDesc(hipDevResource* resources, unsigned int count, NativeResourceDesc* desc,
                      int* device) override {
    CUdevResourceDesc d = nullptr;
    UNIHIP_TRY(core_.check(api_.cuDevResourceGenerateDesc(&d, cuda(resources), count),
                           "cuDevResourceGenerateDesc"));
    *desc = d;
    *device = -1;
    return kOk;
  }

  Status greenCtxCreate(int device, NativeResourceDesc desc, NativeExecCtx* ctx) override {
    // The driver retains the primary context; having it retained already avoids a second
    // initialization.
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgreenCtx g = nullptr;
    UNIHIP_TRY(core_.check(api_.cuGreenCtxCreate(&g, static_cast<CUdevResourceDesc>(desc),
                                                 core_.deviceHandle(device),
                                                 CU_GREEN_CTX_DEFAULT_STREAM),
                           "cuGreenCtxCreate"));
    *ctx = g;
    return kOk;
  }

  Status greenCtxDestroy(int, NativeExecCtx ctx) override {
    return core_.check(api_.cuGreenCtxDestroy(green(ctx)), "cuGreenCtxDestroy");
  }

  // The driver takes only non-blocking streams in a green context.
  Status ctxStreamCreate(int device, NativeExecCtx ctx, unsigned int, int priority,
                         NativeStream* stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUstream s = nullptr;
    UNIHIP_TRY(core_.check(
        api_.cuGreenCtxStreamCreate(&s, green(ctx), CU_STREAM_NON_BLOCKING, priority),
        "cuGreenCtxStreamCreate"));
    *stream = s;
    return kOk;
  }

  Status ctxResource(int device, NativeExecCtx ctx, hipDevResourceType type,
                     hipDevResource* out) override {
    if (ctx != nullptr)
      return core_.check(api_.cuGreenCtxGetDevResource(green(ctx), cuda(out),
                                                       static_cast<int>(type)),
                         "cuGreenCtxGetDevResource");
    UNIHIP_TRY(core_.makeCurrent(device));
    if (api_.cuCtxGetDevResource == nullptr) return deviceResource(device, type, out);
    return core_.check(api_.cuCtxGetDevResource(core_.retainedContext(device), cuda(out),
                                                static_cast<int>(type)),
                       "cuCtxGetDevResource");
  }

  Status ctxRecordEvent(int device, NativeExecCtx ctx, NativeEvent event) override {
    if (ctx != nullptr)
      return core_.check(api_.cuGreenCtxRecordEvent(green(ctx), static_cast<CUevent>(event)),
                         "cuGreenCtxRecordEvent");
    if (api_.cuCtxRecordEvent == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(
        api_.cuCtxRecordEvent(core_.retainedContext(device), static_cast<CUevent>(event)),
        "cuCtxRecordEvent");
  }

  Status ctxWaitEvent(int device, NativeExecCtx ctx, NativeEvent event) override {
    if (ctx != nullptr)
      return core_.check(api_.cuGreenCtxWaitEvent(green(ctx), static_cast<CUevent>(event)),
                         "cuGreenCtxWaitEvent");
    if (api_.cuCtxWaitEvent == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(
        api_.cuCtxWaitEvent(core_.retainedContext(device), static_cast<CUevent>(event)),
        "cuCtxWaitEvent");
  }

  // A green context: its converted context made current for cuCtxSynchronize, then the primary
  // context again (the thread's cached current context stays true).
  Status ctxSynchronize(int device, NativeExecCtx ctx) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (ctx == nullptr) return core_.check(api_.cuCtxSynchronize(), "cuCtxSynchronize");
    CUcontext converted = nullptr;
    UNIHIP_TRY(core_.check(api_.cuCtxFromGreenCtx(&converted, green(ctx)), "cuCtxFromGreenCtx"));
    UNIHIP_TRY(core_.check(api_.cuCtxSetCurrent(converted), "cuCtxSetCurrent"));
    Status s = core_.check(api_.cuCtxSynchronize(), "cuCtxSynchronize");
    Status back = core_.check(api_.cuCtxSetCurrent(core_.retainedContext(device)),
                              "cuCtxSetCurrent");
    return s.ok() ? back : s;
  }

 private:
  CudaCore& core_;
  const DriverApi& api_;
};

}  // namespace

std::unique_ptr<ExecutionCtxOps> createCudaExecutionCtxOps(CudaCore& core) {
  const DriverApi& a = core.api();
  if (a.cuDeviceGetDevResource == nullptr || a.cuGreenCtxGetDevResource == nullptr ||
      a.cuDevSmResourceSplitByCount == nullptr || a.cuDevResourceGenerateDesc == nullptr ||
      a.cuGreenCtxCreate == nullptr || a.cuGreenCtxDestroy == nullptr ||
      a.cuCtxFromGreenCtx == nullptr || a.cuGreenCtxRecordEvent == nullptr ||
      a.cuGreenCtxWaitEvent == nullptr || a.cuGreenCtxStreamCreate == nullptr)
    return nullptr;
  return std::make_unique<CudaExecutionCtxOps>(core);
}

// HIP's attributes have CUDA's layout and numbers; the access policy window's value differs
// (cuda_graphs.cpp) and means nothing to occupancy, so it is left out.
Status cudaClusterOccupancy(CudaCore& core, int device, CUfunction function,
                            const hipLaunchConfig_t& config, CUstream stream, bool potential,
                            int* out) {
  const DriverApi& api = core.api();
  auto query =
      potential ? api.cuOccupancyMaxPotentialClusterSize : api.cuOccupancyMaxActiveClusters;
  if (query == nullptr) return hipErrorNotSupported;
  std::vector<CUlaunchAttribute> attrs;
  for (unsigned i = 0; i < config.numAttrs; ++i) {
    if (config.attrs[i].id == hipLaunchAttributeAccessPolicyWindow) continue;
    attrs.push_back(reinterpret_cast<const CUlaunchAttribute&>(config.attrs[i]));
  }
  CUlaunchConfig c{};
  c.gridDimX = config.gridDim.x;
  c.gridDimY = config.gridDim.y;
  c.gridDimZ = config.gridDim.z;
  c.blockDimX = config.blockDim.x;
  c.blockDimY = config.blockDim.y;
  c.blockDimZ = config.blockDim.z;
  c.sharedMemBytes = static_cast<unsigned int>(config.dynamicSmemBytes);
  c.hStream = stream;
  c.attrs = attrs.empty() ? nullptr : attrs.data();
  c.numAttrs = static_cast<unsigned int>(attrs.size());
  UNIHIP_TRY(core.makeCurrent(device));
  return core.check(query(out, function, &c), potential ? "cuOccupancyMaxPotentialClusterSize"
                                                        : "cuOccupancyMaxActiveClusters");
}

}  // namespace unihip::cu
