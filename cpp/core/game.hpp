// The one state contract that every game follows (docs/architecture.md).
//
// A game is a pair of plain classes, with no virtual calls, so that the batch
// runner can inline a whole play-out:
//
//   class XGame {                       // one validated configuration
//     using State = XState;
//     explicit XGame(const OptionMap&); // throws InvalidArgument / WrongType
//     std::string name() const; int num_players() const; int num_actions() const;
//     const OptionMap& options() const; const std::vector<OptionSpec>& option_specs() const;
//     void random_deck(Rng&, std::vector<Card>& out) const;        // a seeded deal
//     std::vector<Card> parse_deck(const std::vector<std::string>&) const;  // checked
//     State deal(const std::vector<Card>& deck) const;
//     Action greedy_action(const State&, const State::ActionList&, Rng&) const;
//     int observation_tensor_size() const;         // optional, see below
//   };
//   class XState {
//     using ActionList = StaticVector<Action, N>;  // N = most actions ever legal at once
//     int current_player() const;                  // or kTerminalPlayer / kSimultaneousPlayer
//     void legal_actions(ActionList&) const;       // sorted ascending
//     std::string why_illegal(Action) const;       // "" when legal, else the reason
//     void apply(Action);                          // precondition: legal
//     bool is_terminal() const; bool is_truncated() const;
//     Scores scores() const; Outcome outcome() const;
//     std::string to_string() const;
//     std::string action_to_string(Action) const; Action string_to_action(std::string_view) const;
//     bool operator==(const XState&) const;
//     void observation_tensor(int player, float* out) const;  // optional, see below
//   };
//
// The exact observation tensor (optional; the bindings detect it). A game that
// has one gives XGame::observation_tensor_size(), fixed for a configuration,
// and XState::observation_tensor(player, out), which writes exactly that many
// floats to out: every entry, at every point of the game (terminal included),
// allocating nothing. The tensor is exact: it is a function of observation(p)
// alone (so it shows no card p cannot see), and different observations give
// different tensors, except for fields the game's docs name as left out (such
// as a move counter no decision depends on). Every entry is finite and lies
// in [-1, 1]. The layout is documented in docs/rules/<game>.md, "Observation
// tensor", and the pure-Python reference encodes the same layout on its own
// (core/tensor.hpp has a writer for card planes and one-hots).
#pragma once

#include <array>
#include <cstdint>

namespace cardsim {

using Action = std::int32_t;

inline constexpr int kMaxPlayers = 8;
// Player ids that are not seats (OpenSpiel's values, so adapters map 1:1).
inline constexpr int kSimultaneousPlayer = -2;
inline constexpr int kTerminalPlayer = -4;

using Scores = std::array<std::int32_t, kMaxPlayers>;

// How a finished game came out. A game can end with one winner, a winning
// side (several bits), nobody winning (a lost patience, a truncation) or a draw.
struct Outcome {
  std::uint16_t winners = 0;  // bit p set: player p won
  bool draw = false;
};

}  // namespace cardsim
