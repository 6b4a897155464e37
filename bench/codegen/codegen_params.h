// Sizes shared by the codegen kernels and their host program (bench_codegen.cpp).
#pragma once

constexpr int kGemmTile = 32;
constexpr int kMathIterations = 8;
constexpr int kAtomicSlots = 1024;
constexpr int kShuffleRepeats = 8;
constexpr int kHalfIterations = 64;
constexpr int kFunctionIterations = 32;
