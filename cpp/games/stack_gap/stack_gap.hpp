// Stack Gap Wall Builder, solo and two players (docs/rules/stack_gap.md).
// Registered as `stack_gap`.
//
// Rules in brief: a pyramid wall, level L has 6-L slots (5+4+3+2+1 = 15). The
// deal puts deck[0..4] on level 1 left to right (a joker met there goes to the
// bottom of the draw pile and the next card is dealt instead); player 0 then
// draws 3 cards, player 1 (two players) draws 3, the rest is the draw pile,
// top first. Slot j of level L+1 lies on the gap between slots j and j+1 of
// level L and is playable once both are filled. A card of value v (A=1..K=13)
// goes into a gap iff min < v < max and scores width + level, where
// width = max - min - 1. A joker goes into any gap of width >= 1, scores 0 and
// takes, as declared in the action, the lower or the upper value of its gap.
// A turn: a player who can place must place one card; one who cannot discards
// one card to their rubble pile; then the hand is refilled to 3 while the draw
// pile lasts. A player with no cards (and so an empty draw pile) is skipped.
// Endings: a placement on level 5 wins at once; a player's third rubble card
// loses at once (the other player, if any, wins); when every hand and the
// draw pile are empty, solo is a loss and two players compare points (higher
// wins, equal is a draw). Scores are the points earned.
//
// The game always ends within 15 turns (at most 10 placements, at most 3
// discards per player), so there is no move cap; with a full pack the draw
// pile never runs dry, so the exhaustion ending is implemented but unreachable
// from a deal (docs/rules/stack_gap.md).
//
// Actions (num_actions = 138, for every configuration):
//   place:   id = (hand * 15 + slot) * 3 + declaration          0 .. 134
//            hand 0..2 is the position in the hand (left first, drawn cards
//            join at the right); slot 0..14 numbers the wall level by level,
//            left to right: level 1 = 0..4, level 2 = 5..8, level 3 = 9..11,
//            level 4 = 12..13, level 5 = 14; declaration 0 = plain (any card
//            but a joker), 1 = joker takes the lower value, 2 = the upper one.
//   discard: id = 135 + hand                                    135 .. 137
// Text: "place 0:4H L2.1", "place 2:JK L3.0 low", "discard 1:KS" (level 1..5,
// position in the level from 0; the card is the one now at that hand index,
// and may be left out when parsing: "place 0 L2.1").
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/deck.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/hidden.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim::stack_gap {

inline constexpr int kLevels = 5;
inline constexpr int kSlots = 15;
inline constexpr int kHandSize = 3;
inline constexpr int kRubbleLimit = 3;  // the third rubble card loses
inline constexpr int kDeclarations = 3;
inline constexpr int kPlain = 0, kLow = 1, kHigh = 2;
inline constexpr Action kDiscardBase = kHandSize * kSlots * kDeclarations;  // 135
inline constexpr int kNumActions = kDiscardBase + kHandSize;                // 138
inline constexpr int kMaxDeck = 54;

// First slot of each level (index L-1), and one past the last.
inline constexpr std::array<int, kLevels + 1> kLevelStart = {0, 5, 9, 12, 14, 15};

// Per-slot facts, looked up rather than worked out on the hot path.
struct SlotInfo {
  std::int8_t level, position, left, right;  // left/right: the slots below (-1 on level 1)
};
inline constexpr std::array<SlotInfo, kSlots> kSlotInfo = [] {
  std::array<SlotInfo, kSlots> t{};
  for (int level = 1; level <= kLevels; ++level)
    for (int s = kLevelStart[level - 1]; s < kLevelStart[level]; ++s) {
      const int pos = s - kLevelStart[level - 1];
      const int left = level == 1 ? -1 : kLevelStart[level - 2] + pos;
      t[s] = {static_cast<std::int8_t>(level), static_cast<std::int8_t>(pos), static_cast<std::int8_t>(left),
              static_cast<std::int8_t>(level == 1 ? -1 : left + 1)};
    }
  return t;
}();

constexpr int level_of(int slot) { return kSlotInfo[slot].level; }
constexpr int position_in_level(int slot) { return kSlotInfo[slot].position; }
// The two slots a slot of level >= 2 rests on.
constexpr int left_support(int slot) { return kSlotInfo[slot].left; }
constexpr int right_support(int slot) { return kSlotInfo[slot].right; }

// The slots resting on each slot (at most two), each with the other slot it rests on.
struct SlotsAbove {
  std::int8_t count;
  std::array<std::int8_t, 2> slot, other;
};
inline constexpr std::array<SlotsAbove, kSlots> kAbove = [] {
  std::array<SlotsAbove, kSlots> t{};
  for (int s = kLevelStart[1]; s < kSlots; ++s) {
    const int l = kSlotInfo[s].left, r = kSlotInfo[s].right;
    t[l].slot[t[l].count] = static_cast<std::int8_t>(s);
    t[l].other[t[l].count++] = static_cast<std::int8_t>(r);
    t[r].slot[t[r].count] = static_cast<std::int8_t>(s);
    t[r].other[t[r].count++] = static_cast<std::int8_t>(l);
  }
  return t;
}();

// to[0 .. n) = from[n-1], ..., from[0]; eight cards a word at a time (a deal
// turns over most of the pack, and a byte a step was a tenth of the deal).
inline void reversed_copy(const Card* from, std::size_t n, Card* to) {
  static_assert(sizeof(Card) == 1);
  std::size_t k = n;
  for (; k >= 8; k -= 8, to += 8) {
    std::uint64_t w;
    std::memcpy(&w, from + k - 8, 8);
    w = __builtin_bswap64(w);
    std::memcpy(to, &w, 8);
  }
  while (k > 0) *to++ = from[--k];
}

// Set bits of a set of values (bits 0..13), by table: no popcount
// instruction is assumed, and the library's was a call.
inline constexpr auto kBits7 = [] {
  std::array<std::uint8_t, 128> t{};
  for (int x = 0; x < 128; ++x)
    t[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(x)));
  return t;
}();
inline int bit_count(std::uint32_t values) { return kBits7[values & 127] + kBits7[values >> 7 & 127]; }

// Bit v: the card values that fit a gap (as many as its width).
constexpr std::uint32_t fitting_of(int low, int high) {
  return high - low > 1 ? ((1u << high) - 1) & ~((2u << low) - 1) : 0u;  // bits low+1 .. high-1
}

// An action in the rules' words: place the card at a hand index in a slot
// (with a joker's declaration), or discard it to the rubble pile.
struct Move {
  bool discard = false;
  int hand = 0;
  int slot = 0;         // placements
  int declaration = 0;  // placements: kPlain, or a joker's kLow / kHigh

  static constexpr Move place(int hand, int slot, int declaration) {
    return {false, hand, slot, declaration};
  }
  static constexpr Move to_rubble(int hand) { return {true, hand}; }
};

constexpr Move decode_by_arithmetic(Action a) {
  if (a >= kDiscardBase) return Move::to_rubble(a - kDiscardBase);
  return Move::place(a / (kSlots * kDeclarations), a / kDeclarations % kSlots, a % kDeclarations);
}

namespace detail {
// Every id's move, packed: the greedy decodes each legal placement at every
// step, and one load is cheaper than the three divisions.
struct PackedMove {
  std::int8_t discard, hand, slot, declaration;
};
inline constexpr auto kMoves = [] {
  std::array<PackedMove, kNumActions> t{};
  for (Action a = 0; a < kNumActions; ++a) {
    const Move m = decode_by_arithmetic(a);
    t[static_cast<std::size_t>(a)] = {static_cast<std::int8_t>(m.discard), static_cast<std::int8_t>(m.hand),
                                      static_cast<std::int8_t>(m.slot),
                                      static_cast<std::int8_t>(m.declaration)};
  }
  return t;
}();
}  // namespace detail

[[gnu::always_inline]] constexpr Move decode(Action a) {
  if (a < 0 || a >= kNumActions) return decode_by_arithmetic(a);
  const detail::PackedMove& p = detail::kMoves[static_cast<std::size_t>(a)];
  return {p.discard != 0, p.hand, p.slot, p.declaration};
}

[[gnu::always_inline]] constexpr Action encode(const Move& m) {
  return m.discard ? kDiscardBase + m.hand : (m.hand * kSlots + m.slot) * kDeclarations + m.declaration;
}

static_assert([] {
  for (Action a = 0; a < kNumActions; ++a)
    if (encode(decode(a)) != a) return false;
  return true;
}());

// How the game ended, for the record and the outcome.
enum class Ending : std::uint8_t { None, LevelFive, Rubble, Exhausted };

inline const char* ending_name(Ending e) {
  switch (e) {
    case Ending::LevelFive: return "level 5";
    case Ending::Rubble: return "rubble";
    case Ending::Exhausted: return "exhausted";
    default: return "";
  }
}

inline int card_value(Card c) { return rank_of(c); }

class StackGapState {
 public:
  // At most 10 slots above level 1, 3 hand cards and 2 declarations each; a
  // discard is only legal when no placement is, so the two never add up.
  using ActionList = StaticVector<Action, 64>;

  StackGapState(int num_players, const std::vector<Card>& deck)
      : num_players_(static_cast<std::int8_t>(num_players)) {
    wall_card_.fill(kNoCard);
    wall_value_.fill(0);
    std::size_t i = 0;
    StaticVector<Card, 2> set_aside;  // jokers met while dealing level 1
    for (int slot = 0; slot < 5; ++i) {
      const Card c = deck[i];
      if (is_joker(c)) {
        set_aside.push_back(c);
      } else {
        wall_card_[slot] = c;
        wall_value_[slot] = static_cast<std::int8_t>(card_value(c));
        ++slot;
      }
    }
    const Card* cards = deck.data();  // a byte store through deck[] would reload its pointer each time
    for (int p = 0; p < num_players; ++p)
      for (int k = 0; k < kHandSize; ++k) hands_[p].push_back(cards[i++]);
    // The pile is kept bottom .. top, so that drawing pops the back. Each
    // joker set aside went under the rest of the deck, so the last one met
    // lies lowest. Written through a pointer: a push_back per card would
    // store the size, which a card (a byte) may alias, every time.
    Card* pile = draw_.begin();
    for (std::size_t k = set_aside.size(); k-- > 0;) *pile++ = set_aside[k];
    const std::size_t rest = deck.size() - i;
    reversed_copy(cards + i, rest, pile);
    draw_.resize(set_aside.size() + rest);
    shown_at_bottom_ = static_cast<std::int8_t>(set_aside.size());
    for (int slot = kLevelStart[1]; slot < kLevelStart[2]; ++slot) open_gap(slot);
  }

  // A position put together by hand (tests only: see the registrar's _set_position).
  StackGapState(int num_players, const std::array<Card, kSlots>& wall_card,
                const std::array<std::int8_t, kSlots>& wall_value,
                const std::array<StaticVector<Card, kHandSize>, 2>& hands,
                const StaticVector<Card, kMaxDeck>& draw_bottom_first,
                const std::array<StaticVector<Card, kRubbleLimit>, 2>& rubble,
                const std::array<std::int32_t, 2>& points, int current)
      : wall_card_(wall_card),
        wall_value_(wall_value),
        hands_(hands),
        rubble_(rubble),
        draw_(draw_bottom_first),
        points_(points),
        num_players_(static_cast<std::int8_t>(num_players)),
        current_(static_cast<std::int8_t>(current)) {
    for (int slot = kLevelStart[1]; slot < kSlots; ++slot)
      if (playable(slot)) open_gap(slot);
  }

  int num_players() const { return num_players_; }

  // Determinisation (search players): `player` cannot see the other hand
  // or the draw pile. No card there has been shown, except the jokers set
  // face up under the pile while dealing, so those keep their places and the
  // rest are dealt afresh among the other hand and the pile.
  void resample_hidden(int player, Rng& rng) {
    HiddenPlaces<kMaxDeck + kHandSize> hidden;
    for (int q = 0; q < num_players_; ++q)
      if (q != player)
        for (Card& c : hands_[static_cast<std::size_t>(q)]) hidden.add(c);
    for (std::size_t k = static_cast<std::size_t>(shown_at_bottom_); k < draw_.size(); ++k)
      hidden.add(draw_[k]);
    hidden.redeal(rng);
  }

  // Every card is in exactly one place: the invariant tests count them.
  std::size_t count_cards() const {
    std::size_t n = draw_.size();
    for (Card c : wall_card_) n += c != kNoCard;
    for (int p = 0; p < 2; ++p) n += hands_[p].size() + rubble_[p].size();
    return n;
  }

  int current_player() const { return current_; }
  bool is_terminal() const { return ending_ != Ending::None; }
  bool is_truncated() const { return false; }
  Ending ending() const { return ending_; }
  int ended_by() const { return ended_by_; }

  Card wall_card(int slot) const { return wall_card_[slot]; }
  int wall_value(int slot) const { return wall_value_[slot]; }
  const StaticVector<Card, kHandSize>& hand(int p) const { return hands_[p]; }
  const StaticVector<Card, kRubbleLimit>& rubble(int p) const { return rubble_[p]; }
  const StaticVector<Card, kMaxDeck>& draw_pile() const { return draw_; }  // bottom .. top
  int points(int p) const { return points_[p]; }

  bool filled(int slot) const { return wall_card_[slot] != kNoCard; }
  bool playable(int slot) const {
    return slot >= kLevelStart[1] && !filled(slot) && filled(left_support(slot)) &&
           filled(right_support(slot));
  }
  int gap_low(int slot) const {
    const int a = wall_value_[left_support(slot)], b = wall_value_[right_support(slot)];
    return a < b ? a : b;
  }
  int gap_high(int slot) const {
    const int a = wall_value_[left_support(slot)], b = wall_value_[right_support(slot)];
    return a < b ? b : a;
  }
  int gap_width(int slot) const {
    const int w = gap_high(slot) - gap_low(slot) - 1;
    return w < 0 ? 0 : w;
  }
  static bool fits(Card c, int low, int high) {
    if (is_joker(c)) return high - low - 1 >= 1;
    const int v = card_value(c);
    return low < v && v < high;
  }

  // Read off the playable gaps kept up to date by apply(): slots ascending
  // for each card in hand, as the ids run. Written through a raw pointer:
  // stores into the list (ints) could alias this state's members. Always
  // inlined, as apply() and the greedy are: a game is a few steps, and the
  // calls' register saves and restores cost some 40 instructions a step.
  [[gnu::always_inline]] void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    const auto& hand = hands_[current_];
    Action* w = out.begin();
    for (std::size_t h = 0; h < hand.size(); ++h) {
      const Card c = hand[h];
      const Action first = encode(Move::place(static_cast<int>(h), 0, kPlain));  // + 3 * slot
      if (is_joker(c)) {
        for (unsigned m = slots_for_[0]; m; m &= m - 1) {
          const int s = std::countr_zero(m);
          *w++ = first + 3 * s + kLow;
          *w++ = first + 3 * s + kHigh;
        }
      } else {
        for (unsigned m = slots_for_[card_value(c)]; m; m &= m - 1) *w++ = first + 3 * std::countr_zero(m);
      }
    }
    out.resize(static_cast<std::size_t>(w - out.begin()));
    if (!out.empty()) return;
    for (std::size_t h = 0; h < hand.size(); ++h) out.push_back(encode(Move::to_rubble(static_cast<int>(h))));
  }

  // The playable slots (bit s) and, for each, the values that fit its gap
  // (bit v; a joker fits where any value does): what the rules read off the
  // wall, kept by apply() so that move generation and the greedy need not.
  unsigned playable_slots() const { return playable_; }
  unsigned fitting_values(int slot) const { return fit_[slot]; }

  bool can_place() const {
    for (int s = kLevelStart[1]; s < kSlots; ++s) {
      if (!playable(s)) continue;
      for (Card c : hands_[current_])
        if (fits(c, gap_low(s), gap_high(s))) return true;
    }
    return false;
  }

  std::string why_illegal(Action a) const {
    if (a < 0 || a >= kNumActions)
      return "action " + std::to_string(a) + " is out of range [0, " + std::to_string(kNumActions) + ")";
    if (is_terminal()) return "the game is over";
    const auto& hand = hands_[current_];
    const Move m = decode(a);
    const int h = m.hand, slot = m.slot, decl = m.declaration;
    if (h >= static_cast<int>(hand.size())) return "there is no card at hand index " + std::to_string(h);
    if (m.discard) return can_place() ? "a card can be placed, so discarding is not allowed" : "";
    const Card c = hand[static_cast<std::size_t>(h)];
    // Named only for a message: a legal action builds no string.
    const auto where = [slot] { return slot_name(slot); };
    if (slot < kLevelStart[1]) return "level 1 is dealt, not built on (" + where() + ")";
    if (filled(slot)) return where() + " is already filled";
    if (!playable(slot)) return where() + " does not rest on two placed cards yet";
    if (is_joker(c) && decl == kPlain) return "a joker must be declared low or high";
    if (!is_joker(c) && decl != kPlain) return "only a joker is declared low or high";
    const int lo = gap_low(slot), hi = gap_high(slot);
    if (!fits(c, lo, hi)) {
      if (is_joker(c))
        return "a joker needs a gap of width 1 or more; the gap at " + where() + " is " + std::to_string(lo) +
               "-" + std::to_string(hi);
      return card_to_string(c) + " does not lie strictly between " + std::to_string(lo) + " and " +
             std::to_string(hi) + " (the gap at " + where() + ")";
    }
    return {};
  }

  [[gnu::always_inline]] void apply(Action a) {
    const int p = current_;
    auto& hand = hands_[p];
    const Move m = decode(a);
    const auto h = static_cast<std::size_t>(m.hand);
    if (m.discard) {
      rubble_[p].push_back(hand[h]);
      hand.erase_at(h);
      if (static_cast<int>(rubble_[p].size()) == kRubbleLimit) return end(Ending::Rubble, p);
    } else {
      const int slot = m.slot, decl = m.declaration;
      const Card c = hand[h];
      const int lo = gap_low(slot), hi = gap_high(slot), level = level_of(slot);
      int value;
      if (is_joker(c)) {
        value = decl == kLow ? lo : hi;  // a joker scores nothing
      } else {
        value = card_value(c);
        points_[p] += hi - lo - 1 + level;
      }
      wall_card_[slot] = c;
      wall_value_[slot] = static_cast<std::int8_t>(value);
      hand.erase_at(h);
      // Its gap is closed; those resting on it open once their other side is filled.
      close_gap(slot);
      if (level == kLevels) return end(Ending::LevelFive, p);
      const SlotsAbove& above = kAbove[slot];
      for (int k = 0; k < above.count; ++k)
        if (!filled(above.slot[k]) && filled(above.other[k])) open_gap(above.slot[k]);
    }
    while (static_cast<int>(hand.size()) < kHandSize && !draw_.empty()) {
      hand.push_back(draw_.back());
      draw_.pop_back();
    }
    // Next to act: the other player if they hold cards, else this one again
    // (solo, the other player is this one).
    const int other = num_players_ == 2 ? 1 - p : p;
    if (!hands_[other].empty()) {
      current_ = static_cast<std::int8_t>(other);
    } else if (!hands_[p].empty()) {
      current_ = static_cast<std::int8_t>(p);
    } else {
      end(Ending::Exhausted, -1);
    }
  }

  Scores scores() const {
    Scores s{};
    for (int p = 0; p < num_players_; ++p) s[p] = points_[p];
    return s;
  }

  Outcome outcome() const {
    Outcome o;
    switch (ending_) {
      case Ending::LevelFive: o.winners = static_cast<std::uint16_t>(1u << ended_by_); break;
      case Ending::Rubble:
        if (num_players_ == 2) o.winners = static_cast<std::uint16_t>(1u << (1 - ended_by_));
        break;
      case Ending::Exhausted:
        if (num_players_ == 2) {
          if (points_[0] == points_[1])
            o.draw = true;
          else
            o.winners = points_[0] > points_[1] ? 1 : 2;
        }
        break;
      default: break;
    }
    return o;
  }

  static std::string slot_name(int slot) {
    return "L" + std::to_string(level_of(slot)) + "." + std::to_string(position_in_level(slot));
  }

  std::string action_to_string(Action a) const {
    if (a < 0 || a >= kNumActions)
      throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                          std::to_string(kNumActions) + ")");
    const Move m = decode(a);
    std::string out = (m.discard ? "discard " : "place ") + std::to_string(m.hand);
    const auto& hand = hands_[current_ < 0 ? 0 : current_];
    if (m.hand < static_cast<int>(hand.size()))
      out += ":" + card_to_string(hand[static_cast<std::size_t>(m.hand)]);
    if (m.discard) return out;
    out += " " + slot_name(m.slot);
    if (m.declaration == kLow) out += " low";
    if (m.declaration == kHigh) out += " high";
    return out;
  }

  // Reads "place 0:4H L2.1", "place 2:JK L3.0 low", "discard 1:KS" (the card
  // may be left out); a card given must be the one at that hand index.
  Action string_to_action(std::string_view text) const {
    const std::string t(text);
    auto fail = [&](const std::string& why) -> Action {
      throw InvalidArgument("unknown action '" + t + "' (" + why +
                            "; expected e.g. 'place 0:4H L2.1', 'place 2:JK L3.0 low', 'discard 1:KS')");
    };
    const std::vector<std::string> words = split_words(t);
    if (words.size() < 2) return fail("too few words");
    const bool discard = words[0] == "discard";
    if (!discard && words[0] != "place") return fail("it must start with 'place' or 'discard'");
    std::string why;
    const int h = read_hand_index(words[1], why);
    if (h < 0) return fail(why);
    if (discard) {
      if (words.size() != 2) return fail("a discard names only the card");
      return encode(Move::to_rubble(h));
    }
    if (words.size() < 3 || words.size() > 4)
      return fail("a placement names the card, the slot and maybe low/high");
    const int slot = read_slot(words[2], why);
    if (slot < 0) return fail(why);
    int decl = kPlain;
    if (words.size() == 4) {
      if (words[3] == "low")
        decl = kLow;
      else if (words[3] == "high")
        decl = kHigh;
      else
        return fail("the declaration must be low or high");
    }
    return encode(Move::place(h, slot, decl));
  }

  static std::vector<std::string> split_words(const std::string& t) {
    std::vector<std::string> words;
    std::string w;
    for (char ch : t) {
      if (ch == ' ') {
        if (!w.empty()) words.push_back(w);
        w.clear();
      } else {
        w.push_back(ch);
      }
    }
    if (!w.empty()) words.push_back(w);
    return words;
  }

  // "<hand index>" or "<hand index>:<card>": the index, or -1 with `why` set.
  int read_hand_index(const std::string& hw, std::string& why) const {
    const auto colon = hw.find(':');
    const std::string index_text = hw.substr(0, colon);
    if (index_text.size() != 1 || index_text[0] < '0' || index_text[0] > '2') {
      why = "hand index must be 0, 1 or 2";
      return -1;
    }
    const int h = index_text[0] - '0';
    if (colon == std::string::npos) return h;
    Card c;
    try {
      c = parse_card(hw.substr(colon + 1));
    } catch (const InvalidArgument&) {
      why = "bad card";
      return -1;
    }
    const auto& hand = hands_[current_ < 0 ? 0 : current_];
    if (h >= static_cast<int>(hand.size()) || hand[static_cast<std::size_t>(h)] != c) {
      why = "that card is not at hand index " + index_text;
      return -1;
    }
    return h;
  }

  // "L<level>.<position>": the slot, or -1 with `why` set.
  static int read_slot(const std::string& sw, std::string& why) {
    if (sw.size() != 4 || sw[0] != 'L' || sw[2] != '.' || sw[1] < '1' || sw[1] > '5' || sw[3] < '0' ||
        sw[3] > '4') {
      why = "slot must read like L2.1";
      return -1;
    }
    const int level = sw[1] - '0', pos = sw[3] - '0';
    if (pos >= 6 - level) {
      why = "level " + std::to_string(level) + " has only " + std::to_string(6 - level) + " slots";
      return -1;
    }
    return kLevelStart[level - 1] + pos;
  }

  std::string to_string() const {
    std::string out;
    for (int level = kLevels; level >= 1; --level) {
      out += "L" + std::to_string(level) + ": " + std::string(static_cast<std::size_t>(2 * (level - 1)), ' ');
      for (int s = kLevelStart[level - 1]; s < kLevelStart[level]; ++s) {
        if (!filled(s))
          out += " -- ";
        else if (is_joker(wall_card_[s]))
          out += "JK" + std::to_string(wall_value_[s]) + (wall_value_[s] < 10 ? " " : "");
        else
          out += " " + card_to_string(wall_card_[s]) + " ";
      }
      out += "\n";
    }
    for (int p = 0; p < num_players_; ++p) {
      out += "player " + std::to_string(p) + ": " + std::to_string(points_[p]) + " points, hand";
      for (Card c : hands_[p]) out += " " + card_to_string(c);
      out += ", rubble";
      for (Card c : rubble_[p]) out += " " + card_to_string(c);
      out += "\n";
    }
    out += "draw pile: " + std::to_string(draw_.size()) + " cards\n";
    if (is_terminal())
      out += std::string("ended: ") + ending_name(ending_) + "\n";
    else
      out += "to play: player " + std::to_string(current_) + "\n";
    return out;
  }

  bool operator==(const StackGapState&) const = default;

  // The exact observation tensor (stack_gap_tensor.hpp).
  void observation_tensor(int player, float* out) const;

 private:
  // `slot` rests on two placed cards now: it becomes playable.
  void open_gap(int slot) {
    playable_ = static_cast<std::uint16_t>(playable_ | 1u << slot);
    const unsigned fit = fitting_of(gap_low(slot), gap_high(slot));
    fit_[slot] = static_cast<std::uint16_t>(fit);
    if (fit) slots_for_[0] = static_cast<std::uint16_t>(slots_for_[0] | 1u << slot);
    for (unsigned m = fit; m; m &= m - 1)
      slots_for_[std::countr_zero(m)] =
          static_cast<std::uint16_t>(slots_for_[std::countr_zero(m)] | 1u << slot);
  }
  // A card went on `slot`: its gap is gone.
  void close_gap(int slot) {
    playable_ = static_cast<std::uint16_t>(playable_ & ~(1u << slot));
    const unsigned fit = fit_[slot], keep = ~(1u << slot);
    fit_[slot] = 0;
    slots_for_[0] = static_cast<std::uint16_t>(slots_for_[0] & keep);
    for (unsigned m = fit; m; m &= m - 1)
      slots_for_[std::countr_zero(m)] = static_cast<std::uint16_t>(slots_for_[std::countr_zero(m)] & keep);
  }

  void end(Ending e, int by) {
    ending_ = e;
    ended_by_ = static_cast<std::int8_t>(by);
    current_ = static_cast<std::int8_t>(kTerminalPlayer);
  }

  std::array<Card, kSlots> wall_card_{};
  std::array<std::int8_t, kSlots> wall_value_{};  // a joker holds its declared value
  std::array<StaticVector<Card, kHandSize>, 2> hands_{};
  std::array<StaticVector<Card, kRubbleLimit>, 2> rubble_{};
  StaticVector<Card, kMaxDeck> draw_{};  // bottom .. top
  std::array<std::int32_t, 2> points_{};
  std::int8_t num_players_ = 1;
  std::int8_t current_ = 0;
  Ending ending_ = Ending::None;
  std::int8_t ended_by_ = -1;
  // Jokers met while dealing level 1 went face up to the bottom of the draw
  // pile: draw_[0 .. shown_at_bottom_) are known to both players.
  std::int8_t shown_at_bottom_ = 0;
  // Worked out from the wall (open_gap), so equal walls keep equal values.
  std::uint16_t playable_ = 0;
  std::array<std::uint16_t, kSlots> fit_{};
  // slots_for_[v]: the playable slots a card of value v fits (bit s); [0]: a joker's.
  std::array<std::uint16_t, 14> slots_for_{};
};

// The declaration (core/declaration.hpp).
inline const GameDeclaration& stack_gap_declaration() {
  static const GameDeclaration d{
      .name = "stack_gap",
      .title = "Stack Gap Wall Builder: build a 5-level card pyramid in the gaps (solo or 2 players)",
      .options = {int_option("players", 1, 1, 2, "1 = solo, 2 = two players sharing one wall"),
                  bool_option("jokers", false, "add the 2 jokers (54 cards)")},
      .num_actions = [](int) { return kNumActions; },
  };
  return d;
}

class StackGapGame {
 public:
  using State = StackGapState;

  explicit StackGapGame(const OptionMap& options) {
    OptionReader reader(options, declaration());
    num_players_ = static_cast<int>(reader.get_int("players"));
    jokers_ = reader.get_bool("jokers");
    reader.finish();
    options_ = reader.resolved();
    spec_ = DeckSpec::packs(1, jokers_ ? 2 : 0);
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration().num_actions(num_players());
  }

  const GameDeclaration& declaration() const { return stack_gap_declaration(); }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return num_players_; }
  int num_actions() const { return num_actions_; }
  bool jokers() const { return jokers_; }
  int observation_tensor_size() const;  // stack_gap_tensor.hpp
  const OptionMap& options() const { return options_; }
  // No move cap is needed: at most 10 placements (15 slots, 5 dealt) and, per
  // player, 2 discards, the third one ending the game.
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    t.max_decisions = 10 + 2 * num_players_ + 1;
    t.per_seat_keys = {"hand_sizes", "rubble", "scores"};
    return t;
  }

  void random_deck(Rng& rng, std::vector<Card>& deck) const {
    // Sized once and written in place: a push_back per card checked the
    // capacity 52 times in every deal.
    // Through a pointer: a byte store through deck[] may alias the vector's
    // own pointer, which was then reloaded for every card.
    deck.resize(jokers_ ? 54 : 52);
    Card* d = deck.data();
    for (int c = 0; c < 52; ++c) d[c] = static_cast<Card>(c);
    if (jokers_) d[52] = d[53] = kJoker;
    rng.shuffle(d, deck.size());
  }

  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    return cardsim::parse_deck(texts, spec_, name());
  }

  State deal(const std::vector<Card>& deck) const { return State(num_players_, deck); }

  // The greedy heuristic (docs/rules/stack_gap.md): a one-move look-ahead at
  // the gaps the placement leaves open, since a player who cannot place must
  // discard, and the third discard loses.
  //  - A placement on level 5 is taken at once: it wins.
  //  - Solo: leave the widest wall: the total width of the playable gaps
  //    after the placement, plus two for each card kept in hand that still
  //    fits somewhere (ties: lowest action id).
  //  - Two players share the wall, and the opponent places next: leave them
  //    the fewest card values that fit some playable gap, plus one for each
  //    card kept in hand that still fits somewhere (ties: lowest id).
  //  - Discarding: the card farthest in value from 7 (an ace or a king never
  //    fits anywhere); a joker only when nothing else is left.
  [[gnu::always_inline]] Action greedy_action(const State& s, const State::ActionList& legal, Rng&) const {
    const int p = s.current_player();
    const auto& hand = s.hand(p);
    Action best = legal[0];
    int best_rate = std::numeric_limits<int>::min();
    if (decode(legal[0]).discard) {  // no placement is possible
      for (Action a : legal) {
        const Card c = hand[static_cast<std::size_t>(decode(a).hand)];
        const int v = card_value(c);
        const int rate = is_joker(c) ? -1 : (v > 7 ? v - 7 : 7 - v);
        if (rate > best_rate) best_rate = rate, best = a;
      }
      return best;
    }
    // The look-ahead without playing each move on a copy: a placement closes
    // its own gap and may open the (at most two) gaps resting on it; the
    // other gaps stay as they are, so they are read once here. A gap's width
    // is the number of values that fit it.
    std::array<std::uint32_t, 10> fits;
    std::array<std::int8_t, kSlots> index;
    int n = 0, total_width = 0;
    for (unsigned m = s.playable_slots(); m; m &= m - 1) {
      const int slot = std::countr_zero(m);
      fits[static_cast<std::size_t>(n)] = s.fitting_values(slot);
      total_width += bit_count(fits[static_cast<std::size_t>(n)]);
      index[slot] = static_cast<std::int8_t>(n++);
    }
    // others[i]: the values fitting some gap but gap i, by prefix and suffix,
    // once for all the placements rather than a pass over the gaps for each.
    std::array<std::uint32_t, 10> others;
    for (std::uint32_t before = 0, j = 0; j < static_cast<std::uint32_t>(n); ++j) {
      others[j] = before;
      before |= fits[j];
    }
    for (std::uint32_t after = 0, j = static_cast<std::uint32_t>(n); j-- > 0;) {
      others[j] |= after;
      after |= fits[j];
    }
    // After placing a card the hand is the other cards refilled from the top
    // of the pile. Each card's test is its value's bit, or every bit for a
    // joker, which fits any gap some value fits.
    const auto test_of = [](Card k) { return is_joker(k) ? ~0u : 1u << card_value(k); };
    std::array<std::uint32_t, kHandSize> in_hand{};
    std::array<std::uint32_t, kHandSize + 1> cards{};  // the hand and the cards drawn after a placement
    for (std::size_t k = 0; k < hand.size(); ++k) cards[k] = in_hand[k] = test_of(hand[k]);
    const auto& draw = s.draw_pile();
    const auto drawn = std::min<std::size_t>(kHandSize + 1 - hand.size(), draw.size());
    for (std::size_t k = 0; k < drawn; ++k) cards[hand.size() + k] = test_of(draw[draw.size() - 1 - k]);
    for (Action a : legal) {
      const Move m = decode(a);
      if (level_of(m.slot) == kLevels) return a;
      const int i = index[m.slot];
      std::uint32_t fitting = others[static_cast<std::size_t>(i)];  // bit v: value v fits some playable gap
      int width = total_width - bit_count(fits[static_cast<std::size_t>(i)]);
      const Card c = hand[static_cast<std::size_t>(m.hand)];
      int value = card_value(c);
      if (is_joker(c)) value = m.declaration == kLow ? s.gap_low(m.slot) : s.gap_high(m.slot);
      const SlotsAbove& above = kAbove[m.slot];
      for (int k = 0; k < above.count; ++k) {
        if (s.filled(above.slot[k]) || !s.filled(above.other[k])) continue;
        const int v = s.wall_value(above.other[k]);
        const int lo = v < value ? v : value, hi = v < value ? value : v;
        width += hi - lo > 1 ? hi - lo - 1 : 0;
        fitting |= fitting_of(lo, hi);
      }
      int kept_fitting = -((fitting & in_hand[static_cast<std::size_t>(m.hand)]) != 0);
      for (std::uint32_t t : cards) kept_fitting += (fitting & t) != 0;
      const int rate = num_players_ == 1 ? width + 2 * kept_fitting : kept_fitting - bit_count(fitting);
      if (rate > best_rate) best_rate = rate, best = a;
    }
    return best;
  }

 private:
  int num_players_ = 1;
  bool jokers_ = false;
  DeckSpec spec_;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::stack_gap

#include "games/stack_gap/stack_gap_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::stack_gap::StackGapGame>);
