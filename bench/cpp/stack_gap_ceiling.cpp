// How much is there for search to win in two-player Stack Gap? A search
// player that sees every hidden card (the opponent's hand and the order of the
// draw pile: its redeal does nothing) plays greedy, seats rotated. A fair
// player knows less than that one, so its win rate shows how much is left
// for search to win (docs/strategy.md).
//
//   cardsim_stack_gap_ceiling [deals=1000] [spec=ismcts] [seed=2026] [out_prefix]
//
// Prints one JSON line; with out_prefix also writes <out_prefix>.json and .md
// (bench/results/stack_gap_ceiling.{json,md}).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/stack_gap/stack_gap.hpp"
#include "runner/runner.hpp"

using namespace cardsim;

namespace {

using Base = stack_gap::StackGapGame;

// Stack Gap whose states keep every card where it is when "redealt".
struct SeeingEverything : Base {
  struct State : Base::State {
    State(const Base::State& s) : Base::State(s) {}
    void resample_hidden(int /*player*/, Rng& /*rng*/) {}
  };
  using Base::Base;
  State deal(const std::vector<Card>& deck) const { return State(Base::deal(deck)); }
};

template <class G>
double win_rate(const G& game, const std::string& spec, std::uint64_t deals, std::uint64_t seed) {
  Summary seats(2), by_policy(2);
  BatchOutput out;
  out.by_policy = &by_policy;
  run_batch(game, seed, 0, deals, plan_for(game, {spec, "greedy"}, true), 0, seats, out);
  return static_cast<double>(by_policy.wins[0]) / static_cast<double>(2 * deals);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t deals = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000;
  const std::string spec = argc > 2 ? argv[2] : "ismcts";
  const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 2026;
  const OptionMap two{{"players", std::int64_t{2}}};
  const auto t0 = std::chrono::steady_clock::now();
  const double fair = win_rate(Base(two), spec, deals, seed);
  const double seeing = win_rate(SeeingEverything(two), spec, deals, seed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double half = 1.96 * std::sqrt(0.25 / static_cast<double>(2 * deals));  // at most, for a rate
  char json[512];
  std::snprintf(
      json, sizeof json,
      "{\"game\": \"stack_gap\", \"policy\": \"%s\", \"deals\": %llu, \"games\": %llu, "
      "\"seed\": %llu, \"win_rate_vs_greedy\": %.4f, \"seeing_everything_win_rate_vs_greedy\": %.4f, "
      "\"half_width_95\": %.4f, \"seconds\": %.1f}",
      spec.c_str(), static_cast<unsigned long long>(deals), static_cast<unsigned long long>(2 * deals),
      static_cast<unsigned long long>(seed), fair, seeing, half, seconds);
  std::printf("%s\n", json);
  if (argc > 4) {
    const std::string prefix = argv[4];
    if (FILE* f = std::fopen((prefix + ".json").c_str(), "w")) {
      std::fprintf(f, "%s\n", json);
      std::fclose(f);
    }
    if (FILE* f = std::fopen((prefix + ".md").c_str(), "w")) {
      std::fprintf(f,
                   "# Stack Gap: the ceiling of search\n\n"
                   "`cardsim_stack_gap_ceiling %llu %s %llu` (bench/cpp/stack_gap_ceiling.cpp): `%s` "
                   "against greedy, two players, %llu deals (%llu games), seats rotated; 95%% "
                   "intervals at most +-%.1f points.\n\n"
                   "| player | wins against greedy |\n|---|---|\n"
                   "| `%s`, redealing what it has not seen | %.1f%% |\n"
                   "| `%s`, seeing every card (no redeal) | %.1f%% |\n",
                   static_cast<unsigned long long>(deals), spec.c_str(),
                   static_cast<unsigned long long>(seed), spec.c_str(),
                   static_cast<unsigned long long>(deals), static_cast<unsigned long long>(2 * deals),
                   100 * half, spec.c_str(), 100 * fair, spec.c_str(), 100 * seeing);
      std::fclose(f);
    }
  }
}
