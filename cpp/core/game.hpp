// The one state contract that every game follows (docs/architecture.md),
// stated as C++20 concepts: `CardGame<G>` is the whole contract, and each game
// header ends with `static_assert(CardGame<XGame>)`, so a game that drifts from
// it fails to compile with the broken requirement named. A game is a pair of
// plain classes, with no virtual calls, so that the batch runner can inline a
// whole play-out.
//
// The optional features a generic caller may use are named here too (and
// nowhere else): the feature concepts below the contract.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.hpp"
#include "core/declaration.hpp"
#include "core/options.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"

namespace cardsim {

using Action = std::int32_t;

inline constexpr int kMaxPlayers = 8;
static_assert(kMaxPlayers == kMaxPolicySeats, "a policy list must fit every seat");
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

// --- What a game declares about itself ---------------------------------------------

// What never depends on a configuration (the name, the title, the player range,
// the options, the dynamics, whether races are timed) is the game's declaration
// (core/declaration.hpp); GameTraits adds what does.

// How the deck of an explicit deal is laid out.
enum class DealLayout : std::uint8_t {
  kOneMultiset,   // every shuffle of the canonical deck is a valid deal
  kPerSeatPacks,  // num_players equal segments, one 52-card pack each; a deal is
                  // valid exactly when each segment is a shuffle of its pack
  kSeededOnly,    // seeded decks are not shuffles of one fixed multiset (a part
                  // of the deck is drawn separately); deal from a seed
};

// The facts an adapter needs to treat a game generically (no probing, no
// per-game tables outside the game). Fixed for a configuration; a game's
// traits() starts from traits_of(its declaration) and fills in the rest.
struct GameTraits {
  Dynamics dynamics = Dynamics::kSequential;
  DealLayout deal = DealLayout::kOneMultiset;
  // The most actions one game can take, from the deal to the end: an upper
  // bound that the move cap (or the rules alone) guarantees.
  std::int64_t max_decisions = 0;
  // Keys of the observation whose value is a list with one entry per seat.
  std::vector<std::string> per_seat_keys;
  // Batch runs time the players (a race) and report their finishing times.
  bool timed = false;
  // One game spans several deals whose scores add up.
  bool match = false;
};

// The traits a declaration fixes for every configuration.
inline GameTraits traits_of(const GameDeclaration& d) {
  GameTraits t;
  t.dynamics = d.dynamics;
  t.timed = d.timed;
  return t;
}

inline const char* to_string(DealLayout d) {
  switch (d) {
    case DealLayout::kOneMultiset: return "one_multiset";
    case DealLayout::kPerSeatPacks: return "per_seat_packs";
    default: return "seeded_only";
  }
}

// --- The contract ----------------------------------------------------------------

// A game in progress. ActionList is a fixed-capacity list holding the most
// actions ever legal at once (so move generation allocates nothing).
template <class S>
concept CardState =
    std::copy_constructible<S> && std::equality_comparable<S> &&
    requires(const S& s, S& m, typename S::ActionList& list, Action a, std::string_view text) {
      { s.current_player() } -> std::same_as<int>;      // a seat, kTerminalPlayer or kSimultaneousPlayer
      { s.legal_actions(list) } -> std::same_as<void>;  // sorted ascending
      { s.why_illegal(a) } -> std::convertible_to<std::string>;  // "" when legal, else the reason
      { m.apply(a) } -> std::same_as<void>;                      // precondition: legal
      { s.is_terminal() } -> std::same_as<bool>;
      { s.is_truncated() } -> std::same_as<bool>;  // the move cap ended it
      { s.scores() } -> std::same_as<Scores>;
      { s.outcome() } -> std::same_as<Outcome>;
      { s.to_string() } -> std::convertible_to<std::string>;
      { s.action_to_string(a) } -> std::convertible_to<std::string>;
      { s.string_to_action(text) } -> std::same_as<Action>;  // throws InvalidArgument if unknown
    };

// Per-seat move generation, which a simultaneous game needs: the actor of an
// action id and one seat's legal actions.
template <class S>
concept HasSeatActions = requires(const S& s, typename S::PlayerActions& list, Action a, int p) {
  { s.actor(a) } -> std::same_as<int>;
  { s.legal_actions_for(p, list) } -> std::same_as<void>;
};

// The greedy policy's choice among `legal` (one turn's actions)...
template <class G>
concept HasGreedy =
    requires(const G& g, const typename G::State& s, const typename G::State::ActionList& legal, Rng& rng) {
      { g.greedy_action(s, legal, rng) } -> std::same_as<Action>;
    };

// ... or, in a simultaneous game, among one seat's actions.
template <class G>
concept HasSeatGreedy =
    HasSeatActions<typename G::State> && requires(const G& g, const typename G::State& s,
                                                  const typename G::State::PlayerActions& legal, Rng& rng) {
      { g.greedy_action(s, legal, rng) } -> std::same_as<Action>;
    };

// One validated configuration of a game. Constructors differ (a registered
// variant may pass a flag besides the options); each throws InvalidArgument or
// WrongType for a bad option.
template <class G>
concept CardGame = CardState<typename G::State> && (HasGreedy<G> || HasSeatGreedy<G>) &&
                   requires(const G& g, Rng& rng, std::vector<Card>& deck, const std::vector<Card>& cards,
                            const std::vector<std::string>& texts) {
                     { g.declaration() } -> std::same_as<const GameDeclaration&>;  // its literal
                     { g.name() } -> std::convertible_to<std::string>;
                     { g.num_players() } -> std::same_as<int>;
                     { g.num_actions() } -> std::same_as<int>;  // fixed for the configuration
                     { g.options() } -> std::same_as<const OptionMap&>;
                     { g.traits() } -> std::same_as<GameTraits>;
                     { g.random_deck(rng, deck) } -> std::same_as<void>;          // a seeded deal's deck
                     { g.parse_deck(texts) } -> std::same_as<std::vector<Card>>;  // checked
                     { g.deal(cards) } -> std::same_as<typename G::State>;
                   };

// --- Optional features (every `requires` a generic caller needs lives here) --------

// The game drives its own play-out (a simultaneous game decides who acts when,
// e.g. a timed race): plays `state` to the end (in match play, every round of
// the match) with each seat's policy, returns the actions applied and fills
// times[p] (seconds of simulated time) when `times` is not null.
template <class G>
concept HasPlayOut = requires(const G& g, typename G::State& s, const SeatPolicies& p, Rng& r, double* t) {
  { g.play_out(s, p, r, t) } -> std::convertible_to<std::int64_t>;
};

// The play-out can stop where a seat's choice is made outside (a Python policy
// in a batch run) and resume once it is given, drawing from the stream exactly
// as play_out does: start_play_out() makes the clock; run_play_out plays until
// a seat p with outside[p] set must choose (returns p; that seat's legal
// actions are legal_actions_for(p)) or the game ends (returns -1);
// resume_play_out gives p's choice; play_out_times fills the finishing times.
// run_play_out's optional last argument collects the actions carried out, in
// order, so that a replayed race has a history.
template <class G>
concept HasResumablePlayOut =
    HasPlayOut<G> && HasSeatActions<typename G::State> &&
    requires(const G& g, typename G::State& s, typename G::PlayOut& po, const SeatPolicies& p, Rng& r,
             const bool* outside, Action a, double* t, std::vector<Action>* record) {
      { g.start_play_out() } -> std::same_as<typename G::PlayOut>;
      { g.run_play_out(s, po, p, outside, r) } -> std::same_as<int>;
      { g.run_play_out(s, po, p, outside, r, record) } -> std::same_as<int>;
      { g.resume_play_out(po, a) } -> std::same_as<void>;
      { g.play_out_times(po, t) } -> std::same_as<void>;
      { po.moves } -> std::convertible_to<std::int64_t>;
    };

// The game's own default budget for a search player of kind `kind` (Pimc or
// Ismcts) named without N: a positive number, or 0 for the shared default
// (core/policy.hpp). For a game whose moves differ by less than one playout's
// noise at the shared default (Rummy, docs/strategy.md); a spec's N always wins.
template <class G>
concept HasDefaultSearchBudget = requires(const G& g, Policy kind) {
  { g.default_search_budget(kind) } -> std::convertible_to<int>;
};

// The budget a search spec gets in game g: its N when it names one, else the
// game's own default when it declares one, else the shared default.
template <class G>
int search_budget(const G& g, const PolicySpec& spec) {
  if (spec.budget_given) return spec.budget;
  if constexpr (HasDefaultSearchBudget<G>) {
    const int own = g.default_search_budget(spec.kind);
    if (own > 0) return own;
  }
  return spec.budget;
}

// A round can end in a stalemate (a rule some games have): batch summaries count
// them (in match play, the last round's).
template <class S>
concept HasStalemate = requires(const S& s) {
  { s.ended_in_stalemate() } -> std::convertible_to<bool>;
};

// Every move of the game is forced (its action list holds one action at
// most): no policy has a choice, so none draws from the stream, and the state
// can play itself to the end in one tight loop, returning the moves it made.
template <class S>
concept HasForcedPlay = S::ActionList::capacity() == 1 && requires(S& s) {
  { s.play_forced() } -> std::same_as<std::int64_t>;
};

// The state can end void: terminal by a rule of the game, with no winner and no
// draw (Rummy's stock running out once the turn-overs are used up). A void end is
// not a truncation: only a cap on moves, turns or rounds truncates.
template <class S>
concept HasVoidEnd = requires(const S& s) {
  { s.ended_void() } -> std::convertible_to<bool>;
};

// The state counts the cards it holds (the C++ suite checks none is lost).
template <class S>
concept HasCardCount = requires(const S& s) {
  { s.count_cards() } -> std::convertible_to<std::size_t>;
};

// The rules promise scores >= 0 (the C++ suite checks it).
template <class G>
concept DeclaresNonNegativeScores = requires {
  { G::kScoresNonNegative } -> std::convertible_to<bool>;
} && G::kScoresNonNegative;

// The exact observation tensor: observation_tensor_size() is fixed for a
// configuration, and observation_tensor(player, out) writes exactly that many
// floats to out: every entry, at every point of the game (terminal included),
// allocating nothing. The tensor is exact: a function of observation(p) alone
// (so it shows no card p cannot see), and different observations give
// different tensors, except for fields the game's docs name as left out (such
// as a move counter no decision depends on). Every entry is finite and lies in
// [-1, 1]. The layout is documented in docs/rules/<game>.md, "Observation
// tensor", and the pure-Python reference encodes the same layout on its own
// (core/tensor.hpp has a writer for card planes and one-hots). The bindings
// give a game that has it game.observation_tensor_shape and
// state.observation_tensor(player, out=None); cardsim.VectorEnv steps games that have it.
template <class G>
concept HasObservationTensor = requires(const G& g, const typename G::State& s, int p, float* out) {
  { g.observation_tensor_size() } -> std::same_as<int>;
  { s.observation_tensor(p, out) } -> std::same_as<void>;
};

}  // namespace cardsim
