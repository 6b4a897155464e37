#include <hipsolver/hipsolver.h>

int main() {
  // Links and runs against libhipsolver.so.1 found through its package.
  int lwork = -1;
  return hipsolverCreate(nullptr) == HIPSOLVER_STATUS_INVALID_VALUE &&
                 hipsolverSgetrf_bufferSize(nullptr, 1, 1, nullptr, 1, &lwork) ==
                     HIPSOLVER_STATUS_NOT_INITIALIZED &&
                 lwork == -1
             ? 0
             : 1;
}
