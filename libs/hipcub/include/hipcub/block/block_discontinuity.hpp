/* BlockDiscontinuity: head and tail flags of a blocked tile; flag_op(a, b) is true where b,
 * following a, starts a new run. */
#ifndef HIPCUB_BLOCK_BLOCK_DISCONTINUITY_HPP_
#define HIPCUB_BLOCK_BLOCK_DISCONTINUITY_HPP_

#include "../config.hpp"

namespace hipcub {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockDiscontinuity {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  struct Storage {
    T first[BLOCK_THREADS];
    T last[BLOCK_THREADS];
  };

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockDiscontinuity() : s_(Private().Alias()), tid_(Tid()) {}
  HIPCUB_DEVICE BlockDiscontinuity(TempStorage& t) : s_(t.Alias()), tid_(Tid()) {}

  template <int N, class Flag, class FlagOp>
  HIPCUB_DEVICE void FlagHeads(Flag (&head_flags)[N], T (&input)[N], FlagOp flag_op) {
    Heads(head_flags, input, flag_op, false, input[0]);
  }
  template <int N, class Flag, class FlagOp>
  HIPCUB_DEVICE void FlagHeads(Flag (&head_flags)[N], T (&input)[N], FlagOp flag_op,
                               T tile_predecessor_item) {
    Heads(head_flags, input, flag_op, true, tile_predecessor_item);
  }
  template <int N, class Flag, class FlagOp>
  HIPCUB_DEVICE void FlagTails(Flag (&tail_flags)[N], T (&input)[N], FlagOp flag_op) {
    Tails(tail_flags, input, flag_op, false, input[0]);
  }
  template <int N, class Flag, class FlagOp>
  HIPCUB_DEVICE void FlagTails(Flag (&tail_flags)[N], T (&input)[N], FlagOp flag_op,
                               T tile_successor_item) {
    Tails(tail_flags, input, flag_op, true, tile_successor_item);
  }

 private:
  template <int N, class Flag, class FlagOp>
  HIPCUB_DEVICE void Heads(Flag (&flags)[N], T (&input)[N], FlagOp op, bool has_pred, T pred) {
    s_.last[tid_] = input[N - 1];
    __syncthreads();
    if (tid_ == 0)
      flags[0] = has_pred ? (Flag)op(pred, input[0]) : (Flag)1;
    else
      flags[0] = (Flag)op(s_.last[tid_ - 1], input[0]);
#pragma unroll
    for (int i = 1; i < N; ++i) flags[i] = (Flag)op(input[i - 1], input[i]);
  }
  template <int N, class Flag, class FlagOp>
  HIPCUB_DEVICE void Tails(Flag (&flags)[N], T (&input)[N], FlagOp op, bool has_succ, T succ) {
    s_.first[tid_] = input[0];
    __syncthreads();
    if (tid_ == BLOCK_THREADS - 1)
      flags[N - 1] = has_succ ? (Flag)op(input[N - 1], succ) : (Flag)1;
    else
      flags[N - 1] = (Flag)op(input[N - 1], s_.first[tid_ + 1]);
#pragma unroll
    for (int i = 0; i + 1 < N; ++i) flags[i] = (Flag)op(input[i], input[i + 1]);
  }
  HIPCUB_DEVICE static int Tid() {
    return (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
  }
  HIPCUB_DEVICE static TempStorage& Private() {
    __shared__ TempStorage storage;
    return storage;
  }
  Storage& s_;
  int tid_;
};

}  // namespace hipcub

#endif
