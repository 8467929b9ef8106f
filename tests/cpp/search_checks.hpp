// Search players in the C++ suite (run under ASan/UBSan in CI): pimc and both
// descents of ismcts, at tiny budgets, play whole batch games of every game
// that can host them (turn-based, or a timed race that stops for a decision),
// giving the same arrays for 1 and 2 threads; in a race, a search seat next
// to a caller seat that copies `first` gives the batch runner's arrays.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "invariants.hpp"
#include "runner/policy_batch.hpp"
#include "runner/runner.hpp"
#include "runner/search.hpp"

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

}  // namespace search_detail

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
