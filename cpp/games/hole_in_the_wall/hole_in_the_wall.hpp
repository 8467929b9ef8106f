// Hole in the Wall (docs/rules/hole_in_the_wall.md).
//
// Rules in brief. 2-4 players build one wall of cards, 7 columns wide, upward
// from a base row. The dealer (player n-1 in the first deal) takes cards from
// the top for the base until 7 cards of 7 different ranks stand in columns
// 0..6 (a card whose rank is already in the base goes to the bottom of the
// stock); then 4 cards to each player one at a time, starting with player
// dealer+1, who moves first. The rest is the stock (top first).
// A turn begins by refilling the hand to 4 from the stock (as far as it goes);
// then the player either places one or more cards as one or more sequences
// and ends the turn (it ends by itself when the hand is empty), or exchanges
// k >= 1 cards (k <= stock size: draw k from the top, then the k given-up
// cards go to the bottom), or passes when neither is possible.
// A sequence starts next to a card that was on the display before this turn
// and is one rank from it; each further card goes next to the previous card
// of the sequence, one rank from it, and the second card fixes the direction.
// A card goes only on an open cell (connected to the air above the top row
// through empty cells inside the 7 columns), never next to a card of its own
// rank. Placing a card scores, for each orthogonal neighbour one rank away,
// 1 (colours differ), 2 (same colour, other suit) or 4 (same suit). Empty
// cells cut off from the air are holes; at the end each hole scores for the
// dealer: 5 per cell if it touches column 0 or 6, else 10 per cell. The deal
// ends after a turn when no card in any hand or in the stock could start a
// sequence anywhere, or is truncated by the turn cap.
//
// Options: players (2..4, default 2), teams (4 players: 0+1 against 2+3),
// match (one deal per player, the deal passing on), move_cap (default 1000
// turns per deal), score_holes (default true; false drops the hole points,
// which only serves to measure them: play does not depend on it).
//
// The display is a fixed grid of 7 columns by 46 rows: row 0 is the base, and
// at most 52 - 7 = 45 cards are ever placed, so no card can sit above row 45.
// Cells that can take a card are numbered column-major: cell = col * 45 + (row - 1),
// 0..314, so that enumerating column bit masks yields ascending action ids.
//
// Actions (fixed ids, 2537 in all):
//   0..2519     place: ((slot * 315 + cell) * 2 + mode), slot = hand position 0..3,
//               mode 0 = start a new sequence, 1 = continue the current one
//               text "place <slot> r<row>c<col> new|cont"
//   2520        end the turn (only after placing)                      text "end"
//   2521..2535  exchange: 2520 + mask, bit i = hand slot i (first and only act of a turn)
//               text "exchange 0,2,3"
//   2536        pass (only when neither placing nor exchanging is possible)  text "pass"
//
// Scores: scores()[p] = placement points of seat p (over the match) plus, for
// the dealer of a finished deal, that deal's hole points. Winner: the highest
// score (with teams: the side with the higher sum, both partners win); equal
// tops draw; a truncated game has no winner.
//
// Scores count the current deal's holes once the game is over, also when it
// was truncated (scores as they stand); to_dict shows them as they grow.
//
// Hole detection works on bit masks: each column is one 64-bit word (bit r =
// row r), so the open air is a flood fill of a handful of word operations per
// placement (vertical runs by carry propagation, sideways by neighbouring
// words), and a table lookup on the 8 cells round the new card skips the fill
// when the card cannot cut anything off (93% of placements; bench/studies/hole_detection.py).
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
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/hidden.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/static_vector.hpp"

namespace cardsim::hole_in_the_wall {

inline constexpr int kCols = 7;
inline constexpr int kMaxRow = 45;              // the highest row a card can ever reach
inline constexpr int kRows = kMaxRow + 1;       // with the base row 0
inline constexpr int kCells = kCols * kMaxRow;  // 315 cells that can take a card
inline constexpr int kHandSize = 4;
inline constexpr int kMaxPlayersHere = 4;
inline constexpr int kMaxDeals = kMaxPlayersHere;
inline constexpr Action kEndTurn = 2 * kHandSize * kCells;  // 2520
inline constexpr Action kExchangeBase = kEndTurn;           // exchange of mask m: 2520 + m
inline constexpr Action kPass = kEndTurn + 16;              // 2536
inline constexpr int kNumActions = kPass + 1;               // 2537

// Rank of a card byte (1..13), 0 for kNoCard: one load instead of a division.
constexpr std::array<std::uint8_t, 256> make_rank_table() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 52; ++c) t[c] = static_cast<std::uint8_t>(rank_of(static_cast<Card>(c)));
  return t;
}
inline constexpr std::array<std::uint8_t, 256> kRank = make_rank_table();

// Cards named by each exchange mask (no popcount instruction is assumed).
inline constexpr std::array<int, 16> kMaskSize = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

inline constexpr int kModeNew = 0;
inline constexpr int kModeContinue = 1;

// ---- the grid as bit masks ------------------------------------------------------

using Column = std::uint64_t;
// Rows 1..46: everything above the base that matters to the air. A card only
// goes next to a card, so at most one row above the top card; row 46 would
// need a card on row 45, which takes all 45 cards, so no card is left to place.
inline constexpr Column kAboveBase = ((Column{1} << (kMaxRow + 2)) - 1) & ~Column{1};

// A set of the wall's cells (filled, or where a card may go), a bit per row in
// each column.
struct CellSet {
  std::array<Column, kCols> col{};

  bool any() const {
    Column x = 0;
    for (Column c : col) x |= c;
    return x != 0;
  }
  bool has(int row, int c) const { return (col[c] >> row) & 1; }
  void set(int row, int c) { col[c] |= Column{1} << row; }
  void clear(int row, int c) { col[c] &= ~(Column{1} << row); }
  int count() const {
    int n = 0;
    for (Column c : col) n += std::popcount(c);
    return n;
  }
  friend CellSet operator&(const CellSet& a, const CellSet& b) {
    CellSet m;
    for (int c = 0; c < kCols; ++c) m.col[c] = a.col[c] & b.col[c];
    return m;
  }
  friend CellSet operator|(const CellSet& a, const CellSet& b) {
    CellSet m;
    for (int c = 0; c < kCols; ++c) m.col[c] = a.col[c] | b.col[c];
    return m;
  }
  CellSet without(const CellSet& b) const {
    CellSet m;
    for (int c = 0; c < kCols; ++c) m.col[c] = col[c] & ~b.col[c];
    return m;
  }
  bool operator==(const CellSet&) const = default;
};

// The cells orthogonally next to one cell.
inline CellSet cell_neighbours(int row, int c) {
  CellSet m;
  const Column bit = Column{1} << row;
  m.col[c] = (bit << 1) | (bit >> 1);
  if (c > 0) m.col[c - 1] |= bit;
  if (c < kCols - 1) m.col[c + 1] |= bit;
  return m;
}

// Cells of `m` in a vertical run of `m` that holds a seed (s is a subset of m).
// Upward: adding s to m carries through each run from its seeds, so the carry
// vector (m + s) ^ m ^ s marks the run above every seed. Downward: a
// Kogge-Stone occluded fill, six shifts.
inline Column fill_runs(Column s, Column m) {
  const Column up = s | (m & ((m + s) ^ m ^ s));
  Column g = s, p = m;
  g |= p & (g >> 1);
  p &= p >> 1;
  g |= p & (g >> 2);
  p &= p >> 2;
  g |= p & (g >> 4);
  p &= p >> 4;
  g |= p & (g >> 8);
  p &= p >> 8;
  g |= p & (g >> 16);
  p &= p >> 16;
  g |= p & (g >> 32);
  return up | g;
}

// Every cell of `m` joined to `seed` (a subset of m) by orthogonal steps inside
// m. Each round fills whole vertical runs, then steps one column sideways; it
// stops at a fixed point (one round per sideways turn of the longest path).
inline CellSet flood(CellSet seed, const CellSet& m) {
  for (;;) {
    for (int c = 0; c < kCols; ++c) seed.col[c] = fill_runs(seed.col[c], m.col[c]);
    CellSet next;
    bool grew = false;
    for (int c = 0; c < kCols; ++c) {
      const Column side = (c > 0 ? seed.col[c - 1] : 0) | (c < kCols - 1 ? seed.col[c + 1] : 0);
      next.col[c] = seed.col[c] | (m.col[c] & side);
      grew |= next.col[c] != seed.col[c];
    }
    if (!grew) return seed;
    seed = next;
  }
}

// The 8 cells around a cell, clockwise from above: N NE E SE S SW W NW (bits
// 0..7, set when open). kJoinedAround[ring] says that the open orthogonal
// neighbours (even bits) lie in one cyclic run of open ring cells: then any path
// of the air through the centre can go round it, and filling the centre cannot
// cut anything off, so the flood fill is skipped.
constexpr std::array<bool, 256> make_joined_around() {
  std::array<bool, 256> table{};
  for (int ring = 0; ring < 256; ++ring) {
    if (ring == 255) {
      table[ring] = true;
      continue;
    }
    int start = 0;
    while ((ring >> start) & 1) ++start;  // a closed cell: runs cannot wrap past it
    int runs = 0;
    bool in_run = false, orthogonal = false;
    for (int k = 1; k <= 8; ++k) {
      const int i = (start + k) % 8;
      if ((ring >> i) & 1) {
        if (!in_run) in_run = true, orthogonal = false;
        orthogonal |= i % 2 == 0;
      } else {
        if (in_run && orthogonal) ++runs;
        in_run = false;
      }
    }
    table[ring] = runs <= 1;
  }
  return table;
}
inline constexpr std::array<bool, 256> kJoinedAround = make_joined_around();

// A card fills cell (row, c) of the open air `open`; `top` is the highest
// card's row, this one included. Updates `open` and returns the cells cut off
// from the air: the new holes. Holes never reopen (no card leaves the wall),
// so the new air is a flood from the rows above the top inside the old air.
// Whether the open cells around (row, c) stay joined without it (kJoinedAround).
// Read as three columns of three rows (rows row-1 .. row+1 of columns c-1,
// c, c+1: bits 0-2, 3-5, 6-8), which kJoinedAround9 maps to the ring.
constexpr std::array<bool, 512> make_joined_around9() {
  std::array<bool, 512> table{};
  for (unsigned x = 0; x < 512; ++x) {
    const auto at = [x](int k, int r) {
      return (x >> (3 * k + r)) & 1u;
    };  // k: column - (c-1), r: row - (row-1)
    const unsigned ring = at(1, 2) | at(2, 2) << 1 | at(2, 1) << 2 | at(2, 0) << 3 | at(1, 0) << 4 |
                          at(0, 0) << 5 | at(0, 1) << 6 | at(0, 2) << 7;
    table[x] = kJoinedAround[ring];
  }
  return table;
}
inline constexpr std::array<bool, 512> kJoinedAround9 = make_joined_around9();

inline bool joined_around(const CellSet& open, int row, int c) {
  const auto rows = [&open, row](int k) -> unsigned {
    return k >= 0 && k < kCols ? static_cast<unsigned>((open.col[k] >> (row - 1)) & 7) : 0u;
  };
  return kJoinedAround9[rows(c - 1) | rows(c) << 3 | rows(c + 1) << 6];
}

inline CellSet fill_open_cell(CellSet& open, int top, int row, int c, bool shortcut = true) {
  const bool joined = shortcut && joined_around(open, row, c);
  open.clear(row, c);
  if (joined) return CellSet{};
  const Column air = kAboveBase & ~((Column{2} << top) - 1);  // rows above the top card
  CellSet seed;
  for (int k = 0; k < kCols; ++k) seed.col[k] = air;
  const CellSet reach = flood(seed, open);
  const CellSet sealed = open.without(reach);
  open = reach;
  return sealed;
}

// Points of the holes in `sealed`: each orthogonally connected region scores 5
// per cell if it touches column 0 or 6, else 10 per cell.
inline int hole_points_of(CellSet sealed) {
  int points = 0;
  while (sealed.any()) {
    CellSet seed;
    for (int c = 0; c < kCols; ++c) {
      if (sealed.col[c]) {
        seed.col[c] = sealed.col[c] & (0 - sealed.col[c]);  // its lowest cell
        break;
      }
    }
    const CellSet region = flood(seed, sealed);
    const bool side = region.col[0] || region.col[kCols - 1];
    points += region.count() * (side ? 5 : 10);
    sealed = sealed.without(region);
  }
  return points;
}

// Points for placing card a next to card b, if they are one rank apart.
constexpr int pair_points_of(Card a, Card b) {
  const int d = rank_of(a) - rank_of(b);
  if (d != 1 && d != -1) return 0;
  if (suit_of(a) == suit_of(b)) return 4;
  return is_red(a) == is_red(b) ? 2 : 1;
}
// The same for every pair of the 52 cards (2.7 kB), so that scoring is a load.
constexpr std::array<std::array<std::uint8_t, 52>, 52> make_pair_table() {
  std::array<std::array<std::uint8_t, 52>, 52> t{};
  for (int a = 0; a < 52; ++a)
    for (int b = 0; b < 52; ++b)
      t[a][b] = static_cast<std::uint8_t>(pair_points_of(static_cast<Card>(a), static_cast<Card>(b)));
  return t;
}
inline constexpr std::array<std::array<std::uint8_t, 52>, 52> kPairPoints = make_pair_table();
inline int pair_points(Card a, Card b) { return kPairPoints[a][b]; }
// The same indexed by the neighbour's byte & 63: a card keeps its number and
// kNoCard (0xFF) reads 63, a zero.
static_assert((kNoCard & 63) >= 52);
inline constexpr auto kPairOrEmpty = [] {
  std::array<std::array<std::uint8_t, 64>, 52> t{};
  for (int a = 0; a < 52; ++a)
    for (int b = 0; b < 52; ++b) t[a][b] = kPairPoints[a][b];
  return t;
}();

inline std::string cell_name(int row, int c) { return "r" + std::to_string(row) + "c" + std::to_string(c); }

struct Config {
  int players = 2;
  bool teams = false;
  bool match = false;
  int move_cap = 1000;
  bool score_holes = true;
  bool operator==(const Config&) const = default;
};

// An action in the rules' words: place the card in a hand slot on a cell
// (starting a new sequence or continuing the current one), end the turn,
// exchange the cards of some slots (bit i: slot i), or pass.
struct Move {
  enum Kind { Place, End, Exchange, Pass } kind;
  int slot = 0, row = 0, col = 0, mode = 0, mask = 0;

  static constexpr Move place(int slot, int row, int col, int mode) {
    return {Place, slot, row, col, mode, 0};
  }
  static constexpr Move exchange(int mask) { return {Exchange, 0, 0, 0, 0, mask}; }
};

namespace detail {
// A placement's slot, row and column by id / 2 (the mode is the id's low bit):
// the greedy decodes every legal placement of every step, and one load is
// cheaper than the four divisions. `at` is the cell's index in the grid
// (row * 7 + col), `left`/`right` are 63 on the grid's edge columns, where the
// neighbour in memory belongs to another row: gain_at() reads it as empty.
struct PlaceParts {
  std::uint16_t at;
  std::uint8_t slot, row, col, left, right;
};
inline constexpr auto kPlaceParts = [] {
  std::array<PlaceParts, kHandSize * kCells> t{};
  for (int rest = 0; rest < kHandSize * kCells; ++rest) {
    const int cell = rest % kCells, row = cell % kMaxRow + 1, col = cell / kMaxRow;
    t[rest] = {static_cast<std::uint16_t>(row * kCols + col),
               static_cast<std::uint8_t>(rest / kCells),
               static_cast<std::uint8_t>(row),
               static_cast<std::uint8_t>(col),
               static_cast<std::uint8_t>(col == 0 ? 63 : 0),
               static_cast<std::uint8_t>(col == kCols - 1 ? 63 : 0)};
  }
  return t;
}();
}  // namespace detail

[[gnu::always_inline]] constexpr Move decode(Action a) {
  if (a < kEndTurn) {
    const detail::PlaceParts& p = detail::kPlaceParts[static_cast<std::size_t>(a >> 1)];
    return Move::place(p.slot, p.row, p.col, a & 1);
  }
  if (a == kEndTurn) return {Move::End};
  if (a < kPass) return Move::exchange(a - kExchangeBase);
  return {Move::Pass};
}

[[gnu::always_inline]] constexpr Action encode(const Move& m) {
  switch (m.kind) {
    case Move::Place:
      return static_cast<Action>((m.slot * kCells + m.col * kMaxRow + (m.row - 1)) * 2 + m.mode);
    case Move::End: return kEndTurn;
    case Move::Exchange: return kExchangeBase + m.mask;
    case Move::Pass: return kPass;
  }
  return -1;
}

static_assert([] {
  for (Action a = 0; a < kNumActions; ++a)
    if (encode(decode(a)) != a) return false;
  return true;
}());

// Low walls packed for move generation: rows 1..16 of a column are 16 bits,
// columns 0-3 in one word and 4-6 in another, still column-major, so a
// hand card's placements are read off two words, not seven (the loop tests
// of sparse columns were most of the cost, and their mispredictions more).
// The state keeps the low rows of its sets packed beside them; they are used
// while the top card is at most on row 15: every cell a card may go to is
// next to a card, so at most on row 16.
inline constexpr int kPackedRows = 16;
inline constexpr int kPackedMaxTop = kPackedRows - 1;
struct Packed {
  Column w0 = 0, w1 = 0;
  bool operator==(const Packed&) const = default;
};
// Rows 1..16 of a set.
constexpr Packed pack_low(const CellSet& s) {
  const auto x = [&s](int c) { return (s.col[c] >> 1) & ((Column{1} << kPackedRows) - 1); };
  return {x(0) | x(1) << 16 | x(2) << 32 | x(3) << 48, x(4) | x(5) << 16 | x(6) << 32};
}
// The set of packed low rows (row 0 and rows above 16 empty).
constexpr CellSet unpack_low(const Packed& p) {
  CellSet m;
  for (int c = 0; c < kCols; ++c)
    m.col[c] = (((c < 4 ? p.w0 : p.w1) >> (16 * (c & 3))) & ((Column{1} << kPackedRows) - 1)) << 1;
  return m;
}
// The low rows of cell_neighbours() of each cell row * 7 + col.
inline constexpr auto kLowNeighbours = [] {
  std::array<Packed, kCols * kRows> t{};
  for (int row = 0; row < kRows; ++row)
    for (int c = 0; c < kCols; ++c) {
      CellSet m;
      const Column bit = Column{1} << row;
      m.col[c] = (bit << 1) | (bit >> 1);
      if (c > 0) m.col[c - 1] |= bit;
      if (c < kCols - 1) m.col[c + 1] |= bit;
      t[row * kCols + c] = pack_low(m);
    }
  return t;
}();
// A packed bit's offset in a slot's placement ids: 2 * cell (cell = col * 45 + row - 1).
inline constexpr auto kPackedOffset = [] {
  std::array<std::array<std::int16_t, 64>, 2> t{};
  for (int w = 0; w < 2; ++w)
    for (int i = 0; i < 64; ++i) {
      const int col = 4 * w + i / kPackedRows, row = i % kPackedRows + 1;
      t[w][i] = static_cast<std::int16_t>(col < kCols ? 2 * (col * kMaxRow + row - 1) : 0);
    }
  return t;
}();

// The exchanges of a full hand, masks ascending, copied into a legal list at once.
inline constexpr auto kAllExchanges = [] {
  std::array<Action, (1 << kHandSize) - 1> t{};
  for (int m = 1; m < (1 << kHandSize); ++m) t[static_cast<std::size_t>(m - 1)] = encode(Move::exchange(m));
  return t;
}();

class HoleInTheWallState {
 public:
  // Capacity: a card of rank r starts a sequence only next to one of the 8
  // cards of rank r +- 1 (4 cells each: 32 cells) and continues one on at most
  // 4 cells; 4 slots of that, then the end or 15 exchanges or the pass.
  using ActionList = StaticVector<Action, kHandSize * (32 + 4) + 16>;
  using Hand = StaticVector<Card, kHandSize>;

  HoleInTheWallState(const Config& config, const std::vector<Card>& deck) : cfg_(config) {
    if (!deck.empty()) std::memcpy(deck_.data(), deck.data(), deck.size());  // one call, not a byte loop
    start_deal(0);
  }

  // ---- read access (bindings, greedy) ----
  const Config& config() const { return cfg_; }
  int num_players() const { return cfg_.players; }
  int dealer() const { return dealer_; }
  int deal_number() const { return deal_; }
  int turns() const { return turns_; }
  int top_row() const { return top_; }
  Card card_at(int row, int c) const { return cells_[row * kCols + c]; }
  bool is_hole(int row, int c) const { return holes_.has(row, c); }
  const CellSet& open_air() const { return open_; }
  const Hand& hand(int p) const { return hands_[p]; }
  int stock_size() const { return static_cast<int>(stock_.size()); }
  Card stock_card(int i) const { return stock_[stock_.size() - 1 - static_cast<std::size_t>(i)]; }  // 0 = top
  const StaticVector<std::uint16_t, kHandSize>& placed_this_turn() const { return placed_turn_; }
  int sequence_last() const { return seq_last_; }  // row * 7 + col, or -1
  int sequence_direction() const { return seq_dir_; }
  int placement_points(int p) const { return placement_[p]; }
  int hole_points() const { return hole_points_; }
  int match_points(int p) const { return match_[p]; }

  int current_player() const { return over_ ? kTerminalPlayer : cur_; }
  bool is_terminal() const { return over_; }
  bool is_truncated() const { return truncated_; }

  // Cells where the card in hand slot `slot` may go, by mode; false when it
  // cannot continue the sequence (`cont` is then left as it was). A card of
  // rank r starts a sequence on an open cell of starts_[r], unless it is next
  // to one of this turn's cards of its rank; it continues the sequence on an
  // open cell next to the last card and not next to its rank.
  bool placements(int slot, CellSet& fresh, CellSet& cont) const {
    const int r = kRank[hands_[cur_][slot]];
    fresh = open_ & starts_set(r);
    if (placed_turn_.empty()) return false;  // no sequence yet, nor cards of this turn
    const CellSet own = turn_near(r);
    fresh = fresh.without(own);
    const int d = r - kRank[cells_[seq_last_]];
    if ((d != 1 && d != -1) || (seq_dir_ != 0 && d != seq_dir_)) return false;
    cont = open_.without(near_set(r) | own) & cell_neighbours(seq_last_ / kCols, seq_last_ % kCols);
    return true;
  }

  // Placements come slot by slot, then by column and row (ascending ids).
  // Written through a raw pointer: stores into the list (ints) could alias
  // this state's members, which would reload them at every action.
  void legal_actions(ActionList& out) const {
    out.clear();
    if (over_) return;
    const Hand& h = hands_[cur_];
    const int cards = static_cast<int>(h.size());
    Action* w = out.begin();
    if (top_ <= kPackedMaxTop) {
      w = packed_placements(h, w);
    } else if (placed_turn_.empty()) {
      // The turn's first act (most calls): new sequences only, read column
      // by column straight off the two sets.
      for (int slot = 0; slot < cards; ++slot) {
        const Action first = encode(Move::place(slot, 1, 0, kModeNew)) - 2;  // + column * 90 + 2 * row
        const CellSet& start = starts_[kRank[h[slot]]];
#pragma GCC unroll 7
        for (int c = 0; c < kCols; ++c) {
          Column cells = open_.col[c] & start.col[c];
          const Action base = first + 2 * kMaxRow * c;
          for (; cells; cells &= cells - 1) *w++ = base + 2 * std::countr_zero(cells);
        }
      }
    } else {
      // Mid-turn: placements() column by column, without whole-set
      // temporaries: `cont` lives in the three columns round the last card.
      // The sequence's facts are read once (stores into the list could alias them).
      const int last_rank = kRank[cells_[seq_last_]], dir = seq_dir_;
      const int last_row = seq_last_ / kCols, last_col = seq_last_ % kCols;
      const Column last_bit = Column{1} << last_row;
      const int lo = last_col > 0 ? last_col - 1 : 0, hi = last_col < kCols - 1 ? last_col + 1 : kCols - 1;
      unsigned turn_ranks = 0;  // bit r: a card of rank r went on this turn
      for (auto cell : placed_turn_) turn_ranks |= 1u << kRank[cells_[cell]];
      // Column c's fresh starts f and continuations k, rows ascending, a new one first.
      const auto emit = [&w](Action base, Column f, Column k) {
        for (Column cells = f | k; cells; cells &= cells - 1) {
          const int row = std::countr_zero(cells);
          if ((f >> row) & 1) *w++ = base + 2 * row;
          if ((k >> row) & 1) *w++ = base + 2 * row + 1;
        }
      };
      for (int slot = 0; slot < cards; ++slot) {
        const Action first = encode(Move::place(slot, 1, 0, kModeNew)) - 2;
        const int r = kRank[h[slot]];
        const CellSet& start = starts_[r];
        const int d = r - last_rank;
        const bool continues = (d == 1 || d == -1) && (dir == 0 || d == dir);
        const auto cont_at = [&](int c) {
          return open_.col[c] & ~near_[r].col[c] &
                 (c == last_col ? (last_bit << 1) | (last_bit >> 1) : last_bit);
        };
        if (turn_ranks >> r & 1) {  // rare: this turn's cards of rank r bar their neighbours
          CellSet own;
          turn_near(r, own);
          for (int c = 0; c < kCols; ++c) {
            const Column k = continues && c >= lo && c <= hi ? cont_at(c) : 0;
            emit(first + 2 * kMaxRow * c, open_.col[c] & start.col[c] & ~own.col[c], k & ~own.col[c]);
          }
          continue;
        }
        // Continuations only in the three columns round the last card.
        int c = 0;
        for (; c < lo; ++c) {
          const Action base = first + 2 * kMaxRow * c;
          for (Column cells = open_.col[c] & start.col[c]; cells; cells &= cells - 1)
            *w++ = base + 2 * std::countr_zero(cells);
        }
        for (; c <= hi; ++c)
          emit(first + 2 * kMaxRow * c, open_.col[c] & start.col[c], continues ? cont_at(c) : 0);
        for (; c < kCols; ++c) {
          const Action base = first + 2 * kMaxRow * c;
          for (Column cells = open_.col[c] & start.col[c]; cells; cells &= cells - 1)
            *w++ = base + 2 * std::countr_zero(cells);
        }
      }
    }
    out.resize(static_cast<std::size_t>(w - out.begin()));
    if (!placed_turn_.empty()) {
      out.push_back(encode({Move::End}));
      return;
    }
    const int subsets = (1 << h.size()) - 1;
    if (h.size() == kHandSize && stock_.size() >= kHandSize) {  // the usual case: all 15 exchanges
      std::memcpy(w, kAllExchanges.data(), sizeof kAllExchanges);
      out.resize(static_cast<std::size_t>(w - out.begin()) + kAllExchanges.size());
    } else if (stock_.size() >= h.size()) {  // every subset of the hand
      for (int m = 1; m <= subsets; ++m) *w++ = encode(Move::exchange(m));
      out.resize(static_cast<std::size_t>(w - out.begin()));
    } else {
      const int k_max = static_cast<int>(stock_.size());
      for (int m = 1; m <= subsets; ++m)
        if (kMaskSize[m] <= k_max) out.push_back(encode(Move::exchange(m)));
    }
    if (out.empty()) out.push_back(encode({Move::Pass}));
  }

  // legal_actions' placements on a low wall (top_ <= kPackedMaxTop), written from `w` on.
  Action* packed_placements(const Hand& h, Action* w) const {
    const int cards = static_cast<int>(h.size());
    const Packed open = open_low_;
    if (placed_turn_.empty()) {
      // The turn's first act (most calls): new sequences only.
      for (int slot = 0; slot < cards; ++slot) {
        const Action base = encode(Move::place(slot, 1, 0, kModeNew));
        const Packed& start = starts_low_[kRank[h[slot]]];
        for (Column cells = open.w0 & start.w0; cells; cells &= cells - 1)
          *w++ = base + kPackedOffset[0][std::countr_zero(cells)];
        for (Column cells = open.w1 & start.w1; cells; cells &= cells - 1)
          *w++ = base + kPackedOffset[1][std::countr_zero(cells)];
      }
      return w;
    }
    // Mid-turn: placements() packed. The sequence's facts are read once
    // (stores into the list could alias them).
    // A word's cells: new placements f and continuations k, a new one first.
    const auto emit = [&w](Action base, const std::array<std::int16_t, 64>& offset, Column f, Column k) {
      for (Column cells = f | k; cells; cells &= cells - 1) {
        const int i = std::countr_zero(cells);
        const Action a = base + offset[i];
        w[0] = a;
        w += (f >> i) & 1;
        w[0] = a + 1;
        w += (k >> i) & 1;
      }
    };
    const int last_rank = kRank[cells_[seq_last_]], dir = seq_dir_;
    const Packed next_to_last = kLowNeighbours[static_cast<std::size_t>(seq_last_)];
    const unsigned turn_ranks = turn_ranks_;
    for (int slot = 0; slot < cards; ++slot) {
      const Action base = encode(Move::place(slot, 1, 0, kModeNew));
      const int r = kRank[h[slot]];
      const int d = r - last_rank;
      const bool continues = (d == 1 || d == -1) && (dir == 0 || d == dir);
      Packed barred = near_low_[r];  // for continuing
      Packed fresh = starts_low_[r];
      if (turn_ranks >> r & 1) {  // rare: this turn's cards of rank r bar their neighbours
        for (auto cell : placed_turn_)
          if (kRank[cells_[cell]] == r) {
            const Packed& n = kLowNeighbours[cell];
            barred.w0 |= n.w0, barred.w1 |= n.w1;
            fresh.w0 &= ~n.w0, fresh.w1 &= ~n.w1;
          }
      }
      const Column keep = continues ? ~Column{0} : 0;
      emit(base, kPackedOffset[0], open.w0 & fresh.w0, open.w0 & next_to_last.w0 & ~barred.w0 & keep);
      emit(base, kPackedOffset[1], open.w1 & fresh.w1, open.w1 & next_to_last.w1 & ~barred.w1 & keep);
    }
    return w;
  }

  std::string why_illegal(Action a) const {
    if (a < 0 || a >= kNumActions)
      return "action " + std::to_string(a) + " is out of range [0, " + std::to_string(kNumActions) + ")";
    if (over_) return "the game is over";
    const Move m = decode(a);
    switch (m.kind) {
      case Move::Place: return why_not_place(m);
      case Move::End:
        if (placed_turn_.empty()) return "no card has been placed this turn (place, exchange or pass)";
        return {};
      case Move::Exchange: return why_not_exchange(m);
      case Move::Pass: return why_not_pass();
    }
    return {};
  }

  // Points the placement `a` (legal) would score: gain_at() from one table load.
  int placement_gain(Action a) const {
    const detail::PlaceParts& p = detail::kPlaceParts[static_cast<std::size_t>(a >> 1)];
    return gain_at(hands_[cur_][p.slot], p.at, p.left, p.right);
  }

  void apply(Action a) {
    const Move d = decode(a);
    switch (d.kind) {
      case Move::Place: place(d, a); break;
      case Move::End: end_turn(); break;
      case Move::Exchange: exchange(d.mask); break;
      case Move::Pass: end_turn(); break;
    }
  }

  Scores scores() const {
    Scores s{};
    for (int p = 0; p < cfg_.players; ++p) s[p] = match_[p] + placement_[p];
    if (over_ && cfg_.score_holes) s[dealer_] += hole_points_;
    return s;
  }

  Outcome outcome() const {
    Outcome o;
    if (!over_ || truncated_) return o;
    const Scores s = scores();
    if (cfg_.teams) {
      const int a = s[0] + s[1], b = s[2] + s[3];
      if (a == b) {
        o.draw = true;
      } else {
        o.winners = a > b ? 0b0011 : 0b1100;
      }
      return o;
    }
    int best = 0;
    for (int p = 1; p < cfg_.players; ++p)
      if (s[p] > s[best]) best = p;
    for (int p = 0; p < cfg_.players; ++p)
      if (p != best && s[p] == s[best]) {
        o.draw = true;
        return o;
      }
    o.winners = static_cast<std::uint16_t>(1u << best);
    return o;
  }

  std::string action_to_string(Action a) const {
    if (a < 0 || a >= kNumActions)
      throw IllegalAction("action " + std::to_string(a) + " is out of range [0, " +
                          std::to_string(kNumActions) + ")");
    const Move d = decode(a);
    switch (d.kind) {
      case Move::Place:
        return "place " + std::to_string(d.slot) + " " + cell_name(d.row, d.col) +
               (d.mode == kModeNew ? " new" : " cont");
      case Move::End: return "end";
      case Move::Exchange: {
        std::string s = "exchange ";
        bool first = true;
        for (int i = 0; i < kHandSize; ++i)
          if ((d.mask >> i) & 1) {
            s += (first ? "" : ",") + std::to_string(i);
            first = false;
          }
        return s;
      }
      case Move::Pass: return "pass";
    }
    return {};
  }

  // A card may stand for the hand slot holding it: "place QD r1c0 new",
  // "exchange 3C,QD" (the slot forms are the aliases action_to_string writes).
  Action string_to_action(std::string_view text) const { return parse_slots(slots_of_cards(text)); }

 private:
  // --- why an action is illegal, one helper per kind of move --------------------------

  std::string why_not_place(const Move& d) const {
    const Hand& h = hands_[cur_];
    if (d.slot >= static_cast<int>(h.size()))
      return "hand slot " + std::to_string(d.slot) + " is empty (the hand holds " + std::to_string(h.size()) +
             " cards)";
    const Card card = h[d.slot];
    if (placeable(kRank[card], d)) return {};  // the usual case, without building whole sets
    // Named only for a message: a legal action builds no string.
    const auto where = [&d] { return cell_name(d.row, d.col); };
    if (card_at(d.row, d.col) != kNoCard)
      return where() + " already holds " + card_to_string(card_at(d.row, d.col));
    if (holes_.has(d.row, d.col)) return where() + " is in a hole";
    if (same_rank_near(rank_of(card)).has(d.row, d.col))
      return card_to_string(card) + " would sit next to a card of the same rank at " + where();
    CellSet fresh, cont;
    placements(d.slot, fresh, cont);
    if (d.mode == kModeNew) {
      if (!fresh.has(d.row, d.col))
        return "a new sequence must start next to a card from an earlier turn one rank from " +
               card_to_string(card) + ", and " + where() + " has none";
    } else if (!cont.has(d.row, d.col)) {
      if (seq_last_ < 0) return "no sequence has been started this turn";
      return card_to_string(card) + " at " + where() + " does not continue the sequence (last card " +
             card_to_string(cells_[seq_last_]) + " at " + cell_name(seq_last_ / kCols, seq_last_ % kCols) +
             (seq_dir_ == 0  ? ""
              : seq_dir_ > 0 ? ", ascending"
                             : ", descending") +
             "): it must be next to that card and one rank on";
    }
    return {};
  }

  // Whether a card of rank r may go as `d` says: the one cell of
  // placements(), which implies every test why_not_place makes (an open cell
  // is empty and no hole; starts_ and the continuation leave out near_).
  bool placeable(int r, const Move& d) const {
    const Column bit = Column{1} << d.row;
    if (!(open_.col[d.col] & bit)) return false;
    for (auto cell : placed_turn_) {  // this turn's cards of rank r bar their neighbours
      const int dr = cell / kCols - d.row, dc = cell % kCols - d.col;
      if (kRank[cells_[cell]] == r && (dr == 0 ? dc == 1 || dc == -1 : dc == 0 && (dr == 1 || dr == -1)))
        return false;
    }
    if (d.mode == kModeNew) return (starts_set(r).col[d.col] & bit) != 0;
    if (placed_turn_.empty() || (near_set(r).col[d.col] & bit)) return false;
    const int k = r - kRank[cells_[seq_last_]];
    if ((k != 1 && k != -1) || (seq_dir_ != 0 && k != seq_dir_)) return false;
    const int dr = seq_last_ / kCols - d.row, dc = seq_last_ % kCols - d.col;
    return dr == 0 ? dc == 1 || dc == -1 : dc == 0 && (dr == 1 || dr == -1);
  }

  std::string why_not_exchange(const Move& d) const {
    const Hand& h = hands_[cur_];
    if (!placed_turn_.empty()) return "an exchange must be the first and only act of a turn";
    if (d.mask >> h.size())
      return "the exchange names an empty hand slot (the hand holds " + std::to_string(h.size()) + " cards)";
    const int k = kMaskSize[d.mask];
    if (k > static_cast<int>(stock_.size()))
      return "the stock holds " + std::to_string(stock_.size()) + " cards, too few to exchange " +
             std::to_string(k);
    return {};
  }

  std::string why_not_pass() const {
    const Hand& h = hands_[cur_];
    if (!placed_turn_.empty()) return "cards were placed this turn: end the turn instead";
    if (!h.empty() && !stock_.empty()) return "an exchange is possible, so passing is not allowed";
    for (int slot = 0; slot < static_cast<int>(h.size()); ++slot) {
      CellSet fresh, cont;
      placements(slot, fresh, cont);
      if (fresh.any()) return "a card can be placed, so passing is not allowed";
    }
    return {};
  }

  // `text` with each card naming a slot of the mover's hand replaced by the slot.
  std::string slots_of_cards(std::string_view text) const {
    std::size_t from = 0;
    if (text.starts_with("place ")) from = 6;
    if (text.starts_with("exchange ")) from = 9;
    if (from == 0) return std::string(text);
    const std::size_t to = from == 6 ? std::min(text.find(' ', from), text.size()) : text.size();
    std::vector<int> slots;
    std::size_t i = from;
    while (i < to) {
      const std::size_t end = std::min(text.find(',', i), to);
      const std::string_view word = text.substr(i, end - i);
      const Card c = try_parse_card(word);
      if (c == kNoCard) return std::string(text);  // a slot number (or a typo, reported later)
      const Hand& h = hands_[over_ ? 0 : cur_];
      int slot = -1;
      for (std::size_t k = 0; k < h.size(); ++k)
        if (h[k] == c) slot = static_cast<int>(k);
      if (over_ || slot < 0)
        throw InvalidArgument("unknown action '" + std::string(text) + "': " + card_to_string(c) +
                              " is not in the hand of the player to move");
      slots.push_back(slot);
      i = end + 1;
    }
    std::sort(slots.begin(), slots.end());
    std::string out(text.substr(0, from));
    for (std::size_t k = 0; k < slots.size(); ++k) out += (k ? "," : "") + std::to_string(slots[k]);
    out += text.substr(to);
    return out;
  }

  Action parse_slots(std::string_view s) const {
    if (s == "end") return encode({Move::End});
    if (s == "pass") return encode({Move::Pass});
    Action a = -1;
    if (s.starts_with("exchange ")) a = parse_exchange(s);
    if (s.starts_with("place ")) a = parse_place(s);
    if (a >= 0) return a;
    throw InvalidArgument("unknown action '" + std::string(s) +
                          "' (expected 'place <slot or card> r<row>c<col> new|cont', 'end', 'exchange "
                          "<slots or cards>' such as 'exchange 0,2', or 'pass')");
  }

  // Reads a small decimal number at s[i..], advancing i; -1 if none.
  static int read_number(std::string_view s, std::size_t& i) {
    int v = 0, digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && digits < 3) v = v * 10 + (s[i++] - '0'), ++digits;
    return digits ? v : -1;
  }

  // "exchange 0,2,3": slots ascending, each once; -1 if malformed.
  static Action parse_exchange(std::string_view s) {
    std::size_t i = 9;
    int mask = 0, last = -1;
    for (;;) {
      const int slot = read_number(s, i);
      if (slot < 0 || slot >= kHandSize || slot <= last) return -1;
      mask |= 1 << slot;
      last = slot;
      if (i == s.size()) break;
      if (s[i++] != ',') return -1;
    }
    return encode(Move::exchange(mask));
  }

  // "place 1 r3c4 new": -1 if malformed.
  static Action parse_place(std::string_view s) {
    std::size_t i = 6;
    const int slot = read_number(s, i);
    if (slot < 0 || slot >= kHandSize || i >= s.size() || s[i++] != ' ') return -1;
    if (i >= s.size() || s[i++] != 'r') return -1;
    const int row = read_number(s, i);
    if (row < 1 || row > kMaxRow || i >= s.size() || s[i++] != 'c') return -1;
    const int c = read_number(s, i);
    if (c < 0 || c >= kCols) return -1;
    const std::string_view rest = s.substr(i);
    if (rest == " new") return encode(Move::place(slot, row, c, kModeNew));
    if (rest == " cont") return encode(Move::place(slot, row, c, kModeContinue));
    return -1;
  }

 public:
  std::string to_string() const {
    std::string out = "deal " + std::to_string(deal_) + ", dealer " + std::to_string(dealer_) + ", turn " +
                      std::to_string(turns_) + (over_ ? (truncated_ ? ", truncated\n" : ", over\n") : "\n");
    for (int row = top_ + 1; row >= 0; --row) {
      out += (row < 10 ? " " : "") + std::to_string(row) + " |";
      for (int c = 0; c < kCols; ++c) {
        const Card card = card_at(row, c);
        out += card != kNoCard ? " " + card_to_string(card) : holes_.has(row, c) ? " ##" : " ..";
      }
      out += "\n";
    }
    for (int p = 0; p < cfg_.players; ++p) {
      out += "player " + std::to_string(p) + (p == cur_ && !over_ ? " (to play)" : "") + ":";
      for (Card c : hands_[p]) out += " " + card_to_string(c);
      out += "  points " + std::to_string(match_[p] + placement_[p]) + "\n";
    }
    out += "stock " + std::to_string(stock_.size()) + " cards, holes worth " + std::to_string(hole_points_) +
           "\n";
    return out;
  }

  // Every card is in exactly one place: the invariant tests count them. The
  // packs of the match's other deals wait, whole, outside the play.
  std::size_t count_cards() const {
    std::size_t n = stock_.size();
    for (Card c : cells_) n += c != kNoCard;
    for (int p = 0; p < cfg_.players; ++p) n += hands_[p].size();
    const int deals = cfg_.match ? cfg_.players : 1;
    return n + 52 * static_cast<std::size_t>(deals - 1);
  }

  // Determinisation (search players). `player` has not seen the other hands
  // or the stock, except the cards turned away to the stock while dealing
  // and those `player` exchanged into it: those keep their places, the rest
  // are dealt afresh among the other hands and the stock. In match play the
  // packs of the deals to come are shuffled afresh too.
  void resample_hidden(int player, Rng& rng) {
    HiddenPlaces<52> hidden;
    const auto unseen = [&](Card c) { return !(known_by_[c] >> player & 1); };
    for (int q = 0; q < cfg_.players; ++q)
      if (q != player)
        for (Card& c : hands_[static_cast<std::size_t>(q)])
          if (unseen(c)) hidden.add(c);
    for (Card& c : stock_)
      if (unseen(c)) hidden.add(c);
    hidden.redeal(rng);
    if (cfg_.match)
      for (int k = deal_ + 1; k < cfg_.players; ++k) rng.shuffle(deck_.data() + 52 * k, 52);
  }

  bool operator==(const HoleInTheWallState&) const = default;

  // The exact observation tensor of `player` (hole_in_the_wall_tensor.hpp): writes
  // every one of HoleInTheWallGame::observation_tensor_size() floats, allocating nothing.
  void observation_tensor(int player, float* out) const;

 private:
  // An empty neighbour scores nothing by table (kPairOrEmpty), not by a test;
  // so does one off the grid: the row above row 45 is padding (always empty),
  // and a neighbour past an edge column (another row's cell in memory) is
  // read through `left`/`right` = 63, which the table scores 0. No branch:
  // the greedy scores every legal placement.
  int gain_at(Card card, int at, unsigned left, unsigned right) const {
    const auto& points_with = kPairOrEmpty[card];
    const Card* cell = cells_.data() + at;  // row >= 1: there is always a row below
    return points_with[cell[-kCols] & 63] + points_with[cell[kCols] & 63] +
           points_with[(cell[-1] | left) & 63] + points_with[(cell[1] | right) & 63];
  }

  // Cells next to a card of rank r, this turn's cards included (for the same-rank rule).
  CellSet same_rank_near(int r) const { return near_set(r) | turn_near(r); }

  // near_[r] and starts_[r] as sets: on a low wall only the packed rows are
  // kept (the columns stay empty), and they hold every cell of the sets but
  // those of row 0, where no card goes. A wall that grows past row 15 gets
  // its columns then (put()).
  bool low_wall() const { return top_ <= kPackedMaxTop; }
  CellSet near_set(int r) const { return low_wall() ? unpack_low(near_low_[r]) : near_[r]; }
  CellSet starts_set(int r) const { return low_wall() ? unpack_low(starts_low_[r]) : starts_[r]; }

  // Cells next to this turn's cards of rank r.
  CellSet turn_near(int r) const {
    CellSet m;
    turn_near(r, m);
    return m;
  }
  // The same into `m` (left empty when false: no card of rank r this turn).
  bool turn_near(int r, CellSet& m) const {
    bool any = false;
    for (auto cell : placed_turn_)
      if (kRank[cells_[cell]] == r) {
        m = m | cell_neighbours(cell / kCols, cell % kCols);
        any = true;
      }
    return any;
  }

  // A card of rank r is now an earlier card at (row, c): near_[r] gains its
  // neighbours N, so starts_[r] loses N and starts_[r +- 1] gains the cells
  // of N not next to their own rank; exactly refresh_starts' sets, kept in
  // the three columns N touches.
  void add_earlier_card(int r, int row, int c) {
    // Without a branch: ranks 1 and 13 have one neighbouring rank (the other
    // update is masked off), and a side column past the edge is the card's
    // own column with nothing to add.
    const Column lower = r > 1 ? ~Column{0} : 0, upper = r < 13 ? ~Column{0} : 0;
    const Packed& low = kLowNeighbours[static_cast<std::size_t>(row * kCols + c)];
    near_low_[r].w0 |= low.w0, near_low_[r].w1 |= low.w1;
    starts_low_[r].w0 &= ~low.w0, starts_low_[r].w1 &= ~low.w1;
    starts_low_[r - 1].w0 |= low.w0 & ~near_low_[r - 1].w0 & lower;
    starts_low_[r - 1].w1 |= low.w1 & ~near_low_[r - 1].w1 & lower;
    starts_low_[r + 1].w0 |= low.w0 & ~near_low_[r + 1].w0 & upper;
    starts_low_[r + 1].w1 |= low.w1 & ~near_low_[r + 1].w1 & upper;
    if (low_wall()) return;  // the columns wait until the wall is tall
    const auto update = [&](int k, Column n) {
      near_[r].col[k] |= n;
      starts_[r].col[k] &= ~n;
      starts_[r - 1].col[k] |= n & ~near_[r - 1].col[k] & lower;
      starts_[r + 1].col[k] |= n & ~near_[r + 1].col[k] & upper;
    };
    const Column bit = Column{1} << row;
    update(c, ((bit << 1) | (bit >> 1)) & ~Column{1});  // row 0 left out, as on a low wall
    update(c > 0 ? c - 1 : c, c > 0 ? bit : 0);
    update(c < kCols - 1 ? c + 1 : c, c < kCols - 1 ? bit : 0);
  }

  // starts_[r] for the ranks of bit mask `ranks` (bit r), from near_: called
  // only when dealing, so on the packed rows alone (the wall is low).
  void refresh_starts(unsigned ranks) {
    for (ranks &= 0x3FFEu; ranks; ranks &= ranks - 1) {
      const int r = std::countr_zero(ranks);
      starts_low_[r] = {(near_low_[r - 1].w0 | near_low_[r + 1].w0) & ~near_low_[r].w0,
                        (near_low_[r - 1].w1 | near_low_[r + 1].w1) & ~near_low_[r].w1};
    }
  }

  void put(Card card, int row, int c) {
    cells_[row * kCols + c] = card;
    ++on_display_[rank_of(card)];
    if (row <= top_) return;
    if (low_wall() && row > kPackedMaxTop)  // the wall grows tall: near_ and starts_ get their columns
      for (int r = 0; r < 15; ++r) {
        near_[r] = unpack_low(near_low_[r]);
        starts_[r] = unpack_low(starts_low_[r]);
      }
    top_ = row;
  }

  void start_deal(int k) {
    deal_ = k;
    dealer_ = (cfg_.players - 1 + k) % cfg_.players;
    cur_ = (dealer_ + 1) % cfg_.players;
    turns_ = 0;
    top_ = 0;
    cells_.fill(kNoCard);
    near_ = {};
    starts_ = {};
    near_low_ = {};
    starts_low_ = {};
    on_display_ = {};
    holes_ = CellSet{};
    for (Column& c : open_.col) c = kAboveBase;
    open_low_ = pack_low(open_);
    for (auto& h : hands_) h.clear();
    placed_turn_.clear();
    turn_ranks_ = 0;
    seq_last_ = -1;
    seq_dir_ = 0;
    placement_ = {};
    hole_points_ = 0;
    stock_.clear();
    known_by_.fill(0);

    const Card* pack = deck_.data() + 52 * k;
    StaticVector<Card, 52> rejected;
    bool rank_used[14] = {};
    int i = 0;
    for (int c = 0; c < kCols;) {
      const Card card = pack[i++];
      if (rank_used[rank_of(card)]) {
        rejected.push_back(card);  // to the bottom of the stock, seen by all
        known_by_[card] = 0xFF;
        continue;
      }
      rank_used[rank_of(card)] = true;
      put(card, 0, c);
      Packed& low = near_low_[rank_of(card)];
      low.w0 |= kLowNeighbours[static_cast<std::size_t>(c)].w0;
      low.w1 |= kLowNeighbours[static_cast<std::size_t>(c)].w1;
      ++c;
    }
    refresh_starts(0x3FFEu);
    // At most 6 ranks x 3 cards are turned away, so the 4n hand cards come
    // from the untouched pack and never reach the turned-away cards.
    for (int j = 0; j < kHandSize * cfg_.players; ++j)
      hands_[(dealer_ + 1 + j) % cfg_.players].push_back(pack[i++]);
    // The stock is kept bottom first, so that drawing from the top is a pop.
    for (int j = static_cast<int>(rejected.size()) - 1; j >= 0; --j) stock_.push_back(rejected[j]);
    for (int j = 51; j >= i; --j) stock_.push_back(pack[j]);
  }

  void place(const Move& d, Action a) {
    Hand& h = hands_[cur_];
    const Card card = h[d.slot];
    h.erase_at(static_cast<std::size_t>(d.slot));
    const detail::PlaceParts& p = detail::kPlaceParts[static_cast<std::size_t>(a >> 1)];
    placement_[cur_] += gain_at(card, p.at, p.left, p.right);  // the edge masks by table, as for the greedy
    put(card, d.row, d.col);
    const int cell = d.row * kCols + d.col;
    placed_turn_.push_back(static_cast<std::uint16_t>(cell));
    turn_ranks_ = static_cast<std::uint16_t>(turn_ranks_ | (1u << kRank[card]));
    seq_dir_ = d.mode == kModeNew ? 0 : rank_of(card) - rank_of(cells_[seq_last_]);
    seq_last_ = cell;
    update_air(d.row, d.col);
    if (h.empty()) end_turn();
  }

  // The card at (row, c) left the open air; whatever it cut off is now a hole.
  // The usual case, where the ring test shows nothing can be cut off, stays
  // inline and builds no set; the flood is out of line.
  void update_air(int row, int c) {
    if (row <= kPackedRows) (c < 4 ? open_low_.w0 : open_low_.w1) &= ~(Column{1} << ((c & 3) * 16 + row - 1));
    if (joined_around(open_, row, c)) {
      open_.clear(row, c);
      return;
    }
    flood_air(row, c);
  }
  [[gnu::noinline]] void flood_air(int row, int c) {
    const CellSet sealed = fill_open_cell(open_, top_, row, c, false);
    if (!sealed.any()) return;
    open_low_ = pack_low(open_);
    holes_ = holes_ | sealed;
    hole_points_ += hole_points_of(sealed);
  }

  // No branch on how many cards go (the mask is often the random policy's
  // pick): every loop runs over the whole hand and the moves are fixed-size,
  // through a copy of the stock with room below it.
  void exchange(int mask) {
    Hand& h = hands_[cur_];
    const std::size_t size = stock_.size();
    Card* bottom = stock_.begin();
    std::array<Card, kHandSize + 52> moved;  // [4, 4 + size): the stock as it was
    std::memcpy(moved.data() + kHandSize, bottom, 52);
    // Split: each card is written to both sides, and one side moves on.
    std::array<Card, 2 * kHandSize> kept;
    std::array<Card, kHandSize> given{};  // unused entries stay cards: known_by_ may read them
    std::size_t n = 0, k = 0;
    for (std::size_t i = 0; i < h.size(); ++i) {
      const std::size_t bit = (static_cast<unsigned>(mask) >> i) & 1u;
      given[n] = h[i];
      kept[k] = h[i];
      n += bit;
      k += 1 - bit;
    }
    // Draw n from the top (k + n = the hand's size); reads below the stock
    // land in `moved`'s room and past the hand's end.
    for (std::size_t j = 0; j < kHandSize; ++j) kept[k + j] = moved[kHandSize + size - 1 - j];
    std::memcpy(h.begin(), kept.data(), kHandSize);
    // Each given card goes under the bottom card in turn, so the last lies
    // lowest: given[j] becomes stock card n-1-j, the rest moves up n places.
    for (std::size_t j = 0; j < kHandSize; ++j) {
      moved[kHandSize - 1 - j] = given[j];
      known_by_[given[j]] = static_cast<std::uint8_t>(known_by_[given[j]] | (j < n ? 1u << cur_ : 0u));
    }
    std::memcpy(bottom, moved.data() + kHandSize - n, 52);
    end_turn();
  }

  // Could any card off the display (in a hand or the stock) start a sequence?
  bool anything_placeable() const {
    if (top_ <= kPackedMaxTop) {  // every start cell is in the packed rows
      const Packed open = open_low_;
      for (int r = 1; r <= 13; ++r)
        if (on_display_[r] != 4 && ((open.w0 & starts_low_[r].w0) | (open.w1 & starts_low_[r].w1)))
          return true;
      return false;
    }
    for (int r = 1; r <= 13; ++r) {
      if (on_display_[r] == 4) continue;
      Column x = 0;  // no temporary set: the AND and the test in one pass
      for (int c = 0; c < kCols; ++c) x |= open_.col[c] & starts_[r].col[c];
      if (x) return true;
    }
    return false;
  }

  void end_turn() {
    ++turns_;
    // This turn's cards become earlier cards: they may now start sequences.
    for (auto cell : placed_turn_) add_earlier_card(kRank[cells_[cell]], cell / kCols, cell % kCols);
    placed_turn_.clear();
    turn_ranks_ = 0;
    seq_last_ = -1;
    seq_dir_ = 0;
    if (!anything_placeable()) {
      if (cfg_.match && deal_ + 1 < cfg_.players) {
        for (int p = 0; p < cfg_.players; ++p) match_[p] += placement_[p];
        if (cfg_.score_holes) match_[dealer_] += hole_points_;
        start_deal(deal_ + 1);
        return;
      }
      over_ = true;
      return;
    }
    if (turns_ >= cfg_.move_cap) {
      over_ = truncated_ = true;
      return;
    }
    const int next = cur_ + 1;
    cur_ = next & -static_cast<int>(next < cfg_.players);  // no branch: the seats alternate
    Hand& h = hands_[cur_];
    while (h.size() < kHandSize && !stock_.empty()) {
      h.push_back(stock_.back());
      stock_.pop_back();
    }
  }

  Config cfg_;
  std::array<Card, 52 * kMaxDeals> deck_{};
  int deal_ = 0, dealer_ = 0, cur_ = 0, turns_ = 0, top_ = 0;
  bool over_ = false, truncated_ = false;
  // row * 7 + col; kNoCard when empty. One more row than the grid, always
  // empty, so that gain_at() reads above row 45 without a test.
  static constexpr int kPaddedCells = kCols * (kRows + 1);
  std::array<Card, kPaddedCells> cells_{};
  // near_[r]: cells next to a card of rank r placed before this turn (index 0
  // and 14 stay empty, so rank +- 1 needs no bounds check).
  // starts_[r]: cells next to an earlier card of rank r +- 1 and to none of
  // rank r, where an open cell may start a sequence of a card of rank r
  // (kept with near_, so that move generation reads it in one pass).
  // Both leave out row 0 (no card goes there), and on a low wall they are
  // kept only as near_low_/starts_low_ (these stay empty): read them
  // through near_set()/starts_set().
  std::array<CellSet, 15> near_{};
  std::array<CellSet, 15> starts_{};
  std::array<std::uint8_t, 14> on_display_{};  // cards of each rank on the display
  CellSet open_, holes_;
  // Rows 1..16 of near_, starts_ and open_, packed (move generation on low walls).
  std::array<Packed, 15> near_low_{};
  std::array<Packed, 15> starts_low_{};
  Packed open_low_;
  std::array<Hand, kMaxPlayersHere> hands_{};
  StaticVector<Card, 52> stock_;  // bottom first: the top card is back()
  // Cells as row * 7 + col reach 321 (row 45): a byte would wrap from row 36 on.
  StaticVector<std::uint16_t, kHandSize> placed_turn_;
  std::uint16_t turn_ranks_ = 0;  // bit r: placed_turn_ holds a card of rank r
  int seq_last_ = -1, seq_dir_ = 0;
  std::array<std::int32_t, kMaxPlayersHere> placement_{}, match_{};
  std::int32_t hole_points_ = 0;
  // This deal: bit p set when player p knows where the card is (it was
  // turned away to the stock while dealing, or p exchanged it into the stock;
  // whoever draws it then holds it where p can place it).
  std::array<std::uint8_t, 52> known_by_{};
};

// The declaration (core/declaration.hpp).
inline const GameDeclaration& hole_in_the_wall_declaration() {
  static const GameDeclaration d{
      .name = "hole_in_the_wall",
      .title = "Hole in the Wall: build a 7-column wall in rank sequences; holes score for the dealer",
      .options = {int_option("players", 2, 2, 4, "number of players"),
                  bool_option("teams", false, "4 players as two partnerships: 0+1 against 2+3"),
                  bool_option("match", false, "play one deal per player, the deal passing on; scores add up"),
                  int_option("move_cap", 1000, 1, 1000000, "turns per deal before the game is truncated"),
                  bool_option("score_holes", true,
                              "holes score for the dealer (false: no hole points; play is unchanged)")},
      .num_actions = [](int) { return kNumActions; },
  };
  return d;
}

class HoleInTheWallGame {
 public:
  using State = HoleInTheWallState;

  explicit HoleInTheWallGame(const OptionMap& options) {
    OptionReader reader(options, declaration());
    cfg_.players = static_cast<int>(reader.get_int("players"));
    cfg_.teams = reader.get_bool("teams");
    cfg_.match = reader.get_bool("match");
    cfg_.move_cap = static_cast<int>(reader.get_int("move_cap"));
    cfg_.score_holes = reader.get_bool("score_holes");
    reader.finish();
    if (cfg_.teams && cfg_.players != 4)
      throw InvalidArgument(name() +
                            " option 'teams' needs players=4, got players=" + std::to_string(cfg_.players));
    options_ = reader.resolved();
    // Read once, as the binding checks it at every apply_action.
    num_actions_ = declaration().num_actions(num_players());
  }

  const GameDeclaration& declaration() const { return hole_in_the_wall_declaration(); }
  const std::string& name() const { return declaration().name; }
  int num_players() const { return cfg_.players; }
  int num_actions() const { return num_actions_; }
  const OptionMap& options() const { return options_; }
  // A turn is at most kHandSize actions (places then "end", or one exchange or
  // pass), a deal at most `move_cap` turns; a match deals one pack per player.
  GameTraits traits() const {
    GameTraits t = traits_of(declaration());
    t.deal = cfg_.match ? DealLayout::kPerSeatPacks : DealLayout::kOneMultiset;
    t.max_decisions = static_cast<std::int64_t>(num_deals()) * cfg_.move_cap * kHandSize;
    t.per_seat_keys = {"hand_sizes", "match_points", "placement_points"};
    t.match = cfg_.match;
    return t;
  }
  int num_deals() const { return cfg_.match ? cfg_.players : 1; }
  int observation_tensor_size() const;  // hole_in_the_wall_tensor.hpp

  // One freshly shuffled pack per deal, one after another.
  void random_deck(Rng& rng, std::vector<Card>& deck) const { shuffled_packs(num_deals(), rng, deck); }

  // A single deal's pack is checked like any one-pack deck (cards read first,
  // then counted); a match's packs are counted first, then checked one by one.
  std::vector<Card> parse_deck(const std::vector<std::string>& texts) const {
    const int deals = num_deals();
    if (deals == 1) return cardsim::parse_deck(texts, DeckSpec::packs(1), name());
    return parse_packs(texts, deals, name(),
                       {" with match=True", "one pack per deal, one after another", "deal"});
  }

  State deal(const std::vector<Card>& deck) const { return State(cfg_, deck); }

  // Greedy: the placement that scores most now (ties: the lowest id, which
  // prefers starting a new sequence, the freer choice, over continuing);
  // with nothing to place, exchange as many cards as the stock allows; else
  // end the turn or pass. It ignores holes, so score_holes cannot change play.
  Action greedy_action(const State& s, const State::ActionList& legal, Rng&) const {
    Action best = -1;
    int best_gain = -1;
    for (Action a : legal) {
      if (a >= kEndTurn) break;  // placements come first
      const int g = s.placement_gain(a);
      if (g > best_gain) {
        best_gain = g;
        best = a;
      }
    }
    if (best >= 0) return best;
    Action pick = legal.back();  // pass, the last exchange, or end
    int most = -1;
    for (Action a : legal) {
      const Move m = decode(a);
      if (m.kind != Move::Exchange) continue;
      const int k = kMaskSize[m.mask];
      if (k > most) {
        most = k;
        pick = a;
      }
    }
    return pick;
  }

 private:
  Config cfg_;
  OptionMap options_;
  int num_actions_ = 0;  // the declaration's count for these seats
};

}  // namespace cardsim::hole_in_the_wall

#include "games/hole_in_the_wall/hole_in_the_wall_tensor.hpp"
static_assert(cardsim::CardGame<cardsim::hole_in_the_wall::HoleInTheWallGame>);
