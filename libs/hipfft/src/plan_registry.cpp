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

hipfftHandle insert(hipfftHandle plan) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.live.insert(plan);
  return plan;
}

}  // namespace

hipfftHandle registerPlan(int cufftHandle, int device) {
  return insert(new hipfftHandle_t{cufftHandle, device, nullptr});
}

hipfftHandle registerRocfftPlan(RocfftPlan* rocfft, int device) {
  return insert(new hipfftHandle_t{0, device, rocfft});
}

bool lookupPlan(hipfftHandle plan, int* cufftHandle, int* device, RocfftPlan** rocfft) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (plan == nullptr || !r.live.contains(plan)) return false;
  *cufftHandle = plan->cufft;
  if (device != nullptr) *device = plan->device;
  if (rocfft != nullptr) *rocfft = plan->rocfft;
  return true;
}

bool releasePlan(hipfftHandle plan, int* cufftHandle, RocfftPlan** rocfft) {
  Registry& r = registry();
  {
    std::lock_guard lock(r.mutex);
    if (plan == nullptr || r.live.erase(plan) == 0) return false;
  }
  *cufftHandle = plan->cufft;
  if (rocfft != nullptr) *rocfft = plan->rocfft;
  delete plan;
  return true;
}

}  // namespace unihip::hipfft
