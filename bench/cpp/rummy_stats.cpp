// Rummy figures that the batch summary does not hold (how often a deal ends in
// "rummy"), from the header-only core with no Python. It plays exactly the games
// cardsim.simulate plays for the same seed and policy (same stream per game,
// same policy code), so its other counts match simulate's.
//
//   cmake --build build/bench --target cardsim_rummy_stats   (configured with -DCARDSIM_BENCH=ON)
//   build/bench/cardsim_rummy_stats GAMES SEED PLAYERS random|greedy|duel
// `duel`: player 0 greedy, the others random (the head-to-head figure).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/rummy/rummy.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s GAMES SEED PLAYERS random|greedy|duel\n", argv[0]);
    return 2;
  }
  const std::uint64_t games = std::strtoull(argv[1], nullptr, 10), seed = std::strtoull(argv[2], nullptr, 10);
  const bool greedy = std::string(argv[4]) == "greedy", duel = std::string(argv[4]) == "duel";
  OptionMap options{{"players", std::int64_t{std::atoi(argv[3])}}};
  rummy::RummyGame game(options);
  std::vector<Card> deck;
  rummy::RummyState::ActionList legal;
  std::uint64_t out = 0, rummies = 0, moves = 0, seat0_wins = 0;
  for (std::uint64_t i = 0; i < games; ++i) {
    Rng rng = Rng::for_game(seed, i);
    game.random_deck(rng, deck);
    auto s = game.deal(deck);
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      const bool use_greedy = greedy || (duel && s.current_player() == 0);
      Action a = use_greedy          ? game.greedy_action(s, legal, rng)
                 : legal.size() == 1 ? legal[0]
                                     : legal[static_cast<std::size_t>(rng.below(legal.size()))];
      s.apply(a);
      ++moves;
    }
    out += s.went_out() >= 0;
    rummies += s.rummy();
    seat0_wins += s.went_out() == 0;
  }
  const double p = static_cast<double>(rummies) / static_cast<double>(games);
  const double q = out ? static_cast<double>(rummies) / static_cast<double>(out) : 0.0;
  std::printf(
      "games %llu went_out %llu rummy %llu rummy/deal %.5f +- %.5f rummy/finished %.5f mean_moves %.2f\n",
      static_cast<unsigned long long>(games), static_cast<unsigned long long>(out),
      static_cast<unsigned long long>(rummies), p, 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(games)),
      q, static_cast<double>(moves) / static_cast<double>(games));
  const double w = static_cast<double>(seat0_wins) / static_cast<double>(games);
  std::printf("player 0 wins %.4f +- %.4f\n", w, 1.96 * std::sqrt(w * (1 - w) / static_cast<double>(games)));
  return 0;
}
