// unihipcc's rewrites of LLVM's PTX (src/unihipcc/ptx_peephole.h).
#include <catch2/catch.hpp>

#include <string>

#include "ptx_peephole.h"

using unihipcc::dropUsedExternals;
using unihipcc::rewriteLowBitTests;

TEST_CASE("low-bit tests: and-1 then setp.eq 1 becomes setp.ne 0") {
  std::string ptx =
      "\tand.b32  \t%r103, %r113, 1;\n"
      "\tselp.f32 \t%f1, %f2, %f3, %p1;\n"
      "\tsetp.eq.b32 \t%p16, %r103, 1;\n"
      "\tand.b64  \t%rd2, %rd1, 1;\n"
      "\tsetp.eq.b64 \t%p2, %rd2, 1;\n";
  CHECK(rewriteLowBitTests(ptx) == 2);
  CHECK(ptx ==
        "\tand.b32  \t%r103, %r113, 1;\n"
        "\tselp.f32 \t%f1, %f2, %f3, %p1;\n"
        "\tsetp.ne.b32 \t%p16, %r103, 0;\n"
        "\tand.b64  \t%rd2, %rd1, 1;\n"
        "\tsetp.ne.b64 \t%p2, %rd2, 0;\n");
}

TEST_CASE("low-bit tests: left alone where the register may hold more than one bit") {
  const char* kept[] = {
      // not an and with 1
      "\tand.b32 \t%r1, %r2, 3;\n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      // written again in between, by a scalar, a vector or a predicated write
      "\tand.b32 \t%r1, %r2, 1;\n\tadd.s32 \t%r1, %r1, 4;\n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      "\tand.b32 \t%r1, %r2, 1;\n\tld.global.v2.u32 \t{%r0, %r1}, [%rd1];\n"
      "\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      "\tand.b32 \t%r1, %r2, 1;\n\t@%p3 mov.u32 \t%r1, 7;\n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      // another path may reach the test
      "\tand.b32 \t%r1, %r2, 1;\n$L__BB0_2:\n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      // an inline-asm scope or a call in between
      "\tand.b32 \t%r1, %r2, 1;\n\t{\n\tmov.u32 %r1, 9;\n\t}\n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      "\tand.b32 \t%r1, %r2, 1;\n\tcall.uni \n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      // a predicated and, a different width, a predicated test
      "\t@%p2 and.b32 \t%r1, %r2, 1;\n\tsetp.eq.b32 \t%p1, %r1, 1;\n",
      "\tand.b16 \t%rs1, %rs2, 1;\n\tsetp.eq.b32 \t%p1, %rs1, 1;\n",
      "\tand.b32 \t%r1, %r2, 1;\n\t@%p2 setp.eq.b32 \t%p1, %r1, 1;\n",
      // compared with something else than 1
      "\tand.b32 \t%r1, %r2, 1;\n\tsetp.eq.b32 \t%p1, %r1, 0;\n",
  };
  for (const char* text : kept) {
    std::string ptx = text;
    INFO(text);
    CHECK(rewriteLowBitTests(ptx) == 0);
    CHECK(ptx == text);
  }
}

TEST_CASE("low-bit tests: a file without a final newline keeps it so") {
  std::string ptx = "\tand.b32 \t%r1, %r2, 1;\n\tsetp.eq.b32 \t%p1, %r1, 1;";
  CHECK(rewriteLowBitTests(ptx) == 1);
  CHECK(ptx == "\tand.b32 \t%r1, %r2, 1;\n\tsetp.ne.b32 \t%p1, %r1, 0;");
}

TEST_CASE("used externals: the list and the kernels only it names are dropped (-fgpu-rdc)") {
  // UnifiedMemoryPerf: a kernel declared in a header, launched here, defined in another object.
  std::string ptx =
      ".version 8.5\n"
      ".extern .func _Z4spinPVj\n"
      "(\n"
      "\t.param .b64 _Z4spinPVj_param_0\n"
      ")\n"
      ";\n"
      ".extern .func _Z4usedv\n"
      "()\n"
      ";\n"
      ".extern .global .align 4 .u32 counter;\n"
      ".global .align 8 .u64 __clang_gpu_used_external[3] = {_Z4spinPVj, _Z4usedv, generic(counter)};\n"
      ".visible .entry _Z5otherPi()\n"
      "{\n"
      "\tcall.uni _Z4usedv, ();\n"
      "}\n";
  CHECK(dropUsedExternals(ptx) == 1);
  CHECK(ptx ==
        ".version 8.5\n"
        ".extern .func _Z4usedv\n"
        "()\n"
        ";\n"
        ".extern .global .align 4 .u32 counter;\n"
        ".visible .entry _Z5otherPi()\n"
        "{\n"
        "\tcall.uni _Z4usedv, ();\n"
        "}\n");
  std::string plain = ".version 8.5\n.extern .func _Z1fv\n()\n;\n";
  CHECK(dropUsedExternals(plain) == 0);
  CHECK(plain == ".version 8.5\n.extern .func _Z1fv\n()\n;\n");
}
