// Clock Patience and the duel: their dict form and observation.
#include "bindings/bind_game.hpp"
#include "games/clock/clock.hpp"
#include "solver/clock.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using clock::ClockGame;
using clock::ClockState;

namespace {

py::dict clock_dict(const clock::Clock& c, bool show_hidden) {
  py::list down, up;
  for (int i = 0; i < clock::kPiles; ++i) {
    if (show_hidden) {
      down.append(cards_to_py(c.face_down[i]));
    } else {
      down.append(c.face_down[i].size());
    }
    up.append(cards_to_py(c.face_up[i]));
  }
  py::dict d;
  d[show_hidden ? "face_down" : "face_down_count"] = down;
  d[CARDSIM_KEY("face_up")] = up;
  d[CARDSIM_KEY("next_pile")] = c.next_pile + 1;
  d[CARDSIM_KEY("turned")] = c.turned;
  d[CARDSIM_KEY("stopped")] = c.stopped();
  return d;
}

py::dict state_dict(const ClockState& s, bool show_hidden) {
  py::list players;
  for (int p = 0; p < s.num_players(); ++p) players.append(clock_dict(s.clock(p), show_hidden));
  py::dict d;
  d[CARDSIM_KEY("current_player")] = s.current_player();
  d[CARDSIM_KEY("players")] = players;
  return d;
}

}  // namespace

void register_clock(py::module_& m) {
  Hooks<ClockGame> hooks;
  hooks.to_dict = [](const ClockState& s) { return state_dict(s, true); };
  // Every face-down card is hidden from everyone, so all players see the same.
  hooks.observation = [](const ClockState& s, int) { return state_dict(s, false); };
  bind_game<ClockGame>(m, "Clock", hooks);
  register_game<ClockGame>("clock", "Clock Patience: 13 piles, no decisions; P(win) = 1/13",
                           [](const OptionMap& o) { return std::make_shared<ClockGame>(o, 1); });
  register_game<ClockGame>("clock_duel", "Clock Patience duel: two packs, more cards out wins",
                           [](const OptionMap& o) { return std::make_shared<ClockGame>(o, 2); });
}

CARDSIM_REGISTRAR(kGameOrder, register_clock);

}  // namespace cardsim::py_bind
