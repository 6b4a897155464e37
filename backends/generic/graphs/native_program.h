// A backend's own compiled form of an executable generic graph (issue 14): at instantiation, and
// again after the exec's parameters or enabled states change, the backend may turn the schedule
// into something it launches at once (on HSA: pre-built AQL packets and kernargs,
// backends/hsa/hsa_graph_exec.h). launchGraph uses the program when there is one and otherwise
// replays the schedule node by node, so a backend compiles only the graphs it can.
#pragma once

#include <memory>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip::generic_graphs {

struct Graph;
struct Node;

class NativeGraphProgram {
 public:
  virtual ~NativeGraphProgram() = default;
  // Enqueues the whole graph on `stream` (a stream of the exec's device), result in *status;
  // false with nothing enqueued when this stream cannot take it (the caller replays).
  // No lock, no allocation.
  virtual bool launch(NativeStream stream, Status* status) = 0;
  // `node`, a node of the compiled graph, has new parameters (the node already holds them):
  // true when the program was patched; false when it must be compiled again.
  virtual bool patch(const Node& node) = 0;
};

class NativeGraphCompiler {
 public:
  virtual ~NativeGraphCompiler() = default;
  // The program of `g`, an instantiated graph of `device` whose schedule (Graph::order, child
  // graphs included) is made; null when the backend leaves it to replay.
  virtual std::unique_ptr<NativeGraphProgram> compile(int device, const Graph& g) = 0;
};

}  // namespace unihip::generic_graphs
