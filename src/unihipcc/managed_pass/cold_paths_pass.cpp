// libdevice's trig argument reduction: the Payne-Hanek path for huge arguments (|x| >= 105615
// in f32, >= 2^31 in f64, in sinf/cosf/tanf/sincosf/sin/cos/tan/sincos and the functions that
// call them) marked unlikely. libdevice carries no branch weights, so LLVM takes the test as
// 50/50; in a loop over sinf(x) * cosf(x) MachineCSE then hoists the slow paths' own |x| == inf
// test into the loop header, where it runs every iteration (one more FSETP per iteration than
// nvcc's cg_f32_sincos), and block placement lays the slow path inline. The weights change
// only where code goes, never a result. Runs at pipeline start, on libdevice's own functions
// before they are inlined.
#include "llvm/ADT/APFloat.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/TargetParser/Triple.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {
namespace {

// The thresholds above which libdevice reduces the argument of a trig function by Payne-Hanek.
bool isTrigReductionThreshold(const ConstantFP* c) {
  const APFloat& v = c->getValueAPF();
  if (c->getType()->isFloatTy()) return v.convertToFloat() == 105615.0f;
  if (c->getType()->isDoubleTy()) return v.convertToDouble() == 2147483648.0;
  return false;
}

}  // namespace

PreservedAnalyses ColdPathsPass::run(Module& m, ModuleAnalysisManager&) {
  if (!Triple(m.getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  bool changed = false;
  MDBuilder md(m.getContext());
  for (Function& f : m) {
    if (f.isDeclaration() || !f.getName().starts_with("__nv_")) continue;
    for (BasicBlock& bb : f) {
      auto* br = dyn_cast<BranchInst>(bb.getTerminator());
      if (br == nullptr || !br->isConditional() || hasBranchWeightMD(*br)) continue;
      auto* cmp = dyn_cast<FCmpInst>(br->getCondition());
      if (cmp == nullptr) continue;
      auto* limit = dyn_cast<ConstantFP>(cmp->getOperand(1));
      if (limit == nullptr || !isTrigReductionThreshold(limit)) continue;
      // x >= limit (or its negation x < limit) taken to the huge-argument path.
      const FCmpInst::Predicate p = cmp->getPredicate();
      const bool trueIsHuge = p == FCmpInst::FCMP_OGE || p == FCmpInst::FCMP_UGE ||
                              p == FCmpInst::FCMP_OGT || p == FCmpInst::FCMP_UGT;
      const bool falseIsHuge = p == FCmpInst::FCMP_OLT || p == FCmpInst::FCMP_ULT ||
                               p == FCmpInst::FCMP_OLE || p == FCmpInst::FCMP_ULE;
      if (!trueIsHuge && !falseIsHuge) continue;
      br->setMetadata(LLVMContext::MD_prof, trueIsHuge ? md.createUnlikelyBranchWeights()
                                                       : md.createLikelyBranchWeights());
      changed = true;
    }
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace unihip
