// A stand-in librocrand for the CPU tests: rocRAND's host API with its C signatures (half as
// its bits, the way rocRAND's __half is passed), recording the last call (fake_rocrand_last,
// fake_rocrand_get) and answering with a chosen status (fake_rocrand_answer, once).
#include <cstddef>
#include <cstring>
#include <map>
#include <string>

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
std::string lastCall;
std::map<std::string, double> values;
int answer = 0;
unsigned long long nextObject = 0x5000;

// Starts a call's record; the status the call returns.
int begin(const char* name) {
  lastCall = name;
  values.clear();
  const int a = answer;
  answer = 0;
  return a;
}
void put(const char* key, double v) { values[key] = v; }
void putPtr(const char* key, const void* p) {
  values[key] = static_cast<double>(reinterpret_cast<unsigned long long>(p));
}
void* newObject() { return reinterpret_cast<void*>(nextObject += 0x10); }

int create(const char* name, void** generator, int type) {
  const int st = begin(name);
  put("type", type);
  if (st == 0) *generator = newObject();
  if (st == 0) putPtr("generator", *generator);
  return st;
}
template <class T>
int generate(const char* name, void* g, T* out, size_t n) {
  const int st = begin(name);
  putPtr("generator", g);
  putPtr("output", out);
  put("n", static_cast<double>(n));
  return st;
}
template <class T, class P>
int distribution(const char* name, void* g, T* out, size_t n, P mean, P stddev) {
  const int st = generate(name, g, out, n);
  put("mean", mean);
  put("stddev", stddev);
  return st;
}
template <class T>
int set(const char* name, void* g, T value) {
  const int st = begin(name);
  putPtr("generator", g);
  put("value", static_cast<double>(value));
  return st;
}
}  // namespace

FAKE_EXPORT const char* fake_rocrand_last() { return lastCall.c_str(); }
FAKE_EXPORT double fake_rocrand_get(const char* key) {
  auto it = values.find(key);
  return it == values.end() ? -1 : it->second;
}
FAKE_EXPORT void fake_rocrand_answer(int status) { answer = status; }

FAKE_EXPORT int rocrand_create_generator(void** g, int type) {
  return create("rocrand_create_generator", g, type);
}
FAKE_EXPORT int rocrand_create_generator_host_blocking(void** g, int type) {
  return create("rocrand_create_generator_host_blocking", g, type);
}
FAKE_EXPORT int rocrand_destroy_generator(void* g) { return set("rocrand_destroy_generator", g, 0); }

FAKE_EXPORT int rocrand_generate(void* g, unsigned int* o, size_t n) {
  return generate("rocrand_generate", g, o, n);
}
FAKE_EXPORT int rocrand_generate_char(void* g, unsigned char* o, size_t n) {
  return generate("rocrand_generate_char", g, o, n);
}
FAKE_EXPORT int rocrand_generate_short(void* g, unsigned short* o, size_t n) {
  return generate("rocrand_generate_short", g, o, n);
}
FAKE_EXPORT int rocrand_generate_long_long(void* g, unsigned long long* o, size_t n) {
  return generate("rocrand_generate_long_long", g, o, n);
}
FAKE_EXPORT int rocrand_generate_uniform(void* g, float* o, size_t n) {
  return generate("rocrand_generate_uniform", g, o, n);
}
FAKE_EXPORT int rocrand_generate_uniform_double(void* g, double* o, size_t n) {
  return generate("rocrand_generate_uniform_double", g, o, n);
}
FAKE_EXPORT int rocrand_generate_uniform_half(void* g, unsigned short* o, size_t n) {
  return generate("rocrand_generate_uniform_half", g, o, n);
}
FAKE_EXPORT int rocrand_generate_normal(void* g, float* o, size_t n, float m, float s) {
  return distribution("rocrand_generate_normal", g, o, n, m, s);
}
FAKE_EXPORT int rocrand_generate_normal_double(void* g, double* o, size_t n, double m, double s) {
  return distribution("rocrand_generate_normal_double", g, o, n, m, s);
}
FAKE_EXPORT int rocrand_generate_normal_half(void* g, unsigned short* o, size_t n,
                                             unsigned short m, unsigned short s) {
  return distribution("rocrand_generate_normal_half", g, o, n, m, s);
}
FAKE_EXPORT int rocrand_generate_log_normal(void* g, float* o, size_t n, float m, float s) {
  return distribution("rocrand_generate_log_normal", g, o, n, m, s);
}
FAKE_EXPORT int rocrand_generate_log_normal_double(void* g, double* o, size_t n, double m,
                                                   double s) {
  return distribution("rocrand_generate_log_normal_double", g, o, n, m, s);
}
FAKE_EXPORT int rocrand_generate_log_normal_half(void* g, unsigned short* o, size_t n,
                                                 unsigned short m, unsigned short s) {
  return distribution("rocrand_generate_log_normal_half", g, o, n, m, s);
}
FAKE_EXPORT int rocrand_generate_poisson(void* g, unsigned int* o, size_t n, double lambda) {
  return distribution("rocrand_generate_poisson", g, o, n, lambda, 0.0);
}

FAKE_EXPORT int rocrand_initialize_generator(void* g) {
  return set("rocrand_initialize_generator", g, 0);
}
FAKE_EXPORT int rocrand_set_stream(void* g, void* stream) {
  const int st = set("rocrand_set_stream", g, 0);
  putPtr("stream", stream);
  return st;
}
FAKE_EXPORT int rocrand_set_seed(void* g, unsigned long long seed) {
  return set("rocrand_set_seed", g, seed);
}
FAKE_EXPORT int rocrand_set_offset(void* g, unsigned long long offset) {
  return set("rocrand_set_offset", g, offset);
}
FAKE_EXPORT int rocrand_set_ordering(void* g, int order) {
  return set("rocrand_set_ordering", g, order);
}
FAKE_EXPORT int rocrand_set_quasi_random_generator_dimensions(void* g, unsigned int d) {
  return set("rocrand_set_quasi_random_generator_dimensions", g, d);
}
FAKE_EXPORT int rocrand_get_version(int* version) {
  const int st = begin("rocrand_get_version");
  *version = 300100;
  return st;
}
FAKE_EXPORT int rocrand_create_poisson_distribution(double lambda, void** d) {
  const int st = begin("rocrand_create_poisson_distribution");
  put("lambda", lambda);
  *d = newObject();
  putPtr("distribution", *d);
  return st;
}
FAKE_EXPORT int rocrand_destroy_discrete_distribution(void* d) {
  const int st = begin("rocrand_destroy_discrete_distribution");
  putPtr("distribution", d);
  return st;
}

namespace {
unsigned int table32[32];
unsigned long long table64[64];
}  // namespace

FAKE_EXPORT int rocrand_get_direction_vectors32(const unsigned int** v, int set) {
  const int st = begin("rocrand_get_direction_vectors32");
  put("set", set);
  *v = table32;
  return st;
}
FAKE_EXPORT int rocrand_get_direction_vectors64(const unsigned long long** v, int set) {
  const int st = begin("rocrand_get_direction_vectors64");
  put("set", set);
  *v = table64;
  return st;
}
FAKE_EXPORT int rocrand_get_scramble_constants32(const unsigned int** c) {
  const int st = begin("rocrand_get_scramble_constants32");
  *c = table32;
  return st;
}
FAKE_EXPORT int rocrand_get_scramble_constants64(const unsigned long long** c) {
  const int st = begin("rocrand_get_scramble_constants64");
  *c = table64;
  return st;
}
