#include "driver.h"

#include <cstdio>
#include <filesystem>

#include "hip/hip_version.h"
#include "native_arch.h"
#include "pipeline.h"
#include "subprocess.h"
#include "temp_dir.h"
#include "toolchain.h"
#include "unihipcc_config.h"

namespace fs = std::filesystem;

namespace unihipcc {

namespace {

// Without -o, -c/-S/--genco write <stem>.o/.s/.hipfb into the current folder, as compilers
// do; -E/-M write to standard output (empty name).
std::string outputName(const Options& options, const Input& input) {
  if (options.output) return *options.output;
  const std::string stem = fs::path(input.path).stem().string();
  switch (options.mode) {
    case Mode::Assemble: return stem + ".s";
    case Mode::GenCodeObject: return stem + ".hipfb";
    case Mode::Preprocess: return "";
    default: return stem + ".o";
  }
}

}  // namespace

void runDriver(const Options& commandLine) {
  const Toolchain toolchain = findToolchain(commandLine);
  Options options = commandLine;
  if (options.nativeArch) {
    for (const std::string& arch : presentGpuArchs(toolchain.libDir)) addOffloadArch(options, arch);
    if (options.verbose) {
      std::string names;
      for (const OffloadArch& a : options.offloadArchs) names += " " + a.targetId;
      std::fprintf(stderr, "unihipcc: offload archs:%s\n", names.c_str());
    }
  }
  TempDir temp;
  if (options.saveTemps) temp.keep();
  Pipeline pipeline(options, toolchain, temp);

  std::vector<std::string> objects(options.inputs.size());
  for (size_t i = 0; i < options.inputs.size(); ++i) {
    const Input& input = options.inputs[i];
    std::error_code ec;
    if (!fs::exists(input.path, ec)) throw UsageError("no such file: '" + input.path + "'");
    if (input.kind == InputKind::Linker) {
      if (options.compileOnly)
        std::fprintf(stderr, "unihipcc: warning: '%s': linker input unused with -c\n",
                     input.path.c_str());
      objects[i] = input.path;
      continue;
    }
    const std::string tag = std::to_string(i) + "-" + fs::path(input.path).stem().string();
    objects[i] = options.compileOnly ? outputName(options, input) : temp.file(tag + ".o");
    if (options.mode == Mode::Preprocess)
      pipeline.preprocess(input, objects[i]);
    else if (options.mode == Mode::GenCodeObject)
      pipeline.compileDeviceBundle(input, tag, objects[i]);
    else if (input.kind == InputKind::Hip)
      pipeline.compileHip(input, tag, objects[i], options.mode == Mode::Assemble ? "-S" : "-c");
    else
      pipeline.compileHostOnly(input, objects[i], options.mode == Mode::Assemble ? "-S" : "-c");
  }
  if (options.compileOnly) return;

  std::vector<std::string> linkLine;
  for (const LinkItem& item : options.linkItems)
    linkLine.push_back(item.input ? objects[*item.input] : item.flag);
  pipeline.link(linkLine, options.output.value_or("a.out"));
}

void printVersion(const Options& options) {
  std::printf("unihipcc %s (HIP %d.%d.%d)\n", UNIHIPCC_VERSION, HIP_VERSION_MAJOR,
              HIP_VERSION_MINOR, HIP_VERSION_PATCH);
  Toolchain tc;
  try {
    tc = findToolchain(options);
  } catch (const UsageError& e) {
    std::printf("toolchain incomplete: %s\n", e.what());
    return;
  }
  auto orNone = [](const std::optional<std::string>& p, const char* none) {
    return p ? p->c_str() : none;
  };
  std::printf("clang:            %s\n", tc.clang.c_str());
  std::printf("offload bundler:  %s\n", tc.offloadBundler.c_str());
  std::printf("ptxas:            %s\n", orNone(tc.ptxas, "not found (NVIDIA targets get PTX only)"));
  std::printf("libdevice:        %s\n", orNone(tc.libdevice, "not found"));
  std::printf("ROCm device libs: %s\n", orNone(tc.rocmDeviceLibDir, "not found"));
  std::printf("HIP headers:      %s\n", tc.includeDir.c_str());
  std::printf("libunihip:        %s\n", tc.libDir.c_str());
}

}  // namespace unihipcc
