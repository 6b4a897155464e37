// Kernarg buffers laid out from real metadata, compared byte for byte with buffers built by
// hand at the offsets `llvm-readelf-19 --notes` shows for kernels/signatures.hip.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "code_object.h"
#include "kernarg_layout.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {

CodeObjectInfo parse(const std::string& variant) {
  const std::vector<uint8_t> image = test::readCodeObject(variant);
  CodeObjectInfo info;
  REQUIRE(parseCodeObject(image.data(), image.size(), &info).ok());
  return info;
}

template <typename T>
void put(std::vector<uint8_t>& buffer, size_t offset, T value) {
  REQUIRE(offset + sizeof value <= buffer.size());
  std::memcpy(buffer.data() + offset, &value, sizeof value);
}

// Lays out `kernel` into a buffer pre-filled with 0xCC (so unwritten bytes would show).
std::vector<uint8_t> layout(const KernelInfo& kernel, void* const* args, const KernargContext& ctx) {
  std::vector<uint8_t> out(kernel.kernargSize + 64, 0xCC);
  REQUIRE(layoutKernargs(kernel, args, ctx, out.data(), out.size()).ok());
  for (size_t i = kernel.kernargSize; i < out.size(); ++i) REQUIRE(out[i] == 0xCC);  // no overrun
  out.resize(kernel.kernargSize);
  return out;
}

void compareBytes(const std::vector<uint8_t>& actual, const std::vector<uint8_t>& expected) {
  REQUIRE(actual.size() == expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    INFO("byte " << i);
    CHECK(int(actual[i]) == int(expected[i]));
  }
}

}  // namespace

TEST_CASE("axpy (v5): explicit arguments and the hidden block", "[hsa][kernarg]") {
  const CodeObjectInfo info = parse("gfx90a");
  const KernelInfo& k = *info.findKernel("axpy");
  float a = 2.5f;
  auto* x = reinterpret_cast<const float*>(0x1111222233334444ull);
  auto* y = reinterpret_cast<float*>(0x5555666677778888ull);
  int n = 1000;
  void* args[] = {&a, &x, &y, &n};
  KernargContext ctx;
  ctx.gridBlocks[0] = 40, ctx.gridBlocks[1] = 3, ctx.gridBlocks[2] = 2;
  ctx.blockSize[0] = 256, ctx.blockSize[1] = 1, ctx.blockSize[2] = 1;

  std::vector<uint8_t> expected(288, 0);
  put(expected, 0, 2.5f);
  put(expected, 8, 0x1111222233334444ull);
  put(expected, 16, 0x5555666677778888ull);
  put(expected, 24, 1000);
  put<uint32_t>(expected, 32, 40);  // hidden_block_count_x/y/z
  put<uint32_t>(expected, 36, 3);
  put<uint32_t>(expected, 40, 2);
  put<uint16_t>(expected, 44, 256);  // hidden_group_size_x/y/z
  put<uint16_t>(expected, 46, 1);
  put<uint16_t>(expected, 48, 1);
  // 50..55 remainders 0 (whole workgroups), 72..95 global offsets 0
  put<uint16_t>(expected, 96, 3);  // hidden_grid_dims
  compareBytes(layout(k, args, ctx), expected);
}

TEST_CASE("grid dimensions follow the highest dimension in use", "[hsa][kernarg]") {
  const uint32_t one[3] = {1, 1, 1};
  const uint32_t wide[3] = {64, 1, 1};
  const uint32_t tall[3] = {1, 8, 1};
  const uint32_t deep[3] = {1, 1, 4};
  CHECK(gridDimensions(wide, one) == 1);
  CHECK(gridDimensions(one, one) == 1);
  CHECK(gridDimensions(one, tall) == 2);
  CHECK(gridDimensions(tall, one) == 2);
  CHECK(gridDimensions(one, deep) == 3);
  CHECK(gridDimensions(deep, tall) == 3);
}

TEST_CASE("by-value structs are copied whole at their offsets", "[hsa][kernarg]") {
  struct Pod {
    char c;
    double d;
    int i[3];
  };
  struct Small {
    short a;
    char b;
  };
  static_assert(sizeof(Pod) == 32 && sizeof(Small) == 4);
  const CodeObjectInfo info = parse("gfx942");
  const KernelInfo& k = *info.findKernel("by_value");
  Pod p;
  std::memset(&p, 0x5A, sizeof p);  // padding bytes travel too, as the device reads the struct
  p.c = 'x';
  p.d = 3.25;
  p.i[0] = 1, p.i[1] = -2, p.i[2] = 3;
  short s = -7;
  Small q{0x1234, 'q'};
  auto* out = reinterpret_cast<Pod*>(0xABCDEF0012345678ull);
  char tail = 't';
  void* args[] = {&p, &s, &q, &out, &tail};

  std::vector<uint8_t> expected(52, 0);
  std::memcpy(expected.data(), &p, 32);
  put<short>(expected, 32, -7);
  std::memcpy(expected.data() + 34, &q, 4);
  put(expected, 40, 0xABCDEF0012345678ull);
  expected[48] = 't';
  compareBytes(layout(k, args, KernargContext{}), expected);
}

TEST_CASE("hidden_everything (v5): runtime pointers at their metadata offsets", "[hsa][kernarg]") {
  const CodeObjectInfo info = parse("gfx1100");
  const KernelInfo& k = *info.findKernel("_Z17hidden_everythingPyi");
  auto* outPtr = reinterpret_cast<unsigned long long*>(0x7000);
  int kk = 5;
  void* args[] = {&outPtr, &kk};
  KernargContext ctx;
  ctx.gridBlocks[0] = 7;
  ctx.blockSize[0] = 32, ctx.blockSize[1] = 2;
  ctx.hostcallBuffer = 0x1010101010101010ull;
  ctx.multigridSync = 0x2020202020202020ull;
  ctx.heapV1 = 0x3030303030303030ull;
  ctx.defaultQueue = 0x4040404040404040ull;
  ctx.completionAction = 0x5050505050505050ull;
  ctx.queuePtr = 0x6060606060606060ull;
  ctx.privateBase = 0x7070707070707070ull;  // gfx1100 has no aperture arguments: unused

  std::vector<uint8_t> expected(272, 0);
  put<uint64_t>(expected, 0, 0x7000);
  put<int>(expected, 8, 5);
  put<uint32_t>(expected, 16, 7);
  put<uint32_t>(expected, 20, 1);
  put<uint32_t>(expected, 24, 1);
  put<uint16_t>(expected, 28, 32);
  put<uint16_t>(expected, 30, 2);
  put<uint16_t>(expected, 32, 1);
  put<uint16_t>(expected, 80, 2);  // grid dims: block y > 1
  put<uint64_t>(expected, 96, 0x1010101010101010ull);
  put<uint64_t>(expected, 104, 0x2020202020202020ull);
  put<uint64_t>(expected, 112, 0x3030303030303030ull);
  put<uint64_t>(expected, 120, 0x4040404040404040ull);
  put<uint64_t>(expected, 128, 0x5050505050505050ull);
  put<uint64_t>(expected, 216, 0x6060606060606060ull);
  compareBytes(layout(k, args, ctx), expected);
}

TEST_CASE("gfx803: 4-byte aperture bases take the low half", "[hsa][kernarg]") {
  const CodeObjectInfo info = parse("gfx803");
  const KernelInfo& k = *info.findKernel("_Z17hidden_everythingPyi");
  void* p = nullptr;
  int kk = 0;
  void* args[] = {&p, &kk};
  KernargContext ctx;
  ctx.privateBase = 0x1122334455667788ull;
  ctx.sharedBase = 0x99AABBCCDDEEFF00ull;
  const std::vector<uint8_t> out = layout(k, args, ctx);
  uint32_t priv, shared;
  std::memcpy(&priv, out.data() + 208, 4);
  std::memcpy(&shared, out.data() + 212, 4);
  CHECK(priv == 0x55667788u);
  CHECK(shared == 0xDDEEFF00u);
  CHECK(out[80] == 1);  // grid dims
  CHECK(out[216] == 0);  // queue pointer not given
}

TEST_CASE("hidden_everything (v4): global offsets zero, runtime pointers placed", "[hsa][kernarg]") {
  const CodeObjectInfo info = parse("gfx90a-xnack-v4");
  const KernelInfo& k = *info.findKernel("_Z17hidden_everythingPyi");
  auto* outPtr = reinterpret_cast<unsigned long long*>(0x8000);
  int kk = -1;
  void* args[] = {&outPtr, &kk};
  KernargContext ctx;
  ctx.gridBlocks[0] = 100;  // v4 has no block counts in kernargs: must not appear
  ctx.hostcallBuffer = 0xA1;
  ctx.defaultQueue = 0xA2;
  ctx.completionAction = 0xA3;
  ctx.multigridSync = 0xA4;
  std::vector<uint8_t> expected(72, 0);
  put<uint64_t>(expected, 0, 0x8000);
  put<int>(expected, 8, -1);
  put<uint64_t>(expected, 40, 0xA1);
  put<uint64_t>(expected, 48, 0xA2);
  put<uint64_t>(expected, 56, 0xA3);
  put<uint64_t>(expected, 64, 0xA4);
  compareBytes(layout(k, args, ctx), expected);
}

TEST_CASE("unknown and unusual hidden arguments", "[hsa][kernarg]") {
  // A synthetic table: the metadata may give sizes other than LLVM's usual ones.
  KernelInfo k;
  k.name = "synthetic";
  k.kernargSize = 64;
  k.kernargAlign = 8;
  k.explicitArgCount = 1;
  k.args = {{0, 4, ArgKind::ByValue},
            {8, 8, ArgKind::HiddenNone},
            {16, 8, ArgKind::HiddenUnknown},
            {24, 2, ArgKind::HiddenBlockCountX},     // narrower than usual: truncated
            {32, 16, ArgKind::HiddenGroupSizeX},     // wider: zero-extended
            {48, 4, ArgKind::HiddenDynamicLdsSize},
            {56, 8, ArgKind::HiddenGlobalOffsetX}};
  int v = 42;
  void* args[] = {&v};
  KernargContext ctx;
  ctx.gridBlocks[0] = 0x12345;
  ctx.blockSize[0] = 0x40;
  ctx.dynamicSharedBytes = 4096;
  std::vector<uint8_t> expected(64, 0);
  put<int>(expected, 0, 42);
  put<uint16_t>(expected, 24, 0x2345);
  put<uint64_t>(expected, 32, 0x40);
  put<uint32_t>(expected, 48, 4096);
  compareBytes(layout(k, args, ctx), expected);
}

TEST_CASE("remainders describe a partial last workgroup", "[hsa][kernarg]") {
  KernelInfo k;
  k.name = "remainders";
  k.kernargSize = 8;
  k.args = {{0, 2, ArgKind::HiddenRemainderX}, {2, 2, ArgKind::HiddenRemainderY},
            {4, 2, ArgKind::HiddenRemainderZ}};
  KernargContext ctx;  // HIP grids are whole workgroups: remainders are 0
  ctx.gridBlocks[0] = 3, ctx.blockSize[0] = 100;
  std::vector<uint8_t> out = layout(k, nullptr, ctx);
  CHECK(out == std::vector<uint8_t>(8, 0));
}

TEST_CASE("kernarg errors: missing arguments, small buffers", "[hsa][kernarg]") {
  const CodeObjectInfo info = parse("gfx90a");
  const KernelInfo& k = *info.findKernel("axpy");
  std::vector<uint8_t> out(512, 0xCC);
  test::LogCapture log;
  CHECK(layoutKernargs(k, nullptr, KernargContext{}, out.data(), out.size()) == hipErrorInvalidValue);
  CHECK(log.text().find("takes 4 arguments but none were passed") != std::string::npos);
  float a = 1;
  int n = 1;
  void* withNull[] = {&a, nullptr, nullptr, &n};
  CHECK(layoutKernargs(k, withNull, KernargContext{}, out.data(), out.size()) == hipErrorInvalidValue);
  CHECK(log.text().find("argument 1 is a null pointer") != std::string::npos);
  void* fine[] = {&a, &a, &a, &n};
  CHECK(layoutKernargs(k, fine, KernargContext{}, out.data(), 100) == hipErrorInvalidValue);
  CHECK(log.text().find("needs 288 kernarg bytes, the buffer holds 100") != std::string::npos);
  CHECK(out[0] == 0xCC);  // nothing written on failure
  const KernelInfo& none = *info.findKernel("no_args");
  CHECK(layoutKernargs(none, nullptr, KernargContext{}, out.data(), 0).ok());
}

// The launch path writes only KernelInfo::liveHidden (made at parse); a KernelInfo without that
// list walks every argument. Both must give the same bytes for every kernel of every variant,
// with every context field non-zero.
TEST_CASE("kernargs from the parse-time hidden list equal a walk over every argument",
          "[hsa][kernarg]") {
  KernargContext ctx;
  ctx.gridBlocks[0] = 7, ctx.gridBlocks[1] = 3, ctx.gridBlocks[2] = 2;
  ctx.blockSize[0] = 64, ctx.blockSize[1] = 2, ctx.blockSize[2] = 1;
  ctx.dynamicSharedBytes = 512;
  uint64_t field = 0x1000;
  for (uint64_t* p : {&ctx.queuePtr, &ctx.hostcallBuffer, &ctx.printfBuffer, &ctx.heapV1,
                      &ctx.multigridSync, &ctx.defaultQueue, &ctx.completionAction,
                      &ctx.privateBase, &ctx.sharedBase})
    *p = field += 0x1111;
  std::vector<uint8_t> argBytes(4096, 0x5A);
  std::vector<void*> args(256, argBytes.data());
  int kernels = 0;
  for (const char* variant : {"gfx90a", "gfx942", "gfx1100", "gfx803", "gfx90a-xnack-v4",
                              "gfx9-generic-v6", "gfx11-generic-v6"}) {
    const CodeObjectInfo info = parse(variant);
    for (const KernelInfo& k : info.kernels) {
      INFO(variant << " " << k.name);
      REQUIRE(k.planned);
      for (const KernelArg& h : k.liveHidden) CHECK(hiddenMayBeNonZero(h.kind));
      KernelInfo walked = k;
      walked.planned = false;
      walked.liveHidden.clear();
      compareBytes(layout(k, args.data(), ctx), layout(walked, args.data(), ctx));
      ++kernels;
    }
  }
  CHECK(kernels > 7);
}

// The plain launch (writeExplicitArgs + writePlainHiddenArgs, the plan made at parse) writes
// what layoutKernargs writes for the same geometry, dynamic shared memory and queue: into a
// buffer of garbage (not reused: zeroed first), and into the segment of an earlier plain launch
// of the same kernel with other arguments and geometry (reused: no zeroing).
TEST_CASE("plain-launch kernargs equal layoutKernargs, fresh and reused", "[hsa][kernarg]") {
  struct Launch {
    dim3 grid, block;
    uint32_t shared;
    uint8_t fill;
  };
  const Launch launches[] = {{dim3(7, 3, 2), dim3(64, 2, 1), 512, 0x5A},
                             {dim3(1, 1, 1), dim3(256, 1, 1), 0, 0xA5},
                             {dim3(100000, 1, 1), dim3(32, 4, 2), 64, 0x11}};
  const uint64_t queue = 0x123456789A;
  int plain = 0;
  for (const char* variant : {"gfx90a", "gfx942", "gfx1100", "gfx803", "gfx90a-xnack-v4",
                              "gfx9-generic-v6", "gfx11-generic-v6"}) {
    const CodeObjectInfo info = parse(variant);
    for (const KernelInfo& k : info.kernels) {
      INFO(variant << " " << k.name);
      if (!k.plainLaunch) {  // only device services, a grid sync or odd sizes keep it off
        bool reason = false;
        for (const KernelArg& a : k.args)
          reason |= a.kind == ArgKind::HiddenHostcallBuffer || a.kind == ArgKind::HiddenHeapV1 ||
                    a.kind == ArgKind::HiddenMultigridSyncArg ||
                    (isHidden(a.kind) && hiddenMayBeNonZero(a.kind) && a.size != 2 &&
                     a.size != 4 && a.size != 8);
        CHECK(reason);
        continue;
      }
      ++plain;
      CHECK(k.layoutId != 0);
      std::vector<uint8_t> segment(k.kernargSize + 64, 0xCC);
      bool reused = false;
      for (const Launch& l : launches) {
        std::vector<uint8_t> argBytes(4096, l.fill);
        std::vector<void*> args(256, argBytes.data());
        KernargContext ctx;
        ctx.gridBlocks[0] = l.grid.x, ctx.gridBlocks[1] = l.grid.y, ctx.gridBlocks[2] = l.grid.z;
        ctx.blockSize[0] = l.block.x, ctx.blockSize[1] = l.block.y, ctx.blockSize[2] = l.block.z;
        ctx.dynamicSharedBytes = l.shared;
        ctx.queuePtr = queue;
        const uint32_t dims = gridDimensions(ctx.gridBlocks, ctx.blockSize);
        writeExplicitArgs(k, args.data(), segment.data(), reused);
        writePlainHiddenArgs(k, l.grid, l.block, dims, l.shared, queue, segment.data());
        for (size_t i = k.kernargSize; i < segment.size(); ++i) REQUIRE(segment[i] == 0xCC);
        compareBytes(std::vector<uint8_t>(segment.begin(), segment.begin() + k.kernargSize),
                     layout(k, args.data(), ctx));
        reused = true;
      }
    }
  }
  CHECK(plain > 7);
}
