// Code 9 Attack, for 2-4 players, and its solitaire form.
//
// Rules in brief: the 36 cards A-9 of the four suits fill a 6x6 grid row-major
// (deck[r*6+c] is row r, column c, row 0 at the top). Each player owns one suit
// (the ten they were dealt); unowned suits are neutral: nobody moves them, and
// they can be captured like an opponent's card. Player 0 moves first, then 1, ...
// A turn moves one of your cards one step up, down, left or right:
//   * into an empty place; or
//   * onto a card of another suit and lower rank, which is removed (captured); or
//   * off the grid from an edge place, only for your lowest-ranked card on the grid.
// Special rule: with none of these available, you must move one of your cards
// that is next to at least one card of another suit onto the lowest-ranked such
// neighbour, removing it whatever its rank; equal lowest neighbours are a choice.
// If even that is impossible you pass. (On a 6x6 grid that cannot happen: a set
// of at most 9 cards always has a neighbour outside itself, so `pass` and the
// all-pass draw exist for completeness only; see docs/rules/code9.md.)
// The owner of a 9 that leaves the grid, by any means, wins at once; a neutral
// 9 that is captured changes nothing. A full round of passes is a draw. The
// move cap (option move_cap, default 2000 turns, passes included) truncates.
// Scores: in code9, the cards each player has captured; in the solitaire (you
// own spades, the rest is neutral), the moves taken (lower is better, 9 is the
// floor). The solitaire also ends, lost, if no move is possible (unreachable
// too, by the same argument).
//
// Seeded deal: shuffle the 36 cards from card-id order (A-9 of C, D, H, S), then,
// unless the option `suits` names them, shuffle the four tens from the order
// TC TD TH TS with the same Rng: player i gets the i-th. The internal deck is the
// 36 grid cards followed by each player's ten (seat order); an explicit deck may
// be given either that way or as the 36 grid cards alone, with the suits from
// the option `suits` (or C, D, H, S in seat order when it is empty). The
// solitaire deck is the 36 grid cards alone.
//
// Actions (46 ids, the same for every player and configuration): the card is
// named by its rank in the mover's own suit.
//   a = (rank - 1) * 5 + k, rank 1..9 (A..9), k: 0 up, 1 down, 2 left, 3 right,
//       4 off (leave the grid).             "A up", "7 right", "9 off"
//   45 = pass, legal only when nothing else is.   "pass"
// The special rule reuses the step ids: "7 right" then means "onto the card to
// the right", which is only legal when the special rule is in force.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/deck.hpp"
#include "core/game.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim::code9 {

inline constexpr int kSide = 6;
inline constexpr int kPlaces = kSide * kSide;
inline constexpr int kRanks = 9;  // A..9 in each suit
inline constexpr int kSuits = 4;
inline constexpr int kKinds = 5;  // up, down, left, right, off
inline constexpr int kOff = 4;
inline constexpr Action kPass = kRanks * kKinds;  // 45
inline constexpr int kNumActions = kPass + 1;
inline constexpr std::int8_t kNowhere = -1;  // a card's place once off the grid

inline constexpr const char* kKindNames[kKinds] = {"up", "down", "left", "right", "off"};
inline constexpr char kRankNames[] = "A23456789";

// Place index shift per direction, and the edge each direction would cross.
inline constexpr int kStep[4] = {-kSide, kSide, -1, 1};

constexpr int row_of(int place) { return place / kSide; }
constexpr int col_of(int place) { return place % kSide; }

namespace detail {
// Lookup tables for the two questions move generation and the greedy ask of
// every place in their inner loops (a division and a switch each, otherwise).
struct PlaceTables {
  std::array<std::array<std::int8_t, 4>, kPlaces> neighbour{};
  std::array<bool, kPlaces> edge{};
};
// The ring of buckets of exit_cost's searches (Dial's algorithm), each a set
// of places: bk holds the places first reached k steps of cost on from the
// distance being settled. Step costs are 1, 3 and 5, so five buckets do.
struct StepRing {
  std::uint64_t b0, b1 = 0, b2 = 0, b3 = 0, b4 = 0;
  // One distance on, `next` being the unsettled neighbours of the places just settled.
  void advance(std::uint64_t next, std::uint64_t cheap, std::uint64_t own, std::uint64_t dear) {
    b0 = b1 | (next & cheap);
    b1 = b2;
    b2 = b3 | (next & own);
    b3 = b4;
    b4 = next & dear;
  }
};

constexpr PlaceTables make_place_tables() {
  PlaceTables t;
  for (int p = 0; p < kPlaces; ++p) {
    const int r = row_of(p), c = col_of(p);
    t.edge[p] = r == 0 || r == kSide - 1 || c == 0 || c == kSide - 1;
    t.neighbour[p][0] = static_cast<std::int8_t>(r > 0 ? p - kSide : -1);
    t.neighbour[p][1] = static_cast<std::int8_t>(r < kSide - 1 ? p + kSide : -1);
    t.neighbour[p][2] = static_cast<std::int8_t>(c > 0 ? p - 1 : -1);
    t.neighbour[p][3] = static_cast<std::int8_t>(c < kSide - 1 ? p + 1 : -1);
  }
  return t;
}
inline constexpr PlaceTables kPlaceTables = make_place_tables();

// kStepFloor[s][c]: the lowest rank index (rank - 1) of a card of suit s that
// may step onto a place holding c by a normal move: 0 for an empty place
// (kNoCard), the card's rank for another suit's card (only a higher card
// captures it), and more than any index for suit s's own cards. One lookup
// instead of three tests in move generation's inner loop.
inline constexpr auto kStepFloor = [] {
  std::array<std::array<std::int8_t, 256>, kSuits> t{};
  for (int s = 0; s < kSuits; ++s)
    for (int c = 0; c < 256; ++c) {
      const Card card = static_cast<Card>(c);
      if (card == kNoCard) continue;  // 0
      t[s][c] = static_cast<std::int8_t>(suit_of(card) == s ? kRanks : rank_of(card));
    }
  return t;
}();
}  // namespace detail

constexpr bool on_edge(int place) { return detail::kPlaceTables.edge[place]; }
// The neighbour of `place` in direction k (0 up, 1 down, 2 left, 3 right), or
// -1 past the edge.
constexpr int neighbour(int place, int k) { return detail::kPlaceTables.neighbour[place][k]; }
// Steps from `place` to the nearest edge place (0 on the edge).
constexpr int edge_distance(int place) {
  const int r = row_of(place), c = col_of(place);
  const int dr = r < kSide - 1 - r ? r : kSide - 1 - r;
  const int dc = c < kSide - 1 - c ? c : kSide - 1 - c;
  return dr < dc ? dr : dc;
}

// An action in the rules' words: the mover's card of `rank` (1..9) takes a
// step (0 up, 1 down, 2 left, 3 right: into a place or onto a card) or leaves
// the grid (kOff); or the mover passes.
struct Move {
  bool pass = false;
  int rank = 1;
  int step = 0;

  static constexpr Move move(int rank, int step) { return {false, rank, step}; }
  static constexpr Move pass_turn() { return {true}; }
};

namespace detail {
// Every action's parts, by id: the greedy decodes each legal action of every
// rollout step, and a table lookup is cheaper than the division.
inline constexpr auto kMoves = [] {
  std::array<Move, kNumActions> t{};
  for (Action a = 0; a < kPass; ++a) t[a] = Move::move(a / kKinds + 1, a % kKinds);
  t[kPass] = Move::pass_turn();
  return t;
}();
// Every action's card and place shift, by id, as the greedy's inner loop
// reads them: shift 0 for leaving the grid and for a pass (whose rank is 0).
struct ActionParts {
  std::int8_t rank, shift;
};
inline constexpr auto kActionParts = [] {
  std::array<ActionParts, kNumActions> t{};
  for (Action a = 0; a < kPass; ++a)
    t[a] = {static_cast<std::int8_t>(a / kKinds + 1),
            static_cast<std::int8_t>(a % kKinds == kOff ? 0 : kStep[a % kKinds])};
  return t;
}();
}  // namespace detail

// `a` in [0, kNumActions): every caller passes a legal or range-checked id.
[[gnu::always_inline]] constexpr Move decode(Action a) { return detail::kMoves[a]; }
[[gnu::always_inline]] constexpr Action encode(const Move& m) {
  return m.pass ? kPass : (m.rank - 1) * kKinds + m.step;
}

static_assert([] {
  for (Action a = 0; a < kNumActions; ++a)
    if (encode(decode(a)) != a) return false;
  return true;
}());

inline std::string place_name(int place) {  // "a1" = row 0, column 0 (top left)
  return std::string{static_cast<char>('a' + col_of(place))} + std::to_string(row_of(place) + 1);
}

// Deal parameters the Game fixes for every State.
struct Setup {
  int num_players = 2;
  bool solitaire = false;
  int move_cap = 2000;
};

class Code9State {
 public:
  // At most 9 cards x (4 steps) + 1 card off = 37 normal moves; 36 special.
  using ActionList = StaticVector<Action, kNumActions>;

  // `deck`: the 36 grid cards, then (code9 only) each player's ten in seat order.
  Code9State(const Setup& setup, const std::vector<Card>& deck)
      : num_players_(setup.num_players), solitaire_(setup.solitaire), move_cap_(setup.move_cap) {
    owner_.fill(-1);
    suit_of_.fill(-1);
    for (auto& s : place_) s.fill(kNowhere);
    for (int p = 0; p < num_players_; ++p) {
      const int suit = solitaire_ ? 3 : suit_of(deck[static_cast<std::size_t>(kPlaces + p)]);
      suit_of_[p] = static_cast<std::int8_t>(suit);
      owner_[suit] = static_cast<std::int8_t>(p);
    }
    for (int i = 0; i < kPlaces; ++i) {
      const Card c = deck[static_cast<std::size_t>(i)];
      grid_[i] = c;
      place_[suit_of(c)][rank_of(c) - 1] = static_cast<std::int8_t>(i);
    }
    occupied_ = (std::uint64_t{1} << kPlaces) - 1;
    if (solitaire_ && !can_move(suit_of_[0])) current_ = kTerminalPlayer;
  }

  int num_players() const { return num_players_; }
  bool solitaire() const { return solitaire_; }
  int move_cap() const { return move_cap_; }
  Card at(int place) const { return grid_[place]; }
  int suit_of_player(int p) const { return suit_of_[p]; }
  int owner_of_suit(int s) const { return owner_[s]; }
  int place_of(int suit, int rank) const { return place_[suit][rank - 1]; }
  // Where each card of `suit` stands, by rank - 1 (kNowhere: off the grid).
  const std::int8_t* places_of_suit(int suit) const { return place_[suit].data(); }
  int captured(int p) const { return captured_[p]; }
  int moves() const { return moves_; }
  int passes() const { return passes_; }
  int winner() const { return winner_; }
  const StaticVector<Card, kPlaces>& set_aside() const { return set_aside_; }
  // The places holding a card, bit p for place p (the greedy's bitsets start here).
  std::uint64_t occupied() const { return occupied_; }

  int current_player() const { return current_; }
  bool is_terminal() const { return current_ == kTerminalPlayer; }
  bool is_truncated() const { return truncated_; }

  void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    const int s = suit_of_[current_];
    normal_moves(s, out);
    if (out.empty()) special_moves(s, out);
    if (out.empty()) out.push_back(encode(Move::pass_turn()));
  }

  std::string why_illegal(Action a) const {
    if (a < 0 || a >= kNumActions)
      return "action " + std::to_string(a) + " is out of range [0, " + std::to_string(kNumActions) + ")";
    if (is_terminal()) return "the game is over";
    ActionList legal;
    legal_actions(legal);
    for (Action b : legal)
      if (a == b) return {};
    const Move m = decode(a);
    if (m.pass) return "you may pass only when no move is possible";
    if (decode(legal[0]).pass) return "no move is possible: you must pass";
    const int s = suit_of_[current_];
    const int rank = m.rank, k = m.step;
    const std::string card = card_to_string(make_card(rank, s));
    const int p = place_[s][rank - 1];
    if (p == kNowhere) return "your " + card + " is no longer on the grid";
    if (k == kOff) {
      if (!on_edge(p)) return card + " is not on an edge of the grid";
      return "only your lowest card on the grid may leave it, and " + card + " is not";
    }
    const int t = neighbour(p, k);
    if (t < 0)
      return card + " is on the edge: to leave the grid, play '" +
             action_to_string(encode(Move::move(rank, kOff))) + "'";
    const Card victim = grid_[t];
    if (victim != kNoCard && suit_of(victim) == s)
      return card + " cannot move onto your own " + card_to_string(victim);
    if (special_rule_in_force())
      return "no normal move exists, so the special rule applies: move a card onto its lowest "
             "neighbour of another suit, and " +
             card_to_string(victim) + " is not " + card + "'s";
    return card + " may only capture a lower card of another suit, not " + card_to_string(victim);
  }

  void apply(Action a) {
    const int me = current_;
    const Move m = decode(a);
    if (m.pass) {
      ++passes_;
    } else {
      passes_ = 0;
      move_card(me, m);
    }
    ++moves_;
    if (winner_ >= 0 || passes_ >= num_players_) {
      current_ = kTerminalPlayer;
    } else if (moves_ >= move_cap_) {
      truncated_ = true;
      current_ = kTerminalPlayer;
    } else {
      current_ = me + 1 == num_players_ ? 0 : me + 1;
      if (solitaire_ && !can_move(suit_of_[0])) current_ = kTerminalPlayer;
    }
  }

  // The mover's card leaves the grid, or steps into a place, capturing
  // whatever stood there.
  void move_card(int me, const Move& m) {
    const int s = suit_of_[me];
    const int r = m.rank - 1;
    const int from = place_[s][r];
    const Card card = grid_[from];
    grid_[from] = kNoCard;
    occupied_ &= ~(std::uint64_t{1} << from);
    if (m.step == kOff) {
      place_[s][r] = kNowhere;
      set_aside_.push_back(card);
      if (r == kRanks - 1) winner_ = me;
      return;
    }
    const int to = from + kStep[m.step];
    const Card victim = grid_[to];
    if (victim != kNoCard) {
      place_[suit_of(victim)][rank_of(victim) - 1] = kNowhere;
      set_aside_.push_back(victim);
      ++captured_[me];
      // Only the special rule can take a 9; its owner, if any, wins.
      if (rank_of(victim) == kRanks && owner_[suit_of(victim)] >= 0) winner_ = owner_[suit_of(victim)];
    }
    grid_[to] = card;
    occupied_ |= std::uint64_t{1} << to;
    place_[s][r] = static_cast<std::int8_t>(to);
  }

  Scores scores() const {
    Scores sc{};
    if (solitaire_) {
      sc[0] = moves_;
    } else {
      for (int p = 0; p < num_players_; ++p) sc[p] = captured_[p];
    }
    return sc;
  }

  Outcome outcome() const {
    Outcome o;
    if (winner_ >= 0) o.winners = static_cast<std::uint16_t>(1u << winner_);
    o.draw = !solitaire_ && passes_ >= num_players_;
    return o;
  }

  std::string action_to_string(Action a) const {
    if (a < 0 || a >= kNumActions)
      throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                          std::to_string(kNumActions) + ")");
    const Move m = decode(a);
    if (m.pass) return "pass";
    return std::string{kRankNames[m.rank - 1]} + " " + kKindNames[m.step];
  }

  Action string_to_action(std::string_view text) const {
    if (text == "pass") return encode(Move::pass_turn());
    if (text.size() >= 3 && text[1] == ' ') {
      const std::string_view ranks{kRankNames};
      const auto r = ranks.find(text[0]);
      const std::string_view kind = text.substr(2);
      for (int k = 0; k < kKinds && r != std::string_view::npos; ++k)
        if (kind == kKindNames[k]) return encode(Move::move(static_cast<int>(r) + 1, k));
    }
    throw InvalidArgument("unknown action '" + std::string(text) +
                          "' (expected a rank A-9 and up, down, left, right or off, e.g. '7 up', or 'pass')");
  }

  std::string to_string() const {
    std::string out = "   ";
    for (int c = 0; c < kSide; ++c) out += std::string("  ") + static_cast<char>('a' + c);
    out += "\n";
    for (int r = 0; r < kSide; ++r) {
      out += " " + std::to_string(r + 1) + " ";
      for (int c = 0; c < kSide; ++c) {
        const Card x = grid_[r * kSide + c];
        out += " " + (x == kNoCard ? std::string("..") : card_to_string(x));
      }
      out += "\n";
    }
    for (int p = 0; p < num_players_; ++p)
      out += "player " + std::to_string(p) + ": " + kSuitChars[suit_of_[p]] + ", captured " +
             std::to_string(captured_[p]) + "\n";
    out += "moves " + std::to_string(moves_) + ", ";
    if (winner_ >= 0) {
      out += "player " + std::to_string(winner_) + " won\n";
    } else if (is_terminal()) {
      out += truncated_ ? "truncated\n" : (solitaire_ ? "no move left\n" : "draw\n");
    } else {
      out += "player " + std::to_string(current_) + " to move\n";
    }
    return out;
  }

  // Every card is in exactly one place: the invariant tests count them. In
  // the multi-player game each seat also holds the ten that names its suit.
  std::size_t count_cards() const {
    std::size_t n = set_aside_.size() + (solitaire_ ? 0 : static_cast<std::size_t>(num_players_));
    for (Card c : grid_) n += c != kNoCard;
    return n;
  }

  // Determinisation (search players): every card lies face up on the grid
  // and every ten is shown, so the only world consistent with a player's
  // observation is this one; there is nothing to redeal.
  void resample_hidden(int /*player*/, Rng& /*rng*/) {}

  bool operator==(const Code9State&) const = default;

  // The exact observation tensor (code9_tensor.hpp).
  void observation_tensor(int player, float* out) const;

 private:
  bool other_suit(Card c, int s) const { return c != kNoCard && suit_of(c) != s; }

  void normal_moves(int s, ActionList& out) const {
    const auto& floor = detail::kStepFloor[s];
    // Every candidate is written and kept only if legal (no unpredictable
    // branch per neighbour): 9 cards x 5 candidates fit the list's 46.
    Action* w = out.end();
    bool lowest = true;
    for (int r = 0; r < kRanks; ++r) {
      const int p = place_[s][r];
      if (p == kNowhere) continue;
      const auto& next = detail::kPlaceTables.neighbour[p];
      const Action first = encode(Move::move(r + 1, 0));  // the card's ids: first + k
      for (int k = 0; k < 4; ++k) {
        const int t = next[k];
        *w = first + k;
        // Past the edge, read our own place (never a target) instead: a
        // select, where `t >= 0 && ...` compiled to a branch that edge
        // cards make a coin toss (more instructions, but far fewer
        // mispredictions: random play about 1.3x faster by CPU time).
        const int u = t >= 0 ? t : p;
        w += floor[grid_[u]] <= r;
      }
      *w = first + kOff;
      w += lowest && on_edge(p);
      lowest = false;
    }
    out.resize(static_cast<std::size_t>(w - out.begin()));
  }

  void special_moves(int s, ActionList& out) const {
    for (int r = 0; r < kRanks; ++r) {
      const int p = place_[s][r];
      if (p == kNowhere) continue;
      int low = kRanks + 1;
      for (int k = 0; k < 4; ++k) {
        const int t = neighbour(p, k);
        if (t >= 0 && other_suit(grid_[t], s) && rank_of(grid_[t]) < low) low = rank_of(grid_[t]);
      }
      if (low > kRanks) continue;
      for (int k = 0; k < 4; ++k) {
        const int t = neighbour(p, k);
        if (t >= 0 && other_suit(grid_[t], s) && rank_of(grid_[t]) == low)
          out.push_back(encode(Move::move(r + 1, k)));
      }
    }
  }

  bool special_rule_in_force() const {
    ActionList normal;
    normal_moves(suit_of_[current_], normal);
    return normal.empty();
  }

  // Some move, normal or special, exists: a card with an empty or foreign
  // neighbour, or the lowest card on an edge.
  bool can_move(int s) const {
    bool lowest = true;
    for (int r = 0; r < kRanks; ++r) {
      const int p = place_[s][r];
      if (p == kNowhere) continue;
      if (lowest && on_edge(p)) return true;
      lowest = false;
      for (int k = 0; k < 4; ++k) {
        const int t = neighbour(p, k);
        if (t >= 0 && (grid_[t] == kNoCard || suit_of(grid_[t]) != s)) return true;
      }
    }
    return false;
  }

  std::array<Card, kPlaces> grid_{};
  std::array<std::array<std::int8_t, kRanks>, kSuits> place_{};  // [suit][rank-1]
  std::array<std::int8_t, kMaxPlayers> suit_of_{};
  std::array<std::int8_t, kSuits> owner_{};  // -1: neutral
  std::array<std::int16_t, kMaxPlayers> captured_{};
  StaticVector<Card, kPlaces> set_aside_;  // in the order the cards left the grid
  std::uint64_t occupied_ = 0;             // bit p: grid_[p] holds a card
  int num_players_ = 2;
  bool solitaire_ = false;
  int move_cap_ = 2000;
  int current_ = 0;
  int moves_ = 0;
  int passes_ = 0;  // in a row
  int winner_ = -1;
  bool truncated_ = false;
};

// The declarations (core/declaration.hpp): the race, and the solitaire.
inline const GameDeclaration& code9_declaration() {
  static const GameDeclaration d{
      .name = "code9",
      .title = "Code 9 Attack: 2-4 players race to get their 9 off a 6x6 grid",
      .options = {int_option("players", 2, 2, 4, "number of players"),
                  list_option(
                      "suits",
                      "each player's suit (C, D, H or S), seat order, as a list or a string such as 'SH'; "
                      "empty: dealt at random with a seed, "
                      "C, D, H, S in seat order with an explicit 36-card deck"),
                  int_option("move_cap", 2000, 1, 1'000'000,
                             "turns (moves and passes) before the game is truncated")},
      .num_actions = [](int) { return kNumActions; },
  };
  return d;
}
inline const GameDeclaration& code9_solitaire_declaration() {
  static const GameDeclaration d{
      .name = "code9_solitaire",
      .title = "Code 9 Attack solitaire: spades off the 6x6 grid in as few moves as possible",
      .fixed_players = 1,
      .options = {int_option("move_cap", 2000, 1, 1'000'000,
                             "turns (moves and passes) before the game is truncated")},
      .num_actions = [](int) { return kNumActions; },
  };
  return d;
}

class Code9Game {
 public:
  using State = Code9State;

  Code9Game(const OptionMap& given, bool solitaire) {
    setup_.solitaire = solitaire;
    const OptionMap options = suits_as_letters(given);
    OptionReader reader(options, declaration());
    if (!solitaire) {
      setup_.num_players = static_cast<int>(reader.get_int("players"));
      read_suits(reader.get_list("suits"));
    } else {
      setup_.num_players = declaration().fixed_players;
    }
    setup_.move_cap = static_cast<int>(reader.get_int("move_cap"));
    reader.finish();
    options_ = reader.resolved();
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration().num_actions(num_players());
  }

  // By declaration, as the registry and the benches name a game.
  Code9Game(const OptionMap& given, const GameDeclaration& declaration)
      : Code9Game(given, &declaration == &code9_solitaire_declaration()) {}

  const GameDeclaration& declaration() const {
    return setup_.solitaire ? code9_solitaire_declaration() : code9_declaration();
  }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return setup_.num_players; }
  int num_actions() const { return num_actions_; }
  int observation_tensor_size() const;  // code9_tensor.hpp
  const OptionMap& options() const { return options_; }
  // The players' tens are drawn apart from the grid (or fixed by `suits`), so a
  // seeded deck of code9 is no shuffle of one multiset; the solitaire's is.
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    t.deal = setup_.solitaire ? DealLayout::kOneMultiset : DealLayout::kSeededOnly;
    t.max_decisions = setup_.move_cap;
    if (!setup_.solitaire) t.per_seat_keys = {"captured", "suits", "tens"};
    return t;
  }

  void random_deck(Rng& rng, std::vector<Card>& deck) const {
    deck.clear();
    for (int s = 0; s < kSuits; ++s)
      for (int r = 1; r <= kRanks; ++r) deck.push_back(make_card(r, s));
    rng.shuffle(deck.data(), deck.size());
    if (setup_.solitaire) return;
    if (!fixed_suits_.empty()) {
      for (int s : fixed_suits_) deck.push_back(make_card(10, s));
      return;
    }
    Card tens[kSuits];
    for (int s = 0; s < kSuits; ++s) tens[s] = make_card(10, s);
    rng.shuffle(tens, kSuits);
    for (int p = 0; p < setup_.num_players; ++p) deck.push_back(tens[p]);
  }

  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    const std::size_t n = setup_.solitaire ? 0 : static_cast<std::size_t>(setup_.num_players);
    if (texts.size() != kPlaces && texts.size() != kPlaces + n)
      throw InvalidArgument(
          name() + " needs a deck of 36 cards (A-9 of each suit, the grid row by row)" +
          (n ? " or 36 followed by the " + std::to_string(n) + " players' tens" : std::string()) + ", got " +
          std::to_string(texts.size()));
    std::vector<std::string> grid(texts.begin(), texts.begin() + kPlaces);
    auto deck = cardsim::parse_deck(grid, grid_spec(), name());
    if (setup_.solitaire) return deck;
    std::vector<int> suits;
    if (texts.size() == kPlaces) {
      suits = fixed_suits_;
      if (suits.empty())  // nobody named: C, D, H, S in seat order
        for (int p = 0; p < setup_.num_players; ++p) suits.push_back(p);
    } else {
      std::array<bool, kSuits> seen{};
      for (std::size_t i = kPlaces; i < texts.size(); ++i) {
        Card c;
        try {
          c = parse_card(texts[i]);
        } catch (const InvalidArgument& e) {
          throw InvalidArgument("deck position " + std::to_string(i) + ": " + e.what());
        }
        if (c == kJoker || rank_of(c) != 10)
          throw InvalidArgument("deck position " + std::to_string(i) + ": after the 36 grid cards " + name() +
                                " expects the players' tens, got " + card_to_string(c));
        if (seen[suit_of(c)])
          throw InvalidArgument("the deck deals " + card_to_string(c) + " to two players");
        seen[suit_of(c)] = true;
        suits.push_back(suit_of(c));
      }
      if (!fixed_suits_.empty() && suits != fixed_suits_)
        throw InvalidArgument("the tens at the end of the deck disagree with the option suits");
    }
    for (int s : suits) deck.push_back(make_card(10, s));
    return deck;
  }

  State deal(const std::vector<Card>& deck) const { return State(setup_, deck); }

  // Greedy: one-ply look-ahead scored by `value` below; ties broken at random.
  // Search players' value of a finished game, in [0, 1]. The solitaire is won
  // in 9 moves at best and scored by moves taken: a win is worth 1/2 plus
  // 1/2 x 9 / moves, a truncated game 0. Otherwise a win 1, a draw 1/2.
  double search_value(const State& s, int p) const {
    const Outcome o = s.outcome();
    if (s.solitaire()) return o.winners ? 0.5 + 4.5 / std::max(9, s.moves()) : 0.0;
    if (o.winners >> p & 1) return 1.0;
    return o.draw ? 0.5 : 0.0;
  }

  Action greedy_action(const State& state, const State::ActionList& legal, Rng& rng) const {
    if (legal.size() == 1) return legal[0];
    GreedyView view(state, state.current_player());
    int best = -1'000'000'000;
    Action chosen = legal[0];
    std::uint64_t ties = 0;
    for (Action a : legal) {
      const int v = view.value(a);
      if (v > best) {
        best = v;
        chosen = a;
        ties = 1;
      } else if (v == best && rng.below(++ties) == 0) {
        chosen = a;  // reservoir sampling: each tied action equally likely
      }
    }
    return chosen;
  }

  // The value greedy_action gives `a` (a legal action of `state`), one at a
  // time: for tests that compare it with a plain restatement of the rules.
  int greedy_value(const State& state, Action a) const {
    return GreedyView(state, state.current_player()).value(a);
  }

 private:
  static DeckSpec grid_spec() {
    DeckSpec spec;
    for (int s = 0; s < kSuits; ++s)
      for (int r = 1; r <= kRanks; ++r) spec.copies[make_card(r, s)] = 1;
    return spec;
  }

  // The short form of `suits`: a string of letters, "SH" for ["S", "H"].
  static OptionMap suits_as_letters(OptionMap options) {
    auto it = options.find("suits");
    if (it == options.end()) return options;
    if (const auto* text = std::get_if<std::string>(&it->second)) {
      std::vector<std::string> letters;
      for (char ch : *text) letters.emplace_back(1, ch);
      it->second = letters;
    }
    return options;
  }

  void read_suits(const std::vector<std::string>& suits) {
    if (suits.empty()) return;
    if (static_cast<int>(suits.size()) != setup_.num_players)
      throw InvalidArgument("code9 option 'suits' must name one suit per player (" +
                            std::to_string(setup_.num_players) + "), got " + std::to_string(suits.size()));
    for (const auto& text : suits) {
      const std::string_view names{kSuitChars};
      const char ch = text.size() == 1
                          ? static_cast<char>(text[0] >= 'a' && text[0] <= 'z' ? text[0] - 32 : text[0])
                          : '?';
      const auto s = names.find(ch);
      if (text.size() != 1 || s == std::string_view::npos)
        throw InvalidArgument("code9 option 'suits': unknown suit '" + text + "' (expected C, D, H or S)");
      for (int t : fixed_suits_)
        if (t == static_cast<int>(s)) throw InvalidArgument("code9 option 'suits' names " + text + " twice");
      fixed_suits_.push_back(static_cast<int>(s));
    }
  }

  // The greedy's view of a position after its move, for the mover `me`:
  // winning beats everything and handing an opponent the win is worst; then
  // own cards gone (each unlocks the next to leave); then how far the lowest
  // card is from leaving (`exit_cost`); and capturing an opponent's card is
  // mildly avoided, since it brings that player closer to their 9.

  static constexpr std::uint64_t kAllPlaces = (std::uint64_t{1} << kPlaces) - 1;
  // A grid place's card as the greedy's capture table reads it: its suit
  // (a 9: kSuits + 1 + suit), or kSuits for an empty place.
  static constexpr auto kVictimClass = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
      const Card card = static_cast<Card>(c);
      const int suit = suit_of(card);
      t[c] = static_cast<std::uint8_t>(card == kNoCard           ? kSuits
                                       : rank_of(card) == kRanks ? kSuits + 1 + suit
                                                                 : suit);
    }
    return t;
  }();
  static constexpr std::uint64_t kLeftColumn = [] {
    std::uint64_t m = 0;
    for (int r = 0; r < kSide; ++r) m |= std::uint64_t{1} << (r * kSide);
    return m;
  }();
  static constexpr std::uint64_t kRightColumn = kLeftColumn << (kSide - 1);
  static constexpr std::uint64_t kEdge = [] {
    std::uint64_t m = 0;
    for (int p = 0; p < kPlaces; ++p)
      if (on_edge(p)) m |= std::uint64_t{1} << p;
    return m;
  }();
  // The dearest way off: two steps (no place is farther from an edge) of 5.
  static constexpr int kMaxExitCost = 10;
  // The places next to any of `places`.
  static constexpr std::uint64_t spread(std::uint64_t places) { return spread_raw(places) & kAllPlaces; }
  // The same with stray bits past the grid (from its bottom row down),
  // for callers who mask them anyway.
  static constexpr std::uint64_t spread_raw(std::uint64_t places) {
    return (places >> kSide) | (places << kSide) | ((places & ~kLeftColumn) >> 1) |
           ((places & ~kRightColumn) << 1);
  }

  // Each legal action is valued without copying the state and playing it: a
  // move changes two places at most (the card's old place empties, its new
  // one holds it, whatever stood there captured), so the step costs of the
  // position before the move are worked out once per decision and patched
  // per action. The values are those of the position after the move, exactly.
  class GreedyView {
   public:
    GreedyView(const State& s, int me) : s_(s), row_(s.places_of_suit(s.suit_of_player(me))) {
      // No branch per card: whether a card is still on the grid is a coin
      // toss to the predictor. A card off the grid (-1) sets bit 63, no place.
      for (int r = 0; r < kRanks; ++r) own_ |= bit(row_[r] & 63);
      own_ &= kAllPlaces;
      // A place is 0..35 and off the grid -1, so a byte's top bit says
      // "gone": gather the nine into a mask (on a little-endian machine,
      // the multiply moves byte i's bit to bit 56 + i, with no carries) and
      // read the count and the lowest left off tables.
      unsigned gone_mask = static_cast<unsigned>(static_cast<std::uint8_t>(row_[kRanks - 1]) >> 7)
                           << (kRanks - 1);
      if constexpr (std::endian::native == std::endian::little) {
        std::uint64_t first8;
        std::memcpy(&first8, row_, sizeof first8);
        gone_mask |= static_cast<unsigned>((((first8 >> 7) & 0x0101010101010101) * 0x0102040810204080) >> 56);
      } else {
        for (int r = 0; r < kRanks - 1; ++r) gone_mask |= static_cast<unsigned>(row_[r] == kNowhere) << r;
      }
      gone_ = kGoneCount[gone_mask];
      low_ = kLowest[gone_mask];
      empty_ = kAllPlaces & ~s.occupied();
      if (low_) {
        cheap_ = cheap_for(low_);
        stay_cost_ = stay_search();
        // The lowest card's own steps always search (cost_after_step): its
        // place is never safe to leave.
        safe_from_ &= ~bit(mine(low_));
      }
      kept_value_ = 10'000 * gone_ - 100 * stay_cost_;
      capture_value_[kSuits] = kept_value_;  // no victim
      for (int t = 0; t < kSuits; ++t) {
        // Without a branch per suit (the compiler's choice otherwise):
        // all ones for an owned suit.
        const int owned = -static_cast<int>(s.owner_of_suit(t) >= 0);
        const int neutral = kept_value_ + 5;
        capture_value_[t] = neutral + (owned & -25);  // owned: kept_value_ - 20
        // Only the special rule can take a 9; its owner, if any, wins (never
        // the mover: the victim is of another suit).
        capture_value_[kSuits + 1 + t] = neutral + (owned & (kHandsTheWin - neutral));
      }
    }

    int value(Action a) const {
      const detail::ActionParts parts = detail::kActionParts[a];
      if (parts.shift == 0) return rare_value(decode(a));
      // A step: the common case, kept short.
      const int from = mine(parts.rank);
      const int to = from + parts.shift;
      // Whether there is a victim is a coin toss to the branch predictor:
      // read the value from a table by its class instead of testing.
      const int v = capture_value_[kVictimClass[s_.at(to)]];
      if ((safe_from_ >> from) & (safe_to_ >> to) & 1) return v;
      return searched_value(v, parts.rank, from, to);
    }

   private:
    static constexpr std::uint64_t bit(int p) { return std::uint64_t{1} << p; }
    // By the mask of our ranks off the grid (bit r - 1 for rank r): how
    // many, and the lowest rank still on it (0: none).
    static constexpr auto kGoneCount = [] {
      std::array<std::int8_t, 1 << kRanks> t{};
      for (int m = 0; m < 1 << kRanks; ++m)
        for (int r = 0; r < kRanks; ++r) t[m] = static_cast<std::int8_t>(t[m] + (m >> r & 1));
      return t;
    }();
    static constexpr auto kLowest = [] {
      std::array<std::int8_t, 1 << kRanks> t{};
      for (int m = 0; m < 1 << kRanks; ++m)
        for (int r = kRanks; r >= 1; --r)
          if (!(m >> (r - 1) & 1)) t[m] = static_cast<std::int8_t>(r);
      return t;
    }();

    // A step whose places are not both safe: `v` is its value if the exit
    // cost stays as it was.
    [[gnu::noinline]] int searched_value(int v, int rank, int from, int to) const {
      if (v == kHandsTheWin) return v;
      return v + 100 * (stay_cost_ - cost_after_step(rank, from, to));
    }

    // A pass, or a card leaving the grid.
    int rare_value(const Move& m) const {
      if (m.pass) return kept_value_;
      if (m.rank == kRanks) return 1'000'000;  // the mover's 9 leaves: a win
      // The card leaves the grid: one more gone, and the lowest left is
      // now the one to bring out.
      const int from = mine(m.rank);
      int low = 0;
      for (int r = kRanks; r >= 1; --r)
        if (r != m.rank && mine(r) != kNowhere) low = r;
      int v = 10'000 * (gone_ + 1);
      if (low && !on_edge(mine(low)))
        v -= 100 * exit_cost(cheap_for(low) | bit(from), own_ & ~bit(from), mine(low), kMaxExitCost);
      return v;
    }

    // The exit cost after our card of `rank` steps from `from` to `to`, when
    // the safe places (stay_search) do not already say it is unchanged.
    int cost_after_step(int rank, int from, int to) const {
      const int d = stay_cost_;
      if (rank == low_) {
        // The lowest card itself moves. Back onto `from` (now empty) and on
        // by the old way costs 1 + d, so the answer is at most d + 1 and a
        // search may stop after d.
        if (on_edge(to)) return 0;
        if (d == 0) return 1;  // stepped off the edge inwards: at least 1, and back costs 1
        return exit_cost((cheap_ | bit(from)) & ~bit(to), own_, to, d);
      }
      // The old way, with `to` dearer by 2 at most (and `from` cheaper),
      // costs d + 2 at most: a search may stop after d + 1.
      return exit_cost((cheap_ | bit(from)) & ~bit(to), (own_ & ~bit(from)) | bit(to), mine(low_), d + 1);
    }

    // The places our card of `rank` steps onto for 1: empty, or a lower
    // foreign card it can capture (our lowest card is low: few to list). A
    // card off the grid (kNowhere, -1) sets bit 63, which is no place.
    std::uint64_t cheap_for(int rank) const {
      // Our own cards below `rank` are off the grid, except one leaving it
      // (rare_value), whose place the caller counts as cheap anyway: no
      // test for our suit. One loop, so one exit for the predictor to miss.
      std::uint64_t m = 0;
      for (int r = 1; r < rank; ++r)
        m |= bit(s_.place_of(0, r) & 63) | bit(s_.place_of(1, r) & 63) | bit(s_.place_of(2, r) & 63) |
             bit(s_.place_of(3, r) & 63);
      return (m & kAllPlaces) | empty_;
    }

    // The exit cost d of our lowest card before any move, by exit_cost's
    // search, and from what it saw, the places whose new step cost surely
    // leaves d as it was (a move changes two: see cost_after_step).
    //
    // Giving place x (not where our lowest card stands) the step cost c
    // leaves d as it was when (1) no cheapest way out enters x: x is farther
    // than d, or exactly d away but not on the edge (a way through it goes
    // on and costs more); and (2) no way through x becomes cheaper than d:
    // the way in reaches a neighbour y of x no cheaper than its distance
    // d(y), then pays c for x, and at least 1 more unless x is on the edge,
    // so none beats d if no neighbour is within d - 1 - c - (x on the edge ?
    // 0 : 1). A step from x leaves it empty (c = 1); a step onto x puts our
    // card there (c = 3; an emptied place that was dear for 5 only gets
    // cheaper, and (2) covers that too). Anything else: not safe, search.
    int stay_search() {
      const int start = mine(low_);
      if (on_edge(start)) {
        safe_from_ = safe_to_ = kAllPlaces;  // stays on the edge whatever the move
        return 0;
      }
      const std::uint64_t cheap = cheap_, own = own_, dear = kAllPlaces & ~cheap & ~own;
      std::uint64_t within[kMaxExitCost + 1];  // within[k]: the places at distance k or less
      detail::StepRing ring{bit(start)};
      std::uint64_t settled = 0;
      int d = 0;
      for (;; ++d) {
        const std::uint64_t now = ring.b0 & ~settled;
        if (now & kEdge) {
          const std::uint64_t unsafe = within[d - 1] | (kEdge & now);
          const auto spread_within = [&](int k) { return k >= 0 ? spread(within[k]) : 0; };
          safe_from_ = ~(unsafe | (kEdge & spread_within(d - 2)) | (~kEdge & spread_within(d - 3)));
          safe_to_ = ~(unsafe | (kEdge & spread_within(d - 4)) | (~kEdge & spread_within(d - 5)));
          return d;
        }
        settled |= now;
        within[d] = settled;
        ring.advance(spread_raw(now) & ~settled, cheap, own, dear);  // the classes mask the strays
      }
    }

    const State& s_;
    const std::int8_t* row_;  // where the mover's cards stand, by rank - 1 (State::places_of_suit)
    int mine(int rank) const { return row_[rank - 1]; }
    std::uint64_t empty_ = 0, own_ = 0, cheap_ = 0;
    std::uint64_t safe_from_ = 0, safe_to_ = 0;  // see stay_search
    int gone_ = 0, low_ = 0;                     // our cards off the grid; our lowest on it (0: none)
    // A capture's worth by the victim's class (kVictimClass): an owned card
    // brings its owner closer to their 9, a neutral one is a small gain, an
    // owned 9 hands its owner the win. The table holds the whole value of a
    // step that keeps stay_cost_.
    static constexpr int kHandsTheWin = -1'000'000;
    std::array<int, 2 * kSuits + 1> capture_value_{};
    int kept_value_ = 0;  // the value of a move that keeps stay_cost_ and captures nothing
    int stay_cost_ = 0;   // exit_cost before any move (a pass leaves it so)
  };

  // Cheapest way off the grid from `start` (not on the edge): a step into an
  // empty place or onto a lower foreign card (`cheap`) costs 1, a place held
  // by one of our own cards (`own`) 3 (it must move away first), by a foreign
  // card it cannot capture 5 (another card must clear it). Dijkstra with a
  // ring of buckets (Dial's algorithm) held in registers, each bucket a set
  // of places as a bitset: a whole distance is settled and its neighbours
  // found in a few word operations. Stops at the first distance that reaches
  // an edge place, or returns cap + 1 when none does by `cap` (callers pass
  // a cap below which they know the answer lies, or kMaxExitCost).
  static int exit_cost(std::uint64_t cheap, std::uint64_t own, int start, int cap) {
    const std::uint64_t dear = kAllPlaces & ~cheap & ~own;
    detail::StepRing ring{std::uint64_t{1} << start};
    // The places not yet settled, kept as such: one operation less per
    // distance than their complement, and a mask for spread_raw's overflow.
    std::uint64_t unsettled = kAllPlaces;
    for (int d = 0; d <= cap; ++d) {
      const std::uint64_t now = ring.b0 & unsettled;
      if (now & kEdge) return d;
      unsettled ^= now;
      ring.advance(spread_raw(now) & unsettled, cheap, own, dear);
    }
    return cap + 1;
  }

  Setup setup_;
  std::vector<int> fixed_suits_;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::code9

#include "games/code9/code9_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::code9::Code9Game>);
