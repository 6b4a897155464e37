// The device-only module the lifetimes.module_* cases load (semantics_module.hipfb/.cubin/.co).
#include "sem.h"

extern "C" __global__ void semModuleSpin(long long cycles, int* flag) {
  semSpin(cycles);
  *(volatile int*)flag = 1;
  __threadfence_system();
}
