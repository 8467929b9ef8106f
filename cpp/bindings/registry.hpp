// Games by name. Each registrar adds its games here; `make` and unpickling
// find them again by the name alone.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/errors.hpp"
#include "core/options.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

struct GameEntry {
  std::string description;
  std::function<py::object(const OptionMap&)> make;
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

template <class G>
void register_game(const std::string& name, const std::string& description, Factory<G> factory) {
  typed_factories<G>()[name] = factory;
  registry()[name] = GameEntry{description, [factory](const OptionMap& o) { return py::cast(factory(o)); }};
}

}  // namespace cardsim::py_bind
