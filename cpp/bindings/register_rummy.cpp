// Rummy (one deal or a match): its dict form and observation
// (the format is documented in docs/rules/rummy.md).
#include "bindings/bind_game.hpp"
#include "games/rummy/rummy.hpp"

namespace cardsim::py_bind {

using rummy::CardSet;
using rummy::Meld;
using rummy::Phase;
using rummy::RummyGame;
using rummy::RummyState;

namespace {

py::list cards_to_py(CardSet m) {
  py::list out;
  for (; m; m &= m - 1) out.append(card_str(static_cast<Card>(std::countr_zero(m))));
  return out;
}

py::object card_or_none(Card c) { return c == kNoCard ? py::object(py::none()) : py::object(card_str(c)); }
py::object player_or_none(int p) { return p < 0 ? py::object(py::none()) : py::object(py::int_(p)); }

py::list scores_to_py(const Scores& s, int n) {
  py::list out;
  for (int p = 0; p < n; ++p) out.append(s[p]);
  return out;
}

// Everything every player sees; `hands` decides what the hidden parts show.
py::dict public_dict(const RummyState& s) {
  static constexpr const char* kPhases[] = {"draw", "play", "call", "over"};
  const int n = s.num_players();
  py::dict d;
  d["phase"] = kPhases[static_cast<int>(s.phase())];
  d["current_player"] = s.current_player();
  d["dealer"] = s.dealer();
  d["turn"] = s.turn();
  d["turn_overs"] = s.turn_overs();
  py::list pile;
  for (Card c : s.discard_pile()) pile.append(card_str(c));
  d["discard_pile"] = pile;
  py::list melds;
  for (const Meld& m : s.melds()) {
    StaticVector<Card, 13> cards;
    RummyState::meld_cards(m, cards);
    py::dict md;
    md["kind"] = m.is_run ? "run" : "set";
    py::list cl, by;
    for (Card c : cards) {
      cl.append(card_str(c));
      by.append(s.owner(c));
    }
    md["cards"] = cl;
    md["by"] = by;
    if (m.is_run) {
      md["low"] = m.low;
      md["high"] = m.high;
    }
    melds.append(md);
  }
  d["melds"] = melds;
  d["taken"] = card_or_none(s.taken());
  py::list laid;
  for (int p = 0; p < n; ++p) laid.append(s.laid_down(p));
  d["laid_down"] = laid;
  if (s.phase() == Phase::Call) {
    py::dict call;
    call["discarder"] = s.call_discarder();
    call["size"] = s.call_size();
    d["call"] = call;
  } else {
    d["call"] = py::none();
  }
  d["went_out"] = player_or_none(s.went_out());
  d["rummy"] = s.rummy();
  d["truncated"] = s.deal_truncated();
  d["void"] = s.deal_void();
  if (s.rules().match) {
    d["deal"] = s.deal_number();
    d["totals"] = scores_to_py(s.totals(), n);
  }
  return d;
}

py::dict full_dict(const RummyState& s) {
  py::dict d = public_dict(s);
  py::list hands;
  for (int p = 0; p < s.num_players(); ++p) hands.append(cards_to_py(s.hand(p)));
  d["hands"] = hands;
  py::list stock;  // bottom first, as every pile in a dict: the last card is the top
  for (const Card c : s.stock()) stock.append(card_str(c));
  d["stock"] = stock;
  return d;
}

py::dict observation_dict(const RummyState& s, int player) {
  py::dict d = public_dict(s);
  d["player"] = player;
  d["hand"] = cards_to_py(s.hand(player));
  py::list sizes;
  for (int p = 0; p < s.num_players(); ++p) sizes.append(std::popcount(s.hand(p)));
  d["hand_sizes"] = sizes;
  d["stock_size"] = s.stock().size();
  return d;
}

}  // namespace

void register_rummy(py::module_& m) {
  Hooks<RummyGame> hooks;
  hooks.to_dict = [](const RummyState& s) { return full_dict(s); };
  hooks.observation = [](const RummyState& s, int p) { return observation_dict(s, p); };
  bind_game<RummyGame>(m, "Rummy", hooks);
  register_game<RummyGame>("rummy",
                           "Rummy: 2-6 players, runs and sets, with its common variations; match=True plays "
                           "deals to a target score or a fixed number of deals",
                           [](const OptionMap& o) { return std::make_shared<RummyGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_rummy);

}  // namespace cardsim::py_bind
