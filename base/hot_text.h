// The functions a kernel launch runs, its first and every later one, laid out together.
#pragma once

// GCC and clang put a hot function in a .text.hot section, which the linker's default script
// gathers at one place of .text. A process's first launch then runs libunihip code from a few
// neighbouring pages (13 KiB) instead of pages spread over its 2.5 MiB of code: on the H100 two
// page faults fewer, and 1.19-1.22x -> 1.07-1.09x the driver's first launch (bench/README.md).
// A warm launch stays on the same lines. tests/layout checks the entry points lie together.
#define UNIHIP_HOT_TEXT __attribute__((hot))
