#include "hsa_graph_exec.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <thread>
#include <unordered_map>

#include "aql_queue.h"
#include "core/generic_graphs/graph_model.h"
#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

using generic_graphs::Graph;
using generic_graphs::Node;

namespace {

constexpr hsa_fence_scope_t kScope = HSA_FENCE_SCOPE_SYSTEM;  // as a direct launch's packets
constexpr uint32_t kPacketBytes = 64;

uint32_t roundUp(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// A memset row fills 32-bit words when it can: 4-byte elements, or bytes of an aligned row
// whose width is a multiple of 4 (as hipMemsetAsync).
bool wordRow(const hipMemsetParams& m, size_t row) {
  if (m.elementSize == 4) return true;
  const auto start = reinterpret_cast<uintptr_t>(m.dst) + row * m.pitch;
  return start % 4 == 0 && m.width % 4 == 0;
}

// hidden_queue_ptr names the queue the kernel runs on, which a graph learns only at launch.
bool needsQueue(const KernelInfo& k) {
  return std::any_of(k.args.begin(), k.args.end(), [](const KernelArg& a) {
    return a.kind == ArgKind::HiddenQueuePtr && a.size > 0;
  });
}

uint32_t barrierHeader(hsa_signal_t completion, hsa_kernel_dispatch_packet_t* slot) {
  hsa_barrier_and_packet_t b;
  (void)encodeBarrierAndBody({}, completion, &b);
  std::memcpy(slot, &b, sizeof b);
  return headerWord(packetHeader(HSA_PACKET_TYPE_BARRIER_AND, true, kScope, kScope), 0);
}

}  // namespace

std::unique_ptr<generic_graphs::NativeGraphProgram> HsaGraphCompiler::compile(int device,
                                                                              const Graph& g) {
  {
    std::lock_guard lock(mutex_);
    std::erase_if(retired_, [&](const std::pair<uint8_t*, hsa_signal_t>& r) {
      if (api_.hsa_signal_load_scacquire(r.second) != 0) return false;
      free(r.first, r.second);
      return true;
    });
  }
  return HsaGraphProgram::build(backend_, *this, device, g);
}

void HsaGraphCompiler::retire(uint8_t* kernargs, hsa_signal_t running) {
  std::lock_guard lock(mutex_);
  retired_.emplace_back(kernargs, running);
}

void HsaGraphCompiler::releaseAll() {
  std::lock_guard lock(mutex_);
  for (auto& [kernargs, running] : retired_) free(kernargs, running);
  retired_.clear();
}

void HsaGraphCompiler::free(uint8_t* kernargs, hsa_signal_t running) {
  api_.hsa_signal_destroy(running);
  api_.hsa_amd_memory_pool_free(kernargs);
}

HsaGraphProgram::HsaGraphProgram(HsaBackend& backend, HsaGraphCompiler& owner, int device)
    : backend_(backend), owner_(owner), api_(backend.api_), device_(device) {}

std::unique_ptr<HsaGraphProgram> HsaGraphProgram::build(HsaBackend& backend,
                                                        HsaGraphCompiler& owner, int device,
                                                        const Graph& g) {
  std::unique_ptr<HsaGraphProgram> p(new HsaGraphProgram(backend, owner, device));
  // The schedule, child graphs inlined, as kernel packets; `last` maps a node to the last packet
  // it stands for (-1: none, e.g. an empty root), so dependencies become packet positions.
  std::unordered_map<const Node*, int> last;
  std::vector<bool> barrier;
  int lastBarrier = 0;
  bool compilable = true;
  // A packet of `n` run by `f` (row: a memset's row) that needs packet `need` complete.
  auto add = [&](const Node* n, const HsaFunction* f, uint32_t row, int need) {
    if (needsQueue(*f->info)) compilable = false;
    const int position = static_cast<int>(p->kernels_.size());
    const bool wait = position == 0 || need >= lastBarrier;
    if (wait) lastBarrier = position;
    barrier.push_back(wait);
    p->kernels_.push_back({n, f, p->kernargBytes_, row});
    p->kernargBytes_ += roundUp(f->info->kernargSize, std::max(64u, f->info->kernargAlign));
    return position;
  };
  FillKernels* fill = nullptr;
  std::function<int(const Graph&, int)> walk = [&](const Graph& graph, int before) {
    int end = before;
    for (const Node* n : graph.order) {
      int need = n->deps.empty() ? before : -1;
      for (const Node* d : n->deps) need = std::max(need, last[d]);
      int mine = need;
      if (n->type == hipGraphNodeTypeKernel && n->enabled) {
        mine = add(n, static_cast<const HsaFunction*>(n->kernel.function), 0, need);
      } else if (n->type == hipGraphNodeTypeMemset && n->enabled) {
        // One fill kernel per row, the rows side by side; 16-bit elements are replayed.
        const hipMemsetParams& m = n->memset;
        if (fill == nullptr && !backend.fillKernels(device, &fill).ok()) fill = nullptr;
        if (fill == nullptr || (m.elementSize != 1 && m.elementSize != 4)) {
          compilable = false;
        } else if (m.width > 0) {
          for (size_t row = 0; row < m.height; ++row)
            mine = std::max(mine, add(n, wordRow(m, row) ? fill->fillU32 : fill->fillU8,
                                      static_cast<uint32_t>(row), need));
        }
      } else if (n->type == hipGraphNodeTypeGraph && n->child) {
        mine = walk(*n->child, need);
      } else if (n->type != hipGraphNodeTypeEmpty && n->type != hipGraphNodeTypeKernel &&
                 n->type != hipGraphNodeTypeMemset) {
        compilable = false;  // copies, host functions, events, graph memory: replayed
      }
      if (!compilable) return end;
      last[n] = mine;
      end = std::max(end, mine);
    }
    return end;
  };
  walk(g, -1);
  if (!compilable) return nullptr;
  if (p->kernels_.empty()) return p;  // nothing to enqueue

  Buffer& b = p->buffers_[0];
  if (!p->allocate(&b).ok()) return nullptr;
  const size_t count = p->kernels_.size();
  for (size_t i = 0; i < count; ++i) {
    const Kernel& k = p->kernels_[i];
    uint16_t setup = 0;
    if (!p->encode(k, &b.packets[i], &setup, b.kernargs + k.offset).ok()) return nullptr;
    b.packets[i].kernarg_address = b.kernargs + k.offset;
    b.headers[i] = headerWord(
        packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, barrier[i], kScope, kScope), setup);
  }
  b.headers[count] = barrierHeader(b.running, &b.packets[count]);
  b.headers[count + 1] = barrierHeader(hsa_signal_t{0}, &b.packets[count + 1]);  // the stream's
  return p;
}

Status HsaGraphProgram::allocate(Buffer* b) {
  const AgentInfo& agent = backend_.devices_[device_]->info;
  void* memory = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_allocate(agent.kernargPool,
                                                    std::max(kernargBytes_, kPacketBytes), 0,
                                                    &memory));
  b->kernargs = static_cast<uint8_t*>(memory);
  UNIHIP_HSA_TRY(api_, hsa_amd_agents_allow_access(1, &agent.agent, nullptr, memory));
  UNIHIP_HSA_TRY(api_, hsa_signal_create(0, 0, nullptr, &b->running));
  b->packets.resize(kernels_.size() + 2);
  b->headers.resize(kernels_.size() + 2);
  return kOk;
}

void HsaGraphProgram::release(Buffer* b) {
  if (b->running.handle != 0 && b->kernargs != nullptr &&
      api_.hsa_signal_load_scacquire(b->running) != 0) {
    owner_.retire(b->kernargs, b->running);  // launches in flight still read these kernargs
  } else {
    if (b->running.handle != 0) api_.hsa_signal_destroy(b->running);
    if (b->kernargs != nullptr) api_.hsa_amd_memory_pool_free(b->kernargs);
  }
  *b = Buffer{};
}

HsaGraphProgram::~HsaGraphProgram() {
  for (Buffer& b : buffers_) release(&b);
}

Status HsaGraphProgram::encode(const Kernel& k, hsa_kernel_dispatch_packet_t* body,
                               uint16_t* setup, uint8_t* kernargs) {
  const generic_graphs::KernelLaunch& l = k.node->kernel;
  const KernelInfo& info = *k.function->info;
  // Device services (hostcall buffer, heap) are made on the device's legacy stream if need be.
  HsaStream* s = nullptr;
  UNIHIP_TRY(backend_.resolve(device_, nullptr, &s));
  LaunchConfig config{l.grid, l.block, l.sharedMemBytes, nullptr};
  // A memset row: the fill kernel's (dst, value, count, stride).
  void* dst = nullptr;
  uint32_t value = 0;
  unsigned long long count = 0, stride = 0;
  void* fillArgs[] = {&dst, &value, &count, &stride};
  if (k.node->type == hipGraphNodeTypeMemset) {
    const hipMemsetParams& m = k.node->memset;
    dst = static_cast<char*>(m.dst) + k.row * m.pitch;
    const bool words = wordRow(m, k.row);
    value = m.elementSize == 4 ? m.value
            : words            ? (m.value & 0xFFu) * 0x01010101u
                               : (m.value & 0xFFu);
    count = m.elementSize == 1 && words ? m.width / 4 : m.width;
    const FillGeometry geometry(count);
    stride = geometry.stride;
    config = LaunchConfig{dim3(geometry.workgroups), dim3(FillGeometry::kWorkgroup), 0, nullptr};
  }
  KernargContext ctx;
  DispatchExtras extras;
  UNIHIP_TRY(backend_.launchContext(device_, *k.function, config, *s, &ctx, &extras));
  ctx.queuePtr = 0;  // no kernel compiled here reads it (needsQueue)
  // A hipModuleLaunchKernel `extra` buffer holds the explicit arguments at their offsets.
  std::vector<void*> packed;
  void* const* args = l.hasArgs ? l.argPtrs.data() : nullptr;
  if (k.node->type == hipGraphNodeTypeMemset) {
    args = fillArgs;
  } else if (l.packed) {
    packed.resize(info.explicitArgCount);
    for (uint32_t i = 0; i < info.explicitArgCount; ++i) {
      const KernelArg& a = info.args[i];
      if (a.offset > l.bytes.size() || a.size > l.bytes.size() - a.offset)
        return hipErrorInvalidValue;
      packed[i] = const_cast<char*>(l.bytes.data()) + a.offset;
    }
    args = packed.data();
  }
  UNIHIP_TRY(prepareDispatch(*s->agent, info, k.function->kernelObject, ctx, args, extras, body,
                             setup));
  body->completion_signal = hsa_signal_t{0};  // the closing barriers signal the launch
  return layoutKernargs(info, args, ctx, kernargs, info.kernargSize);
}

bool HsaGraphProgram::launch(NativeStream stream, Status* status) {
  HsaStream* s = nullptr;
  if (Status st = backend_.resolve(device_, stream, &s); !st.ok()) {
    *status = st;
    return true;
  }
  *status = kOk;
  const uint32_t count = static_cast<uint32_t>(kernels_.size());
  if (count == 0) return true;
  hsa_queue_t* q = s->queue;
  const uint32_t n = count + 2;
  if (n > q->size) return false;  // never fits the ring at once: replayed
  Buffer& b = buffers_[current_];
  // Reserve n slots, wait until the last is free, write bodies, then headers (release), then
  // one doorbell (aql_queue.h's protocol for n packets).
  const uint64_t first = api_.hsa_queue_add_write_index_screlease(q, n);
  const uint64_t final = first + n - 1;
  while (final - api_.hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  for (uint32_t i = 0; i < n; ++i)
    std::memcpy(static_cast<uint8_t*>(slotAddress(q, first + i)) + 4,
                reinterpret_cast<const uint8_t*>(&b.packets[i]) + 4, kPacketBytes - 4);
  static_cast<hsa_barrier_and_packet_t*>(slotAddress(q, final))->completion_signal = s->inflight;
  api_.hsa_signal_add_relaxed(b.running, 1);
  api_.hsa_signal_add_relaxed(s->inflight, 1);
  for (uint32_t i = 0; i < n; ++i)
    __atomic_store_n(static_cast<uint32_t*>(slotAddress(q, first + i)), b.headers[i],
                     __ATOMIC_RELEASE);
  api_.hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(final));
  return true;
}

bool HsaGraphProgram::patchKernel(const Node& node) {
  auto it = std::find_if(kernels_.begin(), kernels_.end(),
                         [&](const Kernel& k) { return k.node == &node; });
  if (it == kernels_.end() || it->function != node.kernel.function) return false;
  const size_t i = static_cast<size_t>(it - kernels_.begin());
  const uint32_t size = it->function->info->kernargSize;
  hsa_kernel_dispatch_packet_t body;
  uint16_t setup = 0;
  std::vector<uint8_t> kernargs(std::max(size, 1u));
  if (!encode(*it, &body, &setup, kernargs.data()).ok()) return false;
  Buffer* b = &buffers_[current_];
  if (api_.hsa_signal_load_scacquire(b->running) != 0) {
    // A launch may still read this buffer: the other one takes the change.
    Buffer& other = buffers_[1 - current_];
    if (other.kernargs != nullptr && api_.hsa_signal_load_scacquire(other.running) != 0)
      release(&other);  // busy too: retired, a fresh one takes its place
    if (other.kernargs == nullptr && !allocate(&other).ok()) {
      release(&other);
      return false;
    }
    std::memcpy(other.kernargs, b->kernargs, kernargBytes_);
    other.packets = b->packets;
    other.headers = b->headers;
    for (size_t k = 0; k < kernels_.size(); ++k)
      other.packets[k].kernarg_address = other.kernargs + kernels_[k].offset;
    other.headers[kernels_.size()] = barrierHeader(other.running, &other.packets[kernels_.size()]);
    current_ = 1 - current_;
    b = &other;
  }
  std::memcpy(b->kernargs + it->offset, kernargs.data(), size);
  body.kernarg_address = b->kernargs + it->offset;
  b->packets[i] = body;
  b->headers[i] = (b->headers[i] & 0xFFFFu) | (uint32_t{setup} << 16);
  return true;
}

}  // namespace unihip::hsa
