// The passes of unihipcc's NVPTX pass plugin (plugin.cpp registers them).
#pragma once

#include "llvm/IR/PassManager.h"

namespace unihip {

// __managed__ variables with HIP's layout (managed_variables_pass.cpp). Required: our headers
// accept __managed__ in the NVPTX pass only because this pass runs.
struct ManagedVariablesPass : llvm::PassInfoMixin<ManagedVariablesPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&);
  static bool isRequired() { return true; }
};

// Atomics and fences with acquire, release or seq_cst order as relaxed accesses between
// membars of their scope (ordered_atomics_pass.cpp). Required: LLVM 19's NVPTX backend cannot
// select them (GCC's __atomic builtins, std::atomic) or drops their order.
struct OrderedAtomicsPass : llvm::PassInfoMixin<OrderedAtomicsPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&);
  static bool isRequired() { return true; }
};

// __nvvm_reflect answered as nvcc does by default, __CUDA_PREC_SQRT included
// (reflect_pass.cpp). Required where unihipcc turns LLVM's NVVMReflect off.
struct ReflectPass : llvm::PassInfoMixin<ReflectPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&);
  static bool isRequired() { return true; }
};

// Aligned constant-length memcpy/memmove as 128-bit accesses (wide_copies_pass.cpp). An
// optimization only: without the plugin, copies are correct, in 64-bit pieces.
struct WideCopiesPass : llvm::PassInfoMixin<WideCopiesPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager&);
};

// Each loop's exit block laid out after its latch (loop_exit_layout_pass.cpp), so that ptxas
// gets nvcc's loop shape. An optimization only.
struct LoopExitLayoutPass : llvm::PassInfoMixin<LoopExitLayoutPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& am);
};

// llvm.copysign on f32/f64 as PTX's copysign (copysign_pass.cpp): clang-19's NVPTX backend
// expands it to a compare and select where nvcc has one copysign. An optimization only.
struct CopysignPass : llvm::PassInfoMixin<CopysignPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager&);
};

// blockDim (%ntid) read before blockIdx (%ctaid) within a block, as nvcc's PTX orders them,
// so that ptxas reads %ctaid with S2R, not S2UR (sreg_order_pass.cpp). An optimization only.
struct SpecialRegisterOrderPass : llvm::PassInfoMixin<SpecialRegisterOrderPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager&);
};

// libdevice's trig argument reduction for huge arguments marked unlikely (cold_paths_pass.cpp),
// so that no compare of that path is hoisted into a loop. An optimization only.
struct ColdPathsPass : llvm::PassInfoMixin<ColdPathsPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&);
};

// sin(x) and cos(x) of one x as one libdevice sincos call (sincos_pass.cpp). An
// optimization only; it also deletes the pointers unihipcc's header adds to keep sincos linked.
struct SincosPass : llvm::PassInfoMixin<SincosPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&);
};

}  // namespace unihip
