// Stack Gap solo's solver adapter for best_values (docs/solvers.md, "Stack Gap").
//
// - Key (exact, no hashing loss): the value of each wall slot (a joker counts
//   as its declared value, and a card's suit never matters again once it is
//   placed), the hand as a sorted multiset, the size of the draw pile (its
//   order is fixed by the deal) and the rubble count. Points so far are left
//   out: the search stores the points still to come, which do not depend on
//   them.
// - Symmetry breaking: two equal cards in hand (the two jokers) offer the same
//   moves, so only the first one's are tried.
// - No move is pruned otherwise: the game lasts at most 12 turns and the
//   search is exhaustive.
#pragma once

#include <algorithm>
#include <array>
#include <string>

#include "games/stack_gap/stack_gap.hpp"
#include "solver/search.hpp"
#include "solver/traits.hpp"

namespace cardsim::solver {

class StackGapAdapter {
 public:
  using State = stack_gap::StackGapState;
  using MoveList = State::ActionList;

  bool over(const State& s) const { return s.is_terminal(); }
  bool won(const State& s) const { return s.ending() == stack_gap::Ending::LevelFive; }
  int points(const State& s) const { return s.points(0); }
  void apply(State& s, Action a) const { s.apply(a); }

  void moves(const State& s, MoveList& out) const {
    using namespace stack_gap;
    MoveList legal;
    s.legal_actions(legal);
    out.clear();
    const auto& hand = s.hand(s.current_player());
    for (Action a : legal) {
      const int h = stack_gap::decode(a).hand;
      bool copy = false;
      for (int e = 0; e < h; ++e)
        copy = copy || hand[static_cast<std::size_t>(e)] == hand[static_cast<std::size_t>(h)];
      if (!copy) out.push_back(a);
    }
  }

  Key key(const State& s) const {
    using namespace stack_gap;
    Key k;
    for (int slot = 0; slot < kSlots; ++slot)
      k.a |= static_cast<std::uint64_t>(s.filled(slot) ? s.wall_value(slot) : 0) << (4 * slot);
    std::array<int, kHandSize> hand{};
    const auto& h = s.hand(s.current_player());
    for (std::size_t i = 0; i < kHandSize; ++i) hand[i] = i < h.size() ? h[i] + 1 : 0;
    std::sort(hand.begin(), hand.end());
    for (int i = 0; i < kHandSize; ++i)
      k.b |= static_cast<std::uint64_t>(hand[static_cast<std::size_t>(i)]) << (6 * i);
    k.b |= static_cast<std::uint64_t>(s.draw_pile().size()) << 18;
    k.b |= static_cast<std::uint64_t>(s.rubble(0).size()) << 26;
    return k;
  }
};

inline Solution solve_stack_gap(const stack_gap::StackGapState& s, const Limits& limits) {
  StackGapAdapter adapter;
  ValueSearch<StackGapAdapter> search(adapter, limits);
  Solution out;
  out.scored = true;
  Values v;
  search.budget().spend();
  bool ok = search.values(s, v);
  if (ok) {
    const int here = adapter.points(s);
    out.outcome = v.win ? Verdict::Win : Verdict::Loss;
    out.best_score_any = here + v.any_gain;
    out.score = v.win ? here + v.win_gain : out.best_score_any;
    ok = search.line(s, v.win, v.win ? v.win_gain : v.any_gain, out.actions);
  }
  if (!ok) {
    out = Solution{};
    out.scored = true;
  }
  out.nodes = search.budget().nodes();
  out.seconds = search.budget().seconds();
  return out;
}

template <>
struct SolverTraits<stack_gap::StackGapGame> {
  static constexpr const char* kName = "stack_gap";
  static constexpr const char* kListed = "stack_gap (players=1)";
  static constexpr int kListOrder = 1;
  static constexpr std::int64_t kDefaultNodeLimit = 20'000'000;
  static constexpr const char* kScoreUnit = "points";  // more is better
  static std::string refusal(const stack_gap::StackGapGame& g) {
    return g.num_players() == 1 ? "" : "no solver for stack_gap with players=2: only the solo game is solved";
  }
  static Solution solve(const stack_gap::StackGapState& s, const Limits& limits) {
    return solve_stack_gap(s, limits);
  }
};

}  // namespace cardsim::solver
