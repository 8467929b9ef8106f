// Hole in the Wall: its dict form and what one seat observes.
#include "bindings/bind_game.hpp"
#include "games/hole_in_the_wall/hole_in_the_wall.hpp"

namespace cardsim::py_bind {

namespace hitw = hole_in_the_wall;
using hitw::HoleInTheWallGame;
using hitw::HoleInTheWallState;

namespace {

py::list cell_py(int row, int col) {
  py::list l;
  l.append(row);
  l.append(col);
  return l;
}

// Everything every seat may see: the display, the turn in progress and the points.
py::dict public_dict(const HoleInTheWallState& s) {
  py::dict d;
  d[CARDSIM_KEY("current_player")] = s.current_player();
  d[CARDSIM_KEY("dealer")] = s.dealer();
  d[CARDSIM_KEY("deal")] = s.deal_number();
  d[CARDSIM_KEY("turns")] = s.turns();
  py::list display, holes;
  for (int row = 0; row <= s.top_row(); ++row) {
    py::list r;
    for (int c = 0; c < hitw::kCols; ++c) {
      const Card card = s.card_at(row, c);
      if (card == kNoCard) {
        r.append(py::none());
      } else {
        r.append(card_str(card));
      }
      if (s.is_hole(row, c)) holes.append(cell_py(row, c));
    }
    display.append(r);
  }
  d[CARDSIM_KEY("display")] = display;
  d[CARDSIM_KEY("holes")] = holes;
  py::list placed;
  for (auto cell : s.placed_this_turn()) placed.append(cell_py(cell / hitw::kCols, cell % hitw::kCols));
  d[CARDSIM_KEY("placed_this_turn")] = placed;
  if (s.sequence_last() < 0) {
    d[CARDSIM_KEY("sequence")] = py::none();
  } else {
    py::dict seq;
    seq[CARDSIM_KEY("last")] = cell_py(s.sequence_last() / hitw::kCols, s.sequence_last() % hitw::kCols);
    seq[CARDSIM_KEY("direction")] = s.sequence_direction();
    d[CARDSIM_KEY("sequence")] = seq;
  }
  py::list placement, match;
  for (int p = 0; p < s.num_players(); ++p) {
    placement.append(s.placement_points(p));
    match.append(s.match_points(p));
  }
  d[CARDSIM_KEY("placement_points")] = placement;
  d[CARDSIM_KEY("hole_points")] = s.hole_points();
  d[CARDSIM_KEY("match_points")] = match;
  return d;
}

py::dict state_dict(const HoleInTheWallState& s) {
  py::dict d = public_dict(s);
  py::list hands;
  for (int p = 0; p < s.num_players(); ++p) hands.append(cards_to_py(s.hand(p)));
  d[CARDSIM_KEY("hands")] = hands;
  py::list stock;  // bottom first, as every pile in a dict: the last card is the top
  for (int i = s.stock_size(); i-- > 0;) stock.append(card_str(s.stock_card(i)));
  d[CARDSIM_KEY("stock")] = stock;
  return d;
}

py::dict observation_dict(const HoleInTheWallState& s, int player) {
  py::dict d = public_dict(s);
  d[CARDSIM_KEY("player")] = player;
  d[CARDSIM_KEY("hand")] = cards_to_py(s.hand(player));
  py::list sizes;
  for (int p = 0; p < s.num_players(); ++p) sizes.append(s.hand(p).size());
  d[CARDSIM_KEY("hand_sizes")] = sizes;
  d[CARDSIM_KEY("stock_size")] = s.stock_size();
  return d;
}

}  // namespace

void register_hole_in_the_wall(py::module_& m) {
  Hooks<HoleInTheWallGame> hooks;
  hooks.to_dict = [](const HoleInTheWallState& s) { return state_dict(s); };
  hooks.observation = [](const HoleInTheWallState& s, int p) { return observation_dict(s, p); };
  bind_game<HoleInTheWallGame>(m, "HoleInTheWall", hooks);
  register_game<HoleInTheWallGame>(
      "hole_in_the_wall",
      "Hole in the Wall: build a 7-column wall in rank sequences; holes score for the dealer",
      [](const OptionMap& o) { return std::make_shared<HoleInTheWallGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_hole_in_the_wall);

}  // namespace cardsim::py_bind
