// Code 9 solitaire's solver adapter for fewest_moves (docs/solvers.md, "Code 9").
//
// - Key (exact): the place of each spade (or off the grid) and the set of
//   places still holding a neutral card. Neutral cards never move, so that set
//   says which are left; the move counter is left out (A* counts moves itself).
// - Lower bound: each spade still on the grid needs at least its distance to
//   the nearest edge plus one move to leave, and a move moves one spade one
//   step, so the sum bounds the moves still needed; one move changes it by at
//   most one, so it is consistent and the first line found is the shortest.
// - No move is pruned: the special rule makes "obvious" moves unsafe (an empty
//   place can take away a special-rule capture that the line needs).
#pragma once

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
    return n;
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
