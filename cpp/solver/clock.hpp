// Clock patience has no decisions: the deal decides. Its "solver" plays the
// one legal move until the end and reports what happened.
#pragma once

#include "games/clock/clock.hpp"
#include "solver/solution.hpp"

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

}  // namespace cardsim::solver
