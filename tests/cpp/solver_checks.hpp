// The solvers under the sanitizers: solve a few seeded deals of each solvable
// game with small limits and replay every returned line through the state.
#pragma once

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "core/interrupt.hpp"
#include "core/rng.hpp"
#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"
#include "invariants.hpp"
#include "solver/batch.hpp"
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

// A batch whose last deal still searches on a worker, every other deal done,
// hears the interrupt: the calling thread polls while it waits. Each worker's
// deal here runs until the batch stops it (or, if it never does, 10 s, and
// the check fails); the caller's deals wait for a worker to be busy first,
// so the caller surely runs out of deals before the worker's deal ends.
inline void batch_interrupt_checks() {
  struct Stopped {};
  Interrupt interrupt([] { throw Stopped{}; });
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> worker_busy{false}, hung{false};
  auto solve = [&](const clock::ClockState&, const solver::Limits& limits) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point give_up = Clock::now() + std::chrono::seconds(10);
    if (std::this_thread::get_id() == caller) {
      while (!worker_busy.load() && Clock::now() < give_up) std::this_thread::yield();
    } else {
      worker_busy.store(true);
      while (!limits.stop->load()) {
        if (Clock::now() > give_up) {
          hung.store(true);
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
    return solver::Solution{};
  };
  constexpr int kDeals = 6;
  std::vector<std::int8_t> outcome(kDeals);
  std::vector<std::int32_t> score(kDeals), best(kDeals), length(kDeals), bound(kDeals);
  std::vector<std::int64_t> nodes(kDeals);
  std::vector<double> seconds(kDeals);
  const solver::BatchArrays out{outcome.data(), score.data(),  best.data(), nodes.data(),
                                seconds.data(), length.data(), bound.data()};
  bool threw = false;
  try {
    solver::solve_batch(clock::ClockGame({}, 1), solve, 1, 0, kDeals, 2, solver::Limits{}, out, &interrupt);
  } catch (const Stopped&) {
    threw = true;
  }
  expect(!hung.load(), "the caller's interrupt stops a worker's deal after the caller ran out of deals");
  expect(threw, "the interrupt's exception comes out of solve_batch");
}

inline void solver_checks() {
  batch_interrupt_checks();
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
