// Rewrites of the PTX clang-19's NVPTX backend writes, where ptxas makes worse code of it than
// of nvcc's form for the same operation. Each keeps every value the same.
#pragma once

#include <cstddef>
#include <string>

namespace unihipcc {

// A low-bit test, `and.bN %r, %x, 1;` followed in the same block by `setp.eq.bN %p, %r, 1;`
// (LLVM's selection of a trunc to i1), as nvcc's `setp.ne.bN %p, %r, 0;`: ptxas makes one
// predicate-writing LOP3 of nvcc's form and a LOP3 plus an ISETP of LLVM's (libdevice's
// sinf/cosf quadrant tests). %r is 0 or 1 there, so the predicate is the same. Returns the
// number of tests rewritten.
std::size_t rewriteLowBitTests(std::string& ptx);

// clang's HIP mode keeps the kernels a -fgpu-rdc object launches but does not define in a
// `__clang_gpu_used_external` list, declaring each as `.extern .func`: nvlink then rejects the
// kernel's `.entry` definition in another object ("not declared __global__ in all source
// files"). nvlink keeps every symbol anyway, so the list is dropped, with each `.extern .func`
// nothing else names. Returns the number of declarations dropped (the list alone: 0).
std::size_t dropUsedExternals(std::string& ptx);

// rewriteLowBitTests and dropUsedExternals on a PTX file in place; false when it cannot be
// read or written.
bool rewritePtxFile(const std::string& path);

}  // namespace unihipcc
