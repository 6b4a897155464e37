// The names an NVIDIA image defines — a cubin's ELF symbol table, or a PTX module's .entry,
// .global and .const declarations — so that asking a module for a kernel or variable it lacks is
// answered without a failing driver call (compute-sanitizer reports every one).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/bundle.h"

namespace unihip::cu {

// The set of names an image defines, kept as sorted 64-bit hashes: one allocation per module
// load instead of one string per symbol. A hash collision only makes count() answer 1 for a
// name the image lacks, and the caller then asks the driver, which answers "not found".
class ModuleSymbols {
 public:
  void add(std::string_view name) {
    hashes_.push_back(hash(name));
    // clang's HIP codegen gives a __managed__ variable `x` a pointer `x` and the value
    // `x.managed`, which the NVPTX backend names `x__managed`: kept by name, so that a module's
    // loader can set the pointers up (AMD's DynCO::initDynManagedVars).
    for (std::string_view suffix : {std::string_view(".managed"), std::string_view("__managed")}) {
      if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix) {
        managed_.emplace_back(name.substr(0, name.size() - suffix.size()));
        break;
      }
    }
  }
  void reserve(size_t n) { hashes_.reserve(n); }
  // After the last add(): sorts for count().
  void seal() {
    std::sort(hashes_.begin(), hashes_.end());
    hashes_.erase(std::unique(hashes_.begin(), hashes_.end()), hashes_.end());
  }
  size_t count(std::string_view name) const {
    return std::binary_search(hashes_.begin(), hashes_.end(), hash(name)) ? 1 : 0;
  }
  size_t size() const { return hashes_.size(); }
  // The names of the image's __managed__ variables (the pointer variables' names).
  const std::vector<std::string>& managedVariables() const { return managed_; }

 private:
  static uint64_t hash(std::string_view s) {  // FNV-1a
    uint64_t h = 14695981039346656037ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return h;
  }
  std::vector<uint64_t> hashes_;
  std::vector<std::string> managed_;
};

// Fills `names` with every symbol the image defines. False when they cannot be known (another
// format, a malformed image): callers then ask the driver. Reads only within [data, data + size).
bool readModuleSymbols(ImageKind kind, const void* data, size_t size, ModuleSymbols* names);

}  // namespace unihip::cu
