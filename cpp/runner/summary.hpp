// Streaming summary of a batch run. Everything in it is an exact integer, so
// summaries merge associatively and commutatively: a run split across threads,
// chunks or machines sums to the very same numbers. Memory does not grow with
// the number of games (histograms grow with the range of scores seen only).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/game.hpp"

namespace cardsim {

using Int128 = __int128;

// Counts of integer values over a range that grows to fit what is seen.
struct Histogram {
  std::int64_t lo = 0;
  std::vector<std::uint64_t> counts;

  void add(std::int64_t v, std::uint64_t n = 1) {
    if (counts.empty()) {
      lo = v;
      counts.assign(1, 0);
    } else if (v < lo) {
      counts.insert(counts.begin(), static_cast<std::size_t>(lo - v), 0);
      lo = v;
    } else if (v >= lo + static_cast<std::int64_t>(counts.size())) {
      counts.resize(static_cast<std::size_t>(v - lo + 1), 0);
    }
    counts[static_cast<std::size_t>(v - lo)] += n;
  }
  void merge(const Histogram& o) {
    for (std::size_t i = 0; i < o.counts.size(); ++i)
      if (o.counts[i]) add(o.lo + static_cast<std::int64_t>(i), o.counts[i]);
  }
};

// Sum, sum of squares, min and max of an integer quantity.
struct Moments {
  Int128 sum = 0, sum_sq = 0;
  std::int64_t min = 0, max = 0;
  std::uint64_t n = 0;

  void add(std::int64_t v) {
    sum += v;
    sum_sq += static_cast<Int128>(v) * v;
    min = n ? std::min(min, v) : v;
    max = n ? std::max(max, v) : v;
    ++n;
  }
  void merge(const Moments& o) {
    if (!o.n) return;
    min = n ? std::min(min, o.min) : o.min;
    max = n ? std::max(max, o.max) : o.max;
    sum += o.sum;
    sum_sq += o.sum_sq;
    n += o.n;
  }
};

struct Summary {
  int num_players = 1;
  std::uint64_t games = 0, draws = 0, no_winner = 0, truncated = 0;
  // Rounds ended by a stalemate, for games whose rules have one:
  // counts_stalemates says whether the games counted here can report it.
  std::uint64_t stalemates = 0;
  bool counts_stalemates = false;
  // Games that ended void, for games whose rules have such an end (HasVoidEnd).
  std::uint64_t voids = 0;
  bool counts_voids = false;
  std::array<std::uint64_t, kMaxPlayers> wins{};
  std::array<Moments, kMaxPlayers> score{};
  std::array<Histogram, kMaxPlayers> score_hist{};
  Moments moves;

  explicit Summary(int players = 1) : num_players(players) {}

  void add(const Scores& s, Outcome o, bool was_truncated, std::int64_t num_moves) {
    ++games;
    if (o.draw) ++draws;
    if (!o.draw && o.winners == 0) ++no_winner;
    if (was_truncated) ++truncated;
    for (int p = 0; p < num_players; ++p) {
      if (o.winners >> p & 1) ++wins[p];
      score[p].add(s[p]);
      score_hist[p].add(s[p]);
    }
    moves.add(num_moves);
  }

  void merge(const Summary& o) {
    games += o.games;
    draws += o.draws;
    no_winner += o.no_winner;
    truncated += o.truncated;
    stalemates += o.stalemates;
    counts_stalemates = counts_stalemates || o.counts_stalemates;
    voids += o.voids;
    counts_voids = counts_voids || o.counts_voids;
    for (int p = 0; p < kMaxPlayers; ++p) {
      wins[p] += o.wins[p];
      score[p].merge(o.score[p]);
      score_hist[p].merge(o.score_hist[p]);
    }
    moves.merge(o.moves);
  }
};

}  // namespace cardsim
