// The graphs family (seam/graph_ops.h) built by unihip over any backend's primitives, for vendors
// without native graphs (HSA/ROCr; the fake backend in tests): a validated DAG per graph
// (graph_model.h), instantiation to a topological schedule, launch as that schedule replayed
// through the backend's own enqueue path (kernel launch, async copy and fill, event record and
// wait, host function) on the launch stream, and stream capture as a per-stream state machine.
//
// A backend may compile an executable graph into its own form (native_program.h: on HSA,
// pre-built AQL packets); launchGraph then launches that, and replays the schedule otherwise
// (nodes the backend does not compile, a capturing stream, a stream it cannot take).
//
// Capture: these are the backend's CaptureHooks (seam/capture_hooks.h); the seam's enqueueing
// operations ask them first (one relaxed atomic load while nothing captures), and the matching
// hook adds the node for an operation on a capturing stream.
// Thread safety: graph building, queries and capture take one mutex; launchGraph takes none and
// allocates nothing.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "backend.h"
#include "generic/graphs/graph_model.h"
#include "seam/capture_hooks.h"
#include "seam/graph_ops.h"

namespace unihip {

class GenericGraphs final : public GraphOps, public CaptureHooks {
 public:
  explicit GenericGraphs(Backend& backend) : backend_(backend) {}
  // Leaves graphs the caller never destroyed to the process (the backend may be gone): call
  // releaseAll() first.
  ~GenericGraphs() override;
  // Ends every capture, giving back the graphs they were building (backend teardown).
  void releaseAll();

  // How the backend tells a blocking stream (one the legacy stream synchronizes with) from a
  // hipStreamNonBlocking one; without it every stream counts as blocking.
  void setBlockingQuery(bool (*blocking)(NativeStream)) { blocking_ = blocking; }
  // The backend's graph compiler (native_program.h); without one every launch replays.
  void setCompiler(generic_graphs::NativeGraphCompiler* compiler) { compiler_ = compiler; }

  // ---- The capture hooks a backend's enqueueing primitives call ----
  // Each returns true when it took the operation (the stream captures, or for a wait, the
  // event belongs to a capture), with the result in *s. Work on the legacy stream (null) while a
  // blocking stream captures would make the capture wait on it: refused with
  // hipErrorStreamCaptureImplicit, every capture invalidated (AMD's rule).
  bool captureLaunch(int device, NativeFunction f, const LaunchConfig& c, void** args, Status* s) override;
  bool capturePacked(int device, NativeFunction f, const LaunchConfig& c, const void* buffer,
                     size_t bytes, Status* s) override;
  bool captureCopy(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                   NativeStream stream, Status* s) override;
  bool captureFill(int device, void* dst, uint32_t value, size_t count, unsigned elementSize,
                   NativeStream stream, Status* s) override;
  bool captureHostFunc(int device, NativeStream stream, void (*fn)(void*), void* data, Status* s) override;
  bool captureEventRecord(int device, NativeEvent event, NativeStream stream, Status* s) override;
  // Stream-ordered allocation and free (generic/memory_pools.h) on a capturing stream:
  // an allocation node, whose memory is the graph's, and a free node.
  bool captureAlloc(int device, size_t size, NativeStream stream, void** ptr, Status* s);
  bool captureFree(int device, void* ptr, NativeStream stream, Status* s);
  bool captureWaitEvent(int device, NativeStream stream, NativeEvent event, Status* s) override;
  // A stream or event the backend destroys leaves any capture (a destroyed origin ends its
  // capture, others invalidate theirs), so that a new one at the same address starts clean.
  void streamGone(NativeStream stream);
  void eventGone(NativeEvent event);
  // Synchronizing with or querying a capturing stream: HIP refuses it and invalidates the capture.
  bool refuseSync(NativeStream stream, Status* s) override;
  // Calls the capture modes call "potentially unsafe" (allocation): refused while this thread
  // may not make them, invalidating the captures that forbid them (AMD's rule).
  bool refuseUnsafe(Status* s) override;
  // Calls refused while any stream captures, whatever the mode (device synchronization:
  // hipErrorStreamCaptureUnsupported; synchronous copies and fills:
  // hipErrorStreamCaptureImplicit); every capture is invalidated, as AMD's runtime does.
  bool refuseAny(hipError_t code, Status* s) override;

  // ---- GraphOps ----
  Status graphCreate(int device, NativeGraph* graph) override;
  Status graphDestroy(int device, NativeGraph graph) override;
  Status graphClone(int device, NativeGraph original, NativeGraph* clone) override;
  Status graphNodeFindInClone(int device, NativeGraphNode original, NativeGraph clone,
                              NativeGraphNode* node) override;
  Status graphNodes(int device, NativeGraph graph, std::vector<NativeGraphNode>* nodes) override;
  Status graphRootNodes(int device, NativeGraph graph,
                        std::vector<NativeGraphNode>* nodes) override;
  Status graphEdges(int device, NativeGraph graph, std::vector<NativeGraphNode>* from,
                    std::vector<NativeGraphNode>* to) override;
  Status graphDependencies(int device, NativeGraph graph, const NativeGraphNode* from,
                           const NativeGraphNode* to, size_t count, bool add) override;
  Status graphDebugDotPrint(int device, NativeGraph graph, const char* path,
                            unsigned int flags) override;

  Status nodeType(int device, NativeGraphNode node, hipGraphNodeType* type) override;
  Status nodeNeighbours(int device, NativeGraphNode node, bool dependents,
                        std::vector<NativeGraphNode>* nodes) override;
  Status nodeDestroy(int device, NativeGraphNode node) override;

  Status addKernelNode(int device, const NodePlace& at, const KernelNodeArgs& p,
                       NativeGraphNode* node) override;
  Status addMemcpyNode(int device, const NodePlace& at, const hipMemcpy3DParms& p,
                       NativeGraphNode* node) override;
  Status addMemsetNode(int device, const NodePlace& at, const hipMemsetParams& p,
                       NativeGraphNode* node) override;
  Status addHostNode(int device, const NodePlace& at, const hipHostNodeParams& p,
                     NativeGraphNode* node) override;
  Status addChildGraphNode(int device, const NodePlace& at, NativeGraph child,
                           NativeGraphNode* node) override;
  Status addEmptyNode(int device, const NodePlace& at, NativeGraphNode* node) override;
  Status addEventNode(int device, const NodePlace& at, bool record, NativeEvent event,
                      NativeGraphNode* node) override;
  Status addMemAllocNode(int device, const NodePlace& at, hipMemAllocNodeParams* p,
                         NativeGraphNode* node) override;
  Status addMemFreeNode(int device, const NodePlace& at, void* ptr,
                        NativeGraphNode* node) override;

  Status kernelNodeParams(int device, NativeGraphNode node, KernelNodeArgs* p) override;
  Status setKernelNodeParams(int device, NativeGraphNode node, const KernelNodeArgs& p) override;
  Status memcpyNodeParams(int device, NativeGraphNode node, hipMemcpy3DParms* p) override;
  Status setMemcpyNodeParams(int device, NativeGraphNode node,
                             const hipMemcpy3DParms& p) override;
  Status memsetNodeParams(int device, NativeGraphNode node, hipMemsetParams* p) override;
  Status setMemsetNodeParams(int device, NativeGraphNode node, const hipMemsetParams& p) override;
  Status hostNodeParams(int device, NativeGraphNode node, hipHostNodeParams* p) override;
  Status setHostNodeParams(int device, NativeGraphNode node, const hipHostNodeParams& p) override;
  Status childGraph(int device, NativeGraphNode node, NativeGraph* graph) override;
  Status eventNodeEvent(int device, NativeGraphNode node, bool record,
                        NativeEvent* event) override;
  Status setEventNodeEvent(int device, NativeGraphNode node, bool record,
                           NativeEvent event) override;
  Status memAllocNodeParams(int device, NativeGraphNode node, hipMemAllocNodeParams* p) override;
  Status memFreeNodeParams(int device, NativeGraphNode node, void** ptr) override;
  Status kernelNodeAttribute(int device, NativeGraphNode node, int attr,
                             hipLaunchAttributeValue* value) override;
  Status setKernelNodeAttribute(int device, NativeGraphNode node, int attr,
                                const hipLaunchAttributeValue& value) override;
  Status copyKernelNodeAttributes(int device, NativeGraphNode src, NativeGraphNode dst) override;

  Status instantiate(int device, NativeGraph graph, unsigned long long flags,
                     NativeStream uploadStream, NativeGraphExec* exec,
                     InstantiateResult* result) override;
  Status execDestroy(int device, NativeGraphExec exec) override;
  Status launchGraph(int device, NativeGraphExec exec, NativeStream stream) override;
  Status uploadGraph(int device, NativeGraphExec exec, NativeStream stream) override;
  Status execUpdate(int device, NativeGraphExec exec, NativeGraph graph,
                    NativeGraphNode* errorNode, hipGraphExecUpdateResult* result) override;
  Status execSetKernelNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                 const KernelNodeArgs& p) override;
  Status execSetMemcpyNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                 const hipMemcpy3DParms& p) override;
  Status execSetMemsetNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                 const hipMemsetParams& p) override;
  Status execSetHostNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                               const hipHostNodeParams& p) override;
  Status execSetChildGraph(int device, NativeGraphExec exec, NativeGraphNode node,
                           NativeGraph child) override;
  Status execSetEventNodeEvent(int device, NativeGraphExec exec, NativeGraphNode node,
                               bool record, NativeEvent event) override;
  Status nodeSetEnabled(int device, NativeGraphExec exec, NativeGraphNode node,
                        unsigned int enabled) override;
  Status nodeEnabled(int device, NativeGraphExec exec, NativeGraphNode node,
                     unsigned int* enabled) override;

  Status graphMemAttribute(int device, int attr, void* value, bool set) override;
  Status graphMemTrim(int device) override;
  Status freeGraphMemory(int device, void* ptr, NativeStream stream) override;

  Status userObjectCreate(int device, void* ptr, hipHostFn_t destroy, unsigned int refcount,
                          unsigned int flags, NativeUserObject* object) override;
  Status userObjectRefs(int device, NativeUserObject object, long long count) override;
  Status graphUserObjectRefs(int device, NativeGraph graph, NativeUserObject object,
                             long long count, unsigned int flags) override;

  Status beginCapture(int device, NativeStream stream, int mode) override;
  Status beginCaptureToGraph(int device, NativeStream stream, NativeGraph graph,
                             const NativeGraphNode* deps, size_t count, int mode) override;
  Status endCapture(int device, NativeStream stream, NativeGraph* graph) override;
  Status captureInfo(int device, NativeStream stream, hipStreamCaptureStatus* status,
                     unsigned long long* id, NativeGraph* graph, const NativeGraphNode** deps,
                     size_t* count) override;
  Status updateCaptureDependencies(int device, NativeStream stream, NativeGraphNode* deps,
                                   size_t count, unsigned int flags) override;
  Status exchangeCaptureMode(int device, int* mode) override;
  Status invalidateCapture(int device, NativeStream stream) override;

 private:
  using Graph = generic_graphs::Graph;
  using Node = generic_graphs::Node;
  using Exec = generic_graphs::Exec;

  // One capture sequence: its graph and the streams taking part (the origin first).
  struct Capture {
    Graph* graph = nullptr;
    bool ownsGraph = true;  // false for hipStreamBeginCaptureToGraph
    int mode = 0;
    hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
    unsigned long long id = 0;
    NativeStream origin = nullptr;
    std::thread::id thread;
    std::vector<NativeStream> streams;
  };
  struct StreamCapture {
    std::shared_ptr<Capture> capture;
    bool blocking = true;  // synchronizes with the legacy stream
    std::vector<NativeGraphNode> deps;  // the nodes the stream's next operation depends on
  };
  struct EventCapture {
    std::shared_ptr<Capture> capture;
    std::vector<NativeGraphNode> nodes;  // the recording stream's dependencies at the record
  };

  // Building (graph_build.cpp).
  template <typename Fill>
  Status add(int device, const NodePlace& at, hipGraphNodeType type, NativeGraphNode* out,
             Fill fill);
  Status setKernel(int device, const KernelNodeArgs& p, generic_graphs::KernelLaunch* k);
  void destroyGraph(Graph* g);
  Status changeRefs(generic_graphs::UserObject* o, long long count);
  // Graph memory of `size` bytes on `device` for a new allocation node (graph_memory.h).
  Status allocate(int device, size_t size, std::shared_ptr<generic_graphs::GraphAllocation>* out);
  // A launch's allocations and frees, after the relaunch rule (graph_exec.cpp).
  Status checkRelaunch(const Exec& e);
  void accountLaunch(const Exec& e);
  // Running (graph_exec.cpp).
  // (Re)compiles the exec's program after a change (null when the backend does not compile it).
  void compile(Exec& e);
  // After `n`'s parameters changed: the program patched, or compiled again when it cannot be.
  void patchOrCompile(Exec& e, const Node& n);
  Status run(const Graph& g, NativeStream stream);
  Status runNode(const Node& n, NativeStream stream);
  // Capture (stream_capture.cpp): the stream's record, when it takes part in a capture.
  StreamCapture* captureOf(NativeStream stream);
  // Adds a node made by `fill` after the stream's dependencies; answers the capture's state.
  template <typename Fill>
  Status captureNode(NativeStream stream, hipGraphNodeType type, Fill fill);
  void invalidate(Capture& c);
  // For work on the legacy stream: true (with *s) when a blocking stream captures.
  bool legacyRefused(Status* s);
  StreamCapture joined(std::shared_ptr<Capture> c, NativeStream stream,
                       std::vector<NativeGraphNode> deps) const;
  void leave(Capture& c);
  bool prohibited(std::thread::id self) const;

  Backend& backend_;
  // First of the members, so the last to go: a graph another member ends may free its memory.
  generic_graphs::GraphMemory memory_;
  bool (*blocking_)(NativeStream) = nullptr;
  generic_graphs::NativeGraphCompiler* compiler_ = nullptr;
  std::mutex mutex_;
  std::unordered_map<NativeStream, StreamCapture> streams_;
  std::unordered_map<NativeEvent, EventCapture> events_;
  std::vector<std::shared_ptr<Capture>> captures_;  // live captures
  unsigned long long nextCaptureId_ = 0;

};

}  // namespace unihip
