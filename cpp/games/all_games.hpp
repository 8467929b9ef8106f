// Every game in its default configurations, for the C++ tests and benches
// (which need no Python). A new game adds its lines here.
#pragma once

#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"

namespace cardsim {

// Calls f(name, game) for each configuration worth testing.
template <class F>
void for_each_game(F&& f) {
  f("clock", clock::ClockGame({}, 1));
  f("clock_duel", clock::ClockGame({}, 2));
  f("code9", code9::Code9Game({}, false));
  f("code9_4p", code9::Code9Game({{"players", std::int64_t{4}}}, false));
  f("code9_solitaire", code9::Code9Game({}, true));
  f("stack_gap", stack_gap::StackGapGame({}));
  f("the_wall", the_wall::TheWallGame({{"move_cap", std::int64_t{1500}}}));
  f("the_wall_1_discard",
    the_wall::TheWallGame({{"discards", std::int64_t{1}}, {"move_cap", std::int64_t{600}}}));
  f("stack_gap_duo_jokers", stack_gap::StackGapGame({{"players", std::int64_t{2}}, {"jokers", true}}));
}

}  // namespace cardsim
