// -fgpu-rdc device linking and --emit-static-lib archives (see pipeline.h).
//
// Each -fgpu-rdc host object leaves __hip_fatbin_<cuid> (its fat binary) and
// __hip_gpubin_handle_<cuid> (its registration handle) undefined. As clang's --hip-link does,
// the device link defines all of them as aliases of one bundle and one handle, so the first
// module constructor registers the bundle and every object registers its kernels against it.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "pipeline.h"
#include "subprocess.h"

namespace fs = std::filesystem;

namespace unihipcc {

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool startsWithBytes(const std::string& path, std::string_view magic) {
  std::ifstream in(path, std::ios::binary);
  std::string head(magic.size(), '\0');
  if (!in.read(head.data(), static_cast<std::streamsize>(head.size()))) return false;
  return head == magic;
}

// A relocatable ELF object (e_type 1): the only kind that can carry offload bundle sections.
bool isRelocatableElf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char h[18] = {};
  if (!in.read(reinterpret_cast<char*>(h), sizeof h)) return false;
  return h[0] == 0x7f && h[1] == 'E' && h[2] == 'L' && h[3] == 'F' && h[16] == 1 && h[17] == 0;
}

bool isArchive(const std::string& path) { return startsWithBytes(path, "!<arch>\n"); }

std::string ltoOptLevel(const std::string& opt) {
  if (opt == "-O0" || opt == "-O1" || opt == "-O2") return opt.substr(2);
  if (opt == "-O") return "1";
  if (opt == "-Os" || opt == "-Oz") return "2";
  return "3";
}

}  // namespace

std::string Pipeline::llvmTool(const char* name) const {
  std::error_code ec;
  fs::path beside = fs::canonical(toolchain_.clang, ec).parent_path() / name;
  if (!ec && fs::exists(beside)) return beside.string();
  for (std::string candidate : {std::string(name) + "-19", std::string(name)})
    if (std::optional<std::string> found = findProgram(candidate)) return *found;
  throw ToolFailed(std::string("cannot find ") + name + " (it ships with clang)");
}

std::string Pipeline::nvlink() const {
  if (toolchain_.ptxas) {
    fs::path beside = fs::path(*toolchain_.ptxas).parent_path() / "nvlink";
    std::error_code ec;
    if (fs::exists(beside, ec)) return beside.string();
  }
  if (std::optional<std::string> found = findProgram("nvlink")) return *found;
  throw ToolFailed("-fgpu-rdc for NVIDIA targets needs nvlink (set --cuda-path)");
}

std::optional<std::string> Pipeline::deviceLink(const std::vector<std::string>& files) {
  // Objects to inspect: the inputs, and the members of archives (all of them: device code is
  // linked whole, as only the host side knows which kernels are used).
  std::vector<std::string> objects;
  int archiveCount = 0;
  for (const std::string& file : files) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) continue;
    if (isRelocatableElf(file)) {
      objects.push_back(file);
    } else if (isArchive(file)) {
      const std::string dir = temp_.file("ar" + std::to_string(archiveCount++));
      fs::create_directories(dir);
      const std::string listing = dir + ".list";
      runCommand({llvmTool("llvm-ar"), "t", file}, options_.verbose, &listing);
      runCommand({llvmTool("llvm-ar"), "x", "--output=" + dir, file}, options_.verbose);
      std::istringstream names(readFile(listing));
      std::set<std::string> seen;
      for (std::string name; std::getline(names, name);)
        if (!name.empty() && seen.insert(name).second && isRelocatableElf(dir + "/" + name))
          objects.push_back(dir + "/" + name);
    }
  }
  if (objects.empty()) return std::nullopt;

  // Fat-binary symbols left undefined (and not defined by another input, such as the device
  // link object of a static library made with --emit-static-lib).
  const std::string symbolList = temp_.file("devlink-symbols.txt");
  std::vector<std::string> nm = {llvmTool("llvm-nm"), "-P", "-g"};
  nm.insert(nm.end(), objects.begin(), objects.end());
  runCommand(nm, options_.verbose, &symbolList);
  std::set<std::string> undefinedFatbins, undefinedHandles, defined;
  std::istringstream lines(readFile(symbolList));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string name, type;
    if (!(fields >> name >> type)) continue;
    const bool fatbin = name.starts_with("__hip_fatbin_");
    const bool handle = name.starts_with("__hip_gpubin_handle_");
    if (!fatbin && !handle) continue;
    if (type == "U") (fatbin ? undefinedFatbins : undefinedHandles).insert(name);
    else defined.insert(name);
  }
  for (const std::string& d : defined) {
    undefinedFatbins.erase(d);
    undefinedHandles.erase(d);
  }
  if (undefinedFatbins.empty() && undefinedHandles.empty()) return std::nullopt;

  // The archs to link: --offload-arch of the link, else those the objects were compiled for.
  std::vector<OffloadArch> archs = options_.offloadArchs;
  if (!options_.explicitArchs) {
    archs.clear();
    const std::string listing = temp_.file("devlink-ids.txt");
    for (const std::string& object : objects) {
      runCommand({toolchain_.offloadBundler, "-list", "-type=o", "-input=" + object},
                 options_.verbose, &listing);
      std::istringstream ids(readFile(listing));
      for (std::string id; std::getline(ids, id);) {
        size_t sep = id.find("--");
        if (id.starts_with("host-") || sep == std::string::npos) continue;
        std::optional<OffloadArch> arch = parseOffloadArch(id.substr(sep + 2));
        if (arch && std::none_of(archs.begin(), archs.end(), [&](const OffloadArch& a) {
              return a.targetId == arch->targetId;
            }))
          archs.push_back(*arch);
      }
    }
  }

  // Each object's device code, per offload arch.
  std::vector<std::vector<std::string>> perArch(archs.size());
  std::string targets = "-targets=";
  for (size_t a = 0; a < archs.size(); ++a) targets += (a ? "," : "") + archs[a].imageBundleId();
  for (size_t i = 0; i < objects.size(); ++i) {
    std::vector<std::string> cmd = {toolchain_.offloadBundler, "-unbundle", "-type=o", targets,
                                    "-input=" + objects[i], "-allow-missing-bundles"};
    std::vector<std::string> outputs;
    for (size_t a = 0; a < archs.size(); ++a) {
      // nvlink picks an input's kind by its extension: without ".cubin" it reads a relocatable
      // cubin as a host object, finds no device code in it and links an empty image.
      const char* extension = archs[a].vendor == Vendor::Nvidia ? ".cubin" : ".bc";
      outputs.push_back(temp_.file("devlink-" + std::to_string(i) + "-" + std::to_string(a) +
                                   extension));
      cmd.push_back("-output=" + outputs.back());
    }
    runCommand(cmd, options_.verbose);
    for (size_t a = 0; a < outputs.size(); ++a) {
      std::error_code ec;
      if (fs::file_size(outputs[a], ec) > 0 && !ec) perArch[a].push_back(outputs[a]);
    }
  }

  std::vector<BundleEntry> images;
  for (size_t a = 0; a < archs.size(); ++a) {
    const OffloadArch& arch = archs[a];
    if (perArch[a].empty()) {
      std::fprintf(stderr,
                   "unihipcc: warning: no -fgpu-rdc device code for %s in the linked objects "
                   "(compile them with the same --offload-arch list)\n",
                   arch.targetId.c_str());
      continue;
    }
    std::string name = arch.targetId;
    for (char& c : name)
      if (c == ':' || c == '+') c = c == ':' ? '_' : 'p';
    const std::string image = temp_.file("devlink-" + name + ".img");
    std::vector<std::string> cmd;
    if (arch.vendor == Vendor::Nvidia) {
      cmd = {nvlink(), "-arch=" + arch.processor};
    } else {
      // LTO of the objects' bitcode into one code object, as clang's HIP toolchain links.
      cmd = {llvmTool("ld.lld"), "--no-undefined", "-shared", "-plugin-opt=mcpu=" + arch.processor,
             "-plugin-opt=O" + ltoOptLevel(options_.optLevel)};
    }
    cmd.insert(cmd.end(), perArch[a].begin(), perArch[a].end());
    cmd.insert(cmd.end(), {"-o", image});
    runCommand(cmd, options_.verbose);
    images.push_back({arch.imageBundleId(), image});
  }
  if (images.empty()) throw ToolFailed("-fgpu-rdc link: no device code to link");
  const std::string fatbin = temp_.file("devlink.hipfb");
  bundle(images, fatbin);

  // The symbols, as clang's HIP object generator defines them.
  const std::string asmFile = temp_.file("devlink.s");
  {
    std::ofstream s(asmFile);
    const std::string handle = undefinedHandles.empty() ? "" : *undefinedHandles.begin();
    if (!handle.empty()) {
      s << "  .protected " << handle << "\n  .type " << handle << ",@object\n"
        << "  .section .hip_gpubin_handle,\"aw\"\n  .globl " << handle << "\n  .p2align 3\n"
        << handle << ":\n  .zero 8\n";
      for (const std::string& alias : undefinedHandles)
        if (alias != handle) s << "  .globl " << alias << "\n  .set " << alias << "," << handle << "\n";
    }
    if (!undefinedFatbins.empty()) {
      const std::string& primary = *undefinedFatbins.begin();
      s << "  .protected " << primary << "\n  .type " << primary << ",@object\n"
        << "  .section .hip_fatbin,\"a\",@progbits\n  .globl " << primary << "\n  .p2align 12\n";
      for (const std::string& alias : undefinedFatbins)
        if (alias != primary) s << "  .globl " << alias << "\n  .set " << alias << "," << primary << "\n";
      s << primary << ":\n  .incbin \"" << fatbin << "\"\n";
    }
    s << "  .section .note.GNU-stack,\"\",@progbits\n";
  }
  const std::string object = temp_.file("devlink.o");
  runCommand({toolchain_.clang, "-c", "-x", "assembler", asmFile, "-o", object}, options_.verbose);
  return object;
}

void Pipeline::archive(const std::vector<std::string>& members, const std::string& output) {
  std::error_code ec;
  fs::remove(output, ec);
  std::vector<std::string> cmd = {llvmTool("llvm-ar"), "rcs", output};
  cmd.insert(cmd.end(), members.begin(), members.end());
  runCommand(cmd, options_.verbose);
}

}  // namespace unihipcc
