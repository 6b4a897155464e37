#include "rtc/link.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "rtc/compile.h"
#include "rtc/engine.h"
#include "rtc/nvjitlink_library.h"
#include "rtc/tool_run.h"

namespace fs = std::filesystem;

namespace unihip::rtc {
namespace {

int nvJitLinkInputType(const std::vector<char>& in) {
  if (in.size() >= 4 && std::memcmp(in.data(), "\x7f" "ELF", 4) == 0) return kNvJitLinkInputCubin;
  if (in.size() >= 4 && std::memcmp(in.data(), "\x50\xed\x55\xba", 4) == 0)
    return kNvJitLinkInputFatbin;
  std::string head(in.data(), std::min<size_t>(in.size(), 4096));
  if (head.find(".version") != std::string::npos && head.find(".target") != std::string::npos)
    return kNvJitLinkInputPtx;
  return kNvJitLinkInputLtoir;
}

bool linkNvidia(LinkState& s, const std::string& arch) {
  std::string why;
  const NvJitLinkLibrary* l = nvJitLink(&why);
  if (l == nullptr) {
    s.log = "hiprtc: cannot link for " + arch + ": " + why + "\n";
    return false;
  }
  std::string sm = arch.compare(0, 8, "compute_") == 0 ? "sm_" + arch.substr(8) : arch;
  std::vector<std::string> opts = {"-arch=" + sm};
  bool lto = false;
  for (const auto& in : s.inputs) lto = lto || nvJitLinkInputType(in) == kNvJitLinkInputLtoir;
  if (lto) opts.push_back("-lto");
  std::vector<const char*> argv;
  for (const auto& o : opts) argv.push_back(o.c_str());
  nvJitLinkHandleT h = nullptr;
  if (l->create(&h, static_cast<uint32_t>(argv.size()), argv.data()) != 0) {
    s.log = "hiprtc: nvJitLinkCreate failed for " + sm + "\n";
    return false;
  }
  bool ok = true;
  for (size_t i = 0; ok && i < s.inputs.size(); ++i) {
    const auto& in = s.inputs[i];
    ok = l->addData(h, nvJitLinkInputType(in), in.data(), in.size(), s.names[i].c_str()) == 0;
  }
  ok = ok && l->complete(h) == 0;
  size_t n = 0;
  if (l->getErrorLogSize(h, &n) == 0 && n > 1) {
    std::string log(n, '\0');
    if (l->getErrorLog(h, log.data()) == 0) s.log += log.c_str();
  }
  if (ok && l->getLinkedCubinSize(h, &n) == 0 && n > 0) {
    s.output.resize(n);
    ok = l->getLinkedCubin(h, s.output.data()) == 0;
  } else {
    ok = false;
  }
  l->destroy(&h);
  return ok;
}

bool linkAmd(LinkState& s, const std::string& arch) {
  const std::string clang = clangCompiler();
  if (clang.empty()) {
    s.log = "hiprtc: no linker for target " + arch + ": clang++ (19) not found\n";
    return false;
  }
  std::string tmpl = (fs::temp_directory_path() / "unihip-rtclink-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) {
    s.log = "hiprtc: cannot create a temporary folder\n";
    return false;
  }
  const fs::path root(tmpl);
  std::string proc = arch.substr(0, arch.find(':'));
  std::vector<std::string> cmd = {clang, "--target=amdgcn-amd-amdhsa", "-mcpu=" + proc,
                                  "-nogpulib", "-O3"};
  for (const auto& o : s.irOptions) cmd.push_back(o);
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    fs::path f = root / ("in" + std::to_string(i) + ".bc");
    std::ofstream(f, std::ios::binary).write(s.inputs[i].data(),
                                             static_cast<std::streamsize>(s.inputs[i].size()));
    cmd.push_back(f.string());
  }
  const std::string out = (root / "linked.co").string();
  cmd.insert(cmd.end(), {"-o", out});
  bool ok = runTool(cmd, s.log) == 0;
  if (ok) {
    std::ifstream f(out, std::ios::binary);
    s.output.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    ok = !s.output.empty();
  }
  std::error_code ec;
  fs::remove_all(root, ec);
  return ok;
}

}  // namespace

bool applyLinkOptions(LinkState& s, unsigned int count, const hiprtcJIT_option* options,
                      void** values) {
  const char** irArgs = nullptr;
  size_t irCount = 0;
  for (unsigned int i = 0; i < count; ++i) {
    switch (options[i]) {
      case HIPRTC_JIT_IR_TO_ISA_OPT_EXT:
        irArgs = reinterpret_cast<const char**>(values[i]);
        if (irArgs == nullptr) return false;
        break;
      case HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT:
        irCount = reinterpret_cast<size_t>(values[i]);
        break;
      case HIPRTC_JIT_TARGET: {  // CUjit_target: 90 for sm_90
        auto target = static_cast<unsigned>(reinterpret_cast<uintptr_t>(values[i]));
        if (target < 10 || target > 1000) return false;
        s.arch = "sm_" + std::to_string(target);
        break;
      }
      case HIPRTC_JIT_ERROR_LOG_BUFFER:
        s.errorLog = static_cast<char*>(values[i]);
        break;
      case HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
        s.errorLogSize = reinterpret_cast<size_t>(values[i]);
        break;
      case HIPRTC_JIT_INFO_LOG_BUFFER:
        s.infoLog = static_cast<char*>(values[i]);
        break;
      case HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
        s.infoLogSize = reinterpret_cast<size_t>(values[i]);
        break;
      default:
        break;  // other JIT options: nvJitLink and clang choose these themselves
    }
  }
  if (irCount > 0 && irArgs == nullptr) return false;
  for (size_t i = 0; i < irCount; ++i)
    if (irArgs[i] != nullptr) s.irOptions.emplace_back(irArgs[i]);
  return true;
}

namespace {
void copyLog(const std::string& log, char* buffer, size_t size) {
  if (buffer == nullptr || size == 0) return;
  size_t n = std::min(log.size(), size - 1);
  std::memcpy(buffer, log.data(), n);
  buffer[n] = '\0';
}
bool linkImage(LinkState& s);
}  // namespace

bool linkComplete(LinkState& s) {
  bool ok = linkImage(s);
  copyLog(s.log, ok ? s.infoLog : s.errorLog, ok ? s.infoLogSize : s.errorLogSize);
  return ok;
}

namespace {
bool linkImage(LinkState& s) {
  s.output.clear();
  if (s.inputs.empty()) {
    s.log = "hiprtc: nothing to link\n";
    return false;
  }
  std::string arch = s.arch.empty() ? currentDeviceArch() : s.arch;
  if (arch.empty()) {
    s.log = "hiprtc: no current device to link for\n";
    return false;
  }
  return arch.compare(0, 3, "gfx") == 0 ? linkAmd(s, arch) : linkNvidia(s, arch);
}
}  // namespace

}  // namespace unihip::rtc
