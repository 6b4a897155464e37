// Small aligned block copies as 128-bit accesses. clang copies an aggregate (a float4, an int4, a
// 16-byte-aligned struct) with llvm.memcpy, and the NVPTX backend lowers a memcpy with its
// widest legal integer, i64: two ld/st.u64 per 16 bytes where nvcc emits one ld/st.v4. Where
// both pointers are 16-byte aligned and the length is a known constant, this pass copies the
// 16-byte blocks as <4 x i32> (ld/st.v4.u32) and the tail with the widest integers that fit.
//
// Same bytes moved, same memory: all loads are made before any store, which is what memmove
// needs when the ranges overlap and is harmless for memcpy. Volatile copies are left alone.
#include <cstdint>
#include <vector>

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#include "nvptx_passes.h"

using namespace llvm;

namespace unihip {

namespace {

// Past this, the loads of one copy would hold too many registers at once; NVPTX turns longer
// copies into a loop (NVPTXLowerAggrCopies) anyway.
constexpr uint64_t kMaxBytes = 128;
constexpr uint64_t kBlock = 16;

struct Piece {
  uint64_t offset;
  Type* type;
};

std::vector<Piece> pieces(uint64_t bytes, LLVMContext& context) {
  std::vector<Piece> out;
  uint64_t offset = 0;
  for (; offset + kBlock <= bytes; offset += kBlock)
    out.push_back({offset, FixedVectorType::get(Type::getInt32Ty(context), 4)});
  for (uint64_t size : {8, 4, 2, 1})
    for (; offset + size <= bytes; offset += size)
      out.push_back({offset, Type::getIntNTy(context, static_cast<unsigned>(size * 8))});
  return out;
}

bool widen(MemTransferInst* copy) {
  if (copy->isVolatile()) return false;
  auto* length = dyn_cast<ConstantInt>(copy->getLength());
  if (length == nullptr) return false;
  const uint64_t bytes = length->getZExtValue();
  MaybeAlign destAlign = copy->getDestAlign();
  MaybeAlign sourceAlign = copy->getSourceAlign();
  if (bytes < kBlock || bytes > kMaxBytes || !destAlign || !sourceAlign ||
      destAlign->value() < kBlock || sourceAlign->value() < kBlock)
    return false;

  // Alias scopes still hold for the pieces; type-based info of the copy does not.
  AAMDNodes aa = copy->getAAMetadata();
  AAMDNodes pieceAA(nullptr, nullptr, aa.Scope, aa.NoAlias);
  IRBuilder<> b(copy);
  Type* i8 = b.getInt8Ty();
  std::vector<Piece> parts = pieces(bytes, copy->getContext());
  std::vector<Value*> values;
  for (const Piece& p : parts) {
    Value* at = b.CreateConstInBoundsGEP1_64(i8, copy->getRawSource(), p.offset);
    LoadInst* load = b.CreateAlignedLoad(p.type, at, commonAlignment(*sourceAlign, p.offset));
    load->setAAMetadata(pieceAA);
    values.push_back(load);
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    Value* at = b.CreateConstInBoundsGEP1_64(i8, copy->getRawDest(), parts[i].offset);
    StoreInst* store = b.CreateAlignedStore(values[i], at, commonAlignment(*destAlign, parts[i].offset));
    store->setAAMetadata(pieceAA);
  }
  copy->eraseFromParent();
  return true;
}

}  // namespace

PreservedAnalyses WideCopiesPass::run(Function& f, FunctionAnalysisManager&) {
  if (!Triple(f.getParent()->getTargetTriple()).isNVPTX()) return PreservedAnalyses::all();
  std::vector<MemTransferInst*> copies;
  for (Instruction& inst : instructions(f))
    if (auto* copy = dyn_cast<MemTransferInst>(&inst)) copies.push_back(copy);
  bool changed = false;
  for (MemTransferInst* copy : copies) changed |= widen(copy);
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace unihip
