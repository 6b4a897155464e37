// One unihipcc run: compile every input, then link unless -c. Errors are thrown (UsageError,
// ToolFailed, Interrupted) and reported by main().
#pragma once

#include "options.h"

namespace unihipcc {

void runDriver(const Options& options);

// --version: unihipcc's version and the tools it would use.
void printVersion(const Options& options);

}  // namespace unihipcc
