// A state as Python sees it, and how it pickles: the part of the bindings that
// every surface (bind_state.hpp, bind_search.hpp, bind_game.hpp) shares.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bindings/convert.hpp"
#include "bindings/dict_writer.hpp"
#include "bindings/registry.hpp"
#include "core/checked.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"

namespace cardsim::py_bind {

// The bases every bound state and game derive from (_core.State, _core.Game):
// the methods both backends share are defined once on them (cardsim/__init__.py).
struct StateBase {};
struct GameBase {};

// A state as Python sees it: the core state plus what pickling needs (the
// deal and the actions since) and the seed it was dealt from, if any (so an
// unseeded game can be dealt again). The core state stays lean for the runner.
template <class G>
struct PyState : StateBase {
  std::shared_ptr<const G> game;
  typename G::State state;
  std::vector<Card> deck;
  std::vector<Action> history;
  std::optional<std::uint64_t> seed;
  // Set by resample_hidden: the cards no longer follow from `deck`, so the
  // state has no deal to show or replay (deck and pickling refuse).
  bool determinised = false;
};

inline py::object seed_to_py(const std::optional<std::uint64_t>& seed) {
  return seed ? py::object(py::int_(*seed)) : py::object(py::none());
}

// A list that owns `list` (a new reference from the C API), or the Python error
// that made it null.
inline py::list owned_list(PyObject* list) {
  if (!list) throw py::error_already_set();
  return py::reinterpret_steal<py::list>(list);
}

// Each seat's score, and the winning seats, as scores() and winners() give them.
inline py::list scores_to_py(const Scores& sc, int players) {
  py::list out(static_cast<py::size_t>(players));
  for (int p = 0; p < players; ++p) out[static_cast<py::size_t>(p)] = py::cast(sc[p]);
  return out;
}

inline py::list winners_to_py(const Outcome& o, int players) {
  py::list out;
  for (int p = 0; p < players; ++p)
    if (o.winners >> p & 1) out.append(p);
  return out;
}

// A game's dict form and observations, as walks of their fields (the outer
// dict's braces are the caller's), built for to_dict and observation
// (dict_writer.hpp).
template <class G>
struct Hooks {
  Walk<typename G::State> write_dict;
  Walk<typename G::State, int> write_observation;
};

// The state's dict form with the seed it was dealt from (to_dict), and what a
// seat sees.
template <class G, class W>
void write_dict_with_seed(const Hooks<G>& hooks, const PyState<G>& s, W& w) {
  w.begin_dict();
  hooks.write_dict(s.state, w);
  w.key(CARDSIM_KEY("seed"));
  w.value(seed_to_py(s.seed));
  w.end();
}

template <class G, class W>
void write_observation_dict(const Hooks<G>& hooks, const PyState<G>& s, int player, W& w) {
  w.begin_dict();
  hooks.write_observation(s.state, player, w);
  w.end();
}

template <class G>
py::dict dict_with_seed(const Hooks<G>& hooks, const PyState<G>& s) {
  DictBuilder b;
  write_dict_with_seed(hooks, s, b);
  return py::reinterpret_borrow<py::dict>(b.result());
}

template <class G>
py::dict observation_of(const Hooks<G>& hooks, const PyState<G>& s, int player) {
  DictBuilder b;
  write_observation_dict(hooks, s, player, b);
  return py::reinterpret_borrow<py::dict>(b.result());
}

template <class G>
py::list all_observations(const Hooks<G>& hooks, const PyState<G>& s) {
  py::list out(static_cast<py::size_t>(s.game->num_players()));
  for (int p = 0; p < s.game->num_players(); ++p)
    PyList_SET_ITEM(out.ptr(), p, observation_of(hooks, s, p).release().ptr());
  return out;
}

// A state dealt from `seed` (no Python objects: new_game's fast path calls it directly).
template <class G>
PyState<G> new_seeded_state(const std::shared_ptr<const G>& game, std::uint64_t seed) {
  std::vector<Card> cards;
  Rng rng = Rng::for_game(seed, 0);
  game->random_deck(rng, cards);
  auto state = game->deal(cards);
  return PyState<G>{{}, game, std::move(state), std::move(cards), {}, seed, false};
}

template <class G>
PyState<G> new_state(const std::shared_ptr<const G>& game, const py::object& seed, const py::object& deck) {
  std::vector<Card> cards;
  if (!deck.is_none()) {
    if (!seed.is_none()) throw InvalidArgument("new_game takes seed= or deck=, not both");
    cards = game->parse_deck(strings_from_py(deck, "deck"));
  } else {
    // No seed: a fresh one, recorded, so that the deal can be repeated.
    const std::uint64_t s =
        seed.is_none() ? (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()
                       : seed_from_py(seed);
    return new_seeded_state<G>(game, s);
  }
  auto state = game->deal(cards);
  return PyState<G>{{}, game, std::move(state), std::move(cards), {}, std::nullopt, false};
}

template <class G>
void apply_checked(PyState<G>& s, Action a) {
  cardsim::apply_checked(s.state, a, s.game->num_actions());
  s.history.push_back(a);
}

template <class G>
void apply_checked(PyState<G>& s, py::handle action) {
  apply_checked(s, action_from_py(action, s.game->num_actions()));
}

template <class G>
py::tuple state_pickle(const PyState<G>& s) {
  if (s.determinised)
    throw InvalidArgument("a state from resample_hidden has no deal to replay, so it cannot be pickled");
  py::list deck;
  for (Card c : s.deck) deck.append(card_str(c));
  py::list hist;
  for (Action a : s.history) hist.append(a);
  return py::make_tuple(s.game->name(), options_to_py(s.game->options()), deck, hist, seed_to_py(s.seed));
}

template <class G>
PyState<G> state_unpickle(const py::tuple& t) {
  // Five fields; four from a pickle written before seeds were recorded.
  if (t.size() != 4 && t.size() != 5) throw InvalidArgument("corrupted state pickle: expected 5 fields");
  if (!PyUnicode_Check(t[0].ptr()) || !PyDict_Check(t[1].ptr()))
    throw InvalidArgument("corrupted state pickle: bad game name or options");
  auto game = typed_factory<G>(t[0].cast<std::string>())(options_from_py(t[1].cast<py::dict>()));
  PyState<G> s = new_state<G>(game, py::none(), t[2]);
  if (PyUnicode_Check(t[3].ptr()) || !PySequence_Check(t[3].ptr()))
    throw InvalidArgument("corrupted state pickle: history is not a list");
  for (auto a : py::reinterpret_borrow<py::sequence>(t[3])) apply_checked(s, a);
  if (t.size() == 5 && !t[4].is_none()) s.seed = seed_from_py(t[4]);
  return s;
}

}  // namespace cardsim::py_bind
