// What a game's solver is, declared in the game's own solver header by a
// specialisation of SolverTraits: the bindings bind a solver for every game
// with one (HasSolver<G>, checked with if constexpr), and Python reads these
// traits, so that no table anywhere lists the solvable games.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>

#include "solver/solution.hpp"

namespace cardsim::solver {

// Specialised by cpp/solver/<g>.hpp; a game without one has no solver.
//   kName             the registered game it solves
//   kListed           how the solvable list names it (with its configuration)
//   kListOrder        its place in that list
//   kDefaultNodeLimit the node limit when the caller gives none
//   kScoreUnit        the unit of a scored game's score, or nullptr when only
//                     the outcome (win or loss) is solved
//   refusal(g)        "" when this configuration is solved, else why not
//   solve(s, limits)  the solution of a position
template <class G>
struct SolverTraits;

template <class G>
concept HasSolver = requires(const G& g, const typename G::State& s, const Limits& limits) {
  { SolverTraits<G>::kName } -> std::convertible_to<const char*>;
  { SolverTraits<G>::kListed } -> std::convertible_to<const char*>;
  { SolverTraits<G>::kListOrder } -> std::convertible_to<int>;
  { SolverTraits<G>::kDefaultNodeLimit } -> std::convertible_to<std::int64_t>;
  { SolverTraits<G>::refusal(g) } -> std::convertible_to<std::string>;
  { SolverTraits<G>::solve(s, limits) } -> std::same_as<Solution>;
};

}  // namespace cardsim::solver
