// The Wall: its dict form and observation (docs/rules/the_wall.md).
#include "bindings/bind_game.hpp"
#include "games/the_wall/the_wall.hpp"
#include "solver/the_wall.hpp"  // its solver, bound through SolverTraits

namespace cardsim::py_bind {

using the_wall::TheWallGame;
using the_wall::TheWallState;

namespace {

py::list optional_card(Card c) {
  py::list l;
  if (c != kNoCard) l.append(card_str(c));
  return l;
}

// A foundation holds ace..top of the top's suit.
py::list foundation_cards(Card top) {
  py::list l;
  if (top == kNoCard) return l;
  for (int r = 1; r <= rank_of(top); ++r) l.append(card_str(make_card(r, suit_of(top))));
  return l;
}

// Every pile is a list bottom first, its top (the card that plays next) last.
// The reserve and the stock are face down: an observation shows only their sizes.
py::dict state_dict(const TheWallState& s, bool show_hidden) {
  py::dict d;
  d[CARDSIM_KEY("current_player")] = s.current_player();
  py::list upper, lower, discards, foundations;
  for (int i = 0; i < the_wall::kUpperPiles; ++i) upper.append(optional_card(s.upper(i)));
  for (int i = 0; i < the_wall::kLowerPiles; ++i) lower.append(cards_to_py(s.lower(i)));
  for (int i = 0; i < s.num_discards(); ++i) discards.append(cards_to_py(s.discard(i)));
  for (int i = 0; i < the_wall::kFoundations; ++i) foundations.append(foundation_cards(s.foundation_top(i)));
  d[CARDSIM_KEY("upper")] = upper;
  d[CARDSIM_KEY("lower")] = lower;
  if (show_hidden) {
    d[CARDSIM_KEY("reserve")] = cards_to_py(s.reserve());
    d[CARDSIM_KEY("stock")] = cards_to_py(s.stock());
  } else {
    d[CARDSIM_KEY("reserve_count")] = s.reserve().size();
    d[CARDSIM_KEY("stock_count")] = s.stock().size();
  }
  d[CARDSIM_KEY("waste")] = optional_card(s.waste());
  d[CARDSIM_KEY("discards")] = discards;
  d[CARDSIM_KEY("foundations")] = foundations;
  d[CARDSIM_KEY("on_foundations")] = s.on_foundations();
  d[CARDSIM_KEY("moves")] = s.moves();
  return d;
}

}  // namespace

void register_the_wall(py::module_& m) {
  Hooks<TheWallGame> hooks;
  hooks.to_dict = [](const TheWallState& s) { return state_dict(s, true); };
  hooks.observation = [](const TheWallState& s, int) { return state_dict(s, false); };
  bind_game<TheWallGame>(m, "TheWall", hooks);
  register_game<TheWallGame>("the_wall",
                             "The Wall: two-pack patience, 4 upper and 8 lower piles, reserve, discards",
                             [](const OptionMap& o) { return std::make_shared<TheWallGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_the_wall);

}  // namespace cardsim::py_bind
