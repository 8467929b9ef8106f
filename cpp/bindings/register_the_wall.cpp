// The Wall: its dict form and observation (docs/rules/the_wall.md).
#include "bindings/bind_game.hpp"
#include "games/the_wall/the_wall.hpp"
#include "solver/the_wall.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using the_wall::TheWallGame;
using the_wall::TheWallState;

namespace {

// A pile of at most one card: the list of its card, if any.
void write_optional(Card c, auto& w) {
  w.begin_list();
  if (c != kNoCard) w.card(c);
  w.end();
}

// A foundation holds ace..top of the top's suit.
void write_foundation(Card top, auto& w) {
  w.begin_list();
  if (top != kNoCard)
    for (int r = 1; r <= rank_of(top); ++r) w.card(make_card(r, suit_of(top)));
  w.end();
}

// Every pile is a list bottom first, its top (the card that plays next) last.
// The reserve and the stock are face down: an observation shows only their sizes.
void write_state(const TheWallState& s, bool show_hidden, auto& w) {
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("upper"));
  w.begin_list();
  for (int i = 0; i < the_wall::kUpperPiles; ++i) write_optional(s.upper(i), w);
  w.end();
  w.key(CARDSIM_KEY("lower"));
  w.begin_list();
  for (int i = 0; i < the_wall::kLowerPiles; ++i) w.cards(s.lower(i));
  w.end();
  if (show_hidden) {
    w.key(CARDSIM_KEY("reserve"));
    w.cards(s.reserve());
    w.key(CARDSIM_KEY("stock"));
    w.cards(s.stock());
  } else {
    w.key(CARDSIM_KEY("reserve_count"));
    w.integer(static_cast<long long>(s.reserve().size()));
    w.key(CARDSIM_KEY("stock_count"));
    w.integer(static_cast<long long>(s.stock().size()));
  }
  w.key(CARDSIM_KEY("waste"));
  write_optional(s.waste(), w);
  w.key(CARDSIM_KEY("discards"));
  w.begin_list();
  for (int i = 0; i < s.num_discards(); ++i) w.cards(s.discard(i));
  w.end();
  w.key(CARDSIM_KEY("foundations"));
  w.begin_list();
  for (int i = 0; i < the_wall::kFoundations; ++i) write_foundation(s.foundation_top(i), w);
  w.end();
  w.key(CARDSIM_KEY("on_foundations"));
  w.integer(s.on_foundations());
  w.key(CARDSIM_KEY("moves"));
  w.integer(s.moves());
}

}  // namespace

void register_the_wall(py::module_& m) {
  Hooks<TheWallGame> hooks;
  hooks.write_dict = [](const TheWallState& s, auto& w) { write_state(s, true, w); };
  hooks.write_observation = [](const TheWallState& s, int, auto& w) { write_state(s, false, w); };
  bind_game<TheWallGame>(m, "TheWall", hooks);
  register_game<TheWallGame>(the_wall::the_wall_declaration(),
                             [](const OptionMap& o) { return std::make_shared<TheWallGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_the_wall);

}  // namespace cardsim::py_bind
