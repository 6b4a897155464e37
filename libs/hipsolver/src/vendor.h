// cuSOLVER, loaded at run time (hipSOLVER's only backend so far).
#pragma once

#include <string>

namespace unihip::solver {

// The library's handle (dlopen), or nullptr; `why` then lists every path tried and one log line
// has said so. Loaded once, on first use, by any thread. UNIHIP_CUSOLVER_LIBRARY, when set, is
// the only path tried (tests point it at a fake or a missing file).
void* cusolverLibrary(std::string* why = nullptr);

}  // namespace unihip::solver
