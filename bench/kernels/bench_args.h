// Argument types of the benchmark kernels, shared with host code that builds launches by hand.
#pragma once

// A 1 KiB argument passed by value.
struct BenchArgs1K {
  unsigned int words[256];
};
