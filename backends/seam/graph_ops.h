// Seam family "graphs and stream capture" (issue 14): optional, handed out by Backend::graphs() (null when a
// vendor lacks it). Ordinals are the backend's; the API layer validated the arguments.
#pragma once

#include "core/status.h"
#include "seam/handles.h"

namespace unihip {

class GraphOps {
 public:
  virtual ~GraphOps() = default;
};

}  // namespace unihip
