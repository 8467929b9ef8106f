// What hole detection costs per placement in Hole in the Wall.
//
// Plays random games, records the open air before every placement, then times
// three ways of updating it over the same placements:
//   game      fill_open_cell as the game runs it: a local test of the 8 cells
//             around the new card, and the bit-mask flood fill only when the
//             card might cut the air apart;
//   flood     the bit-mask flood fill after every placement;
//   bfs       a plain per-cell breadth-first search over a byte grid, for scale.
// Build and run through bench/studies/hole_detection.py, or by hand:
//   cmake --build build/bench --target cardsim_hole_detection   (configured with -DCARDSIM_BENCH=ON)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "games/hole_in_the_wall/hole_in_the_wall.hpp"

using namespace cardsim;
using namespace cardsim::hole_in_the_wall;

struct Sample {
  CellSet open;
  int top, row, col;
};

namespace {

constexpr int kGridRows = kMaxRow + 2;                     // rows 0..46
using Grid = std::array<std::uint8_t, kGridRows * kCols>;  // 1 = open

// Open cells cut off from the row above `top`, searched one cell at a time.
int bfs_sealed(const Grid& open, int top) {
  std::array<std::uint8_t, kGridRows * kCols> seen{};
  std::array<std::int16_t, kGridRows * kCols> queue{};
  int head = 0, tail = 0;
  const int air = top + 1;
  for (int c = 0; c < kCols; ++c)
    seen[air * kCols + c] = 1, queue[tail++] = static_cast<std::int16_t>(air * kCols + c);
  while (head < tail) {
    const int cell = queue[head++], r = cell / kCols, c = cell % kCols;
    const int next[4] = {r + 1 <= air ? cell + kCols : -1, r > 1 ? cell - kCols : -1, c > 0 ? cell - 1 : -1,
                         c + 1 < kCols ? cell + 1 : -1};
    for (int n : next)
      if (n >= 0 && open[n] && !seen[n]) seen[n] = 1, queue[tail++] = static_cast<std::int16_t>(n);
  }
  int sealed = 0;
  for (int i = kCols; i < air * kCols; ++i) sealed += open[i] && !seen[i];
  return sealed;
}

template <class F>
double time_per_call(std::size_t n, int reps, F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < reps; ++k)
    for (std::size_t i = 0; i < n; ++i) f(i);
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return dt / (static_cast<double>(n) * reps) * 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  HoleInTheWallGame game(OptionMap{{"players", std::int64_t{3}}});
  std::vector<Sample> samples;
  std::vector<Card> deck;
  for (int g = 0; g < games; ++g) {
    Rng rng = Rng::for_game(12345, static_cast<std::uint64_t>(g));
    game.random_deck(rng, deck);
    auto state = game.deal(deck);
    HoleInTheWallState::ActionList legal;
    while (!state.is_terminal()) {
      state.legal_actions(legal);
      const Action a = legal[static_cast<std::size_t>(rng.below(legal.size()))];
      if (const Move d = decode(a); d.kind == Move::Place) {
        samples.push_back({state.open_air(), std::max(state.top_row(), d.row), d.row, d.col});
      }
      state.apply(a);
    }
  }
  const std::size_t n = samples.size();
  std::vector<Grid> grids(n);
  for (std::size_t i = 0; i < n; ++i) {
    grids[i].fill(0);
    for (int r = 1; r < kGridRows; ++r)
      for (int c = 0; c < kCols; ++c) grids[i][r * kCols + c] = samples[i].open.has(r, c);
    grids[i][samples[i].row * kCols + samples[i].col] = 0;
  }

  long checksum_game = 0, checksum_flood = 0, checksum_bfs = 0, skipped = 0;
  for (const Sample& s : samples) {
    CellSet open = s.open;
    const int sealed = fill_open_cell(open, s.top, s.row, s.col).count();
    CellSet open2 = s.open;
    const int sealed2 = fill_open_cell(open2, s.top, s.row, s.col, false).count();
    if (sealed != sealed2 || !(open == open2)) {
      std::printf("shortcut and flood disagree\n");
      return 1;
    }
    skipped += joined_around(s.open, s.row, s.col);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (bfs_sealed(grids[i], samples[i].top) != [&] {
          CellSet o = samples[i].open;
          return fill_open_cell(o, samples[i].top, samples[i].row, samples[i].col, false).count();
        }()) {
      std::printf("bfs and flood disagree at sample %zu\n", i);
      return 1;
    }
  }
  const double ns_game = time_per_call(n, reps, [&](std::size_t i) {
    CellSet o = samples[i].open;
    checksum_game += fill_open_cell(o, samples[i].top, samples[i].row, samples[i].col).col[3] & 1;
  });
  const double ns_flood = time_per_call(n, reps, [&](std::size_t i) {
    CellSet o = samples[i].open;
    checksum_flood += fill_open_cell(o, samples[i].top, samples[i].row, samples[i].col, false).col[3] & 1;
  });
  const double ns_bfs =
      time_per_call(n, reps, [&](std::size_t i) { checksum_bfs += bfs_sealed(grids[i], samples[i].top); });
  std::printf(
      "{\"placements\": %zu, \"games\": %d, \"local_test_skips_flood\": %.4f, "
      "\"ns_game\": %.1f, \"ns_flood_always\": %.1f, \"ns_bfs\": %.1f, \"checksum\": %ld}\n",
      n, games, static_cast<double>(skipped) / static_cast<double>(n), ns_game, ns_flood, ns_bfs,
      checksum_game + checksum_flood + checksum_bfs);
  return 0;
}
