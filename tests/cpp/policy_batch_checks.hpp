// PolicyBatch checks for the C++ suite (run under ASan/UBSan in CI): a caller
// seat that takes the lowest legal id from its mask reproduces the batch
// runner's `first` at that seat, byte for byte, for 1 and 2 threads and a
// small wave; an illegal id is refused, naming the game, before anything moves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "invariants.hpp"
#include "runner/policy_batch.hpp"
#include "runner/runner.hpp"

namespace cardsim::testing {

template <class G>
void check_policy_batch(const G& game, std::uint64_t seed, std::uint64_t games) {
  if constexpr (HasPlayOut<G> && !HasResumablePlayOut<G>) {
    return;  // no turns to hand to a caller: the batch refuses such games
  } else {
    const auto shared = std::make_shared<const G>(game);
    const int np = game.num_players();
    const int na = game.num_actions();
    std::vector<std::string> names(static_cast<std::size_t>(np), "random");
    names[0] = "first";
    const BatchPlan plan = plan_for(game, names);
    std::vector<bool> caller(static_cast<std::size_t>(np), false);
    caller[0] = true;

    std::vector<std::int32_t> want_scores(games * static_cast<std::uint64_t>(np)), want_moves(games);
    BatchOutput want;
    want.scores = want_scores.data();
    want.moves = want_moves.data();
    Summary want_summary(np);
    run_batch(game, seed, 0, games, plan, 1, want_summary, want);

    for (int threads = 1; threads <= 2; ++threads) {
      const std::string where = game.name() + " threads " + std::to_string(threads);
      std::vector<std::int32_t> scores(want_scores.size(), -7), moves(games, -7);
      BatchOutput out;
      out.scores = scores.data();
      out.moves = moves.data();
      PolicyBatch<G> batch(shared, seed, 0, games, plan, caller, threads, 3, out, false);
      std::vector<std::int64_t> actions(static_cast<std::size_t>(batch.capacity()));
      bool refused = false;
      while (batch.next_group()) {
        const int k = batch.rows();
        expect(batch.group_seat() == 0 && k >= 1 && k <= 3, where + ": a group is seat 0's, at most 3 games");
        for (int row = 0; row < k; ++row) {
          const std::uint8_t* m = batch.masks() + static_cast<std::ptrdiff_t>(row) * na;
          int first = -1;
          for (int a = 0; a < na && first < 0; ++a)
            if (m[a]) first = a;
          expect(first >= 0, where + ": a waiting game has a legal action");
          actions[static_cast<std::size_t>(row)] = first;
        }
        if (!refused) {
          const std::int64_t keep = actions[0];
          actions[0] = na;
          expect(batch.check(actions.data()).rfind("game ", 0) == 0,
                 where + ": an out-of-range id names its game");
          actions[0] = keep;
          refused = true;
        }
        expect(batch.check(actions.data()).empty(), where + ": the lowest legal ids pass");
        batch.act(actions.data());
      }
      expect(batch.done() && batch.finished() == games, where + ": every play ends");
      expect(scores == want_scores, where + ": scores equal the batch runner's");
      expect(moves == want_moves, where + ": moves equal the batch runner's");
      Summary summary(np);
      batch.merge_into(summary, nullptr);
      expect(summary.games == want_summary.games && summary.wins == want_summary.wins,
             where + ": totals equal the batch runner's");
    }
  }
}

}  // namespace cardsim::testing
