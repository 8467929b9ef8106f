// The solvers' Python face (docs/solvers.md): _solve for one position and
// _solve_batch for deals of a seeded run. cardsim.solver wraps both.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bind_game.hpp"
#include "bindings/interrupt.hpp"
#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"
#include "solver/batch.hpp"
#include "solver/clock.hpp"
#include "solver/code9.hpp"
#include "solver/stack_gap.hpp"
#include "solver/the_wall.hpp"

namespace cardsim::py_bind {

namespace {

using solver::Limits;
using solver::Solution;

constexpr const char* kSolvable = "the_wall, stack_gap (players=1), code9_solitaire, clock";

// Calls f(game, solve) with the game's solver, or throws for a game without one.
template <class F>
void with_solver(const clock::ClockGame& g, const Limits& l, F&& f) {
  if (g.num_players() != 1)
    throw InvalidArgument("no solver for " + g.name() + " (solvable: " + kSolvable + ")");
  f(g, [&l](const clock::ClockState& s) { return solver::solve_clock(s, l); });
}
template <class F>
void with_solver(const the_wall::TheWallGame& g, const Limits& l, F&& f) {
  f(g, [&l](const the_wall::TheWallState& s) { return solver::solve_the_wall(s, l); });
}
template <class F>
void with_solver(const stack_gap::StackGapGame& g, const Limits& l, F&& f) {
  if (g.num_players() != 1)
    throw InvalidArgument("no solver for stack_gap with players=2: only the solo game is solved (solvable: " +
                          std::string(kSolvable) + ")");
  f(g, [&l](const stack_gap::StackGapState& s) { return solver::solve_stack_gap(s, l); });
}
template <class F>
void with_solver(const code9::Code9Game& g, const Limits& l, F&& f) {
  if (g.name() != "code9_solitaire")
    throw InvalidArgument(
        "no solver for code9, a game of several players (solvable: " + std::string(kSolvable) + ")");
  f(g, [&l](const code9::Code9State& s) { return solver::solve_code9_solitaire(s, l); });
}

const char* verdict_name(solver::Verdict v) {
  switch (v) {
    case solver::Verdict::Win: return "win";
    case solver::Verdict::Loss: return "loss";
    default: return "unknown";
  }
}

py::dict solution_dict(const Solution& s) {
  py::dict d;
  d["outcome"] = verdict_name(s.outcome);
  d["scored"] = s.scored;
  d["score"] = s.score;
  d["best_score_any"] = s.best_score_any;
  d["actions"] = s.actions;
  d["bound"] = s.bound;
  d["nodes"] = s.nodes;
  d["seconds"] = s.seconds;
  return d;
}

// Tries state type G; true if `obj` was one.
template <class G>
bool try_solve(py::handle obj, const Limits& limits, py::object& result) {
  if (!py::isinstance<PyState<G>>(obj)) return false;
  const auto& ps = obj.cast<const PyState<G>&>();
  if (ps.state.is_terminal()) throw InvalidArgument("the game is over: there is nothing to solve");
  Solution sol;
  with_solver(*ps.game, limits, [&](const G&, auto&& solve) {
    const auto state = ps.state;  // a copy: the caller's state is untouched
    py::gil_scoped_release release;
    sol = solve(state);
  });
  result = solution_dict(sol);
  return true;
}

template <class G>
bool try_batch(py::handle obj, const Limits& limits, std::uint64_t seed, std::uint64_t first,
               std::uint64_t count, int threads, const solver::BatchArrays& arrays) {
  if (!py::isinstance<G>(obj)) return false;
  const G& game = obj.cast<const G&>();
  with_solver(game, limits, [&](const G& g, auto&& solve) {
    Interrupt interrupt = python_interrupt();
    py::gil_scoped_release release;
    solver::solve_batch(g, solve, seed, first, count, threads, arrays, &interrupt);
  });
  return true;
}

Limits limits_from(std::int64_t node_limit, double time_limit, std::int64_t table_entries) {
  if (node_limit <= 0) throw InvalidArgument("node_limit must be > 0, got " + std::to_string(node_limit));
  if (!(time_limit >= 0)) throw InvalidArgument("time_limit must be > 0");
  if (table_entries <= 0) throw InvalidArgument("table_entries must be > 0");
  return Limits{node_limit, time_limit, table_entries};
}

template <class T>
T* buffer(py::array_t<T>& a, std::uint64_t count, const char* name) {
  if (a.ndim() != 1 || static_cast<std::uint64_t>(a.shape(0)) != count)
    throw InvalidArgument(std::string(name) + " must be a 1-d array of length count");
  return a.mutable_data();
}

}  // namespace

void register_solver(py::module_& m) {
  m.def(
      "_solve",
      [](py::handle state, std::int64_t node_limit, double time_limit, std::int64_t table_entries) {
        const Limits limits = limits_from(node_limit, time_limit, table_entries);
        py::object result;
        if (try_solve<the_wall::TheWallGame>(state, limits, result) ||
            try_solve<stack_gap::StackGapGame>(state, limits, result) ||
            try_solve<code9::Code9Game>(state, limits, result) ||
            try_solve<clock::ClockGame>(state, limits, result))
          return result;
        if (py::hasattr(state, "game") && py::hasattr(py::getattr(state, "game"), "name"))
          throw InvalidArgument("no solver for " +
                                py::str(py::getattr(state.attr("game"), "name")).cast<std::string>() +
                                " (solvable: " + kSolvable + ")");
        throw WrongType("solve needs a state of the C++ core (cardsim.make(...).new_game()), got " +
                        type_name_of(state));
      },
      py::arg("state"), py::arg("node_limit"), py::arg("time_limit"), py::arg("table_entries"),
      "Solves one position; the GIL is released while it searches.");

  m.def(
      "_solve_batch",
      [](py::handle game, std::uint64_t seed, std::uint64_t first, std::uint64_t count, int threads,
         std::int64_t node_limit, double time_limit, std::int64_t table_entries,
         py::array_t<std::int8_t> outcome, py::array_t<std::int32_t> score, py::array_t<std::int32_t> best,
         py::array_t<std::int64_t> nodes, py::array_t<double> seconds, py::array_t<std::int32_t> length,
         py::array_t<std::int32_t> bound) {
        const Limits limits = limits_from(node_limit, time_limit, table_entries);
        if (threads < 1) throw InvalidArgument("threads must be >= 1");
        const solver::BatchArrays arrays{
            buffer(outcome, count, "outcome"),     buffer(score, count, "score"),
            buffer(best, count, "best_score_any"), buffer(nodes, count, "nodes"),
            buffer(seconds, count, "seconds"),     buffer(length, count, "length"),
            buffer(bound, count, "bound")};
        if (try_batch<the_wall::TheWallGame>(game, limits, seed, first, count, threads, arrays) ||
            try_batch<stack_gap::StackGapGame>(game, limits, seed, first, count, threads, arrays) ||
            try_batch<code9::Code9Game>(game, limits, seed, first, count, threads, arrays) ||
            try_batch<clock::ClockGame>(game, limits, seed, first, count, threads, arrays))
          return;
        if (py::hasattr(game, "name"))
          throw InvalidArgument("no solver for " + py::str(game.attr("name")).cast<std::string>() +
                                " (solvable: " + kSolvable + ")");
        throw WrongType("solve_batch needs a game name or a C++ game, got " + type_name_of(game));
      },
      py::arg("game"), py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("threads"),
      py::arg("node_limit"), py::arg("time_limit"), py::arg("table_entries"), py::arg("outcome"),
      py::arg("score"), py::arg("best_score_any"), py::arg("nodes"), py::arg("seconds"), py::arg("length"),
      py::arg("bound"), "Solves deals [first, first + count) of the run with seed; the GIL is released.");
}

}  // namespace cardsim::py_bind
