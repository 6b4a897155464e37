#define DEP_VALUE 2  // host pass only (dep_kernel.cpp)
