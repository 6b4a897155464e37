// llvm.copysign on f32/f64 as PTX's copysign.f32/.f64. clang-19's NVPTX backend has no
// copysign and expands copysign(m, s) to |m|, -|m|, a sign-bit test and a select (SHF, ISETP,
// FSEL in SASS) where nvcc emits copysign.f32, one LOP3. libdevice calls llvm.copysign in tanhf,
// tanh, asinf, atanf, erff, roundf, fmodf, sinhf and more (cg_f32_tanh: 179 SASS instructions
// instead of nvcc's 163). The same bits: copysign is a bit operation, NaNs included. Integer
// and/or would be the same bits too, but ptxas makes two LOP3 of them, not one. Runs last in
// the optimizer (the asm is opaque to it), so only instruction selection comes after.
#include <vector>

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {

PreservedAnalyses CopysignPass::run(Function& f, FunctionAnalysisManager&) {
  if (!Triple(f.getParent()->getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  std::vector<IntrinsicInst*> calls;
  for (Instruction& inst : instructions(f))
    if (auto* call = dyn_cast<IntrinsicInst>(&inst);
        call != nullptr && call->getIntrinsicID() == Intrinsic::copysign &&
        (call->getType()->isFloatTy() || call->getType()->isDoubleTy()))
      calls.push_back(call);
  for (IntrinsicInst* call : calls) {
    IRBuilder<> b(call);
    Type* fp = call->getType();
    const bool isFloat = fp->isFloatTy();
    // PTX's operand order: copysign.f32 d, a, b takes the sign of a and the rest of b.
    InlineAsm* asmCall = InlineAsm::get(FunctionType::get(fp, {fp, fp}, false),
                                        isFloat ? "copysign.f32 $0, $2, $1;"
                                                : "copysign.f64 $0, $2, $1;",
                                        isFloat ? "=f,f,f" : "=d,d,d", /*hasSideEffects=*/false);
    CallInst* result = b.CreateCall(asmCall, {call->getArgOperand(0), call->getArgOperand(1)});
    result->setDoesNotAccessMemory();
    result->setDoesNotThrow();
    result->takeName(call);
    call->replaceAllUsesWith(result);
    call->eraseFromParent();
  }
  if (calls.empty()) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace unihip
