// The Wall's solver adapter for reach_goal (docs/solvers.md, "The Wall").
//
// - Key: a canonical hash of everything that shapes the future, and nothing
//   else: the move counter is left out, so a position reached again after
//   back-and-forth moves is recognised; the upper, lower and discard piles are
//   each hashed as a multiset (order-free sums of per-pile hashes), because
//   piles of one kind are interchangeable; the stock and reserve enter by their
//   sizes (their order is fixed by the deal); the foundations are implied by
//   the rest. The two copies of a card share one id, so they are identical.
// - Symmetry breaking: of several empty lower piles only the first is a
//   destination, likewise of several empty discard piles; moving the lone card
//   of a lower pile into an empty one is dropped (it only renames piles).
// - Safe foundation moves (argued in docs/solvers.md): a card whose one-lower
//   same-suit cards are both home can never host anything; sending it home
//   from an upper pile, a discard pile, a lower pile it does not empty, or the
//   waste once the stock is out, is played alone, without alternatives.
// - Move ordering: the greedy policy's priorities, best first; in the
//   search's restarts the waste card's discard piles are ordered by release
//   times computed from the known stock (docs/solvers.md), jittered from the
//   second restart on.
#pragma once

#include <algorithm>
#include <array>
#include <string>

#include "games/the_wall/the_wall.hpp"
#include "solver/search.hpp"
#include "solver/traits.hpp"

namespace cardsim::solver {

class TheWallAdapter {
 public:
  using State = the_wall::TheWallState;
  using MoveList = State::ActionList;

  bool won(const State& s) const { return s.on_foundations() == the_wall::kDeckSize; }
  bool cut(const State& s) const { return s.is_truncated(); }
  bool over(const State& s) const { return s.is_terminal(); }
  void apply(State& s, Action a) const { s.apply(a); }

  // Copies of card c (same suit, same rank) already on the foundations.
  static int home_count(const State& s, Card c) {
    int n = 0;
    for (int f = 0; f < the_wall::kFoundations; ++f) {
      const Card t = s.foundation_top(f);
      n += t != kNoCard && suit_of(t) == suit_of(c) && rank_of(t) >= rank_of(c);
    }
    return n;
  }

  // True when sending the source's card home can never lose a win.
  static bool safe_home(const State& s, int src) {
    using namespace the_wall;
    const Card c = s.source_card(src);
    if (rank_of(c) > 1 && home_count(s, static_cast<Card>(c - 1)) < 2) return false;
    if (src >= kSrcLower && src < kSrcWaste)
      return s.lower(src - kSrcLower).size() >= 2 || s.waste() == kNoCard;
    if (src == kSrcWaste) return s.stock().empty();
    return true;  // upper or discard pile
  }

  // Release times: how many waste turns until a card could go home, as far as
  // the deal's order tells (the solver sees the stock). A card not home needs
  // one more copy of each lower rank of its suit than of its own rank home; the
  // nearest copy not home of each such rank has to be in play first. A stock
  // card comes into play on its turn; a reserve card is guessed at three turns
  // per card above it; a card in view counts 0.
  struct Release {
    std::array<std::uint8_t, 52> nearest{};  // turns until the nearest copy not home is in play
    std::array<std::uint8_t, 52> home{};     // copies home
    void compute(const State& s) {
      using namespace the_wall;
      nearest.fill(kFar);
      home.fill(0);
      for (int f = 0; f < kFoundations; ++f)
        if (const Card t = s.foundation_top(f); t != kNoCard)
          for (Card c = static_cast<Card>(t - rank_of(t) + 1); c <= t; ++c) ++home[c];
      auto add = [&](Card c, int delay) {
        nearest[c] = static_cast<std::uint8_t>(std::min<int>(nearest[c], delay));
      };
      const int stock = static_cast<int>(s.stock().size());
      for (int i = 0; i < stock; ++i) add(s.stock()[static_cast<std::size_t>(i)], stock - i);
      const int reserve = static_cast<int>(s.reserve().size());
      for (int j = 0; j < reserve; ++j) add(s.reserve()[static_cast<std::size_t>(j)], 3 * (reserve - j));
      for (int i = 0; i < kUpperPiles; ++i)
        if (s.upper(i) != kNoCard) add(s.upper(i), 0);
      for (int j = 0; j < kLowerPiles; ++j)
        for (Card c : s.lower(j)) add(c, 0);
      if (s.waste() != kNoCard) add(s.waste(), 0);
      for (int d = 0; d < s.num_discards(); ++d)
        for (Card c : s.discard(d)) add(c, 0);
    }
    // Turns until c (not home) could go home. Home counts fall with the rank
    // (a foundation holds ace..top), so a lower rank never needs two copies more.
    int of(Card c) const {
      int t = 0;
      for (Card b = static_cast<Card>(c - rank_of(c) + 1); b < c; ++b)
        if (home[b] == home[c]) t = std::max<int>(t, nearest[b]);
      return t;
    }
    static constexpr std::uint8_t kFar = 200;  // above any delay: 78 + 3 * 13
  };

  // The waste card w onto discard pile d: its own successor first, then tops
  // released no earlier than w (tightest first: w leaves before they are
  // wanted), then an empty pile, then tops released earlier (least early first).
  static int discard_score(const State& s, const Release& rel, int d) {
    const auto& pile = s.discard(d);
    if (pile.empty()) return 130;
    const Card w = s.waste(), t = pile.back();
    if (the_wall::builds_on(w, t)) return 160;
    const int gap = rel.of(t) - rel.of(w);
    return gap >= 0 ? 150 - std::min(gap, 19) : 129 + std::max(gap, -20);
  }

  // Restart q of the search (search.hpp) orders the waste card's discard
  // piles by release times; from the second restart on, with a deterministic
  // jitter drawn from q and the position. The first dives and the complete
  // search keep the greedy order: with it the first dive is the greedy line,
  // so a deal greedy wins is won at once, and the many deals it settles cheaply
  // are settled as cheaply as before.
  void vary(std::uint64_t q) {
    release = true;
    jitter = q == 1 ? 0 : kJitter;
    jitter_seed = mix64(q);
  }
  static constexpr int kJitter = 25;
  bool release = false;
  int jitter = 0;
  std::uint64_t jitter_seed = 0;

  void moves(const State& s, MoveList& out) const {
    using namespace the_wall;
    MoveList legal;
    s.legal_actions(legal);
    out.clear();
    int first_empty_lower = -1, first_empty_discard = -1;
    for (int j = 0; j < kLowerPiles; ++j)
      if (s.lower(j).empty()) {
        first_empty_lower = j;
        break;
      }
    for (int d = 0; d < s.num_discards(); ++d)
      if (s.discard(d).empty()) {
        first_empty_discard = d;
        break;
      }
    for (Action a : legal) {
      const auto [src, dst] = the_wall::decode(a);
      if (dst == kDstFoundation && safe_home(s, src)) {
        out.clear();
        out.push_back(a);
        return;
      }
      if (dst < kDstFoundation && s.lower(dst).empty()) {
        if (dst != first_empty_lower) continue;
        if (src >= kSrcLower && src < kSrcWaste && s.lower(src - kSrcLower).size() == 1) continue;
      }
      if (dst >= kDstDiscard && s.discard(dst - kDstDiscard).empty() &&
          dst - kDstDiscard != first_empty_discard)
        continue;
      out.push_back(a);
    }
    // Best first by the greedy priorities (in a restart the discard piles by
    // release times, jittered); stable, so ties keep id order.
    std::array<int, MoveList::capacity()> score{};
    Release rel;
    bool have_rel = false;
    for (std::size_t i = 0; i < out.size(); ++i) {
      const int dst = the_wall::decode(out[i]).destination;
      if (!release || dst < kDstDiscard) {
        score[i] = TheWallGame::greedy_score(s, out[i]);
        continue;
      }
      if (!have_rel) rel.compute(s), have_rel = true;
      score[i] = discard_score(s, rel, dst - kDstDiscard);
      if (jitter > 0) {
        const std::uint64_t h = mix64(
            jitter_seed ^ std::uint64_t{s.stock().size()} << 40 ^ static_cast<std::uint64_t>(out[i]) << 20 ^
            std::uint64_t{s.waste()} << 8 ^ static_cast<std::uint64_t>(s.on_foundations()));
        score[i] += static_cast<int>(h % (2 * jitter + 1)) - jitter;
      }
    }
    std::array<int, MoveList::capacity()> order{};
    for (std::size_t i = 0; i < out.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(out.size()),
                     [&](int x, int y) {
                       return score[static_cast<std::size_t>(x)] > score[static_cast<std::size_t>(y)];
                     });
    MoveList sorted;
    for (std::size_t i = 0; i < out.size(); ++i) sorted.push_back(out[static_cast<std::size_t>(order[i])]);
    out = sorted;
  }

  static std::uint64_t pile_hash(const Card* cards, std::size_t n, std::uint64_t seed) {
    std::uint64_t h = mix64(seed + n);
    for (std::size_t i = 0; i < n; ++i)
      h = mix64(h ^ (static_cast<std::uint64_t>(cards[i]) + 1) * 0x9E3779B97F4A7C15ULL);
    return h;
  }

  Key key(const State& s) const {
    using namespace the_wall;
    Key k;
    for (std::uint64_t lane = 0; lane < 2; ++lane) {
      const std::uint64_t seed = lane * 0x5851F42D4C957F2DULL;
      std::uint64_t h =
          mix64(seed ^ (s.stock().size() << 8 | s.reserve().size()) ^ (std::uint64_t{s.waste()} << 20));
      std::uint64_t upper = 0, lower = 0, discards = 0;
      for (int i = 0; i < kUpperPiles; ++i) upper += mix64(seed + 1000 + s.upper(i));
      for (int j = 0; j < kLowerPiles; ++j)
        lower += pile_hash(s.lower(j).begin(), s.lower(j).size(), seed + 1);
      for (int d = 0; d < s.num_discards(); ++d)
        discards += pile_hash(s.discard(d).begin(), s.discard(d).size(), seed + 2);
      h = mix64(h ^ upper);
      h = mix64(h ^ lower);
      h = mix64(h ^ discards);
      (lane ? k.b : k.a) = h;
    }
    return k;
  }
};

inline Solution solve_the_wall(const the_wall::TheWallState& s, const Limits& limits) {
  return reach_goal(TheWallAdapter{}, s, limits);
}

template <>
struct SolverTraits<the_wall::TheWallGame> {
  static constexpr const char* kName = "the_wall";
  static constexpr const char* kListed = "the_wall";
  static constexpr int kListOrder = 0;
  static constexpr std::int64_t kDefaultNodeLimit = 2'000'000;
  static constexpr const char* kScoreUnit = nullptr;
  static std::string refusal(const the_wall::TheWallGame&) { return ""; }
  static Solution solve(const the_wall::TheWallState& s, const Limits& limits) {
    return solve_the_wall(s, limits);
  }
};

}  // namespace cardsim::solver
