// The module family's shared paths (hip_module.cpp), used by the module entry points and by the
// library family (hip_library.cpp), whose libraries are modules.
#pragma once

#include <string>
#include <vector>

#include "core/handles.h"
#include "base/status.h"

namespace unihip {

// hipModuleGetFunction's checks and codes; one function object per (module, name).
Status moduleFunction(hipModule_t module, const char* name, hipFunction_t* function);
// The module's kernel names, as its backend lists them; hipErrorInvalidResourceHandle for a
// module not live.
Status moduleKernelNames(hipModule_t module, std::vector<std::string>* names);
// hipModuleLoad's checks and codes.
Status loadModuleFile(hipModule_t* module, const char* fname);

}  // namespace unihip
