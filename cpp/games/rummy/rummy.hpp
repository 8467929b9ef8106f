// Rummy, the basic game for 2-6 players, and match play (docs/rules/rummy.md).
//
// Rules in brief. 52 cards. The dealer is player n-1 (deal k of a match:
// (n-1+k) mod n); cards go one at a time from the top of the deck, starting
// left of the dealer: deck[i] to player (first + i) mod n. Hand size 9 for two
// players, 7 for three or four, 6 for five or six (option `hand_size`). The
// next card starts the discard pile face up; the rest is the stock.
// A turn: draw the top of the stock or take the top of the discard pile; then
// any number of melds (a run: 3+ consecutive cards of a suit, aces low, Q-K-A
// only with `ace_high`, never K-A-2; a set: 3 or 4 of a rank) and lay-offs
// (one card onto any meld on the table, at either end of a run); then discard
// one card, never the card taken from the discard pile this turn. With
// `lay_off_through_sets` a run extends past a card of its suit that stands in
// a set (3-4-5H plus a set holding 6H takes the 7H). An empty stock: the
// player to draw may take the discard, or turn the discard pile over
// unshuffled (its bottom card becomes the top), turn the new stock's top card
// up as the discard pile, and then draw from either. The hand ends when a
// player has no cards left (`discard_to_go_out`: the last card must be a
// discard; with `go_out_next_turn` too, a player may meld down to nothing,
// ending the turn without a discard, and go out by a later discard). Going out
// in one turn having melded and laid off nothing before is "rummy": double
// score. `rummy_on_board`: a discard that leaves the top 3+ cards of the pile
// forming a meld opens a call window (discarder first, then in turn order);
// the first caller takes exactly those cards (the longest such top run).
// Scoring `standard`: the player going out gets the standard value of every
// card left in the other hands (A=1, J/Q/K=10, else face value); `table`:
// everyone scores the cards they put on the table (J/Q/K 10, an ace 15 but 5
// at the low end of a run, others 5) minus the same values of their hand.
// Truncation: a turn that starts with an empty stock once `max_turn_overs`
// turn-overs are used up, a turn with no possible draw, or `move_cap` turns.
//
// Action encoding (the same 586 ids under every option; a card id c is
// suit * 13 + rank - 1 with suits C, D, H, S):
//   0 draw_stock      1 take_discard      2 turn_over
//   3 call_rummy      4 decline            (the rummy-on-board call window)
//   5 + c             discard card c                              (5..56)
//   57 + k            meld run k: k = suit * 77 + index of (low, length)
//                     in the order low 1..12, length 3..min(13, 15 - low)
//                     (rank 14 is the ace above the king)          (57..364)
//   365 + 5 * (rank - 1) + j   meld set of rank: j = 0..3 all suits but
//                     C/D/H/S, j = 4 all four suits                (365..429)
//   430 + 3 * c + e   lay off card c: e = 0 onto the set of its rank, 1 below
//                     the low end of a run, 2 above the high end (the meld is
//                     then unique)                                 (430..585)
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/deck.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim::rummy {

inline constexpr Action kDrawStock = 0;
inline constexpr Action kTakeDiscard = 1;
inline constexpr Action kTurnOver = 2;
inline constexpr Action kCall = 3;
inline constexpr Action kDecline = 4;
inline constexpr Action kDiscardBase = 5;
inline constexpr Action kRunBase = kDiscardBase + 52;
inline constexpr int kRunsPerSuit = 77;
inline constexpr Action kSetBase = kRunBase + 4 * kRunsPerSuit;
inline constexpr Action kLayOffBase = kSetBase + 13 * 5;
inline constexpr int kNumActions = kLayOffBase + 52 * 3;
inline constexpr int kMaxMelds = 17;  // 52 cards, 3 a meld at least
inline constexpr int kMaxRummyPlayers = 6;

enum class Phase : std::uint8_t { Draw, Play, Call, Over };
enum LayOffEnd : int { kOntoSet = 0, kLowEnd = 1, kHighEnd = 2 };

// A set of cards (a hand, a meld), one bit per card id.
using CardSet = std::uint64_t;
constexpr CardSet bit(int c) { return CardSet{1} << c; }

// A run's ranks run 1..14, 14 being the ace above the king.
constexpr Card card_at(int suit, int ext_rank) { return make_card(ext_rank == 14 ? 1 : ext_rank, suit); }

struct RunSpec {
  std::int8_t suit, low, length;
};

// Run ids: the (suit, low, length) of each, in id order.
inline constexpr std::array<RunSpec, 4 * kRunsPerSuit> kRuns = [] {
  std::array<RunSpec, 4 * kRunsPerSuit> out{};
  int k = 0;
  for (int s = 0; s < 4; ++s)
    for (int low = 1; low <= 12; ++low)
      for (int len = 3; len <= (15 - low < 13 ? 15 - low : 13); ++len)
        out[k++] = {static_cast<std::int8_t>(s), static_cast<std::int8_t>(low),
                    static_cast<std::int8_t>(len)};
  return out;
}();

// kRunOffset[low] = index of (low, length 3) within a suit.
inline constexpr std::array<int, 14> kRunOffset = [] {
  std::array<int, 14> out{};
  int k = 0;
  for (int low = 1; low <= 12; ++low) {
    out[low] = k;
    k += (15 - low < 13 ? 15 - low : 13) - 2;
  }
  return out;
}();

constexpr CardSet run_mask(int suit, int low, int length) {
  CardSet m = 0;
  for (int r = low; r < low + length; ++r) m |= bit(card_at(suit, r));
  return m;
}

constexpr CardSet set_mask(int rank, int j) {
  CardSet m = 0;
  for (int s = 0; s < 4; ++s)
    if (j == 4 || s != j) m |= bit(make_card(rank, s));
  return m;
}

// The cards each action moves from the hand (none for draws and calls), looked up
// rather than rebuilt: move generation and the greedy policy read it on every step.
inline constexpr std::array<CardSet, kNumActions> kActionCards = [] {
  std::array<CardSet, kNumActions> out{};
  for (int c = 0; c < 52; ++c) {
    out[kDiscardBase + c] = bit(c);
    for (int e = 0; e < 3; ++e) out[kLayOffBase + 3 * c + e] = bit(c);
  }
  for (int k = 0; k < 4 * kRunsPerSuit; ++k)
    out[kRunBase + k] = run_mask(kRuns[k].suit, kRuns[k].low, kRuns[k].length);
  for (int k = 0; k < 13 * 5; ++k) out[kSetBase + k] = set_mask(k / 5 + 1, k % 5);
  return out;
}();

// An action in the rules' words: what the player does and with which cards.
// decode() and encode() are the only places that know the id layout above.
enum class MoveKind : std::uint8_t {
  DrawStock,
  TakeDiscard,
  TurnOver,
  CallRummy,
  Decline,
  Discard,
  Run,
  Set,
  LayOff
};

struct Move {
  MoveKind kind = MoveKind::DrawStock;
  Card card = kNoCard;                // Discard, LayOff: the card
  int end = kOntoSet;                 // LayOff: onto a set, the low or the high end of a run
  int suit = 0, low = 0, length = 0;  // Run: ranks low .. low + length - 1 (14: the ace above the king)
  int rank = 0, left_out = 4;         // Set: its rank; the suit it lacks (4: none, all four suits)

  static constexpr Move of(MoveKind k) { return Move{k}; }
  static constexpr Move discard(Card c) { return Move{MoveKind::Discard, c}; }
  static constexpr Move lay_off(Card c, int end) { return Move{MoveKind::LayOff, c, end}; }
  static constexpr Move run(int suit, int low, int length) {
    return Move{MoveKind::Run, kNoCard, kOntoSet, suit, low, length};
  }
  static constexpr Move set(int rank, int left_out) {
    return Move{MoveKind::Set, kNoCard, kOntoSet, 0, 0, 0, rank, left_out};
  }
  int high() const { return low + length - 1; }
};

[[gnu::always_inline]] constexpr Move decode(Action a) {
  if (a < kDiscardBase) return Move::of(static_cast<MoveKind>(a));
  if (a < kRunBase) return Move::discard(static_cast<Card>(a - kDiscardBase));
  if (a < kSetBase) {
    const RunSpec& r = kRuns[static_cast<std::size_t>(a - kRunBase)];
    return Move::run(r.suit, r.low, r.length);
  }
  if (a < kLayOffBase) return Move::set((a - kSetBase) / 5 + 1, (a - kSetBase) % 5);
  return Move::lay_off(static_cast<Card>((a - kLayOffBase) / 3), (a - kLayOffBase) % 3);
}

[[gnu::always_inline]] constexpr Action encode(const Move& m) {
  switch (m.kind) {
    case MoveKind::Discard: return kDiscardBase + m.card;
    case MoveKind::Run: return kRunBase + m.suit * kRunsPerSuit + kRunOffset[m.low] + m.length - 3;
    case MoveKind::Set: return kSetBase + 5 * (m.rank - 1) + m.left_out;
    case MoveKind::LayOff: return kLayOffBase + 3 * m.card + m.end;
    default: return static_cast<Action>(m.kind);  // the five control actions are ids 0..4
  }
}

// Kind tests for the greedy policy, which scans every legal action at every
// step: one range check each (a full decode there costs several percent).
constexpr bool is_discard(Action a) { return a >= kDiscardBase && a < kRunBase; }
constexpr bool is_meld(Action a) { return a >= kRunBase && a < kLayOffBase; }
constexpr bool is_lay_off(Action a) { return a >= kLayOffBase; }

static_assert(encode(Move::of(MoveKind::DrawStock)) == kDrawStock &&
              encode(Move::of(MoveKind::TakeDiscard)) == kTakeDiscard &&
              encode(Move::of(MoveKind::TurnOver)) == kTurnOver &&
              encode(Move::of(MoveKind::CallRummy)) == kCall &&
              encode(Move::of(MoveKind::Decline)) == kDecline);
static_assert([] {
  for (Action a = 0; a < kNumActions; ++a)
    if (encode(decode(a)) != a || is_discard(a) != (decode(a).kind == MoveKind::Discard) ||
        is_meld(a) != (decode(a).kind == MoveKind::Run || decode(a).kind == MoveKind::Set) ||
        is_lay_off(a) != (decode(a).kind == MoveKind::LayOff))
      return false;
  return true;
}());

inline int standard_value(Card c) { return rank_of(c) >= 10 ? 10 : rank_of(c); }

// The table-scoring values: courts 10, an ace 15 (5 at the low end of a run), the rest 5.
inline int table_value(Card c, bool ace_low_in_run) {
  const int r = rank_of(c);
  if (r == 1) return ace_low_in_run ? 5 : 15;
  return r >= 11 ? 10 : 5;
}

struct Meld {
  bool is_run = false;
  std::int8_t suit = 0;           // runs
  std::int8_t low = 0, high = 0;  // runs: rank span 1..14, bridged set cards included; sets: the rank
  CardSet cards = 0;              // the cards in this meld

  bool operator==(const Meld&) const = default;
};

struct Rules {
  int players = 2;
  int hand_size = 9;
  bool ace_high = false;
  bool lay_off_through_sets = true;
  bool discard_to_go_out = false;
  bool go_out_next_turn = false;
  bool rummy_on_board = false;
  bool table_scoring = false;
  int max_turn_overs = 3;
  int move_cap = 1000;
  // Match play.
  bool match = false;
  int target = 100;
  int deals = 0;  // 0: play to the target
  int max_deals = 200;

  bool operator==(const Rules&) const = default;
};

class RummyState {
 public:
  using ActionList = StaticVector<Action, kNumActions>;

  RummyState(const Rules& rules, const std::vector<Card>& deck) : rules_(rules) {
    n_ = static_cast<std::int8_t>(rules.players);
    key_ = rules.match ? fold_deck_key(deck) : 0;
    start_deal(deck.data());
  }

  // --- read access for the bindings -------------------------------------------------
  const Rules& rules() const { return rules_; }
  int num_players() const { return n_; }
  CardSet hand(int p) const { return hands_[p]; }
  const StaticVector<Card, 52>& stock() const { return stock_; }        // top at the back
  const StaticVector<Card, 52>& discard_pile() const { return pile_; }  // top at the back
  const StaticVector<Meld, kMaxMelds>& melds() const { return melds_; }
  int owner(Card c) const { return owner_[c]; }
  Phase phase() const { return phase_; }
  int dealer() const { return dealer_; }
  Card taken() const { return taken_; }
  int turn() const { return turn_; }
  int turn_overs() const { return turn_overs_; }
  bool laid_down(int p) const { return laid_down_ >> p & 1; }
  int went_out() const { return went_out_; }
  bool rummy() const { return rummy_; }
  bool deal_truncated() const { return deal_truncated_; }
  bool deal_void() const { return deal_void_; }
  int call_discarder() const { return discarder_; }
  int call_size() const { return call_k_; }
  int deal_number() const { return deal_no_; }
  const Scores& totals() const { return totals_; }
  const Scores& last_deal_scores() const { return last_deal_; }

  int current_player() const { return phase_ == Phase::Over ? kTerminalPlayer : current_; }
  bool is_terminal() const { return phase_ == Phase::Over; }
  bool is_truncated() const {
    return phase_ == Phase::Over && (rules_.match ? match_truncated_ : deal_truncated_);
  }
  // A void deal is an end the rules make, so a single deal that ends so is terminal
  // and not truncated; a match goes on to its next deal.
  bool ended_void() const { return phase_ == Phase::Over && !rules_.match && deal_void_; }

  void legal_actions(ActionList& out) const {
    out.clear();
    switch (phase_) {
      case Phase::Over: return;
      case Phase::Call:
        out.push_back(encode(Move::of(MoveKind::CallRummy)));
        out.push_back(encode(Move::of(MoveKind::Decline)));
        return;
      case Phase::Draw: return draw_actions(out);
      case Phase::Play: return play_actions(out);
    }
  }

  std::string why_illegal(Action a) const {
    if (a < 0 || a >= kNumActions)
      return "action " + std::to_string(a) + " is out of range [0, " + std::to_string(kNumActions) + ")";
    if (phase_ == Phase::Over) return "the game is over";
    const Move m = decode(a);
    const bool call = m.kind == MoveKind::CallRummy || m.kind == MoveKind::Decline;
    if (phase_ == Phase::Call) return call ? "" : "a rummy-on-board call is open: call_rummy or decline";
    if (call) return "no rummy-on-board call is open";
    if (phase_ == Phase::Draw) return why_illegal_draw(m);
    if (m.kind <= MoveKind::TurnOver) return "the player has already drawn this turn";
    return why_illegal_play(a, m);
  }

  void apply(Action a) {
    const Move m = decode(a);
    switch (phase_) {
      case Phase::Call: return apply_call(m);
      case Phase::Draw: return apply_draw(m);
      default: return apply_play(a, m);
    }
  }

  // The deal's scores as they stand (all zero in `standard` until someone goes out).
  Scores deal_scores() const {
    Scores s{};
    if (deal_void_) return s;  // nobody scores a void deal
    if (rules_.table_scoring) {
      for (const Meld& m : melds_)
        for (CardSet b = m.cards; b; b &= b - 1) {
          const Card c = static_cast<Card>(std::countr_zero(b));
          s[owner_[c]] += table_value(c, m.is_run && m.low == 1);
        }
      for (int p = 0; p < n_; ++p)
        for (CardSet b = hands_[p]; b; b &= b - 1)
          s[p] -= table_value(static_cast<Card>(std::countr_zero(b)), false);
      if (went_out_ >= 0 && rummy_) s[went_out_] *= 2;
    } else if (went_out_ >= 0) {
      int total = 0;
      for (int p = 0; p < n_; ++p)
        for (CardSet b = hands_[p]; b; b &= b - 1)
          total += standard_value(static_cast<Card>(std::countr_zero(b)));
      s[went_out_] = rummy_ ? 2 * total : total;
    }
    return s;
  }

  Scores scores() const { return rules_.match ? totals_ : deal_scores(); }

  Outcome outcome() const {
    Outcome o;
    if (phase_ != Phase::Over) return o;
    if (!rules_.match) {
      if (went_out_ >= 0) o.winners = static_cast<std::uint16_t>(1u << went_out_);
      return o;
    }
    if (match_truncated_) return o;
    int best = totals_[0], count = 0, who = 0;
    for (int p = 1; p < n_; ++p) best = totals_[p] > best ? totals_[p] : best;
    for (int p = 0; p < n_; ++p)
      if (totals_[p] == best) ++count, who = p;
    if (count == 1)
      o.winners = static_cast<std::uint16_t>(1u << who);
    else
      o.draw = true;
    return o;
  }

  std::string action_to_string(Action a) const { return action_text(a); }

  static std::string action_text(Action a) {
    if (a < 0 || a >= kNumActions)
      throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                          std::to_string(kNumActions) + ")");
    static constexpr const char* kControl[] = {"draw_stock", "take_discard", "turn_over", "call_rummy",
                                               "decline"};
    static constexpr const char* kEnds[] = {"set", "low", "high"};
    const Move m = decode(a);
    switch (m.kind) {
      case MoveKind::Discard: return "discard " + card_to_string(m.card);
      case MoveKind::Run: {
        std::string out = "meld";
        for (int k = m.low; k <= m.high(); ++k) out += " " + card_to_string(card_at(m.suit, k));
        return out;
      }
      case MoveKind::Set: return "meld " + cards_text(set_mask(m.rank, m.left_out));
      case MoveKind::LayOff: return "lay_off " + card_to_string(m.card) + " " + kEnds[m.end];
      default: return kControl[static_cast<int>(m.kind)];
    }
  }

  // Reads the words back ("meld 3H 4H 5H", "lay_off 6H high", ...), checked by
  // formatting the id found again, so that only exact texts are accepted.
  Action string_to_action(std::string_view s) const {
    const std::vector<std::string_view> words = split_words(s);
    Action found = -1;
    if (words.size() == 1) {
      for (Action a = 0; a < kDiscardBase; ++a)
        if (action_text(a) == s) found = a;
    } else if (words.size() == 2 && words[0] == "discard" && read_card(words[1]) >= 0) {
      found = encode(Move::discard(static_cast<Card>(read_card(words[1]))));
    } else if (words.size() == 3 && words[0] == "lay_off" && read_card(words[1]) >= 0) {
      const int e = words[2] == "set" ? 0 : words[2] == "low" ? 1 : words[2] == "high" ? 2 : -1;
      if (e >= 0) found = encode(Move::lay_off(static_cast<Card>(read_card(words[1])), e));
    } else if (words.size() >= 4 && words[0] == "meld" && read_card(words[1]) >= 0) {
      found = meld_id(words);
    }
    if (found >= 0 && action_text(found) == s) return found;
    throw InvalidArgument("unknown action '" + std::string(s) +
                          "' (rummy actions read e.g. 'draw_stock', 'discard 7H', 'meld 3H 4H 5H', "
                          "'lay_off 6H high')");
  }

  static std::vector<std::string_view> split_words(std::string_view s) {
    std::vector<std::string_view> words;
    for (std::size_t i = 0; i < s.size();) {
      const std::size_t j = s.find(' ', i);
      words.push_back(s.substr(i, j == std::string_view::npos ? s.size() - i : j - i));
      i = j == std::string_view::npos ? s.size() : j + 1;
    }
    return words;
  }

  // A card in the two-character form the action texts print, or -1.
  static int read_card(std::string_view w) {
    if (w.size() != 2) return -1;
    const std::string_view ranks{kRankChars}, suits{kSuitChars};
    const auto r = ranks.find(w[0]), st = suits.find(w[1]);
    return r == std::string_view::npos || st == std::string_view::npos
               ? -1
               : make_card(static_cast<int>(r) + 1, static_cast<int>(st));
  }

  // "meld" and its cards: a run when the first two share a suit, else a set
  // (which suit it lacks read from the cards named). -1 when no id fits.
  static Action meld_id(const std::vector<std::string_view>& words) {
    const Card first = static_cast<Card>(read_card(words[1]));
    if (suit_of(first) == suit_of(static_cast<Card>(read_card(words[2])))) {
      const int low = rank_of(first), len = static_cast<int>(words.size()) - 1;
      if (low <= 12 && len <= (15 - low < 13 ? 15 - low : 13))
        return encode(Move::run(suit_of(first), low, len));
      return -1;
    }
    if (words.size() == 5) return encode(Move::set(rank_of(first), 4));
    unsigned suits = 0;
    for (std::size_t w = 1; w < words.size(); ++w)
      if (read_card(words[w]) >= 0) suits |= 1u << (read_card(words[w]) / 13);
    const int missing = std::countr_zero(~suits & 0xFu) & 3;
    return encode(Move::set(rank_of(first), missing));
  }

  std::string to_string() const {
    static constexpr const char* kPhases[] = {"draw", "play", "call", "over"};
    std::string out = "deal " + std::to_string(deal_no_) + ", turn " + std::to_string(turn_) + ", phase " +
                      kPhases[static_cast<int>(phase_)] + ", player " + std::to_string(current_) + "\n";
    for (int p = 0; p < n_; ++p) out += "  hand " + std::to_string(p) + ": " + cards_text(hands_[p]) + "\n";
    out += "  stock: " + std::to_string(stock_.size()) + " cards; discard pile (top last):";
    for (Card c : pile_) out += " " + card_to_string(c);
    out += "\n";
    for (const Meld& m : melds_)
      out += std::string("  ") + (m.is_run ? "run" : "set") + ": " + cards_text(m.cards) + "\n";
    return out;
  }

  // Cards of a meld in table order: a run low to high (an ace above a king last).
  static void meld_cards(const Meld& m, StaticVector<Card, 13>& out) {
    out.clear();
    if (!m.is_run) {
      for (CardSet b = m.cards; b; b &= b - 1) out.push_back(static_cast<Card>(std::countr_zero(b)));
      return;
    }
    for (int r = m.low; r <= m.high; ++r) {
      const Card c = card_at(m.suit, r);
      if (m.cards >> c & 1) out.push_back(c);
    }
  }

  static std::string cards_text(CardSet m) {
    std::string out;
    for (; m; m &= m - 1)
      out += (out.empty() ? "" : " ") + card_to_string(static_cast<Card>(std::countr_zero(m)));
    return out;
  }

  // Cards an action moves from the hand (none for the draw and call actions).
  static CardSet action_cards(Action a) { return kActionCards[static_cast<std::size_t>(a)]; }

  // Cards that fit the table now: onto a set, below a run, above a run.
  void lay_off_targets(CardSet& onto_set, CardSet& low_end, CardSet& high_end) const {
    onto_set = onto_set_;
    low_end = low_end_;
    high_end = high_end_;
  }

  // Every card is in exactly one place: the invariant tests count them.
  std::size_t count_cards() const {
    std::size_t n = stock_.size() + pile_.size();
    for (int p = 0; p < n_; ++p) n += static_cast<std::size_t>(__builtin_popcountll(hands_[p]));
    for (const Meld& m : melds_) n += static_cast<std::size_t>(__builtin_popcountll(m.cards));
    return n;
  }

  // Determinisation (search players). `player` has not seen the cards in the
  // other hands or in the stock, except those shown on the discard pile
  // (taken or called into a hand, or turned over into the stock): those keep
  // their places; the rest are dealt afresh, each other hand keeping its
  // number of unknown cards and the stock its unknown places. In match play
  // later deals are redrawn too (a fresh key), as nobody has seen them.
  void resample_hidden(int player, Rng& rng) {
    StaticVector<Card, 52> pool;
    std::array<int, kMaxRummyPlayers> unknown{};
    for (int q = 0; q < n_; ++q) {
      if (q == player) continue;
      const CardSet m = hands_[q] & ~shown_;
      unknown[q] = std::popcount(m);
      for (CardSet b = m; b; b &= b - 1) pool.push_back(static_cast<Card>(std::countr_zero(b)));
      hands_[q] &= shown_;
    }
    for (Card c : stock_)
      if (!(shown_ & bit(c))) pool.push_back(c);
    rng.shuffle(pool.begin(), pool.size());
    std::size_t next = 0;
    for (int q = 0; q < n_; ++q)
      for (int k = 0; k < unknown[q]; ++k) hands_[q] |= bit(pool[next++]);
    for (Card& c : stock_)
      if (!(shown_ & bit(c))) c = pool[next++];
    if (rules_.match) key_ = rng.next();
  }

  bool operator==(const RummyState&) const = default;

  // The exact observation tensor of `player` (rummy_tensor.hpp): writes every
  // one of RummyGame::observation_tensor_size() floats, allocating nothing.
  void observation_tensor(int player, float* out) const;

 private:
  // --- why an action is illegal, by phase -----------------------------------------

  std::string why_illegal_draw(const Move& m) const {
    switch (m.kind) {
      case MoveKind::DrawStock: return stock_.empty() ? "the stock is empty" : "";
      case MoveKind::TakeDiscard:
        if (pile_.empty()) return "the discard pile is empty";
        return hands_[current_] ? "" : "a player with no cards must draw from the stock";
      case MoveKind::TurnOver:
        if (!stock_.empty()) return "the stock is not empty";
        if (turn_overs_ >= rules_.max_turn_overs) return "no turn-overs of the stock are left";
        return pile_.size() < 2 ? "the discard pile has fewer than two cards" : "";
      default: return "the player must draw first";
    }
  }

  // A discard, meld or lay-off after the draw: legal, or the first rule it breaks.
  std::string why_illegal_play(Action a, const Move& m) const {
    ActionList legal;
    legal_actions(legal);
    for (Action b : legal)
      if (b == a) return {};
    const CardSet hand = hands_[current_];
    const CardSet cards = action_cards(a);
    if ((hand & cards) != cards) return "the player does not hold " + cards_text(cards & ~hand);
    if (m.kind == MoveKind::Discard)
      return "the card taken from the discard pile cannot be discarded this turn";
    if (m.kind == MoveKind::Run && m.high() == 14 && !rules_.ace_high)
      return "Q-K-A runs need the ace_high option";
    if (m.kind == MoveKind::LayOff) {
      CardSet onto_set = 0, low_end = 0, high_end = 0;
      lay_off_targets(onto_set, low_end, high_end);
      const CardSet t = m.end == kOntoSet ? onto_set : m.end == kLowEnd ? low_end : high_end;
      if (!(t >> m.card & 1))
        return card_to_string(m.card) + " does not fit " +
               (m.end == kOntoSet  ? "a set"
                : m.end == kLowEnd ? "the low end of a run"
                                   : "the high end of a run") +
               " on the table";
    }
    if (!(hand & ~cards)) return "the last card must be a discard (discard_to_go_out)";
    return "it would leave only the card taken from the discard pile, which cannot be discarded";
  }

  // --- applying a (legal) move, by phase ---------------------------------------------

  // The rummy-on-board call window: the caller takes the called cards; after
  // every decline the turn passes on from the discarder.
  void apply_call(const Move& m) {
    if (m.kind == MoveKind::CallRummy) {
      for (int i = 0; i < call_k_; ++i) {
        hands_[current_] |= bit(pile_.back());
        pile_.pop_back();
      }
      start_turn((discarder_ + 1) % n_);
    } else if (++asked_ == n_) {
      start_turn((discarder_ + 1) % n_);
    } else {
      current_ = static_cast<std::int8_t>((discarder_ + asked_) % n_);
    }
  }

  void apply_draw(const Move& m) {
    const int p = current_;
    if (m.kind == MoveKind::DrawStock) {
      hands_[p] |= bit(stock_.back());
      stock_.pop_back();
      phase_ = Phase::Play;
    } else if (m.kind == MoveKind::TakeDiscard) {
      taken_ = pile_.back();
      pile_.pop_back();
      hands_[p] |= bit(taken_);
      phase_ = Phase::Play;
    } else {
      // The pile turned face down: its bottom card is the new stock's top,
      // and that card is turned up at once as the new discard pile.
      ++turn_overs_;
      stock_.clear();
      for (std::size_t i = pile_.size(); i-- > 1;) stock_.push_back(pile_[i]);
      const Card up = pile_[0];
      pile_.clear();
      pile_.push_back(up);
    }
  }

  void apply_play(Action a, const Move& m) {
    const int p = current_;
    switch (m.kind) {
      case MoveKind::Discard: return discard(p, m.card);
      case MoveKind::Run:
        put_down(p, Meld{true, static_cast<std::int8_t>(m.suit), static_cast<std::int8_t>(m.low),
                         static_cast<std::int8_t>(m.high()), kActionCards[a]});
        break;
      case MoveKind::Set:
        put_down(p, Meld{false, 0, static_cast<std::int8_t>(m.rank), static_cast<std::int8_t>(m.rank),
                         kActionCards[a]});
        break;
      default: lay_off(p, m.card, m.end); break;
    }
    if (hands_[p]) return;
    // Melded down to nothing: out at once, or (go_out_next_turn) the turn
    // ends without a discard and a later discard takes the player out.
    if (!rules_.discard_to_go_out) return go_out(p);
    start_turn((p + 1) % n_);
  }

  // A discard ends the turn: the player goes out, or a rummy-on-board call
  // window opens, or the next player's turn starts.
  void discard(int p, Card c) {
    hands_[p] &= ~bit(c);
    pile_.push_back(c);
    shown_ |= bit(c);
    if (!hands_[p]) return go_out(p);
    if (rules_.rummy_on_board && (call_k_ = static_cast<std::int8_t>(board_meld_size())) > 0) {
      phase_ = Phase::Call;
      discarder_ = static_cast<std::int8_t>(p);
      asked_ = 0;
      return;
    }
    start_turn((p + 1) % n_);
  }

  // --- move generation, one helper per phase and kind of play ----------------------

  void draw_actions(ActionList& out) const {
    if (!stock_.empty()) out.push_back(encode(Move::of(MoveKind::DrawStock)));
    if (can_take_discard()) out.push_back(encode(Move::of(MoveKind::TakeDiscard)));
    if (can_turn_over()) out.push_back(encode(Move::of(MoveKind::TurnOver)));
  }

  // After the draw: discards, then runs, sets and lay-offs (ascending ids).
  // A meld or lay-off must leave a card that may be discarded, or nothing at
  // all where melding out is allowed: the turn can then always finish.
  void play_actions(ActionList& out) const {
    const CardSet hand = hands_[current_];
    const CardSet keep = taken_ == kNoCard ? ~CardSet{0} : ~bit(taken_);
    for (CardSet h = hand & keep; h; h &= h - 1)
      out.push_back(encode(Move::discard(static_cast<Card>(std::countr_zero(h)))));
    const bool may_empty = may_meld_to_empty();
    run_actions(hand, keep, may_empty, out);
    set_actions(hand, keep, may_empty, out);
    lay_off_actions(hand, keep, may_empty, out);
  }

  static bool leaves_discard(CardSet rest, CardSet keep, bool may_empty) {
    return rest ? (rest & keep) != 0 : may_empty;
  }

  void run_actions(CardSet hand, CardSet keep, bool may_empty, ActionList& out) const {
    for (int s = 0; s < 4; ++s) {
      const unsigned bits = static_cast<unsigned>(hand >> (13 * s)) & 0x1FFFu;
      const unsigned ext = bits | (rules_.ace_high && (bits & 1u) ? 1u << 13 : 0u);
      const unsigned starts = ext & ext >> 1 & ext >> 2;  // bit i: a run of three from rank i + 1
      if (!starts) continue;
      for (int low = 1; low <= 12; ++low) {
        if (!(starts >> (low - 1) & 1u)) continue;
        const int longest = std::countr_one(ext >> (low - 1));
        const int cap = 15 - low < 13 ? 15 - low : 13;
        const int top = longest < cap ? longest : cap;
        for (int len = 3; len <= top; ++len) {
          const Action id = encode(Move::run(s, low, len));
          if (leaves_discard(hand & ~kActionCards[id], keep, may_empty)) out.push_back(id);
        }
      }
    }
  }

  void set_actions(CardSet hand, CardSet keep, bool may_empty, ActionList& out) const {
    const CardSet c = hand & 0x1FFF, d = hand >> 13 & 0x1FFF, h = hand >> 26 & 0x1FFF,
                  sp = hand >> 39 & 0x1FFF;
    const CardSet three_of_a_rank = (c & d & h) | (c & d & sp) | (c & h & sp) | (d & h & sp);
    for (CardSet ranks = three_of_a_rank; ranks; ranks &= ranks - 1) {
      const int r = std::countr_zero(ranks) + 1;
      for (int left_out = 0; left_out < 5; ++left_out) {
        const Action id = encode(Move::set(r, left_out));
        const CardSet m = kActionCards[id];
        if ((hand & m) == m && leaves_discard(hand & ~m, keep, may_empty)) out.push_back(id);
      }
    }
  }

  void lay_off_actions(CardSet hand, CardSet keep, bool may_empty, ActionList& out) const {
    for (CardSet fits = hand & (onto_set_ | low_end_ | high_end_); fits; fits &= fits - 1) {
      const Card card = static_cast<Card>(std::countr_zero(fits));
      if (!leaves_discard(hand & ~bit(card), keep, may_empty)) continue;
      if (onto_set_ >> card & 1) out.push_back(encode(Move::lay_off(card, kOntoSet)));
      if (low_end_ >> card & 1) out.push_back(encode(Move::lay_off(card, kLowEnd)));
      if (high_end_ >> card & 1) out.push_back(encode(Move::lay_off(card, kHighEnd)));
    }
  }

  // Recomputed whenever the table changes, so that move generation only reads them.
  void refresh_targets() {
    CardSet onto_set = 0, low_end = 0, high_end = 0;
    CardSet in_sets = 0;
    for (const Meld& m : melds_)
      if (!m.is_run) {
        in_sets |= m.cards;
        for (int s = 0; s < 4; ++s) onto_set |= bit(make_card(m.low, s));
      }
    onto_set &= ~in_sets;
    const int top = rules_.ace_high ? 14 : 13;
    for (const Meld& m : melds_) {
      if (!m.is_run) continue;
      const int lo = run_low_target(m, in_sets), hi = run_high_target(m, in_sets, top);
      if (lo >= 1) low_end |= bit(card_at(m.suit, lo));
      if (hi <= top) high_end |= bit(card_at(m.suit, hi));
    }
    onto_set_ = onto_set;
    low_end_ = low_end;
    high_end_ = high_end;
  }

  bool can_take_discard() const { return !pile_.empty() && hands_[current_] != 0; }
  bool can_turn_over() const {
    return stock_.empty() && turn_overs_ < rules_.max_turn_overs && pile_.size() >= 2;
  }
  bool may_meld_to_empty() const { return !rules_.discard_to_go_out || rules_.go_out_next_turn; }

  // The rank a run takes next below (or above) it: past set cards of its suit
  // with `lay_off_through_sets`. Out of 1..top means none.
  int run_low_target(const Meld& m, CardSet in_sets) const {
    int t = m.low - 1;
    while (rules_.lay_off_through_sets && t >= 1 && (in_sets >> card_at(m.suit, t) & 1)) --t;
    return t;
  }
  int run_high_target(const Meld& m, CardSet in_sets, int top) const {
    int t = m.high + 1;
    while (rules_.lay_off_through_sets && t <= top && (in_sets >> card_at(m.suit, t) & 1)) ++t;
    return t;
  }

  void put_down(int p, const Meld& m) {
    melds_.push_back(m);
    for (CardSet b = m.cards; b; b &= b - 1) owner_[std::countr_zero(b)] = static_cast<std::int8_t>(p);
    hands_[p] &= ~m.cards;
    laid_down_ |= static_cast<std::uint8_t>(1u << p);
    refresh_targets();
  }

  void lay_off(int p, Card c, int end) {
    CardSet in_sets = 0;
    for (const Meld& m : melds_)
      if (!m.is_run) in_sets |= m.cards;
    const int top = rules_.ace_high ? 14 : 13;
    for (Meld& m : melds_) {
      bool fits = false;
      if (end == kOntoSet) {
        fits = !m.is_run && m.low == rank_of(c);
      } else if (m.is_run && m.suit == suit_of(c)) {
        if (end == kLowEnd) {
          const int t = run_low_target(m, in_sets);
          if (t >= 1 && card_at(m.suit, t) == c) fits = true, m.low = static_cast<std::int8_t>(t);
        } else {
          const int t = run_high_target(m, in_sets, top);
          if (t <= top && card_at(m.suit, t) == c) fits = true, m.high = static_cast<std::int8_t>(t);
        }
      }
      if (fits) {
        m.cards |= bit(c);
        break;
      }
    }
    owner_[c] = static_cast<std::int8_t>(p);
    hands_[p] &= ~bit(c);
    laid_down_ |= static_cast<std::uint8_t>(1u << p);
    refresh_targets();
  }

  // Size of the longest top segment (3+) of the discard pile that is a meld, or 0.
  int board_meld_size() const {
    CardSet m = 0;
    int best = 0;
    const int n = static_cast<int>(pile_.size());
    for (int k = 1; k <= n && k <= 13; ++k) {
      m |= bit(pile_[static_cast<std::size_t>(n - k)]);
      if (k >= 3 && is_meld(m, k)) best = k;
    }
    return best;
  }

  bool is_meld(CardSet m, int k) const {
    const int r = rank_of(static_cast<Card>(std::countr_zero(m)));
    if (k <= 4) {
      bool same = true;
      for (CardSet b = m; b; b &= b - 1) same = same && rank_of(static_cast<Card>(std::countr_zero(b))) == r;
      if (same) return true;
    }
    const int s = suit_of(static_cast<Card>(std::countr_zero(m)));
    const CardSet suit_bits = CardSet{0x1FFF} << (13 * s);
    if (m & ~suit_bits) return false;
    const unsigned bits = static_cast<unsigned>(m >> (13 * s));
    const unsigned low_run = bits >> std::countr_zero(bits);
    if ((low_run & (low_run + 1)) == 0) return true;  // consecutive, aces low
    if (!rules_.ace_high || !(bits & 1u)) return false;
    const unsigned ext = (bits | 1u << 13) >> 1;  // the ace above the king
    const unsigned hi_run = ext >> std::countr_zero(ext);
    return (hi_run & (hi_run + 1)) == 0;
  }

  void go_out(int p) {
    went_out_ = static_cast<std::int8_t>(p);
    rummy_ = fresh_;
    end_deal();
  }

  void truncate_deal() {
    deal_truncated_ = true;
    end_deal();
  }

  void void_deal() {
    deal_void_ = true;
    end_deal();
  }

  void end_deal() {
    if (!rules_.match) {
      phase_ = Phase::Over;
      return;
    }
    last_deal_ = deal_scores();
    bool reached = false;
    for (int p = 0; p < n_; ++p) {
      totals_[p] += last_deal_[p];
      reached = reached || totals_[p] >= rules_.target;
    }
    const int played = deal_no_ + 1;
    if (rules_.deals > 0 ? played >= rules_.deals : reached) {
      phase_ = Phase::Over;
      return;
    }
    if (played >= rules_.max_deals) {
      match_truncated_ = true;
      phase_ = Phase::Over;
      return;
    }
    std::array<Card, 52> deck;
    later_deal(key_, played, 1, deck.data());
    deal_no_ = static_cast<std::int16_t>(played);
    start_deal(deck.data());
  }

  void start_deal(const Card* deck) {
    hands_ = {};
    stock_.clear();
    pile_.clear();
    melds_.clear();
    onto_set_ = low_end_ = high_end_ = 0;
    owner_.fill(-1);
    laid_down_ = 0;
    turn_ = 0;
    turn_overs_ = 0;
    went_out_ = -1;
    rummy_ = false;
    deal_truncated_ = false;
    deal_void_ = false;
    call_k_ = 0;
    discarder_ = -1;
    asked_ = 0;
    dealer_ = static_cast<std::int8_t>((n_ - 1 + deal_no_) % n_);
    const int first = (dealer_ + 1) % n_;
    const int dealt = n_ * rules_.hand_size;
    for (int i = 0; i < dealt; ++i) hands_[(first + i) % n_] |= bit(deck[i]);
    pile_.push_back(deck[dealt]);
    shown_ = bit(deck[dealt]);
    for (int i = 51; i > dealt; --i) stock_.push_back(deck[i]);
    start_turn(first);
  }

  void start_turn(int p) {
    current_ = static_cast<std::int8_t>(p);
    phase_ = Phase::Draw;
    taken_ = kNoCard;
    call_k_ = 0;
    discarder_ = -1;
    asked_ = 0;
    fresh_ = !(laid_down_ >> p & 1);
    if (turn_ >= rules_.move_cap) return truncate_deal();
    ++turn_;
    // The stock runs out once more, or nothing can be drawn at all: the rules end the deal.
    if (stock_.empty() && turn_overs_ >= rules_.max_turn_overs) return void_deal();
    if (stock_.empty() && !can_take_discard() && !can_turn_over()) return void_deal();
  }

  Rules rules_;
  std::int8_t n_ = 2;
  std::array<CardSet, kMaxRummyPlayers> hands_{};
  StaticVector<Card, 52> stock_;
  StaticVector<Card, 52> pile_;
  StaticVector<Meld, kMaxMelds> melds_;
  std::array<std::int8_t, 52> owner_{};
  Phase phase_ = Phase::Draw;
  std::int8_t current_ = 0, dealer_ = 0;
  Card taken_ = kNoCard;
  std::uint8_t laid_down_ = 0;  // bit p: player p melded or laid off this deal
  bool fresh_ = true;           // the player to move had laid nothing down before this turn
  std::int16_t turn_ = 0;
  std::int8_t turn_overs_ = 0;
  std::int8_t went_out_ = -1;
  bool rummy_ = false, deal_truncated_ = false, deal_void_ = false, match_truncated_ = false;
  std::int8_t call_k_ = 0, discarder_ = -1, asked_ = 0;
  std::int16_t deal_no_ = 0;
  std::uint64_t key_ = 0;
  Scores totals_{}, last_deal_{};
  CardSet onto_set_ = 0, low_end_ = 0, high_end_ = 0;  // lay-off targets (refresh_targets)
  // Cards of this deal that have been face up on the discard pile: everyone
  // knows where they are since (in a hand that took them, or in a stock
  // turned over from the pile). The table's cards are open anyway.
  CardSet shown_ = 0;
};

// The declaration (core/declaration.hpp).
inline const GameDeclaration& rummy_declaration() {
  static const GameDeclaration d{
      .name = "rummy",
      .title =
          "Rummy: 2-6 players, runs and sets, with its common variations; match=True plays deals to a "
          "target score or a fixed number of deals",
      .options =
          {int_option("players", 2, 2, 6, "number of players"),
           int_option("hand_size", 0, 0, 25,
                      "cards dealt to each player; 0: by the player count (9 for two, 7 for three or four, 6 "
                      "for five or six)"),
           bool_option("ace_high", false, "Q-K-A counts as a run (K-A-2 never does)"),
           bool_option("lay_off_through_sets", true,
                       "a run extends past a card of its suit standing in a set on the table"),
           bool_option("discard_to_go_out", false, "the last card must be discarded to go out"),
           bool_option(
               "go_out_next_turn", false,
               "with discard_to_go_out: a player may meld down to no cards and go out by a later discard"),
           bool_option("rummy_on_board", false,
                       "a discard leaving a meld on top of the pile may be called and taken"),
           choice_option("scoring", "standard", {"standard", "table"},
                         "standard: the player going out scores the other hands; table: cards put down minus "
                         "cards in hand"),
           int_option(
               "max_turn_overs", 3, 0, 50,
               "turn-overs of the discard pile allowed in a deal; the stock running out once more voids it"),
           int_option("move_cap", 1000, 1, 30000, "turns in a deal before it is truncated"),
           bool_option("match", false, "play deals, the deal passing on, until the match ends"),
           int_option("target", 100, 1, 1000000, "match play: score that ends the match"),
           int_option("deals", 0, 0, 10000,
                      "match play: a fixed number of deals; 0: play to the target score"),
           int_option("max_deals", 200, 1, 10000,
                      "match play: deals before an unfinished match is truncated")},
      .num_actions = [](int) { return kNumActions; },
  };
  return d;
}

class RummyGame {
 public:
  using State = RummyState;

  explicit RummyGame(const OptionMap& options) {
    OptionReader reader(options, declaration());
    rules_.players = static_cast<int>(reader.get_int("players"));
    const auto hand = reader.get_int("hand_size");
    rules_.ace_high = reader.get_bool("ace_high");
    rules_.lay_off_through_sets = reader.get_bool("lay_off_through_sets");
    rules_.discard_to_go_out = reader.get_bool("discard_to_go_out");
    rules_.go_out_next_turn = reader.get_bool("go_out_next_turn");
    rules_.rummy_on_board = reader.get_bool("rummy_on_board");
    rules_.table_scoring = reader.get_choice("scoring") == "table";
    rules_.max_turn_overs = static_cast<int>(reader.get_int("max_turn_overs"));
    rules_.move_cap = static_cast<int>(reader.get_int("move_cap"));
    rules_.match = reader.get_bool("match");
    rules_.target = static_cast<int>(reader.get_int("target"));
    rules_.deals = static_cast<int>(reader.get_int("deals"));
    rules_.max_deals = static_cast<int>(reader.get_int("max_deals"));
    reader.finish();
    // Match options say nothing about one deal: a value of theirs without
    // match=True is surely a mistake.
    if (!rules_.match) {
      const char* stray = rules_.target != 100      ? "target"
                          : rules_.deals != 0       ? "deals"
                          : rules_.max_deals != 200 ? "max_deals"
                                                    : nullptr;
      if (stray)
        throw InvalidArgument(name() + " option '" + stray +
                              "' applies to match play only (give match=True)");
    }
    const int by_count = rules_.players == 2 ? 9 : rules_.players <= 4 ? 7 : 6;
    rules_.hand_size = hand ? static_cast<int>(hand) : by_count;
    if (rules_.players * rules_.hand_size + 2 > 52)
      throw InvalidArgument(name() + ": " + std::to_string(rules_.players) + " hands of " +
                            std::to_string(rules_.hand_size) +
                            " cards leave no stock (players * hand_size must be at most 50)");
    options_ = reader.resolved();
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration().num_actions(num_players());
  }

  const GameDeclaration& declaration() const { return rummy_declaration(); }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return rules_.players; }
  int num_actions() const { return num_actions_; }

  // ismcts named without a budget searches 2,000 iterations here, not the
  // shared 200: the discards of a Rummy hand differ in winning chances by a few
  // points, less than 200 rollouts spread over about ten moves can tell
  // apart, so at 200 ismcts only drew level with greedy (docs/strategy.md,
  // "Measured"). pimc keeps the shared default.
  int default_search_budget(Policy kind) const { return kind == Policy::Ismcts ? 2000 : 0; }
  const OptionMap& options() const { return options_; }
  // A turn is at most: a turn-over and a draw, one meld or lay-off per card
  // of the hand (52 bounds it), a discard, and one call decision per player;
  // a deal is at most `move_cap` turns; a match at most `deals` (else
  // `max_deals`) deals.
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    const std::int64_t per_turn = 2 + 52 + 1 + rules_.players;
    const std::int64_t deals = !rules_.match ? 1 : rules_.deals > 0 ? rules_.deals : rules_.max_deals;
    t.max_decisions = deals * rules_.move_cap * per_turn;
    t.per_seat_keys = rules_.match ? std::vector<std::string>{"hand_sizes", "totals"}
                                   : std::vector<std::string>{"hand_sizes"};
    t.match = rules_.match;
    return t;
  }
  const Rules& rules() const { return rules_; }
  int observation_tensor_size() const;  // rummy_tensor.hpp

  void random_deck(Rng& rng, std::vector<Card>& deck) const {
    deck.resize(52);
    for (int c = 0; c < 52; ++c) deck[c] = static_cast<Card>(c);
    rng.shuffle(deck.data(), 52);
  }

  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    return cardsim::parse_deck(texts, DeckSpec::packs(1), name());
  }

  State deal(const std::vector<Card>& deck) const { return State(rules_, deck); }

  // Greedy, a simple heuristic (docs/rules/rummy.md): take the discard only
  // when it melds or lays off at once; always call a rummy on the board;
  // put down the biggest meld, then any lay-off; discard the card that is
  // worth most and least connected to the rest of the hand.
  Action greedy_action(const State& s, const State::ActionList& legal, Rng&) const {
    if (legal.size() == 1) return legal[0];
    if (s.phase() == Phase::Call) return encode(Move::of(MoveKind::CallRummy));
    const int p = s.current_player();
    // Never taken (a state with legal actions has a seat to act), but it tells
    // GCC that p indexes the hands: its -Warray-bounds misfires otherwise.
    if (p < 0) return legal[0];
    const CardSet hand = s.hand(p);
    if (s.phase() == Phase::Draw) {
      bool can_take = false;
      const Action take = encode(Move::of(MoveKind::TakeDiscard));
      for (Action a : legal) can_take = can_take || a == take;
      if (can_take && card_is_useful(s, hand, s.discard_pile().back())) return take;
      return legal[0] == take && legal.size() > 1 ? legal[1] : legal[0];
    }
    Action best = -1;
    int best_size = 0;
    for (Action a : legal)
      if (is_meld(a)) {
        const int size = std::popcount(State::action_cards(a));
        if (size > best_size) best = a, best_size = size;
      }
    if (best >= 0) return best;
    for (Action a : legal)
      if (is_lay_off(a)) return a;
    int best_worth = -1000000;
    for (Action a : legal) {  // only discards are left
      if (!is_discard(a)) continue;
      const Card c = decode(a).card;
      const int worth = 4 * standard_value(c) - 20 * connections(hand & ~bit(c), c);
      if (worth > best_worth) best = a, best_worth = worth;
    }
    return best >= 0 ? best : legal[0];
  }

 private:
  // Cards in `hand` that could go with c in a meld: same rank, or the same
  // suit one or two ranks away (two away counts half).
  static int connections(CardSet hand, Card c) {
    constexpr CardSet kAceMasks = bit(0) | bit(13) | bit(26) | bit(39);  // one rank, all suits
    const int r = rank_of(c);
    const auto has = [&](int card) { return static_cast<int>(hand >> card & 1); };
    int n = 2 * std::popcount(hand & (kAceMasks << (r - 1)) & ~bit(c));
    if (r > 1) n += 2 * has(c - 1);
    if (r < 13) n += 2 * has(c + 1);
    if (r > 2) n += has(c - 2);
    if (r < 12) n += has(c + 2);
    return n;
  }

  // Does c complete a meld with the hand, or lay off on the table?
  static bool card_is_useful(const State& s, CardSet hand, Card c) {
    const int r = rank_of(c), st = suit_of(c);
    int same = 0;
    for (int t = 0; t < 4; ++t) same += static_cast<int>(t != st && (hand >> make_card(r, t) & 1));
    if (same >= 2) return true;
    auto has = [&](int q) { return q >= 1 && q <= 13 && (hand >> make_card(q, st) & 1); };
    if ((has(r - 1) && has(r - 2)) || (has(r - 1) && has(r + 1)) || (has(r + 1) && has(r + 2))) return true;
    CardSet onto_set = 0, low_end = 0, high_end = 0;
    s.lay_off_targets(onto_set, low_end, high_end);
    return ((onto_set | low_end | high_end) >> c & 1) != 0;
  }

  Rules rules_;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::rummy

#include "games/rummy/rummy_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::rummy::RummyGame>);
