// An LLVM pass plugin for unihipcc's NVIDIA pass: gives __managed__ variables the layout clang's
// HIP mode gives them on AMD (clang's CGCUDANV transformManagedVars), which clang's CUDA mode
// does not (it drops the managed attribute). In the NVPTX pass our headers mark a managed
// variable with annotate("unihip.managed"); this pass turns each marked `@x` into a pointer
// variable `@x` (null, set by the runtime to the variable's managed memory) and every access to
// `x` into an access through that pointer; a definition's value stays as `@x.managed`. The
// runtime then binds NVIDIA and AMD images alike.
//
#include <string>
#include <vector>

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {

namespace {

constexpr const char* kMarker = "unihip.managed";

// The globals marked in llvm.global.annotations; their entries are removed from the array.
std::vector<GlobalVariable*> takeMarkedGlobals(Module& m) {
  std::vector<GlobalVariable*> marked;
  GlobalVariable* annotations = m.getNamedGlobal("llvm.global.annotations");
  if (annotations == nullptr || !annotations->hasInitializer()) return marked;
  auto* array = dyn_cast<ConstantArray>(annotations->getInitializer());
  if (array == nullptr) return marked;
  std::vector<Constant*> kept;
  for (Use& op : array->operands()) {
    auto* entry = dyn_cast<ConstantStruct>(op.get());
    GlobalVariable* target = nullptr;
    bool isMarker = false;
    if (entry != nullptr && entry->getNumOperands() >= 2) {
      target = dyn_cast<GlobalVariable>(entry->getOperand(0)->stripPointerCasts());
      auto* text = dyn_cast<GlobalVariable>(entry->getOperand(1)->stripPointerCasts());
      StringRef s;
      if (text != nullptr && text->hasInitializer())
        if (auto* data = dyn_cast<ConstantDataSequential>(text->getInitializer()))
          if (data->isCString()) s = data->getAsCString();
      isMarker = target != nullptr && s == kMarker;
    }
    if (isMarker)
      marked.push_back(target);
    else
      kept.push_back(cast<Constant>(op.get()));
  }
  if (marked.empty()) return marked;
  if (kept.empty()) {
    annotations->eraseFromParent();
  } else {
    auto* type = ArrayType::get(array->getType()->getElementType(), kept.size());
    auto* replacement = new GlobalVariable(m, type, annotations->isConstant(),
                                           annotations->getLinkage(),
                                           ConstantArray::get(type, kept), "");
    replacement->setSection(annotations->getSection());
    replacement->takeName(annotations);
    annotations->eraseFromParent();
  }
  return marked;
}

// Makes `var` a pointer variable of the same name and every instruction's use of it a load of
// that pointer; uses in other globals' initializers (llvm.used) name the pointer variable.
void makeIndirect(Module& m, GlobalVariable* var) {
  auto* ptrType = PointerType::get(m.getContext(), var->getAddressSpace());
  // An extern declaration (-fgpu-rdc) stays one: the defining TU's pointer is the variable.
  const bool definition = !var->isDeclaration();
  auto* pointer = new GlobalVariable(
      m, ptrType, /*isConstant=*/false, var->getLinkage(),
      definition ? ConstantPointerNull::get(ptrType) : nullptr, "", var,
      GlobalValue::NotThreadLocal, var->getAddressSpace(), /*isExternallyInitialized=*/definition);
  pointer->setVisibility(var->getVisibility());
  pointer->setAlignment(Align(8));
  pointer->takeName(var);
  convertUsersOfConstantsToInstructions({var});
  std::vector<Use*> uses;
  for (Use& u : var->uses()) uses.push_back(&u);
  for (Use* u : uses) {
    auto* user = dyn_cast<Instruction>(u->getUser());
    if (user == nullptr) continue;
    Instruction* at = user;
    if (auto* phi = dyn_cast<PHINode>(user)) at = phi->getIncomingBlock(*u)->getTerminator();
    IRBuilder<> b(at);
    u->set(b.CreateAlignedLoad(ptrType, pointer, Align(8)));
  }
  var->replaceAllUsesWith(pointer);
  if (!definition) {
    var->eraseFromParent();
    return;
  }
  // The value stays, as clang's HIP layout keeps it on AMD (`x.managed`): a runtime that loads
  // the image as a module (hipModuleLoad) has no host registration, and takes the initializer
  // from it (AMD's DynCO::initDynManagedVars). PTX names have no '.', and this pass runs after
  // NVPTX's renaming of them, so it is `x__managed` (the runtime's spelling of "x.managed").
  var->setName(pointer->getName() + "__managed");
  appendToCompilerUsed(m, {var});
}

}  // namespace

PreservedAnalyses ManagedVariablesPass::run(Module& m, ModuleAnalysisManager&) {
  std::vector<GlobalVariable*> marked = takeMarkedGlobals(m);
  for (GlobalVariable* var : marked) makeIndirect(m, var);
  return marked.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

}  // namespace unihip
