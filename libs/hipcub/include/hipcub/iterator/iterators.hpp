/* The input iterators CUB programs use: counting, constant, transform. Random access, usable
 * on host and device. */
#ifndef HIPCUB_ITERATOR_ITERATORS_HPP_
#define HIPCUB_ITERATOR_ITERATORS_HPP_

#include "../thread/thread_operators.hpp"

namespace hipcub {

template <class Value, class Offset = std::ptrdiff_t>
class CountingInputIterator {
 public:
  typedef CountingInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  HIPCUB_HOST_DEVICE CountingInputIterator(const Value& v) : v_(v) {}
  HIPCUB_HOST_DEVICE reference operator*() const { return v_; }
  HIPCUB_HOST_DEVICE reference operator[](difference_type n) const { return v_ + (Value)n; }
  HIPCUB_HOST_DEVICE self_type operator+(difference_type n) const { return self_type(v_ + (Value)n); }
  HIPCUB_HOST_DEVICE self_type operator-(difference_type n) const { return self_type(v_ - (Value)n); }
  HIPCUB_HOST_DEVICE difference_type operator-(const self_type& o) const { return (difference_type)(v_ - o.v_); }
  HIPCUB_HOST_DEVICE self_type& operator+=(difference_type n) { v_ += (Value)n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator-=(difference_type n) { v_ -= (Value)n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator++() { ++v_; return *this; }
  HIPCUB_HOST_DEVICE self_type operator++(int) { self_type r = *this; ++v_; return r; }
  HIPCUB_HOST_DEVICE bool operator==(const self_type& o) const { return v_ == o.v_; }
  HIPCUB_HOST_DEVICE bool operator!=(const self_type& o) const { return v_ != o.v_; }

 private:
  Value v_;
};

template <class Value, class Offset = std::ptrdiff_t>
class ConstantInputIterator {
 public:
  typedef ConstantInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  HIPCUB_HOST_DEVICE ConstantInputIterator(const Value& v, Offset offset = 0) : v_(v), off_(offset) {}
  HIPCUB_HOST_DEVICE reference operator*() const { return v_; }
  HIPCUB_HOST_DEVICE reference operator[](difference_type) const { return v_; }
  HIPCUB_HOST_DEVICE self_type operator+(difference_type n) const { return self_type(v_, off_ + n); }
  HIPCUB_HOST_DEVICE self_type operator-(difference_type n) const { return self_type(v_, off_ - n); }
  HIPCUB_HOST_DEVICE difference_type operator-(const self_type& o) const { return off_ - o.off_; }
  HIPCUB_HOST_DEVICE self_type& operator+=(difference_type n) { off_ += n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator++() { ++off_; return *this; }
  HIPCUB_HOST_DEVICE self_type operator++(int) { self_type r = *this; ++off_; return r; }
  HIPCUB_HOST_DEVICE bool operator==(const self_type& o) const { return off_ == o.off_ && v_ == o.v_; }
  HIPCUB_HOST_DEVICE bool operator!=(const self_type& o) const { return !(*this == o); }

 private:
  Value v_;
  Offset off_;
};

template <class Value, class ConversionOp, class InputIt, class Offset = std::ptrdiff_t>
class TransformInputIterator {
 public:
  typedef TransformInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  HIPCUB_HOST_DEVICE TransformInputIterator(InputIt it, ConversionOp op) : it_(it), op_(op) {}
  HIPCUB_HOST_DEVICE reference operator*() const { return op_(*it_); }
  HIPCUB_HOST_DEVICE reference operator[](difference_type n) const { return op_(it_[n]); }
  HIPCUB_HOST_DEVICE self_type operator+(difference_type n) const { return self_type(it_ + n, op_); }
  HIPCUB_HOST_DEVICE self_type operator-(difference_type n) const { return self_type(it_ - n, op_); }
  HIPCUB_HOST_DEVICE difference_type operator-(const self_type& o) const { return it_ - o.it_; }
  HIPCUB_HOST_DEVICE self_type& operator+=(difference_type n) { it_ += n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator++() { ++it_; return *this; }
  HIPCUB_HOST_DEVICE self_type operator++(int) { self_type r = *this; ++it_; return r; }
  HIPCUB_HOST_DEVICE bool operator==(const self_type& o) const { return it_ == o.it_; }
  HIPCUB_HOST_DEVICE bool operator!=(const self_type& o) const { return it_ != o.it_; }

 private:
  InputIt it_;
  ConversionOp op_;
};

/* Each item with its index: KeyValuePair<offset, value>. */
template <class InputIt, class Offset = std::ptrdiff_t,
          class OutputValue = typename std::iterator_traits<InputIt>::value_type>
class ArgIndexInputIterator {
 public:
  typedef ArgIndexInputIterator self_type;
  typedef Offset difference_type;
  typedef KeyValuePair<difference_type, OutputValue> value_type;
  typedef value_type* pointer;
  typedef value_type reference;
  typedef std::random_access_iterator_tag iterator_category;

  HIPCUB_HOST_DEVICE ArgIndexInputIterator(InputIt it, difference_type offset = 0) : it_(it), off_(offset) {}
  HIPCUB_HOST_DEVICE reference operator*() const { return value_type(off_, it_[off_]); }
  HIPCUB_HOST_DEVICE reference operator[](difference_type n) const { return value_type(off_ + n, it_[off_ + n]); }
  HIPCUB_HOST_DEVICE self_type operator+(difference_type n) const { return self_type(it_, off_ + n); }
  HIPCUB_HOST_DEVICE self_type operator-(difference_type n) const { return self_type(it_, off_ - n); }
  HIPCUB_HOST_DEVICE difference_type operator-(const self_type& o) const { return off_ - o.off_; }
  HIPCUB_HOST_DEVICE self_type& operator+=(difference_type n) { off_ += n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator++() { ++off_; return *this; }
  HIPCUB_HOST_DEVICE self_type operator++(int) { self_type r = *this; ++off_; return r; }
  HIPCUB_HOST_DEVICE bool operator==(const self_type& o) const { return off_ == o.off_ && it_ == o.it_; }
  HIPCUB_HOST_DEVICE bool operator!=(const self_type& o) const { return !(*this == o); }
  HIPCUB_HOST_DEVICE void normalize() { it_ += off_; off_ = 0; }

 private:
  InputIt it_;
  difference_type off_;
};

/* Swallows every write (for outputs a program does not need). */
template <class Offset = std::ptrdiff_t>
class DiscardOutputIterator {
  struct Sink {
    template <class T>
    HIPCUB_HOST_DEVICE const Sink& operator=(const T&) const { return *this; }
  };

 public:
  typedef DiscardOutputIterator self_type;
  typedef Offset difference_type;
  typedef void value_type;
  typedef void pointer;
  typedef Sink reference;
  typedef std::random_access_iterator_tag iterator_category;

  HIPCUB_HOST_DEVICE DiscardOutputIterator(Offset offset = 0) : off_(offset) {}
  HIPCUB_HOST_DEVICE Sink operator*() const { return Sink(); }
  HIPCUB_HOST_DEVICE Sink operator[](difference_type) const { return Sink(); }
  HIPCUB_HOST_DEVICE self_type operator+(difference_type n) const { return self_type(off_ + n); }
  HIPCUB_HOST_DEVICE self_type operator-(difference_type n) const { return self_type(off_ - n); }
  HIPCUB_HOST_DEVICE difference_type operator-(const self_type& o) const { return off_ - o.off_; }
  HIPCUB_HOST_DEVICE self_type& operator+=(difference_type n) { off_ += n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator++() { ++off_; return *this; }
  HIPCUB_HOST_DEVICE self_type operator++(int) { self_type r = *this; ++off_; return r; }
  HIPCUB_HOST_DEVICE bool operator==(const self_type& o) const { return off_ == o.off_; }
  HIPCUB_HOST_DEVICE bool operator!=(const self_type& o) const { return off_ != o.off_; }

 private:
  Offset off_;
};

enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };

/* The cache hints are accepted and read as plain loads: the result is the same on every target. */
template <CacheLoadModifier MODIFIER, class Value, class Offset = std::ptrdiff_t>
class CacheModifiedInputIterator {
 public:
  typedef CacheModifiedInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  template <class Q>
  HIPCUB_HOST_DEVICE CacheModifiedInputIterator(Q* p) : p_(const_cast<std::remove_cv_t<Q>*>(p)) {}
  HIPCUB_HOST_DEVICE reference operator*() const { return *p_; }
  HIPCUB_HOST_DEVICE reference operator[](difference_type n) const { return p_[n]; }
  HIPCUB_HOST_DEVICE self_type operator+(difference_type n) const { return self_type(p_ + n); }
  HIPCUB_HOST_DEVICE self_type operator-(difference_type n) const { return self_type(p_ - n); }
  HIPCUB_HOST_DEVICE difference_type operator-(const self_type& o) const { return p_ - o.p_; }
  HIPCUB_HOST_DEVICE self_type& operator+=(difference_type n) { p_ += n; return *this; }
  HIPCUB_HOST_DEVICE self_type& operator++() { ++p_; return *this; }
  HIPCUB_HOST_DEVICE self_type operator++(int) { self_type r = *this; ++p_; return r; }
  HIPCUB_HOST_DEVICE bool operator==(const self_type& o) const { return p_ == o.p_; }
  HIPCUB_HOST_DEVICE bool operator!=(const self_type& o) const { return p_ != o.p_; }

 private:
  Value* p_;
};

}  // namespace hipcub

#endif
