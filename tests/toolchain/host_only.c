/* A C source linked into a HIP program: unihipcc compiles it as C, host only. */
int hostOnlyC(int x) { return x + 1; }
