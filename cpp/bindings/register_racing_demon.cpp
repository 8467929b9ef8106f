// Racing Demon: its dict form and observation.
#include "bindings/bind_game.hpp"
#include "games/racing_demon/racing_demon.hpp"

namespace cardsim::py_bind {

using racing_demon::RacingDemonGame;
using racing_demon::RacingDemonState;

namespace {

void write_line(const racing_demon::Player& pl, auto& w) {
  w.begin_list();
  for (const auto& col : pl.line) w.cards(col);
  w.end();
}

void write_foundations(const RacingDemonState& s, auto& w) {
  w.begin_list();
  for (const auto& f : s.foundations()) {
    w.begin_dict();
    w.key(CARDSIM_KEY("suit"));
    w.str(suit_str(static_cast<int>(suit_of(f.cards[0]))));
    w.key(CARDSIM_KEY("cards"));
    w.cards(f.cards);
    w.key(CARDSIM_KEY("owners"));
    w.begin_list();
    for (auto o : f.owners) w.integer(o);
    w.end();
    w.key(CARDSIM_KEY("claimed_by"));
    w.integer(f.claimed_by);
    w.end();
  }
  w.end();
}

void write_common(const RacingDemonState& s, auto& w) {
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("foundations"));
  write_foundations(s, w);
  w.key(CARDSIM_KEY("out_player"));
  w.integer(s.out_player());
  w.key(CARDSIM_KEY("stalemate"));
  w.boolean(s.ended_in_stalemate());
  w.key(CARDSIM_KEY("rotations"));
  w.integer(s.rotations());
  w.key(CARDSIM_KEY("moves"));
  w.integer(s.moves());
  if (s.is_match()) {
    w.key(CARDSIM_KEY("round"));
    w.integer(s.round());
    w.key(CARDSIM_KEY("totals"));
    w.per_seat(s.num_players(), [&](int p) { w.integer(s.totals()[p]); });
  }
}

void write_state(const RacingDemonState& s, auto& w) {
  write_common(s, w);
  w.key(CARDSIM_KEY("players"));
  w.begin_list();
  for (int p = 0; p < s.num_players(); ++p) {
    const auto& pl = s.seat(p);
    w.begin_dict();
    w.key(CARDSIM_KEY("pile"));
    w.cards(pl.pile);
    w.key(CARDSIM_KEY("line"));
    write_line(pl, w);
    w.key(CARDSIM_KEY("hand"));
    w.cards(pl.hand);
    w.key(CARDSIM_KEY("waste"));
    w.cards(pl.waste);
    w.key(CARDSIM_KEY("turned"));
    w.integer(pl.turned);
    w.end();
  }
  w.end();
}

// Everything face up is public: the Pile top, the line, the waste top and
// the middle. Face-down cards (the rest of the Pile, the hand) and the waste
// beneath its top are counts, for everyone alike.
void write_observation(const RacingDemonState& s, int player, auto& w) {
  write_common(s, w);
  w.key(CARDSIM_KEY("player"));
  w.integer(player);
  w.key(CARDSIM_KEY("players"));
  w.begin_list();
  for (int p = 0; p < s.num_players(); ++p) {
    const auto& pl = s.seat(p);
    w.begin_dict();
    w.key(CARDSIM_KEY("pile_top"));
    w.card_or_none(pl.pile.empty() ? kNoCard : pl.pile.back());
    w.key(CARDSIM_KEY("pile_count"));
    w.integer(static_cast<long long>(pl.pile.size()));
    w.key(CARDSIM_KEY("line"));
    write_line(pl, w);
    w.key(CARDSIM_KEY("hand_count"));
    w.integer(static_cast<long long>(pl.hand.size()));
    w.key(CARDSIM_KEY("waste_top"));
    w.card_or_none(pl.waste.empty() ? kNoCard : pl.waste.back());
    w.key(CARDSIM_KEY("waste_count"));
    w.integer(static_cast<long long>(pl.waste.size()));
    w.key(CARDSIM_KEY("turned"));
    w.integer(pl.turned);
    w.end();
  }
  w.end();
}

}  // namespace

void register_racing_demon(py::module_& m) {
  Hooks<RacingDemonGame> hooks;
  hooks.write_dict = [](const RacingDemonState& s, auto& w) { write_state(s, w); };
  hooks.write_observation = [](const RacingDemonState& s, int p, auto& w) { write_observation(s, p, w); };
  bind_game<RacingDemonGame>(m, "RacingDemon", hooks);
  register_game<RacingDemonGame>(racing_demon::racing_demon_declaration(),
                                 [](const OptionMap& o) { return std::make_shared<RacingDemonGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_racing_demon);

}  // namespace cardsim::py_bind
