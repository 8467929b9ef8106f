// Games by name. Each registrar adds its games here; `make` and unpickling
// find them again by the name alone.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/options.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

struct GameEntry {
  std::string description;
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
