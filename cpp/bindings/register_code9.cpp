// Code 9 Attack and its solitaire: their dict form and observation.
#include "bindings/bind_game.hpp"
#include "games/code9/code9.hpp"
#include "solver/code9.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using code9::Code9Game;
using code9::Code9State;

namespace {

py::dict state_dict(const Code9State& s) {
  py::list grid;
  for (int r = 0; r < code9::kSide; ++r) {
    py::list row;
    for (int c = 0; c < code9::kSide; ++c) {
      const Card x = s.at(r * code9::kSide + c);
      if (x == kNoCard) {
        row.append(py::none());
      } else {
        row.append(card_str(x));
      }
    }
    grid.append(row);
  }
  py::list suits, tens, captured;
  for (int p = 0; p < s.num_players(); ++p) {
    suits.append(suit_str(static_cast<int>(s.suit_of_player(p))));
    // The ten each seat holds as its suit marker (none in the solitaire).
    if (!s.solitaire()) tens.append(card_str(make_card(10, s.suit_of_player(p))));
    captured.append(s.captured(p));
  }
  py::dict d;
  d[CARDSIM_KEY("current_player")] = s.current_player();
  d[CARDSIM_KEY("grid")] = grid;
  d[CARDSIM_KEY("suits")] = suits;
  d[CARDSIM_KEY("tens")] = tens;
  d[CARDSIM_KEY("captured")] = captured;
  d[CARDSIM_KEY("set_aside")] = cards_to_py(s.set_aside());
  d[CARDSIM_KEY("moves")] = s.moves();
  d[CARDSIM_KEY("passes")] = s.passes();
  d[CARDSIM_KEY("winner")] = s.winner() >= 0 ? py::object(py::int_(s.winner())) : py::object(py::none());
  return d;
}

}  // namespace

void register_code9(py::module_& m) {
  Hooks<Code9Game> hooks;
  hooks.to_dict = state_dict;
  // Everything is face up: a player sees the whole state, told which seat is theirs.
  hooks.observation = [](const Code9State& s, int player) {
    py::dict d = state_dict(s);
    d[CARDSIM_KEY("player")] = player;
    return d;
  };
  bind_game<Code9Game>(m, "Code9", hooks);
  register_game<Code9Game>("code9", "Code 9 Attack: 2-4 players race to get their 9 off a 6x6 grid",
                           [](const OptionMap& o) { return std::make_shared<Code9Game>(o, false); });
  register_game<Code9Game>("code9_solitaire",
                           "Code 9 Attack solitaire: spades off the 6x6 grid in as few moves as possible",
                           [](const OptionMap& o) { return std::make_shared<Code9Game>(o, true); });
}

CARDSIM_REGISTRAR(kGameOrder, register_code9);

}  // namespace cardsim::py_bind
