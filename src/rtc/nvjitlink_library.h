// nvJitLink, loaded at run time (libnvJitLink.so.13 / .12, or UNIHIP_NVJITLINK_LIBRARY): links
// LTO IR and PTX into a cubin without a GPU context. Its entry points carry the library's
// version (__nvJitLinkCreate_13_0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace unihip::rtc {

using nvJitLinkHandleT = struct nvJitLink*;
enum : int { kNvJitLinkInputCubin = 1, kNvJitLinkInputPtx = 2, kNvJitLinkInputLtoir = 3,
             kNvJitLinkInputFatbin = 4, kNvJitLinkInputAny = 10 };

struct NvJitLinkLibrary {
  int (*create)(nvJitLinkHandleT*, uint32_t, const char**) = nullptr;
  int (*destroy)(nvJitLinkHandleT*) = nullptr;
  int (*addData)(nvJitLinkHandleT, int, const void*, size_t, const char*) = nullptr;
  int (*complete)(nvJitLinkHandleT) = nullptr;
  int (*getLinkedCubinSize)(nvJitLinkHandleT, size_t*) = nullptr;
  int (*getLinkedCubin)(nvJitLinkHandleT, void*) = nullptr;
  int (*getErrorLogSize)(nvJitLinkHandleT, size_t*) = nullptr;
  int (*getErrorLog)(nvJitLinkHandleT, char*) = nullptr;
};

const NvJitLinkLibrary* nvJitLink(std::string* why = nullptr);

}  // namespace unihip::rtc
