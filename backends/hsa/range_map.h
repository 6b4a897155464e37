// A value per address range: disjoint pieces [begin, end) -> T, every address outside a piece
// holding T{}. Managed memory's advice record (hsa_unified_memory.cpp) and the fake ROCr's SVM
// attributes (tests/hsa) keep their per-range state in one. Not thread-safe: callers lock.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>

namespace unihip::hsa {

template <typename T>
class RangeMap {
 public:
  // Applies `f(T&)` to every address of [begin, end), gaps first becoming T{} pieces.
  template <typename F>
  void update(uintptr_t begin, uintptr_t end, F f) {
    if (begin >= end) return;
    split(begin);
    split(end);
    uintptr_t at = begin;
    auto it = pieces_.lower_bound(begin);
    while (at < end) {
      if (it == pieces_.end() || it->first > at) {  // a gap up to the next piece or `end`
        const uintptr_t gapEnd = it == pieces_.end() || it->first > end ? end : it->first;
        it = pieces_.emplace_hint(it, at, Piece{gapEnd, T{}});
      }
      f(it->second.value);
      at = it->second.end;
      ++it;
    }
  }
  // Forgets [begin, end): its addresses hold T{} again.
  void erase(uintptr_t begin, uintptr_t end) {
    if (begin >= end) return;
    split(begin);
    split(end);
    pieces_.erase(pieces_.lower_bound(begin), pieces_.lower_bound(end));
  }
  // Calls `f(const T&)` once per piece or gap covering part of [begin, end), in address order.
  template <typename F>
  void forEach(uintptr_t begin, uintptr_t end, F f) const {
    static const T kEmpty{};
    uintptr_t at = begin;
    auto it = pieces_.upper_bound(begin);
    if (it != pieces_.begin() && std::prev(it)->second.end > begin) --it;
    while (at < end) {
      if (it == pieces_.end() || it->first > at) {
        f(kEmpty);
        if (it == pieces_.end() || it->first >= end) return;
        at = it->first;
        continue;
      }
      f(it->second.value);
      at = it->second.end;
      ++it;
    }
  }
  size_t pieces() const { return pieces_.size(); }

 private:
  struct Piece {
    uintptr_t end;
    T value;
  };
  // Makes `at` a piece boundary when a piece straddles it.
  void split(uintptr_t at) {
    auto it = pieces_.upper_bound(at);
    if (it == pieces_.begin()) return;
    --it;
    if (it->first < at && it->second.end > at) {
      pieces_.emplace(at, Piece{it->second.end, it->second.value});
      it->second.end = at;
    }
  }
  std::map<uintptr_t, Piece> pieces_;  // by begin
};

}  // namespace unihip::hsa
