// Runs a compiler tool from inside the runtime: no shell, no signal handlers touched, its
// standard output and error captured for the program log.
#pragma once

#include <string>
#include <vector>

namespace unihip::rtc {

// Returns the exit status (-1 when it could not start or died on a signal); `output` gets
// what it printed.
int runTool(const std::vector<std::string>& argv, std::string& output);

// Whether `path` names an executable file (or a name found on PATH).
std::string findExecutable(const std::string& nameOrPath);

}  // namespace unihip::rtc
