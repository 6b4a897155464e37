// Puts each loop's exit block right after the loop's latch. clang-19's NVPTX backend cannot
// reverse a branch condition, so a latch whose exit block is laid out elsewhere ends in
// `@%p bra EXIT; bra.uni HEADER;` after block placement moves the exit behind it; ptxas does
// not see such a loop as a counted one and neither unrolls it nor optimizes its count as it
// does nvcc's `@%p bra HEADER;` latches (a kernel looping 32 times over expf: 72 SASS
// instructions instead of nvcc's 320, and slower). With the exit next in the IR, instruction
// selection branches back on the inverted condition and falls through to the exit.
//
// Only the order of blocks changes: no instruction, edge or condition of the IR.
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {

PreservedAnalyses LoopExitLayoutPass::run(Function& f, FunctionAnalysisManager& am) {
  if (!Triple(f.getParent()->getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  LoopInfo& loops = am.getResult<LoopAnalysis>(f);
  bool changed = false;
  for (Loop* loop : loops.getLoopsInPreorder()) {
    BasicBlock* latch = loop->getLoopLatch();
    if (latch == nullptr) continue;
    auto* branch = dyn_cast<BranchInst>(latch->getTerminator());
    if (branch == nullptr || !branch->isConditional()) continue;
    BasicBlock* header = loop->getHeader();
    BasicBlock* exit = nullptr;
    if (branch->getSuccessor(0) == header) exit = branch->getSuccessor(1);
    if (branch->getSuccessor(1) == header) exit = branch->getSuccessor(0);
    if (exit == nullptr || exit == header || loop->contains(exit) || latch->getNextNode() == exit)
      continue;
    exit->moveAfter(latch);
    changed = true;
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  kept.preserve<LoopAnalysis>();
  return kept;
}

}  // namespace unihip
