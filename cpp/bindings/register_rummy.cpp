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
  d[CARDSIM_KEY("phase")] = kPhases[static_cast<int>(s.phase())];
  d[CARDSIM_KEY("current_player")] = s.current_player();
  d[CARDSIM_KEY("dealer")] = s.dealer();
  d[CARDSIM_KEY("turn")] = s.turn();
  d[CARDSIM_KEY("turn_overs")] = s.turn_overs();
  py::list pile;
  for (Card c : s.discard_pile()) pile.append(card_str(c));
  d[CARDSIM_KEY("discard_pile")] = pile;
  py::list melds;
  for (const Meld& m : s.melds()) {
    StaticVector<Card, 13> cards;
    RummyState::meld_cards(m, cards);
    py::dict md;
    md[CARDSIM_KEY("kind")] = m.is_run ? "run" : "set";
    py::list cl, by;
    for (Card c : cards) {
      cl.append(card_str(c));
      by.append(s.owner(c));
    }
    md[CARDSIM_KEY("cards")] = cl;
    md[CARDSIM_KEY("by")] = by;
    if (m.is_run) {
      md[CARDSIM_KEY("low")] = m.low;
      md[CARDSIM_KEY("high")] = m.high;
    }
    melds.append(md);
  }
  d[CARDSIM_KEY("melds")] = melds;
  d[CARDSIM_KEY("taken")] = card_or_none(s.taken());
  py::list laid;
  for (int p = 0; p < n; ++p) laid.append(s.laid_down(p));
  d[CARDSIM_KEY("laid_down")] = laid;
  if (s.phase() == Phase::Call) {
    py::dict call;
    call[CARDSIM_KEY("discarder")] = s.call_discarder();
    call[CARDSIM_KEY("size")] = s.call_size();
    d[CARDSIM_KEY("call")] = call;
  } else {
    d[CARDSIM_KEY("call")] = py::none();
  }
  d[CARDSIM_KEY("went_out")] = player_or_none(s.went_out());
  d[CARDSIM_KEY("rummy")] = s.rummy();
  d[CARDSIM_KEY("truncated")] = s.deal_truncated();
  d[CARDSIM_KEY("void")] = s.deal_void();
  if (s.rules().match) {
    d[CARDSIM_KEY("deal")] = s.deal_number();
    d[CARDSIM_KEY("totals")] = scores_to_py(s.totals(), n);
  }
  return d;
}

py::dict full_dict(const RummyState& s) {
  py::dict d = public_dict(s);
  py::list hands;
  for (int p = 0; p < s.num_players(); ++p) hands.append(cards_to_py(s.hand(p)));
  d[CARDSIM_KEY("hands")] = hands;
  py::list stock;  // bottom first, as every pile in a dict: the last card is the top
  for (const Card c : s.stock()) stock.append(card_str(c));
  d[CARDSIM_KEY("stock")] = stock;
  return d;
}

py::dict observation_dict(const RummyState& s, int player) {
  py::dict d = public_dict(s);
  d[CARDSIM_KEY("player")] = player;
  d[CARDSIM_KEY("hand")] = cards_to_py(s.hand(player));
  py::list sizes;
  for (int p = 0; p < s.num_players(); ++p) sizes.append(std::popcount(s.hand(p)));
  d[CARDSIM_KEY("hand_sizes")] = sizes;
  d[CARDSIM_KEY("stock_size")] = s.stock().size();
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
