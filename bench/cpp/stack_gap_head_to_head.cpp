// Two-player Stack Gap: the greedy heuristic against uniform random play,
// head to head (the batch runner gives every seat the same policy, so it
// cannot measure this). Seeded like the runner: game i uses Rng::for_game(seed, i).
//
//   cmake --build build/bench --target cardsim_stack_gap_head_to_head   (configured with -DCARDSIM_BENCH=ON)
//   build/bench/cardsim_stack_gap_head_to_head 1000000
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "games/stack_gap/stack_gap.hpp"

using namespace cardsim;
using namespace cardsim::stack_gap;

namespace {

struct Tally {
  std::uint64_t games = 0, wins[2] = {0, 0}, draws = 0;
  double points[2] = {0, 0};
};

// greedy_seat: -1 nobody (both random), 0 or 1.
Tally play(const StackGapGame& game, std::uint64_t seed, std::uint64_t n, int greedy_seat) {
  Tally t;
  std::vector<Card> deck;
  StackGapState::ActionList legal;
  for (std::uint64_t i = 0; i < n; ++i) {
    Rng rng = Rng::for_game(seed, i);
    game.random_deck(rng, deck);
    StackGapState s = game.deal(deck);
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      const Action a = s.current_player() == greedy_seat
                           ? game.greedy_action(s, legal, rng)
                           : legal[static_cast<std::size_t>(rng.below(legal.size()))];
      s.apply(a);
    }
    const Outcome o = s.outcome();
    ++t.games;
    t.draws += o.draw;
    for (int p = 0; p < 2; ++p) {
      t.wins[p] += o.winners >> p & 1;
      t.points[p] += s.points(p);
    }
  }
  return t;
}

void wilson(const char* what, std::uint64_t k, std::uint64_t n) {
  const double z = 1.959963984540054, p = static_cast<double>(k) / static_cast<double>(n);
  const double nn = static_cast<double>(n), c = (p + z * z / (2 * nn)) / (1 + z * z / nn);
  const double h = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
  std::printf("  %s %.5f [%.5f, %.5f]\n", what, p, c - h, c + h);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const bool jokers = argc > 2 && std::atoi(argv[2]) != 0;
  OptionMap options;
  options["players"] = std::int64_t{2};
  options["jokers"] = jokers;
  const StackGapGame game(options);
  for (int seat = -1; seat < 2; ++seat) {
    const Tally t = play(game, 20261130, n, seat);
    std::printf("%s, %llu games, jokers %d:\n",
                seat < 0    ? "both random"
                : seat == 0 ? "greedy seat 0 vs random"
                            : "random vs greedy seat 1",
                static_cast<unsigned long long>(n), jokers);
    wilson("player 0 wins", t.wins[0], t.games);
    wilson("player 1 wins", t.wins[1], t.games);
    std::printf("  mean points %.3f / %.3f\n", t.points[0] / static_cast<double>(n),
                t.points[1] / static_cast<double>(n));
  }
}
