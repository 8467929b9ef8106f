// Search players in the C++ suite (run under ASan/UBSan in CI): pimc and both
// descents of ismcts, at tiny budgets, play whole batch games of every game
// that can host them (turn-based, or a timed race that stops for a decision),
// giving the same arrays for 1 and 2 threads; in a race, a search seat next
// to a caller seat that copies `first` gives the batch runner's arrays.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "invariants.hpp"
#include "runner/policy_batch.hpp"
#include "runner/runner.hpp"
#include "runner/search_players.hpp"

namespace cardsim::testing {

namespace search_detail {

struct Run {
  std::vector<std::int32_t> scores, moves;
};

// One row per play: `games` deals, each under every rotation of the plan.
template <class G>
Run run(const G& game, std::uint64_t seed, std::uint64_t games, const BatchPlan& plan, int threads) {
  const int np = game.num_players();
  const std::uint64_t plays = games * static_cast<std::uint64_t>(plan.rotations());
  Run r{std::vector<std::int32_t>(plays * static_cast<std::uint64_t>(np), -7),
        std::vector<std::int32_t>(plays, -7)};
  BatchOutput out;
  out.scores = r.scores.data();
  out.moves = r.moves.data();
  Summary summary(np);
  run_batch(game, seed, 0, games, plan, threads, summary, out);
  return r;
}

// A turn-based position where the seat to act has at least three legal
// actions, reached by random play from seeded deals (none if none is found;
// `widest` is the most legal actions seen at once).
template <class G>
std::optional<typename G::State> choice_of_three(const G& game, typename G::State::ActionList& legal,
                                                 std::size_t& widest) {
  std::vector<Card> deck;
  widest = 0;
  for (std::uint64_t deal = 0; deal < 50; ++deal) {
    Rng rng = Rng::for_game(31, deal);
    game.random_deck(rng, deck);
    typename G::State s = game.deal(deck);
    for (int step = 0; step < 500 && !s.is_terminal() && s.current_player() >= 0; ++step) {
      s.legal_actions(legal);
      widest = std::max(widest, legal.size());
      if (legal.size() >= 3) return s;
      s.apply(simple_action(Policy::Random, game, s, legal, rng));
    }
  }
  return std::nullopt;
}

}  // namespace search_detail

// pimc's rule, with scripted playout values: an action is played only when its
// mean gain over the rollout policy's choice (paired on each redeal) stands
// above its standard error, and then the largest such gain wins; otherwise
// the rollout policy's choice stands.
template <class G>
void check_pimc_rule(const G& game) {
  if constexpr (!CanSearch<G> || HasPlayOut<G>) {
    return;
  } else {
    typename G::State::ActionList legal;
    const std::string where = game.name() + ": pimc";
    std::size_t widest = 0;
    const auto found = search_detail::choice_of_three(game, legal, widest);
    if (widest < 2) return;  // a game without choices (Clock): pimc has nothing to decide
    expect(found.has_value(), where + ": some random play reaches a choice of three actions");
    const typename G::State& root = *found;
    PolicySpec spec;
    spec.kind = Policy::Pimc;
    spec.budget = 8;
    const int me = root.current_player();
    // gain[k](redeal) for legal[k], over the favourite's value on that redeal.
    using Gain = double (*)(int);
    const auto choose = [&](std::array<Gain, 3> gains) {
      Rng rng = Rng::for_game(32, 0), probe = rng;
      const Action fav = simple_action(spec.rollout, game, root, legal, probe);
      // The scripted actions: the favourite, then the first two other legal ids.
      std::vector<Action> others;
      for (Action a : legal)
        if (a != fav && others.size() < 2) others.push_back(a);
      others.insert(others.begin(), fav);
      SearchWorkspace<G> ws;
      int call = 0;
      const auto n = static_cast<int>(legal.size());
      const Action got =
          pimc_choice(game, root, me, legal, spec, rng, ws, [&](const typename G::State&, Action a) {
            const int redeal = call++ / n;
            for (std::size_t k = 0; k < 3; ++k)
              if (others[k] == a) return 100.0 + gains[k](redeal);
            return 100.0 - 50.0;  // the unscripted actions lose
          });
      for (std::size_t k = 0; k < 3; ++k)
        if (others[k] == got) return static_cast<int>(k);
      return -1;
    };
    const Gain zero = [](int) { return 0.0; };
    const Gain one = [](int) { return 1.0; };
    const Gain two = [](int) { return 2.0; };
    const Gain lucky = [](int r) { return r % 2 ? 3.0 : -2.0; };         // mean 0.5, SE 0.94
    const Gain steady_five = [](int r) { return r % 2 ? 12.0 : -2.0; };  // mean 5, SE 2.6
    const Gain wild_ten = [](int r) { return r % 2 ? 60.0 : -40.0; };    // mean 10, SE 18.9
    const Gain worse = [](int) { return -1.0; };
    expect(choose({zero, one, zero}) == 1, where + ": a sure gain is taken");
    expect(choose({zero, lucky, zero}) == 0, where + ": a gain within its standard error is not");
    expect(choose({zero, one, two}) == 2, where + ": the larger of two sure gains");
    expect(choose({zero, steady_five, wild_ten}) == 1,
           where + ": the largest gain above its standard error, not the largest mean");
    expect(choose({zero, worse, worse}) == 0, where + ": no gain keeps the rollout policy's choice");
  }
}

template <class G>
void check_search(const G& game, std::uint64_t seed, std::uint64_t games) {
  if constexpr (!CanSearch<G> || (HasPlayOut<G> && !HasResumablePlayOut<G>)) {
    return;  // no search player can sit here (the runner refuses it)
  } else {
    // A race's match: every playout races the rest of the match, round after
    // round, at each of thousands of decisions (over ten minutes for one deal
    // under the sanitizers). The Python suite plays search seats there.
    if (game.traits().match && game.traits().timed) return;
    const int np = game.num_players();
    // Seat p plays the p-th of these (cycled): every searcher and descent.
    // In match play a rollout runs to the end of the match: random rollouts
    // there take round after round (a Racing Demon match to its target took
    // minutes under the sanitizers), so matches roll out greedily.
    const bool match = game.traits().match;
    const std::vector<std::string> specs = {"ismcts:4", match ? "pimc:1" : "pimc:1:rollout=random",
                                            "ismcts:3:prior=0", "greedy"};
    std::vector<std::string> names;
    for (int p = 0; p < np; ++p) names.push_back(specs[static_cast<std::size_t>(p) % specs.size()]);
    const BatchPlan plan = plan_for(game, names, np > 1);
    const std::uint64_t plays = games * static_cast<std::uint64_t>(plan.rotations());
    const auto one = search_detail::run(game, seed, games, plan, 1);
    const auto two = search_detail::run(game, seed, games, plan, 2);
    const std::string where = game.name() + " with search players";
    expect(one.scores == two.scores && one.moves == two.moves,
           where + ": the same arrays for 1 and 2 threads");
    for (std::uint64_t q = 0; q < plays; ++q) expect(one.moves[q] > 0, where + ": every play ran");

    if constexpr (HasResumablePlayOut<G> && HasObservationTensor<G>) {
      if (np < 2) return;
      // A caller seat that copies `first` beside the search seats.
      std::vector<std::string> with_first = names;
      with_first[static_cast<std::size_t>(np) - 1] = "first";
      const BatchPlan want_plan = plan_for(game, with_first);
      const auto want = search_detail::run(game, seed, games, want_plan, 1);
      std::vector<bool> caller(static_cast<std::size_t>(np), false);
      caller[static_cast<std::size_t>(np) - 1] = true;
      std::vector<std::int32_t> scores(want.scores.size(), -7), moves(games, -7);
      BatchOutput out;
      out.scores = scores.data();
      out.moves = moves.data();
      PolicyBatch<G> batch(std::make_shared<const G>(game), seed, 0, games, want_plan, caller, 2, 2, out,
                           false);
      std::vector<std::int64_t> actions(static_cast<std::size_t>(batch.capacity()));
      const int na = game.num_actions();
      while (batch.next_group()) {
        for (int row = 0; row < batch.rows(); ++row) {
          const std::uint8_t* m = batch.masks() + static_cast<std::ptrdiff_t>(row) * na;
          int first = 0;
          while (first < na && !m[first]) ++first;
          actions[static_cast<std::size_t>(row)] = first;
        }
        expect(batch.check(actions.data()).empty(), where + ": the lowest legal ids pass");
        batch.act(actions.data());
      }
      expect(batch.done(), where + ": every play ends");
      expect(scores == want.scores && moves == want.moves,
             where + ": a caller copying `first` beside search seats gives the runner's arrays");
    }
  }
}

}  // namespace cardsim::testing
