#include "temp_dir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace unihipcc {

TempDir::TempDir() {
  const char* base = getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/unihipcc-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data()))
    throw std::runtime_error("cannot create a temporary folder '" + pattern +
                             "': " + strerror(errno));
  path_ = buffer.data();
}

TempDir::~TempDir() {
  if (keep_) {
    std::fprintf(stderr, "unihipcc: intermediate files kept in %s\n", path_.c_str());
    return;
  }
  std::error_code ec;  // best effort: a destructor must not throw
  std::filesystem::remove_all(path_, ec);
}

}  // namespace unihipcc
