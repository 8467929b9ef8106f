// VectorEnv checks for the C++ suite (run under ASan/UBSan in CI): the same
// outputs for 1 and 2 threads, masks that hold exactly the learner's legal
// ids (every id at an ending), NEXT_STEP autoreset, and errors for bad actions
// that change nothing.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "invariants.hpp"
#include "runner/vector_env.hpp"

namespace cardsim::testing {

template <class G>
void check_vector_env(const G& game, std::uint64_t seed, int steps) {
  constexpr int kEnvs = 5;
  const auto shared = std::make_shared<const G>(game);
  const int np = game.num_players();
  const int na = game.num_actions();
  const int d = game.observation_tensor_size();
  for (int seat = HasSeatActions<typename G::State> ? 0 : kSelfPlay; seat < np; ++seat) {
    VectorEnvConfig c;
    c.num_envs = kEnvs;
    c.seat = seat;
    c.seed = seed;
    for (int p = 0; p < np; ++p)
      c.opponents[static_cast<std::size_t>(p)] = p % 2 ? Policy::Greedy : Policy::Random;
    VectorEnv<G> one(shared, c);
    c.threads = 2;
    VectorEnv<G> two(shared, c);
    const std::string where = game.name() + " seat " + std::to_string(seat);
    std::vector<std::int64_t> actions(kEnvs, 0);
    expect(!one.check(actions.data()).empty(), where + ": step before reset is refused");
    one.reset(seed);
    two.reset(seed);
    Rng pick(seed);
    bool saw_end = false;
    for (int t = 0; t < steps; ++t) {
      expect(std::memcmp(one.observations(), two.observations(), sizeof(float) * kEnvs * d) == 0,
             where + ": observations differ between 1 and 2 threads");
      expect(std::memcmp(one.masks(), two.masks(), static_cast<std::size_t>(kEnvs * na)) == 0,
             where + ": masks differ between 1 and 2 threads");
      expect(std::memcmp(one.rewards(), two.rewards(), sizeof(float) * kEnvs * one.reward_width()) == 0,
             where + ": rewards differ between 1 and 2 threads");
      for (int k = 0; k < kEnvs; ++k) {
        const std::uint8_t* m = one.masks() + k * na;
        std::vector<Action> legal;
        for (int a = 0; a < na; ++a)
          if (m[a]) legal.push_back(a);
        const bool over = one.state(k)->is_terminal();
        // At an ending every id is shown legal: the next step accepts any of them.
        expect(!legal.empty(), where + ": a mask is never empty");
        expect(!over || static_cast<int>(legal.size()) == na, where + ": an ended episode's mask is full");
        expect(over == (one.terminated()[k] || one.truncated()[k]), where + ": end flags");
        saw_end = saw_end || over;
        if (!over)
          for (Action a : legal) expect(one.state(k)->why_illegal(a).empty(), where + ": masked id is legal");
        actions[static_cast<std::size_t>(k)] =
            over ? na - 1 : legal[static_cast<std::size_t>(pick.below(legal.size()))];
      }
      // A bad id in the last env is refused before anything moves.
      const std::int64_t keep = actions.back();
      actions.back() = na;
      expect(one.check(actions.data()).rfind("env " + std::to_string(kEnvs - 1) + ":", 0) == 0,
             where + ": an out-of-range id names its env");
      actions.back() = keep;
      expect(one.check(actions.data()).empty() && two.check(actions.data()).empty(),
             where + ": legal ids pass");
      one.step(actions.data());
      two.step(actions.data());
    }
    (void)saw_end;
  }
}

}  // namespace cardsim::testing
