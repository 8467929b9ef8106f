// The Wall, a two-pack patience (docs/rules/the_wall.md).
//
// Rules in brief. 104 cards. Deal: deck[0..3] to the 4 upper piles, deck[4..11]
// to the 8 lower piles (one face-up card each), deck[12..24] to the face-down
// reserve (deck[24] on top), the rest to the stock (deck[25] on top); the top
// stock card is turned at once into the waste, leaving 78 in the stock.
// - Upper piles take no cards. Their card may go to a lower pile or a
//   foundation. An emptied upper pile is refilled at once from the top of the
//   reserve; once the reserve is out it stays empty. (So an upper pile holds at
//   most one card.)
// - Lower piles build down by suit (a card goes onto the same suit one rank
//   higher). Their top card may go to another lower pile or a foundation. An
//   emptied lower pile is refilled at once with the waste card; when the waste
//   is empty (the stock is out) an empty lower pile takes any playable card.
// - The waste holds one card; it may go to a lower pile, a foundation or any
//   discard pile. An emptied waste is refilled at once from the stock; the stock
//   is never dealt by hand.
// - Discard piles (option `discards`, default 4) take any waste card and hold
//   any number; only their top card plays, to a lower pile or a foundation.
// - 8 foundations, built up by suit from the ace; two of one suit may grow side
//   by side. A card on a foundation never moves again.
// - Only single cards move. Won with all 104 on the foundations, lost when no
//   move is left. The `move_cap` option (default 5000) truncates the game when
//   that many moves are played and moves still remain (a natural end on the
//   last move counts as a win or loss, not a truncation).
//
// Action encoding: id = source * 17 + destination, 357 ids for every option
// value (discard ids above the configured count are never legal).
//   source       0..3 upper pile U0..U3, 4..11 lower pile L0..L7, 12 waste W,
//                13..20 discard pile D0..D7
//   destination  0..7 lower pile L0..L7, 8 foundation F, 9..16 discard pile D0..D7
// Text form "U2>L5", "W>F", "W>D0", "D3>L0". The foundation destination is one
// action: the card goes to the lowest-numbered foundation that takes it (an
// ace to the lowest empty one). Any two foundations that take the same card
// hold the same cards, so the choice between them is no choice at all.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/deck.hpp"
#include "core/game.hpp"
#include "core/hidden.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim::the_wall {

inline constexpr int kPlayers = 1;  // a patience
inline constexpr int kUpperPiles = 4;
inline constexpr int kLowerPiles = 8;
inline constexpr int kFoundations = 8;
inline constexpr int kMaxDiscards = 8;
inline constexpr int kDeckSize = 104;
inline constexpr int kReserveSize = 13;
inline constexpr int kStockSize = 78;               // after the deal turns the first card
inline constexpr int kStockDealt = kStockSize + 1;  // before it
// A lower pile builds down from its bottom card, so it never exceeds K..A.
inline constexpr int kMaxLowerPile = 13;
// Only waste cards reach a discard pile, and every stock card passes the waste once.
inline constexpr int kMaxDiscardPile = kStockDealt;

inline constexpr int kSrcUpper = 0;
inline constexpr int kSrcLower = kSrcUpper + kUpperPiles;       // 4
inline constexpr int kSrcWaste = kSrcLower + kLowerPiles;       // 12
inline constexpr int kSrcDiscard = kSrcWaste + 1;               // 13
inline constexpr int kNumSources = kSrcDiscard + kMaxDiscards;  // 21
inline constexpr int kDstLower = 0;
inline constexpr int kDstFoundation = kDstLower + kLowerPiles;       // 8
inline constexpr int kDstDiscard = kDstFoundation + 1;               // 9
inline constexpr int kNumDestinations = kDstDiscard + kMaxDiscards;  // 17
inline constexpr int kNumActions = kNumSources * kNumDestinations;   // 357
// Most moves ever legal at once: each upper and discard card to 8 lower piles
// and a foundation, each lower card to 7 others and a foundation, the waste
// card to 8 lower piles, a foundation and 8 discards.
inline constexpr int kMaxLegal = (kUpperPiles + kMaxDiscards) * 9 + kLowerPiles * 8 + 17;

// An action in the rules' words: the top card of a source (kSrc*) goes to a
// destination (kDst*).
struct Move {
  int source = 0, destination = 0;

  static constexpr Move of(int source, int destination) { return {source, destination}; }
};

[[gnu::always_inline]] constexpr Move decode(Action a) {
  return Move::of(a / kNumDestinations, a % kNumDestinations);
}
[[gnu::always_inline]] constexpr Action encode(const Move& m) {
  return m.source * kNumDestinations + m.destination;
}

static_assert([] {
  for (Action a = 0; a < kNumActions; ++a)
    if (encode(decode(a)) != a) return false;
  return true;
}());

// c goes onto t in a lower pile: same suit, one rank lower (ids run A..K by suit).
constexpr bool builds_on(Card c, Card t) { return rank_of(c) < 13 && t == c + 1; }

class TheWallState {
 public:
  using ActionList = StaticVector<Action, kMaxLegal>;
  using LowerPile = StaticVector<Card, kMaxLowerPile>;
  using DiscardPile = StaticVector<Card, kMaxDiscardPile>;

  TheWallState(const std::vector<Card>& deck, int discards, int move_cap)
      : num_discards_(discards), move_cap_(move_cap) {
    for (int i = 0; i < kUpperPiles; ++i) upper_[i] = deck[static_cast<std::size_t>(i)];
    for (int i = 0; i < kLowerPiles; ++i) lower_[i].push_back(deck[static_cast<std::size_t>(4 + i)]);
    for (int i = 12; i <= 24; ++i) reserve_.push_back(deck[static_cast<std::size_t>(i)]);
    // Stored bottom first, so the top (deck[25], then deck[26], ...) is at the back.
    for (int i = kDeckSize - 1; i >= 25; --i) stock_.push_back(deck[static_cast<std::size_t>(i)]);
    foundation_top_.fill(kNoCard);
    refill_waste();
    settle();
  }

  // --- what a caller may read (bindings, greedy) ---------------------------------
  int num_discards() const { return num_discards_; }
  int moves() const { return moves_; }
  int on_foundations() const { return on_foundations_; }
  Card upper(int i) const { return upper_[i]; }
  const LowerPile& lower(int i) const { return lower_[i]; }
  const StaticVector<Card, kReserveSize>& reserve() const { return reserve_; }
  const StaticVector<Card, kStockDealt>& stock() const { return stock_; }
  Card waste() const { return waste_; }
  const DiscardPile& discard(int d) const { return discards_[d]; }
  Card foundation_top(int f) const { return foundation_top_[f]; }

  // The card a source would play, or kNoCard.
  Card source_card(int src) const {
    if (src < kSrcLower) return upper_[src];
    if (src < kSrcWaste) {
      const auto& p = lower_[src - kSrcLower];
      return p.empty() ? kNoCard : p.back();
    }
    if (src == kSrcWaste) return waste_;
    const int d = src - kSrcDiscard;
    if (d >= num_discards_ || discards_[d].empty()) return kNoCard;
    return discards_[d].back();
  }

  // --- the contract --------------------------------------------------------------
  int current_player() const { return over_ ? kTerminalPlayer : 0; }
  bool is_terminal() const { return over_; }
  bool is_truncated() const { return truncated_; }

  void legal_actions(ActionList& out) const {
    out.clear();
    visit_legal([&out](Action a) {
      out.push_back(a);
      return false;
    });
  }

  std::string why_illegal(Action a) const {
    if (a < 0 || a >= kNumActions)
      return "action " + std::to_string(a) + " is out of range [0, " + std::to_string(kNumActions) + ")";
    if (over_) return "the game is over";
    const auto [src, dst] = decode(a);
    if (src >= kSrcDiscard && src - kSrcDiscard >= num_discards_)
      return "there is no discard pile " + std::to_string(src - kSrcDiscard) + " (this game has " +
             std::to_string(num_discards_) + ")";
    if (dst >= kDstDiscard && dst - kDstDiscard >= num_discards_)
      return "there is no discard pile " + std::to_string(dst - kDstDiscard) + " (this game has " +
             std::to_string(num_discards_) + ")";
    const Card c = source_card(src);
    if (c == kNoCard) return source_name(src) + " is empty";
    const std::string card = card_to_string(c);
    if (dst >= kDstDiscard) {
      if (src != kSrcWaste) return "discard piles take only the waste card";
      return {};
    }
    if (dst == kDstFoundation) {
      if (foundation_for(c) < 0) return "no foundation takes " + card;
      return {};
    }
    const int j = dst - kDstLower;
    if (src == kSrcLower + j) return card + " is already on lower pile " + std::to_string(j);
    const auto& pile = lower_[j];
    if (pile.empty()) return {};  // the waste is empty then: it takes any playable card
    if (!builds_on(c, pile.back()))
      return "lower pile " + std::to_string(j) + " builds down by suit: its top " +
             card_to_string(pile.back()) + " does not take " + card;
    return {};
  }

  void apply(Action a) {
    const auto [src, dst] = decode(a);
    const Card c = take(src);
    if (dst == kDstFoundation) {
      foundation_top_[foundation_for(c)] = c;
      ++on_foundations_;
    } else if (dst >= kDstDiscard) {
      discards_[dst - kDstDiscard].push_back(c);
    } else {
      lower_[dst - kDstLower].push_back(c);
    }
    ++moves_;
    settle();
  }

  Scores scores() const {
    Scores s{};
    s[0] = on_foundations_;
    return s;
  }

  Outcome outcome() const {
    Outcome o;
    if (on_foundations_ == kDeckSize) o.winners = 1;
    return o;
  }

  static std::string source_name(int src) {
    if (src < kSrcLower) return "upper pile " + std::to_string(src - kSrcUpper);
    if (src < kSrcWaste) return "lower pile " + std::to_string(src - kSrcLower);
    if (src == kSrcWaste) return "the waste";
    return "discard pile " + std::to_string(src - kSrcDiscard);
  }

  std::string action_to_string(Action a) const {
    if (a < 0 || a >= kNumActions)
      throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                          std::to_string(kNumActions) + ")");
    const auto [src, dst] = decode(a);
    std::string out;
    if (src < kSrcLower)
      out = "U" + std::to_string(src - kSrcUpper);
    else if (src < kSrcWaste)
      out = "L" + std::to_string(src - kSrcLower);
    else if (src == kSrcWaste)
      out = "W";
    else
      out = "D" + std::to_string(src - kSrcDiscard);
    out += '>';
    if (dst < kDstFoundation)
      out += "L" + std::to_string(dst - kDstLower);
    else if (dst == kDstFoundation)
      out += "F";
    else
      out += "D" + std::to_string(dst - kDstDiscard);
    return out;
  }

  Action string_to_action(std::string_view s) const {
    auto fail = [&]() -> Action {
      throw InvalidArgument("unknown action '" + std::string(s) +
                            "' (expected source U0-U3, L0-L7, W or D0-D7, '>', then destination "
                            "L0-L7, F or D0-D7, e.g. 'W>F')");
    };
    const auto gt = s.find('>');
    if (gt == std::string_view::npos) return fail();
    const std::string_view from = s.substr(0, gt), to = s.substr(gt + 1);
    auto index = [](std::string_view t, char kind, int n) {
      if (t.size() != 2 || t[0] != kind || t[1] < '0' || t[1] >= '0' + n) return -1;
      return t[1] - '0';
    };
    int src = -1, dst = -1;
    if (from == "W")
      src = kSrcWaste;
    else if (int i = index(from, 'U', kUpperPiles); i >= 0)
      src = kSrcUpper + i;
    else if (int i2 = index(from, 'L', kLowerPiles); i2 >= 0)
      src = kSrcLower + i2;
    else if (int i3 = index(from, 'D', kMaxDiscards); i3 >= 0)
      src = kSrcDiscard + i3;
    if (to == "F")
      dst = kDstFoundation;
    else if (int j = index(to, 'L', kLowerPiles); j >= 0)
      dst = kDstLower + j;
    else if (int j2 = index(to, 'D', kMaxDiscards); j2 >= 0)
      dst = kDstDiscard + j2;
    if (src < 0 || dst < 0) return fail();
    return encode(Move::of(src, dst));
  }

  std::string to_string() const {
    auto pile = [](const auto& cards) {
      std::string s;
      for (Card c : cards) s += " " + card_to_string(c);
      return s.empty() ? std::string(" -") : s;
    };
    std::string out = "upper:";
    for (Card c : upper_) out += " " + (c == kNoCard ? std::string("--") : card_to_string(c));
    out += "   reserve: " + std::to_string(reserve_.size()) + "\n";
    for (int i = 0; i < kLowerPiles; ++i) out += "L" + std::to_string(i) + ":" + pile(lower_[i]) + "\n";
    out += "waste: " + (waste_ == kNoCard ? std::string("--") : card_to_string(waste_)) +
           "   stock: " + std::to_string(stock_.size()) + "\n";
    for (int d = 0; d < num_discards_; ++d) out += "D" + std::to_string(d) + ":" + pile(discards_[d]) + "\n";
    out += "foundations:";
    for (Card c : foundation_top_) out += " " + (c == kNoCard ? std::string("--") : card_to_string(c));
    out += "   (" + std::to_string(on_foundations_) + " cards, " + std::to_string(moves_) + " moves";
    if (over_) out += truncated_ ? ", truncated" : on_foundations_ == kDeckSize ? ", won" : ", lost";
    out += ")\n";
    return out;
  }

  // The exact observation tensor (the_wall_tensor.hpp).
  void observation_tensor(int player, float* out) const;

  // Every card is in exactly one place: the invariant tests count them. A
  // foundation's cards are A..its top, so its rank is its size.
  std::size_t count_cards() const {
    std::size_t n = reserve_.size() + stock_.size() + (waste_ != kNoCard);
    for (Card c : upper_) n += c != kNoCard;
    for (const auto& p : lower_) n += p.size();
    for (const auto& d : discards_) n += d.size();
    std::size_t on = 0;
    for (Card c : foundation_top_) on += c == kNoCard ? 0 : static_cast<std::size_t>(rank_of(c));
    return n + on;
  }

  // Determinisation (search players): the reserve and the stock are face
  // down and no card in them has ever been shown (cards only leave them), so
  // every arrangement of their cards among their places is consistent with
  // what the player saw. Everything else is face up.
  void resample_hidden(int /*player*/, Rng& rng) {
    HiddenPlaces<kReserveSize + kStockDealt> hidden;
    for (Card& c : reserve_) hidden.add(c);
    for (Card& c : stock_) hidden.add(c);
    hidden.redeal(rng);
  }

  bool operator==(const TheWallState&) const = default;

 private:
  // Calls emit(action) for every legal move in ascending id order; stops early
  // (returning true) as soon as emit returns true.
  template <class F>
  bool visit_legal(F&& emit) const {
    if (over_) return false;
    // want[c]: bit j set when lower pile j's top takes card c by building;
    // open: the empty lower piles (only ever with the waste empty).
    std::array<std::uint8_t, kNumCardKinds> want{};
    std::uint8_t open = 0;
    for (int j = 0; j < kLowerPiles; ++j) {
      if (lower_[j].empty()) {
        open = static_cast<std::uint8_t>(open | 1u << j);
      } else if (const Card t = lower_[j].back(); rank_of(t) > 1) {
        want[t - 1] = static_cast<std::uint8_t>(want[t - 1] | 1u << j);
      }
    }
    // Bit c set when some foundation takes card c: every ace (eight slots for
    // eight aces, so one is always free), and the successor of each top.
    std::uint64_t home = 1ULL | 1ULL << 13 | 1ULL << 26 | 1ULL << 39;
    for (Card t : foundation_top_)
      if (t != kNoCard && rank_of(t) < 13) home |= 1ULL << (t + 1);

    auto moves_of = [&](int src, Card c, unsigned lower_mask, bool to_discards) {
      for (unsigned m = lower_mask; m; m &= m - 1)
        if (emit(encode(Move::of(src, kDstLower + __builtin_ctz(m))))) return true;
      if ((home >> c & 1) && emit(encode(Move::of(src, kDstFoundation)))) return true;
      if (to_discards)
        for (int d = 0; d < num_discards_; ++d)
          if (emit(encode(Move::of(src, kDstDiscard + d)))) return true;
      return false;
    };
    for (int i = 0; i < kUpperPiles; ++i)
      if (const Card c = upper_[i]; c != kNoCard && moves_of(kSrcUpper + i, c, want[c] | open, false))
        return true;
    for (int i = 0; i < kLowerPiles; ++i) {
      if (lower_[i].empty()) continue;
      const Card c = lower_[i].back();
      if (moves_of(kSrcLower + i, c, (want[c] | open) & ~(1u << i), false)) return true;
    }
    if (waste_ != kNoCard && moves_of(kSrcWaste, waste_, want[waste_] | open, true)) return true;
    for (int d = 0; d < num_discards_; ++d) {
      if (discards_[d].empty()) continue;
      const Card c = discards_[d].back();
      if (moves_of(kSrcDiscard + d, c, want[c] | open, false)) return true;
    }
    return false;
  }

  int foundation_for(Card c) const {
    const Card below = rank_of(c) == 1 ? kNoCard : static_cast<Card>(c - 1);
    for (int f = 0; f < kFoundations; ++f)
      if (foundation_top_[f] == below) return f;
    return -1;
  }

  void refill_waste() {
    if (waste_ == kNoCard && !stock_.empty()) {
      waste_ = stock_.back();
      stock_.pop_back();
    }
  }

  // Removes the source's card and makes every refill the rules make at once.
  Card take(int src) {
    Card c;
    if (src < kSrcLower) {
      c = upper_[src];
      upper_[src] = kNoCard;
      if (!reserve_.empty()) {
        upper_[src] = reserve_.back();
        reserve_.pop_back();
      }
    } else if (src < kSrcWaste) {
      auto& p = lower_[src - kSrcLower];
      c = p.back();
      p.pop_back();
      if (p.empty() && waste_ != kNoCard) {
        p.push_back(waste_);
        waste_ = kNoCard;
        refill_waste();
      }
    } else if (src == kSrcWaste) {
      c = waste_;
      waste_ = kNoCard;
      refill_waste();
    } else {
      auto& p = discards_[src - kSrcDiscard];
      c = p.back();
      p.pop_back();
    }
    return c;
  }

  void settle() {
    if (on_foundations_ == kDeckSize || !visit_legal([](Action) { return true; })) {
      over_ = true;
    } else if (moves_ >= move_cap_) {
      over_ = true;
      truncated_ = true;
    }
  }

  std::array<Card, kUpperPiles> upper_{};  // kNoCard when empty
  std::array<LowerPile, kLowerPiles> lower_{};
  StaticVector<Card, kReserveSize> reserve_;  // top at the back
  StaticVector<Card, kStockDealt> stock_;     // top at the back
  Card waste_ = kNoCard;
  std::array<DiscardPile, kMaxDiscards> discards_{};
  // A foundation holds A..top of one suit, so its top card says it all.
  std::array<Card, kFoundations> foundation_top_{};
  int num_discards_;
  int move_cap_;
  int moves_ = 0;
  int on_foundations_ = 0;
  bool over_ = false;
  bool truncated_ = false;
};

// The declaration (core/declaration.hpp).
inline const GameDeclaration& the_wall_declaration() {
  static const GameDeclaration d{
      .name = "the_wall",
      .title = "The Wall: two-pack patience, 4 upper and 8 lower piles, reserve, discards",
      .fixed_players = kPlayers,
      .options = {int_option("discards", 4, 0, kMaxDiscards, "number of discard piles"),
                  int_option("move_cap", 5000, 1, 100'000'000,
                             "moves after which a game that still has moves ends as truncated")},
      .num_actions = [](int) { return kNumActions; },
  };
  return d;
}

class TheWallGame {
 public:
  using State = TheWallState;

  explicit TheWallGame(const OptionMap& options) {
    OptionReader reader(options, declaration());
    discards_ = static_cast<int>(reader.get_int("discards"));
    move_cap_ = static_cast<int>(reader.get_int("move_cap"));
    reader.finish();
    options_ = reader.resolved();
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration().num_actions(num_players());
  }

  const GameDeclaration& declaration() const { return the_wall_declaration(); }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return kPlayers; }
  int num_actions() const { return num_actions_; }
  int observation_tensor_size() const;  // the_wall_tensor.hpp
  const OptionMap& options() const { return options_; }
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    t.max_decisions = move_cap_;
    return t;
  }

  // Two packs in canonical order (each card twice in a row), then shuffled.
  void random_deck(Rng& rng, std::vector<Card>& deck) const {
    deck.resize(kDeckSize);
    for (int i = 0; i < kDeckSize; ++i) deck[static_cast<std::size_t>(i)] = static_cast<Card>(i / 2);
    rng.shuffle(deck.data(), deck.size());
  }

  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    return cardsim::parse_deck(texts, DeckSpec::packs(2), name());
  }

  State deal(const std::vector<Card>& deck) const { return State(deck, discards_, move_cap_); }

  // The greedy heuristic (docs/rules/the_wall.md): take the legal move with the
  // highest priority, the first (lowest id) on ties.
  //   1000+  anything to a foundation (from an upper pile first: it brings out
  //          a reserve card; then discards, lower piles, the waste)
  //    900   upper card onto a lower pile (brings out a reserve card)
  //    800   discard top onto a lower pile (uncovers the next discard)
  //    750   the last card of a lower pile onto another (the pile refills)
  //    700   waste card onto a lower pile
  //    600   lower top onto another lower pile, uncovering a card it was not
  //          built on
  //    400/350/300  upper / discard / lower card (from a pile of 2 or more,
  //          not built on the card beneath) into an empty lower pile
  //    100+  waste card to a discard pile, onto the card that suits it best:
  //          the same suit one higher, then the closest higher rank, then an
  //          empty pile, then the closest lower rank
  //    0     an aimless move: a lower card that sits on its own successor
  //          (moving it could only be undone by the same move back), or the
  //          single card of a lower pile into an empty one. Taken only when
  //          nothing else is legal; such a game then ends at the move cap.
  // Every non-aimless lower-to-lower move leaves the card on its successor or
  // alone in a pile from which only a build can move it, so greedy play never
  // loops while anything else is possible.
  // Search players' value of a finished game, in [0, 1]: the share of the
  // 104 cards on the foundations (1 for a win), so that a lost game that got
  // further still counts for more.
  double search_value(const State& s, int /*player*/) const { return s.on_foundations() / 104.0; }

  Action greedy_action(const State& s, const State::ActionList& legal, Rng&) const {
    Action best = legal[0];
    int best_score = -1;
    for (Action a : legal) {
      const int score = greedy_score(s, a);
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    return best;
  }

  static int greedy_score(const State& s, Action a) {
    const auto [src, dst] = decode(a);
    const Card c = s.source_card(src);
    if (dst == kDstFoundation) {
      if (src < kSrcLower) return 1030;
      if (src >= kSrcDiscard) return 1020;
      return src == kSrcWaste ? 1000 : 1010;
    }
    if (dst >= kDstDiscard) {
      const auto& pile = s.discard(dst - kDstDiscard);
      if (pile.empty()) return 130;
      const Card t = pile.back();
      if (builds_on(c, t)) return 160;
      const int diff = rank_of(t) - rank_of(c);
      return diff >= 0 ? 150 - diff : 120 + diff;  // 138..150, 107..119
    }
    const bool open = s.lower(dst - kDstLower).empty();
    if (src < kSrcLower) return open ? 400 : 900;
    if (src >= kSrcDiscard) return open ? 350 : 800;
    if (src == kSrcWaste) return 700;
    const auto& from = s.lower(src - kSrcLower);
    if (from.size() == 1) return open ? 0 : 750;
    if (builds_on(c, from[from.size() - 2])) return 0;
    return open ? 300 : 600;
  }

 private:
  int discards_ = 4;
  int move_cap_ = 5000;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::the_wall

#include "games/the_wall/the_wall_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::the_wall::TheWallGame>);
