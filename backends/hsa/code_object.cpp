#include "code_object.h"

#include <elf.h>
#include <gelf.h>
#include <libelf.h>

#include <cstring>
#include <mutex>

#define MSGPACK_NO_BOOST 1
#include <msgpack.hpp>

#include "base/log.h"
#include "kernarg_layout.h"

namespace unihip::hsa {

namespace {

constexpr uint32_t kNtAmdgpuMetadata = 32;   // NT_AMDGPU_METADATA
constexpr uint8_t kElfOsAbiAmdgpuHsa = 64;   // ELFOSABI_AMDGPU_HSA
constexpr uint16_t kEmAmdgpu = 224;          // EM_AMDGPU

struct KindRow {
  const char* name;
  ArgKind kind;
};
constexpr KindRow kArgKinds[] = {
    {"by_value", ArgKind::ByValue},
    {"global_buffer", ArgKind::GlobalBuffer},
    {"dynamic_shared_pointer", ArgKind::DynamicSharedPointer},
    {"sampler", ArgKind::Sampler},
    {"image", ArgKind::Image},
    {"pipe", ArgKind::Pipe},
    {"queue", ArgKind::Queue},
    {"hidden_global_offset_x", ArgKind::HiddenGlobalOffsetX},
    {"hidden_global_offset_y", ArgKind::HiddenGlobalOffsetY},
    {"hidden_global_offset_z", ArgKind::HiddenGlobalOffsetZ},
    {"hidden_none", ArgKind::HiddenNone},
    {"hidden_printf_buffer", ArgKind::HiddenPrintfBuffer},
    {"hidden_hostcall_buffer", ArgKind::HiddenHostcallBuffer},
    {"hidden_default_queue", ArgKind::HiddenDefaultQueue},
    {"hidden_completion_action", ArgKind::HiddenCompletionAction},
    {"hidden_multigrid_sync_arg", ArgKind::HiddenMultigridSyncArg},
    {"hidden_heap_v1", ArgKind::HiddenHeapV1},
    {"hidden_block_count_x", ArgKind::HiddenBlockCountX},
    {"hidden_block_count_y", ArgKind::HiddenBlockCountY},
    {"hidden_block_count_z", ArgKind::HiddenBlockCountZ},
    {"hidden_group_size_x", ArgKind::HiddenGroupSizeX},
    {"hidden_group_size_y", ArgKind::HiddenGroupSizeY},
    {"hidden_group_size_z", ArgKind::HiddenGroupSizeZ},
    {"hidden_remainder_x", ArgKind::HiddenRemainderX},
    {"hidden_remainder_y", ArgKind::HiddenRemainderY},
    {"hidden_remainder_z", ArgKind::HiddenRemainderZ},
    {"hidden_grid_dims", ArgKind::HiddenGridDims},
    {"hidden_private_base", ArgKind::HiddenPrivateBase},
    {"hidden_shared_base", ArgKind::HiddenSharedBase},
    {"hidden_queue_ptr", ArgKind::HiddenQueuePtr},
    {"hidden_dynamic_lds_size", ArgKind::HiddenDynamicLdsSize},
};

// Logs the defect and returns hipErrorInvalidImage.
template <typename... Args>
Status invalid(fmt::format_string<Args...> format, Args&&... args) {
  UNIHIP_LOG_ERROR("hsa: invalid code object: {}", fmt::format(format, std::forward<Args>(args)...));
  return hipErrorInvalidImage;
}

std::string_view asString(const msgpack::object& o) {
  return {o.via.str.ptr, o.via.str.size};
}

const msgpack::object* findKey(const msgpack::object& map, std::string_view key) {
  for (uint32_t i = 0; i < map.via.map.size; ++i) {
    const msgpack::object_kv& kv = map.via.map.ptr[i];
    if (kv.key.type == msgpack::type::STR && asString(kv.key) == key) return &kv.val;
  }
  return nullptr;
}

// Reads an unsigned integer field that fits in 32 bits. `where` names the record for the log.
Status readU32(const msgpack::object& map, std::string_view key, bool required,
               const std::string& where, uint32_t* out) {
  const msgpack::object* v = findKey(map, key);
  if (v == nullptr) {
    if (required) return invalid("{}: missing key {}", where, key);
    return kOk;
  }
  if (v->type != msgpack::type::POSITIVE_INTEGER)
    return invalid("{}: {} is not an unsigned integer", where, key);
  if (v->via.u64 > UINT32_MAX) return invalid("{}: {} = {} is too large", where, key, v->via.u64);
  *out = static_cast<uint32_t>(v->via.u64);
  return kOk;
}

Status readString(const msgpack::object& map, std::string_view key, bool required,
                  const std::string& where, std::string* out) {
  const msgpack::object* v = findKey(map, key);
  if (v == nullptr) {
    if (required) return invalid("{}: missing key {}", where, key);
    return kOk;
  }
  if (v->type != msgpack::type::STR) return invalid("{}: {} is not a string", where, key);
  *out = std::string(asString(*v));
  return kOk;
}

Status parseArg(const msgpack::object& o, const std::string& where, KernelArg* arg) {
  if (o.type != msgpack::type::MAP) return invalid("{}: not a map", where);
  UNIHIP_TRY(readU32(o, ".offset", true, where, &arg->offset));
  UNIHIP_TRY(readU32(o, ".size", true, where, &arg->size));
  std::string kind;
  UNIHIP_TRY(readString(o, ".value_kind", true, where, &kind));
  if (!parseArgKind(kind, &arg->kind)) return invalid("{}: unknown .value_kind '{}'", where, kind);
  return kOk;
}

Status parseKernel(const msgpack::object& o, size_t index, KernelInfo* k) {
  std::string where = fmt::format("kernel #{}", index);
  if (o.type != msgpack::type::MAP) return invalid("{}: not a map", where);
  UNIHIP_TRY(readString(o, ".name", true, where, &k->name));
  where = fmt::format("kernel '{}'", k->name);
  UNIHIP_TRY(readString(o, ".symbol", true, where, &k->symbol));
  UNIHIP_TRY(readU32(o, ".kernarg_segment_size", true, where, &k->kernargSize));
  UNIHIP_TRY(readU32(o, ".kernarg_segment_align", true, where, &k->kernargAlign));
  UNIHIP_TRY(readU32(o, ".group_segment_fixed_size", true, where, &k->groupSegmentSize));
  UNIHIP_TRY(readU32(o, ".private_segment_fixed_size", true, where, &k->privateSegmentSize));
  UNIHIP_TRY(readU32(o, ".wavefront_size", true, where, &k->wavefrontSize));
  UNIHIP_TRY(readU32(o, ".max_flat_workgroup_size", false, where, &k->maxFlatWorkgroupSize));
  UNIHIP_TRY(readU32(o, ".vgpr_count", false, where, &k->vgprCount));
  UNIHIP_TRY(readU32(o, ".sgpr_count", false, where, &k->sgprCount));
  UNIHIP_TRY(readU32(o, ".agpr_count", false, where, &k->agprCount));
  if (const msgpack::object* v = findKey(o, ".uses_dynamic_stack")) {
    if (v->type != msgpack::type::BOOLEAN)
      return invalid("{}: .uses_dynamic_stack is not a boolean", where);
    k->usesDynamicStack = v->via.boolean;
  }
  if (const msgpack::object* v = findKey(o, ".workgroup_processor_mode")) {
    if (v->type == msgpack::type::BOOLEAN) k->wgpMode = v->via.boolean;
    else if (v->type == msgpack::type::POSITIVE_INTEGER) k->wgpMode = v->via.u64 != 0;
    else return invalid("{}: .workgroup_processor_mode is not a boolean", where);
  }
  if (k->name.empty() || k->symbol.empty()) return invalid("{}: empty .name or .symbol", where);
  if (k->kernargSize > kMaxKernargSegmentSize)
    return invalid("{}: .kernarg_segment_size {} exceeds {}", where, k->kernargSize,
                   kMaxKernargSegmentSize);
  if (k->kernargAlign == 0 || (k->kernargAlign & (k->kernargAlign - 1)) != 0 ||
      k->kernargAlign > kMaxKernargAlign)
    return invalid("{}: .kernarg_segment_align {} is not a power of two <= {}", where,
                   k->kernargAlign, kMaxKernargAlign);
  if (k->wavefrontSize != 32 && k->wavefrontSize != 64)
    return invalid("{}: .wavefront_size {} is neither 32 nor 64", where, k->wavefrontSize);

  const msgpack::object* args = findKey(o, ".args");
  if (args == nullptr) return kOk;  // a kernel without arguments may omit .args
  if (args->type != msgpack::type::ARRAY) return invalid("{}: .args is not an array", where);
  k->args.resize(args->via.array.size);
  bool seenHidden = false;
  for (uint32_t i = 0; i < args->via.array.size; ++i) {
    const std::string argWhere = fmt::format("{} argument #{}", where, i);
    KernelArg& arg = k->args[i];
    UNIHIP_TRY(parseArg(args->via.array.ptr[i], argWhere, &arg));
    if (uint64_t{arg.offset} + arg.size > k->kernargSize)
      return invalid("{}: offset {} + size {} is beyond .kernarg_segment_size {}", argWhere,
                     arg.offset, arg.size, k->kernargSize);
    if (isHidden(arg.kind)) {
      seenHidden = true;
      k->needsHostcall |= arg.kind == ArgKind::HiddenHostcallBuffer;
      k->needsHeap |= arg.kind == ArgKind::HiddenHeapV1;
    } else {
      // launch() maps void** args onto explicit arguments in order: they must come first.
      if (seenHidden) return invalid("{}: explicit argument after a hidden one", argWhere);
      ++k->explicitArgCount;
    }
  }
  uint32_t n = 0;
  for (uint32_t size : {2u, 4u, 8u, 0u}) {  // 0: every other size
    for (const KernelArg& arg : k->args)
      if (hiddenMayBeNonZero(arg.kind) &&
          (arg.size == size || (size == 0 && arg.size != 2 && arg.size != 4 && arg.size != 8)))
        k->liveHidden.push_back(arg);
    if (size != 0) k->liveHiddenEnds[n++] = static_cast<uint32_t>(k->liveHidden.size());
  }
  k->planned = true;
  planPlainLaunch(k);
  return kOk;
}

Status parseMetadataObject(const msgpack::object& root, CodeObjectInfo* out) {
  if (root.type != msgpack::type::MAP) return invalid("metadata root is not a map");
  const msgpack::object* version = findKey(root, "amdhsa.version");
  if (version == nullptr) return invalid("metadata: missing key amdhsa.version");
  if (version->type != msgpack::type::ARRAY || version->via.array.size != 2 ||
      version->via.array.ptr[0].type != msgpack::type::POSITIVE_INTEGER ||
      version->via.array.ptr[1].type != msgpack::type::POSITIVE_INTEGER)
    return invalid("metadata: amdhsa.version is not an array of two unsigned integers");
  if (version->via.array.ptr[0].via.u64 != 1)
    return invalid("metadata: unsupported amdhsa.version major {}",
                   version->via.array.ptr[0].via.u64);
  out->metadataVersion[0] = 1;
  out->metadataVersion[1] = static_cast<uint32_t>(
      std::min<uint64_t>(version->via.array.ptr[1].via.u64, UINT32_MAX));
  UNIHIP_TRY(readString(root, "amdhsa.target", false, "metadata", &out->target));

  const msgpack::object* kernels = findKey(root, "amdhsa.kernels");
  if (kernels == nullptr) return invalid("metadata: missing key amdhsa.kernels");
  if (kernels->type != msgpack::type::ARRAY) return invalid("metadata: amdhsa.kernels is not an array");
  out->kernels.resize(kernels->via.array.size);
  for (uint32_t i = 0; i < kernels->via.array.size; ++i)
    UNIHIP_TRY(parseKernel(kernels->via.array.ptr[i], i, &out->kernels[i]));
  return kOk;
}

// The descriptor of the NT_AMDGPU_METADATA note, found through libelf and copied out: libelf
// hands back a private copy of the note section when the image is not 4-byte aligned in
// memory, and elf_end() frees it, so no pointer into its buffers may outlive this function.
Status findMetadataNote(const uint8_t* data, size_t size, std::vector<uint8_t>* desc,
                        int* abiVersion) {
  // Header checks first, so that libelf only ever sees a plausible 64-bit AMDGPU image.
  if (size < sizeof(Elf64_Ehdr)) return invalid("{} bytes is too short for an ELF header", size);
  Elf64_Ehdr eh;
  std::memcpy(&eh, data, sizeof eh);
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) return invalid("no ELF magic");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return invalid("not a little-endian ELF64 image");
  if (eh.e_machine != kEmAmdgpu) return invalid("e_machine {} is not EM_AMDGPU", eh.e_machine);
  if (eh.e_ident[EI_OSABI] != kElfOsAbiAmdgpuHsa)
    return invalid("OS ABI {} is not AMDGPU_HSA", eh.e_ident[EI_OSABI]);
  *abiVersion = eh.e_ident[EI_ABIVERSION];
  if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > size ||
      (size - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum)
    return invalid("section header table (offset {}, {} entries) lies outside the {}-byte image",
                   eh.e_shoff, eh.e_shnum, size);

  static std::once_flag elfInit;
  std::call_once(elfInit, [] { elf_version(EV_CURRENT); });
  Elf* elf = elf_memory(const_cast<char*>(reinterpret_cast<const char*>(data)), size);
  if (elf == nullptr) return invalid("libelf: {}", elf_errmsg(-1));
  struct Closer {
    Elf* e;
    ~Closer() { elf_end(e); }
  } closer{elf};

  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn != nullptr; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) == nullptr) return invalid("libelf: {}", elf_errmsg(-1));
    if (sh.sh_type != SHT_NOTE) continue;
    if (sh.sh_offset > size || size - sh.sh_offset < sh.sh_size)
      return invalid("note section at offset {} size {} lies outside the {}-byte image",
                     sh.sh_offset, sh.sh_size, size);
    Elf_Data* sd = elf_getdata(scn, nullptr);
    if (sd == nullptr) return invalid("libelf: note section: {}", elf_errmsg(-1));
    size_t offset = 0;
    GElf_Nhdr nh;
    size_t nameOffset, descOffset;
    while (offset < sd->d_size &&
           (offset = gelf_getnote(sd, offset, &nh, &nameOffset, &descOffset)) != 0) {
      const char* base = static_cast<const char*>(sd->d_buf);
      if (nh.n_type == kNtAmdgpuMetadata && nh.n_namesz == 7 &&
          std::memcmp(base + nameOffset, "AMDGPU", 7) == 0) {
        if (descOffset > sd->d_size || sd->d_size - descOffset < nh.n_descsz)
          return invalid("NT_AMDGPU_METADATA descriptor is truncated");
        const auto* first = reinterpret_cast<const uint8_t*>(base + descOffset);
        desc->assign(first, first + nh.n_descsz);
        return kOk;
      }
    }
  }
  return invalid("no NT_AMDGPU_METADATA note");
}

}  // namespace

bool parseArgKind(std::string_view text, ArgKind* kind) {
  for (const KindRow& row : kArgKinds)
    if (text == row.name) {
      *kind = row.kind;
      return true;
    }
  if (text.starts_with("hidden_")) {  // newer compilers add hidden kinds: zero-filled
    *kind = ArgKind::HiddenUnknown;
    return true;
  }
  return false;
}

const char* argKindName(ArgKind kind) {
  for (const KindRow& row : kArgKinds)
    if (row.kind == kind) return row.name;
  return "hidden_<unknown>";
}

const KernelInfo* CodeObjectInfo::findKernel(std::string_view name) const {
  for (const KernelInfo& k : kernels)
    if (k.name == name) return &k;
  return nullptr;
}

Status parseCodeObjectMetadata(const uint8_t* data, size_t size, CodeObjectInfo* out) {
  if (data == nullptr || size == 0) return invalid("empty metadata note");
  // No array, map or string can have more elements than the blob has bytes: bounding the
  // counts by the size stops a forged count from allocating before the data runs out.
  const msgpack::unpack_limit limit(size, size, size, size, size, kMaxMetadataDepth);
  try {
    size_t offset = 0;
    msgpack::object_handle handle =
        msgpack::unpack(reinterpret_cast<const char*>(data), size, offset, nullptr, nullptr, limit);
    CodeObjectInfo info;
    UNIHIP_TRY(parseMetadataObject(handle.get(), &info));
    info.codeObjectVersion = out->codeObjectVersion;
    *out = std::move(info);
    return kOk;
  } catch (const std::exception& e) {
    return invalid("malformed msgpack metadata: {}", e.what());
  }
}

Status parseCodeObject(const uint8_t* data, size_t size, CodeObjectInfo* out) {
  if (data == nullptr) return invalid("null image");
  std::vector<uint8_t> desc;
  int abiVersion = 0;
  UNIHIP_TRY(findMetadataNote(data, size, &desc, &abiVersion));
  // ELF ABI version 1/2/3/4 = code object v3/v4/v5/v6.
  if (abiVersion < 1 || abiVersion > 4)
    return invalid("unsupported code object ABI version {}", abiVersion);
  CodeObjectInfo info;
  info.codeObjectVersion = abiVersion + 2;
  UNIHIP_TRY(parseCodeObjectMetadata(desc.data(), desc.size(), &info));
  *out = std::move(info);
  return kOk;
}

}  // namespace unihip::hsa
