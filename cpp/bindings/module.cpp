// The extension module: the shared bases, then every registrar that a
// register_*.cpp added (registry.hpp), so that a new game edits nothing here.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "bindings/registry.hpp"
#include "bindings/whole_object.hpp"
#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"

namespace py = pybind11;
using namespace cardsim;
using namespace cardsim::py_bind;

PYBIND11_MODULE(_core, m) {
  m.doc() = "cardsim's C++ core: game states, move generation, scoring and the batch runner.";

  // The Python-side exception class, so that core and reference raise the same type.
  static PyObject* illegal =
      py::object(py::module_::import("cardsim.contract.errors").attr("IllegalActionError")).release().ptr();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalAction& e) {
      PyErr_SetString(illegal, e.what());
    } catch (const WrongType& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });

  m.attr("TERMINAL") = kTerminalPlayer;
  m.attr("SIMULTANEOUS") = kSimultaneousPlayer;
  m.attr("MAX_PLAYERS") = kMaxPlayers;

  // The bases of every game and state class: methods both backends share are
  // added to them once, in Python (cardsim/__init__.py).
  py::class_<GameBase, std::shared_ptr<GameBase>> game(m, "Game", "The base of every C++ game class.");
  py::class_<StateBase> state(m, "State", "The base of every C++ state class (the state contract).");
  refuse_new(game);
  refuse_new(state);

  // In a fixed order, whatever order the files' static initialisers ran in.
  std::vector<Registrar> all = registrars();
  std::sort(all.begin(), all.end(), [](const Registrar& a, const Registrar& b) {
    return a.order != b.order ? a.order < b.order : std::string(a.name) < std::string(b.name);
  });
  for (const Registrar& r : all) r.bind(m);

  m.def(
      "_restore_state",
      [](py::handle fields) {
        if (!PyTuple_Check(fields.ptr())) throw InvalidArgument("corrupted state pickle: expected 5 fields");
        const auto t = py::reinterpret_borrow<py::tuple>(fields);
        if (t.size() < 1 || !PyUnicode_Check(t[0].ptr()))
          throw InvalidArgument("corrupted state pickle: bad game name or options");
        return find_game(t[0].cast<std::string>()).restore_state(t);
      },
      py::arg("fields"),
      "Internal: a state from its pickled fields (state.__getstate__()), every action re-checked; the "
      "constructor that states pickle through.");

  m.def(
      "games",
      [] {
        py::dict out;
        for (const auto& [name, e] : registry()) out[py::str(name)] = e.description;
        return out;
      },
      "Registered game names and one-line descriptions.");

  m.def(
      "make",
      [](py::handle name, py::handle options) {
        if (!PyUnicode_Check(name.ptr()))
          throw WrongType("game name must be a str, got " + type_name_of(name));
        if (!PyDict_Check(options.ptr()))
          throw WrongType("options must be a dict, got " + type_name_of(options));
        return find_game(name.cast<std::string>()).make(options_from_py(options.cast<py::dict>()));
      },
      py::arg("name"), py::arg("options"), "Creates a game of the core by name, validating its options.");

  m.def("option_specs", [](py::handle name) {
    if (!PyUnicode_Check(name.ptr())) throw WrongType("game name must be a str");
    py::object game = find_game(name.cast<std::string>()).make({});
    return game.attr("_option_specs")();
  });

  m.def("card_to_string", [](int c) {
    if (c < 0 || c >= kNumCardKinds) throw InvalidArgument("card id out of range [0, 53)");
    return card_to_string(static_cast<Card>(c));
  });
  m.def("parse_card", [](py::handle text) {
    if (!PyUnicode_Check(text.ptr())) throw WrongType("card text must be a str, got " + type_name_of(text));
    return static_cast<int>(parse_card(text.cast<std::string>()));
  });
}
