#include "batch_copy_driver.h"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

#include "cu_check.h"

namespace pair {

namespace {

// CUDA 12.8's cuMemcpyBatchAsync: cuda.h's (13.0) less the failIdx argument before the stream.
using BatchV1 = CUresult (*)(CUdeviceptr*, CUdeviceptr*, size_t*, size_t, CUmemcpyAttributes*,
                             size_t*, size_t, size_t*, CUstream);

struct Side {
  CUstream stream = nullptr;
  BatchV1 v1 = nullptr;
};

Side& side() {
  static Side s;
  return s;
}

}  // namespace

void openBatchDriverSide() {
  CUcontext context = nullptr;
  CU_CHECK(cuCtxGetCurrent(&context));
  if (context == nullptr) {
    std::fprintf(stderr, "bench_batch_copy_pair: no current context for the driver's side\n");
    std::exit(1);
  }
  Side& s = side();
  CU_CHECK(cuStreamCreate(&s.stream, CU_STREAM_NON_BLOCKING));
  CUdriverProcAddressQueryResult found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  CU_CHECK(cuGetProcAddress("cuMemcpyBatchAsync", reinterpret_cast<void**>(&s.v1), 12080,
                            CU_GET_PROC_ADDRESS_DEFAULT, &found));
  if (found != CU_GET_PROC_ADDRESS_SUCCESS || s.v1 == nullptr) {
    std::fprintf(stderr, "bench_batch_copy_pair: the driver lacks cuMemcpyBatchAsync (12.8)\n");
    std::exit(1);
  }
}

// As bench_driver's figures call the driver: the arrays as they come, one attribute for all
// copies (in stream order), as the unihip side passes it.
bench::Summary timeDriverBatches(const CopyBatch& b, int samples, int calls, bool v1) {
  const Side& s = side();
  auto* dsts = reinterpret_cast<CUdeviceptr*>(b.dsts);
  auto* srcs = reinterpret_cast<CUdeviceptr*>(b.srcs);
  CUmemcpyAttributes attr = {};
  attr.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  size_t first = 0;
  auto batch = [&] {
    if (v1) {
      size_t failIdx = 0;
      CU_CHECK(s.v1(dsts, srcs, b.sizes, b.count, &attr, &first, 1, &failIdx, s.stream));
    } else {
      CU_CHECK(cuMemcpyBatchAsync(dsts, srcs, b.sizes, b.count, &attr, &first, 1, s.stream));
    }
  };
  auto drain = [&] { CU_CHECK(cuStreamSynchronize(s.stream)); };
  if (calls == 0) {
    return bench::timeEach(3, samples, [&] {
      batch();
      drain();
    });
  }
  return bench::timeBatched(samples, calls, batch, drain);
}

}  // namespace pair
