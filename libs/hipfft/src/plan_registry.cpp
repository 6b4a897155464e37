#include "plan_registry.h"

#include <mutex>
#include <unordered_set>

namespace unihip::hipfft {
namespace {

struct Registry {
  std::mutex mutex;
  std::unordered_set<hipfftHandle> live;
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: plans may be destroyed at exit
  return *r;
}

}  // namespace

hipfftHandle registerPlan(int cufftHandle, int device) {
  auto* plan = new hipfftHandle_t{cufftHandle, device};
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.live.insert(plan);
  return plan;
}

bool lookupPlan(hipfftHandle plan, int* cufftHandle, int* device) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (plan == nullptr || !r.live.contains(plan)) return false;
  *cufftHandle = plan->cufft;
  if (device != nullptr) *device = plan->device;
  return true;
}

bool releasePlan(hipfftHandle plan, int* cufftHandle) {
  Registry& r = registry();
  {
    std::lock_guard lock(r.mutex);
    if (plan == nullptr || r.live.erase(plan) == 0) return false;
  }
  *cufftHandle = plan->cufft;
  delete plan;
  return true;
}

}  // namespace unihip::hipfft
