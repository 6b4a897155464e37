// Atomic loads, stores, read-modify-writes and fences with acquire, release or seq_cst order,
// in the NVPTX pass: LLVM 19's backend selects atomic loads and stores only when relaxed and
// fences not at all ("Cannot select: AtomicLoad / AtomicStore / AtomicFence"), and emits
// read-modify-writes as plain atoms with their order dropped. GCC's __atomic builtins, C11's
// and std::atomic in device code reach it so. Each becomes its relaxed form between fences of its
// scope, as hip/unihip/atomics.h does for the __hip_atomic builtins (C++'s fence rules: a release
// fence then a relaxed write releases, a relaxed read then an acquire fence acquires; seq_cst
// takes a fence on both sides; PTX's membar is fence.sc). Relaxed atomics are left as they are.
#include <vector>

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {
namespace {

bool isStrong(AtomicOrdering o) {
  return o == AtomicOrdering::Acquire || o == AtomicOrdering::Release ||
         o == AtomicOrdering::AcquireRelease || o == AtomicOrdering::SequentiallyConsistent;
}
bool releases(AtomicOrdering o) {
  return o == AtomicOrdering::Release || o == AtomicOrdering::AcquireRelease ||
         o == AtomicOrdering::SequentiallyConsistent;
}
bool acquires(AtomicOrdering o) {
  return o == AtomicOrdering::Acquire || o == AtomicOrdering::AcquireRelease ||
         o == AtomicOrdering::SequentiallyConsistent;
}

// The membar of an instruction's sync scope: clang's names for HIP's and OpenCL's scopes; the
// system scope (no name) and any other name take the widest.
Intrinsic::ID membarFor(const Instruction& inst, const SmallVectorImpl<StringRef>& names) {
  const std::optional<SyncScope::ID> id = getAtomicSyncScopeID(&inst);
  const StringRef name = id && *id < names.size() ? names[*id] : StringRef();
  if (name == "agent" || name == "device") return Intrinsic::nvvm_membar_gl;
  if (name == "workgroup" || name == "wavefront" || name == "singlethread" || name == "cluster")
    return Intrinsic::nvvm_membar_cta;
  return Intrinsic::nvvm_membar_sys;
}

}  // namespace

PreservedAnalyses OrderedAtomicsPass::run(Module& m, ModuleAnalysisManager&) {
  if (!Triple(m.getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  SmallVector<StringRef, 8> names;
  m.getContext().getSyncScopeNames(names);
  std::vector<Instruction*> ordered;
  for (Function& f : m)
    for (Instruction& inst : instructions(f)) {
      AtomicOrdering o = AtomicOrdering::NotAtomic;
      if (auto* load = dyn_cast<LoadInst>(&inst)) o = load->getOrdering();
      else if (auto* store = dyn_cast<StoreInst>(&inst)) o = store->getOrdering();
      else if (auto* rmw = dyn_cast<AtomicRMWInst>(&inst)) o = rmw->getOrdering();
      else if (auto* cas = dyn_cast<AtomicCmpXchgInst>(&inst)) o = cas->getMergedOrdering();
      else if (auto* fence = dyn_cast<FenceInst>(&inst)) o = fence->getOrdering();
      if (isStrong(o)) ordered.push_back(&inst);
    }
  for (Instruction* inst : ordered) {
    Function* membar = Intrinsic::getDeclaration(&m, membarFor(*inst, names));
    bool before = false, after = false;
    if (auto* load = dyn_cast<LoadInst>(inst)) {
      before = load->getOrdering() == AtomicOrdering::SequentiallyConsistent;
      after = true;
      load->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto* store = dyn_cast<StoreInst>(inst)) {
      before = true;
      after = store->getOrdering() == AtomicOrdering::SequentiallyConsistent;
      store->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto* rmw = dyn_cast<AtomicRMWInst>(inst)) {
      before = releases(rmw->getOrdering());
      after = acquires(rmw->getOrdering());
      rmw->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto* cas = dyn_cast<AtomicCmpXchgInst>(inst)) {
      before = releases(cas->getSuccessOrdering());
      after = acquires(cas->getSuccessOrdering()) || acquires(cas->getFailureOrdering());
      cas->setSuccessOrdering(AtomicOrdering::Monotonic);
      cas->setFailureOrdering(AtomicOrdering::Monotonic);
    } else {  // a fence: one membar
      IRBuilder<>(inst).CreateCall(membar);
      inst->eraseFromParent();
      continue;
    }
    if (before) IRBuilder<>(inst).CreateCall(membar);
    if (after) IRBuilder<>(inst->getNextNode()).CreateCall(membar);
  }
  return ordered.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

}  // namespace unihip
