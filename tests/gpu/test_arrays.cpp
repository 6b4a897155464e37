// Arrays and mipmapped arrays on the GPU: 1D/2D/3D and layered round trips through every copy
// entry point, descriptors, mipmap levels, and the bad handles HIP rejects.
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <thread>
#include <vector>

#include "gpu_test_support.h"

namespace {

template <typename T>
std::vector<T> iota(size_t n, T first = T(1)) {
  std::vector<T> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

}  // namespace

TEST_CASE("1D array: create, describe, round trips (2D, row and driver-style copies)", "[arrays]") {
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipArray_t a = nullptr;
  HIP_REQUIRE(hipMallocArray(&a, &desc, 64, 0));
  hipChannelFormatDesc got{};
  hipExtent extent{};
  unsigned flags = 99;
  HIP_REQUIRE(hipArrayGetInfo(&got, &extent, &flags, a));
  CHECK(got.x == 32);
  CHECK(got.y == 0);
  CHECK(got.f == hipChannelFormatKindFloat);
  CHECK(extent.width == 64);
  CHECK(extent.height == 0);
  CHECK(extent.depth == 0);
  CHECK(flags == 0);
  HIP_ARRAY_DESCRIPTOR d{};
  HIP_REQUIRE(hipArrayGetDescriptor(&d, a));
  CHECK(d.Width == 64);
  CHECK(d.Format == HIP_AD_FORMAT_FLOAT);
  CHECK(d.NumChannels == 1);
  HIP_CHECK(hipGetChannelDesc(&got, a));
  CHECK(got.x == 32);

  const std::vector<float> in = iota<float>(64);
  HIP_REQUIRE(hipMemcpy2DToArray(a, 0, 0, in.data(), 64 * 4, 64 * 4, 1, hipMemcpyHostToDevice));
  std::vector<float> out(64, -1.f);
  HIP_REQUIRE(hipMemcpy2DFromArray(out.data(), 64 * 4, a, 0, 0, 64 * 4, 1, hipMemcpyDeviceToHost));
  CHECK(out == in);

  // Row and driver-style 1D copies at byte offsets.
  const std::vector<float> patch = {-1.f, -2.f, -3.f};
  HIP_REQUIRE(hipMemcpyToArray(a, 8 * 4, 0, patch.data(), 3 * 4, hipMemcpyHostToDevice));
  std::vector<float> row(4, 0.f);
  HIP_REQUIRE(hipMemcpyFromArray(row.data(), a, 7 * 4, 0, 4 * 4, hipMemcpyDeviceToHost));
  CHECK(row == std::vector<float>{8.f, -1.f, -2.f, -3.f});
  HIP_REQUIRE(hipMemcpyHtoA(a, 20 * 4, patch.data(), 3 * 4));
  std::vector<float> back(3, 0.f);
  HIP_REQUIRE(hipMemcpyAtoH(back.data(), a, 20 * 4, 3 * 4));
  CHECK(back == patch);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipMemcpyHtoAAsync(a, 40 * 4, in.data(), 3 * 4, s));
  HIP_REQUIRE(hipMemcpyAtoHAsync(back.data(), a, 40 * 4, 3 * 4, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(back == std::vector<float>{1.f, 2.f, 3.f});
  // Device memory <-> array, array <-> array.
  DeviceBuffer<float> dev(64);
  HIP_REQUIRE(hipMemcpyAtoD(dev.ptr, a, 0, 64 * 4));
  std::vector<float> expect = in;
  expect[8] = -1, expect[9] = -2, expect[10] = -3;
  expect[20] = -1, expect[21] = -2, expect[22] = -3;
  expect[40] = 1, expect[41] = 2, expect[42] = 3;
  CHECK(dev.read() == expect);
  hipArray_t b = nullptr;
  HIP_REQUIRE(hipMallocArray(&b, &desc, 64, 0));
  HIP_REQUIRE(hipMemcpyDtoA(b, 0, dev.ptr, 64 * 4));
  hipArray_t c = nullptr;
  HIP_REQUIRE(hipMallocArray(&c, &desc, 64, 0));
  HIP_REQUIRE(hipMemcpyAtoA(c, 0, b, 0, 64 * 4));
  std::fill(out.begin(), out.end(), 0.f);
  HIP_REQUIRE(hipMemcpyAtoH(out.data(), c, 0, 64 * 4));
  CHECK(out == expect);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFreeArray(c));
  HIP_CHECK(hipArrayDestroy(b));
  HIP_CHECK(hipFreeArray(a));
}

TEST_CASE("2D array: pitched host and device sides, async, array to array, memcpyDefault",
          "[arrays]") {
  constexpr size_t w = 37, h = 19;
  hipArray_t a = nullptr;
  HIP_ARRAY_DESCRIPTOR ad{w, h, HIP_AD_FORMAT_SIGNED_INT32, 1};
  HIP_REQUIRE(hipArrayCreate(&a, &ad));
  HIP_ARRAY3D_DESCRIPTOR d3{};
  HIP_REQUIRE(hipArray3DGetDescriptor(&d3, a));
  CHECK(d3.Width == w);
  CHECK(d3.Height == h);
  CHECK(d3.Depth == 0);
  CHECK(d3.Format == HIP_AD_FORMAT_SIGNED_INT32);
  CHECK(d3.NumChannels == 1);

  // Host rows 48 ints apart.
  constexpr size_t hostPitch = 48;
  std::vector<int> in(hostPitch * h, -7);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) in[y * hostPitch + x] = static_cast<int>(x + 1000 * y);
  HIP_REQUIRE(hipMemcpy2DToArray(a, 0, 0, in.data(), hostPitch * 4, w * 4, h, hipMemcpyDefault));
  std::vector<int> out(w * h, 0);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipMemcpy2DFromArrayAsync(out.data(), w * 4, a, 0, 0, w * 4, h,
                                        hipMemcpyDeviceToHost, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  int wrong = 0;
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) wrong += out[y * w + x] != static_cast<int>(x + 1000 * y);
  CHECK(wrong == 0);

  // Row-major copies of the whole array (hipMemcpyToArray / FromArray wrap across rows).
  std::vector<int> packed(w * h);
  for (size_t i = 0; i < packed.size(); ++i) packed[i] = static_cast<int>(7 * i);
  hipArray_t whole = nullptr;
  HIP_REQUIRE(hipArrayCreate(&whole, &ad));
  HIP_REQUIRE(hipMemcpyToArray(whole, 0, 0, packed.data(), packed.size() * 4,
                               hipMemcpyHostToDevice));
  std::vector<int> unpacked(w * h, 0);
  HIP_REQUIRE(hipMemcpy2DFromArray(unpacked.data(), w * 4, whole, 0, 0, w * 4, h,
                                   hipMemcpyDeviceToHost));
  CHECK(unpacked == packed);
  std::vector<int> span(w, 0);  // from the middle of row 2 into row 3
  HIP_REQUIRE(hipMemcpyFromArray(span.data(), whole, 10 * 4, 2, w * 4, hipMemcpyDeviceToHost));
  CHECK(span[0] == static_cast<int>(7 * (2 * w + 10)));
  CHECK(span[w - 1] == static_cast<int>(7 * (3 * w + 9)));
  HIP_CHECK(hipFreeArray(whole));

  // A sub-rectangle: 3x2 elements at (5, 4) of the array, to pitched device memory and back.
  void* dev = nullptr;
  size_t pitch = 0;
  HIP_REQUIRE(hipMallocPitch(&dev, &pitch, 3 * 4, 2));
  HIP_REQUIRE(hipMemcpy2DFromArray(dev, pitch, a, 5 * 4, 4, 3 * 4, 2, hipMemcpyDeviceToDevice));
  hipArray_t b = nullptr;
  HIP_REQUIRE(hipArrayCreate(&b, &ad));
  HIP_REQUIRE(hipMemcpy2DToArrayAsync(b, 0, 0, dev, pitch, 3 * 4, 2, hipMemcpyDeviceToDevice, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  std::vector<int> sub(6, 0);
  HIP_REQUIRE(hipMemcpy2DFromArray(sub.data(), 3 * 4, b, 0, 0, 3 * 4, 2, hipMemcpyDeviceToHost));
  CHECK(sub == std::vector<int>{4005, 4006, 4007, 5005, 5006, 5007});
  // Array to array, at offsets.
  HIP_REQUIRE(hipMemcpy2DArrayToArray(b, 4, 1, a, 0, 0, 2 * 4, 2, hipMemcpyDeviceToDevice));
  std::vector<int> moved(4, -9);
  HIP_REQUIRE(hipMemcpy2DFromArray(moved.data(), 2 * 4, b, 4, 1, 2 * 4, 2, hipMemcpyDeviceToHost));
  CHECK(moved == std::vector<int>{0, 1, 1000, 1001});
  HIP_REQUIRE(hipMemcpy2DFromArray(moved.data(), 2 * 4, b, 0, 1, 2 * 4, 1, hipMemcpyDeviceToHost));
  CHECK(moved[0] == 5005);  // left of the copied block: unchanged
  // Driver-style 2D copy with an array destination.
  std::vector<int> two = {-1, -2};
  hip_Memcpy2D p{};
  p.srcMemoryType = hipMemoryTypeHost;
  p.srcHost = two.data();
  p.srcPitch = 8;
  p.dstMemoryType = hipMemoryTypeArray;
  p.dstArray = b;
  p.dstXInBytes = 4;
  p.dstY = 0;
  p.WidthInBytes = 8;
  p.Height = 1;
  HIP_REQUIRE(hipMemcpyParam2D(&p));
  HIP_REQUIRE(hipMemcpy2DFromArray(sub.data(), 3 * 4, b, 0, 0, 3 * 4, 1, hipMemcpyDeviceToHost));
  CHECK(sub[0] == 4005);
  CHECK(sub[1] == -1);
  CHECK(sub[2] == -2);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(dev));
  HIP_CHECK(hipFreeArray(b));
  HIP_CHECK(hipFreeArray(a));
}

TEST_CASE("3D and layered arrays: hipMemcpy3D (+Async) and hipDrvMemcpy3D round trips",
          "[arrays]") {
  constexpr size_t w = 16, h = 8, d = 5;
  hipChannelFormatDesc desc = hipCreateChannelDesc<float2>();
  hipArray_t a = nullptr;
  HIP_REQUIRE(hipMalloc3DArray(&a, &desc, make_hipExtent(w, h, d), 0));
  hipExtent e{};
  HIP_REQUIRE(hipArrayGetInfo(nullptr, &e, nullptr, a));
  CHECK(e.width == w);
  CHECK(e.height == h);
  CHECK(e.depth == d);
  std::vector<float2> in(w * h * d);
  for (size_t i = 0; i < in.size(); ++i) in[i] = make_float2(float(i), -float(i));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(in.data(), w * sizeof(float2), w, h);
  p.dstArray = a;
  p.extent = make_hipExtent(w, h, d);
  p.kind = hipMemcpyHostToDevice;
  HIP_REQUIRE(hipMemcpy3D(&p));
  std::vector<float2> out(in.size(), make_float2(0, 0));
  hipMemcpy3DParms q{};
  q.srcArray = a;
  q.dstPtr = make_hipPitchedPtr(out.data(), w * sizeof(float2), w, h);
  q.extent = p.extent;
  q.kind = hipMemcpyDeviceToHost;
  HIP_REQUIRE(hipMemcpy3DAsync(&q, nullptr));
  HIP_REQUIRE(hipStreamSynchronize(nullptr));
  int wrong = 0;
  for (size_t i = 0; i < in.size(); ++i) wrong += out[i].x != in[i].x || out[i].y != in[i].y;
  CHECK(wrong == 0);
  // A 2x2x2 box at (3, 4, 1), in elements, through the driver-style copy.
  std::vector<float2> box(8);
  HIP_MEMCPY3D c{};
  c.srcMemoryType = hipMemoryTypeArray;
  c.srcArray = a;
  c.srcXInBytes = 3 * sizeof(float2);
  c.srcY = 4;
  c.srcZ = 1;
  c.dstMemoryType = hipMemoryTypeHost;
  c.dstHost = box.data();
  c.dstPitch = 2 * sizeof(float2);
  c.dstHeight = 2;
  c.WidthInBytes = 2 * sizeof(float2);
  c.Height = 2;
  c.Depth = 2;
  HIP_REQUIRE(hipDrvMemcpy3D(&c));
  auto at = [&](size_t x, size_t y, size_t z) { return float((z * h + y) * w + x); };
  CHECK(box[0].x == at(3, 4, 1));
  CHECK(box[1].x == at(4, 4, 1));
  CHECK(box[2].x == at(3, 5, 1));
  CHECK(box[7].x == at(4, 5, 2));
  CHECK(box[7].y == -at(4, 5, 2));
  HIP_CHECK(hipFreeArray(a));

  // A layered 2D array (3 layers of 4x4 ushort4) and a layered 1D one.
  HIP_ARRAY3D_DESCRIPTOR ld{4, 4, 3, HIP_AD_FORMAT_UNSIGNED_INT16, 4, hipArrayLayered};
  hipArray_t layered = nullptr;
  HIP_REQUIRE(hipArray3DCreate(&layered, &ld));
  HIP_ARRAY3D_DESCRIPTOR got{};
  HIP_REQUIRE(hipArray3DGetDescriptor(&got, layered));
  CHECK(got.Depth == 3);
  CHECK(got.Flags == hipArrayLayered);
  CHECK(got.NumChannels == 4);
  std::vector<ushort4> lin(4 * 4 * 3);
  for (size_t i = 0; i < lin.size(); ++i)
    lin[i] = make_ushort4(ushort(i), ushort(i + 1), ushort(i + 2), ushort(i + 3));
  hipMemcpy3DParms lp{};
  lp.srcPtr = make_hipPitchedPtr(lin.data(), 4 * sizeof(ushort4), 4, 4);
  lp.dstArray = layered;
  lp.extent = make_hipExtent(4, 4, 3);
  lp.kind = hipMemcpyHostToDevice;
  HIP_REQUIRE(hipMemcpy3D(&lp));
  std::vector<ushort4> lout(lin.size());
  hipMemcpy3DParms lq{};
  lq.srcArray = layered;
  lq.dstPtr = make_hipPitchedPtr(lout.data(), 4 * sizeof(ushort4), 4, 4);
  lq.extent = lp.extent;
  lq.kind = hipMemcpyDeviceToHost;
  HIP_REQUIRE(hipMemcpy3D(&lq));
  wrong = 0;
  for (size_t i = 0; i < lin.size(); ++i) wrong += lout[i].x != lin[i].x || lout[i].w != lin[i].w;
  CHECK(wrong == 0);
  HIP_CHECK(hipArrayDestroy(layered));

  hipChannelFormatDesc cdesc = hipCreateChannelDesc<unsigned char>();
  hipArray_t l1 = nullptr;
  HIP_REQUIRE(hipMalloc3DArray(&l1, &cdesc, make_hipExtent(10, 0, 2), hipArrayLayered));
  std::vector<unsigned char> bytes = iota<unsigned char>(20);
  hipMemcpy3DParms bp{};
  bp.srcPtr = make_hipPitchedPtr(bytes.data(), 10, 10, 1);
  bp.dstArray = l1;
  bp.extent = make_hipExtent(10, 1, 2);
  bp.kind = hipMemcpyHostToDevice;
  HIP_REQUIRE(hipMemcpy3D(&bp));
  std::vector<unsigned char> bout(20, 0);
  hipMemcpy3DParms bq{};
  bq.srcArray = l1;
  bq.dstPtr = make_hipPitchedPtr(bout.data(), 10, 10, 1);
  bq.extent = bp.extent;
  bq.kind = hipMemcpyDeviceToHost;
  HIP_REQUIRE(hipMemcpy3D(&bq));
  CHECK(bout == bytes);
  HIP_CHECK(hipFreeArray(l1));
}

TEST_CASE("mipmapped arrays: levels, their shapes and contents, lifetime", "[arrays]") {
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  hipMipmappedArray_t m = nullptr;
  HIP_REQUIRE(hipMallocMipmappedArray(&m, &desc, make_hipExtent(16, 8, 0), 3, 0));
  CHECK(m->max_mipmap_level == 2);
  CHECK(m->width == 16);
  CHECK(m->num_channels == 1);
  hipArray_t l0 = nullptr, l1 = nullptr, l2 = nullptr, again = nullptr;
  HIP_REQUIRE(hipGetMipmappedArrayLevel(&l0, m, 0));
  HIP_REQUIRE(hipGetMipmappedArrayLevel(&l1, m, 1));
  HIP_REQUIRE(hipMipmappedArrayGetLevel(&l2, m, 2));
  HIP_REQUIRE(hipGetMipmappedArrayLevel(&again, m, 1));
  CHECK(again == l1);
  hipArray_t bad = nullptr;
  CHECK(hipGetMipmappedArrayLevel(&bad, m, 3) == hipErrorInvalidValue);
  hipExtent e{};
  HIP_REQUIRE(hipArrayGetInfo(nullptr, &e, nullptr, l1));
  CHECK(e.width == 8);
  CHECK(e.height == 4);
  HIP_REQUIRE(hipArrayGetInfo(nullptr, &e, nullptr, l2));
  CHECK(e.width == 4);
  CHECK(e.height == 2);
  const std::vector<float> in = iota<float>(32);
  HIP_REQUIRE(hipMemcpy2DToArray(l1, 0, 0, in.data(), 8 * 4, 8 * 4, 4, hipMemcpyHostToDevice));
  std::vector<float> out(32, 0.f);
  HIP_REQUIRE(hipMemcpy2DFromArray(out.data(), 8 * 4, l1, 0, 0, 8 * 4, 4, hipMemcpyDeviceToHost));
  CHECK(out == in);
  // A level belongs to its mipmapped array.
  CHECK(hipFreeArray(l1) == hipErrorInvalidValue);
  HIP_REQUIRE(hipFreeMipmappedArray(m));
  CHECK(hipArrayGetInfo(nullptr, &e, nullptr, l1) == hipErrorInvalidHandle);
  CHECK(hipFreeMipmappedArray(m) == hipErrorContextIsDestroyed);
  CHECK(hipGetMipmappedArrayLevel(&bad, m, 0) == hipErrorInvalidValue);

  HIP_ARRAY3D_DESCRIPTOR d{32, 32, 0, HIP_AD_FORMAT_UNSIGNED_INT8, 4, 0};
  hipMipmappedArray_t m2 = nullptr;
  HIP_REQUIRE(hipMipmappedArrayCreate(&m2, &d, 6));
  HIP_REQUIRE(hipMipmappedArrayGetLevel(&l0, m2, 5));
  HIP_ARRAY_DESCRIPTOR ld{};
  HIP_REQUIRE(hipArrayGetDescriptor(&ld, l0));
  CHECK(ld.Width == 1);
  CHECK(ld.Height == 1);
  CHECK(ld.NumChannels == 4);
  CHECK(hipMipmappedArrayCreate(&m, &d, 0) == hipErrorInvalidValue);
  HIP_CHECK(hipMipmappedArrayDestroy(m2));
  CHECK(hipMipmappedArrayDestroy(m2) == hipErrorContextIsDestroyed);
}

TEST_CASE("arrays: freed, foreign and out-of-range handles and copies are rejected", "[arrays]") {
  hipChannelFormatDesc desc = hipCreateChannelDesc<int>();
  hipArray_t a = nullptr;
  HIP_REQUIRE(hipMallocArray(&a, &desc, 8, 8));
  std::vector<int> host(64, 1);
  // Out of range: the offset plus the extent past the array's edge.
  CHECK(hipMemcpy2DToArray(a, 6 * 4, 0, host.data(), 8 * 4, 4 * 4, 1, hipMemcpyHostToDevice) !=
        hipSuccess);
  CHECK(hipMemcpy2DFromArray(host.data(), 8 * 4, a, 0, 7, 8 * 4, 2, hipMemcpyDeviceToHost) !=
        hipSuccess);
  CHECK(hipMemcpy2DToArray(a, 0, 0, host.data(), 8 * 4, 8 * 4, 8, static_cast<hipMemcpyKind>(9)) ==
        hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy2DToArray(a, 0, 0, host.data(), 4, 8 * 4, 8, hipMemcpyHostToDevice) ==
        hipErrorInvalidPitchValue);
  HIP_REQUIRE(hipFreeArray(a));
  // Freed.
  CHECK(hipFreeArray(a) == hipErrorContextIsDestroyed);  // AMD: no longer in its array set
  CHECK(hipArrayDestroy(a) == hipErrorContextIsDestroyed);
  hipExtent e{};
  CHECK(hipArrayGetInfo(nullptr, &e, nullptr, a) == hipErrorInvalidHandle);
  HIP_ARRAY_DESCRIPTOR d{};
  CHECK(hipArrayGetDescriptor(&d, a) == hipErrorInvalidHandle);
  CHECK(hipMemcpy2DToArray(a, 0, 0, host.data(), 32, 32, 8, hipMemcpyHostToDevice) ==
        hipErrorInvalidHandle);
  CHECK(hipMemcpyHtoA(a, 0, host.data(), 4) == hipErrorInvalidHandle);
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(host.data(), 32, 8, 8);
  p.dstArray = a;
  p.extent = make_hipExtent(8, 8, 1);
  p.kind = hipMemcpyHostToDevice;
  CHECK(hipMemcpy3D(&p) == hipErrorInvalidHandle);
  // Never an array: a host address.
  int notAnArray[16] = {};
  hipArray_t foreign = reinterpret_cast<hipArray_t>(notAnArray);
  CHECK(hipFreeArray(foreign) == hipErrorContextIsDestroyed);
  CHECK(hipArrayGetInfo(nullptr, &e, nullptr, foreign) == hipErrorInvalidHandle);
  CHECK(hipMemcpyAtoH(host.data(), foreign, 0, 4) == hipErrorInvalidHandle);
  hipChannelFormatDesc cd{};
  CHECK(hipGetChannelDesc(&cd, foreign) == hipErrorInvalidValue);
  // Bad descriptors.
  HIP_ARRAY_DESCRIPTOR badFormat{8, 8, static_cast<hipArray_Format>(0x7), 1};
  CHECK(hipArrayCreate(&a, &badFormat) == hipErrorInvalidValue);
  HIP_ARRAY_DESCRIPTOR threeChannels{8, 8, HIP_AD_FORMAT_FLOAT, 3};
  CHECK(hipArrayCreate(&a, &threeChannels) == hipErrorInvalidValue);
  // Too large for the device: an error, never success.
  CHECK(hipMallocArray(&a, &desc, size_t(1) << 40, 1) != hipSuccess);
}

// hip-tests' Unit_hipFreeArray_MultiThreaded / Unit_hipFreeMultiTArray (SIGSEGV before): the
// main thread allocates while other threads free; a freed handle's object is reused at once.
TEST_CASE("arrays: allocating on one thread while others free", "[arrays][threads]") {
  for (unsigned height : {0u, 32u}) {
    const hipChannelFormatDesc desc = hipCreateChannelDesc<float4>();
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int i = 0; i < 256; ++i) {
      hipArray_t a = nullptr;
      HIP_REQUIRE(hipMallocArray(&a, &desc, 512, height, hipArrayDefault));
      threads.emplace_back([a, &failures] {
        if (hipFreeArray(a) != hipSuccess) ++failures;
        if (hipStreamQuery(nullptr) != hipSuccess) ++failures;
      });
    }
    for (auto& t : threads) t.join();
    CHECK(failures == 0);
  }
}

// hip-tests' hipArray.cc, hipFreeArray.cc, hipFree.cc, hipFreeMipmappedArray.cc DoubleFree:
// AMD's runtime answers hipErrorContextIsDestroyed for an array no longer (or never) live.
TEST_CASE("arrays: double and never-valid frees are hipErrorContextIsDestroyed", "[arrays]") {
  HIP_ARRAY_DESCRIPTOR d{};
  d.Format = HIP_AD_FORMAT_FLOAT;
  d.NumChannels = 1;
  d.Width = 1024;
  d.Height = 1024;
  hipArray_t a = nullptr;
  HIP_REQUIRE(hipArrayCreate(&a, &d));
  HIP_REQUIRE(hipArrayDestroy(a));
  CHECK(hipArrayDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipArrayDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipFreeArray(a) == hipErrorContextIsDestroyed);
  void* heap = std::malloc(1);
  CHECK(hipFreeArray(static_cast<hipArray_t>(heap)) == hipErrorContextIsDestroyed);
  std::free(heap);
  CHECK(hipFreeArray(nullptr) == hipErrorInvalidValue);
  const hipChannelFormatDesc c = hipCreateChannelDesc<char>();
  hipMipmappedArray_t m = nullptr;
  HIP_REQUIRE(hipMallocMipmappedArray(&m, &c, make_hipExtent(64, 64, 0), 5, hipArrayDefault));
  HIP_REQUIRE(hipFreeMipmappedArray(m));
  CHECK(hipFreeMipmappedArray(m) == hipErrorContextIsDestroyed);
  hipArray_t level = nullptr;
  CHECK(hipGetMipmappedArrayLevel(&level, nullptr, 1) == hipErrorInvalidHandle);
  (void)hipGetLastError();
}

// hip-tests' hipMalloc3DArray / hipArray3DCreate MaxTexture: one past the device's texture
// limits is hipErrorInvalidValue in every dimension (the 3D depth included: AMD's answer).
TEST_CASE("arrays: extents one past the device's texture limits", "[arrays]") {
  hipDeviceProp_t p{};
  HIP_REQUIRE(hipGetDeviceProperties(&p, 0));
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  const size_t s = 64;
  const hipExtent bad[] = {
      make_hipExtent(p.maxTexture1D + 1, 0, 0),
      make_hipExtent(p.maxTexture2D[0] + 1, s, 0),
      make_hipExtent(s, p.maxTexture2D[1] + 1, 0),
      make_hipExtent(p.maxTexture3D[0] + 1, s, s),
      make_hipExtent(s, p.maxTexture3D[1] + 1, s),
      make_hipExtent(s, s, p.maxTexture3D[2] + 1),
  };
  for (const hipExtent& e : bad) {
    hipArray_t a = nullptr;
    CAPTURE(e.width, e.height, e.depth);
    CHECK(hipMalloc3DArray(&a, &desc, e, hipArrayDefault) == hipErrorInvalidValue);
    HIP_ARRAY3D_DESCRIPTOR d{e.width, e.height, e.depth, HIP_AD_FORMAT_FLOAT, 1, 0};
    CHECK(hipArray3DCreate(&a, &d) == hipErrorInvalidValue);
  }
  hipArray_t a = nullptr;
  HIP_REQUIRE(hipMalloc3DArray(&a, &desc, make_hipExtent(s, s, p.maxTexture3D[2]), 0));
  HIP_CHECK(hipFreeArray(a));
  (void)hipGetLastError();
}

// hip-tests' hipPointerGetAttribute MemoryTypes: an array handle's memory type.
TEST_CASE("arrays: HIP_POINTER_ATTRIBUTE_MEMORY_TYPE of an array is hipMemoryTypeArray",
          "[arrays]") {
  const hipChannelFormatDesc desc = hipCreateChannelDesc<char>();
  hipArray_t a = nullptr;
  HIP_REQUIRE(hipMallocArray(&a, &desc, 16, 16, hipArrayDefault));
  unsigned type = 0;
  HIP_REQUIRE(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, a));
  CHECK(type == hipMemoryTypeArray);
  HIP_CHECK(hipFreeArray(a));
}
