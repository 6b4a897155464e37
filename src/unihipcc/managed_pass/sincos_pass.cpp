// sin(x) and cos(x) of one x as one libdevice sincos call: the argument reduction, its
// huge-argument path included, then runs once instead of twice. libdevice's __nv_sincos
// (__nv_sincosf) evaluates the same reduction and polynomials as __nv_sin and __nv_cos
// (__nv_sinf, __nv_cosf); the device suite checks the bits agree. (nvcc 13's code for
// sin(x) * cos(x) in f64 reduces twice: bench/codegen's f64_sincos runs 0.68x its time.)
//
// Runs at the early-simplification point: functions are in SSA form (SROA, EarlyCSE), so both
// calls take the same value, and nothing is inlined yet, so the calls are still calls: of
// __nv_sin/__nv_cos, or of the math wrappers that forward to them (sin, cos, std::sin ...).
// clang links only the libdevice functions a module uses, so unihipcc's NVPTX header keeps
// __nv_sincos and __nv_sincosf linked through two pointers that this pass deletes first; unused,
// they go with the other dead internal functions.
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {
namespace {

enum class Trig { None, Sin, Cos };

struct TrigFamily {
  const char* sin;
  const char* cos;
  const char* sincos;
};
constexpr TrigFamily kFamilies[] = {{"__nv_sin", "__nv_cos", "__nv_sincos"},
                                    {"__nv_sinf", "__nv_cosf", "__nv_sincosf"}};

// Forwarders followed at most this deep (std::sin -> sin -> __nv_sin).
constexpr int kForwardDepth = 4;

// What a call of `callee` computes of its argument: the family's sin or cos, directly or through
// a forwarder (one block that returns the call of such a function on its own only argument and
// does nothing else with an effect).
Trig classify(const Function* callee, const TrigFamily& family, int depth) {
  if (callee == nullptr) return Trig::None;
  if (callee->getName() == family.sin) return Trig::Sin;
  if (callee->getName() == family.cos) return Trig::Cos;
  if (depth == 0 || callee->isDeclaration() || callee->size() != 1 || callee->arg_size() != 1)
    return Trig::None;
  const BasicBlock& block = callee->front();
  const auto* ret = dyn_cast<ReturnInst>(block.getTerminator());
  const auto* call = ret ? dyn_cast_or_null<CallInst>(ret->getReturnValue()) : nullptr;
  if (call == nullptr || call->arg_size() != 1 || call->getArgOperand(0) != callee->getArg(0))
    return Trig::None;
  for (const Instruction& i : block)
    if (&i != call && &i != ret && i.mayHaveSideEffects()) return Trig::None;
  return classify(call->getCalledFunction(), family, depth - 1);
}

// libdevice's void sincos(T x, T* s, T* c), for calls returning `type`.
bool isSincos(const Function* f, Type* type) {
  if (f == nullptr || f->isDeclaration()) return false;
  FunctionType* t = f->getFunctionType();
  return t->getReturnType()->isVoidTy() && t->getNumParams() == 3 && t->getParamType(0) == type &&
         t->getParamType(1)->isPointerTy() && t->getParamType(2)->isPointerTy();
}

// Replaces `sinCall` and `cosCall` by one sincos call placed at `first` (the one that dominates
// the other), through two entry-block slots that SROA removes once sincos is inlined.
void fuse(CallInst* sinCall, CallInst* cosCall, CallInst* first, Function* sincos) {
  Function& f = *first->getFunction();
  Type* type = sinCall->getType();
  IRBuilder<> entry(&f.getEntryBlock(), f.getEntryBlock().getFirstInsertionPt());
  AllocaInst* sinSlot = entry.CreateAlloca(type, nullptr, "sincos.sin");
  AllocaInst* cosSlot = entry.CreateAlloca(type, nullptr, "sincos.cos");
  IRBuilder<> at(first);
  FunctionType* t = sincos->getFunctionType();
  at.CreateCall(sincos, {first->getArgOperand(0),
                         at.CreatePointerBitCastOrAddrSpaceCast(sinSlot, t->getParamType(1)),
                         at.CreatePointerBitCastOrAddrSpaceCast(cosSlot, t->getParamType(2))});
  Value* sinValue = at.CreateLoad(type, sinSlot);
  Value* cosValue = at.CreateLoad(type, cosSlot);
  sinCall->replaceAllUsesWith(sinValue);
  cosCall->replaceAllUsesWith(cosValue);
  sinCall->eraseFromParent();
  cosCall->eraseFromParent();
}

// Fuses each sin call with a cos call of the same argument where one dominates the other.
bool fuseFunction(Function& f, const TrigFamily& family, Function* sincos,
                  FunctionAnalysisManager& analyses) {
  SmallVector<CallInst*, 8> sins, coses;
  for (BasicBlock& block : f)
    for (Instruction& i : block)
      if (auto* call = dyn_cast<CallInst>(&i); call && call->arg_size() == 1) {
        const Trig trig = classify(call->getCalledFunction(), family, kForwardDepth);
        if (trig == Trig::Sin) sins.push_back(call);
        if (trig == Trig::Cos) coses.push_back(call);
      }
  if (sins.empty() || coses.empty()) return false;
  // Only instructions change below, never blocks: the tree stays valid.
  DominatorTree& tree = analyses.getResult<DominatorTreeAnalysis>(f);
  bool changed = false;
  for (CallInst* sinCall : sins) {
    if (!isSincos(sincos, sinCall->getType())) continue;
    for (CallInst*& cosCall : coses) {
      if (cosCall == nullptr || cosCall->getArgOperand(0) != sinCall->getArgOperand(0)) continue;
      CallInst* first = tree.dominates(sinCall, cosCall)   ? sinCall
                        : tree.dominates(cosCall, sinCall) ? cosCall
                                                           : nullptr;
      if (first == nullptr) continue;
      fuse(sinCall, cosCall, first, sincos);
      cosCall = nullptr;
      changed = true;
      break;
    }
  }
  return changed;
}

// The pointers unihipcc's NVPTX header defines so that clang links libdevice's sincos functions.
bool dropKeepAlivePointers(Module& m) {
  bool dropped = false;
  for (const char* name : {"__unihip_keep_sincos", "__unihip_keep_sincosf"}) {
    GlobalVariable* pointer = m.getGlobalVariable(name, /*AllowInternal=*/true);
    if (pointer == nullptr) continue;
    removeFromUsedLists(m, [&](Constant* c) { return c == pointer; });
    if (pointer->use_empty()) pointer->eraseFromParent();
    dropped = true;
  }
  return dropped;
}

}  // namespace

PreservedAnalyses SincosPass::run(Module& m, ModuleAnalysisManager& analyses) {
  if (!Triple(m.getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  bool changed = dropKeepAlivePointers(m);
  FunctionAnalysisManager& functionAnalyses =
      analyses.getResult<FunctionAnalysisManagerModuleProxy>(m).getManager();
  for (const TrigFamily& family : kFamilies) {
    Function* sincos = m.getFunction(family.sincos);
    if (sincos == nullptr || sincos->isDeclaration()) continue;
    for (Function& f : m) {
      if (f.isDeclaration() || f.getName().starts_with("__nv_")) continue;
      if (fuseFunction(f, family, sincos, functionAnalyses)) {
        changed = true;
        PreservedAnalyses kept;
        kept.preserveSet<CFGAnalyses>();
        functionAnalyses.invalidate(f, kept);
      }
    }
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace unihip
