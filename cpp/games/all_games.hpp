// Every game in its default configurations, for the C++ tests and benches
// (which need no Python). A new game adds its lines here.
#pragma once

#include "games/clock/clock.hpp"

namespace cardsim {

// Calls f(name, game) for each configuration worth testing.
template <class F>
void for_each_game(F&& f) {
  f("clock", clock::ClockGame({}, 1));
  f("clock_duel", clock::ClockGame({}, 2));
}

}  // namespace cardsim
