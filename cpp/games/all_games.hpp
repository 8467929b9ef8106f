// Every game in its default configurations, for the C++ tests and benches
// (which need no Python). A new game adds its lines here.
#pragma once

#include "games/clock/clock.hpp"
#include "games/code9/code9.hpp"
#include "games/hole_in_the_wall/hole_in_the_wall.hpp"
#include "games/racing_demon/racing_demon.hpp"
#include "games/rummy/rummy.hpp"
#include "games/stack_gap/stack_gap.hpp"
#include "games/the_wall/the_wall.hpp"

namespace cardsim {

// Calls f(name, game) for each configuration worth testing.
template <class F>
void for_each_game(F&& f) {
  f("clock", clock::ClockGame({}, clock::clock_declaration()));
  f("clock_duel", clock::ClockGame({}, clock::clock_duel_declaration()));
  f("code9", code9::Code9Game({}, false));
  f("code9_4p", code9::Code9Game({{"players", std::int64_t{4}}}, false));
  f("code9_solitaire", code9::Code9Game({}, true));
  f("hole_in_the_wall", hole_in_the_wall::HoleInTheWallGame({}));
  f("hole_in_the_wall_teams_match",
    hole_in_the_wall::HoleInTheWallGame({{"players", std::int64_t{4}}, {"teams", true}, {"match", true}}));
  f("racing_demon", racing_demon::RacingDemonGame({{"move_cap", std::int64_t{1500}}}));
  f("racing_demon_2p_build", racing_demon::RacingDemonGame({{"players", std::int64_t{2}},
                                                            {"build_on_line", true},
                                                            {"turn", std::int64_t{1}},
                                                            {"move_cap", std::int64_t{1500}}}));
  f("rummy", rummy::RummyGame({}));
  f("rummy_4p_options", rummy::RummyGame({{"players", std::int64_t{4}},
                                          {"ace_high", true},
                                          {"rummy_on_board", true},
                                          {"discard_to_go_out", true},
                                          {"go_out_next_turn", true},
                                          {"move_cap", std::int64_t{300}}}));
  f("rummy_3p_match",
    rummy::RummyGame({{"players", std::int64_t{3}}, {"move_cap", std::int64_t{200}}, {"match", true}}));
  f("racing_demon_match", racing_demon::RacingDemonGame({{"players", std::int64_t{2}},
                                                         {"move_cap", std::int64_t{1500}},
                                                         {"match", true},
                                                         {"target", std::int64_t{30}}}));
  f("stack_gap", stack_gap::StackGapGame({}));
  f("the_wall", the_wall::TheWallGame({{"move_cap", std::int64_t{1500}}}));
  f("the_wall_1_discard",
    the_wall::TheWallGame({{"discards", std::int64_t{1}}, {"move_cap", std::int64_t{600}}}));
  f("stack_gap_duo_jokers", stack_gap::StackGapGame({{"players", std::int64_t{2}}, {"jokers", true}}));
}

}  // namespace cardsim
