// What the fake rocSPARSE (fake_rocsparse.cpp) records of its last call, read by the AMD tests
// through dlsym("fakeRocsparseLast").
#pragma once

#include <cstdint>

struct FakeRocsparseLast {
  const char* function;  // the rocSPARSE name called
  void* handle;
  int ints[8];       // enum and int arguments, in order
  int64_t sizes[4];  // size arguments, in order
  const void* ptr;   // pointer arguments
  const void* ptr2;
  int calls;  // rocSPARSE calls so far
};
