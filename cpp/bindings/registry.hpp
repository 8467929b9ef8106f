// Games by name. Each registrar adds its games here; `make` and unpickling
// find them again by the name alone.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bindings/convert.hpp"
#include "core/declaration.hpp"
#include "core/errors.hpp"
#include "core/options.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

struct GameEntry {
  // The game's literal (core/declaration.hpp), which lives as long as the module.
  const GameDeclaration* declaration;
  // What the declaration cannot state by hand because the code decides it: the
  // policy kinds the batch runner plays in this game (bind_game.hpp).
  std::vector<std::string> policies;
  std::function<py::object(const OptionMap&)> make;
  // A state from its pickled fields (the module-level _restore_state).
  std::function<py::object(const py::tuple&)> restore_state;
};

inline std::map<std::string, GameEntry>& registry() {
  static std::map<std::string, GameEntry> games;
  return games;
}

inline std::string known_games() {
  std::string list;
  for (const auto& [name, e] : registry()) list += (list.empty() ? "" : ", ") + name;
  return list;
}

inline const GameEntry& find_game(const std::string& name) {
  auto it = registry().find(name);
  if (it == registry().end())
    throw InvalidArgument("unknown game '" + name + "' (known: " + known_games() + ")");
  return it->second;
}

// A declaration's options as Python reads them: one dict per option (name,
// default, doc, and range for an int or choices for a choice).
inline py::list option_specs_to_py(const GameDeclaration& d) {
  py::list out;
  for (const auto& spec : d.options) {
    py::dict o;
    o["name"] = spec.name;
    o["default"] = option_to_py(spec.default_value);
    o["doc"] = spec.doc;
    if (spec.default_value.index() == 1) o["range"] = py::make_tuple(spec.min, spec.max);
    if (!spec.choices.empty()) o["choices"] = py::cast(spec.choices);
    out.append(o);
  }
  return out;
}

// A registered game's declaration as Python reads it (cardsim.games() makes its
// GameInfo of this).
inline py::dict declaration_to_py(const GameEntry& e) {
  const GameDeclaration& d = *e.declaration;
  py::dict out;
  out["name"] = d.name;
  out["title"] = d.title;
  out["min_players"] = d.min_players();
  out["max_players"] = d.max_players();
  out["default_players"] = d.default_players();
  py::dict actions;  // by seats
  for (int n = d.min_players(); n <= d.max_players(); ++n) actions[py::int_(n)] = d.num_actions(n);
  out["num_actions"] = actions;
  out["options"] = option_specs_to_py(d);
  out["dynamics"] = to_string(d.dynamics);
  out["timed"] = d.timed;
  py::tuple policies(e.policies.size());
  for (std::size_t i = 0; i < e.policies.size(); ++i) policies[i] = py::str(e.policies[i]);
  out["policies"] = policies;
  return out;
}

template <class G>
using Factory = std::function<std::shared_ptr<G>(const OptionMap&)>;

template <class G>
std::map<std::string, Factory<G>>& typed_factories() {
  static std::map<std::string, Factory<G>> f;
  return f;
}

template <class G>
const Factory<G>& typed_factory(const std::string& name) {
  auto it = typed_factories<G>().find(name);
  if (it == typed_factories<G>().end())
    throw InvalidArgument("unknown game '" + name + "' (known: " + known_games() + ")");
  return it->second;
}

// The registrars: each register_<game>.cpp adds its own with CARDSIM_REGISTRAR,
// and module.cpp runs them all, so adding a game edits no list. A function-local
// static, so that it exists before any file's static initialiser adds to it.
// The bindings' .cpp files are sources of the module itself (CMakeLists.txt),
// not members of a static library, so the linker keeps every registrar.
struct Registrar {
  int order;  // the runner first (games name its Summary), the games, then what reads them
  const char* name;
  void (*bind)(py::module_&);
};

inline std::vector<Registrar>& registrars() {
  static std::vector<Registrar> all;
  return all;
}

struct AddRegistrar {
  AddRegistrar(int order, const char* name, void (*bind)(py::module_&)) {
    registrars().push_back(Registrar{order, name, bind});
  }
};

inline constexpr int kRunnerOrder = 0;
inline constexpr int kGameOrder = 1;
inline constexpr int kLastOrder = 2;

}  // namespace cardsim::py_bind

// At namespace scope in a registrar's .cpp: binds `fn` when the module loads.
#define CARDSIM_REGISTRAR(order, fn) \
  static const ::cardsim::py_bind::AddRegistrar cardsim_registrar_##fn(order, #fn, fn)
