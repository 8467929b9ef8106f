// Racing Demon (docs/rules/racing_demon.md).
//
// Rules in brief. 1-8 players, each with their own 52-card pack; every card
// remembers its owner. From a player's pack: deck[0..12] the Pile (deck[12]
// on top, face up), deck[13..16] the line of four face-up cards, deck[17..51]
// the hand (deck[17] is turned first). There are no turns: everybody acts at
// once. A player may
//   - play the Pile top, a line card (the top of its column) or the top of
//     their waste to the middle: an ace starts a new foundation, any other card
//     goes on a foundation of its suit whose top is one lower;
//   - turn `turn` (1, 2 or 3) cards from the hand onto their waste, one by one,
//     so that only the last is exposed; with the hand empty, "turn" turns the
//     waste over to make the hand again (an action of its own);
//   - with `build_on_line`: build down in alternating colours on the line, from
//     the Pile top, the waste top, or another column (the card moves with
//     everything on it).
// A line column that empties is refilled at once from the Pile top, and the
// next Pile card turns up. Whoever plays a foundation's king claims it. The
// player whose Pile empties, by any move, is OUT and play stops at once.
// Stalemate: when nobody can play to the middle (or bring a card onto the
// line, with build_on_line) and every player has turned at least as many cards
// as their hand and waste hold since the last such play, each player gathers
// hand and waste (waste turned over under the hand) and moves the top card to
// the bottom; the second stalemate with no play between ends the round with
// nobody OUT. (Bringing a card onto the line means from the Pile or the waste,
// or a column move that empties its column; shifting part of a column is no
// play.) Score: +10 OUT, +2 per claimed foundation, +1 per own card in the
// middle, -1 per card left in the Pile. The OUT player wins.
//
// Who acts when is not the core's business: RacingDemonGame::play_out is the
// batch runner's timed race (option `speeds`; a policy per seat).
//
// Match play (option `match`): one state spans the rounds. A round that ends
// (OUT, stalemate or the move cap) adds its scores to the running totals;
// when no total has reached `target`, the state deals the next round itself,
// each pack shuffled from a key folded from the first deal, so that explicit
// decks and seeded deals both go on the same way. After `max_rounds` rounds
// the match is truncated. scores() are the totals; the highest total wins.
//
// Actions. F = 4 * players foundation slots, numbered in the order they are
// started. P = 24 * players + 27 ids per player; id = player * P + local, and
// actor(id) = id / P. Local ids:
//   0                           turn (or turn the waste over)
//   1 + src * (F + 1) + t       play from src to foundation slot t (t < F),
//                               or start a new foundation (t = F, aces only);
//                               src 0 = Pile, 1..4 = line column 0..3, 5 = waste
//   B + c       (B = 1 + 6(F+1)) Pile top onto line column c      (build_on_line)
//   B + 4 + c                   waste top onto line column c      (build_on_line)
//   B + 8 + 3i + k              line column i onto column j, j = k < i ? k : k + 1
// Text: "p1 turn", "p0 line2>f5", "p3 waste>new", "p0 pile>line1", "p2 line0>line3".
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/deck.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/hidden.hpp"
#include "core/options.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim::racing_demon {

inline constexpr int kLine = 4;
inline constexpr int kPileSize = 13;
inline constexpr int kHandSize = 52 - kPileSize - kLine;  // 35
inline constexpr int kSources = 6;                        // Pile, line 0..3, waste
inline constexpr int kSrcPile = 0, kSrcWaste = 5;
inline constexpr int kLineBuilds = 20;
inline constexpr int kMaxFoundations = 4 * kMaxPlayers;

inline constexpr int actions_per_player(int players) {
  return 1 + kSources * (4 * players + 1) + kLineBuilds;
}

// An action in the rules' words: who acts, and which card goes from where to
// where. Sources are kSrcPile, 1 + c for line column c, and kSrcWaste.
enum class MoveKind : std::uint8_t {
  Turn,      // turn cards from the hand onto the waste (or the waste over)
  ToMiddle,  // the source's top card onto a foundation, or starting one
  ToLine,    // the Pile or waste top onto a column, or part of a column onto another
};
inline constexpr int kNewFoundation = -1;

struct Move {
  MoveKind kind = MoveKind::Turn;
  int actor = 0;
  int source = kSrcPile;
  int target = 0;  // ToMiddle: a foundation slot or kNewFoundation; ToLine: a column

  bool operator==(const Move&) const = default;
};

// Ids under the layout of the header comment, for `slots` = 4 * players
// foundation slots and `per` = actions_per_player(players) ids per player
// (the state keeps both, rather than recompute them for every id).
[[gnu::always_inline]] constexpr Move decode(Action a, int slots, int per) {
  const int actor = a / per;
  const int local = a % per;
  if (local == 0) return Move{MoveKind::Turn, actor};
  if (local < 1 + kSources * (slots + 1)) {
    const int src = (local - 1) / (slots + 1), t = (local - 1) % (slots + 1);
    return Move{MoveKind::ToMiddle, actor, src, t == slots ? kNewFoundation : t};
  }
  const int b = local - 1 - kSources * (slots + 1);
  if (b < 8) return Move{MoveKind::ToLine, actor, b < 4 ? kSrcPile : kSrcWaste, b % 4};
  const int i = (b - 8) / 3, k = (b - 8) % 3;
  return Move{MoveKind::ToLine, actor, 1 + i, k < i ? k : k + 1};
}

[[gnu::always_inline]] constexpr Action encode(const Move& m, int slots, int per) {
  const Action base = m.actor * per;
  const Action builds = base + 1 + kSources * (slots + 1);
  switch (m.kind) {
    case MoveKind::Turn: return base;
    case MoveKind::ToMiddle:
      return base + 1 + m.source * (slots + 1) + (m.target == kNewFoundation ? slots : m.target);
    case MoveKind::ToLine:
      if (m.source == kSrcPile) return builds + m.target;
      if (m.source == kSrcWaste) return builds + 4 + m.target;
      return builds + 8 + 3 * (m.source - 1) + (m.target < m.source - 1 ? m.target : m.target - 1);
  }
  return -1;
}

static_assert([] {
  for (int n = 1; n <= kMaxPlayers; ++n)
    for (Action a = 0; a < n * actions_per_player(n); ++a)
      if (encode(decode(a, 4 * n, actions_per_player(n)), 4 * n, actions_per_player(n)) != a) return false;
  return true;
}());

struct Foundation {
  StaticVector<Card, 13> cards;           // ace first
  StaticVector<std::uint8_t, 13> owners;  // whose pack each card came from
  std::int8_t claimed_by = -1;            // who played the king

  bool operator==(const Foundation&) const = default;
};

struct Player {
  StaticVector<Card, kPileSize> pile;              // bottom .. top (face up)
  std::array<StaticVector<Card, 13>, kLine> line;  // each column bottom .. top
  StaticVector<Card, kHandSize> hand;              // bottom .. top (next to turn)
  StaticVector<Card, kHandSize> waste;             // bottom .. top (exposed)
  std::int32_t turned = 0;                         // cards turned since the last play

  int stock() const { return static_cast<int>(hand.size() + waste.size()); }
  bool operator==(const Player&) const = default;
};

// Rank and colour by table: move generation asks them of every line card at
// every look, and a load beats the divisions by 13.
inline constexpr auto kRankOf = [] {
  std::array<std::int8_t, 256> t{};
  for (int c = 0; c < 52; ++c) t[c] = static_cast<std::int8_t>(rank_of(static_cast<Card>(c)));
  return t;
}();
inline constexpr auto kRedOf = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 52; ++c) t[c] = is_red(static_cast<Card>(c));
  return t;
}();

// Line building: one rank lower and the other colour.
constexpr bool builds_on(Card moved, Card target) {
  return kRankOf[moved] + 1 == kRankOf[target] && kRedOf[moved] != kRedOf[target];
}

// Match play options (the game's `match`, `target`, `max_rounds`).
struct MatchRules {
  bool on = false;
  std::int64_t target = 100;
  int max_rounds = 1000;

  bool operator==(const MatchRules&) const = default;
};

class RacingDemonState {
 public:
  // Most actions one player can have: turn, 6 sources on up to `players`
  // foundations each, and the 20 line builds.
  static constexpr int kMaxPerPlayer = 1 + kSources * kMaxPlayers + kLineBuilds;
  using ActionList = StaticVector<Action, kMaxPlayers * kMaxPerPlayer>;
  using PlayerActions = StaticVector<Action, kMaxPerPlayer>;

  RacingDemonState(int players, int turn, bool build_on_line, std::int64_t move_cap,
                   const std::vector<Card>& deck, const MatchRules& match = {})
      : players_(static_cast<std::int8_t>(players)),
        turn_(static_cast<std::int8_t>(turn)),
        build_on_line_(build_on_line),
        move_cap_(move_cap),
        per_player_(racing_demon::actions_per_player(players)),
        match_(match) {
    if (match_.on) key_ = fold_deck_key(deck);
    start_round(deck.data());
  }

  int num_players() const { return players_; }
  int foundation_slots() const { return 4 * players_; }
  int actions_per_player() const { return per_player_; }
  int actor(Action a) const { return a / per_player_; }
  const Player& seat(int p) const { return seats_[p]; }
  const StaticVector<Foundation, kMaxFoundations>& foundations() const { return foundations_; }
  int out_player() const { return out_; }
  bool ended_in_stalemate() const { return stalemate_; }
  int rotations() const { return rotations_; }
  std::int64_t moves() const { return moves_; }  // in this round
  // Match play: the round being played (0 first) and the totals of the rounds finished.
  bool is_match() const { return match_.on; }
  int round() const { return round_; }
  const Scores& totals() const { return totals_; }

  int current_player() const { return is_terminal() ? kTerminalPlayer : kSimultaneousPlayer; }
  bool is_terminal() const { return out_ >= 0 || stalemate_ || truncated_; }
  // In match play a round that ends is followed by the next one at once, so
  // the round's end flags stay set only when the match is over.
  bool is_truncated() const { return match_.on ? match_truncated_ : truncated_; }

  // One player's legal actions, sorted (their ids are contiguous per player).
  void legal_actions_for(int p, PlayerActions& out) const {
    out.clear();
    if (is_terminal()) return;
    const Player& pl = seats_[p];
    const int actor = p;
    if (pl.stock() > 0) out.push_back(encode(Move{MoveKind::Turn, actor}));
    for (int src = 0; src < kSources; ++src) {
      const Card c = source_card(pl, src);
      if (c == kNoCard) continue;
      Move m{MoveKind::ToMiddle, actor, src, kNewFoundation};
      if (rank_of(c) == 1) {
        out.push_back(encode(m));
      } else {
        for (std::uint32_t slots = accepts_[c]; slots; slots &= slots - 1) {
          m.target = __builtin_ctz(slots);
          out.push_back(encode(m));
        }
      }
    }
    if (build_on_line_) line_builds(pl, actor, out);
  }

  // why_illegal(a).empty() without building any text: the timed simulator
  // asks it of every pending action.
  bool is_legal(Action a) const {
    if (is_terminal() || a < 0 || a >= players_ * per_player_) return false;
    const Move m = decode(a);
    const Player& pl = seats_[m.actor];
    switch (m.kind) {
      case MoveKind::Turn: return pl.stock() > 0;
      case MoveKind::ToMiddle: {
        const Card c = source_card(pl, m.source);
        if (c == kNoCard) return false;
        if (m.target == kNewFoundation) return rank_of(c) == 1;
        return (accepts_[c] >> m.target) & 1;
      }
      case MoveKind::ToLine:
        if (!build_on_line_) return false;
        if (is_column(m.source)) return line_move_depth(pl, m.source - 1, m.target) >= 0;
        if (source_card(pl, m.source) == kNoCard) return false;
        return builds_on(source_card(pl, m.source), pl.line[m.target].back());
    }
    return false;
  }

  [[gnu::always_inline]] Move decode(Action a) const {
    return racing_demon::decode(a, 4 * players_, per_player_);
  }
  [[gnu::always_inline]] Action encode(const Move& m) const {
    return racing_demon::encode(m, 4 * players_, per_player_);
  }

  void legal_actions(ActionList& out) const {
    out.clear();
    PlayerActions mine;
    for (int p = 0; p < players_; ++p) {
      legal_actions_for(p, mine);
      for (Action a : mine) out.push_back(a);
    }
  }

  std::string why_illegal(Action a) const {
    if (a < 0 || a >= players_ * per_player_)
      return "action " + std::to_string(a) + " is out of range [0, " +
             std::to_string(players_ * per_player_) + ")";
    if (match_.on && is_terminal())
      return match_truncated_ ? "the match is over: the round cap was reached" : "the match is over";
    if (out_ >= 0) return "the game is over: player " + std::to_string(out_) + " is OUT";
    if (stalemate_) return "the game is over: the round ended in stalemate";
    if (truncated_) return "the game is over: the move cap was reached";
    const Move m = decode(a);
    const Player& pl = seats_[m.actor];
    const std::string who = "player " + std::to_string(m.actor);
    switch (m.kind) {
      case MoveKind::Turn: return pl.stock() > 0 ? "" : who + " has no cards left in hand or waste";
      case MoveKind::ToMiddle: return why_not_to_middle(pl, m, who);
      case MoveKind::ToLine: return why_not_to_line(pl, m, who);
    }
    return "";
  }

  void apply(Action a) {
    const Move m = decode(a);
    const int p = m.actor;
    Player& pl = seats_[p];
    ++moves_;
    bool play = true;  // a play to the middle or a card brought onto the line
    switch (m.kind) {
      case MoveKind::Turn:
        play = false;
        turn(pl);
        break;
      case MoveKind::ToMiddle: to_middle(p, take(pl, m.source), m.target); break;
      case MoveKind::ToLine:
        if (is_column(m.source)) {
          play = move_column(pl, m.source - 1, m.target);
        } else {
          const Card c = take(pl, m.source);
          pl.line[m.target].push_back(c);
        }
        break;
    }
    if (pl.pile.empty()) {
      out_ = static_cast<std::int8_t>(p);
    } else {
      if (play) {
        for (int q = 0; q < players_; ++q) seats_[q].turned = 0;
        rotations_ = 0;
      }
      // Also after a play: with every hand and waste empty, the last play can
      // leave nobody anything to do.
      check_stalemate();
      if (!is_terminal() && moves_ >= move_cap_) truncated_ = true;
    }
    // The actor's waste top, as the action leaves it, is seen from now on
    // (resample_hidden). Only there can a hand card come to show; one turned
    // up by an action that also calls a stalemate is gathered into the hand
    // before anybody looks.
    if (!pl.waste.empty()) seen_[static_cast<std::size_t>(p)] |= std::uint64_t{1} << pl.waste.back();
    if (match_.on && is_terminal()) end_round();
  }

  // The match totals in match play, else the round's scores.
  Scores scores() const { return match_.on ? totals_ : round_scores(); }

  // What the round being played (or the last one) scores as it stands.
  Scores round_scores() const {
    Scores s{};
    for (int p = 0; p < players_; ++p) s[p] = -static_cast<int>(seats_[p].pile.size());
    if (out_ >= 0) s[out_] += 10;
    for (const Foundation& f : foundations_) {
      if (f.claimed_by >= 0) s[f.claimed_by] += 2;
      for (std::uint8_t o : f.owners) ++s[o];
    }
    return s;
  }

  // One round: the OUT player wins. A match: the highest total wins, equal
  // highest is a draw, a truncated match has no winner.
  Outcome outcome() const {
    Outcome o;
    if (!match_.on) {
      if (out_ >= 0) o.winners = static_cast<std::uint16_t>(1u << out_);
      return o;
    }
    if (!is_terminal() || match_truncated_) return o;
    const int best = *std::max_element(totals_.begin(), totals_.begin() + players_);
    for (int p = 0; p < players_; ++p)
      if (totals_[p] == best) o.winners = static_cast<std::uint16_t>(o.winners | (1u << p));
    if (__builtin_popcount(o.winners) > 1) o = Outcome{0, true};
    return o;
  }

  std::string action_to_string(Action a) const {
    if (a < 0 || a >= players_ * per_player_)
      throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                          std::to_string(players_ * per_player_) + ")");
    const Move m = decode(a);
    const std::string s = "p" + std::to_string(m.actor) + " ";
    switch (m.kind) {
      case MoveKind::Turn: return s + "turn";
      case MoveKind::ToMiddle:
        return s + source_name(m.source) + ">" +
               (m.target == kNewFoundation ? std::string("new") : "f" + std::to_string(m.target));
      case MoveKind::ToLine: return s + source_name(m.source) + ">line" + std::to_string(m.target);
    }
    return s;
  }

  Action string_to_action(std::string_view text) const {
    // Few enough ids per player that matching the printed forms is simplest
    // and cannot drift from action_to_string.
    const auto bad = [&] {
      return InvalidArgument("unknown action '" + std::string(text) +
                             "' (expected e.g. 'p0 turn', 'p1 line2>f3', 'p0 waste>new', 'p2 pile>line1')");
    };
    if (text.size() < 3 || text[0] != 'p') throw bad();
    const auto space = text.find(' ');
    if (space == std::string_view::npos || space < 2 || space > 2) throw bad();
    const int p = text[1] - '0';
    if (p < 0 || p >= players_) throw bad();
    for (int local = 0; local < per_player_; ++local) {
      const Action a = p * per_player_ + local;
      if (action_to_string(a) == text) return a;
    }
    throw bad();
  }

  std::string to_string() const {
    std::string out;
    for (int p = 0; p < players_; ++p) {
      const Player& pl = seats_[p];
      out += "player " + std::to_string(p) + (out_ == p ? " (OUT)" : "") + ": Pile " +
             std::to_string(pl.pile.size()) +
             (pl.pile.empty() ? "" : " top " + card_to_string(pl.pile.back())) + ", line";
      for (const auto& col : pl.line) {
        out += " [";
        for (std::size_t i = 0; i < col.size(); ++i) out += (i ? " " : "") + card_to_string(col[i]);
        out += "]";
      }
      out += ", hand " + std::to_string(pl.hand.size()) + ", waste " + std::to_string(pl.waste.size()) +
             (pl.waste.empty() ? "" : " top " + card_to_string(pl.waste.back())) + "\n";
    }
    out += "middle:";
    for (std::size_t f = 0; f < foundations_.size(); ++f) {
      const Foundation& fd = foundations_[f];
      out += " f" + std::to_string(f) + "=" + card_to_string(fd.cards.back()) +
             (fd.claimed_by >= 0 ? "(p" + std::to_string(fd.claimed_by) + ")" : "");
    }
    if (stalemate_) out += "\nended in stalemate";
    if (truncated_) out += "\ntruncated";
    if (match_.on) {
      out += "\nround " + std::to_string(round_) + ", totals";
      for (int p = 0; p < players_; ++p) out += " " + std::to_string(totals_[p]);
      if (match_truncated_) out += "\nmatch truncated";
    }
    return out + "\n";
  }

  // Every card is in exactly one place: the invariant tests count them.
  std::size_t count_cards() const {
    std::size_t n = 0;
    for (int p = 0; p < players_; ++p) {
      const Player& pl = seats_[p];
      n += pl.pile.size() + pl.hand.size() + pl.waste.size();
      for (const auto& col : pl.line) n += col.size();
    }
    for (const Foundation& f : foundations_) n += f.cards.size();
    return n;
  }

  // Determinisation. Every seat sees the same table, so what is hidden does
  // not depend on `player`: in each seat's own places, the Pile below its top
  // card, and the hand and waste cards that have never shown as the waste top
  // (the owner does not see their face-down hand either). A card once shown
  // stays known wherever turning, turning over and the stalemate's
  // rotation take it, since those moves are fixed reorderings. The hidden
  // cards of each seat's pack are dealt afresh among that seat's hidden
  // places only (a card never leaves its owner's places but for the middle,
  // where it shows). In match play the key of the rounds to come is drawn
  // afresh from `rng`: it follows from the first deal, so it would tell what
  // the player has not seen.
  void resample_hidden(int /*player*/, Rng& rng) {
    for (int q = 0; q < players_; ++q) {
      Player& pl = seats_[q];
      HiddenPlaces<kPileSize + kHandSize> hidden;  // hand and waste hold 35 together
      for (std::size_t i = 0; i + 1 < pl.pile.size(); ++i) hidden.add(pl.pile[i]);
      const std::uint64_t seen = seen_[static_cast<std::size_t>(q)];
      for (Card& c : pl.hand)
        if (!(seen >> c & 1)) hidden.add(c);
      for (std::size_t i = 0; i + 1 < pl.waste.size(); ++i)
        if (!(seen >> pl.waste[i] & 1)) hidden.add(pl.waste[i]);
      hidden.redeal(rng);
    }
    if (match_.on) key_ = rng.next();
  }

  bool operator==(const RacingDemonState&) const = default;

  // The exact observation tensor of `player` (racing_demon_tensor.hpp): writes
  // every one of RacingDemonGame::observation_tensor_size() floats, allocating nothing.
  void observation_tensor(int player, float* out) const;

 private:
  static bool is_column(int src) { return src != kSrcPile && src != kSrcWaste; }

  // Building on the line (build_on_line): the Pile or waste top onto a
  // column, then whole or part columns onto another, in id order.
  void line_builds(const Player& pl, int actor, PlayerActions& out) const {
    for (const int src : {kSrcPile, kSrcWaste}) {
      const Card c = source_card(pl, src);
      if (c == kNoCard) continue;
      for (int col = 0; col < kLine; ++col)
        if (builds_on(c, pl.line[col].back())) out.push_back(encode(Move{MoveKind::ToLine, actor, src, col}));
    }
    for (int i = 0; i < kLine; ++i)
      for (int j = 0; j < kLine; ++j)
        if (j != i && line_move_depth(pl, i, j) >= 0)
          out.push_back(encode(Move{MoveKind::ToLine, actor, 1 + i, j}));
  }

  std::string why_not_to_middle(const Player& pl, const Move& m, const std::string& who) const {
    const Card c = source_card(pl, m.source);
    if (c == kNoCard) return who + "'s waste is empty";
    const std::string card = card_to_string(c);
    if (m.target == kNewFoundation)
      return rank_of(c) == 1 ? "" : "only an ace starts a new foundation, not " + card;
    const int t = m.target;
    if (rank_of(c) == 1)
      return "an ace starts a new foundation; it cannot go on foundation " + std::to_string(t);
    if (t >= static_cast<int>(foundations_.size()))
      return "foundation " + std::to_string(t) + " is not started";
    const Foundation& f = foundations_[t];
    if (f.claimed_by >= 0) return "foundation " + std::to_string(t) + " is complete";
    if (!(accepts_[c] >> t & 1))
      return card + " does not go on foundation " + std::to_string(t) + " (its top is " +
             card_to_string(f.cards.back()) + ")";
    return "";
  }

  std::string why_not_to_line(const Player& pl, const Move& m, const std::string& who) const {
    if (!build_on_line_) return "building on the line needs the option build_on_line";
    const Card top = pl.line[m.target].back();
    if (is_column(m.source)) {
      if (line_move_depth(pl, m.source - 1, m.target) < 0)
        return "no card of line column " + std::to_string(m.source - 1) + " builds on " + card_to_string(top);
      return "";
    }
    const Card c = source_card(pl, m.source);
    if (c == kNoCard) return who + "'s waste is empty";
    if (!builds_on(c, top))
      return card_to_string(c) + " does not build on " + card_to_string(top) +
             " (one lower, the other colour)";
    return "";
  }

  // Moves column i's cards from the one that builds on column j's top onto
  // j. Returns whether that was a play: shifting part of a column changes
  // nothing that could unblock a stalemate; emptying one brings the Pile's
  // next card into play.
  static bool move_column(Player& pl, int i, int j) {
    const int d = line_move_depth(pl, i, j);
    for (std::size_t x = static_cast<std::size_t>(d); x < pl.line[i].size(); ++x)
      pl.line[j].push_back(pl.line[i][x]);
    pl.line[i].resize(static_cast<std::size_t>(d));
    if (d == 0) refill(pl, i);
    return d == 0;
  }

  static const char* source_name(int src) {
    static constexpr const char* kNames[kSources] = {"pile", "line0", "line1", "line2", "line3", "waste"};
    return kNames[src];
  }

  static Card source_card(const Player& pl, int src) {
    if (src == kSrcPile) return pl.pile.back();
    if (src == kSrcWaste) return pl.waste.empty() ? kNoCard : pl.waste.back();
    return pl.line[src - 1].back();
  }

  void start_round(const Card* deck) {
    for (int p = 0; p < players_; ++p) {
      const Card* pack = deck + 52 * p;
      Player& pl = seats_[p];
      pl = Player{};
      for (int i = 0; i < kPileSize; ++i) pl.pile.push_back(pack[i]);
      for (int c = 0; c < kLine; ++c) pl.line[c].push_back(pack[kPileSize + c]);
      // deck[17] is turned first, so it goes on top (the back).
      for (int i = 51; i >= kPileSize + kLine; --i) pl.hand.push_back(pack[i]);
    }
    seen_.fill(0);
    foundations_.clear();
    accepts_.fill(0);
    moves_ = 0;
    out_ = -1;
    rotations_ = 0;
    stalemate_ = truncated_ = false;
  }

  // Match play: the round just ended adds to the totals; then the match ends
  // (a total at the target, or the round cap) or the next round is dealt,
  // every pack shuffled in seat order from the key mixed with the round.
  void end_round() {
    const Scores sc = round_scores();
    bool reached = false;
    for (int p = 0; p < players_; ++p) {
      totals_[p] += sc[p];
      reached = reached || totals_[p] >= match_.target;
    }
    const int played = round_ + 1;
    if (reached) return;
    if (played >= match_.max_rounds) {
      match_truncated_ = true;
      return;
    }
    std::array<Card, 52 * kMaxPlayers> deck;
    later_deal(key_, played, players_, deck.data());
    round_ = played;
    start_round(deck.data());
  }

  // Where in column i the card that builds on column j's top sits, or -1.
  // Every column descends one rank at a time from its bottom card (only
  // builds ever add to it), so the rank alone says where to look.
  static int line_move_depth(const Player& pl, int i, int j) {
    const Card target = pl.line[j].back();
    const auto& col = pl.line[i];
    const int d = kRankOf[col[0]] - kRankOf[target] + 1;
    if (d < 0 || d >= static_cast<int>(col.size())) return -1;
    return kRedOf[col[static_cast<std::size_t>(d)]] != kRedOf[target] ? d : -1;
  }

  // Takes the card from a source; a line column that empties is refilled.
  Card take(Player& pl, int src) {
    Card c;
    if (src == kSrcPile) {
      c = pl.pile.back();
      pl.pile.pop_back();
    } else if (src == kSrcWaste) {
      c = pl.waste.back();
      pl.waste.pop_back();
    } else {
      auto& col = pl.line[src - 1];
      c = col.back();
      col.pop_back();
      if (col.empty()) refill(pl, src - 1);
    }
    return c;
  }

  static void refill(Player& pl, int col) {
    pl.line[col].push_back(pl.pile.back());
    pl.pile.pop_back();
  }

  void to_middle(int p, Card c, int slot) {
    if (slot < 0) {
      slot = static_cast<int>(foundations_.size());
      foundations_.push_back(Foundation{});
    } else {
      accepts_[c] &= ~(1u << slot);
    }
    Foundation& f = foundations_[slot];
    f.cards.push_back(c);
    f.owners.push_back(static_cast<std::uint8_t>(p));
    if (rank_of(c) == 13) {
      f.claimed_by = static_cast<std::int8_t>(p);
    } else {
      accepts_[c + 1] |= 1u << slot;
    }
  }

  void turn(Player& pl) {
    if (pl.hand.empty()) {
      for (std::size_t i = pl.waste.size(); i-- > 0;) pl.hand.push_back(pl.waste[i]);
      pl.waste.clear();
      return;
    }
    const int n = std::min<int>(turn_, static_cast<int>(pl.hand.size()));
    for (int i = 0; i < n; ++i) {
      pl.waste.push_back(pl.hand.back());
      pl.hand.pop_back();
    }
    pl.turned += n;  // at most 3 x move_cap: no overflow
  }

  bool can_play(const Player& pl) const {
    for (int src = 0; src < kSources; ++src) {
      const Card c = source_card(pl, src);
      if (c != kNoCard && (rank_of(c) == 1 || accepts_[c])) return true;
    }
    if (!build_on_line_) return false;
    for (int col = 0; col < kLine; ++col) {
      const Card top = pl.line[col].back();
      if (builds_on(pl.pile.back(), top)) return true;
      if (!pl.waste.empty() && builds_on(pl.waste.back(), top)) return true;
      for (int i = 0; i < kLine; ++i)
        if (i != col && builds_on(pl.line[i][0], top)) return true;
    }
    return false;
  }

  void check_stalemate() {
    for (;;) {
      for (int p = 0; p < players_; ++p)
        if (seats_[p].turned < seats_[p].stock()) return;
      for (int p = 0; p < players_; ++p)
        if (can_play(seats_[p])) return;
      if (rotations_ >= 1) {
        stalemate_ = true;
        return;
      }
      rotations_ = 1;
      for (int p = 0; p < players_; ++p) rotate(seats_[p]);
    }
  }

  // Hand and waste gathered into one hand (the waste turned over beneath it),
  // then its top card put at the bottom.
  static void rotate(Player& pl) {
    pl.turned = 0;
    if (pl.stock() == 0) return;
    StaticVector<Card, kHandSize> order;  // in the order they would be turned
    for (std::size_t i = pl.hand.size(); i-- > 0;) order.push_back(pl.hand[i]);
    for (Card c : pl.waste) order.push_back(c);
    pl.hand.clear();
    pl.waste.clear();
    pl.hand.push_back(order[0]);  // the old top, now at the bottom
    for (std::size_t i = order.size(); i-- > 1;) pl.hand.push_back(order[i]);
  }

  std::array<Player, kMaxPlayers> seats_{};
  StaticVector<Foundation, kMaxFoundations> foundations_;
  // accepts_[c]: bit t set when open foundation t needs card c next.
  std::array<std::uint32_t, 52> accepts_{};
  // seen_[q]: bit c set once card c of seat q's pack has shown as the waste
  // top this round (Pile, line and middle cards are in sight where they lie).
  std::array<std::uint64_t, kMaxPlayers> seen_{};
  std::int8_t players_;
  std::int8_t turn_;
  bool build_on_line_;
  std::int64_t move_cap_;
  int per_player_;
  MatchRules match_;
  std::uint64_t key_ = 0;  // match play: later rounds are shuffled from it
  int round_ = 0;
  Scores totals_{};
  bool match_truncated_ = false;
  std::int64_t moves_ = 0;
  std::int8_t out_ = -1;
  std::int8_t rotations_ = 0;
  bool stalemate_ = false;
  bool truncated_ = false;
};

// Per-player speeds: "1.0,0.8" seconds per action, one per player or one for
// all; empty means 1 s each. Kept in whole milliseconds so that the reference
// reads them to the same integers.
inline std::vector<std::int64_t> parse_speeds(const std::string& text, int players) {
  std::vector<std::int64_t> out;
  const auto bad = [&](const std::string& why) {
    return InvalidArgument("racing_demon option 'speeds' " + why + ", got '" + text + "'");
  };
  if (text.empty()) return std::vector<std::int64_t>(static_cast<std::size_t>(players), 1000);
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(',', pos);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(pos, end - pos);
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    const auto dot = item.find('.');
    const std::string whole = item.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : item.substr(dot + 1);
    const auto digits = [](const std::string& s) {
      return std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    };
    if ((whole.empty() && frac.empty()) || !digits(whole) || !digits(frac) || frac.size() > 3 ||
        whole.size() > 4 || (dot != std::string::npos && frac.empty()))
      throw bad("must be seconds per action like '1.0,0.8' (at most 3 decimals)");
    std::int64_t ms = whole.empty() ? 0 : std::stoll(whole) * 1000;
    std::string f3 = frac + std::string(3 - frac.size(), '0');
    ms += std::stoll(f3);
    if (ms < 1 || ms > 1000000) throw bad("must lie between 0.001 and 1000 seconds");
    out.push_back(ms);
    pos = end + 1;
  }
  if (out.size() == 1) return std::vector<std::int64_t>(static_cast<std::size_t>(players), out[0]);
  if (static_cast<int>(out.size()) != players)
    throw bad("needs one speed, or one per player (" + std::to_string(players) + ")");
  return out;
}

// The declaration (core/declaration.hpp): everyone acts at once from their own
// pack, and the batch runner races the players.
inline const GameDeclaration& racing_demon_declaration() {
  static const GameDeclaration d{
      .name = "racing_demon",
      .title =
          "Racing Demon: 1-8 players race to empty their Pile, all at once (timed simulator); match=True "
          "plays rounds to a target",
      .options = {int_option("players", 4, 1, kMaxPlayers, "number of players, each with a pack"),
                  int_option("turn", 3, 1, 3, "cards turned from the hand at a time"),
                  bool_option("build_on_line", false,
                              "build down in alternating colours on the line, moving sequences"),
                  int_option("move_cap", 20000, 1, 100000000,
                             "actions (all players together) before the round is truncated"),
                  str_option("speeds", "",
                             "timed simulator: mean seconds per action, one for all or one per player, "
                             "e.g. '1.0,0.8' (empty: 1 s each); each delay is uniform in [0.5, 1.5] x "
                             "the mean"),
                  bool_option("match", false, "play rounds until a running total reaches the target"),
                  int_option("target", 100, 1, 100000,
                             "match play: rounds are dealt until a player's running total reaches this"),
                  int_option("max_rounds", 1000, 1, 100000,
                             "match play: rounds before the match is truncated")},
      .dynamics = Dynamics::kSimultaneous,
      .timed = true,
      .num_actions = [](int players) { return players * actions_per_player(players); },
  };
  return d;
}

class RacingDemonGame {
 public:
  using State = RacingDemonState;

  explicit RacingDemonGame(const OptionMap& options) {
    OptionReader reader(options, declaration());
    players_ = static_cast<int>(reader.get_int("players"));
    turn_ = static_cast<int>(reader.get_int("turn"));
    build_on_line_ = reader.get_bool("build_on_line");
    move_cap_ = reader.get_int("move_cap");
    speeds_text_ = reader.get_str("speeds");
    match_.on = reader.get_bool("match");
    match_.target = reader.get_int("target");
    match_.max_rounds = static_cast<int>(reader.get_int("max_rounds"));
    reader.finish();
    // Match options say nothing about one round: a value of theirs without
    // match=True is surely a mistake.
    if (!match_.on && (match_.target != 100 || match_.max_rounds != 1000))
      throw InvalidArgument(name() + " option '" + (match_.target != 100 ? "target" : "max_rounds") +
                            "' applies to match play only (give match=True)");
    speeds_ms_ = parse_speeds(speeds_text_, players_);
    options_ = reader.resolved();
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration().num_actions(num_players());
  }

  const GameDeclaration& declaration() const { return racing_demon_declaration(); }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return players_; }
  int num_actions() const { return num_actions_; }
  const OptionMap& options() const { return options_; }
  // Simultaneous and timed by declaration; one pack per player.
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    t.deal = DealLayout::kPerSeatPacks;
    t.max_decisions = (match_.on ? match_.max_rounds : 1) * move_cap_;
    t.per_seat_keys =
        match_.on ? std::vector<std::string>{"players", "totals"} : std::vector<std::string>{"players"};
    t.match = match_.on;
    return t;
  }
  const std::vector<std::int64_t>& speeds_ms() const { return speeds_ms_; }
  const MatchRules& match_rules() const { return match_; }
  int observation_tensor_size() const;  // racing_demon_tensor.hpp

  // Each player shuffles their own pack; the packs follow one another.
  void random_deck(Rng& rng, std::vector<Card>& deck) const { shuffled_packs(players_, rng, deck); }

  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    return parse_packs(texts, players_, name());
  }

  State deal(const std::vector<Card>& deck) const {
    return State(players_, turn_, build_on_line_, move_cap_, deck, match_);
  }

  // Greedy: empty the Pile first (Pile to the middle, then a line card to the
  // middle, which the Pile refills, then the Pile onto the line, then a line
  // move that empties a column); then the waste to the middle or the line;
  // then turn. Lowest id within a kind. `legal` is one player's actions.
  Action greedy_action(const State& s, const State::PlayerActions& legal, Rng&) const {
    int best_rank = 99;
    Action best = legal[0];
    for (Action a : legal) {
      const Move m = s.decode(a);
      int r;
      switch (m.kind) {
        case MoveKind::Turn: r = 7; break;
        case MoveKind::ToMiddle: r = m.source == kSrcPile ? 1 : m.source == kSrcWaste ? 5 : 2; break;
        default:
          if (m.source == kSrcPile) {
            r = 3;
          } else if (m.source == kSrcWaste) {
            r = 6;
          } else {
            const Player& pl = s.seat(m.actor);
            r = builds_on(pl.line[m.source - 1][0], pl.line[m.target].back()) ? 4 : 8;
          }
      }
      if (r < best_rank) {
        best_rank = r;
        best = a;
      }
    }
    return best;
  }

  // The timed race. Each player acts after a delay uniform in
  // [mean/2, mean*3/2] microseconds (mean = their speed); ties go to the lower
  // seat. At each of their events a player carries out the action chosen at
  // the previous one, if a rival has not made it illegal meanwhile (then it
  // is dropped), and chooses the next from the state as it now stands.
  // Draw order, which the Python simulator repeats: at time 0, for each player
  // in seat order, the choice then the delay; then at each event the choice
  // then the delay. A random choice among one action draws nothing.
  // Each seat plays its own policy (random, greedy or first; the runner
  // refuses search players here). In match play the race goes on round after
  // round on the same state: when a round ends and the next is dealt, the
  // clock runs on from that moment and every player, in seat order, chooses
  // and draws a delay afresh, as at time 0. times[p] is the player's last
  // action over the whole match.
  std::int64_t play_out(State& s, const SeatPolicies& seats, Rng& rng, double* times) const {
    PlayOut race = start_play_out();
    run_play_out(s, race, seats, nullptr, rng);
    if (times) play_out_times(race, times);
    return race.moves;
  }

  // The race's clock, kept between calls so that the race can stop where a
  // seat's choice is made outside (a Python policy in a batch run) and
  // resume once it is known, with the same draws in the same order as
  // play_out (HasResumablePlayOut, core/game.hpp).
  struct PlayOut {
    std::array<std::int64_t, kMaxPlayers> at{}, last{}, mean{};
    std::array<Action, kMaxPlayers> pending{};
    int started = 0;    // seats given their first choice and delay (time 0)
    int awaiting = -1;  // the seat whose choice is made outside, or -1
    std::int64_t moves = 0;
  };

  PlayOut start_play_out() const {
    PlayOut race;
    for (int p = 0; p < players_; ++p) race.mean[p] = speeds_ms_[static_cast<std::size_t>(p)] * 1000;
    return race;
  }

  // Runs the race until a seat with `outside[p]` set has a choice to make
  // (returns that seat: give its action with resume_play_out, then call again)
  // or the game (in match play, the match) ends (returns -1). A seat with no legal action chooses
  // nothing, wherever its choice is made. With `outside` null, play_out.
  // `record`, when given, receives every action the race carries out, in
  // order (a replay's history; the runner passes none).
  int run_play_out(State& s, PlayOut& race, const SeatPolicies& seats, const bool* outside, Rng& rng,
                   std::vector<Action>* record = nullptr) const {
    State::PlayerActions legal;
    // Chooses p's next action, or returns true when the choice is made outside.
    const auto choose = [&](int p) -> bool {
      s.legal_actions_for(p, legal);
      if (legal.empty()) {
        race.pending[p] = -1;
        return false;
      }
      if (outside && outside[p]) {
        race.awaiting = p;
        return true;
      }
      race.pending[p] = simple_action(seats[p].kind, *this, s, legal, rng);
      return false;
    };
    const auto delay = [&](int p) {
      return race.mean[p] / 2 +
             static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(race.mean[p]) + 1));
    };
    if (race.awaiting >= 0) {
      // Resumed after an outside choice: its delay is drawn now, as play_out
      // draws it right after the choice.
      const int p = race.awaiting;
      race.awaiting = -1;
      race.at[p] += delay(p);
      if (race.started == p) ++race.started;
    }
    for (;;) {
      // A round's start: every seat, in seat order, chooses and draws a delay.
      for (; race.started < players_; ++race.started) {
        const int p = race.started;
        if (choose(p)) return p;
        race.at[p] += delay(p);
      }
      bool next_round = false;
      while (!s.is_terminal()) {
        int p = 0;
        for (int q = 1; q < players_; ++q)
          if (race.at[q] < race.at[p]) p = q;
        if (race.pending[p] >= 0 && s.is_legal(race.pending[p])) {
          const int round = s.round();
          s.apply(race.pending[p]);
          if (record) record->push_back(race.pending[p]);
          ++race.moves;
          race.last[p] = race.at[p];
          if (s.is_terminal()) break;
          if (s.round() != round) {
            // Match play dealt the next round: the clock runs on from this
            // moment and every seat starts afresh, as at time 0.
            const std::int64_t now = race.at[p];
            for (int q = 0; q < players_; ++q) race.at[q] = now;
            race.started = 0;
            next_round = true;
            break;
          }
        }
        if (choose(p)) return p;
        race.at[p] += delay(p);
      }
      if (!next_round) return -1;
    }
  }

  // Gives the awaited seat's action (legal for that seat: the caller checks).
  void resume_play_out(PlayOut& race, Action a) const { race.pending[race.awaiting] = a; }

  // Each player's finishing time in seconds: their last action's event.
  void play_out_times(const PlayOut& race, double* times) const {
    for (int p = 0; p < players_; ++p) times[p] = static_cast<double>(race.last[p]) / 1e6;
  }

 private:
  int players_ = 4;
  int turn_ = 3;
  bool build_on_line_ = false;
  std::int64_t move_cap_ = 20000;
  MatchRules match_;
  std::string speeds_text_;
  std::vector<std::int64_t> speeds_ms_;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::racing_demon

#include "games/racing_demon/racing_demon_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::racing_demon::RacingDemonGame>);
