// Code 9 solitaire's solver adapter for fewest_moves (docs/solvers.md, "Code 9").
//
// - Key (exact): the place of each spade (or off the grid) and the set of
//   places still holding a neutral card. Neutral cards never move, so that set
//   says which are left; the move counter is left out (A* counts moves itself).
// - Lower bound (admissible, docs/solvers.md): each spade still on the grid
//   needs its distance to the nearest edge plus one move, plus the largest
//   detour that a spade walled in by cards it cannot take forces on itself
//   and on the spade that must clear its way. Not consistent, so the A*
//   re-opens positions reached more cheaply; the first goal taken off the
//   queue is still a shortest line.
// - No move is pruned: the special rule makes "obvious" moves unsafe (an empty
//   place can take away a special-rule capture that the line needs).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <string>

#include "games/code9/code9.hpp"
#include "solver/search.hpp"
#include "solver/traits.hpp"

namespace cardsim::solver {

class Code9Adapter {
 public:
  using State = code9::Code9State;
  using MoveList = State::ActionList;

  explicit Code9Adapter(int suit) : suit_(suit) {}

  bool won(const State& s) const { return s.winner() == 0; }
  bool cut(const State& s) const { return s.is_truncated(); }
  bool over(const State& s) const { return s.is_terminal(); }
  void apply(State& s, Action a) const { s.apply(a); }
  void moves(const State& s, MoveList& out) const { s.legal_actions(out); }

  // The sum of each spade's distance to the edge plus one, plus the largest
  // detour term `extra` over the spades (docs/solvers.md, "Code 9": admissible).
  int lower_bound(const State& s) const {
    int n = 0;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p != code9::kNowhere) n += code9::edge_distance(p) + 1;
    }
    return n + extra(s);
  }

  Key key(const State& s) const {
    Key k;
    for (int r = 1; r <= code9::kRanks; ++r)
      k.a |= static_cast<std::uint64_t>(s.place_of(suit_, r) & 63) << (6 * (r - 1));
    for (int p = 0; p < code9::kPlaces; ++p) {
      const Card c = s.at(p);
      if (c != kNoCard && suit_of(c) != suit_) k.b |= 1ULL << p;
    }
    return k;
  }

 private:
  // For one spade r whose places reachable through cells it can enter
  // (empty, a lower neutral, a spade, or its own special-rule capture) hold
  // no edge place: its walk must enter a first cell c it cannot enter yet,
  // which another spade t must have entered before (a normal capture by a
  // higher spade, or t's special-rule capture from where it stands). Both
  // walks then pass c on their way out: r's costs at least D(c) + d(c) and
  // t's dist(t, c) + d(c), against d(r) and d(t) in the sum. The largest
  // such term over the spades is added (one term only: two could charge the
  // same clearing spade twice).
  int extra(const State& s) const {
    using code9::kPlaces;
    int place[code9::kRanks + 1];
    int rank_at[kPlaces];
    std::fill(rank_at, rank_at + kPlaces, 0);  // 0: no spade
    for (int r = 1; r <= code9::kRanks; ++r) {
      place[r] = s.place_of(suit_, r);
      if (place[r] != code9::kNowhere) rank_at[place[r]] = r;
    }
    // special[t]: the places spade t might take by the special rule, as its
    // first move from where it stands: its lowest foreign neighbours, and
    // only if it has no empty or lower foreign neighbour now.
    std::uint64_t special[code9::kRanks + 1] = {};
    for (int t = 1; t <= code9::kRanks; ++t) {
      const int p = place[t];
      if (p == code9::kNowhere) continue;
      int low = code9::kRanks + 1;
      bool normal = false;
      for (int k = 0; k < 4; ++k) {
        const int q = code9::neighbour(p, k);
        if (q < 0) continue;
        const Card c = s.at(q);
        if (c == kNoCard || (suit_of(c) != suit_ && rank_of(c) < t)) normal = true;
        if (c != kNoCard && suit_of(c) != suit_) low = std::min(low, rank_of(c));
      }
      if (normal) continue;
      for (int k = 0; k < 4; ++k) {
        const int q = code9::neighbour(p, k);
        if (q >= 0 && s.at(q) != kNoCard && suit_of(s.at(q)) != suit_ && rank_of(s.at(q)) == low)
          special[t] |= std::uint64_t{1} << q;
      }
    }
    int best = 0;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int start = place[r];
      if (start == code9::kNowhere) continue;
      // Breadth-first over the cells r can enter; frontier cells get D(c).
      int dist[kPlaces];
      std::fill(dist, dist + kPlaces, -1);
      int queue[kPlaces];
      int head = 0, tail = 0;
      dist[start] = 0;
      queue[tail++] = start;
      bool out = false;
      int term = kUnwinnable;
      while (head < tail && !out) {
        const int p = queue[head++];
        if (code9::on_edge(p)) {
          out = true;
          break;
        }
        for (int k = 0; k < 4; ++k) {
          const int q = code9::neighbour(p, k);
          if (q < 0 || dist[q] >= 0) continue;
          dist[q] = dist[p] + 1;
          const Card c = s.at(q);
          const bool enter = c == kNoCard || suit_of(c) == suit_ || rank_of(c) < r || (special[r] >> q & 1);
          if (enter) {
            queue[tail++] = q;
            continue;
          }
          // A first cell r cannot enter: who could clear it, and at what cost.
          int clear = kUnwinnable;
          for (int t = 1; t <= code9::kRanks; ++t) {
            const int pt = place[t];
            if (t == r || pt == code9::kNowhere) continue;
            if (t > rank_of(c) || (special[t] >> q & 1)) {
              const int md = std::abs(code9::row_of(pt) - code9::row_of(q)) +
                             std::abs(code9::col_of(pt) - code9::col_of(q));
              clear = std::min(clear, md + code9::edge_distance(q) - code9::edge_distance(pt));
            }
          }
          if (clear < kUnwinnable)
            term = std::min(term, dist[q] + code9::edge_distance(q) - code9::edge_distance(start) + clear);
        }
      }
      if (!out) best = std::max(best, term);
    }
    return best;
  }

  // Added when a spade can provably never leave: no winning line exists.
  static constexpr int kUnwinnable = 1000;

  int suit_;
};

inline Solution solve_code9_solitaire(const code9::Code9State& s, const Limits& limits) {
  Solution out = fewest_moves(Code9Adapter(s.suit_of_player(0)), s, limits);
  out.scored = true;
  if (out.outcome == Verdict::Win)
    out.score = out.best_score_any = s.moves() + static_cast<int>(out.actions.size());
  if (out.outcome == Verdict::Unknown) out.bound += s.moves();  // a bound on the final score
  return out;
}

template <>
struct SolverTraits<code9::Code9Game> {
  static constexpr const char* kName = "code9_solitaire";
  static constexpr const char* kListed = "code9_solitaire";
  static constexpr int kListOrder = 2;
  static constexpr std::int64_t kDefaultNodeLimit = 2'000'000;
  static constexpr const char* kScoreUnit = "moves";  // fewer is better
  static std::string refusal(const code9::Code9Game& g) {
    return g.name() == "code9_solitaire" ? "" : "no solver for code9, a game of several players";
  }
  static Solution solve(const code9::Code9State& s, const Limits& limits) {
    return solve_code9_solitaire(s, limits);
  }
};

}  // namespace cardsim::solver
