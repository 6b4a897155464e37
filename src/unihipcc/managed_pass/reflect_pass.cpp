// __nvvm_reflect as nvcc answers it by default. libdevice asks __CUDA_FTZ, __CUDA_ARCH and
// __CUDA_PREC_SQRT; clang-19's NVVMReflect knows the first two and answers 0 for the third,
// so libdevice's __nv_hypotf (and __nv_sqrtf) took sqrt.approx where nvcc, whose default is
// -prec-sqrt=true, takes the correctly rounded sqrt.rn. unihipcc turns LLVM's NVVMReflect off
// (-nvvm-reflect-enable=false) where it loads this plugin, and this pass answers instead: the
// same values as LLVM for __CUDA_FTZ (module flag nvvm-reflect-ftz) and __CUDA_ARCH (the
// function's sm_XY, as XY0), 1 for __CUDA_PREC_SQRT, 0 for anything else.
#include <string>
#include <vector>

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {

namespace {

bool isReflect(const CallInst* call) {
  const Function* callee = call->getCalledFunction();
  if (callee == nullptr) return false;
  return callee->getName() == "__nvvm_reflect" ||
         callee->getIntrinsicID() == Intrinsic::nvvm_reflect;
}

// The queried name, as LLVM's NVVMReflect reads it (through a nvvm.ptr.gen.to.constant call
// or pointer casts to a constant string).
std::optional<std::string> reflectName(const CallInst* call) {
  const Value* str = call->getArgOperand(0);
  if (const auto* conversion = dyn_cast<CallInst>(str)) str = conversion->getArgOperand(0);
  const auto* global = dyn_cast<GlobalVariable>(str->stripPointerCasts());
  if (global == nullptr || !global->hasInitializer()) return std::nullopt;
  const auto* data = dyn_cast<ConstantDataSequential>(global->getInitializer());
  if (data == nullptr || !data->isString()) {
    if (isa<ConstantAggregateZero>(global->getInitializer())) return std::string();
    return std::nullopt;
  }
  std::string name = data->getAsString().str();
  while (!name.empty() && name.back() == '\0') name.pop_back();
  return name;
}

// sm_XY[a] -> XY0, as NVVMReflect's SmVersion * 10; nullopt when the function names none.
std::optional<int> cudaArch(const Function& f) {
  Attribute cpu = f.getFnAttribute("target-cpu");
  if (!cpu.isStringAttribute()) return std::nullopt;
  StringRef name = cpu.getValueAsString();
  if (!name.consume_front("sm_")) return std::nullopt;
  unsigned version = 0;
  if (name.consumeInteger(10, version)) return std::nullopt;
  return static_cast<int>(version) * 10;
}

}  // namespace

PreservedAnalyses ReflectPass::run(Module& m, ModuleAnalysisManager&) {
  // Any function's processor stands for one that names none (all are for the same one).
  std::optional<int> moduleArch;
  for (const Function& f : m)
    if (!moduleArch) moduleArch = cudaArch(f);
  int ftz = 0;
  if (auto* flag = mdconst::extract_or_null<ConstantInt>(m.getModuleFlag("nvvm-reflect-ftz")))
    ftz = static_cast<int>(flag->getSExtValue());

  std::vector<CallInst*> calls;
  for (Function& f : m)
    for (BasicBlock& block : f)
      for (Instruction& inst : block)
        if (auto* call = dyn_cast<CallInst>(&inst); call != nullptr && isReflect(call))
          calls.push_back(call);
  for (CallInst* call : calls) {
    std::optional<std::string> name = reflectName(call);
    if (!name) report_fatal_error("__nvvm_reflect: the argument is not a constant string");
    int value = 0;
    if (*name == "__CUDA_FTZ") {
      value = ftz;
    } else if (*name == "__CUDA_ARCH") {
      std::optional<int> arch = cudaArch(*call->getFunction());
      if (!arch) arch = moduleArch;
      if (!arch) report_fatal_error("__nvvm_reflect(\"__CUDA_ARCH\"): no sm_XY target-cpu");
      value = *arch;
    } else if (*name == "__CUDA_PREC_SQRT") {
      value = 1;
    }
    call->replaceAllUsesWith(ConstantInt::get(call->getType(), value));
    Value* argument = call->getArgOperand(0);
    call->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(argument);
  }
  return calls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

}  // namespace unihip
