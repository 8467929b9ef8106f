// Code 9 solitaire's solver adapter for fewest_moves (docs/solvers.md, "Code 9").
//
// - Key (exact): the place of each spade (or off the grid) and the set of
//   places still holding a neutral card. Neutral cards never move, so that set
//   says which are left; the move counter is left out (A* counts moves itself).
// - Lower bound: each spade still on the grid needs at least its distance to
//   the nearest edge plus one move to leave, plus the largest of: one more
//   move when the lowest spade's way out is walled in, the detour its way out
//   forces on it and on the spade that clears the way, and, once the special
//   rule is out of reach for good (special_free), that detour for every inner
//   spade, the steps off blocked edge places that the inner spades' first
//   edge entries force (edge_entries), and the least total excess that the
//   inner spades' ways out, and the walled-in sets of spades, force on them
//   and on the spades clearing for them (clearing_sum; walks go around the
//   neutral 9s). Arguments below and in docs/solvers.md.
//   Admissible, not always consistent: fewest_moves re-opens positions
//   reached more cheaply, so the first goal taken off its queue is still a
//   shortest line.
// - One dominance, in special_free positions only: the lowest spade on an
//   edge goes off at once. Otherwise no move is pruned: under the special rule
//   an empty place can take away a special-rule capture that the line needs.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <string>

#include "games/code9/code9.hpp"
#include "solver/search.hpp"
#include "solver/traits.hpp"

namespace cardsim::solver {

namespace code9_detail {
// Per inner place p, the edge places at distance d(p) (extra 0) and
// d(p) + 1 (extra 1) from it: where a spade at p may first reach the edge
// with at most one step of its own that is not downhill.
struct Exits {
  int n = 0;
  std::array<std::int8_t, 8> place{}, extra{};
};
inline constexpr auto kExits = [] {
  std::array<Exits, code9::kPlaces> t{};
  for (int p = 0; p < code9::kPlaces; ++p) {
    if (code9::on_edge(p)) continue;
    for (int k = 0; k <= 1; ++k)
      for (int e = 0; e < code9::kPlaces; ++e) {
        if (!code9::on_edge(e)) continue;
        const int dr = code9::row_of(e) - code9::row_of(p), dc = code9::col_of(e) - code9::col_of(p);
        if ((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc) != code9::edge_distance(p) + k) continue;
        t[p].place[t[p].n] = static_cast<std::int8_t>(e);
        t[p].extra[t[p].n++] = static_cast<std::int8_t>(k);
      }
  }
  return t;
}();

// Shortest walks on the grid around the places no spade can ever enter: those
// of the neutral 9s (no normal move captures one), the only such places while
// the 9 of spades is on the grid. Every other place may be passed, at some
// time, by a spade (a neutral below it, or one a higher spade captures
// first, or a spade that moves away).
struct Paths {
  std::uint64_t walls = ~std::uint64_t{0};
  std::array<std::array<std::int8_t, code9::kPlaces>, code9::kPlaces> sep{};
  std::array<std::int8_t, code9::kPlaces> to_edge{};  // to the nearest edge place that is no wall

  static constexpr std::int8_t kFar = 100;  // no walk: more than any line has moves to spare
  void build(std::uint64_t w) {
    walls = w;
    for (int a = 0; a < code9::kPlaces; ++a) {
      auto& d = sep[static_cast<std::size_t>(a)];
      d.fill(kFar);
      if (w >> a & 1u) continue;
      int queue[code9::kPlaces], head = 0, tail = 0;
      d[static_cast<std::size_t>(a)] = 0;
      queue[tail++] = a;
      while (head < tail) {
        const int p = queue[head++];
        for (int k = 0; k < 4; ++k) {
          const int q = code9::neighbour(p, k);
          if (q < 0 || (w >> q & 1u) || d[static_cast<std::size_t>(q)] != kFar) continue;
          d[static_cast<std::size_t>(q)] = static_cast<std::int8_t>(d[static_cast<std::size_t>(p)] + 1);
          queue[tail++] = q;
        }
      }
    }
    for (int a = 0; a < code9::kPlaces; ++a) {
      std::int8_t best = kFar;
      for (int e = 0; e < code9::kPlaces; ++e)
        if (code9::on_edge(e) && !(w >> e & 1u))
          best = std::min(best, sep[static_cast<std::size_t>(a)][static_cast<std::size_t>(e)]);
      to_edge[static_cast<std::size_t>(a)] = best;
    }
  }
};

}  // namespace code9_detail

class Code9Adapter {
 public:
  using State = code9::Code9State;
  using MoveList = State::ActionList;

  explicit Code9Adapter(int suit) : suit_(suit) {}

  bool won(const State& s) const { return s.winner() == 0; }
  bool cut(const State& s) const { return s.is_truncated(); }
  bool over(const State& s) const { return s.is_terminal(); }
  void apply(State& s, Action a) const { s.apply(a); }
  // With the special rule out of reach (special_free), the lowest spade on an
  // edge goes off at once: any line can be rearranged to start with that move
  // and be no longer (docs/solvers.md, "Code 9 solitaire", the dominance).
  void moves(const State& s, MoveList& out) const {
    int low = 0, at = code9::kNowhere;
    for (int r = 1; r <= code9::kRanks && at == code9::kNowhere; ++r)
      if ((at = s.place_of(suit_, r)) != code9::kNowhere) low = r;
    if (at != code9::kNowhere && code9::on_edge(at) && !s.is_terminal() && special_free(s)) {
      out.clear();
      out.push_back(code9::encode(code9::Move::move(low, code9::kOff)));
      return;
    }
    s.legal_actions(out);
  }

  int lower_bound(const State& s) const {
    int n = 0;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p != code9::kNowhere) n += code9::edge_distance(p) + 1;
    }
    if (!has_normal_move(s)) return n;  // the special rule is in force: see step 1 below
    const int lowest = std::max(lowest_spade_walled(s) ? 1 : 0, lowest_spade_detour(s));
    if (!special_free(s)) return n + lowest;
    // edge_entries is never below edge_clearing, except when it gives up.
    const int entries = edge_entries(s);
    int more = std::max(lowest, entries >= 0 ? entries : edge_clearing(s));
    for (int r = 1; r <= code9::kRanks; ++r) more = std::max(more, detour(s, r, s.place_of(suit_, r)));
    more = std::max(more, clearing_sum(s));
    return n + more;
  }

  // The detours of every inner spade at once (docs/solvers.md, term 4);
  // special_free positions only. Each spade s has an excess x_s: its steps
  // beyond its distance d(s). An inner spade r walks out through the places
  // R it reaches now through empty places, lower neutrals and spades, to an
  // edge place e of R (x_r >= D(e) - d(r), and x_u >= 1 for a spade u above r
  // on e, which must step aside), or it first leaves R at a place c holding a
  // neutral v >= r (x_r >= D(c) + d(c) - d(r)), which a spade t above v
  // captured before (x_t >= |t - c| + d(c) - d(t), +1 when c is on the edge:
  // t steps off it). The real excesses meet one option of every spade at
  // once, so the least sum of x over all choices is a lower bound on the
  // moves the distance sum leaves out. Solved exactly by branch and bound;
  // a spade with too many options is left out (a weaker, still valid bound).
  struct Need {
    std::int8_t own, t, cell;  // x_r >= own and, if t >= 0, t's walk visits cell
  };
  static constexpr int kTourCells = 4;
  // clearing_sum's entries: one per inner spade, one per walled-in cluster (who 0: not a spade).
  static constexpr int kEntries = 2 * code9::kRanks;
  static constexpr std::int64_t kWork = 20000;
  int clearing_sum(const State& s) const {
    using code9::kPlaces;
    constexpr int kMaxNeeds = 64;
    Need needs[kEntries][kMaxNeeds];
    int count[kEntries], who[kEntries];
    int n = 0;
    int place[code9::kRanks + 1];
    for (int r = 1; r <= code9::kRanks; ++r) place[r] = s.place_of(suit_, r);
    const code9_detail::Paths& paths = paths_for(s);
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int at = place[r];
      if (at == code9::kNowhere || code9::on_edge(at)) continue;
      const int dr = code9::edge_distance(at);
      int dist[kPlaces];
      std::fill(dist, dist + kPlaces, -1);
      int queue[kPlaces];
      int head = 0, tail = 0;
      dist[at] = 0;
      queue[tail++] = at;
      int m = 0, free_best = 1 << 20;  // the least own excess needing no clearer
      bool dropped = false;
      auto add = [&](int own, int t, int cell) {
        if (own >= free_best) return;
        if (t < 0) free_best = own;
        for (int j = 0; j < m; ++j) {  // a need no weaker than another is kept once
          const Need& o = needs[n][j];
          if (o.own <= own && (o.t < 0 || (o.t == t && o.cell == cell))) return;
        }
        int k = 0;
        for (int j = 0; j < m; ++j) {
          const Need& o = needs[n][j];
          if (!(own <= o.own && (t < 0 || (o.t == t && cell == o.cell)))) needs[n][k++] = o;
        }
        m = k;
        if (m == kMaxNeeds) {
          dropped = true;
          return;
        }
        needs[n][m++] =
            Need{static_cast<std::int8_t>(own), static_cast<std::int8_t>(t), static_cast<std::int8_t>(cell)};
      };
      while (head < tail && !dropped) {
        const int p = queue[head++];
        if (dist[p] - dr >= free_best) break;
        if (code9::on_edge(p)) {
          const Card c = s.at(p);
          const bool above = c != kNoCard && suit_of(c) == suit_ && rank_of(c) > r;
          add(dist[p] - dr, above ? rank_of(c) : -1, p);
          continue;
        }
        for (int k = 0; k < 4; ++k) {
          const int q = code9::neighbour(p, k);
          if (q < 0 || dist[q] >= 0) continue;
          dist[q] = dist[p] + 1;
          const Card c = s.at(q);
          if (c == kNoCard || suit_of(c) == suit_ || rank_of(c) < r) {
            queue[tail++] = q;
            continue;
          }
          const int v = rank_of(c);
          const int dq = paths.to_edge[static_cast<std::size_t>(q)];
          const int own = dist[q] + dq - dr;
          for (int t = v + 1; t <= code9::kRanks; ++t)
            if (place[t] != code9::kNowhere) add(own, t, q);
        }
      }
      if (dropped || m == 0) continue;  // left out (none: no line gets it out, nothing to add)
      bool zero = false;
      for (int j = 0; j < m && !zero; ++j)
        zero = needs[n][j].own == 0 &&
               (needs[n][j].t < 0 || tour(paths, place[needs[n][j].t], &needs[n][j].cell, 1) == 0);
      if (zero) continue;
      count[n] = m;
      who[n++] = r;
    }
    n = walled_clusters(s, paths, place, needs, count, who, n);
    if (n == 0) return 0;
    // Per spade: the least own excess asked of it and the places it must
    // visit for others; its excess is at least the larger of that and its
    // shortest tour through those places (tour()).
    int own[code9::kRanks + 1] = {};
    std::int8_t cells[code9::kRanks + 1][kTourCells];
    int ncells[code9::kRanks + 1] = {};
    int tour_of[code9::kRanks + 1] = {};
    int best = 1 << 20;
    std::int64_t work = 0;
    // Fewest needs first: the search branches least near the root.
    int order[kEntries];
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int i = 1; i < n; ++i)
      for (int j = i; j > 0 && count[order[j]] < count[order[j - 1]]; --j) std::swap(order[j], order[j - 1]);
    int least_own[kEntries];
    for (int i = 0; i < n; ++i) {
      int lo = 1 << 20;
      for (int j = 0; j < count[order[i]]; ++j) lo = std::min(lo, static_cast<int>(needs[order[i]][j].own));
      least_own[i] = lo;
    }
    bool gave_up = false;
    auto excess = [&](int u) { return std::max(own[u], tour_of[u]); };
    auto search = [&](auto&& self, int i, int sum) -> void {
      if (gave_up) return;
      if (++work > kWork) {
        gave_up = true;
        return;
      }
      if (i == n) {
        best = std::min(best, sum);
        return;
      }
      int rest = 0;
      for (int j = i; j < n; ++j) rest += std::max(0, least_own[j] - excess(who[order[j]]));
      if (sum + rest >= best) return;
      const int k = order[i], r = who[k];
      for (int j = 0; j < count[k]; ++j) {
        const Need& o = needs[k][j];
        const int own_r = own[r], tour_t = o.t >= 0 ? tour_of[o.t] : 0, n_t = o.t >= 0 ? ncells[o.t] : 0;
        int change = -excess(r);
        own[r] = std::max(own_r, static_cast<int>(o.own));
        change += excess(r);
        if (o.t >= 0) {
          bool have = false;
          for (int c = 0; c < n_t; ++c) have |= cells[o.t][c] == o.cell;
          if (!have && n_t < kTourCells) {  // beyond kTourCells a subset's tour still bounds
            change -= excess(o.t);
            cells[o.t][ncells[o.t]++] = o.cell;
            tour_of[o.t] = tour(paths, place[o.t], cells[o.t], ncells[o.t]);
            change += excess(o.t);
          }
        }
        self(self, i + 1, sum + change);
        if (o.t >= 0) {
          ncells[o.t] = n_t;
          tour_of[o.t] = tour_t;
        }
        own[r] = own_r;
      }
    };
    search(search, 0, 0);
    if (gave_up) {
      int rest = 0;
      for (int i = 0; i < n; ++i) rest += least_own[i];
      return rest;
    }
    return best;
  }

  // Term 4's walled-in clusters. A set C of spades is walled in when no
  // member can move: each neighbour of a member is a member or a neutral it
  // cannot capture, and C's lowest spade is inner (so no member on an edge
  // becomes the lowest on the grid while C stands). Every move being normal,
  // no member moves until a spade t outside C captures a neutral x next to C
  // (a member's way opens only by a neighbour emptying, and members stay
  // put): t's walk visits x. t is above that neutral, so above C's lowest
  // spade, which it cannot go off before. The largest walled-in set is found
  // by taking the spades with no move now and dropping, until none is left
  // to drop, each next to a spade outside the set; each of its connected
  // parts is walled in on its own. Each part adds an entry whose options are
  // these visits (who 0, no excess of its own); a part with more options than
  // fit, or one a visit costs nothing, is left out.
  template <class NeedRows>
  int walled_clusters(const State& s, const code9_detail::Paths& paths, const int* place, NeedRows& needs,
                      int* count, int* who, int n) const {
    using code9::kPlaces;
    constexpr int kMaxNeeds = static_cast<int>(sizeof(needs[0]) / sizeof(Need));
    int spade_at[kPlaces] = {};
    int lowest = 0;
    for (int r = code9::kRanks; r >= 1; --r)
      if (place[r] != code9::kNowhere) spade_at[place[r]] = lowest = r;
    std::uint32_t stuck = 0;
    for (int r = 1; r <= code9::kRanks; ++r)
      if (place[r] != code9::kNowhere && !can_move(s, r, place[r], r == lowest)) stuck |= 1u << r;
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = 1; r <= code9::kRanks; ++r) {
        if (!(stuck >> r & 1u)) continue;
        for (int w = 0; w < 4; ++w) {
          const int q = code9::neighbour(place[r], w);
          if (q >= 0 && spade_at[q] && !(stuck >> spade_at[q] & 1u)) {
            stuck &= ~(1u << r);
            changed = true;
            break;
          }
        }
      }
    }
    // An entry for a walled-in set: a visit by a spade outside it above a
    // neutral at one of the places `around` it.
    auto add = [&](std::uint32_t members, std::uint64_t around) {
      if (n == kEntries) return;
      int m = 0;
      for (std::uint64_t y = around; y; y &= y - 1) {
        const int x = std::countr_zero(y);
        const Card c = s.at(x);
        if (c == kNoCard || suit_of(c) == suit_) continue;
        for (int t = rank_of(c) + 1; t <= code9::kRanks; ++t) {
          if (place[t] == code9::kNowhere || (members >> t & 1u)) continue;
          if (m == kMaxNeeds) return;
          const Need need{0, static_cast<std::int8_t>(t), static_cast<std::int8_t>(x)};
          if (tour(paths, place[t], &need.cell, 1) == 0) return;
          needs[n][m++] = need;
        }
      }
      if (m == 0) return;
      count[n] = m;
      who[n++] = 0;
    };
    while (stuck) {
      const int low = std::countr_zero(stuck);  // the part's lowest spade
      std::uint32_t part = 0, frontier = 1u << low;
      while (frontier) {
        const int r = std::countr_zero(frontier);
        frontier &= frontier - 1;
        part |= 1u << r;
        for (int w = 0; w < 4; ++w) {
          const int q = code9::neighbour(place[r], w);
          if (q >= 0 && spade_at[q] && (stuck >> spade_at[q] & 1u) && !(part >> spade_at[q] & 1u))
            frontier |= 1u << spade_at[q];
        }
      }
      stuck &= ~part;
      if (code9::on_edge(place[low])) continue;
      std::uint64_t around = 0;
      for (std::uint32_t y = part; y; y &= y - 1)
        for (int w = 0; w < 4; ++w)
          if (const int x = code9::neighbour(place[std::countr_zero(y)], w); x >= 0 && !spade_at[x])
            around |= std::uint64_t{1} << x;
      add(part, around);
    }
    return n;
  }

  // The least excess of a spade at `from` whose walk visits every place in
  // cells[0..n) before it goes off: the shortest order of visits (walks
  // around the walls of `paths`), then from the last place the way to the
  // edge, which is one step at least when that place is on the edge (the
  // spade has to leave it for a lower one, and cannot go off before it);
  // minus its distance.
  static int tour(const code9_detail::Paths& paths, int from, const std::int8_t* cells, int n) {
    int perm[kTourCells];
    for (int i = 0; i < n; ++i) perm[i] = i;
    auto sep = [&](int a, int b) {
      return static_cast<int>(paths.sep[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]);
    };
    int best = 1 << 20;
    do {
      int len = 0, at = from;
      for (int i = 0; i < n; ++i) {
        len += sep(at, cells[perm[i]]);
        at = cells[perm[i]];
      }
      len += code9::on_edge(at) ? 1 : paths.to_edge[static_cast<std::size_t>(at)];
      best = std::min(best, len);
    } while (std::next_permutation(perm, perm + n));
    return best - code9::edge_distance(from);
  }

  // edge_clearing's stronger form (docs/solvers.md, term 3): each
  // blocked inner spade q picks the edge place z it first enters, at distance
  // d + k (k = 0 or 1; any farther costs 2 of its own); it pays k of its own
  // and needs a step off z when z is blocked for it; when z holds a neutral and
  // its only inner neighbour is q's place (or z is a corner), whoever captures
  // that neutral enters from an edge neighbour y: a step off y too (or q leaves
  // its place and comes back: 2 of its own, no better than going farther).
  // Exact minimum over the choices.
  struct Option {
    int own;
    std::uint64_t cells;
  };
  int edge_entries(const State& s) const {
    constexpr int kMax = 24;
    Option opts[code9::kRanks][kMax];
    int count[code9::kRanks];
    int n = 0;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p == code9::kNowhere || code9::on_edge(p)) continue;
      int m = 0;
      bool open = false;
      const code9_detail::Exits& ex = code9_detail::kExits[p];
      for (int j = 0; j < ex.n && !open; ++j) {
        const int e = ex.place[j], k = ex.extra[j];
        const int sep = code9::edge_distance(p) + k;
        const Card c = s.at(e);
        if (c == kNoCard || rank_of(c) < r) {
          if (k == 0) open = true;
          opts[n][m++] = Option{1, 0};
          continue;
        }
        const bool spade = suit_of(c) == suit_;
        if (!spade && rank_of(c) == code9::kRanks) continue;  // a neutral 9: never entered
        const bool corner =
            (code9::row_of(e) % (code9::kSide - 1)) == 0 && (code9::col_of(e) % (code9::kSide - 1)) == 0;
        const std::uint64_t z = std::uint64_t{1} << e;
        if (spade || !(sep == 1 || corner)) {
          opts[n][m++] = Option{k, z};
          continue;
        }
        for (int w = 0; w < 4; ++w) {
          const int y = code9::neighbour(e, w);
          if (y >= 0 && code9::on_edge(y)) opts[n][m++] = Option{k, z | std::uint64_t{1} << y};
        }
      }
      if (open) continue;
      opts[n][m++] = Option{2, 0};
      count[n++] = m;
    }
    if (n == 0) return 0;
    std::uint64_t seen = 0, shared = 0;
    for (int i = 0; i < n; ++i) {
      std::uint64_t mine = 0;
      for (int j = 0; j < count[i]; ++j) mine |= opts[i][j].cells;
      shared |= seen & mine;
      seen |= mine;
    }
    int cells[code9::kPlaces];
    int m = 0;
    for (std::uint64_t x = shared; x; x &= x - 1) cells[m++] = std::countr_zero(x);
    if (m > 8) return -1;  // too many to enumerate
    int best = 1 << 20;
    for (unsigned mask = 0; mask < (1u << m); ++mask) {
      std::uint64_t chosen = 0;
      for (int j = 0; j < m; ++j)
        if (mask >> j & 1) chosen |= std::uint64_t{1} << cells[j];
      int total = std::popcount(mask);
      for (int i = 0; i < n && total < best; ++i) {
        int least = 1 << 20;
        for (int j = 0; j < count[i]; ++j) {
          const Option& o = opts[i][j];
          if (o.cells & shared & ~chosen) continue;
          least = std::min(least, o.own + std::popcount(o.cells & ~shared));
        }
        total += least;
      }
      best = std::min(best, total);
    }
    return best;
  }

  // Whether no position on any line from s (s included) is under the special
  // rule. After a step the mover may step back, so at any later position a
  // spade that has moved since s and is still on the grid has a normal move
  // (the one whose last step is the latest steps back: nobody refilled its
  // old place, or the refiller would be later). So at a position P under the
  // special rule no spade on the grid has moved since s; as only the lowest
  // spade leaves, those on the grid are the spades of rank k and above (k
  // the lowest at P), each at its place in s, and every place that held a
  // lower spade or a captured neutral in s is empty. Hence in s each
  // neighbour of each of them is one of them or a neutral it cannot capture
  // (anything else is empty or still capturable at P), and spade k is inner
  // (else it goes off). When no k has such a closed set, the special rule
  // is out of reach on every line from s. (The 9 of spades belongs to every
  // such set, so an empty or capturable neighbour of it is enough.)
  bool special_free(const State& s) const {
    if (s.place_of(suit_, code9::kRanks) == code9::kNowhere) return false;
    for (int k = code9::kRanks; k >= 1; --k) {
      const int pk = s.place_of(suit_, k);
      if (pk == code9::kNowhere || code9::on_edge(pk)) continue;
      bool closed = true;
      for (int j = k; j <= code9::kRanks && closed; ++j) {
        const int p = s.place_of(suit_, j);
        if (p == code9::kNowhere) continue;
        for (int w = 0; w < 4 && closed; ++w) {
          const int q = code9::neighbour(p, w);
          if (q < 0) continue;
          const Card c = s.at(q);
          if (c == kNoCard) {
            closed = false;
          } else if (suit_of(c) == suit_) {
            closed = rank_of(c) >= k;
          } else {
            closed = rank_of(c) >= j;
          }
        }
      }
      if (closed) return false;
    }
    return true;
  }

  // Moves beyond the distance sum forced by the edge places the inner spades
  // would leave from; only for special_free positions (every move normal).
  // A spade's steps number its distance d, plus the steps that do not bring
  // it nearer the edge ("non-downhill"), plus one for each uphill one. An
  // inner spade q whose steps are all downhill until it first reaches the
  // edge enters it at an edge place x at distance exactly d from it (its
  // "exits"). q can enter x only if x is empty or holds a neutral below q.
  // If x now holds a spade above q, or a neutral of q's rank or above (which
  // only a spade above it can capture), that spade must step off x before q
  // comes: it cannot go off before q. Call x then blocked for q. So an inner
  // spade all of whose exits are blocked needs a non-downhill step of its own
  // from an inner place, or a step off one of its exits by some spade. Steps
  // of the first kind are told apart by their mover, of the second by the
  // place they leave, and the two kinds by where they start (inner / edge),
  // so the fewest such steps covering every blocked spade (a small hitting
  // set, solved exactly) is a count of distinct moves the sum leaves out.
  // An exit holding a neutral 9 can never be entered (only the special rule
  // captures a 9); a spade with only such exits needs a step of its own,
  // which covers no other spade.
  int edge_clearing(const State& s) const {
    std::uint64_t exits[code9::kRanks];
    int blocked = 0, walled = 0;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p == code9::kNowhere || code9::on_edge(p)) continue;
      std::uint64_t x = 0;
      bool open = false;
      const code9_detail::Exits& ex = code9_detail::kExits[p];
      for (int j = 0; j < ex.n && !open; ++j) {
        if (ex.extra[j] != 0) continue;
        const int e = ex.place[j];
        const Card c = s.at(e);
        if (c == kNoCard || rank_of(c) < r) {
          open = true;  // empty, a lower neutral or a lower spade
        } else if (suit_of(c) == suit_ || rank_of(c) < code9::kRanks) {
          x |= std::uint64_t{1} << e;
        }
      }
      if (open) continue;
      if (x == 0) {
        ++walled;
      } else {
        exits[blocked++] = x;
      }
    }
    return walled + cover(exits, blocked, 0, 0);
  }

  // The distance bound charges each spade only its straight walk to the edge
  // ("downhill": every step one place nearer the edge). This says that the
  // lowest spade L cannot leave that way while every other spade also walks
  // downhill, so some move beyond the distance bound is forced. The argument
  // (docs/solvers.md, "Code 9 solitaire"):
  //  1. After any step (normal or special) the mover may step back into the
  //     place it left, a normal move; so the special rule can be in force
  //     only at s itself or right after a card went off. Until L is off only
  //     L may go off, so if s has a normal move, every move before L leaves
  //     is a normal one.
  //  2. Each other spade t is still on the grid when L leaves (it is higher),
  //     and its moves number at least its distance plus one plus its
  //     non-downhill steps; so it suffices that some other spade takes a
  //     non-downhill step before L is off, or that L walks further than its
  //     distance.
  //  3. L walks a shortest (downhill) way out only if every place P on it can
  //     be entered by a normal move when L gets there: empty, or a neutral
  //     below L. An edge place holding a spade or a neutral L cannot capture
  //     ("hard") must be left first by another spade, which cannot go off
  //     before L: its step off an edge place is not downhill. An inner place
  //     holding such a neutral must be captured by a higher spade t first;
  //     t reaches it walking downhill only if its distance exceeds P's by
  //     exactly their separation; when no spade above the neutral qualifies,
  //     the place is hard too.
  // So when s has a normal move and every downhill way from L to the edge
  // crosses a hard place, one more move is needed.
  // (Callers check that s has a normal move.)
  bool lowest_spade_walled(const State& s) const {
    int low = 0, at = code9::kNowhere;
    for (int r = 1; r <= code9::kRanks && at == code9::kNowhere; ++r)
      if ((at = s.place_of(suit_, r)) != code9::kNowhere) low = r;
    if (at == code9::kNowhere || code9::on_edge(at)) return false;
    // The places L reaches walking downhill through places that are not hard.
    std::uint64_t reach = std::uint64_t{1} << at;
    for (int d = code9::edge_distance(at); d > 0; --d) {
      std::uint64_t next = 0;
      for (int p = 0; p < code9::kPlaces; ++p) {
        if (!(reach >> p & 1)) continue;
        for (int k = 0; k < 4; ++k) {
          const int q = code9::neighbour(p, k);
          if (q >= 0 && code9::edge_distance(q) == d - 1 && !hard(s, q, low)) next |= std::uint64_t{1} << q;
        }
      }
      if (next == 0) return true;
      reach = next;
    }
    return false;
  }

  // The moves beyond the distance bound that L's walk out forces on L and on
  // the spade that clears its way; s must have a normal move. By step 1 above
  // every move until L is off is then normal, so L enters only places that are
  // empty, hold a lower neutral, or held a spade (which moved away). Let R be
  // the places L reaches now through such places (a place held by a spade
  // counted as free) and D(p) its walk to p inside R. L's walk out either
  // stays in R, to an edge place e (at least D(e) steps), or first leaves R at
  // a place c holding a neutral of L's rank or above. Then L walks at least
  // D(c) + d(c) steps, and some spade t above that neutral captures it first
  // (normal moves only), walking at least |t - c| + d(c) steps against its
  // d(t) in the sum: t is not L, so the two excesses add. A spade that holds
  // or clears an edge place on L's way cannot go off before L, so it steps
  // off that place: one more. The smallest total
  // over e, and over c and t, is a lower bound; a c no spade can capture
  // (and every place when nothing is reachable) adds nothing finite, which
  // cannot happen on a won line, so it is skipped.
  int lowest_spade_detour(const State& s) const {
    int low = 0, at = code9::kNowhere;
    for (int r = 1; r <= code9::kRanks && at == code9::kNowhere; ++r)
      if ((at = s.place_of(suit_, r)) != code9::kNowhere) low = r;
    return detour(s, low, at);
  }

  // The same for the spade of rank `low` at `at`, lowest or not, when every
  // move is normal (special_free): the argument holds word for word, except
  // that a spade on an edge place on its way that is below it may go off
  // first, so only one above it must step aside.
  int detour(const State& s, int low, int at) const {
    using code9::kPlaces;
    if (at == code9::kNowhere || code9::on_edge(at)) return 0;
    constexpr int kFar = 1 << 20;
    int dist[kPlaces];
    std::fill(dist, dist + kPlaces, -1);
    int queue[kPlaces];
    int head = 0, tail = 0;
    dist[at] = 0;
    queue[tail++] = at;
    int best = kFar;
    while (head < tail) {
      const int p = queue[head++];
      if (dist[p] >= best) break;  // nothing cheaper lies further out
      if (code9::on_edge(p)) {
        // A spade above L here must step aside first: it cannot go off before L.
        const Card c = s.at(p);
        best = std::min(best, dist[p] + (c != kNoCard && suit_of(c) == suit_ && rank_of(c) > low ? 1 : 0));
        continue;
      }
      for (int k = 0; k < 4; ++k) {
        const int q = code9::neighbour(p, k);
        if (q < 0 || dist[q] >= 0) continue;
        dist[q] = dist[p] + 1;
        const Card c = s.at(q);
        if (c == kNoCard || suit_of(c) == suit_ || rank_of(c) < low) {
          queue[tail++] = q;
          continue;
        }
        int clear = kFar;
        for (int t = rank_of(c) + 1; t <= code9::kRanks; ++t) {
          const int pt = s.place_of(suit_, t);
          if (pt == code9::kNowhere) continue;
          const int sep =
              std::abs(code9::row_of(pt) - code9::row_of(q)) + std::abs(code9::col_of(pt) - code9::col_of(q));
          clear = std::min(clear, sep + code9::edge_distance(q) - code9::edge_distance(pt));
        }
        if (code9::on_edge(q)) ++clear;  // t then steps off q, not off the grid
        if (clear < kFar) best = std::min(best, dist[q] + code9::edge_distance(q) + clear);
      }
    }
    return best >= kFar ? 0 : best - code9::edge_distance(at);
  }

  // Whether `place` is hard for the lowest spade, of rank `low` (see above).
  bool hard(const State& s, int place, int low) const {
    const Card c = s.at(place);
    if (c == kNoCard) return false;
    const bool spade = suit_of(c) == suit_;
    if (!spade && rank_of(c) < low) return false;  // L captures it
    if (code9::on_edge(place)) return true;
    if (spade) return false;  // it may walk on downhill
    const int dp = code9::edge_distance(place);
    for (int r = rank_of(c) + 1; r <= code9::kRanks; ++r) {
      const int t = s.place_of(suit_, r);
      if (t == code9::kNowhere) continue;
      const int sep = std::abs(code9::row_of(t) - code9::row_of(place)) +
                      std::abs(code9::col_of(t) - code9::col_of(place));
      if (code9::edge_distance(t) - dp == sep) return false;
    }
    return true;
  }

  // A normal move: a spade next to an empty place or a lower neutral, or the
  // lowest spade on an edge. Without one the special rule is in force.
  bool has_normal_move(const State& s) const {
    bool lowest = true;
    for (int r = 1; r <= code9::kRanks; ++r) {
      const int p = s.place_of(suit_, r);
      if (p == code9::kNowhere) continue;
      if (can_move(s, r, p, lowest)) return true;
      lowest = false;
    }
    return false;
  }

  // Whether spade r at p has a normal move: off, when it is the lowest on the
  // grid and on an edge; else a step into an empty place or onto a lower neutral.
  bool can_move(const State& s, int r, int p, bool lowest) const {
    if (lowest && code9::on_edge(p)) return true;
    for (int k = 0; k < 4; ++k) {
      const int q = code9::neighbour(p, k);
      if (q < 0) continue;
      const Card c = s.at(q);
      if (c == kNoCard || (suit_of(c) != suit_ && rank_of(c) < r)) return true;
    }
    return false;
  }

  Key key(const State& s) const {
    Key k;
    for (int r = 1; r <= code9::kRanks; ++r)
      k.a |= static_cast<std::uint64_t>(s.place_of(suit_, r) & 63) << (6 * (r - 1));
    for (int p = 0; p < code9::kPlaces; ++p) {
      const Card c = s.at(p);
      if (c != kNoCard && suit_of(c) != suit_) k.b |= 1ULL << p;
    }
    return k;
  }

 private:
  // The fewest steps covering sets[i..n): a set already met by a chosen exit
  // costs nothing; otherwise one of its exits is chosen (at least as good as
  // the spade's own step, which covers it alone).
  static int cover(const std::uint64_t* sets, int n, int i, std::uint64_t chosen) {
    while (i < n && (sets[i] & chosen)) ++i;
    if (i == n) return 0;
    int best = n;
    for (std::uint64_t x = sets[i]; x; x &= x - 1)
      best = std::min(best, 1 + cover(sets, n, i + 1, chosen | (x & (~x + 1))));
    return best;
  }

  // The walks around the neutral 9s (code9_detail::Paths), built again only
  // when the walls change: in practice once per search.
  const code9_detail::Paths& paths_for(const State& s) const {
    std::uint64_t walls = 0;
    for (int p = 0; p < code9::kPlaces; ++p) {
      const Card c = s.at(p);
      if (c != kNoCard && suit_of(c) != suit_ && rank_of(c) == code9::kRanks) walls |= std::uint64_t{1} << p;
    }
    if (paths_.walls != walls) paths_.build(walls);
    return paths_;
  }

  int suit_;
  mutable code9_detail::Paths paths_;  // a cache of what the walls give, one per search
};

inline Solution solve_code9_solitaire(const code9::Code9State& s, const Limits& limits) {
  Solution out = fewest_moves(Code9Adapter(s.suit_of_player(0)), s, limits);
  out.scored = true;
  if (out.outcome == Verdict::Win)
    out.score = out.best_score_any = s.moves() + static_cast<int>(out.actions.size());
  if (out.outcome == Verdict::Unknown) out.bound += s.moves();  // a bound on the final score
  return out;
}

template <>
struct SolverTraits<code9::Code9Game> {
  static constexpr const char* kName = "code9_solitaire";
  static constexpr const char* kListed = "code9_solitaire";
  static constexpr int kListOrder = 2;
  static constexpr std::int64_t kDefaultNodeLimit = 2'000'000;
  static constexpr const char* kScoreUnit = "moves";  // fewer is better
  static std::string refusal(const code9::Code9Game& g) {
    return g.name() == "code9_solitaire" ? "" : "no solver for code9, a game of several players";
  }
  static Solution solve(const code9::Code9State& s, const Limits& limits) {
    return solve_code9_solitaire(s, limits);
  }
};

}  // namespace cardsim::solver
