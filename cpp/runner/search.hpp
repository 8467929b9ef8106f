// Search players for the batch runner (docs/strategy.md):
//
//   pimc:N    flat Monte Carlo over determinisations. N times: redeal what the
//             player to move has not seen (State::resample_hidden), then play
//             each legal action followed by a rollout to the end; the action
//             with the best mean value is chosen. Every action is tried on the
//             same N determinisations (common random numbers), so differences
//             between actions are not drowned in deal-to-deal noise.
//   ismcts:N  single-observer information-set MCTS (Cowling, Powley and
//             Whitehouse 2012): N iterations, each on a fresh determinisation,
//             descend one tree of action ids, expand one action, roll out, and
//             back the value up, each node scored for the seat that chose it.
//             The root child visited most is played. The descent is PUCT with
//             the rollout policy's choice as the favourite of the prior
//             (`prior` > 0, the default), or UCB1 with availability counts
//             (`prior=0`: a child's exploration term counts the iterations in
//             which its action was legal, and every action is expanded before
//             any is revisited). Why a prior: a turn of several decisions (draw,
//             melds, discard) valued by the mean of everything tried below it
//             punishes the branches whose follow-ups are still being explored;
//             plain UCB1 at 200 iterations put off melds and lost to greedy in
//             Rummy (docs/strategy.md, "Measured").
//
// Values are in [0, 1]: a game's `search_value(state, p)` when it defines one
// (a solitaire's graded result), else 1 for a win, 1/2 for a draw, 0 otherwise.
// Randomness comes from the game's own stream, so a search player is as
// deterministic for (seed, game index) as any other policy. Trees live in a
// per-thread workspace whose storage is kept from decision to decision: after
// the first few decisions a search allocates nothing.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"

namespace cardsim {

// A game whose states can be determinised for one player.
template <class G>
concept CanSearch = requires(typename G::State& s, Rng& r) { s.resample_hidden(0, r); };

template <class G>
struct SearchWorkspace {
  struct Node {
    Action action = -1;
    int player = -1;  // the seat that chose `action`
    int first_child = -1, next_sibling = -1;
    std::uint32_t visits = 0, avail = 0;
    double total = 0;
  };
  std::vector<Node> nodes;
  std::vector<int> path;
  std::vector<std::uint8_t> is_legal;  // by action id, cleared after each use
  std::vector<double> sums;            // pimc: per legal action
};

template <class G>
double search_value(const G& game, const typename G::State& s, int p) {
  if constexpr (requires { game.search_value(s, p); }) {
    return game.search_value(s, p);
  } else {
    const Outcome o = s.outcome();
    if (o.winners >> p & 1) return 1.0;
    return o.draw ? 0.5 : 0.0;
  }
}

// One loop per rollout policy, so that the policy is chosen once per
// rollout rather than at every step (the same choices and draws as
// simple_action's).
template <class G>
void rollout(const G& game, typename G::State& s, Policy kind, Rng& rng) {
  typename G::State::ActionList legal;
  switch (kind) {
    case Policy::Random:
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        s.apply(legal.size() == 1 ? legal[0] : legal[static_cast<std::size_t>(rng.below(legal.size()))]);
      }
      return;
    case Policy::Greedy:
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        s.apply(game.greedy_action(s, legal, rng));
      }
      return;
    default:
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        s.apply(simple_action(kind, game, s, legal, rng));
      }
  }
}

template <class G>
Action pimc_action(const G& game, const typename G::State& root, const typename G::State::ActionList& legal,
                   const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws) {
  const int me = root.current_player();
  ws.sums.assign(legal.size(), 0.0);  // keeps its capacity
  for (int n = 0; n < spec.budget; ++n) {
    typename G::State det = root;
    det.resample_hidden(me, rng);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      typename G::State s = det;
      s.apply(legal[i]);
      rollout(game, s, spec.rollout, rng);
      ws.sums[i] += search_value(game, s, me);
    }
  }
  // Ties (common at small budgets) go to the rollout policy's own choice.
  const Action prior = simple_action(spec.rollout, game, root, legal, rng);
  std::size_t best = 0;
  while (legal[best] != prior) ++best;
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (ws.sums[i] > ws.sums[best]) best = i;
  return legal[best];
}

template <class G>
Action ismcts_action(const G& game, const typename G::State& root, const typename G::State::ActionList& legal,
                     const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws) {
  using Node = typename SearchWorkspace<G>::Node;
  const int me = root.current_player();
  const auto at = [&ws](int i) -> Node& { return ws.nodes[static_cast<std::size_t>(i)]; };
  ws.nodes.clear();
  ws.nodes.reserve(static_cast<std::size_t>(spec.budget) + 1);  // one node per iteration at most
  ws.nodes.push_back(Node{});
  // By action id: 0 not legal in this redeal, 1 legal and untried here, 2 legal with a child.
  ws.is_legal.resize(static_cast<std::size_t>(game.num_actions()), 0);
  const auto mark = [&ws](Action a) -> std::uint8_t& { return ws.is_legal[static_cast<std::size_t>(a)]; };
  typename G::State::ActionList moves;
  for (int it = 0; it < spec.budget; ++it) {
    typename G::State s = root;
    s.resample_hidden(me, rng);
    ws.path.clear();
    int node = 0;
    // Selection and one expansion.
    while (!s.is_terminal()) {
      s.legal_actions(moves);
      for (Action a : moves) mark(a) = 1;
      // The available children: count the availability, mark them tried,
      // and sum their value for the first-play estimate of untried ones.
      std::size_t tried = 0;
      double child_total = 0, child_visits = 0;
      for (int ch = at(node).first_child; ch >= 0; ch = at(ch).next_sibling) {
        Node& c = at(ch);
        if (!mark(c.action)) continue;
        mark(c.action) = 2;
        ++c.avail;
        ++tried;
        child_total += c.total;
        child_visits += c.visits;
      }
      int next = -1;
      Action expand = -1;
      if (spec.prior > 0) {
        // PUCT: the rollout policy's choice holds `prior` of the prior
        // mass, the other legal actions share the rest; an untried action
        // is scored at the mean of the tried ones (first-play urgency).
        const Action favourite = simple_action(spec.rollout, game, s, moves, rng);
        const double others = moves.size() > 1 ? (1 - spec.prior) / static_cast<double>(moves.size() - 1) : 1;
        const double scale =
            spec.c * std::sqrt(static_cast<double>(std::max<std::uint32_t>(at(node).visits, 1)));
        const double first_play = child_visits > 0 ? child_total / child_visits : 0.5;
        double best = -1;
        for (int ch = at(node).first_child; ch >= 0; ch = at(ch).next_sibling) {
          const Node& c = at(ch);
          if (mark(c.action) != 2) continue;
          const double p = c.action == favourite ? spec.prior : others;
          const double v = c.total / c.visits + scale * p / (1 + c.visits);
          if (v > best) best = v, next = ch;
        }
        for (Action a : moves) {
          if (mark(a) != 1) continue;
          const double v = first_play + scale * (a == favourite ? spec.prior : others);
          if (v > best) best = v, next = -1, expand = a;
        }
      } else if (tried < moves.size()) {
        // UCB1 expands every action before choosing among them: the rollout
        // policy's choice first (a cheap prior), else the lowest untried id.
        const Action favourite = simple_action(spec.rollout, game, s, moves, rng);
        if (mark(favourite) == 1) {
          expand = favourite;
        } else {
          for (Action a : moves)
            if (mark(a) == 1) {
              expand = a;
              break;
            }
        }
      } else {
        double best = -1;
        for (int ch = at(node).first_child; ch >= 0; ch = at(ch).next_sibling) {
          const Node& c = at(ch);
          if (mark(c.action) != 2) continue;
          const double v =
              c.total / c.visits + spec.c * std::sqrt(std::log(static_cast<double>(c.avail)) / c.visits);
          if (v > best) best = v, next = ch;
        }
      }
      for (Action a : moves) mark(a) = 0;
      if (expand >= 0) {
        Node child;
        child.action = expand;
        child.player = s.current_player();
        child.next_sibling = at(node).first_child;
        child.avail = 1;
        next = static_cast<int>(ws.nodes.size());
        ws.nodes.push_back(child);
        at(node).first_child = next;
      }
      s.apply(at(next).action);
      ws.path.push_back(next);
      node = next;
      if (expand >= 0) break;
    }
    rollout(game, s, spec.rollout, rng);
    ++at(0).visits;
    for (int n : ws.path) {
      Node& c = at(n);
      ++c.visits;
      c.total += search_value(game, s, c.player);
    }
  }
  // The most visited root child; ties go to the better mean, then to the
  // earlier expansion.
  int best = -1;
  for (int ch = at(0).first_child; ch >= 0; ch = at(ch).next_sibling) {
    const Node& c = at(ch);
    if (best < 0) {
      best = ch;
      continue;
    }
    const Node& b = at(best);
    // Children are listed newest first, so on a full tie the earlier
    // expansion wins by coming later in this walk.
    const double cm = c.visits ? c.total / c.visits : 0, bm = b.visits ? b.total / b.visits : 0;
    if (c.visits > b.visits || (c.visits == b.visits && cm >= bm)) best = ch;
  }
  return best < 0 ? legal[0] : at(best).action;
}

// The search player's choice at `state` (more than one legal action).
template <class G>
Action search_action(const G& game, const typename G::State& state,
                     const typename G::State::ActionList& legal, const PolicySpec& spec, Rng& rng,
                     SearchWorkspace<G>& ws) {
  if constexpr (CanSearch<G>) {
    return spec.kind == Policy::Pimc ? pimc_action(game, state, legal, spec, rng, ws)
                                     : ismcts_action(game, state, legal, spec, rng, ws);
  } else {
    throw InvalidArgument(game.name() + " has no resample_hidden, which search players need");
  }
}

}  // namespace cardsim

namespace cardsim {

// Out of line, so that the runner's step loop stays small.
template <class G>
[[gnu::noinline]] Action search_action_outlined(const G& game, const typename G::State& state,
                                                const typename G::State::ActionList& legal,
                                                const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws) {
  return search_action(game, state, legal, spec, rng, ws);
}

}  // namespace cardsim
