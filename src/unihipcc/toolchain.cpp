#include "toolchain.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <initializer_list>

#include "unihipcc_config.h"

namespace fs = std::filesystem;

namespace unihipcc {

namespace {

bool isExecutable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::optional<std::string> environment(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  return std::string(value);
}

// The first candidate that names an executable: env override, configured path, PATH names.
std::optional<std::string> findTool(const char* envName, const std::string& configured,
                                    std::initializer_list<const char*> pathNames) {
  if (std::optional<std::string> env = environment(envName)) {
    if (std::optional<std::string> found = findProgram(*env)) return found;
    throw UsageError(std::string(envName) + "='" + *env + "' is not an executable");
  }
  if (!configured.empty() && isExecutable(configured)) return configured;
  for (const char* name : pathNames)
    if (std::optional<std::string> found = findProgram(name)) return found;
  return std::nullopt;
}

// unihip's own toolkit view (<prefix>/cuda) has no ptxas or libdevice: a build that sets
// CUDA_PATH to it (the samples' Makefiles, make CUDA_PATH=) still wants NVIDIA's.
bool isOwnToolkitView(const std::string& path) {
  std::error_code ec;
  fs::path view = fs::weakly_canonical(fs::path(executableDir()).parent_path() / "cuda", ec);
  return !ec && fs::weakly_canonical(path, ec) == view && !ec;
}

std::optional<std::string> findCudaPath(const Options& options) {
  if (options.cudaPath && !isOwnToolkitView(*options.cudaPath)) return options.cudaPath;
  for (const char* env : {"UNIHIP_CUDA_PATH", "CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> value = environment(env))
      if (!isOwnToolkitView(*value)) return value;
  if (*UNIHIPCC_DEFAULT_CUDA_PATH) return std::string(UNIHIPCC_DEFAULT_CUDA_PATH);
  return std::nullopt;
}

bool holdsRocmDeviceLibs(const fs::path& dir) {
  return isFile(dir / "ocml.bc") && isFile(dir / "ockl.bc");
}

std::optional<std::string> findRocmDeviceLibs(const Options& options) {
  std::optional<std::string> requested = options.rocmDeviceLibPath;
  if (!requested) requested = environment("UNIHIP_ROCM_DEVICE_LIB_PATH");
  if (requested) {
    if (!holdsRocmDeviceLibs(*requested))
      throw UsageError("no ROCm device libraries (ocml.bc, ockl.bc) in '" + *requested + "'");
    return requested;
  }
  if (*UNIHIPCC_DEFAULT_ROCM_DEVICE_LIB_PATH && holdsRocmDeviceLibs(UNIHIPCC_DEFAULT_ROCM_DEVICE_LIB_PATH))
    return std::string(UNIHIPCC_DEFAULT_ROCM_DEVICE_LIB_PATH);
  return std::nullopt;
}

// Installed layout first (<prefix>/bin/unihipcc beside <prefix>/include), then the source tree
// the build was configured from.
std::string findIncludeDir() {
  fs::path installed = fs::path(executableDir()).parent_path() / "include";
  if (isFile(installed / "hip" / "hip_runtime.h")) return fs::weakly_canonical(installed).string();
  fs::path source = UNIHIPCC_BUILD_INCLUDE_DIR;
  if (isFile(source / "hip" / "hip_runtime.h")) return source.string();
  throw UsageError("cannot find the HIP headers (hip/hip_runtime.h) in '" + installed.string() +
                   "' or '" + source.string() + "'");
}

// Beside the HIP headers (an install, or the build tree once it links the folder), else the
// source tree's.
std::optional<std::string> findCudaCompatDir(const std::string& includeDir) {
  for (fs::path dir : {fs::path(includeDir) / "cuda-compat",
                       fs::path(UNIHIPCC_BUILD_INCLUDE_DIR) / "cuda-compat"}) {
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir.string();
  }
  return std::nullopt;
}

}  // namespace

std::string executableDir() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return ".";
  return self.parent_path().string();
}

std::optional<std::string> findProgram(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    if (isExecutable(name)) return name;
    return std::nullopt;
  }
  std::optional<std::string> path = environment("PATH");
  std::string_view dirs = path ? std::string_view(*path) : std::string_view("/usr/bin:/bin");
  while (true) {
    size_t colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (isExecutable(candidate)) return candidate.string();
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

Toolchain findToolchain(const Options& options) {
  Toolchain tc;
  std::optional<std::string> clang =
      findTool("UNIHIP_CLANG", UNIHIPCC_DEFAULT_CLANG, {"clang++-19", "clang++"});
  if (!clang) throw UsageError("cannot find clang++ (19 or newer); set UNIHIP_CLANG");
  tc.clang = *clang;

  // The bundler usually sits beside the real clang binary (/usr/lib/llvm-19/bin).
  std::error_code ec;
  fs::path clangDir = fs::canonical(tc.clang, ec).parent_path();
  std::string besideClang = ec ? std::string() : (clangDir / "clang-offload-bundler").string();
  std::optional<std::string> bundler =
      findTool("UNIHIP_OFFLOAD_BUNDLER", UNIHIPCC_DEFAULT_OFFLOAD_BUNDLER,
               {"clang-offload-bundler-19", "clang-offload-bundler"});
  if (!bundler && !besideClang.empty() && isExecutable(besideClang)) bundler = besideClang;
  if (!bundler)
    throw UsageError("cannot find clang-offload-bundler; set UNIHIP_OFFLOAD_BUNDLER");
  tc.offloadBundler = *bundler;

  std::optional<std::string> cuda = findCudaPath(options);
  if (environment("UNIHIP_PTXAS")) {
    tc.ptxas = findTool("UNIHIP_PTXAS", "", {});
  } else if (cuda && isExecutable(fs::path(*cuda) / "bin" / "ptxas")) {
    tc.ptxas = (fs::path(*cuda) / "bin" / "ptxas").string();
  } else {
    tc.ptxas = findProgram("ptxas");
  }
  if (cuda) {
    fs::path libdevice = fs::path(*cuda) / "nvvm" / "libdevice" / "libdevice.10.bc";
    if (isFile(libdevice)) tc.libdevice = libdevice.string();
  }

  tc.rocmDeviceLibDir = findRocmDeviceLibs(options);
  tc.includeDir = findIncludeDir();
  tc.cudaCompatIncludeDir = findCudaCompatDir(tc.includeDir);
  tc.libDir = fs::weakly_canonical(fs::path(executableDir()).parent_path() / "lib").string();
  {
    std::error_code ec;
    fs::path view = fs::path(tc.libDir).parent_path() / "cuda";
    if (fs::is_directory(view / "lib64", ec)) tc.cudaToolkitDir = view.string();
  }
  // Beside libunihip.so; UNIHIP_NVPTX_MANAGED_PLUGIN overrides it (empty: none).
  const char* plugin = std::getenv("UNIHIP_NVPTX_MANAGED_PLUGIN");
  std::string pluginPath =
      plugin ? plugin : (fs::path(tc.libDir) / "libunihip-nvptx-managed.so").string();
  if (!pluginPath.empty() && isFile(pluginPath)) tc.managedPassPlugin = pluginPath;
  tc.hostTriple = UNIHIPCC_HOST_TRIPLE;
  return tc;
}

}  // namespace unihipcc
