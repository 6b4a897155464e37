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

// rewriteLowBitTests on a PTX file in place; false when it cannot be read or written.
bool rewritePtxFile(const std::string& path);

}  // namespace unihipcc
