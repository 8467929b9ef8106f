// Clock patience has no decisions: the deal decides. Its "solver" plays the
// one legal move until the end and reports what happened.
#pragma once

#include <string>

#include "games/clock/clock.hpp"
#include "solver/solution.hpp"
#include "solver/traits.hpp"

namespace cardsim::solver {

inline Solution solve_clock(clock::ClockState s, const Limits& limits) {
  Solution out;
  Budget budget(limits);
  budget.spend();
  clock::ClockState::ActionList legal;
  while (!s.is_terminal()) {
    s.legal_actions(legal);
    s.apply(legal[0]);
    out.actions.push_back(legal[0]);
    if (!budget.spend()) {
      out.actions.clear();
      out.nodes = budget.nodes();
      out.seconds = budget.seconds();
      return out;  // Unknown
    }
  }
  out.outcome = s.outcome().winners ? Verdict::Win : Verdict::Loss;
  out.nodes = budget.nodes();
  out.seconds = budget.seconds();
  return out;
}

template <>
struct SolverTraits<clock::ClockGame> {
  static constexpr const char* kName = "clock";
  static constexpr const char* kListed = "clock";
  static constexpr int kListOrder = 3;
  static constexpr std::int64_t kDefaultNodeLimit = 1'000'000;
  static constexpr const char* kScoreUnit = nullptr;
  // The duel is two patiences racing, not one deal to solve.
  static std::string refusal(const clock::ClockGame& g) {
    return g.num_players() == 1 ? "" : "no solver for " + g.name();
  }
  static Solution solve(const clock::ClockState& s, const Limits& limits) { return solve_clock(s, limits); }
};

}  // namespace cardsim::solver
