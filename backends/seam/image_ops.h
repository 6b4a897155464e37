// Seam family "arrays, texture and surface objects" (issues 11 and 15): optional, handed out by Backend::images() (null when a
// vendor lacks it). Ordinals are the backend's; the API layer validated the arguments.
#pragma once

#include "core/status.h"
#include "seam/handles.h"

namespace unihip {

class ImageOps {
 public:
  virtual ~ImageOps() = default;
};

}  // namespace unihip
