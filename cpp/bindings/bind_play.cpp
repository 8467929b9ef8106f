// The play page's question to the C++ search players (python/cardsim/play/):
// which move would `pimc` or `ismcts` play here, at a position a person
// reached? The batch runner asks its search players only inside its own games;
// this asks the same functions (runner/search_players.hpp) at any state. In a
// timed race (Racing Demon) the searching seat decides inside the race, so the
// caller also gives the race's clock: each seat's next event time, its pending
// action and its mean time per action, as the page's race keeps them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "bindings/registry.hpp"
#include "core/errors.hpp"
#include "core/policy.hpp"
#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/hole_in_the_wall/hole_in_the_wall.hpp"
#include "games/racing_demon/racing_demon.hpp"
#include "games/rummy/rummy.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"
#include "runner/search_players.hpp"

namespace cardsim::py_bind {

namespace {

// The race's clock as the caller keeps it: three lists, one entry per seat.
struct RaceClock {
  std::vector<std::int64_t> at, pending, mean;
};

RaceClock race_from_py(py::handle race, int players) {
  if (race.is_none()) throw InvalidArgument("a timed race needs race=(at, pending, mean): the race's clock");
  if (!PyTuple_Check(race.ptr()) || py::len(race) != 3)
    throw WrongType("race must be a tuple (at, pending, mean) of per-seat lists");
  const auto t = py::reinterpret_borrow<py::tuple>(race);
  RaceClock c{t[0].cast<std::vector<std::int64_t>>(), t[1].cast<std::vector<std::int64_t>>(),
              t[2].cast<std::vector<std::int64_t>>()};
  const auto n = static_cast<std::size_t>(players);
  if (c.at.size() != n || c.pending.size() != n || c.mean.size() != n)
    throw InvalidArgument("race lists must have one entry per seat (" + std::to_string(players) + ")");
  for (std::size_t p = 0; p < n; ++p)
    if (c.mean[p] <= 0 || c.at[p] < 0)
      throw InvalidArgument("race: mean times must be positive and event times not negative");
  return c;
}

// The search player's choice for `player` at `s`, or false when `state` is not
// a state of game G.
template <class G>
bool search_here(py::handle state, int player_arg, const PolicySpec& spec, std::uint64_t seed,
                 py::handle race, Action& out) {
  if (!py::isinstance<PyState<G>>(state)) return false;
  const PyState<G>& s = state.cast<const PyState<G>&>();
  const G& game = *s.game;
  if (s.state.is_terminal()) throw InvalidArgument("the game is over: nothing to search");
  const int player = player_from_py(py::int_(player_arg), game.num_players());
  Rng rng = Rng::for_game(seed, 0);
  SearchWorkspace<G> ws;
  if constexpr (CanSearchRace<G>) {
    typename G::State::PlayerActions legal;
    s.state.legal_actions_for(player, legal);
    if (legal.empty()) throw InvalidArgument("that player has no legal action");
    if (legal.size() == 1) {
      out = legal[0];
      return true;
    }
    const RaceClock c = race_from_py(race, game.num_players());
    typename G::PlayOut clock = game.start_play_out();
    for (int p = 0; p < game.num_players(); ++p) {
      const auto i = static_cast<std::size_t>(p);
      clock.at[i] = c.at[i];
      clock.mean[i] = c.mean[i];
      clock.pending[i] = static_cast<Action>(c.pending[i]);
    }
    // Every seat has started, and the race waits on `player`'s choice now.
    clock.started = game.num_players();
    clock.awaiting = player;
    const PolicySpec resolved = with_game_budget(game, spec);
    const SeatPolicies rollouts = rollout_seats(resolved.rollout, game.num_players());
    out = spec.kind == Policy::Pimc
              ? race_pimc_action(game, s.state, clock, player, legal, resolved, rollouts, rng, ws)
              : race_ismcts_action(game, s.state, clock, player, legal, resolved, rollouts, rng, ws);
    return true;
  } else if constexpr (HasPlayOut<G>) {
    throw InvalidArgument(game.name() + ": its race cannot stop for a search player's decision");
  } else {
    if (!race.is_none()) throw InvalidArgument(game.name() + " is not a timed race: give no race");
    if (player != s.state.current_player())
      throw InvalidArgument("seat " + std::to_string(player) + " is not the seat to move");
    typename G::State::ActionList legal;
    s.state.legal_actions(legal);
    out = legal.size() == 1 ? legal[0] : search_action(game, s.state, legal, spec, rng, ws);
    return true;
  }
}

void register_play(py::module_& m) {
  m.def(
      "_search_action",
      [](py::handle state, int player, const std::string& spec, py::handle seed, py::handle race) {
        const PolicySpec p = parse_policy_spec(spec);
        if (!p.is_search())
          throw InvalidArgument("_search_action takes a pimc or ismcts spec, got '" + spec + "'");
        const std::uint64_t s = seed_from_py(seed);
        Action a = -1;
        const bool found = search_here<clock::ClockGame>(state, player, p, s, race, a) ||
                           search_here<code9::Code9Game>(state, player, p, s, race, a) ||
                           search_here<hole_in_the_wall::HoleInTheWallGame>(state, player, p, s, race, a) ||
                           search_here<racing_demon::RacingDemonGame>(state, player, p, s, race, a) ||
                           search_here<rummy::RummyGame>(state, player, p, s, race, a) ||
                           search_here<stack_gap::StackGapGame>(state, player, p, s, race, a) ||
                           search_here<the_wall::TheWallGame>(state, player, p, s, race, a);
        if (!found) throw WrongType("state must be a state of the C++ core, got " + type_name_of(state));
        return a;
      },
      py::arg("state"), py::arg("player"), py::arg("spec"), py::arg("seed"), py::arg("race") = py::none(),
      "Internal: the move the C++ search player `spec` (pimc[:N], ismcts[:N]) makes for `player` at "
      "`state`, its stream keyed by `seed`; in a timed race, `race` = (at, pending, mean) per seat in "
      "microseconds (cardsim.play).");
}

}  // namespace

CARDSIM_REGISTRAR(kLastOrder, register_play);

}  // namespace cardsim::py_bind
