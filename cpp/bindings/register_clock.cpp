// Clock Patience and the duel: their dict form and observation.
#include "bindings/bind_game.hpp"
#include "games/clock/clock.hpp"
#include "solver/clock.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using clock::ClockGame;
using clock::ClockState;

namespace {

void write_clock(const clock::Clock& c, bool show_hidden, auto& w) {
  w.begin_dict();
  w.key(show_hidden ? CARDSIM_KEY("face_down") : CARDSIM_KEY("face_down_count"));
  w.begin_list();
  for (int i = 0; i < clock::kPiles; ++i) {
    if (show_hidden) {
      w.cards(c.face_down[i]);
    } else {
      w.integer(static_cast<long long>(c.face_down[i].size()));
    }
  }
  w.end();
  w.key(CARDSIM_KEY("face_up"));
  w.begin_list();
  for (int i = 0; i < clock::kPiles; ++i) w.cards(c.face_up[i]);
  w.end();
  w.key(CARDSIM_KEY("next_pile"));
  w.integer(c.next_pile + 1);
  w.key(CARDSIM_KEY("turned"));
  w.integer(c.turned);
  w.key(CARDSIM_KEY("stopped"));
  w.boolean(c.stopped());
  w.end();
}

void write_state(const ClockState& s, bool show_hidden, auto& w) {
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("players"));
  w.per_seat(s.num_players(), [&](int p) { write_clock(s.clock(p), show_hidden, w); });
}

}  // namespace

void register_clock(py::module_& m) {
  Hooks<ClockGame> hooks;
  hooks.write_dict = [](const ClockState& s, auto& w) { write_state(s, true, w); };
  // Every face-down card is hidden from everyone, so all players see the same.
  hooks.write_observation = [](const ClockState& s, int, auto& w) { write_state(s, false, w); };
  bind_game<ClockGame>(m, "Clock", hooks);
  register_game<ClockGame>(clock::clock_declaration(), [](const OptionMap& o) {
    return std::make_shared<ClockGame>(o, clock::clock_declaration());
  });
  register_game<ClockGame>(clock::clock_duel_declaration(), [](const OptionMap& o) {
    return std::make_shared<ClockGame>(o, clock::clock_duel_declaration());
  });
}

CARDSIM_REGISTRAR(kGameOrder, register_clock);

}  // namespace cardsim::py_bind
