#include "fill_kernels.h"

#include <vector>

#include "base/bundle.h"
#include "target_id.h"

namespace unihip::hsa {

Status loadFillKernels(const HsaApi& api, const AgentInfo& agent, FillKernels* out) {
  if (kFillKernelBundleSize == 0) return hipErrorNoBinaryForGpu;
  std::vector<BundleEntry> entries;
  UNIHIP_TRY(parseFatBinary(kFillKernelBundle, kFillKernelBundleSize, &entries));
  size_t index = 0;
  UNIHIP_TRY(selectAmdImage(agent.target, entries, &index));
  auto code = std::make_shared<CodeObjectInfo>();
  UNIHIP_TRY(parseCodeObject(entries[index].data, entries[index].size, code.get()));
  FillKernels k;
  UNIHIP_TRY(loadModule(api, agent, entries[index].data, entries[index].size, code, &k.module));
  UNIHIP_TRY(findFunction(*k.module, "__unihip_fill_u8", &k.fillU8));
  UNIHIP_TRY(findFunction(*k.module, "__unihip_fill_u32", &k.fillU32));
  if (!findFunction(*k.module, "__unihip_gws_init", &k.gwsInit).ok()) k.gwsInit = nullptr;
  if (!findFunction(*k.module, "__unihip_stream_wait", &k.streamWait).ok()) k.streamWait = nullptr;
  if (!findFunction(*k.module, "__unihip_stream_write", &k.streamWrite).ok())
    k.streamWrite = nullptr;
  const char* copies[3] = {"__unihip_copy_u8", "__unihip_copy_u32", "__unihip_copy_u128"};
  for (int i = 0; i < 3; ++i)
    if (!findFunction(*k.module, copies[i], &k.copy[i]).ok()) k.copy[i] = nullptr;
  *out = std::move(k);
  return kOk;
}

}  // namespace unihip::hsa
