// blockDim read before blockIdx, as nvcc orders them. `blockIdx.x * blockDim.x + threadIdx.x`
// reads %ctaid.x first in clang's PTX and %ntid.x first in nvcc's; on that order alone ptxas
// reads %ctaid.x with S2UR into a uniform register (and %ntid.x with LDC) where it uses S2R
// and ULDC for nvcc's, and S2UR's longer latency lies before the kernel's first load: every
// kernel's prologue (cg_stencil: 27 more stall cycles before its loads; cg_f32_exp, cg_copy,
// cg_reduce alike). Within each block, a %ntid.D read that follows a %ctaid.D read moves to
// just before it. Both are reads of registers fixed for the launch: only the order changes.
#include <array>

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {

namespace {

// 0, 1, 2 for x, y, z of `family`; -1 for anything else.
int dimension(const Instruction& inst, const std::array<Intrinsic::ID, 3>& family) {
  const auto* call = dyn_cast<IntrinsicInst>(&inst);
  if (call == nullptr) return -1;
  for (int d = 0; d < 3; ++d)
    if (call->getIntrinsicID() == family[d]) return d;
  return -1;
}

}  // namespace

PreservedAnalyses SpecialRegisterOrderPass::run(Function& f, FunctionAnalysisManager&) {
  if (!Triple(f.getParent()->getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  const std::array<Intrinsic::ID, 3> ctaid = {Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                                              Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
                                              Intrinsic::nvvm_read_ptx_sreg_ctaid_z};
  const std::array<Intrinsic::ID, 3> ntid = {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                                             Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                                             Intrinsic::nvvm_read_ptx_sreg_ntid_z};
  bool changed = false;
  for (BasicBlock& block : f) {
    std::array<Instruction*, 3> firstCtaid = {nullptr, nullptr, nullptr};
    for (auto it = block.begin(); it != block.end();) {
      Instruction& inst = *it++;
      if (int d = dimension(inst, ctaid); d >= 0) {
        if (firstCtaid[d] == nullptr) firstCtaid[d] = &inst;
      } else if (int d = dimension(inst, ntid); d >= 0 && firstCtaid[d] != nullptr) {
        inst.moveBefore(firstCtaid[d]);
        changed = true;
      }
    }
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace unihip
