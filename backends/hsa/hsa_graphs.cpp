#include "hsa_graph_exec.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <thread>
#include <unordered_map>

#include "aql_queue.h"
#include "generic/graphs/graph_model.h"
#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

using generic_graphs::Graph;
using generic_graphs::Node;

namespace {

constexpr hsa_fence_scope_t kScope = HSA_FENCE_SCOPE_SYSTEM;  // as a direct launch's packets
constexpr uint32_t kPacketBytes = 64;

uint32_t roundUp(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// hidden_queue_ptr names the queue the kernel runs on, which a graph learns only at launch.
bool needsQueue(const KernelInfo& k) {
  return std::any_of(k.args.begin(), k.args.end(), [](const KernelArg& a) {
    return a.kind == ArgKind::HiddenQueuePtr && a.size > 0;
  });
}

// A barrier-AND packet's body into `slot` (one dependency at most); its header word.
uint32_t barrierPacket(bool barrier, hsa_signal_t dependency, hsa_signal_t completion,
                       hsa_kernel_dispatch_packet_t* slot) {
  hsa_barrier_and_packet_t b;
  (void)encodeBarrierAndBody(
      dependency.handle != 0 ? std::span<const hsa_signal_t>(&dependency, 1)
                             : std::span<const hsa_signal_t>(),
      completion, &b);
  std::memcpy(slot, &b, sizeof b);
  return headerWord(packetHeader(HSA_PACKET_TYPE_BARRIER_AND, barrier, kScope, kScope), 0);
}

hsa_barrier_and_packet_t* barrierAt(hsa_queue_t* q, uint64_t index) {
  return static_cast<hsa_barrier_and_packet_t*>(slotAddress(q, index));
}

template <typename Buffer>
hsa_barrier_and_packet_t* barrierIn(Buffer& b, size_t i) {
  return reinterpret_cast<hsa_barrier_and_packet_t*>(&b.packets[i]);
}

// The address at which `device`'s kernels reach `p`; false for pageable host memory (or
// unknown) and another GPU's memory (no peer access is granted: the replay's copy engine
// reaches it).
template <typename Devices>
bool gpuAddress(const HsaApi& api, const Devices& devices, int device, const void* p,
                uint64_t* out) {
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  if (api.hsa_amd_pointer_info(p, &info, nullptr, nullptr, nullptr) != HSA_STATUS_SUCCESS)
    return false;
  switch (info.type) {
    case HSA_EXT_POINTER_TYPE_HSA:
      for (size_t d = 0; d < devices.size(); ++d)
        if (static_cast<int>(d) != device &&
            devices[d]->info.agent.handle == info.agentOwner.handle)
          return false;
      *out = reinterpret_cast<uint64_t>(p);
      return true;
    case HSA_EXT_POINTER_TYPE_IPC:
    case HSA_EXT_POINTER_TYPE_GRAPHICS:
      *out = reinterpret_cast<uint64_t>(p);
      return true;
    case HSA_EXT_POINTER_TYPE_LOCKED:
      *out = reinterpret_cast<uint64_t>(info.agentBaseAddress) +
             (reinterpret_cast<uint64_t>(p) - reinterpret_cast<uint64_t>(info.hostBaseAddress));
      return true;
    default: return false;
  }
}

}  // namespace

std::unique_ptr<generic_graphs::NativeGraphProgram> HsaGraphCompiler::compile(int device,
                                                                              const Graph& g) {
  {
    std::lock_guard lock(mutex_);
    std::erase_if(retired_, [&](GraphLeftovers& l) {
      if (!done(l)) return false;
      free(l);
      return true;
    });
  }
  return HsaGraphProgram::build(backend_, *this, device, g);
}

bool HsaGraphCompiler::done(const GraphLeftovers& l) const {
  return std::all_of(l.busy.begin(), l.busy.end(),
                     [&](hsa_signal_t s) { return api_.hsa_signal_load_scacquire(s) == 0; });
}

void HsaGraphCompiler::free(GraphLeftovers& l) {
  for (void* k : l.kernargs) api_.hsa_amd_memory_pool_free(k);
  for (hsa_signal_t s : l.signals) api_.hsa_signal_destroy(s);
  for (auto& [pool, s] : l.pooled) pool->release(s);
  l = GraphLeftovers{};
}

void HsaGraphCompiler::retire(GraphLeftovers l) {
  if (done(l)) {
    free(l);
    return;
  }
  std::lock_guard lock(mutex_);
  retired_.push_back(std::move(l));
}

void HsaGraphCompiler::releaseAll() {
  std::lock_guard lock(mutex_);
  for (GraphLeftovers& l : retired_) free(l);
  retired_.clear();
}

void HsaGraphCompiler::track(HsaGraphProgram* p) {
  std::lock_guard lock(eventMutex_);
  tracked_.push_back(p);
}

void HsaGraphCompiler::untrack(HsaGraphProgram* p) { std::erase(tracked_, p); }

void HsaGraphCompiler::eventGone(HsaEvent* event) {
  std::lock_guard lock(eventMutex_);
  for (HsaGraphProgram* p : tracked_) p->eventGone(event);
}

HsaGraphProgram::HsaGraphProgram(HsaBackend& backend, HsaGraphCompiler& owner, int device)
    : backend_(backend), owner_(owner), api_(backend.api_), device_(device) {}

std::unique_ptr<HsaGraphProgram> HsaGraphProgram::build(HsaBackend& backend,
                                                        HsaGraphCompiler& owner, int device,
                                                        const Graph& g) {
  std::unique_ptr<HsaGraphProgram> p(new HsaGraphProgram(backend, owner, device));
  const HsaApi& api = backend.api_;
  SignalPool& pool = backend.devices_[device]->pool;
  // The schedule, child graphs inlined, as packets; `last` maps a node to the last packet it
  // stands for (-1: none, e.g. an empty root), so dependencies become packet positions.
  std::unordered_map<const Node*, int> last;
  std::vector<bool> barrier;
  int lastBarrier = 0;
  bool compilable = true;
  // Packet `k`, which needs packet `need` complete.
  auto add = [&](Kernel k, int need) {
    const int position = static_cast<int>(p->kernels_.size());
    const bool wait = position == 0 || need >= lastBarrier;
    if (wait) lastBarrier = position;
    barrier.push_back(wait);
    if (k.step == Step::Dispatch) {
      if (needsQueue(*k.function->info)) compilable = false;
      k.offset = p->kernargBytes_;
      p->kernargBytes_ +=
          roundUp(k.function->info->kernargSize, std::max(64u, k.function->info->kernargAlign));
    }
    p->kernels_.push_back(k);
    return position;
  };
  auto eventNode = [&](const Node* n, bool record, int need) {
    auto* e = static_cast<HsaEvent*>(n->event);
    if (e == nullptr || (e->flags & hipEventInterprocess) != 0) {
      compilable = false;
      return need;
    }
    auto en = std::make_unique<EventNode>();
    en->event.store(e, std::memory_order_relaxed);
    en->record = record;
    en->pool = &pool;
    if (record) {
      if (pool.acquire(0, &en->entry).ok()) en->signal = en->entry->signal;
      else compilable = false;
    } else if (!ensureWaitGuard(*e, pool)) {
      compilable = false;
    }
    if (p->events_.empty()) owner.track(p.get());
    p->events_.push_back(std::move(en));
    Kernel k;
    k.step = record ? Step::Record : Step::Wait;
    k.node = n;
    k.index = static_cast<uint32_t>(p->events_.size() - 1);
    return add(k, need);
  };
  auto hostNode = [&](const Node* n, int need) {
    if (api.hsa_amd_signal_async_handler == nullptr) {
      compilable = false;
      return need;
    }
    HostNode h{n, std::shared_ptr<HostSlot[]>(new HostSlot[kHostSlots])};
    for (uint32_t i = 0; i < kHostSlots; ++i)
      for (hsa_signal_t* sig : {&h.slots[i].reached, &h.slots[i].returned, &h.slots[i].after})
        if (api.hsa_signal_create(0, 0, nullptr, sig) != HSA_STATUS_SUCCESS) compilable = false;
    p->hosts_.push_back(std::move(h));
    Kernel k;
    k.step = Step::HostReached;
    k.node = n;
    k.index = static_cast<uint32_t>(p->hosts_.size() - 1);
    const int reached = add(k, need);
    k.step = Step::HostReturned;
    return add(k, reached);
  };
  std::function<int(const Graph&, int)> walk = [&](const Graph& graph, int before) {
    int end = before;
    for (const Node* n : graph.order) {
      int need = n->deps.empty() ? before : -1;
      for (const Node* d : n->deps) need = std::max(need, last[d]);
      int mine = need;
      if (n->enabled) {  // a disabled node acts as an empty one
        switch (n->type) {
          case hipGraphNodeTypeKernel: {
            Kernel k;
            k.node = n;
            k.function = static_cast<const HsaFunction*>(n->kernel.function);
            mine = add(k, need);
            break;
          }
          case hipGraphNodeTypeMemset:
          case hipGraphNodeTypeMemcpy: {
            // Built-in kernels side by side (one per memset row, a few for 16-bit rows; one
            // per copy), each after the node's dependencies.
            std::vector<Kernel> pieces;
            if (!p->builtins(*n, &pieces)) compilable = false;
            for (const Kernel& k : pieces) mine = std::max(mine, add(k, need));
            break;
          }
          case hipGraphNodeTypeEventRecord: mine = eventNode(n, true, need); break;
          case hipGraphNodeTypeWaitEvent: mine = eventNode(n, false, need); break;
          case hipGraphNodeTypeHost: mine = hostNode(n, need); break;
          case hipGraphNodeTypeGraph:
            if (n->child) mine = walk(*n->child, need);
            break;
          // Graph memory is allocated when the node is added and owned by the graph and its
          // execs (generic/graphs): nothing to do at launch.
          case hipGraphNodeTypeEmpty:
          case hipGraphNodeTypeMemAlloc:
          case hipGraphNodeTypeMemFree: break;
          default: compilable = false;  // external semaphores: not on AMD
        }
      }
      if (!compilable) return end;
      last[n] = mine;
      end = std::max(end, mine);
    }
    return end;
  };
  walk(g, -1);
  if (!compilable) return nullptr;
  p->packets_ = static_cast<uint32_t>(p->kernels_.size());
  p->plain_ = std::all_of(p->kernels_.begin(), p->kernels_.end(),
                          [](const Kernel& k) { return k.step == Step::Dispatch; });
  if (p->kernels_.empty()) return p;  // nothing to enqueue

  Buffer& b = p->buffers_[0];
  if (!p->allocate(&b).ok()) return nullptr;
  const size_t count = p->kernels_.size();
  for (size_t i = 0; i < count; ++i) {
    const Kernel& k = p->kernels_[i];
    switch (k.step) {
      case Step::Dispatch: {
        uint16_t setup = 0;
        if (!p->encode(k, &b.packets[i], &setup, b.kernargs + k.offset).ok()) return nullptr;
        b.packets[i].kernarg_address = b.kernargs + k.offset;
        b.headers[i] = headerWord(
            packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, barrier[i], kScope, kScope), setup);
        break;
      }
      case Step::Record:
        b.headers[i] = barrierPacket(barrier[i], {}, p->events_[k.index]->signal, &b.packets[i]);
        break;
      default:  // signals patched at launch
        b.headers[i] = barrierPacket(barrier[i], {}, {}, &b.packets[i]);
    }
  }
  b.headers[count] = barrierPacket(true, {}, b.running, &b.packets[count]);
  b.headers[count + 1] = barrierPacket(true, {}, {}, &b.packets[count + 1]);  // the stream's
  return p;
}

bool HsaGraphProgram::builtins(const Node& n, std::vector<Kernel>* out) {
  out->clear();
  FillKernels* fill = nullptr;
  if (!backend_.fillKernels(device_, &fill).ok()) return false;
  // A built-in kernel over `count` elements with `args` (the grid stride follows them).
  auto builtin = [&](const HsaFunction* f, uint64_t count, std::initializer_list<uint64_t> args) {
    Kernel k;
    k.node = &n;
    k.function = f;
    const FillGeometry geometry(count);
    k.workgroups = geometry.workgroups;
    size_t i = 0;
    for (uint64_t a : args) k.args[i++] = a;
    k.args[i] = geometry.stride;
    out->push_back(k);
  };
  if (n.type == hipGraphNodeTypeMemset) {
    // Each row as hipMemsetAsync / hipMemsetD16Async / hipMemsetD32Async fill it.
    const hipMemsetParams& m = n.memset;
    auto put = [&](void* dst, uint32_t value, uint64_t count, bool words) {
      if (count > 0)
        builtin(words ? fill->fillU32 : fill->fillU8, count,
                {reinterpret_cast<uint64_t>(dst), value, count});
    };
    for (size_t r = 0; r < m.height && m.width > 0; ++r) {
      uint8_t* row = static_cast<uint8_t*>(m.dst) + r * m.pitch;
      const auto address = reinterpret_cast<uintptr_t>(row);
      if (m.elementSize == 4) {
        put(row, m.value, m.width, true);
      } else if (m.elementSize == 1) {
        const uint32_t byte = m.value & 0xFFu;
        if (address % 4 == 0 && m.width % 4 == 0) put(row, byte * 0x01010101u, m.width / 4, true);
        else put(row, byte, m.width, false);
      } else {  // 16-bit: words between single elements written as bytes
        const uint32_t value = m.value & 0xFFFFu, lo = value & 0xFFu, hi = value >> 8;
        auto one = [&](uint8_t* at) {
          if (lo == hi) {
            put(at, lo, 2, false);
          } else {
            put(at, lo, 1, false);
            put(at + 1, hi, 1, false);
          }
        };
        uint8_t* at = row;
        size_t count = m.width;
        if (count != 0 && address % 4 != 0) {
          one(at);
          at += 2;
          --count;
        }
        const size_t words = count / 2;
        put(at, value * 0x00010001u, words, true);
        if (count % 2 != 0) one(at + words * 4);
      }
    }
    return true;
  }
  // A copy: one copy-kernel packet, between memory the GPU reaches.
  const hipMemcpy3DParms& c = n.copy;
  if (c.srcArray != nullptr || c.dstArray != nullptr) return false;
  const size_t width = c.extent.width, height = c.extent.height, depth = c.extent.depth;
  if (width == 0 || height == 0 || depth == 0) return true;
  const size_t spitch = c.srcPtr.pitch, dpitch = c.dstPtr.pitch;
  const size_t sslice = spitch * c.srcPtr.ysize, dslice = dpitch * c.dstPtr.ysize;
  const auto* src = static_cast<const char*>(c.srcPtr.ptr) + c.srcPos.z * sslice +
                    c.srcPos.y * spitch + c.srcPos.x;
  const auto* dst = static_cast<const char*>(c.dstPtr.ptr) + c.dstPos.z * dslice +
                    c.dstPos.y * dpitch + c.dstPos.x;
  uint64_t from = 0, to = 0;
  // Pageable host memory: replayed (each copy locks it).
  if (!gpuAddress(api_, backend_.devices_, device_, src, &from) ||
      !gpuAddress(api_, backend_.devices_, device_, dst, &to))
    return false;
  // The widest element every address, the width and every pitch in use are multiples of.
  uint64_t bits = from | to | width;
  if (height > 1) bits |= spitch | dpitch;
  if (depth > 1) bits |= sslice | dslice;
  const int which = bits % 16 == 0 ? 2 : bits % 4 == 0 ? 1 : 0;
  const uint64_t unit = which == 2 ? 16 : which == 1 ? 4 : 1;
  if (fill->copy[which] == nullptr) return false;
  builtin(fill->copy[which], width / unit * height * depth,
          {to, from, width / unit, height, depth, dpitch / unit, dslice / unit, spitch / unit,
           sslice / unit});
  return true;
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
  GraphLeftovers l;
  if (b->running.handle != 0) {
    l.busy.push_back(b->running);
    l.signals.push_back(b->running);
  }
  if (b->kernargs != nullptr) l.kernargs.push_back(b->kernargs);
  owner_.retire(std::move(l));  // launches in flight may still read these kernargs
  *b = Buffer{};
}

HsaGraphProgram::~HsaGraphProgram() {
  for (Buffer& b : buffers_) release(&b);
  GraphLeftovers l;
  for (HostNode& h : hosts_) {
    for (uint32_t i = 0; i < kHostSlots; ++i) {
      const HostSlot& s = h.slots[i];
      if (s.after.handle != 0) l.busy.push_back(s.after);  // 0: its handler is done with it
      for (hsa_signal_t sig : {s.reached, s.returned, s.after})
        if (sig.handle != 0) l.signals.push_back(sig);
    }
    l.memory.push_back(h.slots);
  }
  if (!events_.empty()) {
    std::lock_guard lock(owner_.eventMutex());  // no event is destroyed meanwhile
    owner_.untrack(this);
    for (auto& en : events_) {
      if (!en->record || en->signal.handle == 0) continue;
      handOver(*en);
      l.pooled.emplace_back(en->pool, en->signal);  // released once its launches finished
    }
  }
  owner_.retire(std::move(l));
}

void HsaGraphProgram::handOver(EventNode& en) {
  HsaEvent* e = en.event.load(std::memory_order_relaxed);
  if (e == nullptr) return;
  // The event's latest record is this program's: the event takes it over, with a reference of
  // its own (a record or launch swapping it out meanwhile finds it owned then).
  SignalPool::retain(en.entry);
  uintptr_t mine = reinterpret_cast<uintptr_t>(en.entry) | HsaEvent::kGraphRecord;
  if (!e->latest.compare_exchange_strong(mine, reinterpret_cast<uintptr_t>(en.entry),
                                         std::memory_order_acq_rel))
    SignalPool::release(en.entry);
  if (SignalPool::Entry* guard = e->waitGuard.load(std::memory_order_acquire))
    en.pool->addGuard(en.entry, guard->signal);
}

bool HsaGraphProgram::ensureWaitGuard(HsaEvent& e, SignalPool& pool) {
  std::lock_guard lock(e.mutex);
  if (e.waitGuard.load(std::memory_order_relaxed) != nullptr) return true;
  SignalPool::Entry* guard = nullptr;
  if (!pool.acquire(0, &guard).ok()) return false;
  e.waitGuard.store(guard, std::memory_order_release);
  return true;
}

void HsaGraphProgram::eventGone(HsaEvent* event) {
  for (auto& en : events_)
    if (en->event.load(std::memory_order_relaxed) == event)
      en->event.store(nullptr, std::memory_order_relaxed);
}

bool HsaGraphProgram::runHost(hsa_signal_value_t, void* arg) {
  auto* s = static_cast<HostSlot*>(arg);
  const bool cancelled = s->cancelled;
  if (!cancelled) s->fn(s->data);
  // Opening `returned` (or, for a launch that never happened, `after`) is the last touch: the
  // slot may be freed once `after` reads 0.
  const auto store = s->store;
  const hsa_signal_t returned = s->returned, after = s->after;
  store(returned, 0);
  if (cancelled) store(after, 0);
  return false;  // one call per launch
}

Status HsaGraphProgram::encode(const Kernel& k, hsa_kernel_dispatch_packet_t* body,
                               uint16_t* setup, uint8_t* kernargs) {
  const generic_graphs::KernelLaunch& l = k.node->kernel;
  const KernelInfo& info = *k.function->info;
  // Device services (hostcall buffer, heap) are made on the device's legacy stream if need be.
  HsaStream* s = nullptr;
  UNIHIP_TRY(backend_.resolve(device_, nullptr, &s));
  LaunchConfig config{l.grid, l.block, l.sharedMemBytes, nullptr};
  // A built-in kernel (fill, copy): its 8-byte arguments in k.args (a 4-byte one is read from
  // the low half: little-endian).
  const bool builtin = k.node->type != hipGraphNodeTypeKernel;
  void* builtinArgs[10];
  if (builtin) {
    for (int i = 0; i < 10; ++i) builtinArgs[i] = const_cast<uint64_t*>(&k.args[i]);
    config = LaunchConfig{dim3(k.workgroups), dim3(FillGeometry::kWorkgroup), 0, nullptr};
  }
  KernargContext ctx;
  DispatchExtras extras;
  UNIHIP_TRY(backend_.launchContext(device_, *k.function, config, *s, &ctx, &extras));
  ctx.queuePtr = 0;  // no kernel compiled here reads it (needsQueue)
  // A hipModuleLaunchKernel `extra` buffer holds the explicit arguments at their offsets.
  std::vector<void*> packed;
  void* const* args = l.hasArgs ? l.argPtrs.data() : nullptr;
  if (builtin) {
    if (info.explicitArgCount > 10) return hipErrorInvalidValue;
    args = builtinArgs;
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

bool HsaGraphProgram::armHosts() {
  for (const HostNode& h : hosts_)
    if (api_.hsa_signal_load_scacquire(h.slots[h.next % kHostSlots].after) != 0) return false;
  for (size_t i = 0; i < hosts_.size(); ++i) {
    HostSlot& slot = hosts_[i].slots[hosts_[i].next % kHostSlots];
    slot.fn = hosts_[i].node->host.fn;
    slot.data = hosts_[i].node->host.userData;
    slot.store = api_.hsa_signal_store_screlease;
    slot.cancelled = false;
    for (hsa_signal_t sig : {slot.reached, slot.returned, slot.after})
      api_.hsa_signal_store_relaxed(sig, 1);
    if (api_.hsa_amd_signal_async_handler(slot.reached, HSA_SIGNAL_CONDITION_EQ, 0, runHost,
                                          &slot) != HSA_STATUS_SUCCESS) {
      for (hsa_signal_t sig : {slot.reached, slot.returned, slot.after})
        api_.hsa_signal_store_relaxed(sig, 0);
      for (size_t j = 0; j < i; ++j) {  // their handlers run, call nothing, free the slots
        HostSlot& armed = hosts_[j].slots[hosts_[j].next % kHostSlots];
        armed.cancelled = true;
        api_.hsa_signal_store_screlease(armed.reached, 0);
      }
      return false;
    }
  }
  return true;
}

bool HsaGraphProgram::prepareLaunch(Buffer& b) {
  if (!armHosts()) return false;
  const uint32_t count = static_cast<uint32_t>(kernels_.size());
  for (uint32_t i = 0; i < count; ++i) {
    const Kernel& k = kernels_[i];
    switch (k.step) {
      case Step::Dispatch: break;
      case Step::Record: {
        const EventNode& en = *events_[k.index];
        api_.hsa_signal_add_relaxed(en.signal, 1);
        if (HsaEvent* e = en.event.load(std::memory_order_relaxed)) {
          const uintptr_t previous = e->latest.exchange(
              reinterpret_cast<uintptr_t>(en.entry) | HsaEvent::kGraphRecord,
              std::memory_order_acq_rel);
          if (previous != 0) HsaBackend::releaseRecord(*e, previous);
        }
        break;
      }
      case Step::Wait: {
        hsa_signal_t dependency{0}, guard{0};
        if (HsaEvent* e = events_[k.index]->event.load(std::memory_order_relaxed)) {
          // Counted in the guard before the signal is read: a record replacing it meanwhile
          // keeps it from reuse until this barrier passed.
          guard = e->waitGuard.load(std::memory_order_acquire)->signal;
          api_.hsa_signal_add_relaxed(guard, 1);
          std::atomic_thread_fence(std::memory_order_seq_cst);
          const uintptr_t latest = e->latest.load(std::memory_order_seq_cst);
          if (latest != 0) dependency = recordEntry(latest)->signal;
          if (dependency.handle != 0 && api_.hsa_signal_load_scacquire(dependency) == 0)
            dependency = hsa_signal_t{0};  // already complete
        }
        hsa_barrier_and_packet_t* slot = barrierIn(b, i);
        slot->dep_signal[0] = dependency;
        slot->completion_signal = guard;
        break;
      }
      case Step::HostReached:
        barrierIn(b, i)->completion_signal =
            hosts_[k.index].slots[hosts_[k.index].next % kHostSlots].reached;
        break;
      case Step::HostReturned: {
        const HostSlot& slot = hosts_[k.index].slots[hosts_[k.index].next % kHostSlots];
        barrierIn(b, i)->dep_signal[0] = slot.returned;
        barrierIn(b, i)->completion_signal = slot.after;
        break;
      }
    }
  }
  for (HostNode& h : hosts_) ++h.next;
  return true;
}

bool HsaGraphProgram::launch(NativeStream stream, Status* status) {
  HsaStream* s = nullptr;
  if (Status st = backend_.resolve(device_, stream, &s); !st.ok()) {
    *status = st;
    return true;
  }
  *status = kOk;
  const uint32_t count = packets_;
  if (count == 0) return true;
  hsa_queue_t* q = s->queue;
  const uint32_t n = count + 2;
  if (n > q->size) return false;  // never fits the ring at once: replayed
  Buffer& b = buffers_[current_];
  if (!plain_ && !prepareLaunch(b)) return false;
  // Reserve n slots, wait until the last is free, write bodies, then headers (release), then
  // one doorbell (aql_queue.h's protocol for n packets).
  const uint64_t first = api_.hsa_queue_add_write_index_screlease(q, n);
  const uint64_t final = first + n - 1;
  while (final - api_.hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  for (uint32_t i = 0; i < n; ++i)
    std::memcpy(static_cast<uint8_t*>(slotAddress(q, first + i)) + 4,
                reinterpret_cast<const uint8_t*>(&b.packets[i]) + 4, kPacketBytes - 4);
  barrierAt(q, final)->completion_signal = s->inflight;
  api_.hsa_signal_add_relaxed(b.running, 1);
  api_.hsa_signal_add_relaxed(s->inflight, 1);
  for (uint32_t i = 0; i < n; ++i)
    __atomic_store_n(static_cast<uint32_t*>(slotAddress(q, first + i)), b.headers[i],
                     __ATOMIC_RELEASE);
  api_.hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(final));
  return true;
}

HsaGraphProgram::Buffer* HsaGraphProgram::writable() {
  if (kernels_.empty()) return nullptr;
  Buffer* b = &buffers_[current_];
  if (api_.hsa_signal_load_scacquire(b->running) == 0) return b;
  // A launch may still read this buffer: the other one takes the change.
  Buffer& other = buffers_[1 - current_];
  if (other.kernargs != nullptr && api_.hsa_signal_load_scacquire(other.running) != 0)
    release(&other);  // busy too: retired, a fresh one takes its place
  if (other.kernargs == nullptr && !allocate(&other).ok()) {
    release(&other);
    return nullptr;
  }
  std::memcpy(other.kernargs, b->kernargs, kernargBytes_);
  other.packets = b->packets;
  other.headers = b->headers;
  for (size_t k = 0; k < kernels_.size(); ++k)
    if (kernels_[k].step == Step::Dispatch)
      other.packets[k].kernarg_address = other.kernargs + kernels_[k].offset;
  other.headers[kernels_.size()] =
      barrierPacket(true, {}, other.running, &other.packets[kernels_.size()]);
  current_ = 1 - current_;
  return &other;
}

bool HsaGraphProgram::rewrite(Buffer& b, size_t i) {
  const Kernel& k = kernels_[i];
  const uint32_t size = k.function->info->kernargSize;
  hsa_kernel_dispatch_packet_t body;
  uint16_t setup = 0;
  std::vector<uint8_t> kernargs(std::max(size, 1u));
  if (!encode(k, &body, &setup, kernargs.data()).ok()) return false;
  std::memcpy(b.kernargs + k.offset, kernargs.data(), size);
  body.kernarg_address = b.kernargs + k.offset;
  b.packets[i] = body;
  b.headers[i] = (b.headers[i] & 0xFFFFu) | (uint32_t{setup} << 16);
  return true;
}

bool HsaGraphProgram::patch(const Node& node) {
  auto mine = [&](const Kernel& k) { return k.node == &node; };
  const auto first = std::find_if(kernels_.begin(), kernels_.end(), mine);
  const size_t at = static_cast<size_t>(first - kernels_.begin());
  switch (node.type) {
    case hipGraphNodeTypeKernel: {
      if (first == kernels_.end() || first->function != node.kernel.function) return false;
      Buffer* b = writable();
      return b != nullptr && rewrite(*b, at);
    }
    case hipGraphNodeTypeMemset:
    case hipGraphNodeTypeMemcpy: {
      // The same number of built-in packets with the same argument sizes: rewritten in place.
      std::vector<Kernel> fresh;
      if (!builtins(node, &fresh)) return false;
      const size_t count = static_cast<size_t>(std::count_if(kernels_.begin(), kernels_.end(), mine));
      if (fresh.size() != count) return false;
      if (count == 0) return true;
      for (size_t j = 0; j < count; ++j)
        if (fresh[j].function->info->kernargSize != kernels_[at + j].function->info->kernargSize)
          return false;
      Buffer* b = writable();
      if (b == nullptr) return false;
      for (size_t j = 0; j < count; ++j) {
        fresh[j].offset = kernels_[at + j].offset;
        kernels_[at + j] = fresh[j];
        if (!rewrite(*b, at + j)) return false;
      }
      return true;
    }
    case hipGraphNodeTypeHost:
      return true;  // a launch reads the node's function and argument
    case hipGraphNodeTypeEventRecord:
    case hipGraphNodeTypeWaitEvent: {
      auto* e = static_cast<HsaEvent*>(node.event);
      if (first == kernels_.end() || e == nullptr || (e->flags & hipEventInterprocess) != 0)
        return false;
      EventNode& en = *events_[first->index];
      std::lock_guard lock(owner_.eventMutex());
      if (en.record) {
        // The old event keeps its latest record; the node records with a fresh signal.
        SignalPool::Entry* fresh = nullptr;
        if (!en.pool->acquire(0, &fresh).ok()) return false;
        handOver(en);
        SignalPool::release(en.entry);
        en.entry = fresh;
        en.signal = fresh->signal;
        for (Buffer& b : buffers_)
          if (!b.packets.empty())
            reinterpret_cast<hsa_barrier_and_packet_t*>(&b.packets[at])->completion_signal =
                fresh->signal;
      } else if (!ensureWaitGuard(*e, *en.pool)) {
        return false;
      }
      en.event.store(e, std::memory_order_relaxed);
      return true;
    }
    default: return false;
  }
}

}  // namespace unihip::hsa
