/* DoubleBuffer: two device buffers and which one is current, as the radix sorts take them. */
#ifndef HIPCUB_UTIL_DOUBLE_BUFFER_HPP_
#define HIPCUB_UTIL_DOUBLE_BUFFER_HPP_

#include "../config.hpp"

namespace hipcub {

template <class T>
struct DoubleBuffer {
  T* d_buffers[2];
  int selector;
  HIPCUB_HOST_DEVICE DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
  HIPCUB_HOST_DEVICE DoubleBuffer(T* current, T* alternate) : d_buffers{current, alternate}, selector(0) {}
  HIPCUB_HOST_DEVICE T* Current() { return d_buffers[selector]; }
  HIPCUB_HOST_DEVICE T* Alternate() { return d_buffers[selector ^ 1]; }
};

}  // namespace hipcub

#endif
