// What the fake rocSOLVER (fake_rocsolver.cpp) records of its last call, read by the CPU tests
// through dlsym("fakeRocsolverLast").
#pragma once

struct FakeRocsolverLast {
  char name[48];
  void* handle;
  int ints[8];  // enum and int arguments, in order
  const void* ptrs[4];  // the scratch array, info, ...
  int calls;            // calls outside the size-query mode
};
