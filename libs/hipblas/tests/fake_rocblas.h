// What the fake rocBLAS (fake_rocblas.cpp) records, read by the CPU tests of hipBLAS and
// hipSOLVER through dlsym("fakeRocblasLast") and dlsym("fakeRocblasState").
#pragma once

#include <cstddef>
#include <cstdint>

struct FakeRocblasLast {
  char name[48];     // the last BLAS or memory call
  void* handle;
  int ints[8];       // enum arguments, in order
  int64_t sizes[8];  // size arguments, in order
  const void* ptrs[4];
};

// One fake rocblas_handle's state.
struct FakeRocblasHandle {
  uint32_t magic;
  bool querying;        // in device-memory size-query mode
  size_t queried;       // the size asked for in it
  void* workspace;      // rocblas_set_workspace's
  size_t workspaceBytes;
  size_t deviceMemory;  // rocblas_set_device_memory_size's
  bool userManaged;
  void* stream;
  int atomics;
  int pointerMode;
};
