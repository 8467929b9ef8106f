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
  return py::str(card_to_string(pile.back()));
}

py::list foundations_to_py(const RacingDemonState& s) {
  py::list out;
  for (const auto& f : s.foundations()) {
    py::dict d;
    d["suit"] = std::string(1, kSuitChars[suit_of(f.cards[0])]);
    d["cards"] = cards_to_py(f.cards);
    py::list owners;
    for (auto o : f.owners) owners.append(static_cast<int>(o));
    d["owners"] = owners;
    d["claimed_by"] = static_cast<int>(f.claimed_by);
    out.append(d);
  }
  return out;
}

py::dict common(const RacingDemonState& s) {
  py::dict d;
  d["current_player"] = s.current_player();
  d["foundations"] = foundations_to_py(s);
  d["out_player"] = s.out_player();
  d["stalemate"] = s.ended_in_stalemate();
  d["rotations"] = s.rotations();
  d["moves"] = s.moves();
  return d;
}

py::dict state_dict(const RacingDemonState& s) {
  py::dict d = common(s);
  py::list players;
  for (int p = 0; p < s.num_players(); ++p) {
    const auto& pl = s.seat(p);
    py::dict e;
    e["pile"] = cards_to_py(pl.pile);
    e["line"] = line_to_py(pl);
    e["hand"] = cards_to_py(pl.hand);
    e["waste"] = cards_to_py(pl.waste);
    e["turned"] = static_cast<int>(pl.turned);
    players.append(e);
  }
  d["players"] = players;
  return d;
}

// Everything face up is public: the Pile top, the line, the waste top and
// the middle. Face-down cards (the rest of the Pile, the hand) and the waste
// beneath its top are counts, for everyone alike.
py::dict observation(const RacingDemonState& s, int player) {
  py::dict d = common(s);
  d["player"] = player;
  py::list players;
  for (int p = 0; p < s.num_players(); ++p) {
    const auto& pl = s.seat(p);
    py::dict e;
    e["pile_top"] =
        pl.pile.empty() ? py::object(py::none()) : py::object(py::str(card_to_string(pl.pile.back())));
    e["pile_count"] = pl.pile.size();
    e["line"] = line_to_py(pl);
    e["hand_count"] = pl.hand.size();
    e["waste_top"] = top_or_none(pl.waste);
    e["waste_count"] = pl.waste.size();
    e["turned"] = static_cast<int>(pl.turned);
    players.append(e);
  }
  d["players"] = players;
  return d;
}

}  // namespace

void register_racing_demon(py::module_& m) {
  Hooks<RacingDemonGame> hooks;
  hooks.to_dict = [](const RacingDemonState& s) { return state_dict(s); };
  hooks.observation = [](const RacingDemonState& s, int p) { return observation(s, p); };
  bind_game<RacingDemonGame>(m, "RacingDemon", hooks);
  m.def(
      "_racing_demon_matches",
      [](const RacingDemonGame& g, py::handle seed, std::uint64_t first, std::uint64_t count,
         const std::vector<std::string>& policies) {
        const std::uint64_t s = seed_from_py(seed);
        const BatchPlan plan = plan_for(g, policies);
        check_plan(g, plan);
        const SeatPolicies seats = seat_policies(plan.policies, 0);
        const auto np = static_cast<py::ssize_t>(g.num_players());
        const auto n = static_cast<py::ssize_t>(count);
        py::array_t<std::int32_t> totals({n, np}), rounds(n), winner_arr(n);
        py::array_t<std::int64_t> moves(n);
        py::array_t<double> seconds(n);
        py::array_t<bool> truncated(n);
        auto* t = totals.mutable_data();
        auto* r = rounds.mutable_data();
        auto* w = winner_arr.mutable_data();
        auto* mv = moves.mutable_data();
        auto* sec = seconds.mutable_data();
        auto* tr = truncated.mutable_data();
        {
          // Safe without the GIL: the arrays were made above and the core
          // touches no Python object.
          py::gil_scoped_release release;
          std::vector<Card> deck;
          for (std::uint64_t k = 0; k < count; ++k) {
            Rng rng = Rng::for_game(s, first + k);
            const auto m = g.play_match(seats, rng, deck);
            for (py::ssize_t p = 0; p < np; ++p) t[static_cast<py::ssize_t>(k) * np + p] = m.totals[p];
            r[k] = m.rounds;
            w[k] = winner_code(m.outcome);
            mv[k] = m.moves;
            sec[k] = m.seconds;
            tr[k] = m.truncated;
          }
        }
        py::dict out;
        out["totals"] = totals;
        out["rounds"] = rounds;
        out["winner"] = winner_arr;
        out["moves"] = moves;
        out["seconds"] = seconds;
        out["truncated"] = truncated;
        return out;
      },
      py::arg("game"), py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("policies"),
      "Internal: matches [first, first+count) of Racing Demon to the game's target (use "
      "cardsim.timed.simulate_matches).");
  register_game<RacingDemonGame>(
      "racing_demon", "Racing Demon: 1-8 players race to empty their Pile, all at once (timed simulator)",
      [](const OptionMap& o) { return std::make_shared<RacingDemonGame>(o); });
}

}  // namespace cardsim::py_bind
