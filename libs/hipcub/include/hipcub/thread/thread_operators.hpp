/* hipCUB's functors and KeyValuePair. */
#ifndef HIPCUB_THREAD_THREAD_OPERATORS_HPP_
#define HIPCUB_THREAD_THREAD_OPERATORS_HPP_

#include "../config.hpp"

namespace hipcub {

template <class Key, class Value>
struct KeyValuePair {
  typedef Key KeyT;
  typedef Value ValueT;
  Key key;
  Value value;
  HIPCUB_HOST_DEVICE KeyValuePair() {}
  HIPCUB_HOST_DEVICE KeyValuePair(const Key& k, const Value& v) : key(k), value(v) {}
  HIPCUB_HOST_DEVICE bool operator!=(const KeyValuePair& b) const {
    return value != b.value || key != b.key;
  }
};

struct Equality {
  template <class T, class U>
  HIPCUB_HOST_DEVICE bool operator()(const T& a, const U& b) const { return a == b; }
};
struct Inequality {
  template <class T, class U>
  HIPCUB_HOST_DEVICE bool operator()(const T& a, const U& b) const { return a != b; }
};
struct Sum {
  template <class T, class U>
  HIPCUB_HOST_DEVICE auto operator()(const T& a, const U& b) const { return a + b; }
};
struct Difference {
  template <class T, class U>
  HIPCUB_HOST_DEVICE auto operator()(const T& a, const U& b) const { return a - b; }
};
struct Max {
  template <class T>
  HIPCUB_HOST_DEVICE T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
struct Min {
  template <class T>
  HIPCUB_HOST_DEVICE T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
/* Ties go to the smaller key, so the result does not depend on the order of combination. */
struct ArgMax {
  template <class K, class V>
  HIPCUB_HOST_DEVICE KeyValuePair<K, V> operator()(const KeyValuePair<K, V>& a,
                                                   const KeyValuePair<K, V>& b) const {
    if ((b.value > a.value) || (b.value == a.value && b.key < a.key)) return b;
    return a;
  }
};
struct ArgMin {
  template <class K, class V>
  HIPCUB_HOST_DEVICE KeyValuePair<K, V> operator()(const KeyValuePair<K, V>& a,
                                                   const KeyValuePair<K, V>& b) const {
    if ((b.value < a.value) || (b.value == a.value && b.key < a.key)) return b;
    return a;
  }
};

}  // namespace hipcub

#endif
