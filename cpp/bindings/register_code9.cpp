// Code 9 Attack and its solitaire: their dict form and observation.
#include "bindings/bind_game.hpp"
#include "games/code9/code9.hpp"
#include "solver/code9.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using code9::Code9Game;
using code9::Code9State;

namespace {

void write_state(const Code9State& s, auto& w) {
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("grid"));
  w.begin_list();
  for (int r = 0; r < code9::kSide; ++r) {
    w.begin_list();
    for (int c = 0; c < code9::kSide; ++c) w.card_or_none(s.at(r * code9::kSide + c));
    w.end();
  }
  w.end();
  w.key(CARDSIM_KEY("suits"));
  w.per_seat(s.num_players(), [&](int p) { w.str(suit_str(static_cast<int>(s.suit_of_player(p)))); });
  // The ten each seat holds as its suit marker (none in the solitaire).
  w.key(CARDSIM_KEY("tens"));
  w.begin_list();
  if (!s.solitaire())
    for (int p = 0; p < s.num_players(); ++p) w.card(make_card(10, s.suit_of_player(p)));
  w.end();
  w.key(CARDSIM_KEY("captured"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(s.captured(p)); });
  w.key(CARDSIM_KEY("set_aside"));
  w.cards(s.set_aside());
  w.key(CARDSIM_KEY("moves"));
  w.integer(s.moves());
  w.key(CARDSIM_KEY("passes"));
  w.integer(s.passes());
  w.key(CARDSIM_KEY("winner"));
  w.int_or_none(s.winner());
}

}  // namespace

void register_code9(py::module_& m) {
  Hooks<Code9Game> hooks;
  hooks.write_dict = [](const Code9State& s, auto& w) { write_state(s, w); };
  // Everything is face up: a player sees the whole state, told which seat is theirs.
  hooks.write_observation = [](const Code9State& s, int player, auto& w) {
    write_state(s, w);
    w.key(CARDSIM_KEY("player"));
    w.integer(player);
  };
  bind_game<Code9Game>(m, "Code9", hooks);
  register_game<Code9Game>(code9::code9_declaration(),
                           [](const OptionMap& o) { return std::make_shared<Code9Game>(o, false); });
  register_game<Code9Game>(code9::code9_solitaire_declaration(),
                           [](const OptionMap& o) { return std::make_shared<Code9Game>(o, true); });
}

CARDSIM_REGISTRAR(kGameOrder, register_code9);

}  // namespace cardsim::py_bind
