// An execution contexts family (seam/execution_ctx_ops.h) for the fake backend: devices of 16
// SMs in groups of 2, splits done in plain arithmetic, contexts and streams as counters, and a
// log of every call, so the API layer's checks and forwarding can be tested without a GPU.
// Like CUDA it keeps the resource's device in the internal bytes.
#pragma once

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "seam/execution_ctx_ops.h"

namespace unihip::testing {

class FakeExecutionCtxOps final : public ExecutionCtxOps {
 public:
  static constexpr unsigned kSms = 16;
  static constexpr unsigned kAlignment = 2;

  std::vector<std::string> calls;
  unsigned lastFlags = 0;
  int lastPriority = 0;
  NativeEvent lastEvent = nullptr;
  NativeExecCtx lastCtx = nullptr;
  bool withSplit = true;  // false: a driver without cuDevSmResourceSplit

  Status deviceResource(int device, hipDevResourceType type, hipDevResource* out) override {
    calls.push_back("deviceResource");
    if (type != hipDevResourceTypeSm) return hipErrorInvalidResourceType;
    fill(out, kSms, device);
    return kOk;
  }

  Status smResourceSplitByCount(hipDevResource* result, unsigned* nbGroups,
                                const hipDevResource* input, hipDevResource* remainder,
                                unsigned flags, unsigned minCount) override {
    calls.push_back("smResourceSplitByCount");
    lastFlags = flags;
    unsigned size = (minCount + kAlignment - 1) / kAlignment * kAlignment;
    if (size == 0) size = kAlignment;
    if (size > input->sm.smCount) return hipErrorInvalidResourceConfiguration;
    const unsigned possible = input->sm.smCount / size;
    if (result == nullptr) {
      *nbGroups = possible;
      return kOk;
    }
    const unsigned n = std::min(*nbGroups, possible);
    for (unsigned i = 0; i < n; ++i) fill(&result[i], size, deviceOf(input));
    *nbGroups = n;
    rest(remainder, input->sm.smCount - n * size, deviceOf(input));
    return kOk;
  }

  Status smResourceSplit(hipDevResource* result, unsigned nbGroups, const hipDevResource* input,
                         hipDevResource* remainder, unsigned flags,
                         hipDevSmResourceGroupParams* params) override {
    calls.push_back("smResourceSplit");
    lastFlags = flags;
    if (!withSplit) return hipErrorNotSupported;
    unsigned used = 0;
    for (unsigned i = 0; i < nbGroups; ++i) used += params[i].smCount;
    if (used > input->sm.smCount) return hipErrorInvalidResourceConfiguration;
    if (result != nullptr)
      for (unsigned i = 0; i < nbGroups; ++i) fill(&result[i], params[i].smCount, deviceOf(input));
    rest(remainder, input->sm.smCount - used, deviceOf(input));
    return kOk;
  }

  Status generateDesc(hipDevResource* resources, unsigned count, NativeResourceDesc* desc,
                      int* device) override {
    calls.push_back("generateDesc");
    unsigned sms = 0;
    for (unsigned i = 0; i < count; ++i) {
      if (resources[i].sm.smCount == 0) return hipErrorInvalidResourceConfiguration;
      if (deviceOf(&resources[i]) != deviceOf(&resources[0]))
        return hipErrorInvalidResourceConfiguration;
      sms += resources[i].sm.smCount;
    }
    *desc = reinterpret_cast<NativeResourceDesc>(uintptr_t{0x5000} + descSms_.size());
    descSms_[*desc] = sms;
    *device = deviceOf(&resources[0]);
    return kOk;
  }

  Status greenCtxCreate(int device, NativeResourceDesc desc, NativeExecCtx* ctx) override {
    calls.push_back("greenCtxCreate");
    *ctx = reinterpret_cast<NativeExecCtx>(uintptr_t{0x6000} + ctxSms_.size());
    ctxSms_[*ctx] = descSms_[desc];
    ctxDevice_[*ctx] = device;
    return kOk;
  }
  Status greenCtxDestroy(int, NativeExecCtx ctx) override {
    calls.push_back("greenCtxDestroy");
    lastCtx = ctx;
    return kOk;
  }
  Status ctxStreamCreate(int, NativeExecCtx ctx, unsigned flags, int priority,
                         NativeStream* stream) override {
    calls.push_back("ctxStreamCreate");
    lastCtx = ctx;
    lastFlags = flags;
    lastPriority = priority;
    *stream = reinterpret_cast<NativeStream>(uintptr_t{0x7000} + ++streams_);
    return kOk;
  }
  Status ctxResource(int device, NativeExecCtx ctx, hipDevResourceType type,
                     hipDevResource* out) override {
    calls.push_back("ctxResource");
    lastCtx = ctx;
    if (type != hipDevResourceTypeSm) return hipErrorInvalidResourceType;
    fill(out, ctx == nullptr ? kSms : ctxSms_[ctx], device);
    return kOk;
  }
  Status ctxRecordEvent(int, NativeExecCtx ctx, NativeEvent event) override {
    calls.push_back("ctxRecordEvent");
    lastCtx = ctx;
    lastEvent = event;
    return kOk;
  }
  Status ctxWaitEvent(int, NativeExecCtx ctx, NativeEvent event) override {
    calls.push_back("ctxWaitEvent");
    lastCtx = ctx;
    lastEvent = event;
    return kOk;
  }
  Status ctxSynchronize(int, NativeExecCtx ctx) override {
    calls.push_back("ctxSynchronize");
    lastCtx = ctx;
    return kOk;
  }

  size_t count(const std::string& call) const {
    size_t n = 0;
    for (const auto& c : calls) n += c == call;
    return n;
  }

 private:
  static void fill(hipDevResource* r, unsigned sms, int device) {
    std::memset(r, 0, sizeof *r);
    r->type = hipDevResourceTypeSm;
    r->sm.smCount = sms;
    r->sm.minSmPartitionSize = kAlignment;
    r->sm.smCoscheduledAlignment = kAlignment;
    std::memcpy(r->_internal_padding, &device, sizeof device);
  }
  static void rest(hipDevResource* r, unsigned sms, int device) {
    if (r == nullptr) return;
    if (sms == 0) {
      std::memset(r, 0, sizeof *r);
      return;
    }
    fill(r, sms, device);
  }
  static int deviceOf(const hipDevResource* r) {
    int device = 0;
    std::memcpy(&device, r->_internal_padding, sizeof device);
    return device;
  }
  std::map<NativeResourceDesc, unsigned> descSms_;
  std::map<NativeExecCtx, unsigned> ctxSms_;
  std::map<NativeExecCtx, int> ctxDevice_;
  unsigned streams_ = 0;
};

}  // namespace unihip::testing
