// The solvers under the sanitizers: solve a few seeded deals of each solvable
// game with small limits and replay every returned line through the state.
#pragma once

#include <vector>

#include "core/rng.hpp"
#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"
#include "invariants.hpp"
#include "solver/clock.hpp"
#include "solver/code9.hpp"
#include "solver/stack_gap.hpp"
#include "solver/the_wall.hpp"

namespace cardsim::testing {

template <class G, class Solve>
void check_solver(const G& game, int deals, Solve&& solve, bool scored) {
  std::vector<Card> deck;
  for (int i = 0; i < deals; ++i) {
    Rng rng = Rng::for_game(5, static_cast<std::uint64_t>(i));
    game.random_deck(rng, deck);
    auto state = game.deal(deck);
    const solver::Solution sol = solve(state);
    expect(sol.nodes > 0, "a solve counts its nodes");
    if (sol.outcome == solver::Verdict::Unknown) {
      expect(sol.actions.empty(), "unknown: no line");
      continue;
    }
    for (Action a : sol.actions) {
      expect(state.why_illegal(a).empty(), "every move of a solver line is legal");
      state.apply(a);
    }
    if (sol.outcome == solver::Verdict::Win) expect(state.outcome().winners == 1, "a win line wins");
    if (scored) expect(state.scores()[0] == sol.score, "the line reaches the claimed score");
  }
}

inline void solver_checks() {
  solver::Limits small{20'000, 0.0, 1 << 14};
  check_solver(
      the_wall::TheWallGame({}), 3, [&](const auto& s) { return solver::solve_the_wall(s, small); }, false);
  check_solver(
      stack_gap::StackGapGame({}), 20, [&](const auto& s) { return solver::solve_stack_gap(s, small); },
      true);
  check_solver(
      code9::Code9Game({}, true), 2, [&](const auto& s) { return solver::solve_code9_solitaire(s, small); },
      true);
  check_solver(
      clock::ClockGame({}, 1), 5, [&](const auto& s) { return solver::solve_clock(s, small); }, false);
}

}  // namespace cardsim::testing
