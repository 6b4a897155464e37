// A stand-in librocfft for the CPU tests: the rocFFT entry points unihip's hipFFT uses, with
// rocFFT's C signatures, recording what they were given (fake_rocfft_get). Each plan creation
// is recorded as create<N>.* (N counting from fake_rocfft_reset), with the data layout its
// description carried. fake_rocfft_set chooses answers: "work" (the work size plans report),
// "fail_placement" (plans of that placement fail; 2: all; -1: none).
#include <cstddef>
#include <cstring>
#include <map>
#include <string>

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
std::map<std::string, double> records;
std::map<std::string, double> settings = {{"work", 0}, {"fail_placement", -1}};
unsigned long long nextObject = 0x9000;
int creates = 0;

struct Layout {
  bool set = false;
  int inType = -1, outType = -1;
  size_t inStrides[3] = {}, outStrides[3] = {};
  size_t inDist = 0, outDist = 0, rank = 0;
  double scale = 1;
};
std::map<void*, Layout> layouts;

void put(const std::string& key, double v) { records[key] = v; }
double ptr(const void* p) { return static_cast<double>(reinterpret_cast<unsigned long long>(p)); }
void* newObject() { return reinterpret_cast<void*>(nextObject += 0x10); }
void count(const char* key) { records[key] += 1; }
}  // namespace

FAKE_EXPORT double fake_rocfft_get(const char* key) {
  auto it = records.find(key);
  return it == records.end() ? -1 : it->second;
}
FAKE_EXPORT void fake_rocfft_set(const char* key, double v) { settings[key] = v; }
FAKE_EXPORT void fake_rocfft_reset() {
  records.clear();
  creates = 0;
}

FAKE_EXPORT int rocfft_setup() {
  count("setup");
  return 0;
}
FAKE_EXPORT int rocfft_get_version_string(char* buffer, size_t length) {
  std::strncpy(buffer, "1.0.27.5", length);
  return 0;
}

FAKE_EXPORT int rocfft_plan_description_create(void** desc) {
  *desc = newObject();
  layouts[*desc] = Layout{};
  count("desc.created");
  return 0;
}
FAKE_EXPORT int rocfft_plan_description_destroy(void* desc) {
  layouts.erase(desc);
  count("desc.destroyed");
  return 0;
}
FAKE_EXPORT int rocfft_plan_description_set_data_layout(
    void* desc, int inType, int outType, const size_t* inOffsets, const size_t* outOffsets,
    size_t inRank, const size_t* inStrides, size_t inDist, size_t outRank,
    const size_t* outStrides, size_t outDist) {
  Layout& l = layouts[desc];
  l.set = true;
  l.inType = inType;
  l.outType = outType;
  l.rank = inRank == outRank ? inRank : 99;
  for (size_t i = 0; i < inRank && i < 3; ++i) l.inStrides[i] = inStrides[i];
  for (size_t i = 0; i < outRank && i < 3; ++i) l.outStrides[i] = outStrides[i];
  l.inDist = inDist;
  l.outDist = outDist;
  if (inOffsets != nullptr || outOffsets != nullptr) count("layout.offsets");
  count("layout.set");
  return 0;
}
FAKE_EXPORT int rocfft_plan_description_set_scale_factor(void* desc, double scale) {
  layouts[desc].scale = scale;
  count("scale.set");
  return 0;
}

FAKE_EXPORT int rocfft_plan_create(void** plan, int placement, int transform, int precision,
                                   size_t dimensions, const size_t* lengths, size_t batch,
                                   void* desc) {
  const std::string k = "create" + std::to_string(creates++) + ".";
  put(k + "placement", placement);
  put(k + "transform", transform);
  put(k + "precision", precision);
  put(k + "dims", static_cast<double>(dimensions));
  for (size_t i = 0; i < dimensions && i < 3; ++i)
    put(k + "length" + std::to_string(i), static_cast<double>(lengths[i]));
  put(k + "batch", static_cast<double>(batch));
  const Layout& l = layouts[desc];
  put(k + "layout", l.set);
  put(k + "scale", l.scale);
  if (l.set) {
    put(k + "intype", l.inType);
    put(k + "outtype", l.outType);
    put(k + "rank", static_cast<double>(l.rank));
    for (int i = 0; i < 3; ++i) {
      put(k + "istride" + std::to_string(i), static_cast<double>(l.inStrides[i]));
      put(k + "ostride" + std::to_string(i), static_cast<double>(l.outStrides[i]));
    }
    put(k + "idist", static_cast<double>(l.inDist));
    put(k + "odist", static_cast<double>(l.outDist));
  }
  const double fail = settings["fail_placement"];
  if (placement == fail || fail == 2) return 2;  // rocfft_status_invalid_arg_value
  *plan = newObject();
  put(k + "plan", ptr(*plan));
  return 0;
}
FAKE_EXPORT int rocfft_plan_destroy(void*) {
  count("plan.destroyed");
  return 0;
}
FAKE_EXPORT int rocfft_plan_get_work_buffer_size(void*, size_t* bytes) {
  *bytes = static_cast<size_t>(settings["work"]);
  return 0;
}

FAKE_EXPORT int rocfft_execution_info_create(void** info) {
  *info = newObject();
  put("info", ptr(*info));
  return 0;
}
FAKE_EXPORT int rocfft_execution_info_destroy(void* info) {
  put("info.destroyed", ptr(info));
  return 0;
}
FAKE_EXPORT int rocfft_execution_info_set_work_buffer(void* info, void* buffer, size_t bytes) {
  put("work.info", ptr(info));
  put("work.buffer", ptr(buffer));
  put("work.size", static_cast<double>(bytes));
  return 0;
}
FAKE_EXPORT int rocfft_execution_info_set_stream(void* info, void* stream) {
  put("stream.info", ptr(info));
  put("stream.value", ptr(stream));
  return 0;
}
FAKE_EXPORT int rocfft_execute(void* plan, void** in, void** out, void* info) {
  put("exec.plan", ptr(plan));
  put("exec.in", ptr(in[0]));
  put("exec.out", ptr(out[0]));
  put("exec.info", ptr(info));
  return 0;
}
