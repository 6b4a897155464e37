// What the fake cuSPARSE (fake_cusparse.cpp) records of its last call, read by the CPU tests
// through dlsym("fakeCusparseLast").
#pragma once

#include <cstdint>

struct FakeCusparseLast {
  void* handle;
  int ints[8];       // enum and int arguments, in order
  int64_t sizes[4];  // size arguments, in order
  double real;       // a floating-point argument
  const void* ptr;   // pointer arguments
  const void* ptr2;
};
