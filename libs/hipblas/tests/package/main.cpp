#include <hipblas/hipblas.h>

#include <cstring>

int main() {
  // Links and runs against libhipblas.so.3 found through its package.
  return std::strcmp(hipblasStatusToString(HIPBLAS_STATUS_NOT_SUPPORTED),
                     "HIPBLAS_STATUS_NOT_SUPPORTED") == 0 &&
                 hipblasCreate(nullptr) == HIPBLAS_STATUS_HANDLE_IS_NULLPTR
             ? 0
             : 1;
}
