// Clock Patience, and the two-pack duel.
//
// Rules in brief: 52 cards dealt face down into 13 piles of 4: deck[i] goes to
// pile (i mod 13)+1, the last card dealt to a pile is its top. Piles 1..12 are
// the hours (A..Q), pile 13 the centre (K). Turn the top face-down card of the
// centre, tuck it face up under the pile of its rank, turn the top face-down
// card of that pile, and so on, until the pile to turn from has no face-down
// card (only ever the centre, on the fourth king). Won with all 52 face up.
// Score: cards turned face up (4..52).
//
// Duel: each player has their own pack and clock. Players take turns one card
// at a time (a player whose clock has stopped is skipped); more cards out wins,
// equal counts draw. The explicit deal is player 0's 52 cards, then player 1's.
//
// Actions: a single id, 0 = "turn" (turn the next card). There are no choices.
#pragma once

#include <array>
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

namespace cardsim::clock {

inline constexpr int kPiles = 13;
inline constexpr int kCentre = 12;  // pile index of the kings
inline constexpr Action kTurn = 0;

// One player's clock. Piles are indexed 0..12 for the hours A..Q and the centre.
struct Clock {
  std::array<StaticVector<Card, 4>, kPiles> face_down;  // bottom .. top
  std::array<StaticVector<Card, 4>, kPiles> face_up;    // in the order tucked
  int next_pile = kCentre;
  int turned = 0;

  bool stopped() const { return face_down[next_pile].empty(); }

  void turn() {
    const Card c = face_down[next_pile].back();
    face_down[next_pile].pop_back();
    const int home = rank_of(c) - 1;  // K (13) lands on index 12, the centre
    face_up[home].push_back(c);
    next_pile = home;
    ++turned;
  }

  bool operator==(const Clock&) const = default;
};

class ClockState {
 public:
  using ActionList = StaticVector<Action, 1>;

  ClockState(int num_players, const std::vector<Card>& deck) : num_players_(num_players) {
    // Card k of a pack goes to pile k mod 13, in four rounds; written in place
    // (no push_back per card: dealing is a third of a game's work).
    for (int p = 0; p < num_players; ++p) {
      const Card* pack = deck.data() + 52 * p;
      for (int pile = 0; pile < kPiles; ++pile) {
        auto& down = clocks_[p].face_down[pile];
        down.resize(4);
        for (int round = 0; round < 4; ++round) down[round] = pack[round * kPiles + pile];
      }
    }
  }

  int num_players() const { return num_players_; }
  const Clock& clock(int p) const { return clocks_[p]; }

  int current_player() const { return current_; }
  bool is_terminal() const { return current_ == kTerminalPlayer; }
  bool is_truncated() const { return false; }

  void legal_actions(ActionList& out) const {
    out.clear();
    if (!is_terminal()) out.push_back(kTurn);
  }

  std::string why_illegal(Action a) const {
    if (a != kTurn) return "action " + std::to_string(a) + " is out of range (clock has only 0 = turn)";
    if (is_terminal()) return "the game is over";
    return {};
  }

  void apply(Action) {
    clocks_[current_].turn();
    // Players alternate; a stopped clock is skipped.
    const int other = num_players_ == 2 ? 1 - current_ : current_;
    if (!clocks_[other].stopped()) {
      current_ = other;
    } else if (clocks_[current_].stopped()) {
      current_ = kTerminalPlayer;
    }
  }

  // The batch runner's play-out (core/game.hpp, HasForcedPlay): the same
  // turns as apply() from here to the end. The solitaire first notes each
  // face-down card's home pile in a local table, so that a turn's chain of
  // dependent loads is the pile's count and then the next pile, as in the
  // bare loop of bench/cpp/clock_floor.cpp; the cards follow off that chain.
  // (Locals also keep clear of the card bytes stored into the piles, which
  // may alias any member.)
  std::int64_t play_forced() {
    std::int64_t moves = 0;
    if (num_players_ != 1) {
      for (; !is_terminal(); ++moves) apply(kTurn);
      return moves;
    }
    if (is_terminal()) return 0;
    Clock& c = clocks_[0];
    std::uint8_t home[kPiles][4], left[kPiles];
    for (int p = 0; p < kPiles; ++p) {
      left[p] = static_cast<std::uint8_t>(c.face_down[p].size());
      for (std::size_t k = 0; k < 4; ++k)
        home[p][k] = static_cast<std::uint8_t>(rank_of(c.face_down[p][k]) - 1);
    }
    std::size_t pile = static_cast<std::size_t>(c.next_pile);
    do {
      const std::size_t k = --left[pile];
      const std::size_t to = home[pile][k];
      c.face_up[to].push_back(c.face_down[pile][k]);
      pile = to;
      ++moves;
    } while (left[pile] != 0);
    for (int p = 0; p < kPiles; ++p) c.face_down[p].resize(left[p]);
    c.next_pile = static_cast<int>(pile);
    c.turned += static_cast<int>(moves);
    current_ = kTerminalPlayer;
    return moves;
  }

  Scores scores() const {
    Scores s{};
    for (int p = 0; p < num_players_; ++p) s[p] = clocks_[p].turned;
    return s;
  }

  Outcome outcome() const {
    Outcome o;
    if (!is_terminal()) return o;
    if (num_players_ == 1) {
      if (clocks_[0].turned == 52) o.winners = 1;
    } else if (clocks_[0].turned == clocks_[1].turned) {
      o.draw = true;
    } else {
      o.winners = clocks_[0].turned > clocks_[1].turned ? 1 : 2;
    }
    return o;
  }

  std::string action_to_string(Action a) const {
    if (a != kTurn)
      throw IllegalAction("action " + std::to_string(a) + " is out of range (clock has only 0 = turn)");
    return "turn";
  }
  Action string_to_action(std::string_view s) const {
    if (s == "turn") return kTurn;
    throw InvalidArgument("unknown action '" + std::string(s) + "' (clock has only 'turn')");
  }

  std::string to_string() const {
    static constexpr const char* kNames[kPiles] = {"A", "2", "3", "4", "5", "6", "7",
                                                   "8", "9", "T", "J", "Q", "K"};
    std::string out;
    for (int p = 0; p < num_players_; ++p) {
      const Clock& c = clocks_[p];
      out += "player " + std::to_string(p) + ": " + std::to_string(c.turned) + " turned, ";
      out += c.stopped() ? std::string("stopped\n")
                         : "next from pile " + std::string(kNames[c.next_pile]) + "\n";
      for (int i = 0; i < kPiles; ++i) {
        out += std::string("  ") + kNames[i] + ": " + std::to_string(c.face_down[i].size()) + " down, up";
        for (Card u : c.face_up[i]) out += " " + card_to_string(u);
        out += "\n";
      }
    }
    return out;
  }

  // Every card is in exactly one place: the invariant tests count them.
  std::size_t count_cards() const {
    std::size_t n = 0;
    for (int p = 0; p < num_players_; ++p)
      for (int i = 0; i < kPiles; ++i) n += clocks_[p].face_down[i].size() + clocks_[p].face_up[i].size();
    return n;
  }

  // Determinisation (search players): no player sees a face-down card, so
  // each clock's face-down cards are dealt afresh among its face-down places
  // (each clock keeps its own pack). Clock has no choices, but the contract
  // is the same for every game.
  void resample_hidden(int /*player*/, Rng& rng) {
    for (int p = 0; p < num_players_; ++p) {
      HiddenPlaces<52> hidden;
      for (auto& pile : clocks_[static_cast<std::size_t>(p)].face_down)
        for (Card& c : pile) hidden.add(c);
      hidden.redeal(rng);
    }
  }

  bool operator==(const ClockState&) const = default;

  // The exact observation tensor (clock_tensor.hpp).
  void observation_tensor(int player, float* out) const;

 private:
  int num_players_;
  int current_ = 0;
  std::array<Clock, 2> clocks_{};
};

// One action id, whoever moves: turn the next card.
inline constexpr int kNumActions = 1;

// The declarations (core/declaration.hpp): one pack alone, or two side by side.
inline const GameDeclaration& clock_declaration() {
  static const GameDeclaration d{.name = "clock",
                                 .title = "Clock Patience: 13 piles, no decisions; P(win) = 1/13",
                                 .fixed_players = 1,
                                 .num_actions = [](int) { return kNumActions; }};
  return d;
}
inline const GameDeclaration& clock_duel_declaration() {
  static const GameDeclaration d{.name = "clock_duel",
                                 .title = "Clock Patience duel: two packs, more cards out wins",
                                 .fixed_players = 2,
                                 .num_actions = [](int) { return kNumActions; }};
  return d;
}

class ClockGame {
 public:
  using State = ClockState;
  static constexpr bool kScoresNonNegative = true;

  // One class for both games: the declaration says which, and its seat count is the
  // game's (so that the count is written once, in the declaration).
  ClockGame(const OptionMap& options, const GameDeclaration& declaration)
      : declaration_(&declaration), num_players_(declaration.fixed_players) {
    OptionReader reader(options, declaration);
    reader.finish();
    options_ = reader.resolved();
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration.num_actions(num_players_);
  }

  const GameDeclaration& declaration() const { return *declaration_; }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return num_players_; }
  int num_actions() const { return num_actions_; }
  int observation_tensor_size() const;  // clock_tensor.hpp
  const OptionMap& options() const { return options_; }
  // One card turned per action; the duel deals each seat its own pack.
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    t.deal = num_players_ == 1 ? DealLayout::kOneMultiset : DealLayout::kPerSeatPacks;
    t.max_decisions = 52 * num_players_;
    t.per_seat_keys = {"players"};
    return t;
  }

  // Each player shuffles their own pack; the packs follow one another.
  void random_deck(Rng& rng, std::vector<Card>& deck) const { shuffled_packs(num_players_, rng, deck); }

  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    return parse_packs(texts, num_players_, name());
  }

  State deal(const std::vector<Card>& deck) const { return State(num_players_, deck); }

  Action greedy_action(const State&, const State::ActionList& legal, Rng&) const { return legal[0]; }

 private:
  const GameDeclaration* declaration_;
  int num_players_;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::clock

#include "games/clock/clock_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::clock::ClockGame>);
