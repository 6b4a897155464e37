#include "nvcc_options.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>

#include "nvcc_report.h"
#include "offload_arch.h"
#include "options.h"

namespace unihipcc {

namespace {

// NVIDIA targets for -arch=all / all-major: CUDA 13's (nvcc --list-gpu-code) that clang 19, the
// NVIDIA pass's compiler, can target (it stops at sm_90a).
const std::vector<std::string> kAllNvidia = {"sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90"};
const std::vector<std::string> kAllMajorNvidia = {"sm_80", "sm_90"};
// Newer NVIDIA targets (sm_100, sm_120...) are built as this one, the newest clang 19 has.
constexpr int kNewestNvidia = 90;

// The CUDA libraries a CUDA program links, mapped onto unihip's (issue 21's libraries); the
// runtime and driver API are libunihip itself, which every link gets.
struct LibraryMapping {
  std::string_view cuda;
  std::string_view unihip;  // empty: satisfied by libunihip
};
constexpr LibraryMapping kLibraries[] = {
    {"cudart", ""},          {"cudart_static", ""}, {"cuda", ""},
    {"cudadevrt", ""},       {"cublas", "hipblas"}, {"cufft", "hipfft"},
    {"curand", "hiprand"},   {"cusparse", "hipsparse"}, {"cusolver", "hipsolver"},
};

std::vector<std::string> splitList(std::string_view list) {
  std::vector<std::string> items;
  while (!list.empty()) {
    size_t comma = list.find(',');
    if (comma != 0) items.emplace_back(list.substr(0, comma));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return items;
}

std::string extensionOf(const std::string& path) {
  size_t dot = path.rfind('.');
  size_t slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  return path.substr(dot + 1);
}

class Translator;
using Handler = void (*)(Translator&, const std::string& value);

struct Spec {
  std::vector<std::string_view> names;  // without leading dashes; nvcc takes one or two
  bool takesValue;
  Handler handler;
};

class Translator {
 public:
  explicit Translator(const OptionsFileReader& readFile) : readFile_(readFile) {}

  void run(const std::vector<std::string>& args, int depth = 0);
  NvccTranslation finish();

  // Handlers' helpers.
  void emit(std::initializer_list<std::string> flags) { out_.insert(out_.end(), flags); }
  void emit(const std::string& flag) { out_.push_back(flag); }
  void note(const std::string& option, const std::string& why) {
    result_.notes.push_back("'" + option + "' ignored: " + why);
  }
  static bool boolean(const std::string& option, const std::string& value) {
    if (value == "true") return true;
    if (value == "false") return false;
    throw UsageError("'" + option + "' expects true or false, not '" + value + "'");
  }
  void library(const std::string& name);
  void setLanguage(const std::string& lang);
  void arch(const std::string& value) { archOption_ = value; }
  void code(const std::string& value) {
    for (std::string& c : splitList(value)) codeOption_.push_back(std::move(c));
  }
  void gencode(const std::string& value);
  void optLevel(const std::string& level) { hostOpt_ = "-O" + level; }
  void rdc(bool on) { rdc_ = on; }
  void dryRun() { result_.dryRun = true; }
  void output() { hasOutput_ = true; }
  void deviceImage(const std::string& kind) {
    deviceImage_ = kind;
    emit("--genco");
  }
  void listing(const std::string& text) { result_.listing = text; }
  void forwardUnknownToHost() { forwardToHost_ = true; }
  void overrideArchs(const std::string& list) {
    override_ = splitList(list);
    for (const std::string& a : override_)
      if (!a.starts_with("sm_")) throw UsageError("UNIHIP_NVCC_ARCHS: '" + a + "' is not sm_XX");
  }
  void forwardUnknownToLinker() { forwardToLinker_ = true; }
  void optionsFile(const std::string& path) {
    if (depth_ > 8) throw UsageError("--options-file nested too deeply at '" + path + "'");
    run(splitNvccWords(readFile_(path)), depth_ + 1);
  }
  std::string current;  // the option being handled, as spelled (for messages)

 private:
  void input(const std::string& path);
  void unknown(const std::string& arg);
  // One -arch/-code/-gencode name, checked; "sm_XX" for both sm_XX and compute_XX.
  std::string nvidiaTarget(const std::string& name, const char* option);
  void addCodes(const std::vector<std::string>& codes, const char* option);

  const OptionsFileReader& readFile_;
  NvccTranslation result_;
  std::vector<std::string> out_;
  // Inputs are placed once -x (which applies to all of them, before or after it) is known.
  std::vector<std::pair<size_t, std::string>> inputs_;  // (position in out_, path)
  std::string language_;                                // -x: cu, c++, c; empty: by extension
  std::optional<std::string> archOption_;
  std::vector<std::string> codeOption_;
  std::vector<std::pair<std::string, std::vector<std::string>>> gencodes_;
  std::vector<std::string> nvidiaArchs_;
  bool ptx_ = false;
  bool rdc_ = false;
  bool hasOutput_ = false;
  std::vector<std::string> override_;  // UNIHIP_NVCC_ARCHS
  std::string deviceImage_;  // -fatbin / -cubin: written as <stem>.fatbin / .cubin without -o
  std::string hostOpt_ = "-O0";  // nvcc's -O is the host compiler's, whose default is -O0
  bool forwardToHost_ = false;
  bool forwardToLinker_ = false;
  int depth_ = 0;
};

const std::vector<Spec>& specs() {
  using T = Translator;
  static const std::vector<Spec> table = {
      // Compilation phases.
      {{"c", "compile"}, false, [](T& t, const std::string&) { t.emit("-c"); }},
      {{"dc", "device-c"}, false, [](T& t, const std::string&) { t.rdc(true), t.emit("-c"); }},
      {{"dlink", "device-link"}, false, [](T& t, const std::string&) { t.emit("--device-link"); }},
      {{"E", "preprocess"}, false, [](T& t, const std::string&) { t.emit("-E"); }},
      {{"M", "generate-dependencies"}, false, [](T& t, const std::string&) { t.emit("-M"); }},
      {{"MM", "generate-nonsystem-dependencies"}, false,
       [](T& t, const std::string&) { t.emit("-MM"); }},
      {{"MD", "generate-dependencies-with-compile"}, false,
       [](T& t, const std::string&) { t.emit("-MD"); }},
      {{"MMD", "generate-nonsystem-dependencies-with-compile"}, false,
       [](T& t, const std::string&) { t.emit("-MMD"); }},
      {{"MP", "generate-dependency-targets"}, false, [](T& t, const std::string&) { t.emit("-MP"); }},
      {{"MF", "dependency-output"}, true, [](T& t, const std::string& v) { t.emit({"-MF", v}); }},
      {{"MT", "dependency-target-name"}, true,
       [](T& t, const std::string& v) { t.emit({"-MT", v}); }},
      {{"o", "output-file"}, true,
       [](T& t, const std::string& v) { t.output(), t.emit({"-o", v}); }},
      {{"shared"}, false, [](T& t, const std::string&) { t.emit("-shared"); }},
      {{"x", "x"}, true, [](T& t, const std::string& v) { t.setLanguage(v); }},
      {{"options-file", "optf"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& f : splitList(v)) t.optionsFile(f);
       }},
      {{"dryrun"}, false, [](T& t, const std::string&) { t.dryRun(); }},
      {{"v", "verbose"}, false, [](T& t, const std::string&) { t.emit("-v"); }},
      {{"V", "version"}, false, [](T& t, const std::string&) { t.emit("--version"); }},
      {{"h", "help"}, false, [](T& t, const std::string&) { t.emit("--help"); }},
      {{"keep", "save-temps"}, false, [](T& t, const std::string&) { t.emit("-save-temps"); }},
      {{"keep-dir"}, true,
       [](T& t, const std::string&) {
         t.note(t.current, "-keep keeps unihipcc's own files in the folder it prints");
       }},
      {{"lib"}, false,
       [](T& t, const std::string&) {
         throw UsageError("'" + t.current + "' is not supported: archive the objects with ar "
                          "(with -rdc=true, unihipcc --emit-static-lib links their device code)");
       }},
      // A device image for the driver API (cuModuleLoad): unihipcc's --genco bundle, one image
      // per target, which cuModuleLoadData takes as it takes a fatbin or cubin.
      {{"fatbin", "cubin"}, false,
       [](T& t, const std::string&) { t.deviceImage(t.current.substr(t.current.rfind('-') + 1)); }},
      {{"ptx", "optix-ir", "ltoir", "run"}, false,
       [](T& t, const std::string&) {
         throw UsageError("'" + t.current + "' is not supported by unihip-nvcc (its objects hold "
                          "clang offload bundles; --offload-arch picks the GPUs)");
       }},
      {{"list-gpu-arch", "arch-ls"}, false,
       [](T& t, const std::string&) {
         std::string text;
         for (const std::string& a : kAllNvidia) text += "compute_" + a.substr(3) + "\n";
         t.listing(text);
       }},
      {{"list-gpu-code", "code-ls"}, false,
       [](T& t, const std::string&) {
         std::string text;
         for (const std::string& a : kAllNvidia) text += a + "\n";
         t.listing(text);
       }},

      // Preprocessor, language, optimization, debug information.
      {{"I", "include-path"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& d : splitList(v)) t.emit("-I" + d);
       }},
      {{"isystem", "system-include"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& d : splitList(v)) t.emit({"-isystem", d});
       }},
      {{"include", "pre-include"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& f : splitList(v)) t.emit({"-include", f});
       }},
      {{"D", "define-macro"}, true, [](T& t, const std::string& v) { t.emit("-D" + v); }},
      {{"U", "undefine-macro"}, true, [](T& t, const std::string& v) { t.emit("-U" + v); }},
      {{"std"}, true, [](T& t, const std::string& v) { t.emit("-std=" + v); }},
      {{"O", "optimize"}, true, [](T& t, const std::string& v) { t.optLevel(v); }},
      {{"g", "debug"}, false, [](T& t, const std::string&) { t.emit("-Xcompiler=-g"); }},
      {{"G", "device-debug"}, false,
       [](T& t, const std::string&) {
         t.emit({"-Xdevice", "-g", "-Xdevice", "-O0", "-Xptxas", "-g", "-D__CUDACC_DEBUG__"});
       }},
      {{"lineinfo", "generate-line-info"}, false,
       [](T& t, const std::string&) {
         t.emit({"-Xdevice", "-gline-tables-only", "-Xptxas", "-lineinfo"});
       }},
      {{"w", "disable-warnings"}, false, [](T& t, const std::string&) { t.emit("-w"); }},
      {{"Werror"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& kind : splitList(v)) {
           if (kind == "all-warnings") t.emit("-Werror");
           else if (kind == "deprecated-declarations") t.emit("-Werror=deprecated-declarations");
           else if (kind == "reorder") t.emit("-Werror=reorder");
           else t.note("-Werror " + kind, "an nvcc front-end warning clang does not have");
         }
       }},
      {{"Wno-deprecated-gpu-targets"}, false, [](T&, const std::string&) {}},
      {{"Wno-deprecated-declarations"}, false,
       [](T& t, const std::string&) { t.emit("-Wno-deprecated-declarations"); }},
      {{"Wreorder"}, false, [](T& t, const std::string&) { t.emit("-Wreorder"); }},
      {{"Wdefault-stream-launch", "Wmissing-launch-bounds", "Wext-lambda-captures-this"}, false,
       [](T& t, const std::string&) {
         t.note(t.current, "an nvcc front-end warning clang does not have");
       }},

      // CUDA language.
      {{"rdc", "relocatable-device-code"}, true,
       [](T& t, const std::string& v) { t.rdc(T::boolean(t.current, v)); }},
      {{"extended-lambda", "expt-extended-lambda"}, false,
       [](T& t, const std::string&) { t.emit("-D__CUDACC_EXTENDED_LAMBDA__"); }},
      {{"expt-relaxed-constexpr"}, false,
       [](T& t, const std::string&) { t.emit("-D__CUDACC_RELAXED_CONSTEXPR__"); }},
      {{"default-stream"}, true,
       [](T& t, const std::string& v) {
         if (v == "per-thread")
           t.emit({"-fgpu-default-stream=per-thread", "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"});
         else if (v == "legacy" || v == "null")
           t.emit("-fgpu-default-stream=legacy");
         else
           throw UsageError("'" + t.current + "' expects legacy, null or per-thread, not '" + v + "'");
       }},

      // Device floating point (NVIDIA: clang's NVPTX switches; AMD: -ftz and -fmad apply too).
      {{"use_fast_math", "use-fast-math"}, false,
       [](T& t, const std::string&) {
         t.emit({"-Xdevice", "-ffast-math", "-Xdevice", "-fno-finite-math-only", "-Xdevice",
                 "-fgpu-flush-denormals-to-zero", "-D__USE_FAST_MATH__"});
       }},
      {{"ftz"}, true,
       [](T& t, const std::string& v) {
         t.emit({"-Xdevice", T::boolean(t.current, v) ? "-fgpu-flush-denormals-to-zero"
                                                      : "-fno-gpu-flush-denormals-to-zero"});
       }},
      {{"prec-div"}, true,
       [](T& t, const std::string& v) {
         t.emit({"-mllvm", T::boolean(t.current, v) ? "-nvptx-prec-divf32=2" : "-nvptx-prec-divf32=1"});
       }},
      {{"prec-sqrt"}, true,
       [](T& t, const std::string& v) {
         t.emit({"-mllvm", T::boolean(t.current, v) ? "-nvptx-prec-sqrtf32=1" : "-nvptx-prec-sqrtf32=0"});
       }},
      {{"fmad"}, true,
       [](T& t, const std::string& v) {
         t.emit({"-Xdevice", T::boolean(t.current, v) ? "-ffp-contract=fast" : "-ffp-contract=off"});
       }},

      // GPU targets.
      {{"arch", "gpu-architecture"}, true, [](T& t, const std::string& v) { t.arch(v); }},
      {{"code", "gpu-code"}, true, [](T& t, const std::string& v) { t.code(v); }},
      {{"gencode", "generate-code"}, true, [](T& t, const std::string& v) { t.gencode(v); }},
      {{"offload-arch"}, true, [](T& t, const std::string& v) { t.emit("--offload-arch=" + v); }},
      {{"cuda-path"}, true, [](T& t, const std::string& v) { t.emit("--cuda-path=" + v); }},

      // Other tools' options.
      {{"Xcompiler", "compiler-options"}, true,
       [](T& t, const std::string& v) {
         // Comma lists, and (as nvcc hands them to a shell) space-separated words.
         for (const std::string& word : splitNvccWords(v)) t.emit("-Xcompiler=" + word);
       }},
      {{"Xlinker", "linker-options"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& f : splitList(v)) t.emit({"-Xlinker", f});
       }},
      {{"Xptxas", "ptxas-options"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& f : splitList(v)) t.emit({"-Xptxas", f});
       }},
      {{"maxrregcount"}, true,
       [](T& t, const std::string& v) { t.emit({"-Xptxas", "--maxrregcount=" + v}); }},
      {{"resource-usage", "res-usage"}, false,
       [](T& t, const std::string&) {
         t.emit({"-Xptxas", "-v", "-Rpass-analysis=kernel-resource-usage"});
       }},
      {{"Xnvlink", "nvlink-options"}, true,
       [](T& t, const std::string&) {
         t.note(t.current, "unihipcc runs nvlink itself for -rdc=true links");
       }},
      {{"Xcudafe", "Xfatbin", "fatbin-options", "Xarchive", "archive-options"}, true,
       [](T& t, const std::string&) {
         t.note(t.current, "no such nvcc-internal tool runs (clang compiles, clang-offload-bundler bundles)");
       }},
      {{"diag-suppress", "diag-warn", "diag-error"}, true,
       [](T& t, const std::string&) {
         t.note(t.current, "nvcc's diagnostic numbers do not name clang's warnings (use -Xcompiler=-Wno-...)");
       }},
      {{"display-error-number", "err-no", "no-display-error-number", "no-err-no",
        "allow-unsupported-compiler", "keep-device-functions", "source-in-ptx", "src-in-ptx",
        "extensible-whole-program", "ewp"},
       false, [](T& t, const std::string&) { t.note(t.current, "nothing to do under clang"); }},
      {{"ccbin", "compiler-bindir"}, true,
       [](T& t, const std::string&) {
         t.note(t.current, "the host compiler is clang (the same clang compiles device code)");
       }},
      {{"cudart"}, true,
       [](T& t, const std::string& v) {
         if (v != "none" && v != "shared" && v != "static")
           throw UsageError("'" + t.current + "' expects none, shared or static, not '" + v + "'");
         t.note(t.current, "every program links libunihip, which provides the CUDA runtime");
       }},
      {{"cudadevrt"}, true,
       [](T& t, const std::string&) { t.note(t.current, "no device runtime library is linked"); }},
      {{"L", "library-path"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& d : splitList(v)) t.emit("-L" + d);
       }},
      {{"l", "library"}, true,
       [](T& t, const std::string& v) {
         for (const std::string& l : splitList(v)) t.library(l);
       }},
      {{"m64"}, false, [](T&, const std::string&) {}},
      {{"m32"}, false,
       [](T&, const std::string&) { throw UsageError("only 64-bit host code is supported (-m32)"); }},
      {{"machine", "m"}, true,
       [](T&, const std::string& v) {
         if (v != "64") throw UsageError("only 64-bit host code is supported (--machine " + v + ")");
       }},
      {{"threads", "t", "split-compile"}, true,
       [](T& t, const std::string&) {
         t.note(t.current, "one clang runs per target in turn");
       }},
      {{"forward-unknown-to-host-compiler", "forward-unknown-opts"}, false,
       [](T& t, const std::string&) { t.forwardUnknownToHost(); }},
      {{"forward-unknown-to-host-linker"}, false,
       [](T& t, const std::string&) { t.forwardUnknownToLinker(); }},
  };
  return table;
}

const Spec* findSpec(std::string_view name) {
  for (const Spec& spec : specs())
    if (std::find(spec.names.begin(), spec.names.end(), name) != spec.names.end()) return &spec;
  return nullptr;
}

void Translator::library(const std::string& name) {
  for (const LibraryMapping& m : kLibraries)
    if (m.cuda == name) {
      if (!m.unihip.empty()) emit("-l" + std::string(m.unihip));
      return;
    }
  emit("-l" + name);
}

void Translator::setLanguage(const std::string& lang) {
  if (lang != "cu" && lang != "c++" && lang != "c")
    throw UsageError("'" + current + "': unsupported language '" + lang + "' (cu, c++ or c)");
  language_ = lang;
}

void Translator::gencode(const std::string& value) {
  // arch=compute_XX,code=sm_XX | code=[sm_XX,compute_XX] | code="sm_XX,compute_XX"
  std::string arch;
  std::vector<std::string> codes;
  std::string text = value;
  text.erase(std::remove_if(text.begin(), text.end(),
                            [](char c) { return c == '"' || c == '\'' || c == '[' || c == ']'; }),
             text.end());
  const char* field = nullptr;
  for (const std::string& item : splitList(text)) {
    if (item.starts_with("arch=")) {
      arch = item.substr(5);
      field = "arch";
    } else if (item.starts_with("code=")) {
      codes.push_back(item.substr(5));
      field = "code";
    } else if (field && std::string_view(field) == "code") {
      codes.push_back(item);  // the rest of a code=[a,b] list
    } else {
      throw UsageError("'" + current + " " + value + "': expected arch=compute_XX,code=sm_XX");
    }
  }
  if (arch.empty()) throw UsageError("'" + current + " " + value + "': no arch=");
  nvidiaTarget(arch, "-gencode");
  if (codes.empty()) codes.push_back(arch);
  gencodes_.emplace_back(arch, codes);
}

std::string Translator::nvidiaTarget(const std::string& name, const char* option) {
  std::string sm;
  if (name.starts_with("sm_")) sm = name;
  else if (name.starts_with("compute_")) sm = "sm_" + name.substr(8);
  std::optional<OffloadArch> parsed = sm.empty() ? std::nullopt : parseOffloadArch(sm);
  if (!parsed) {
    std::string hint = name.starts_with("gfx") ? "; AMD GPUs: --offload-arch=" + name : "";
    throw UsageError(std::string("unsupported GPU architecture '") + name + "' for " + option +
                     " (expected sm_XX, compute_XX, native, all or all-major" + hint + ")");
  }
  return sm;
}

void Translator::addCodes(const std::vector<std::string>& codes, const char* option) {
  for (const std::string& c : codes) {
    std::string sm = nvidiaTarget(c, option);
    if (c.starts_with("compute_")) ptx_ = true;
    std::string digits = sm.substr(3);
    if (!digits.empty() && digits.back() == 'a') digits.pop_back();
    if (std::stoi(digits) > kNewestNvidia) {
      std::string newest = "sm_" + std::to_string(kNewestNvidia);
      std::string warning = c + " is built as " + newest +
                            " (clang 19, which compiles NVIDIA code, has no newer target)";
      if (std::find(result_.warnings.begin(), result_.warnings.end(), warning) ==
          result_.warnings.end())
        result_.warnings.push_back(warning);
      sm = newest;
    }
    if (std::find(nvidiaArchs_.begin(), nvidiaArchs_.end(), sm) == nvidiaArchs_.end())
      nvidiaArchs_.push_back(sm);
  }
}

void Translator::input(const std::string& path) {
  inputs_.emplace_back(out_.size(), path);
}

void Translator::unknown(const std::string& arg) {
  if (arg.starts_with("-Wno-")) {
    emit(arg);  // a clang warning to silence (clang itself names one it does not know)
  } else if (forwardToHost_) {
    emit("-Xcompiler=" + arg);
  } else if (forwardToLinker_) {
    emit({"-Xlinker", arg});
  } else {
    throw UsageError("unknown option '" + arg + "' (unihip-nvcc --help lists nvcc's options it "
                     "takes; -Xcompiler passes host compiler flags)");
  }
}

void Translator::run(const std::vector<std::string>& args, int depth) {
  const int savedDepth = depth_;
  depth_ = depth;
  for (auto it = args.begin(); it != args.end(); ++it) {
    const std::string& a = *it;
    if (a.empty()) throw UsageError("empty argument");
    if (a[0] != '-' || a == "-") {
      if (a == "-") throw UsageError("reading a source from standard input is not supported");
      input(a);
      continue;
    }
    std::string body = a.substr(a.starts_with("--") ? 2 : 1);
    size_t eq = body.find('=');
    std::string name = body.substr(0, eq);
    const Spec* spec = findSpec(name);
    std::optional<std::string> value;
    if (spec && eq != std::string::npos) value = body.substr(eq + 1);
    if (!spec && !a.starts_with("--")) {
      // Joined short forms: -Idir -DX=1 -UX -Ldir -lname -O3.
      for (std::string_view shortName : {"I", "D", "U", "L", "l", "O"})
        if (body.starts_with(shortName) && body.size() > 1) {
          spec = findSpec(shortName);
          value = body.substr(1);
          break;
        }
    }
    if (!spec) {
      unknown(a);
      continue;
    }
    current = a.substr(0, a.find('='));
    if (spec->takesValue && !value) {
      if (std::next(it) == args.end()) throw UsageError("missing argument to '" + a + "'");
      value = *++it;
    } else if (!spec->takesValue && value) {
      throw UsageError("'" + current + "' takes no value ('" + a + "')");
    }
    spec->handler(*this, value.value_or(""));
  }
  depth_ = savedDepth;
}

NvccTranslation Translator::finish() {
  // Targets, as nvcc reads them: -arch=sm_XX alone is -gencode arch=compute_XX,code=[sm_XX,
  // compute_XX]; with -code, -arch names the virtual arch and -code the images.
  std::vector<std::string> special;
  if (archOption_) {
    const std::string& a = *archOption_;
    if (a == "native") {
      special.push_back("native");
      ptx_ = true;
    } else if (a == "all" || a == "all-major") {
      for (const std::string& sm : a == "all" ? kAllNvidia : kAllMajorNvidia) addCodes({sm}, "-arch");
      ptx_ = true;
    } else {
      nvidiaTarget(a, "-arch");
      if (!codeOption_.empty())
        addCodes(codeOption_, "-code");
      else if (a.starts_with("sm_"))
        addCodes({a, "compute_" + a.substr(3)}, "-arch");
      else
        addCodes({a}, "-arch");
    }
  } else if (!codeOption_.empty()) {
    throw UsageError("-code needs -arch (the virtual architecture it is compiled from)");
  }
  for (const auto& [arch, codes] : gencodes_) addCodes(codes, "-gencode");
  if (!override_.empty() && (!nvidiaArchs_.empty() || !special.empty())) {
    std::string asked;
    for (const std::string& sm : nvidiaArchs_) asked += (asked.empty() ? "" : ",") + sm;
    for (const std::string& s : special) asked += (asked.empty() ? "" : ",") + s;
    result_.notes.push_back("NVIDIA targets " + asked + " replaced by UNIHIP_NVCC_ARCHS");
    nvidiaArchs_.clear();
    special.clear();
    result_.warnings.clear();  // about targets no longer built
    addCodes(override_, "UNIHIP_NVCC_ARCHS");
  }

  std::vector<std::string> args = {"--cuda-compat", "-D__NVCC__",
                                   "-D__CUDACC_VER_MAJOR__=" + std::to_string(kNvccCudaMajor),
                                   "-D__CUDACC_VER_MINOR__=" + std::to_string(kNvccCudaMinor),
                                   "-D__CUDACC_VER_BUILD__=0",
                                   "-D__CUDA_API_VER_MAJOR__=" + std::to_string(kNvccCudaMajor),
                                   "-D__CUDA_API_VER_MINOR__=" + std::to_string(kNvccCudaMinor)};
  std::string archList;
  for (const std::string& sm : nvidiaArchs_) {
    std::string digits = sm.substr(3);
    while (!digits.empty() && !std::isdigit(static_cast<unsigned char>(digits.back())))
      digits.pop_back();
    archList += (archList.empty() ? "" : ",") + digits + "0";
  }
  if (!archList.empty()) args.push_back("-D__CUDA_ARCH_LIST__=" + archList);
  if (rdc_) args.insert(args.end(), {"-fgpu-rdc", "-D__CUDACC_RDC__"});
  std::string archs;
  for (const std::string& sm : nvidiaArchs_) archs += (archs.empty() ? "" : ",") + sm;
  for (const std::string& s : special) archs += (archs.empty() ? "" : ",") + s;
  if (!archs.empty()) args.push_back("--offload-arch=" + archs);
  if (!nvidiaArchs_.empty() && !ptx_) args.push_back("--no-ptx");
  args.push_back("-Xcompiler=" + hostOpt_);

  // The rest in order, with each input placed where it was given.
  size_t next = 0;
  for (size_t i = 0; i <= out_.size(); ++i) {
    for (; next < inputs_.size() && inputs_[next].first == i; ++next) {
      const std::string& path = inputs_[next].second;
      const std::string ext = extensionOf(path);
      const bool object = ext == "o" || ext == "a" || ext == "so" || ext == "obj" || ext == "lib";
      if (ext == "ptx" || ext == "cubin" || ext == "fatbin" || ext == "gpu")
        throw UsageError("'" + path + "': " + ext + " inputs are not supported by unihip-nvcc");
      std::string lang = language_;
      if (lang.empty() && (ext == "cpp" || ext == "cc" || ext == "cxx" || ext == "c++" ||
                           ext == "C" || ext == "CPP"))
        lang = "c++";  // nvcc gives C++ sources to the host compiler alone
      if (object || lang.empty()) {
        args.push_back(path);
      } else {
        args.insert(args.end(), {"-x", lang, path, "-x", "none"});
      }
    }
    if (i < out_.size()) args.push_back(out_[i]);
  }
  if (!deviceImage_.empty() && !hasOutput_ && inputs_.size() == 1) {
    std::string stem = inputs_[0].second.substr(inputs_[0].second.rfind('/') + 1);
    stem = stem.substr(0, stem.rfind('.'));
    args.insert(args.end(), {"-o", stem + "." + deviceImage_});
  }
  result_.args = std::move(args);
  return std::move(result_);
}

}  // namespace

bool isNvccName(std::string_view argv0) {
  std::string_view name = argv0.substr(argv0.rfind('/') + 1);
  return name == "unihip-nvcc" || name == "nvcc";
}

std::string readOptionsFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read options file '" + path + "'");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> splitNvccWords(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < text.size()) word += text[++i];
      else word += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      inWord = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      inWord = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (inWord) words.push_back(std::move(word));
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw UsageError("unterminated quote in options");
  if (inWord) words.push_back(std::move(word));
  return words;
}

NvccTranslation translateNvccCommandLine(const std::vector<std::string>& args,
                                         const OptionsFileReader& readFile,
                                         std::string_view archOverride) {
  Translator t(readFile);
  t.run(args);
  if (!archOverride.empty()) t.overrideArchs(std::string(archOverride));
  return t.finish();
}

std::string nvccHelpText() {
  return R"(Usage: unihip-nvcc [nvcc options] <inputs>

unihip's nvcc-compatible driver: nvcc's command line, compiled by unihipcc (clang) into one
binary for NVIDIA and AMD GPUs, linked against libunihip (which provides the CUDA runtime).
.cu sources are CUDA (CUDA's headers over unihip); .cpp/.cc/.cxx host C++; .c C; -x cu|c++|c.

Targets: -arch=sm_XX|compute_XX|native|all|all-major (also -arch sm_XX, --gpu-architecture),
  -code/--gpu-code, -gencode arch=compute_XX,code=[sm_XX,compute_XX] (repeatable);
  AMD GPUs: --offload-arch=gfxNNN (unihip's own option; one command gives both vendors).
  Default (no target given): unihipcc's, sm_90 gfx90a gfx942 gfx1100. sm_100 and newer are
  built as sm_90 (clang 19's newest), with a warning.
Phases: -c, -dc (-rdc=true -c), -dlink, -E, -M, -MM, -MD, -MMD, -MF, -MT, -MP, -o, --shared,
  -fatbin / -cubin (a device image for cuModuleLoad: unihipcc's --genco bundle).
Code: -rdc=true|false, -G, -g, -lineinfo, -O0..3 (host code; device code is -O3),
  --use_fast_math, -ftz, -prec-div, -prec-sqrt, -fmad, --extended-lambda,
  --expt-relaxed-constexpr, --default-stream legacy|per-thread, -std=c++NN, -I -isystem -D -U
  -include, -w, --Werror all-warnings, --resource-usage, -maxrregcount.
Tools: -Xcompiler a,b (host compiles), -Xlinker a,b, -Xptxas a,b (ptxas of NVIDIA images),
  --forward-unknown-to-host-compiler, --forward-unknown-to-host-linker, --options-file f.
Libraries: -lcudart -lcuda -lcudadevrt (libunihip), -lcublas -lcufft -lcurand -lcusparse
  -lcusolver (unihip's hipBLAS, hipFFT, hipRAND, hipSPARSE, hipSOLVER), -L, -l.
Accepted without effect (-v says why): -ccbin, -cudart, -Xnvlink, -Xcudafe, --diag-suppress,
  --keep-dir, --threads, -t, -m64, -Wno-deprecated-gpu-targets.
Other: -v (commands, as nvcc's "#$ " lines), --dryrun (the unihipcc command, not run),
  -keep (keep intermediate files), --version, --list-gpu-arch, --list-gpu-code, --help.
Environment: NVCC_PREPEND_FLAGS, NVCC_APPEND_FLAGS; UNIHIP_NVCC_ARCHS=sm_XX[,...] replaces the
  NVIDIA targets a command names. Full table: docs/toolchain.md.
)";
}

}  // namespace unihipcc
