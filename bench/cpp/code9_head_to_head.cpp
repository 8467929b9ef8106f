// Code 9 Attack: the greedy policy against random opponents, seat by seat, and
// the speed of random play. The batch runner plays one policy in every seat;
// this harness mixes them, straight from the header-only core.
//
//   cmake --build build/bench --target cardsim_code9_head_to_head   (configured with -DCARDSIM_BENCH=ON)
//   build/bench/cardsim_code9_head_to_head [games per seating, default 100000] [seed, default 1]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "games/code9/code9.hpp"

using namespace cardsim;
using code9::Code9Game;

// Plays game `index` with the greedy policy in the seats of `greedy_mask`.
static Outcome play(const Code9Game& game, std::uint64_t seed, std::uint64_t index, unsigned greedy_mask,
                    std::vector<Card>& deck, std::int64_t& actions) {
  Rng rng = Rng::for_game(seed, index);
  game.random_deck(rng, deck);
  auto state = game.deal(deck);
  Code9Game::State::ActionList legal;
  while (!state.is_terminal()) {
    state.legal_actions(legal);
    const bool greedy = greedy_mask >> state.current_player() & 1;
    const Action a = greedy ? game.greedy_action(state, legal, rng)
                            : legal[static_cast<std::size_t>(rng.below(legal.size()))];
    state.apply(a);
    ++actions;
  }
  return state.outcome();
}

int main(int argc, char** argv) {
  const std::uint64_t games = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  std::vector<Card> deck;
  for (int n = 2; n <= 4; ++n) {
    Code9Game game({{"players", std::int64_t{n}}}, false);
    std::printf("%d players, one greedy seat against %d random (%llu games per seating)\n", n, n - 1,
                static_cast<unsigned long long>(games));
    for (int g = 0; g < n; ++g) {
      std::uint64_t wins = 0;
      std::int64_t actions = 0;
      for (std::uint64_t i = 0; i < games; ++i)
        wins += play(game, seed, i, 1u << g, deck, actions).winners >> g & 1;
      const double p = static_cast<double>(wins) / static_cast<double>(games);
      const double half = 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(games));
      std::printf("  greedy in seat %d: wins %.4f +- %.4f (fair share %.4f)\n", g, p, half, 1.0 / n);
    }
  }
  // Speed of pure random play on this thread.
  Code9Game game({}, false);
  std::int64_t actions = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < games; ++i) play(game, seed, i, 0, deck, actions);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("random play, 2 players: %.2f M actions/s on one thread\n",
              static_cast<double>(actions) / s / 1e6);
  return 0;
}
