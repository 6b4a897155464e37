#define DEP_VALUE 1  // device passes only (dep_kernel.cpp)
