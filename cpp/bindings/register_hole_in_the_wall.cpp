// Hole in the Wall: its dict form and what one seat observes.
#include "bindings/bind_game.hpp"
#include "games/hole_in_the_wall/hole_in_the_wall.hpp"

namespace cardsim::py_bind {

namespace hitw = hole_in_the_wall;
using hitw::HoleInTheWallGame;
using hitw::HoleInTheWallState;

namespace {

void write_cell(int row, int col, auto& w) {
  w.begin_list();
  w.integer(row);
  w.integer(col);
  w.end();
}

// Everything every seat may see: the display, the turn in progress and the points.
void write_public(const HoleInTheWallState& s, auto& w) {
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("dealer"));
  w.integer(s.dealer());
  w.key(CARDSIM_KEY("deal"));
  w.integer(s.deal_number());
  w.key(CARDSIM_KEY("turns"));
  w.integer(s.turns());
  w.key(CARDSIM_KEY("display"));
  w.begin_list();
  for (int row = 0; row <= s.top_row(); ++row) {
    w.begin_list();
    for (int c = 0; c < hitw::kCols; ++c) w.card_or_none(s.card_at(row, c));
    w.end();
  }
  w.end();
  w.key(CARDSIM_KEY("holes"));
  w.begin_list();
  for (int row = 0; row <= s.top_row(); ++row)
    for (int c = 0; c < hitw::kCols; ++c)
      if (s.is_hole(row, c)) write_cell(row, c, w);
  w.end();
  w.key(CARDSIM_KEY("placed_this_turn"));
  w.begin_list();
  for (auto cell : s.placed_this_turn()) write_cell(cell / hitw::kCols, cell % hitw::kCols, w);
  w.end();
  w.key(CARDSIM_KEY("sequence"));
  if (s.sequence_last() < 0) {
    w.none();
  } else {
    w.begin_dict();
    w.key(CARDSIM_KEY("last"));
    write_cell(s.sequence_last() / hitw::kCols, s.sequence_last() % hitw::kCols, w);
    w.key(CARDSIM_KEY("direction"));
    w.integer(s.sequence_direction());
    w.end();
  }
  w.key(CARDSIM_KEY("placement_points"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(s.placement_points(p)); });
  w.key(CARDSIM_KEY("hole_points"));
  w.integer(s.hole_points());
  w.key(CARDSIM_KEY("match_points"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(s.match_points(p)); });
}

void write_state(const HoleInTheWallState& s, auto& w) {
  write_public(s, w);
  w.key(CARDSIM_KEY("hands"));
  w.per_seat(s.num_players(), [&](int p) { w.cards(s.hand(p)); });
  w.key(CARDSIM_KEY("stock"));  // bottom first, as every pile in a dict: the last card is the top
  w.begin_list();
  for (int i = s.stock_size(); i-- > 0;) w.card(s.stock_card(i));
  w.end();
}

void write_observation(const HoleInTheWallState& s, int player, auto& w) {
  write_public(s, w);
  w.key(CARDSIM_KEY("player"));
  w.integer(player);
  w.key(CARDSIM_KEY("hand"));
  w.cards(s.hand(player));
  w.key(CARDSIM_KEY("hand_sizes"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(static_cast<long long>(s.hand(p).size())); });
  w.key(CARDSIM_KEY("stock_size"));
  w.integer(s.stock_size());
}

}  // namespace

void register_hole_in_the_wall(py::module_& m) {
  Hooks<HoleInTheWallGame> hooks;
  hooks.write_dict = [](const HoleInTheWallState& s, auto& w) { write_state(s, w); };
  hooks.write_observation = [](const HoleInTheWallState& s, int p, auto& w) { write_observation(s, p, w); };
  bind_game<HoleInTheWallGame>(m, "HoleInTheWall", hooks);
  register_game<HoleInTheWallGame>(hole_in_the_wall::hole_in_the_wall_declaration(),
                                   [](const OptionMap& o) { return std::make_shared<HoleInTheWallGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_hole_in_the_wall);

}  // namespace cardsim::py_bind
