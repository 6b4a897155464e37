// hipFFT's rows on rocFFT, mapped as AMD's hipFFT's rocFFT backend maps them. A hipfftHandle
// holds one rocFFT plan per placement (in place or not) and direction, all made by one
// MakePlan (a rocfft_plan_description each), an execution info carrying the stream and the
// work buffer, and that buffer, which unihip allocates unless auto-allocation is off. Exec picks
// the plan by placement (input == output) and direction. The argument checks of
// argument_checks.h ran before any of these.
#include <hip/hip_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <new>

#include "rocfft_library.h"
#include "rocfft_rows.h"

namespace unihip::hipfft {

struct RocfftPlan {
  void* plans[2][2] = {};  // rocfft_plan, [in place][inverse]
  void* info = nullptr;    // rocfft_execution_info
  void* work = nullptr;
  size_t workSize = 0;
  bool autoAllocate = true;
  bool ownsWork = false;  // allocated here, freed here
  double scale = 1.0;
};

namespace {
using namespace rocfft;  // rocFFT's enum values

// The rocFFT plan behind a live handle (the dispatch found it live).
RocfftPlan* planOf(hipfftHandle h) {
  int cufft = 0;
  RocfftPlan* p = nullptr;
  return lookupPlan(h, &cufft, nullptr, &p) ? p : nullptr;
}

struct Transform {
  int precision;
  bool realForward;  // R2C, D2Z
  bool realInverse;  // C2R, Z2D
  int inArray() const {
    return realForward ? kReal : realInverse ? kHermitianInterleaved : kComplexInterleaved;
  }
  int outArray() const {
    return realForward ? kHermitianInterleaved : realInverse ? kReal : kComplexInterleaved;
  }
};

Transform transformOf(hipfftType t) {
  const bool dbl = t == HIPFFT_D2Z || t == HIPFFT_Z2D || t == HIPFFT_Z2Z;
  return {dbl ? kDouble : kSingle, t == HIPFFT_R2C || t == HIPFFT_D2Z,
          t == HIPFFT_C2R || t == HIPFFT_Z2D};
}

// MakePlanMany's data layout, in rocFFT's order (fastest dimension first).
struct Layout {
  size_t inStrides[3] = {1, 1, 1};
  size_t outStrides[3] = {1, 1, 1};
  size_t inDist = 0;
  size_t outDist = 0;
  bool derived = false;  // no embeddings given: strides and distances derived from the lengths
};

// One MakePlan's four plan descriptions ([in place][inverse]), destroyed with it.
struct Descriptions {
  const RocfftLibrary* lib;
  void* d[2][2] = {};
  bool ok = true;
  explicit Descriptions(const RocfftLibrary* l) : lib(l) {
    for (auto& row : d)
      for (void*& desc : row) ok = ok && lib->rocfft_plan_description_create(&desc) == kSuccess;
  }
  ~Descriptions() {
    for (auto& row : d)
      for (void* desc : row)
        if (desc != nullptr) (void)lib->rocfft_plan_description_destroy(desc);
  }
};

bool applyLayout(const RocfftLibrary* lib, Descriptions& ds, const Transform& t, size_t dim,
                 const size_t* lengths, const Layout& l) {
  auto set = [&](void* desc, const size_t* is, size_t idist, const size_t* os, size_t odist) {
    return lib->rocfft_plan_description_set_data_layout(desc, t.inArray(), t.outArray(), nullptr,
                                                        nullptr, dim, is, idist, dim, os,
                                                        odist) == kSuccess;
  };
  auto all = [&](size_t idist, size_t odist) {
    bool ok = true;
    for (auto& row : ds.d)
      for (void* desc : row) ok = ok && set(desc, l.inStrides, idist, l.outStrides, odist);
    return ok;
  };
  if (!l.derived) return all(l.inDist, l.outDist);
  if (!t.realForward && !t.realInverse) {
    size_t dist = 1;
    for (size_t i = 0; i < dim; ++i) dist *= lengths[i];
    return all(dist, dist);
  }
  // Real transforms: the outer strides follow the first dimension's length on each side, the
  // real side padded to whole complex elements in place.
  auto derive = [&](void* desc, size_t idist, size_t odist) {
    size_t is[3] = {l.inStrides[0], 1, 1}, os[3] = {l.outStrides[0], 1, 1};
    for (size_t i = 1; i < dim; ++i) {
      is[i] = idist;
      idist *= lengths[i];
      os[i] = odist;
      odist *= lengths[i];
    }
    return set(desc, is, idist, os, odist);
  };
  const size_t complexLength = lengths[0] / 2 + 1, padded = 2 * complexLength;
  if (t.realForward)
    return derive(ds.d[1][0], padded, complexLength) && derive(ds.d[0][0], lengths[0], complexLength);
  return derive(ds.d[1][1], complexLength, padded) && derive(ds.d[0][1], complexLength, lengths[0]);
}

hipfftResult destroyPlans(const RocfftLibrary* lib, RocfftPlan* p) {
  hipfftResult r = HIPFFT_SUCCESS;
  for (auto& row : p->plans)
    for (void*& plan : row) {
      if (plan != nullptr && lib->rocfft_plan_destroy(plan) != kSuccess) r = HIPFFT_INVALID_VALUE;
      plan = nullptr;
    }
  return r;
}

bool freeWork(RocfftPlan* p) {
  const bool ok = !p->ownsWork || p->work == nullptr || hipFree(p->work) == hipSuccess;
  if (p->ownsWork) p->work = nullptr;
  p->ownsWork = false;
  return ok;
}

hipfftResult make(hipfftHandle h, size_t dim, const size_t* lengths, hipfftType type,
                  size_t batch, const Layout* layout, size_t* workSize) {
  RocfftPlan* p = planOf(h);
  if (p == nullptr) return HIPFFT_INVALID_PLAN;
  const RocfftLibrary* lib = rocfftLibrary();  // loaded: the plan exists
  (void)destroyPlans(lib, p);  // a plan made again replaces its rocFFT plans
  Descriptions ds(lib);
  if (!ds.ok) return HIPFFT_ALLOC_FAILED;
  const Transform t = transformOf(type);
  if (layout != nullptr && !applyLayout(lib, ds, t, dim, lengths, *layout))
    return HIPFFT_INVALID_VALUE;
  if (p->scale != 1.0)
    for (auto& row : ds.d)
      for (void* desc : row)
        if (lib->rocfft_plan_description_set_scale_factor(desc, p->scale) != kSuccess)
          return HIPFFT_INVALID_VALUE;
  // Some layouts suit one placement only: keep the plans rocFFT makes.
  int made = 0;
  for (int inverse : {0, 1}) {
    if (inverse ? t.realForward : t.realInverse) continue;
    const int transform = t.realForward   ? kRealForward
                          : t.realInverse ? kRealInverse
                          : inverse       ? kComplexInverse
                                          : kComplexForward;
    for (int inPlace : {1, 0}) {
      void*& plan = p->plans[inPlace][inverse];
      if (lib->rocfft_plan_create(&plan, inPlace ? kInPlace : kNotInPlace, transform,
                                  t.precision, dim, lengths, batch,
                                  ds.d[inPlace][inverse]) == kSuccess) {
        ++made;
      } else {
        plan = nullptr;
      }
    }
  }
  if (made == 0) return HIPFFT_PARSE_ERROR;
  size_t bytes = 0;
  for (auto& row : p->plans)
    for (void* plan : row) {
      size_t b = 0;
      if (plan != nullptr && lib->rocfft_plan_get_work_buffer_size(plan, &b) != kSuccess)
        return HIPFFT_INVALID_VALUE;
      bytes = std::max(bytes, b);
    }
  if (bytes > 0 && p->autoAllocate) {
    if (!freeWork(p) || hipMalloc(&p->work, bytes) != hipSuccess) return HIPFFT_ALLOC_FAILED;
    p->ownsWork = true;
    if (lib->rocfft_execution_info_set_work_buffer(p->info, p->work, bytes) != kSuccess)
      return HIPFFT_INVALID_VALUE;
  }
  p->workSize = bytes;
  if (workSize != nullptr) *workSize = bytes;
  return HIPFFT_SUCCESS;
}

template <class Int>
hipfftResult makeMany(hipfftHandle plan, int rank, const Int* n, const Int* inembed, Int istride,
                      Int idist, const Int* onembed, Int ostride, Int odist, hipfftType type,
                      Int batch, size_t* workSize) {
  if ((inembed == nullptr) != (onembed == nullptr) || istride < 0 || idist < 0 || ostride < 0 ||
      odist < 0)
    return HIPFFT_INVALID_VALUE;
  for (const Int* embed : {inembed, onembed})
    if (embed != nullptr && std::any_of(embed, embed + rank, [](Int v) { return v < 0; }))
      return HIPFFT_INVALID_SIZE;
  // hipFFT's dimensions run slowest first, rocFFT's fastest first.
  size_t lengths[3] = {};
  for (int i = 0; i < rank; ++i) lengths[i] = n[rank - 1 - i];
  Layout l;
  l.derived = inembed == nullptr;
  for (int i = 1; i < rank; ++i) {
    l.inStrides[i] = lengths[i - 1] * l.inStrides[i - 1];
    l.outStrides[i] = lengths[i - 1] * l.outStrides[i - 1];
  }
  auto embedded = [rank](size_t* strides, const Int* embed, Int stride) {
    strides[0] = stride;
    for (int i = 1; i < rank; ++i) strides[i] = embed[rank - i] * strides[i - 1];
  };
  if (inembed != nullptr) embedded(l.inStrides, inembed, istride);
  if (onembed != nullptr) embedded(l.outStrides, onembed, ostride);
  l.inDist = idist;
  l.outDist = odist;
  return make(plan, rank, lengths, type, batch, &l, workSize);
}

// Create + make: the handle becomes the caller's only when the plan was made.
template <class Make>
hipfftResult createAndMake(hipfftHandle* out, Make makeIt) {
  hipfftHandle h = nullptr;
  if (hipfftResult r = amd::hipfftCreate(&h); r != HIPFFT_SUCCESS) return r;
  if (hipfftResult r = makeIt(h); r != HIPFFT_SUCCESS) {
    (void)::hipfftDestroy(h);
    return r;
  }
  *out = h;
  return HIPFFT_SUCCESS;
}

// The work size of a temporary plan (not allocated), as AMD's Estimate and GetSize report it.
template <class Make>
hipfftResult sizeOf(size_t* workSize, Make makeIt) {
  hipfftHandle h = nullptr;
  if (hipfftResult r = amd::hipfftCreate(&h); r != HIPFFT_SUCCESS) return r;
  planOf(h)->autoAllocate = false;
  const hipfftResult r = makeIt(h, workSize);
  (void)::hipfftDestroy(h);
  return r;
}

hipfftResult exec(hipfftHandle h, void* in, void* out, bool inverse) {
  RocfftPlan* p = planOf(h);
  if (p == nullptr) return HIPFFT_INVALID_PLAN;
  void* plan = p->plans[in == out][inverse];
  if (plan == nullptr) return HIPFFT_EXEC_FAILED;
  void* inBuffers[1] = {in};
  void* outBuffers[1] = {out};
  return rocfftLibrary()->rocfft_execute(plan, inBuffers, outBuffers, p->info) == kSuccess
             ? HIPFFT_SUCCESS
             : HIPFFT_EXEC_FAILED;
}

// rocFFT's "major.minor.patch[.tweak]" as major * 10000 + minor * 100 + patch.
hipfftResult version(int* value) {
  const RocfftLibrary* lib = rocfftLibrary();
  if (lib == nullptr) return HIPFFT_SETUP_FAILED;
  char text[256] = {};
  if (lib->rocfft_get_version_string(text, sizeof text) != kSuccess) return HIPFFT_INVALID_VALUE;
  int major = 0, minor = 0, patch = 0;
  if (std::sscanf(text, "%d.%d.%d", &major, &minor, &patch) < 1) return HIPFFT_INTERNAL_ERROR;
  *value = major * 10000 + minor * 100 + patch;
  return HIPFFT_SUCCESS;
}

}  // namespace

namespace amd {

hipfftResult hipfftCreate(hipfftHandle* plan) {
  const RocfftLibrary* lib = rocfftLibrary();
  if (lib == nullptr) return HIPFFT_SETUP_FAILED;
  auto* p = new (std::nothrow) RocfftPlan;
  if (p == nullptr) return HIPFFT_ALLOC_FAILED;
  if (lib->rocfft_execution_info_create(&p->info) != kSuccess) {
    delete p;
    return HIPFFT_INVALID_VALUE;
  }
  int device = 0;
  (void)hipGetDevice(&device);
  *plan = registerRocfftPlan(p, device);
  return HIPFFT_SUCCESS;
}

hipfftResult destroy(RocfftPlan* p) {
  const RocfftLibrary* lib = rocfftLibrary();
  hipfftResult r = destroyPlans(lib, p);
  if (!freeWork(p) && r == HIPFFT_SUCCESS) r = HIPFFT_INTERNAL_ERROR;
  if (lib->rocfft_execution_info_destroy(p->info) != kSuccess && r == HIPFFT_SUCCESS)
    r = HIPFFT_INVALID_VALUE;
  delete p;
  return r;
}

hipfftResult setScaleFactor(RocfftPlan* p, double scale) {
  if (!std::isfinite(scale)) return HIPFFT_INVALID_VALUE;
  p->scale = scale;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftMakePlan1d(hipfftHandle plan, int nx, hipfftType type, int batch,
                              size_t* workSize) {
  const size_t lengths[1] = {size_t(nx)};
  return make(plan, 1, lengths, type, batch, nullptr, workSize);
}
hipfftResult hipfftMakePlan2d(hipfftHandle plan, int nx, int ny, hipfftType type,
                              size_t* workSize) {
  const size_t lengths[2] = {size_t(ny), size_t(nx)};
  return make(plan, 2, lengths, type, 1, nullptr, workSize);
}
hipfftResult hipfftMakePlan3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type,
                              size_t* workSize) {
  const size_t lengths[3] = {size_t(nz), size_t(ny), size_t(nx)};
  return make(plan, 3, lengths, type, 1, nullptr, workSize);
}
hipfftResult hipfftMakePlanMany(hipfftHandle plan, int rank, int* n, int* inembed, int istride,
                                int idist, int* onembed, int ostride, int odist, hipfftType type,
                                int batch, size_t* workSize) {
  return makeMany<int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                       batch, workSize);
}
hipfftResult hipfftMakePlanMany64(hipfftHandle plan, int rank, long long* n, long long* inembed,
                                  long long istride, long long idist, long long* onembed,
                                  long long ostride, long long odist, hipfftType type,
                                  long long batch, size_t* workSize) {
  return makeMany<long long>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist,
                             type, batch, workSize);
}

hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx, hipfftType type, int batch) {
  return createAndMake(plan,
                       [&](hipfftHandle h) { return amd::hipfftMakePlan1d(h, nx, type, batch, nullptr); });
}
hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny, hipfftType type) {
  return createAndMake(plan,
                       [&](hipfftHandle h) { return amd::hipfftMakePlan2d(h, nx, ny, type, nullptr); });
}
hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny, int nz, hipfftType type) {
  return createAndMake(
      plan, [&](hipfftHandle h) { return amd::hipfftMakePlan3d(h, nx, ny, nz, type, nullptr); });
}
hipfftResult hipfftPlanMany(hipfftHandle* plan, int rank, int* n, int* inembed, int istride,
                            int idist, int* onembed, int ostride, int odist, hipfftType type,
                            int batch) {
  return createAndMake(plan, [&](hipfftHandle h) {
    return amd::hipfftMakePlanMany(h, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                              batch, nullptr);
  });
}

hipfftResult hipfftEstimate1d(int nx, hipfftType type, int batch, size_t* workSize) {
  return amd::hipfftGetSize1d(nullptr, nx, type, batch, workSize);
}
hipfftResult hipfftEstimate2d(int nx, int ny, hipfftType type, size_t* workSize) {
  return amd::hipfftGetSize2d(nullptr, nx, ny, type, workSize);
}
hipfftResult hipfftEstimate3d(int nx, int ny, int nz, hipfftType type, size_t* workSize) {
  return amd::hipfftGetSize3d(nullptr, nx, ny, nz, type, workSize);
}
hipfftResult hipfftEstimateMany(int rank, int* n, int* inembed, int istride, int idist,
                                int* onembed, int ostride, int odist, hipfftType type, int batch,
                                size_t* workSize) {
  return amd::hipfftGetSizeMany(nullptr, rank, n, inembed, istride, idist, onembed, ostride, odist,
                           type, batch, workSize);
}
// The plan is not used: AMD's hipFFT sizes a temporary one.
hipfftResult hipfftGetSize1d(hipfftHandle, int nx, hipfftType type, int batch, size_t* workSize) {
  return sizeOf(workSize,
                [&](hipfftHandle h, size_t* ws) { return amd::hipfftMakePlan1d(h, nx, type, batch, ws); });
}
hipfftResult hipfftGetSize2d(hipfftHandle, int nx, int ny, hipfftType type, size_t* workSize) {
  return sizeOf(workSize,
                [&](hipfftHandle h, size_t* ws) { return amd::hipfftMakePlan2d(h, nx, ny, type, ws); });
}
hipfftResult hipfftGetSize3d(hipfftHandle, int nx, int ny, int nz, hipfftType type,
                             size_t* workSize) {
  return sizeOf(workSize, [&](hipfftHandle h, size_t* ws) {
    return amd::hipfftMakePlan3d(h, nx, ny, nz, type, ws);
  });
}
hipfftResult hipfftGetSizeMany(hipfftHandle, int rank, int* n, int* inembed, int istride,
                               int idist, int* onembed, int ostride, int odist, hipfftType type,
                               int batch, size_t* workSize) {
  return sizeOf(workSize, [&](hipfftHandle h, size_t* ws) {
    return amd::hipfftMakePlanMany(h, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                              batch, ws);
  });
}
hipfftResult hipfftGetSizeMany64(hipfftHandle, int rank, long long* n, long long* inembed,
                                 long long istride, long long idist, long long* onembed,
                                 long long ostride, long long odist, hipfftType type,
                                 long long batch, size_t* workSize) {
  return sizeOf(workSize, [&](hipfftHandle h, size_t* ws) {
    return amd::hipfftMakePlanMany64(h, rank, n, inembed, istride, idist, onembed, ostride, odist,
                                type, batch, ws);
  });
}

hipfftResult hipfftGetSize(hipfftHandle plan, size_t* workSize) {
  RocfftPlan* p = planOf(plan);
  if (p == nullptr) return HIPFFT_INVALID_PLAN;
  *workSize = p->workSize;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftSetAutoAllocation(hipfftHandle plan, int autoAllocate) {
  RocfftPlan* p = planOf(plan);
  if (p == nullptr) return HIPFFT_INVALID_PLAN;
  p->autoAllocate = autoAllocate != 0;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftSetWorkArea(hipfftHandle plan, void* workArea) {
  RocfftPlan* p = planOf(plan);
  if (p == nullptr) return HIPFFT_INVALID_PLAN;
  if (!freeWork(p)) return HIPFFT_INTERNAL_ERROR;
  if (workArea == nullptr) return HIPFFT_SUCCESS;
  p->work = workArea;
  return rocfftLibrary()->rocfft_execution_info_set_work_buffer(p->info, workArea, p->workSize) ==
                 kSuccess
             ? HIPFFT_SUCCESS
             : HIPFFT_INVALID_VALUE;
}

hipfftResult hipfftExecC2C(hipfftHandle plan, hipfftComplex* idata, hipfftComplex* odata,
                           int direction) {
  return exec(plan, idata, odata, direction == HIPFFT_BACKWARD);
}
hipfftResult hipfftExecR2C(hipfftHandle plan, hipfftReal* idata, hipfftComplex* odata) {
  return exec(plan, idata, odata, false);
}
hipfftResult hipfftExecC2R(hipfftHandle plan, hipfftComplex* idata, hipfftReal* odata) {
  return exec(plan, idata, odata, true);
}
hipfftResult hipfftExecZ2Z(hipfftHandle plan, hipfftDoubleComplex* idata,
                           hipfftDoubleComplex* odata, int direction) {
  return exec(plan, idata, odata, direction == HIPFFT_BACKWARD);
}
hipfftResult hipfftExecD2Z(hipfftHandle plan, hipfftDoubleReal* idata,
                           hipfftDoubleComplex* odata) {
  return exec(plan, idata, odata, false);
}
hipfftResult hipfftExecZ2D(hipfftHandle plan, hipfftDoubleComplex* idata,
                           hipfftDoubleReal* odata) {
  return exec(plan, idata, odata, true);
}

// rocFFT runs on unihip as its HIP runtime: it takes the hipStream_t itself.
hipfftResult hipfftSetStream(hipfftHandle plan, hipStream_t stream) {
  RocfftPlan* p = planOf(plan);
  if (p == nullptr) return HIPFFT_INVALID_PLAN;
  return rocfftLibrary()->rocfft_execution_info_set_stream(p->info, stream) == kSuccess
             ? HIPFFT_SUCCESS
             : HIPFFT_INVALID_VALUE;
}

hipfftResult hipfftGetVersion(int* value) { return version(value); }

hipfftResult hipfftGetProperty(hipfftLibraryPropertyType type, int* value) {
  int v = 0;
  if (hipfftResult r = version(&v); r != HIPFFT_SUCCESS) return r;
  *value = type == HIPFFT_MAJOR_VERSION ? v / 10000
           : type == HIPFFT_MINOR_VERSION ? v / 100 % 100
                                          : v % 100;
  return HIPFFT_SUCCESS;
}

}  // namespace amd
}  // namespace unihip::hipfft
