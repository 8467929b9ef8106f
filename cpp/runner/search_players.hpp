// Search players for the batch runner (docs/strategy.md):
//
//   pimc:N    flat Monte Carlo over determinisations. N times: redeal what the
//             player to move has not seen (State::resample_hidden), then play
//             each legal action followed by a rollout to the end; the action
//             with the best mean gain over the rollout policy's own choice is
//             chosen, if that gain stands above its standard error (else the
//             rollout policy's choice). Every action is tried on the same N
//             determinisations (common random numbers), so differences
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
// N is the spec's budget, or the game's own default when the spec names none
// (search_budget, core/game.hpp).
//
// Values are in [0, 1]: a game's `search_value(state, p)` when it defines one
// (a solitaire's graded result), else 1 for a win, 1/2 for a draw, 0 otherwise.
// Randomness comes from the game's own stream, so a search player is as
// deterministic for (seed, game index) as any other policy. Trees live in a
// per-thread workspace whose storage is kept from decision to decision: after
// the first few decisions a search allocates nothing.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/interrupt.hpp"
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
  // pimc, per legal action: the sum and sum of squares of its gain over the
  // favourite, and its value on the current redeal.
  std::vector<double> sums, squares, values;
  // Set by the runner for a batch: a search asks both every kPollEvery
  // iterations (search_poll), so that one search of a million iterations
  // neither outlasts a Ctrl-C nor keeps a stopped batch waiting for it.
  Interrupt* interrupt = nullptr;           // its poll runs on its owner thread only
  const std::atomic<bool>* stop = nullptr;  // set when another thread of the batch failed
};

// Thrown by a search whose batch was stopped by another thread; the batch
// rethrows that thread's exception, never this one.
struct SearchStopped : std::runtime_error {
  SearchStopped() : std::runtime_error("the batch was stopped") {}
};

inline constexpr int kPollEvery = 64;

// Every kPollEvery iterations: throws SearchStopped if the batch stopped, or
// whatever the interrupt's poll throws (KeyboardInterrupt from Python).
template <class G>
inline void search_poll(SearchWorkspace<G>& ws, int it) {
  if (it % kPollEvery != kPollEvery - 1) return;
  if (ws.stop && ws.stop->load(std::memory_order_relaxed)) throw SearchStopped();
  if (ws.interrupt) ws.interrupt->check();
}

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
// `spec` with the budget it gets in this game (a game may declare its own
// default: search_budget, core/game.hpp).
template <class G>
PolicySpec with_game_budget(const G& game, PolicySpec spec) {
  spec.budget = search_budget(game, spec);
  return spec;
}

template <class G>
void rollout(const G& game, typename G::State& s, Policy kind, Rng& rng) {
  typename G::State::ActionList legal;
  switch (kind) {
    case Policy::Random:
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        s.apply(random_action(legal, rng));
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

// Flat Monte Carlo over `legal` for seat `me`: `play(det, a)` plays action a
// on a copy of the redeal `det` to the end and returns its value for `me`.
// Every action is judged by its gain over the rollout policy's own choice on
// the same redeal (a paired difference), and played only when its mean gain
// stands above its standard error. With deterministic rollouts most actions
// end the same way as the favourite on most redeals, so the paired difference
// is far less noisy than either mean; taking the best raw mean instead picked
// the luckiest of about ten noisy estimates and lost to greedy in Rummy
// (docs/strategy.md, "Measured").
template <class G, class L, class Play>
Action pimc_choice(const G& game, const typename G::State& root, int me, const L& legal,
                   const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws, Play&& play) {
  const Action favourite = simple_action(spec.rollout, game, root, legal, rng);
  std::size_t fav = 0;
  while (legal[fav] != favourite) ++fav;
  ws.sums.assign(legal.size(), 0.0);  // keeps its capacity
  ws.squares.assign(legal.size(), 0.0);
  ws.values.resize(legal.size());
  for (int n = 0; n < spec.budget; ++n) {
    search_poll(ws, n);
    typename G::State det = root;
    if (!spec.sees_all) det.resample_hidden(me, rng);
    for (std::size_t i = 0; i < legal.size(); ++i) ws.values[i] = play(det, legal[i]);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const double gain = ws.values[i] - ws.values[fav];
      ws.sums[i] += gain;
      ws.squares[i] += gain * gain;
    }
  }
  const double n = spec.budget;
  std::size_t best = fav;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const double mean = ws.sums[i] / n;
    // The standard error of the mean gain (none from a single playout: then
    // any positive gain counts).
    const double var = n > 1 ? std::max(0.0, (ws.squares[i] - ws.sums[i] * mean) / (n - 1)) : 0.0;
    if (mean > std::sqrt(var / n) && ws.sums[i] > ws.sums[best]) best = i;
  }
  return legal[best];
}

template <class G>
Action pimc_action(const G& game, const typename G::State& root, const typename G::State::ActionList& legal,
                   const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws) {
  const int me = root.current_player();
  return pimc_choice(game, root, me, legal, spec, rng, ws, [&](const typename G::State& det, Action a) {
    typename G::State s = det;
    s.apply(a);
    rollout(game, s, spec.rollout, rng);
    return search_value(game, s, me);
  });
}

// One step of an ISMCTS descent from `node`: the child to follow, or (when
// `expand` >= 0) the untried action to expand. `moves` are the actions legal
// in this redeal at this node; `s` is the state they are legal in.
struct SearchStep {
  int next = -1;
  Action expand = -1;
};

template <class G, class S, class L>
SearchStep select_child(const G& game, const S& s, const L& moves, int node, const PolicySpec& spec, Rng& rng,
                        SearchWorkspace<G>& ws) {
  using Node = typename SearchWorkspace<G>::Node;
  const auto at = [&ws](int i) -> Node& { return ws.nodes[static_cast<std::size_t>(i)]; };
  // By action id: 0 not legal in this redeal, 1 legal and untried here, 2 legal with a child.
  const auto mark = [&ws](Action a) -> std::uint8_t& { return ws.is_legal[static_cast<std::size_t>(a)]; };
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
  SearchStep step;
  if (spec.prior > 0) {
    // PUCT: the rollout policy's choice holds `prior` of the prior
    // mass, the other legal actions share the rest; an untried action
    // is scored at the mean of the tried ones (first-play urgency).
    const Action favourite = simple_action(spec.rollout, game, s, moves, rng);
    const double others = moves.size() > 1 ? (1 - spec.prior) / static_cast<double>(moves.size() - 1) : 1;
    const double scale = spec.c * std::sqrt(static_cast<double>(std::max<std::uint32_t>(at(node).visits, 1)));
    const double first_play = child_visits > 0 ? child_total / child_visits : 0.5;
    double best = -1;
    for (int ch = at(node).first_child; ch >= 0; ch = at(ch).next_sibling) {
      const Node& c = at(ch);
      if (mark(c.action) != 2) continue;
      const double p = c.action == favourite ? spec.prior : others;
      const double v = c.total / c.visits + scale * p / (1 + c.visits);
      if (v > best) best = v, step.next = ch;
    }
    for (Action a : moves) {
      if (mark(a) != 1) continue;
      const double v = first_play + scale * (a == favourite ? spec.prior : others);
      if (v > best) best = v, step.next = -1, step.expand = a;
    }
  } else if (tried < moves.size()) {
    // UCB1 expands every action before choosing among them: the rollout
    // policy's choice first (a cheap prior), else the lowest untried id.
    const Action favourite = simple_action(spec.rollout, game, s, moves, rng);
    if (mark(favourite) == 1) {
      step.expand = favourite;
    } else {
      for (Action a : moves)
        if (mark(a) == 1) {
          step.expand = a;
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
      if (v > best) best = v, step.next = ch;
    }
  }
  for (Action a : moves) mark(a) = 0;
  return step;
}

// Follows `step` from `node`: the chosen child, or a new child of `node` for
// the expanded action, chosen by seat `player`. Returns the child.
template <class G>
int take_step(SearchWorkspace<G>& ws, int node, const SearchStep& step, int player) {
  if (step.expand < 0) return step.next;
  typename SearchWorkspace<G>::Node child;
  child.action = step.expand;
  child.player = player;
  child.next_sibling = ws.nodes[static_cast<std::size_t>(node)].first_child;
  child.avail = 1;
  const int next = static_cast<int>(ws.nodes.size());
  ws.nodes.push_back(child);
  ws.nodes[static_cast<std::size_t>(node)].first_child = next;
  return next;
}

// Starts a tree for one decision: the root alone, the marks cleared.
template <class G>
void start_tree(const G& game, const PolicySpec& spec, SearchWorkspace<G>& ws) {
  ws.nodes.clear();
  ws.nodes.reserve(static_cast<std::size_t>(spec.budget) + 1);  // one node per iteration at most
  ws.nodes.push_back(typename SearchWorkspace<G>::Node{});
  ws.is_legal.resize(static_cast<std::size_t>(game.num_actions()), 0);
}

// Backs a finished iteration's end state up the path, each node scored for
// the seat that chose its action.
template <class G>
void back_up(const G& game, const typename G::State& s, SearchWorkspace<G>& ws) {
  ++ws.nodes[0].visits;
  for (int n : ws.path) {
    auto& c = ws.nodes[static_cast<std::size_t>(n)];
    ++c.visits;
    c.total += search_value(game, s, c.player);
  }
}

// The most visited root child's action (ties: the better mean, then the
// earlier expansion), or `fallback` if the root has no child.
template <class G>
Action most_visited(const SearchWorkspace<G>& ws, Action fallback) {
  const auto at = [&ws](int i) -> const auto& { return ws.nodes[static_cast<std::size_t>(i)]; };
  int best = -1;
  for (int ch = at(0).first_child; ch >= 0; ch = at(ch).next_sibling) {
    const auto& c = at(ch);
    if (best < 0) {
      best = ch;
      continue;
    }
    const auto& b = at(best);
    // Children are listed newest first, so on a full tie the earlier
    // expansion wins by coming later in this walk.
    const double cm = c.visits ? c.total / c.visits : 0, bm = b.visits ? b.total / b.visits : 0;
    if (c.visits > b.visits || (c.visits == b.visits && cm >= bm)) best = ch;
  }
  return best < 0 ? fallback : at(best).action;
}

template <class G>
Action ismcts_action(const G& game, const typename G::State& root, const typename G::State::ActionList& legal,
                     const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws) {
  const int me = root.current_player();
  start_tree(game, spec, ws);
  typename G::State::ActionList moves;
  for (int it = 0; it < spec.budget; ++it) {
    search_poll(ws, it);
    typename G::State s = root;
    if (!spec.sees_all) s.resample_hidden(me, rng);
    ws.path.clear();
    int node = 0;
    // Selection and one expansion.
    while (!s.is_terminal()) {
      s.legal_actions(moves);
      const SearchStep step = select_child(game, s, moves, node, spec, rng, ws);
      node = take_step(ws, node, step, s.current_player());
      s.apply(ws.nodes[static_cast<std::size_t>(node)].action);
      ws.path.push_back(node);
      if (step.expand >= 0) break;
    }
    rollout(game, s, spec.rollout, rng);
    back_up(game, s, ws);
  }
  return most_visited(ws, legal[0]);
}

// The search player's choice at `state` (more than one legal action).
template <class G>
Action search_action(const G& game, const typename G::State& state,
                     const typename G::State::ActionList& legal, const PolicySpec& spec, Rng& rng,
                     SearchWorkspace<G>& ws) {
  if constexpr (CanSearch<G>) {
    const PolicySpec resolved = with_game_budget(game, spec);
    return spec.kind == Policy::Pimc ? pimc_action(game, state, legal, resolved, rng, ws)
                                     : ismcts_action(game, state, legal, resolved, rng, ws);
  } else {
    throw InvalidArgument(game.name() + " has no resample_hidden, which search players need");
  }
}

// Out of line, so that the runner's step loop stays small.
template <class G>
[[gnu::noinline]] Action search_action_outlined(const G& game, const typename G::State& state,
                                                const typename G::State::ActionList& legal,
                                                const PolicySpec& spec, Rng& rng, SearchWorkspace<G>& ws) {
  return search_action(game, state, legal, spec, rng, ws);
}

// Search in a game that drives its own play-out (a timed race: the play-out,
// not the state, decides who acts when). The searching seat's decisions are
// made where the play-out stops for them (HasResumablePlayOut); a playout is
// the race itself, run on copies of the state and of its clock, every seat
// playing the rollout policy. ismcts here keeps a tree of the searching
// seat's own decisions only (open loop): what the other seats do in between
// is part of the race that each iteration replays, as in a game against
// nature. A single seat observes, so every node is scored for it.

// A race whose play-out can stop for a decision, in a game that can be
// determinised.
template <class G>
concept CanSearchRace = HasResumablePlayOut<G> && CanSearch<G>;

// The rollout policy at every seat.
inline SeatPolicies rollout_seats(Policy rollout, int players) {
  SeatPolicies seats;
  seats.num_players = players;
  seats.uniform_simple = true;
  for (int p = 0; p < players; ++p) seats.seat[static_cast<std::size_t>(p)].kind = rollout;
  return seats;
}

template <class G>
  requires CanSearchRace<G>
Action race_pimc_action(const G& game, const typename G::State& root, const typename G::PlayOut& race, int me,
                        const typename G::State::PlayerActions& legal, const PolicySpec& spec,
                        const SeatPolicies& rollouts, Rng& rng, SearchWorkspace<G>& ws) {
  return pimc_choice(game, root, me, legal, spec, rng, ws, [&](const typename G::State& det, Action a) {
    typename G::State s = det;
    typename G::PlayOut clock = race;
    game.resume_play_out(clock, a);
    game.run_play_out(s, clock, rollouts, nullptr, rng);
    return search_value(game, s, me);
  });
}

template <class G>
  requires CanSearchRace<G>
Action race_ismcts_action(const G& game, const typename G::State& root, const typename G::PlayOut& race,
                          int me, const typename G::State::PlayerActions& legal, const PolicySpec& spec,
                          const SeatPolicies& rollouts, Rng& rng, SearchWorkspace<G>& ws) {
  start_tree(game, spec, ws);
  std::array<bool, kMaxPlayers> mine{};
  mine[static_cast<std::size_t>(me)] = true;
  typename G::State::PlayerActions moves;
  for (int it = 0; it < spec.budget; ++it) {
    search_poll(ws, it);
    typename G::State s = root;
    typename G::PlayOut clock = race;  // waiting on `me`, as `race` is
    if (!spec.sees_all) s.resample_hidden(me, rng);
    ws.path.clear();
    int node = 0;
    bool waiting = true;  // the race waits on `me` (else it is over)
    // Selection and one expansion, at `me`'s decisions as the race reaches them.
    while (waiting) {
      s.legal_actions_for(me, moves);
      const SearchStep step = select_child(game, s, moves, node, spec, rng, ws);
      node = take_step(ws, node, step, me);
      game.resume_play_out(clock, ws.nodes[static_cast<std::size_t>(node)].action);
      ws.path.push_back(node);
      if (step.expand >= 0) break;
      waiting = game.run_play_out(s, clock, rollouts, mine.data(), rng) >= 0;
    }
    if (waiting) game.run_play_out(s, clock, rollouts, nullptr, rng);
    back_up(game, s, ws);
  }
  return most_visited(ws, legal[0]);
}

// Plays a race in which some seats search: the play-out stops at a search
// seat's decision, the search chooses, and the race goes on. `outside` marks
// the seats whose choices are made by the caller (a Python policy; may be
// null): the race returns such a seat, as run_play_out does, and -1 once over.
// `record` (may be null) receives the race's actions, not the searches'.
template <class G>
  requires CanSearchRace<G>
int run_play_out_searching(const G& game, typename G::State& s, typename G::PlayOut& race,
                           const SeatPolicies& seats, const bool* outside, Rng& rng, SearchWorkspace<G>& ws,
                           std::vector<Action>* record = nullptr) {
  const int players = game.num_players();
  std::array<bool, kMaxPlayers> stop{};
  for (int p = 0; p < players; ++p)
    stop[static_cast<std::size_t>(p)] = seats[p].is_search() || (outside && outside[p]);
  typename G::State::PlayerActions legal;
  for (;;) {
    const int p = game.run_play_out(s, race, seats, stop.data(), rng, record);
    if (p < 0 || (outside && outside[p])) return p;
    const PolicySpec spec = with_game_budget(game, seats[p]);
    s.legal_actions_for(p, legal);
    Action a = legal[0];  // a forced move needs no search
    if (legal.size() > 1) {
      const SeatPolicies rollouts = rollout_seats(spec.rollout, players);
      a = spec.kind == Policy::Pimc ? race_pimc_action(game, s, race, p, legal, spec, rollouts, rng, ws)
                                    : race_ismcts_action(game, s, race, p, legal, spec, rollouts, rng, ws);
    }
    game.resume_play_out(race, a);
  }
}

}  // namespace cardsim
