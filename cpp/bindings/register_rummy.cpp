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

// A set of cards, lowest index first.
void write_set(CardSet m, auto& w) {
  w.begin_list();
  for (; m; m &= m - 1) w.card(static_cast<Card>(std::countr_zero(m)));
  w.end();
}

void write_scores(const Scores& s, int n, auto& w) {
  w.per_seat(n, [&](int p) { w.integer(s[p]); });
}

void write_meld(const RummyState& s, const Meld& m, auto& w) {
  StaticVector<Card, 13> cards;
  RummyState::meld_cards(m, cards);
  w.begin_dict();
  w.key(CARDSIM_KEY("kind"));
  w.text(m.is_run ? "run" : "set");
  w.key(CARDSIM_KEY("cards"));
  w.cards(cards);
  w.key(CARDSIM_KEY("by"));
  w.begin_list();
  for (Card c : cards) w.integer(s.owner(c));
  w.end();
  if (m.is_run) {
    w.key(CARDSIM_KEY("low"));
    w.integer(m.low);
    w.key(CARDSIM_KEY("high"));
    w.integer(m.high);
  }
  w.end();
}

// Everything every player sees; the callers add what the hidden parts show.
void write_public(const RummyState& s, auto& w) {
  static constexpr const char* kPhases[] = {"draw", "play", "call", "over"};
  const int n = s.num_players();
  w.key(CARDSIM_KEY("phase"));
  w.text(kPhases[static_cast<int>(s.phase())]);
  w.key(CARDSIM_KEY("current_player"));
  w.integer(s.current_player());
  w.key(CARDSIM_KEY("dealer"));
  w.integer(s.dealer());
  w.key(CARDSIM_KEY("turn"));
  w.integer(s.turn());
  w.key(CARDSIM_KEY("turn_overs"));
  w.integer(s.turn_overs());
  w.key(CARDSIM_KEY("discard_pile"));
  w.cards(s.discard_pile());
  w.key(CARDSIM_KEY("melds"));
  w.begin_list();
  for (const Meld& m : s.melds()) write_meld(s, m, w);
  w.end();
  w.key(CARDSIM_KEY("taken"));
  w.card_or_none(s.taken());
  w.key(CARDSIM_KEY("laid_down"));
  w.per_seat(n, [&](int p) { w.boolean(s.laid_down(p)); });
  w.key(CARDSIM_KEY("call"));
  if (s.phase() == Phase::Call) {
    w.begin_dict();
    w.key(CARDSIM_KEY("discarder"));
    w.integer(s.call_discarder());
    w.key(CARDSIM_KEY("size"));
    w.integer(s.call_size());
    w.end();
  } else {
    w.none();
  }
  w.key(CARDSIM_KEY("went_out"));
  w.int_or_none(s.went_out());
  w.key(CARDSIM_KEY("rummy"));
  w.boolean(s.rummy());
  w.key(CARDSIM_KEY("truncated"));
  w.boolean(s.deal_truncated());
  w.key(CARDSIM_KEY("void"));
  w.boolean(s.deal_void());
  if (s.rules().match) {
    w.key(CARDSIM_KEY("deal"));
    w.integer(s.deal_number());
    w.key(CARDSIM_KEY("totals"));
    write_scores(s.totals(), n, w);
  }
}

void write_state(const RummyState& s, auto& w) {
  write_public(s, w);
  w.key(CARDSIM_KEY("hands"));
  w.per_seat(s.num_players(), [&](int p) { write_set(s.hand(p), w); });
  w.key(CARDSIM_KEY("stock"));  // bottom first, as every pile in a dict: the last card is the top
  w.cards(s.stock());
}

void write_observation(const RummyState& s, int player, auto& w) {
  write_public(s, w);
  w.key(CARDSIM_KEY("player"));
  w.integer(player);
  w.key(CARDSIM_KEY("hand"));
  write_set(s.hand(player), w);
  w.key(CARDSIM_KEY("hand_sizes"));
  w.per_seat(s.num_players(), [&](int p) { w.integer(std::popcount(s.hand(p))); });
  w.key(CARDSIM_KEY("stock_size"));
  w.integer(static_cast<long long>(s.stock().size()));
}

}  // namespace

void register_rummy(py::module_& m) {
  Hooks<RummyGame> hooks;
  hooks.write_dict = [](const RummyState& s, auto& w) { write_state(s, w); };
  hooks.write_observation = [](const RummyState& s, int p, auto& w) { write_observation(s, p, w); };
  bind_game<RummyGame>(m, "Rummy", hooks);
  register_game<RummyGame>(rummy::rummy_declaration(),
                           [](const OptionMap& o) { return std::make_shared<RummyGame>(o); });
}

CARDSIM_REGISTRAR(kGameOrder, register_rummy);

}  // namespace cardsim::py_bind
