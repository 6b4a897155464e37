#include "driver.h"

#include <cstdio>
#include <filesystem>

#include "hip/hip_version.h"
#include "native_arch.h"
#include "nvcc_report.h"
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
    case Mode::GenCodeObject: return stem + (options.deviceOnlyObject ? ".o" : ".hipfb");
    case Mode::Preprocess: return "";
    default: return stem + ".o";
  }
}

// Static libraries named by -l<name> (lib<name>.a, or -l:<file>) in the -L folders: a -fgpu-rdc
// link device-links their relocatable device code too, as clang does for static device
// libraries, so `-L. -lkernels` works like naming libkernels.a.
std::vector<std::string> staticLibrariesOf(const std::vector<LinkItem>& items) {
  std::vector<std::string> dirs, found;
  for (const LinkItem& item : items)
    if (!item.input && item.flag.starts_with("-L")) dirs.push_back(item.flag.substr(2));
  for (const LinkItem& item : items) {
    if (item.input || !item.flag.starts_with("-l") || item.flag.size() <= 2) continue;
    const std::string name = item.flag.substr(2);
    const std::string file = name[0] == ':' ? name.substr(1) : "lib" + name + ".a";
    if (!file.ends_with(".a")) continue;
    for (const std::string& dir : dirs) {
      std::error_code ec;
      if (fs::is_regular_file(fs::path(dir) / file, ec)) {
        found.push_back((fs::path(dir) / file).string());
        break;
      }
    }
  }
  return found;
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
  if (options.hipccVerbose & 2) {
    std::fprintf(stderr, "HIP_PATH=%s\nHIP_PLATFORM=amd\nHIP_COMPILER=clang\nHIP_CLANG_PATH=%s\n"
                 "HIP_INCLUDE_PATH=%s\nHIP_LIB_PATH=%s\n",
                 fs::path(toolchain.libDir).parent_path().c_str(), toolchain.clang.c_str(),
                 toolchain.includeDir.c_str(), toolchain.libDir.c_str());
  }
  if (options.nvccPersonality && options.verbose) printNvccVariables(options, toolchain);
  TempDir temp;
  if (options.saveTemps) temp.keep();
  Pipeline pipeline(options, toolchain, temp);

  std::vector<std::string> objects(options.inputs.size());
  std::vector<std::string> hostObjects(options.inputs.size());  // --emit-static-lib members
  for (size_t i = 0; i < options.inputs.size(); ++i) {
    const Input& input = options.inputs[i];
    std::error_code ec;
    if (!fs::exists(input.path, ec)) throw UsageError("no such file: '" + input.path + "'");
    if (input.kind == InputKind::Linker) {
      if (options.compileOnly)
        std::fprintf(stderr, "unihipcc: warning: '%s': linker input unused with -c\n",
                     input.path.c_str());
      if (options.emitStaticLib && fs::path(input.path).extension() == ".a")
        throw UsageError("--emit-static-lib: '" + input.path +
                         "' is an archive; give its objects instead");
      objects[i] = hostObjects[i] = input.path;
      continue;
    }
    const std::string tag = std::to_string(i) + "-" + fs::path(input.path).stem().string();
    objects[i] = options.compileOnly ? outputName(options, input) : temp.file(tag + ".o");
    hostObjects[i] = objects[i];
    if (options.mode == Mode::Preprocess)
      pipeline.preprocess(input, objects[i]);
    else if (options.mode == Mode::GenCodeObject)
      pipeline.compileDeviceBundle(input, tag, objects[i]);
    else if (input.kind == InputKind::Hip)
      pipeline.compileHip(input, tag, objects[i], options.mode == Mode::Assemble ? "-S" : "-c",
                          &hostObjects[i]);
    else
      pipeline.compileHostOnly(input, objects[i], options.mode == Mode::Assemble ? "-S" : "-c");
  }
  if (options.compileOnly) return;

  if (options.mode == Mode::DeviceLink) {
    // nvcc -dlink: the object a later plain link needs beside the -fgpu-rdc objects.
    std::vector<std::string> files = objects;
    std::vector<std::string> libraries = staticLibrariesOf(options.linkItems);
    files.insert(files.end(), libraries.begin(), libraries.end());
    const std::string output = options.output.value_or("a_dlink.o");
    if (std::optional<std::string> devlink = pipeline.deviceLink(files)) {
      fs::copy_file(*devlink, output, fs::copy_options::overwrite_existing);
    } else {
      // No relocatable device code: an empty object, as nvcc writes one then.
      runCommand({toolchain.clang, "-c", "-x", "c", "/dev/null", "-o", output}, options.verbose);
    }
    return;
  }

  if (options.emitStaticLib) {
    // Device code linked now; the archive holds plain host objects plus the object defining
    // their fat binary, so any linker (or a non -fgpu-rdc link) can use it.
    std::vector<std::string> members = hostObjects;
    if (std::optional<std::string> devlink = pipeline.deviceLink(objects))
      members.push_back(*devlink);
    pipeline.archive(members, options.output.value_or("a.out"));
    return;
  }

  std::vector<std::string> linkLine;
  std::vector<std::string> linkFiles;
  for (const LinkItem& item : options.linkItems) {
    linkLine.push_back(item.input ? objects[*item.input] : item.flag);
    if (item.input) linkFiles.push_back(objects[*item.input]);
  }
  if (options.rdc) {
    std::vector<std::string> libraries = staticLibrariesOf(options.linkItems);
    linkFiles.insert(linkFiles.end(), libraries.begin(), libraries.end());
  }
  if (options.rdc)
    if (std::optional<std::string> devlink = pipeline.deviceLink(linkFiles))
      linkLine.push_back(*devlink);
  pipeline.link(linkLine, options.output.value_or("a.out"));
}

std::string hipRootDir() {
  return fs::path(executableDir()).parent_path().string();
}

std::string cppConfig(const std::string& includeDir) {
  return "-D__HIP_PLATFORM_HCC__= -D__HIP_PLATFORM_AMD__= -I" + includeDir;
}

void printFlags(const Options& options) {
  if (options.shortVersion) {
    std::printf("%d.%d.%d\n", HIP_VERSION_MAJOR, HIP_VERSION_MINOR, HIP_VERSION_PATCH);
    return;
  }
  if (options.printTargets) {
    // As clang: with -v, the "ROCm root" line CMake's HIP language reads. unihip's prefix is
    // that root (lib/cmake/hip-lang, bin/rocm_agent_enumerator).
    if (options.verbose)
      std::fprintf(stderr, "Found HIP installation: %s, version %d.%d.%d\n",
                   hipRootDir().c_str(), HIP_VERSION_MAJOR, HIP_VERSION_MINOR,
                   HIP_VERSION_PATCH);
    std::printf("  Registered Targets:\n    amdgcn  - AMD GCN GPUs\n"
                "    nvptx64 - NVIDIA PTX 64-bit\n    x86-64  - 64-bit X86: EM64T and AMD64\n");
    return;
  }
  const Toolchain tc = findToolchain(options);
  if (options.printCxxFlags) std::printf("%s", cppConfig(tc.includeDir).c_str());
  if (options.printLdFlags)
    std::printf("%s-L%s -Wl,-rpath,%s -lunihip", options.printCxxFlags ? " " : "",
                tc.libDir.c_str(), tc.libDir.c_str());
}

void printVersion(const Options& options) {
  if (options.nvccPersonality) {
    std::fputs(nvccVersionText().c_str(), stdout);
  } else {
    std::printf("unihipcc %s (HIP %d.%d.%d)\n", UNIHIPCC_VERSION, HIP_VERSION_MAJOR,
                HIP_VERSION_MINOR, HIP_VERSION_PATCH);
  }
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
