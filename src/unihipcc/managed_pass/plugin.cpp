// unihipcc's LLVM pass plugin for the NVPTX pass (-fpass-plugin). It links nothing: LLVM's
// symbols come from the clang process that loads it.
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

#include "nvptx_passes.h"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "UnihipNvptx", "1", [](PassBuilder& pb) {
            pb.registerPipelineStartEPCallback([](ModulePassManager& mpm, OptimizationLevel) {
              mpm.addPass(unihip::ReflectPass());
              mpm.addPass(unihip::ManagedVariablesPass());
              mpm.addPass(unihip::OrderedAtomicsPass());
              mpm.addPass(unihip::ColdPathsPass());
            });
            // In SSA form, before inlining: calls of sin and cos are still calls.
            pb.registerPipelineEarlySimplificationEPCallback(
                [](ModulePassManager& mpm, OptimizationLevel) { mpm.addPass(unihip::SincosPass()); });
            // Last, so that the copies left are those the optimizer did not turn into values.
            pb.registerOptimizerLastEPCallback([](ModulePassManager& mpm, OptimizationLevel level) {
              if (level == OptimizationLevel::O0) return;
              FunctionPassManager fpm;
              fpm.addPass(unihip::WideCopiesPass());
              fpm.addPass(unihip::CopysignPass());
              fpm.addPass(unihip::SpecialRegisterOrderPass());
              fpm.addPass(unihip::LoopExitLayoutPass());
              mpm.addPass(createModuleToFunctionPassAdaptor(std::move(fpm)));
            });
          }};
}
