// The floor for Clock Patience: the plainest loop under the contract of a batch
// run (game i keyed on (seed, i) alone, its score kept in an array): a keyed
// generator per game (Rng::for_game), one 52-card shuffle (the documented one,
// 32-bit Lemire draws on a byte deck), the play loop on bare arrays, and one
// stored score; no state class, no action list and no summary. It deals the
// same cards as cardsim and prints the same totals as the runner (games won,
// cards turned), so the benches can check that both did the same work before
// they compare their speed. Build it with portable flags (g++ -O3, no
// -march=native), as a wheel is.
//   cardsim_clock_floor [games] [seed]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/card.hpp"
#include "core/rng.hpp"

using namespace cardsim;

int main(int argc, char** argv) {
  const std::uint64_t games = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  std::uint64_t won = 0, turned_total = 0;
  std::vector<std::uint8_t> scores(games);
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < games; ++i) {
    Rng rng = Rng::for_game(seed, i);
    // The deck holds each card's home pile (its rank - 1) in the card's
    // place: the shuffle moves places only, so it deals what cardsim deals,
    // and a turn's chain of dependent loads is the pile's count, then the card.
    std::uint8_t deck[52];
    for (int c = 0; c < 52; ++c) deck[c] = static_cast<std::uint8_t>(rank_of(static_cast<Card>(c)) - 1);
    rng.shuffle(deck, 52);
    // deck[k] goes to pile k mod 13; the last card dealt to a pile is its
    // top. The play reads the deck in place, as bare as it gets.
    int down[13];
    for (int& d : down) d = 4;
    int pile = 12, turned = 0;
    while (down[pile] > 0) {
      pile = deck[pile + 13 * --down[pile]];
      ++turned;
    }
    scores[i] = static_cast<std::uint8_t>(turned);
    won += turned == 52;
    turned_total += static_cast<std::uint64_t>(turned);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("clock_floor games %llu seconds %.6f games_per_s %.0f won %llu turned %llu\n",
              static_cast<unsigned long long>(games), s, static_cast<double>(games) / s,
              static_cast<unsigned long long>(won), static_cast<unsigned long long>(turned_total));
}
