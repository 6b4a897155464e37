#include "rocm.h"

namespace unihip::solver::rocm {
namespace {

Entry gStartQuery{"rocblas_start_device_memory_size_query", Lib::rocblas};
Entry gStopQuery{"rocblas_stop_device_memory_size_query", Lib::rocblas};
Entry gSetOptimal{"rocblas_set_optimal_device_memory_size_impl", Lib::rocblas};
Entry gSetWorkspace{"rocblas_set_workspace", Lib::rocblas};
Entry gSetMemory{"rocblas_set_device_memory_size", Lib::rocblas};
Entry gGetMemory{"rocblas_get_device_memory_size", Lib::rocblas};
Entry gUserManaged{"rocblas_is_user_managing_device_memory", Lib::rocblas};

template <class F>
F fn(Entry& e) {
  const uintptr_t r = resolve(e);
  return r <= kNoSymbol ? nullptr : reinterpret_cast<F>(r);
}

hipsolverStatus_t unavailable(Entry& e) { return missing(resolve(e)); }

}  // namespace

hipsolverStatus_t beginQuery(Handle* h) {
  auto start = fn<int (*)(void*)>(gStartQuery);
  return start != nullptr ? fromRocblas(start(h->native)) : unavailable(gStartQuery);
}

hipsolverStatus_t endQuery(Handle* h, size_t scratchBytes, size_t* bytes) {
  auto stop = fn<int (*)(void*, size_t*)>(gStopQuery);
  if (stop == nullptr) return unavailable(gStopQuery);
  hipsolverStatus_t s = fromRocblas(stop(h->native, bytes));
  if (s != HIPSOLVER_STATUS_SUCCESS || scratchBytes == 0) return s;
  // rocSOLVER's size and the scratch array as rocBLAS would lay them out in one allocation.
  auto start = fn<int (*)(void*)>(gStartQuery);
  auto optimal = fn<int (*)(void*, size_t, ...)>(gSetOptimal);
  if (optimal == nullptr) return unavailable(gSetOptimal);
  s = fromRocblas(start(h->native));
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  (void)optimal(h->native, size_t{2}, *bytes, scratchBytes);
  return fromRocblas(stop(h->native, bytes));
}

hipsolverStatus_t setWorkspace(Handle* h, void* work, size_t bytes) {
  auto set = fn<int (*)(void*, void*, size_t)>(gSetWorkspace);
  if (set == nullptr) return unavailable(gSetWorkspace);
  const hipsolverStatus_t s = fromRocblas(set(h->native, work, bytes));
  if (s == HIPSOLVER_STATUS_SUCCESS) h->callerWorkspace = true;
  return s;
}

hipsolverStatus_t reserve(Handle* h, size_t bytes) {
  auto set = fn<int (*)(void*, size_t)>(gSetMemory);
  auto get = fn<int (*)(void*, size_t*)>(gGetMemory);
  auto user = fn<bool (*)(void*)>(gUserManaged);
  if (set == nullptr || get == nullptr || user == nullptr) return HIPSOLVER_STATUS_NOT_SUPPORTED;
  size_t current = 0;
  if (user(h->native)) (void)get(h->native, &current);
  if (!h->callerWorkspace && bytes <= current) return HIPSOLVER_STATUS_SUCCESS;
  const hipsolverStatus_t s = fromRocblas(set(h->native, bytes));
  if (s == HIPSOLVER_STATUS_SUCCESS) h->callerWorkspace = false;
  return s;
}

hipsolverStatus_t zeroInfo(Handle* h, int* info, int count) {
  if (info == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  if (count <= 0) return HIPSOLVER_STATUS_SUCCESS;
  return hipMemsetAsync(info, 0, sizeof(int) * static_cast<size_t>(count), h->stream) == hipSuccess
             ? HIPSOLVER_STATUS_SUCCESS
             : HIPSOLVER_STATUS_INTERNAL_ERROR;
}

Workspace::~Workspace() {
  if (owned_ != nullptr) (void)hipFreeAsync(owned_, h_->stream);
}

hipsolverStatus_t Workspace::allocate(size_t bytes, void** out) {
  if (hipMallocAsync(&owned_, bytes, h_->stream) != hipSuccess) {
    owned_ = nullptr;
    return HIPSOLVER_STATUS_ALLOC_FAILED;
  }
  *out = owned_;
  return HIPSOLVER_STATUS_SUCCESS;
}

}  // namespace unihip::solver::rocm
