// Code 9 solitaire's solver adapter for fewest_moves (docs/solvers.md, "Code 9").
//
// - Key (exact): the place of each spade (or off the grid) and the set of
//   places still holding a neutral card. Neutral cards never move, so that set
//   says which are left; the move counter is left out (A* counts moves itself).
// - Lower bound: each spade still on the grid needs at least its distance to
//   the nearest edge plus one move to leave, plus one more move (by somebody)
//   when the lowest spade's way out is walled in, or the detour that its way
//   out forces on it and on the spade that clears the way, whichever is more
//   (lowest_spade_walled and lowest_spade_detour below, with the argument).
//   Admissible, not always consistent: fewest_moves re-opens positions
//   reached more cheaply, so the first goal taken off its queue is still a
//   shortest line.
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

  int lower_bound(const State& s) const {
    int n = 0;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p != code9::kNowhere) n += code9::edge_distance(p) + 1;
    }
    if (!has_normal_move(s)) return n;  // the special rule is in force: see step 1 below
    return n + std::max(lowest_spade_walled(s) ? 1 : 0, lowest_spade_detour(s));
  }

  // The distance bound charges each spade only its straight walk to the edge
  // ("downhill": every step one place nearer the edge). This says that the
  // lowest spade L cannot leave that way while every other spade also walks
  // downhill, so some move beyond the distance bound is forced. The argument
  // (docs/solvers.md, "Code 9 solitaire"):
  //  1. After any step (normal or special) the mover may step back into the
  //     place it left, a normal move; so the special rule can be in force
  //     only at s itself or right after a card went off. Until L is off only
  //     L may go off, so if s has a normal move, every move before L leaves
  //     is a normal one.
  //  2. Each other spade t is still on the grid when L leaves (it is higher),
  //     and its moves number at least its distance plus one plus its
  //     non-downhill steps; so it suffices that some other spade takes a
  //     non-downhill step before L is off, or that L walks further than its
  //     distance.
  //  3. L walks a shortest (downhill) way out only if every place P on it can
  //     be entered by a normal move when L gets there: empty, or a neutral
  //     below L. An edge place holding a spade or a neutral L cannot capture
  //     ("hard") must be left first by another spade, which cannot go off
  //     before L: its step off an edge place is not downhill. An inner place
  //     holding such a neutral must be captured by a higher spade t first;
  //     t reaches it walking downhill only if its distance exceeds P's by
  //     exactly their separation; when no spade above the neutral qualifies,
  //     the place is hard too.
  // So when s has a normal move and every downhill way from L to the edge
  // crosses a hard place, one more move is needed.
  // (Callers check that s has a normal move.)
  bool lowest_spade_walled(const State& s) const {
    int low = 0, at = code9::kNowhere;
    for (int r = 1; r <= code9::kRanks && at == code9::kNowhere; ++r)
      if ((at = s.place_of(suit_, r)) != code9::kNowhere) low = r;
    if (at == code9::kNowhere || code9::on_edge(at)) return false;
    // The places L reaches walking downhill through places that are not hard.
    std::uint64_t reach = std::uint64_t{1} << at;
    for (int d = code9::edge_distance(at); d > 0; --d) {
      std::uint64_t next = 0;
      for (int p = 0; p < code9::kPlaces; ++p) {
        if (!(reach >> p & 1)) continue;
        for (int k = 0; k < 4; ++k) {
          const int q = code9::neighbour(p, k);
          if (q >= 0 && code9::edge_distance(q) == d - 1 && !hard(s, q, low)) next |= std::uint64_t{1} << q;
        }
      }
      if (next == 0) return true;
      reach = next;
    }
    return false;
  }

  // The moves beyond the distance bound that L's walk out forces on L and on
  // the spade that clears its way; s must have a normal move. By step 1 above
  // every move until L is off is then normal, so L enters only places that are
  // empty, hold a lower neutral, or held a spade (which moved away). Let R be
  // the places L reaches now through such places (a place held by a spade
  // counted as free) and D(p) its walk to p inside R. L's walk out either
  // stays in R, to an edge place e (at least D(e) steps), or first leaves R at
  // a place c holding a neutral of L's rank or above. Then L walks at least
  // D(c) + d(c) steps, and some spade t above that neutral captures it first
  // (normal moves only), walking at least |t - c| + d(c) steps against its
  // d(t) in the sum: t is not L, so the two excesses add. A spade that holds
  // or clears an edge place on L's way cannot go off before L, so it steps
  // off that place: one more. The smallest total
  // over e, and over c and t, is a lower bound; a c no spade can capture
  // (and every place when nothing is reachable) adds nothing finite, which
  // cannot happen on a won line, so it is skipped.
  int lowest_spade_detour(const State& s) const {
    using code9::kPlaces;
    int low = 0, at = code9::kNowhere;
    for (int r = 1; r <= code9::kRanks && at == code9::kNowhere; ++r)
      if ((at = s.place_of(suit_, r)) != code9::kNowhere) low = r;
    if (at == code9::kNowhere || code9::on_edge(at)) return 0;
    constexpr int kFar = 1 << 20;
    int dist[kPlaces];
    std::fill(dist, dist + kPlaces, -1);
    int queue[kPlaces];
    int head = 0, tail = 0;
    dist[at] = 0;
    queue[tail++] = at;
    int best = kFar;
    while (head < tail) {
      const int p = queue[head++];
      if (dist[p] >= best) break;  // nothing cheaper lies further out
      if (code9::on_edge(p)) {
        // A spade here must step aside first: it cannot go off before L.
        best = std::min(best, dist[p] + (s.at(p) != kNoCard && suit_of(s.at(p)) == suit_ ? 1 : 0));
        continue;
      }
      for (int k = 0; k < 4; ++k) {
        const int q = code9::neighbour(p, k);
        if (q < 0 || dist[q] >= 0) continue;
        dist[q] = dist[p] + 1;
        const Card c = s.at(q);
        if (c == kNoCard || suit_of(c) == suit_ || rank_of(c) < low) {
          queue[tail++] = q;
          continue;
        }
        int clear = kFar;
        for (int t = rank_of(c) + 1; t <= code9::kRanks; ++t) {
          const int pt = s.place_of(suit_, t);
          if (pt == code9::kNowhere) continue;
          const int sep =
              std::abs(code9::row_of(pt) - code9::row_of(q)) + std::abs(code9::col_of(pt) - code9::col_of(q));
          clear = std::min(clear, sep + code9::edge_distance(q) - code9::edge_distance(pt));
        }
        if (code9::on_edge(q)) ++clear;  // t then steps off q, not off the grid
        if (clear < kFar) best = std::min(best, dist[q] + code9::edge_distance(q) + clear);
      }
    }
    return best >= kFar ? 0 : best - code9::edge_distance(at);
  }

  // Whether `place` is hard for the lowest spade, of rank `low` (see above).
  bool hard(const State& s, int place, int low) const {
    const Card c = s.at(place);
    if (c == kNoCard) return false;
    const bool spade = suit_of(c) == suit_;
    if (!spade && rank_of(c) < low) return false;  // L captures it
    if (code9::on_edge(place)) return true;
    if (spade) return false;  // it may walk on downhill
    const int dp = code9::edge_distance(place);
    for (int r = rank_of(c) + 1; r <= code9::kRanks; ++r) {
      const int t = s.place_of(suit_, r);
      if (t == code9::kNowhere) continue;
      const int sep = std::abs(code9::row_of(t) - code9::row_of(place)) +
                      std::abs(code9::col_of(t) - code9::col_of(place));
      if (code9::edge_distance(t) - dp == sep) return false;
    }
    return true;
  }

  // A normal move: a spade next to an empty place or a lower neutral, or the
  // lowest spade on an edge. Without one the special rule is in force.
  bool has_normal_move(const State& s) const {
    bool lowest = true;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p == code9::kNowhere) continue;
      if (lowest && code9::on_edge(p)) return true;
      lowest = false;
      for (int k = 0; k < 4; ++k) {
        const int q = code9::neighbour(p, k);
        if (q < 0) continue;
        const Card c = s.at(q);
        if (c == kNoCard || (suit_of(c) != suit_ && rank_of(c) < r)) return true;
      }
    }
    return false;
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
