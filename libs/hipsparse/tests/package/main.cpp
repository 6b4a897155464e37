#include <hipsparse/hipsparse.h>

#include <cstring>

int main() {
  // Links and runs against libhipsparse.so.4 found through its package.
  return std::strcmp(hipsparseGetErrorName(HIPSPARSE_STATUS_NOT_SUPPORTED),
                     "CUSPARSE_STATUS_NOT_SUPPORTED") == 0 &&
                 hipsparseCreate(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE &&
                 hipsparseGetMatType(nullptr) == HIPSPARSE_MATRIX_TYPE_GENERAL
             ? 0
             : 1;
}
