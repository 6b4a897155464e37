/* The input iterators CUB programs use: counting, constant, transform. Random access, usable
 * on host and device. */
#ifndef HIPCUB_ITERATOR_ITERATORS_HPP_
#define HIPCUB_ITERATOR_ITERATORS_HPP_

#include "../config.hpp"

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

}  // namespace hipcub

#endif
