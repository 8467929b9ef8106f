// Play-outs of a game with the state contract's invariants checked after
// every action. No Python: this runs under the sanitizers.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/checked.hpp"
#include "core/deck.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "runner/runner.hpp"

namespace cardsim::testing {

struct Failure {
  std::string what;
};

inline void expect(bool ok, const std::string& what) {
  if (!ok) throw Failure{what};
}

// Checks every invariant at one state; `deck_size` cards must all be somewhere.
template <class G>
void check_state(const G& game, const typename G::State& state, std::size_t deck_size,
                 const std::string& where, bool every_id = true) {
  using State = typename G::State;
  typename State::ActionList legal;
  state.legal_actions(legal);
  expect(std::is_sorted(legal.begin(), legal.end()) &&
             std::adjacent_find(legal.begin(), legal.end()) == legal.end(),
         where + ": legal actions not sorted and unique");
  expect(state.is_terminal() == legal.empty(), where + ": terminal iff no legal action");
  if (state.is_terminal())
    expect(state.current_player() == kTerminalPlayer, where + ": terminal state has a player to act");
  // The list agrees with the per-id answer (the mask): for every id, or for the
  // legal ones and a stride of the rest when the action space is large.
  const Action stride = every_id ? 1 : std::max<Action>(1, game.num_actions() / 97);
  std::size_t k = 0;
  for (Action a = 0; a < game.num_actions(); ++a) {
    while (k < legal.size() && legal[k] < a) ++k;
    const bool in_list = k < legal.size() && legal[k] == a;
    if (!in_list && a % stride != 0) continue;
    expect(state.why_illegal(a).empty() == in_list,
           where + ": action " + std::to_string(a) + " list/mask disagree");
  }
  // An illegal id throws and leaves the state as it was.
  for (long long bad : {-1LL, static_cast<long long>(game.num_actions()), 1LL << 40}) {
    State copy = state;
    bool threw = false;
    try {
      apply_checked(copy, bad, game.num_actions());
    } catch (const IllegalAction&) {
      threw = true;
    }
    expect(threw && copy == state, where + ": out-of-range action accepted or changed the state");
  }
  for (Action a = 0; a < game.num_actions(); ++a) {
    if (std::find(legal.begin(), legal.end(), a) != legal.end()) continue;
    State copy = state;
    bool threw = false;
    try {
      apply_checked(copy, a, game.num_actions());
    } catch (const IllegalAction&) {
      threw = true;
    }
    expect(threw && copy == state, where + ": illegal action accepted or changed the state");
    break;  // one illegal id per state is enough; the mask check covered the rest
  }
  if constexpr (HasCardCount<State>) {
    const std::size_t n = state.count_cards();
    expect(n == deck_size,
           where + ": " + std::to_string(n) + " cards in play, deck has " + std::to_string(deck_size));
  }
  if constexpr (DeclaresNonNegativeScores<G>) {
    const Scores s = state.scores();
    for (int p = 0; p < game.num_players(); ++p) expect(s[p] >= 0, where + ": negative score");
  }
  State copy = state;
  expect(copy == state, where + ": a copy differs from its original");
}

// Plays `games` games of the run with `seed` under `policy`, checking every state.
template <class G>
void check_playouts(const G& game, std::uint64_t seed, int games, Policy policy) {
  // The declared traits agree with what the type can do.
  const GameTraits traits = game.traits();
  expect((traits.dynamics == Dynamics::kSimultaneous) == HasSeatActions<typename G::State>,
         game.name() + ": dynamics trait disagrees with per-seat move generation");
  expect(traits.timed == HasPlayOut<G>, game.name() + ": timed trait disagrees with the play-out hook");
  std::vector<Card> deck;
  for (int i = 0; i < games; ++i) {
    Rng rng = Rng::for_game(seed, static_cast<std::uint64_t>(i));
    game.random_deck(rng, deck);
    auto state = game.deal(deck);
    typename G::State::ActionList legal;
    std::int64_t step = 0;
    for (; !state.is_terminal(); ++step) {
      const std::string where = game.name() + " game " + std::to_string(i) + " step " + std::to_string(step);
      // Every state early on, then a sample: long games (thousands of moves) stay cheap
      // under the sanitizers while each game is still checked to its end.
      if (step < 150 || step % 16 == 0)
        check_state(game, state, deck.size(), where, step < 20 || step % 64 == 0);
      state.legal_actions(legal);
      Action a = legal[static_cast<std::size_t>(rng.below(legal.size()))];
      // A simultaneous game's greedy choice is per seat (its timed play-out asks
      // each player in turn); the interleaving itself is what this suite varies.
      if constexpr (HasGreedy<G>) {
        if (policy == Policy::Greedy) a = game.greedy_action(state, legal, rng);
      }
      expect(std::find(legal.begin(), legal.end(), a) != legal.end(),
             where + ": policy chose an illegal action");
      apply_checked(state, a, game.num_actions());
    }
    expect(step <= traits.max_decisions, game.name() + " game " + std::to_string(i) + ": " +
                                             std::to_string(step) + " actions, more than max_decisions");
    check_state(game, state, deck.size(), game.name() + " game " + std::to_string(i) + " end");
  }
}

}  // namespace cardsim::testing
