// Racing Demon: its dict form and observation.
#include "bindings/bind_game.hpp"
#include "games/racing_demon/racing_demon.hpp"

namespace cardsim::py_bind {

using racing_demon::RacingDemonGame;
using racing_demon::RacingDemonState;

namespace {

py::list line_to_py(const racing_demon::Player& pl) {
  py::list line;
  for (const auto& col : pl.line) line.append(cards_to_py(col));
  return line;
}

py::object top_or_none(const StaticVector<Card, racing_demon::kHandSize>& pile) {
  if (pile.empty()) return py::none();
  return card_str(pile.back());
}

py::list foundations_to_py(const RacingDemonState& s) {
  py::list out;
  for (const auto& f : s.foundations()) {
    py::dict d;
    d[CARDSIM_KEY("suit")] = suit_str(static_cast<int>(suit_of(f.cards[0])));
    d[CARDSIM_KEY("cards")] = cards_to_py(f.cards);
    py::list owners;
    for (auto o : f.owners) owners.append(static_cast<int>(o));
    d[CARDSIM_KEY("owners")] = owners;
    d[CARDSIM_KEY("claimed_by")] = static_cast<int>(f.claimed_by);
    out.append(d);
  }
  return out;
}

py::dict common(const RacingDemonState& s) {
  py::dict d;
  d[CARDSIM_KEY("current_player")] = s.current_player();
  d[CARDSIM_KEY("foundations")] = foundations_to_py(s);
  d[CARDSIM_KEY("out_player")] = s.out_player();
  d[CARDSIM_KEY("stalemate")] = s.ended_in_stalemate();
  d[CARDSIM_KEY("rotations")] = s.rotations();
  d[CARDSIM_KEY("moves")] = s.moves();
  if (s.is_match()) {
    d[CARDSIM_KEY("round")] = s.round();
    py::list totals;
    for (int p = 0; p < s.num_players(); ++p) totals.append(s.totals()[p]);
    d[CARDSIM_KEY("totals")] = totals;
  }
  return d;
}

py::dict state_dict(const RacingDemonState& s) {
  py::dict d = common(s);
  py::list players;
  for (int p = 0; p < s.num_players(); ++p) {
    const auto& pl = s.seat(p);
    py::dict e;
    e[CARDSIM_KEY("pile")] = cards_to_py(pl.pile);
    e[CARDSIM_KEY("line")] = line_to_py(pl);
    e[CARDSIM_KEY("hand")] = cards_to_py(pl.hand);
    e[CARDSIM_KEY("waste")] = cards_to_py(pl.waste);
    e[CARDSIM_KEY("turned")] = static_cast<int>(pl.turned);
    players.append(e);
  }
  d[CARDSIM_KEY("players")] = players;
  return d;
}

// Everything face up is public: the Pile top, the line, the waste top and
// the middle. Face-down cards (the rest of the Pile, the hand) and the waste
// beneath its top are counts, for everyone alike.
py::dict observation(const RacingDemonState& s, int player) {
  py::dict d = common(s);
  d[CARDSIM_KEY("player")] = player;
  py::list players;
  for (int p = 0; p < s.num_players(); ++p) {
    const auto& pl = s.seat(p);
    py::dict e;
    e[CARDSIM_KEY("pile_top")] =
        pl.pile.empty() ? py::object(py::none()) : py::object(card_str(pl.pile.back()));
    e[CARDSIM_KEY("pile_count")] = pl.pile.size();
    e[CARDSIM_KEY("line")] = line_to_py(pl);
    e[CARDSIM_KEY("hand_count")] = pl.hand.size();
    e[CARDSIM_KEY("waste_top")] = top_or_none(pl.waste);
    e[CARDSIM_KEY("waste_count")] = pl.waste.size();
    e[CARDSIM_KEY("turned")] = static_cast<int>(pl.turned);
    players.append(e);
  }
  d[CARDSIM_KEY("players")] = players;
  return d;
}

}  // namespace

void register_racing_demon(py::module_& m) {
  Hooks<RacingDemonGame> hooks;
  hooks.to_dict = [](const RacingDemonState& s) { return state_dict(s); };
  hooks.observation = [](const RacingDemonState& s, int p) { return observation(s, p); };
  // Every seat sees the same things, only "player" differs: one dict is built and
  // the others are its copies, sharing its lists.
  hooks.observations = [](const RacingDemonState& s) {
    py::list out(static_cast<py::size_t>(s.num_players()));
    py::dict first = observation(s, 0);
    for (int p = 1; p < s.num_players(); ++p) {
      py::dict d = py::reinterpret_steal<py::dict>(PyDict_Copy(first.ptr()));
      if (!d) throw py::error_already_set();
      d[CARDSIM_KEY("player")] = p;
      PyList_SET_ITEM(out.ptr(), p, d.release().ptr());
    }
    PyList_SET_ITEM(out.ptr(), 0, first.release().ptr());
    return out;
  };
  bind_game<RacingDemonGame>(m, "RacingDemon", hooks);
  register_game<RacingDemonGame>("racing_demon",
                                 "Racing Demon: 1-8 players race to empty their Pile, all at once (timed "
                                 "simulator); match=True plays rounds to a target",
                                 [](const OptionMap& o) { return std::make_shared<RacingDemonGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_racing_demon);

}  // namespace cardsim::py_bind
