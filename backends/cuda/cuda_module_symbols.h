// The names an NVIDIA image defines — a cubin's ELF symbol table, or a PTX module's .entry,
// .global and .const declarations — so that asking a module for a kernel or variable it lacks is
// answered without a failing driver call (compute-sanitizer reports every one).
#pragma once

#include <cstddef>
#include <string>
#include <unordered_set>

#include "fatbin/bundle.h"

namespace unihip::cu {

// Fills `names` with every symbol the image defines. False when they cannot be known (another
// format, a malformed image): callers then ask the driver. Reads only within [data, data + size).
bool readModuleSymbols(ImageKind kind, const void* data, size_t size,
                       std::unordered_set<std::string>* names);

}  // namespace unihip::cu
