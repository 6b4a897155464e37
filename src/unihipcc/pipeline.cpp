#include "pipeline.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "depfile.h"
#include "nvptx_prelude.h"
#include "ptx_peephole.h"
#include "subprocess.h"

namespace fs = std::filesystem;

namespace unihipcc {

namespace {

// The processor the host pass names: any AMD one works (host code does not depend on it).
constexpr const char* kHostPassArch = "gfx90a";

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// FNV-1a of the source and object paths, as 16 hex digits: unique per translation unit.
std::string compilationUnitId(const std::string& source, const std::string& object) {
  std::error_code ec;
  std::string key = fs::absolute(source, ec).string() + '\0' + fs::absolute(object, ec).string();
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : key) hash = (hash ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

// nvcc's NVVM unrolls a loop partially about as far as it would unroll it fully; clang-19's
// NVPTX target allows partial unrolling a quarter of that (PartialThreshold = Threshold / 4),
// which leaves loops over libdevice math 2-4x less unrolled than nvcc's (and slower). At -O3,
// 250 (not LLVM's full-unroll 300): from 200 to 255 clang picks nvcc's factor for every loop of
// bench/codegen (exp 8, log 4, tanh 8, pow 2); at 300 it unrolled exp 16x, 0.9% slower than
// nvcc on an H100. Only unrolling: no result changes. A user's own -mllvm
// -unroll-partial-threshold comes later and wins.
std::vector<std::string> nvptxUnrollFlags(const std::string& optLevel) {
  const char* threshold = nullptr;
  if (optLevel.empty() || optLevel == "-O3" || optLevel == "-Ofast") threshold = "250";
  else if (optLevel == "-O2") threshold = "150";
  if (threshold == nullptr) return {};
  return {"-mllvm", std::string("-unroll-partial-threshold=") + threshold};
}

// nvcc tests `if (x < 1 || y < 1 || x >= n - 1 || y >= n - 1) return;` with one branch on
// or'ed predicates; clang-19's SimplifyCFG folds a condition block into its predecessor's
// branch only when at most 1 other instruction must be hoisted with it, so there the second
// half (n - 1, max, compare) stayed a second branch, and the load of n waited behind the first
// (cg_stencil: one exit more in SASS, 3% slower). 3 lets such few-instruction conditions fold
// as nvcc's. Only branch shape: no result changes. A user's own -mllvm flag comes later and wins.
std::vector<std::string> nvptxBranchFoldFlags(const std::string& optLevel) {
  if (optLevel == "-O0") return {};
  return {"-mllvm", "-bonus-inst-threshold=3"};
}

// 32-bit pointers to shared, constant and local memory, as nvcc's PTX (mov.u32 of a __shared__
// array, st/ld/atom.shared on 32-bit registers): half the registers and 32-bit address
// arithmetic for every shared access. clang-19's -fcuda-short-ptr gives the frontend that layout
// but, with -nocudalib, not the backend (fixed in clang 20, llvm-project PR 111682): the driver
// then stops at "backend data layout does not match", so the backend's flag goes along. Every
// address in those spaces fits 32 bits; generic pointers stay 64-bit.
std::vector<std::string> nvptxShortPointerFlags() {
  return {"-fcuda-short-ptr", "-mllvm", "--nvptx-short-ptr"};
}

}  // namespace

Pipeline::Pipeline(const Options& options, const Toolchain& toolchain, TempDir& temp)
    : options_(options), toolchain_(toolchain), temp_(temp),
      amdDeviceLibs_(options, toolchain, temp) {}

void Pipeline::warnOnce(bool* warned, const char* message) {
  if (*warned) return;
  *warned = true;
  std::fprintf(stderr, "unihipcc: warning: %s\n", message);
}

// Language standard, optimization, debug info, preprocessor and warning flags, then the HIP
// headers (as a system folder, after the user's -I so that theirs win).
std::vector<std::string> Pipeline::commonCompileFlags(bool cLanguage) const {
  std::vector<std::string> flags;
  if (!options_.standard.empty() && !cLanguage) flags.push_back(options_.standard);
  flags.push_back(options_.optLevel.empty() ? "-O3" : options_.optLevel);
  if (!options_.debug.empty()) flags.push_back(options_.debug);
  append(flags, options_.preprocessor);
  append(flags, options_.compile);
  // CUDA's headers over unihip's, ahead of them (every compile: nvcc puts CUDA's include folder
  // on host C++ compiles too).
  if (options_.cudaCompat && toolchain_.cudaCompatIncludeDir)
    flags.insert(flags.end(), {"-isystem", *toolchain_.cudaCompatIncludeDir});
  flags.insert(flags.end(), {"-isystem", toolchain_.includeDir});
  return flags;
}

// Flags of every pass over a HIP source. hip_runtime.h is included first, as clang's HIP
// driver does with its runtime wrapper: HIP sources may use the device language without
// including it, and clang's cuda_wrappers (<algorithm>, <cmath>, <complex>, <new>), which
// every CUDA/HIP pass sees, need __host__/__device__ defined before a system header pulls
// them in.
// A CUDA source under --cuda-compat is also what nvcc makes of it: __CUDACC__ defined and
// cuda_runtime.h included first (where the CUDA headers are there).
std::vector<std::string> Pipeline::hipSourceFlags(const Input& input) const {
  std::vector<std::string> flags = commonCompileFlags(false);
  flags.insert(flags.end(), {"-include", "hip/hip_runtime.h"});
  if (options_.cudaCompat && input.cudaLanguage) {
    flags.push_back("-D__CUDACC__");
    std::error_code ec;
    if (toolchain_.cudaCompatIncludeDir &&
        fs::is_regular_file(fs::path(*toolchain_.cudaCompatIncludeDir) / "cuda_runtime.h", ec))
      flags.insert(flags.end(), {"-include", "cuda_runtime.h"});
  }
  return flags;
}

void Pipeline::compileForNvidia(const Input& input, const OffloadArch& arch,
                                const std::string& tag, const std::string& cuid,
                                std::vector<BundleEntry>* entries) {
  const std::string ptx = temp_.file(tag + "-" + arch.processor + ".ptx");
  std::vector<std::string> cmd = {toolchain_.clang, "-x", "cuda", "--cuda-device-only",
                                  "--cuda-gpu-arch=" + arch.processor, "-nocudainc",
                                  "-nocudalib", "-Wno-unknown-cuda-version", "-cuid=" + cuid,
                                  // The driver's device malloc/free, not the C library's: LLVM
                                  // would delete an allocation it thinks unused, even a failing one.
                                  "-fno-builtin-malloc", "-fno-builtin-free"};
  if (options_.rdc) cmd.push_back("-fgpu-rdc");
  // Our headers make __managed__ usable in this pass only where the plugin gives it HIP's layout.
  // The plugin also answers __nvvm_reflect as nvcc does (__CUDA_PREC_SQRT=1), in place of
  // LLVM's NVVMReflect.
  if (toolchain_.managedPassPlugin)
    cmd.insert(cmd.end(), {"-fpass-plugin=" + *toolchain_.managedPassPlugin,
                           "-DUNIHIP_NVPTX_MANAGED_PASS=1", "-DUNIHIP_NVPTX_PLUGIN=1", "-mllvm",
                           "-nvvm-reflect-enable=false"});
  if (toolchain_.libdevice)
    cmd.insert(cmd.end(), {"-Xclang", "-mlink-builtin-bitcode", "-Xclang", *toolchain_.libdevice});
  append(cmd, nvptxShortPointerFlags());
  append(cmd, nvptxUnrollFlags(options_.optLevel));
  append(cmd, nvptxBranchFoldFlags(options_.optLevel));
  append(cmd, hipSourceFlags(input));
  cmd.insert(cmd.end(), {"-include", nvptxPreludeFile()});
  append(cmd, options_.deviceCompile);
  append(cmd, options_.nvidiaCompile);
  append(cmd, passDependencyFlags(temp_.file(tag + "-" + arch.processor + ".d")));
  cmd.insert(cmd.end(), {"-S", input.path, "-o", ptx});
  runCommand(cmd, options_.verbose);
  if (!rewritePtxFile(ptx)) throw ToolFailed("cannot rewrite " + ptx);

  if (options_.rdc) {
    // Relocatable cubin for nvlink; the PTX of one object alone cannot be JIT-linked.
    if (!toolchain_.ptxas)
      throw ToolFailed("-fgpu-rdc for " + arch.processor + " needs ptxas and nvlink (set --cuda-path)");
    const std::string cubin = temp_.file(tag + "-" + arch.processor + ".rdc.cubin");
    std::vector<std::string> ptxas = {*toolchain_.ptxas, "-c", "-arch=" + arch.processor};
    if (options_.optLevel == "-O0") ptxas.push_back("-O0");
    append(ptxas, options_.ptxas);
    ptxas.insert(ptxas.end(), {ptx, "-o", cubin});
    runCommand(ptxas, options_.verbose);
    entries->push_back({arch.imageBundleId(), cubin});
    return;
  }
  if (!toolchain_.ptxas) {
    warnOnce(&warnedNoPtxas_, "ptxas not found: NVIDIA targets get PTX only (set --cuda-path)");
    entries->push_back({arch.ptxBundleId(), ptx});
    return;
  }
  const std::string cubin = temp_.file(tag + "-" + arch.processor + ".cubin");
  std::vector<std::string> ptxas = {*toolchain_.ptxas, "-arch=" + arch.processor};
  if (options_.optLevel == "-O0") ptxas.push_back("-O0");
  append(ptxas, options_.ptxas);
  ptxas.insert(ptxas.end(), {ptx, "-o", cubin});
  runCommand(ptxas, options_.verbose);
  entries->push_back({arch.imageBundleId(), cubin});
  if (options_.embedPtx) entries->push_back({arch.ptxBundleId(), ptx});
}

void Pipeline::compileForAmd(const Input& input, const OffloadArch& arch, const std::string& tag,
                             const std::string& cuid, std::vector<BundleEntry>* entries) {
  std::string name = arch.targetId;
  for (char& c : name)
    if (c == ':' || c == '+') c = c == ':' ? '_' : 'p';
  const std::string codeObject = temp_.file(tag + "-" + name + ".co");
  std::vector<std::string> cmd = {toolchain_.clang, "-x", "hip", "--cuda-device-only",
                                  "--offload-arch=" + arch.targetId, "-nogpuinc",
                                  "-mcode-object-version=5", "-cuid=" + cuid};
  append(cmd, amdDeviceLibs_.flags(arch));
  append(cmd, hipSourceFlags(input));
  append(cmd, options_.deviceCompile);
  append(cmd, options_.amdCompile);
  append(cmd, passDependencyFlags(temp_.file(tag + "-" + name + ".d")));
  // -fgpu-rdc: LLVM bitcode, linked (LTO) with the other objects' by ld.lld at the link.
  const std::string output = options_.rdc ? temp_.file(tag + "-" + name + ".bc") : codeObject;
  if (options_.rdc) cmd.insert(cmd.end(), {"-fgpu-rdc", "-emit-llvm"});
  cmd.insert(cmd.end(), {"-c", "--no-gpu-bundle-output", input.path, "-o", output});
  runCommand(cmd, options_.verbose);
  entries->push_back({arch.imageBundleId(), output});
}

void Pipeline::bundle(const std::vector<BundleEntry>& entries, const std::string& output,
                      const std::string& hostInput) {
  std::string targets = "-targets=host-" + toolchain_.hostTriple;
  std::vector<std::string> inputs = {"-input=" + hostInput};
  for (const BundleEntry& e : entries) {
    targets += "," + e.id;
    inputs.push_back("-input=" + e.file);
  }
  // Entries at 4 KiB offsets, as hipcc places HIP code objects: loaders (libelf, ROCr, the
  // CUDA driver) then read each image in place, aligned as ELF wants it.
  std::vector<std::string> cmd = {toolchain_.offloadBundler, "-type=o", "-bundle-align=4096",
                                  targets};
  append(cmd, inputs);
  cmd.push_back("-output=" + output);
  runCommand(cmd, options_.verbose);
}

// Every pass of one source gets the same compilation-unit id: clang derives the names of the
// TU's globals (__hip_cuid_*, static device variables) from it, so they must agree between host
// and device and differ between TUs. clang computes none for a host-only compile, hence our own.
std::vector<Pipeline::BundleEntry> Pipeline::compileDevices(const Input& input,
                                                            const std::string& tag,
                                                            const std::string& cuid) {
  std::vector<BundleEntry> entries;
  if (options_.hostOnly) return entries;  // the bundle holds the host entry alone
  for (const OffloadArch& arch : options_.offloadArchs) {
    if (arch.vendor == Vendor::Nvidia)
      compileForNvidia(input, arch, tag, cuid, &entries);
    else
      compileForAmd(input, arch, tag, cuid, &entries);
  }
  return entries;
}

// The NVIDIA pass's prelude (nvptx_prelude.h), written once per run. Included after
// hip_runtime.h (whose headers tell the passes apart by __HIP__), it lets user code see __HIP__
// in every pass, and CMake's HIP language probes ("#ifndef __HIP__ #error") build for sm_XX too.
const std::string& Pipeline::nvptxPreludeFile() {
  if (nvptxPrelude_.empty()) {
    nvptxPrelude_ = temp_.file("unihip-nvptx-prelude.h");
    std::ofstream(nvptxPrelude_) << nvptxPrelude();
  }
  return nvptxPrelude_;
}

std::vector<std::string> Pipeline::passDependencyFlags(const std::string& file) {
  if (!depRequest_) return {};
  passDepFiles_.push_back(file);
  return {depRequest_->systemHeaders ? "-MD" : "-MMD", "-MF", file};
}

std::vector<std::string> Pipeline::hostPassCommand(const Input& input,
                                                   const std::string& cuid) const {
  std::vector<std::string> cmd = {toolchain_.clang, "-x", "hip", "--cuda-host-only", "-nogpuinc",
                                  "-nogpulib", "-Xclang", "-cuid=" + cuid};  // driver drops -cuid here
  // With -fopenmp, clang reads --offload-arch as an OpenMP offload target too (and refuses the
  // mix): the host pass then goes without it (clang's default HIP arch serves as well).
  const bool openmp = std::any_of(options_.hostCompile.begin(), options_.hostCompile.end(),
                                  [](const std::string& f) { return f.starts_with("-fopenmp"); });
  if (!openmp) cmd.push_back(std::string("--offload-arch=") + kHostPassArch);
  append(cmd, hipSourceFlags(input));
  append(cmd, options_.hostCompile);
  if (!options_.defaultStream.empty()) cmd.push_back(options_.defaultStream);
  if (options_.rdc) cmd.push_back("-fgpu-rdc");
  return cmd;
}

// Every pass of one source gets the same compilation-unit id: clang derives the names of the
// TU's globals (__hip_cuid_*, static device variables) from it, so they must agree between host
// and device and differ between TUs. clang computes none for a host-only compile, hence our own.
void Pipeline::compileHip(const Input& input, const std::string& tag, const std::string& object,
                          const char* hostOutputFlag, std::string* hostObject) {
  const std::string cuid = compilationUnitId(input.path, object);
  const bool assembly = std::string_view(hostOutputFlag) == "-S";
  DepRequest deps = parseDepRequest(options_.dependency, object);
  if (deps.enabled) depRequest_ = deps;
  passDepFiles_.clear();

  std::vector<std::string> cmd = hostPassCommand(input, cuid);
  append(cmd, passDependencyFlags(temp_.file(tag + "-host.d")));
  if (options_.rdc && !assembly) {
    // Host object plus the relocatable device code in bundle sections.
    const std::vector<BundleEntry> entries = compileDevices(input, tag, cuid);
    const std::string host = temp_.file(tag + ".host.o");
    cmd.insert(cmd.end(), {"-c", input.path, "-o", host});
    runCommand(cmd, options_.verbose);
    bundle(entries, object, host);
    if (hostObject) *hostObject = host;
  } else if (options_.rdc) {
    cmd.insert(cmd.end(), {hostOutputFlag, input.path, "-o", object});
    runCommand(cmd, options_.verbose);
  } else {
    const std::string fatbin = temp_.file(tag + ".hipfb");
    bundle(compileDevices(input, tag, cuid), fatbin);
    cmd.insert(cmd.end(), {"-Xclang", "-fcuda-include-gpubinary", "-Xclang", fatbin,
                           hostOutputFlag, input.path, "-o", object});
    runCommand(cmd, options_.verbose);
  }

  if (depRequest_) {
    // The union of every pass's headers, in first-seen order, under the requested target.
    std::vector<std::string> all;
    for (const std::string& file : passDepFiles_)
      for (std::string& p : readDepPrerequisites(file))
        if (p != nvptxPrelude_ && std::find(all.begin(), all.end(), p) == all.end())
          all.push_back(std::move(p));
    writeDepFile(*depRequest_, object, all);
    depRequest_.reset();
  }
}

void Pipeline::compileDeviceBundle(const Input& input, const std::string& tag,
                                   const std::string& output) {
  bundle(compileDevices(input, tag, compilationUnitId(input.path, output)), output);
}

void Pipeline::preprocess(const Input& input, const std::string& output) {
  std::vector<std::string> cmd;
  if (input.kind == InputKind::Hip) {
    cmd = hostPassCommand(input, compilationUnitId(input.path, output));
    append(cmd, options_.dependency);
  } else {
    const bool c = input.kind == InputKind::C;
    cmd = {toolchain_.clang, "-x", c ? "c" : "c++"};
    append(cmd, commonCompileFlags(c));
    append(cmd, options_.hostCompile);
    append(cmd, options_.dependency);
  }
  cmd.insert(cmd.end(), {"-E", input.path});
  if (!output.empty()) cmd.insert(cmd.end(), {"-o", output});
  runCommand(cmd, options_.verbose);
}

void Pipeline::compileHostOnly(const Input& input, const std::string& object,
                               const char* outputFlag) {
  const bool c = input.kind == InputKind::C;
  std::vector<std::string> cmd = {toolchain_.clang, "-x", c ? "c" : "c++"};
  append(cmd, commonCompileFlags(c));
  append(cmd, options_.hostCompile);
  append(cmd, options_.dependency);
  cmd.insert(cmd.end(), {outputFlag, input.path, "-o", object});
  runCommand(cmd, options_.verbose);
}

void Pipeline::link(const std::vector<std::string>& linkLine, const std::string& output) {
  std::error_code ec;
  if (!fs::exists(fs::path(toolchain_.libDir) / "libunihip.so", ec))
    throw ToolFailed("cannot find libunihip.so in '" + toolchain_.libDir +
                     "' (build the 'unihip' target, or link with -c objects yourself)");
  std::vector<std::string> cmd = {toolchain_.clang};
  append(cmd, linkLine);
  for (const std::string& flag : options_.hostCompile)
    if (flag.starts_with("-fsanitize=")) cmd.push_back(flag);
  // RPATH: for outputs inside unihip's own tree (build or install prefix), relative to the
  // output first, so a copied tree still finds libunihip; then the absolute folder.
  const std::string outputDir = fs::absolute(output, ec).parent_path().lexically_normal().string();
  const std::string root = fs::path(toolchain_.libDir).parent_path().string() + "/";
  if (!ec && (outputDir + "/").starts_with(root)) {
    fs::path relative = fs::path(toolchain_.libDir).lexically_relative(outputDir);
    cmd.push_back("-Wl,-rpath,$ORIGIN/" + relative.string());
  }
  // CUDA links name -lcudart_static and -lcudadevrt (CMake's default runtime): the view's
  // empty archives.
  if (options_.cudaCompat && toolchain_.cudaToolkitDir)
    cmd.push_back("-L" + *toolchain_.cudaToolkitDir + "/lib64");
  cmd.insert(cmd.end(), {"-L" + toolchain_.libDir, "-Wl,-rpath," + toolchain_.libDir, "-lunihip",
                         "-o", output});
  runCommand(cmd, options_.verbose);
}

}  // namespace unihipcc
