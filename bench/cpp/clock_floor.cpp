// The floor for Clock Patience: the plainest loop that deals the same cards as
// cardsim (Rng::for_game and the documented shuffle) and plays the patience on
// bare arrays, with no state class, no action list and no summary. It prints
// the same totals as the runner (games won, cards turned), so bench_clock.py
// can check that both did the same work before it compares their speed.
//   cardsim_clock_floor [games] [seed]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core/card.hpp"
#include "core/rng.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  const std::uint64_t games = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  std::uint64_t won = 0, turned_total = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < games; ++i) {
    Rng rng = Rng::for_game(seed, i);
    Card deck[52];
    for (int c = 0; c < 52; ++c) deck[c] = static_cast<Card>(c);
    rng.shuffle(deck, 52);
    // deck[k] goes to pile k mod 13; the last card dealt to a pile is its top.
    Card piles[13][4];
    int down[13];
    for (int k = 0; k < 52; ++k) piles[k % 13][k / 13] = deck[k];
    for (int& d : down) d = 4;
    int pile = 12, turned = 0;
    while (down[pile] > 0) {
      const Card c = piles[pile][--down[pile]];
      pile = rank_of(c) - 1;
      ++turned;
    }
    won += turned == 52;
    turned_total += static_cast<std::uint64_t>(turned);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("clock_floor games %llu seconds %.6f games_per_s %.0f won %llu turned %llu\n",
              static_cast<unsigned long long>(games), s, static_cast<double>(games) / s,
              static_cast<unsigned long long>(won), static_cast<unsigned long long>(turned_total));
}
