#include "cusolver_direct.h"

#include <cusolverDn.h>
#include <dlfcn.h>

#include <cstdlib>

struct DirectGetrf {
  decltype(&cusolverDnDgetrf_bufferSize) bufferSize;
  decltype(&cusolverDnDgetrf) getrf;
  decltype(&cusolverDnDestroy) destroy;
  cusolverDnHandle_t handle = nullptr;
};

namespace {

// The same library hipSOLVER loads (dlopen finds the one already mapped).
void* library() {
  const char* env = std::getenv("UNIHIP_CUSOLVER_LIBRARY");
  for (const char* p : {env, "libcusolver.so.12", "/usr/local/cuda/lib64/libcusolver.so.12"}) {
    if (p == nullptr || *p == '\0') continue;
    if (void* so = dlopen(p, RTLD_NOW | RTLD_LOCAL)) return so;
  }
  return nullptr;
}

template <class F>
F sym(void* so, const char* name) {
  return reinterpret_cast<F>(dlsym(so, name));
}

}  // namespace

DirectGetrf* directGetrfCreate(void* cuStream, std::string* why) {
  void* so = library();
  if (so == nullptr) {
    *why = "libcusolver.so.12 not found";
    return nullptr;
  }
  auto create = sym<decltype(&cusolverDnCreate)>(so, "cusolverDnCreate");
  auto setStream = sym<decltype(&cusolverDnSetStream)>(so, "cusolverDnSetStream");
  auto* s = new DirectGetrf{sym<decltype(&cusolverDnDgetrf_bufferSize)>(so, "cusolverDnDgetrf_bufferSize"),
                            sym<decltype(&cusolverDnDgetrf)>(so, "cusolverDnDgetrf"),
                            sym<decltype(&cusolverDnDestroy)>(so, "cusolverDnDestroy")};
  if (create(&s->handle) != CUSOLVER_STATUS_SUCCESS ||
      setStream(s->handle, static_cast<cudaStream_t>(cuStream)) != CUSOLVER_STATUS_SUCCESS) {
    *why = "cuSOLVER refused the set-up";
    directGetrfDestroy(s);
    return nullptr;
  }
  return s;
}

int directGetrfBufferSize(DirectGetrf* s, int n, double* A, int lda) {
  int lwork = -1;
  return s->bufferSize(s->handle, n, n, A, lda, &lwork) == CUSOLVER_STATUS_SUCCESS ? lwork : -1;
}

bool directGetrfRun(DirectGetrf* s, int n, double* A, int lda, double* work, int* ipiv, int* info) {
  return s->getrf(s->handle, n, n, A, lda, work, ipiv, info) == CUSOLVER_STATUS_SUCCESS;
}

void directGetrfDestroy(DirectGetrf* s) {
  if (s->handle) s->destroy(s->handle);
  delete s;
}
