// What the fake cuSOLVER (fake_cusolver.cpp) records of its last call, read by the CPU tests
// through dlsym("fakeCusolverLast").
#pragma once

#include <cstdint>

struct FakeCusolverLast {
  void* handle;
  int ints[8];       // enum, char and int arguments, in order
  int64_t sizes[4];  // 64-bit size arguments, in order
  double real;       // a floating-point argument
  const void* ptr;   // pointer arguments
  const void* ptr2;
};
