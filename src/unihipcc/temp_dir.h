// A private temporary folder ($TMPDIR or /tmp, mode 0700) for intermediate files, removed with
// everything in it when the object is destroyed, unless kept (-save-temps).
#pragma once

#include <string>

namespace unihipcc {

class TempDir {
 public:
  TempDir();  // throws std::runtime_error when the folder cannot be created
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // A path inside the folder; `name` must be unique among the caller's files.
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  void keep() { keep_ = true; }

 private:
  std::string path_;
  bool keep_ = false;
};

}  // namespace unihipcc
