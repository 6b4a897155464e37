// Arguments: scalars of every width, structs with padding and alignment, arrays by value,
// pointers to every memory kind, argument blocks at the size limit, templates, overloads,
// lambdas, default arguments.
#include "sem.h"

#include <cstring>
#include <limits>

namespace {

// Copies the argument's bytes out, so the host compares what the kernel received.
template <typename T>
__global__ void argEcho(T v, unsigned char* out) {
  const unsigned char* p = reinterpret_cast<const unsigned char*>(&v);
  for (unsigned i = 0; i < sizeof(T); ++i) out[i] = p[i];
}
// The same behind a char, so the value needs padding before it.
template <typename T>
__global__ void argEchoAfterChar(char c, T v, unsigned char* out) {
  const unsigned char* p = reinterpret_cast<const unsigned char*>(&v);
  for (unsigned i = 0; i < sizeof(T); ++i) out[i] = p[i];
  out[sizeof(T)] = static_cast<unsigned char>(c);
}

// Equality of what arrived: bytes for types without padding, members for those with padding
// (padding bytes are not part of the value).
template <typename T>
bool same(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }
struct Padded;
struct Aligned16;
struct Aligned32;
struct Nested;
struct Mixed;
struct Empty;
bool same(const Padded& a, const Padded& b);
bool same(const Aligned16& a, const Aligned16& b);
bool same(const Aligned32& a, const Aligned32& b);
bool same(const Nested& a, const Nested& b);
bool same(const Mixed& a, const Mixed& b);
bool same(const Empty&, const Empty&) { return true; }  // no value to compare

// Launches argEcho<T>(v) and compares the bytes the kernel saw with the host's.
template <typename T>
sem::Obs echo(T v, bool afterChar) {
  unsigned char* d = nullptr;
  sem::Obs o;
  (void)hipMalloc(&d, sizeof(T) + 1);
  (void)hipMemset(d, 0xee, sizeof(T) + 1);
  if (afterChar)
    argEchoAfterChar<T><<<1, 1>>>('c', v, d);
  else
    argEcho<T><<<1, 1>>>(v, d);
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  unsigned char h[sizeof(T) + 1];
  (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  (void)hipFree(d);
  T back;
  std::memcpy(static_cast<void*>(&back), h, sizeof(T));
  o.str("value", same(back, v) ? "equal" : "differ");
  if (afterChar) o.str("char", h[sizeof(T)] == 'c' ? "equal" : "differ");
  o.note("sizeof=" + std::to_string(sizeof(T)) + " alignof=" + std::to_string(alignof(T)));
  return o;
}

template <typename T>
void registerScalar(const std::string& name, T v) {
  sem::Registrar("args.scalar_" + name, "a " + name + " argument arrives bit-exact",
                 [v] { return echo<T>(v, false); });
  sem::Registrar("args.scalar_" + name + "_after_char",
                 "a " + name + " after a char argument arrives bit-exact (ABI padding)",
                 [v] { return echo<T>(v, true); });
}

struct Padded {  // char, 7 bytes of padding, double, char, 7 bytes tail padding
  char a;
  double b;
  char c;
};
struct alignas(16) Aligned16 {
  int x;
};
struct alignas(32) Aligned32 {
  char c;
  long long v[2];
};
struct Nested {
  short s;
  Padded p;
  int3 i3;
};
struct Bits {
  unsigned a : 3;
  unsigned b : 13;
  unsigned c : 16;
};
struct Empty {};
struct Array64 {
  int v[64];
};
struct Mixed {
  char c;
  float4 f;
  double d;
  bool b;
};
enum class Color : unsigned char { red = 3, blue = 200 };

bool same(const Padded& a, const Padded& b) { return a.a == b.a && a.b == b.b && a.c == b.c; }
bool same(const Aligned16& a, const Aligned16& b) { return a.x == b.x; }
bool same(const Aligned32& a, const Aligned32& b) {
  return a.c == b.c && a.v[0] == b.v[0] && a.v[1] == b.v[1];
}
bool same(const Nested& a, const Nested& b) {
  return a.s == b.s && same(a.p, b.p) && a.i3.x == b.i3.x && a.i3.y == b.i3.y && a.i3.z == b.i3.z;
}
bool same(const Mixed& a, const Mixed& b) {
  return a.c == b.c && a.f.x == b.f.x && a.f.y == b.f.y && a.f.z == b.f.z && a.f.w == b.f.w &&
         a.d == b.d && a.b == b.b;
}

template <typename T>
void registerStruct(const std::string& name, const std::string& what, T v) {
  sem::Registrar("args.struct_" + name, what + " by value arrives bit-exact",
                 [v] { return echo<T>(v, false); });
}

SEM_REGISTER(args_scalars) {
  registerScalar<char>("char", static_cast<char>(-97));
  registerScalar<signed char>("schar", std::numeric_limits<signed char>::min());
  registerScalar<unsigned char>("uchar", 0xa5);
  registerScalar<short>("short", static_cast<short>(-12345));
  registerScalar<unsigned short>("ushort", 0xfedc);
  registerScalar<int>("int", std::numeric_limits<int>::min() + 7);
  registerScalar<unsigned>("uint", 0xdeadbeefu);
  registerScalar<long>("long", -0x123456789abcdefl);
  registerScalar<unsigned long long>("ull", 0xfedcba9876543210ull);
  registerScalar<float>("float", -1.5e-30f);
  registerScalar<double>("double", 6.02214076e23);
  registerScalar<bool>("bool", true);
  registerScalar<void*>("pointer", reinterpret_cast<void*>(0x7f0012345678ull));
  registerScalar<Color>("enum_class", Color::blue);
  Padded p{'a', 3.25, 'z'};
  std::memset(&p, 0, sizeof p);  // deterministic padding bytes
  p.a = 'a';
  p.b = 3.25;
  p.c = 'z';
  registerStruct("padded", "struct {char; double; char} (padding inside and at the end)", p);
  registerStruct("aligned16", "alignas(16) struct", Aligned16{42});
  Aligned32 a32;
  std::memset(&a32, 0, sizeof a32);
  a32.c = 'q';
  a32.v[0] = -1;
  a32.v[1] = 0x0102030405060708ll;
  registerStruct("aligned32", "alignas(32) struct", a32);
  Nested n;
  std::memset(&n, 0, sizeof n);
  n.s = -2;
  n.p.a = 'x';
  n.p.b = -0.0;
  n.i3 = make_int3(1, -2, 3);
  registerStruct("nested", "nested struct with int3", n);
  Bits bits{5, 4097, 65535};
  registerStruct("bitfields", "bit-field struct", bits);
  registerStruct("empty", "empty struct", Empty{});
  Array64 arr;
  for (int i = 0; i < 64; ++i) arr.v[i] = i * i - 1000;
  registerStruct("array64", "int[64] wrapped in a struct (array by value)", arr);
  Mixed m;
  std::memset(&m, 0, sizeof m);
  m.c = 1;
  m.f = make_float4(1, 2, 3, 4);
  m.d = 5;
  m.b = true;
  registerStruct("mixed_float4", "struct with float4 (16-byte aligned member)", m);
  registerStruct("float4", "float4", make_float4(1.f, -2.f, 3.5f, 1e9f));
  registerStruct("double2", "double2", make_double2(-1.0, 1e-300));
  registerStruct("int3", "int3 (12 bytes, 4-aligned)", make_int3(7, 8, 9));
  registerStruct("char3", "char3 (3 bytes)", make_char3(1, 2, 3));
  registerStruct("ulonglong2", "ulonglong2", make_ulonglong2(1ull << 63, 3));
  return 0;
}

// Argument blocks at the size limits: 4 KiB (every device) and 32764 bytes (CUDA 12.1+ on Volta+).
struct Block4K {
  unsigned char bytes[4096];
};
struct Block32K {
  unsigned char bytes[32764];
};
__device__ unsigned char argBlockOut[2];
template <typename B>
__global__ void argBlock(B b) {
  unsigned sum = 0;
  for (unsigned i = 0; i < sizeof(b.bytes); ++i) sum += b.bytes[i] * (i % 7 + 1);
  argBlockOut[0] = static_cast<unsigned char>(sum);
  argBlockOut[1] = b.bytes[sizeof(b.bytes) - 1];
}
template <typename B>
sem::Obs blockCase() {
  static B b;  // large: not on the stack
  unsigned sum = 0;
  for (unsigned i = 0; i < sizeof(b.bytes); ++i) {
    b.bytes[i] = static_cast<unsigned char>(i * 31 + 7);
    sum += b.bytes[i] * (i % 7 + 1);
  }
  argBlock<B><<<1, 1>>>(b);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  unsigned char h[2] = {};
  (void)hipMemcpyFromSymbol(h, HIP_SYMBOL(argBlockOut), 2, 0, hipMemcpyDeviceToHost);
  o.str("sum", h[0] == static_cast<unsigned char>(sum) ? "equal" : "differ");
  o.str("last", h[1] == b.bytes[sizeof(b.bytes) - 1] ? "equal" : "differ");
  o.note("argument bytes=" + std::to_string(sizeof(B)));
  return o;
}

}  // namespace

SEM_CASE(args, block_4096_bytes, "a 4 KiB argument block arrives intact") {
  return blockCase<Block4K>();
}
SEM_CASE(args, block_32764_bytes,
         "a 32764-byte argument block (CUDA 12.1+ large kernel parameters) arrives intact") {
  return blockCase<Block32K>();
}
SEM_CASE(args, block_32764_launch_kernel_api,
         "hipLaunchKernel with a 32764-byte argument block arrives intact") {
  static Block32K b;
  for (unsigned i = 0; i < sizeof(b.bytes); ++i) b.bytes[i] = static_cast<unsigned char>(i);
  void* args[] = {&b};
  sem::Obs o;
  o.err("launch", hipLaunchKernel(reinterpret_cast<const void*>(argBlock<Block32K>), dim3(1),
                                  dim3(1), args, 0, nullptr));
  o.err("sync", hipDeviceSynchronize());
  unsigned char h[2] = {};
  (void)hipMemcpyFromSymbol(h, HIP_SYMBOL(argBlockOut), 2, 0, hipMemcpyDeviceToHost);
  return o.val("last", h[1]);
}

// Pointers to each memory kind: the kernel writes through the pointer, the host reads back.
__global__ void argWrite(int* p, int v) { *p = v; }
static sem::Obs writeThrough(int* p, const std::function<int()>& readBack) {
  sem::Obs o;
  argWrite<<<1, 1>>>(p, 1234);
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  o.val("read", readBack());
  return o;
}
SEM_CASE(args, pointer_device, "hipMalloc memory: written by the kernel") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  return writeThrough(d, [d] {
    int h = 0;
    (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
    return h;
  });
}
SEM_CASE(args, pointer_host_pinned, "hipHostMalloc memory is device-accessible (UVA)") {
  int* h = nullptr;
  (void)hipHostMalloc(&h, sizeof(int), 0);
  *h = 0;
  return writeThrough(h, [h] { return *h; });
}
SEM_CASE(args, pointer_host_mapped_devptr,
         "hipHostMalloc(Mapped) through hipHostGetDevicePointer is device-accessible") {
  int* h = nullptr;
  (void)hipHostMalloc(&h, sizeof(int), hipHostMallocMapped);
  *h = 0;
  int* d = nullptr;
  hipError_t e = hipHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0);
  return writeThrough(d, [h] { return *h; }).err("devptr", e);
}
SEM_CASE(args, pointer_host_registered, "hipHostRegister'ed memory is device-accessible") {
  alignas(4096) static int h[1024];
  h[0] = 0;
  hipError_t e = hipHostRegister(h, sizeof h, hipHostRegisterMapped);
  int* d = nullptr;
  (void)hipHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0);
  sem::Obs o = writeThrough(d, [] { return h[0]; });
  return o.err("register", e);
}
SEM_CASE(args, pointer_managed, "hipMallocManaged memory: written by the kernel, read by host") {
  int* m = nullptr;
  hipError_t e = hipMallocManaged(&m, sizeof(int), hipMemAttachGlobal);
  if (e != hipSuccess) return sem::Obs().err("alloc", e);
  *m = 0;
  return writeThrough(m, [m] { return *m; });
}
SEM_CASE(args, pointer_pageable_host,
         "plain malloc'd host memory: not device memory (HIP: undefined unless HMM; observe)") {
  int* h = static_cast<int*>(std::malloc(4096));
  *h = 0;
  return writeThrough(h, [h] { return *h; });
}
__device__ int argSymbol = 5;
SEM_CASE(args, pointer_symbol_address, "hipGetSymbolAddress of a __device__ variable") {
  int* d = nullptr;
  hipError_t e = hipGetSymbolAddress(reinterpret_cast<void**>(&d), HIP_SYMBOL(argSymbol));
  sem::Obs o = writeThrough(d, [] {
    int h = 0;
    (void)hipMemcpyFromSymbol(&h, HIP_SYMBOL(argSymbol), sizeof h, 0, hipMemcpyDeviceToHost);
    return h;
  });
  return o.err("address", e);
}
SEM_CASE(args, pointer_pitched, "hipMallocPitch memory: the last row is writable") {
  int* d = nullptr;
  size_t pitch = 0;
  (void)hipMallocPitch(reinterpret_cast<void**>(&d), &pitch, 100 * sizeof(int), 8);
  int* last = reinterpret_cast<int*>(reinterpret_cast<char*>(d) + pitch * 7) + 99;
  return writeThrough(last, [last] {
    int h = 0;
    (void)hipMemcpy(&h, last, sizeof h, hipMemcpyDeviceToHost);
    return h;
  });
}
__global__ void argDeref(int** table, int v) { *table[0] = v; }
SEM_CASE(args, pointer_array_of_pointers, "a device array of device pointers, dereferenced twice") {
  int* a = nullptr;
  int** table = nullptr;
  (void)hipMalloc(&a, sizeof(int));
  (void)hipMalloc(&table, sizeof(int*));
  (void)hipMemcpy(table, &a, sizeof a, hipMemcpyHostToDevice);
  argDeref<<<1, 1>>>(table, 4321);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  int h = 0;
  (void)hipMemcpy(&h, a, sizeof h, hipMemcpyDeviceToHost);
  return o.val("read", h);
}

// Templates and overloads.
template <int N, typename T>
__global__ void argTemplate(T* out) { *out = static_cast<T>(N) + static_cast<T>(sizeof(T)); }
__global__ void argOverload(int* out) { *out = 1; }
__global__ void argOverload(float* out) { *out = 2.5f; }
__global__ void argOverload(int* out, int extra) { *out = extra; }
__global__ void argDefault(int* out, int v = 77) { *out = v; }

template <typename T>
static T readOne(T* d) {
  T h{};
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return h;
}

SEM_CASE(args, template_int_param, "a template kernel argTemplate<5,int> runs its instance") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  argTemplate<5, int><<<1, 1>>>(d);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}
SEM_CASE(args, template_two_instances, "two instances of one template are distinct kernels") {
  int* d = nullptr;
  double* f = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  (void)hipMalloc(&f, sizeof(double));
  argTemplate<1, int><<<1, 1>>>(d);
  argTemplate<1, double><<<1, 1>>>(f);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  return o.val("int", readOne(d)).val("double", static_cast<long long>(readOne(f)));
}
SEM_CASE(args, overload_by_type, "overloaded kernels: argOverload(int*) and (float*) each run") {
  int* d = nullptr;
  float* f = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  (void)hipMalloc(&f, sizeof(float));
  argOverload<<<1, 1>>>(d);
  argOverload<<<1, 1>>>(f);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  return o.val("int", readOne(d)).val("float_x10", static_cast<long long>(readOne(f) * 10));
}
SEM_CASE(args, overload_by_arity, "overloaded kernels by arity: argOverload(int*, int)") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  argOverload<<<1, 1>>>(d, 99);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}
SEM_CASE(args, overload_launch_kernel_api,
         "hipLaunchKernel on a cast overload address runs that overload") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  void (*k)(int*, int) = argOverload;
  int extra = 41;
  void* args[] = {&d, &extra};
  sem::Obs o;
  o.err("launch", hipLaunchKernel(reinterpret_cast<const void*>(k), dim3(1), dim3(1), args, 0,
                                  nullptr));
  o.err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}
SEM_CASE(args, default_argument, "a kernel default argument applies through <<<>>>") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  argDefault<<<1, 1>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}

// Lambdas.
__global__ void argLocalLambda(int* out) {
  auto square = [](int x) { return x * x; };
  *out = square(12);
}
template <typename F>
__global__ void argFunctor(F f, int* out) { *out = f(threadIdx.x + 6); }
struct Triple {
  int k;
  __device__ int operator()(int x) const { return x * k; }
};
SEM_CASE(args, lambda_inside_kernel, "a lambda defined inside a kernel") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  argLocalLambda<<<1, 1>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}
SEM_CASE(args, functor_by_value, "a functor object passed by value to a template kernel") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  argFunctor<<<1, 1>>>(Triple{3}, d);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}
SEM_CASE(args, device_lambda_capture, "a __device__ lambda capturing a host value, by value") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  int base = 1000;
  argFunctor<<<1, 1>>>([base] __device__(int x) { return base + x; }, d);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  return o.val("out", readOne(d));
}
__global__ void argMany(char a, short b, int c, long long d, float e, double f, unsigned char g,
                        unsigned short h, unsigned i, unsigned long long j, bool k, char l,
                        double m, int n, short o, long long p, double* out) {
  *out = a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p;
}
SEM_CASE(args, many_scalar_args, "a kernel with 16 scalar arguments of mixed widths") {
  double* d = nullptr;
  (void)hipMalloc(&d, sizeof(double));
  argMany<<<1, 1>>>(1, 2, 3, 4, 5.f, 6., 7, 8, 9, 10, true, 12, 13., 14, 15, 16, d);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  return o.val("sum", static_cast<long long>(readOne(d)));
}
