// libs/common/bench_pair.h's statistics: the same medians and intervals as bench/report.py's
// median_interval (the values below are its answers for the same inputs).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "bench_pair.h"

namespace {

// n values 1.0, 1.5, ... in a scrambled order, as the Python check made them.
std::vector<double> scrambled(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back((i * 7919) % n * 0.5 + 1);
  return v;
}

}  // namespace

TEST_CASE("bench_pair medianInterval matches report.py's median_interval", "[bench-pair]") {
  using unihip::libs::bench::medianInterval;
  struct Row {
    int n;
    double median, low, high, coverage;
  };
  for (const Row& r : {Row{2, 1.25, 1.0, 1.5, 0.5}, Row{6, 2.25, 1.0, 3.5, 0.96875},
                       Row{7, 2.5, 1.0, 4.0, 0.984375}, Row{9, 3.0, 1.5, 4.5, 0.9609375},
                       Row{15, 4.5, 2.5, 6.5, 0.96484375},
                       Row{30, 8.25, 5.5, 11.0, 0.9572260547429323}}) {
    INFO("n = " << r.n);
    const auto i = medianInterval(scrambled(r.n));
    CHECK(i.median == r.median);
    CHECK(i.low == r.low);
    CHECK(i.high == r.high);
    CHECK(i.coverage == Approx(r.coverage).epsilon(1e-12));
  }
  const auto one = medianInterval({3.0});
  CHECK(one.median == 3.0);
  CHECK(one.coverage == 0.0);
}

TEST_CASE("bench_pair alternate rotates the order and pairs each round's ratio", "[bench-pair]") {
  using unihip::libs::bench::Timing;
  std::vector<char> order;
  int hipCalls = 0, vendorCalls = 0;
  const auto p = unihip::libs::bench::alternate(
      4,
      [&] {
        order.push_back('h');
        return Timing{2.0 * ++hipCalls, 1};
      },
      [&] {
        order.push_back('v');
        return Timing{1.0 * ++vendorCalls, 1};
      });
  // A warm-up of each, then h v, v h, h v, v h.
  CHECK(std::string(order.begin(), order.end()) == "hvhvvhhvvh");
  REQUIRE(p.ratio.size() == 4);
  for (size_t r = 0; r < 4; ++r) CHECK(p.ratio[r] == Approx(2.0));
}
