// abi.one_runtime: linked with -lamdhip64 (the filter), it loads unihip under all three names and
// checks that every exported name (argv[1]: src/api/symbol_versions.tsv) resolves to one function
// in libunihip.so: the filter adds no second runtime. Plain C with its own prototypes, as a
// program built against another vendor's headers would be.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int hipGetDeviceCount(int* count);
const char* hipGetErrorString(int error);

static void* open_library(const char* name) {
  void* handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!handle) fprintf(stderr, "dlopen(%s): %s\n", name, dlerror());
  return handle;
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  void* unihip = open_library("libunihip.so.0");
  void* amd7 = open_library("libamdhip64.so.7");
  void* amd = open_library("libamdhip64.so");
  FILE* table = fopen(argv[1], "r");
  if (!unihip || !amd7 || !amd || !table) return 1;

  int failures = 0, names = 0;
  char line[512], name[256], node[64];
  while (fgets(line, sizeof line, table)) {
    if (line[0] == '#' || sscanf(line, "%255s %63s", name, node) != 2) continue;
    if (strcmp(name, "function") == 0) continue;
    ++names;
    void* real = dlsym(unihip, name);
    void* versioned = dlvsym(amd7, name, node);
    void* plain = dlsym(amd, name);
    Dl_info info;
    if (!real || real != versioned || real != plain || !dladdr(real, &info) ||
        !strstr(info.dli_fname, "libunihip.so")) {
      fprintf(stderr, "%s@%s: libunihip %p, libamdhip64.so.7 %p, libamdhip64.so %p\n", name,
              node, real, versioned, plain);
      ++failures;
    }
  }
  // The program's own references (bound through the filter at load) land in libunihip too.
  if ((void*)&hipGetDeviceCount != dlsym(unihip, "hipGetDeviceCount")) {
    fprintf(stderr, "the linked hipGetDeviceCount is not libunihip's\n");
    ++failures;
  }
  int count = -1;
  int status = hipGetDeviceCount(&count);
  printf("%d names, %d failures; hipGetDeviceCount: %d (%s), %d devices\n", names, failures,
         status, hipGetErrorString(status), count);
  return failures == 0 && names >= 500 ? 0 : 1;
}
