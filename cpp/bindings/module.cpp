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

namespace {

// Raises `type` with a typed error's message, whole: the core has already
// escaped its control characters (errors.hpp), and bytes that are not UTF-8
// are written as Python's backslashreplace writes them.
void raise_message(PyObject* type, const char* message) {
  py::object value = py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(
      message, static_cast<Py_ssize_t>(std::char_traits<char>::length(message)), "backslashreplace"));
  if (!value) return;  // the decoder's own error (out of memory) is raised instead
  PyErr_SetObject(type, value.ptr());
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "cardsim's C++ core: game states, move generation, scoring and the batch runner.";

  // The Python-side exception class, so that core and reference raise the same type.
  static PyObject* illegal =
      py::object(py::module_::import("cardsim.contract.errors").attr("IllegalActionError")).release().ptr();
  // Typed errors reach Python with their whole message (errors.hpp).
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalAction& e) {
      raise_message(illegal, e.what());
    } catch (const WrongType& e) {
      raise_message(PyExc_TypeError, e.what());
    } catch (const InvalidArgument& e) {
      raise_message(PyExc_ValueError, e.what());
    } catch (const InUse& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
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
  // The package's Python mixin of shared state methods joins here (cardsim/__init__.py).
  m.def(
      "_join_state_base",
      [](py::type mixin) { join_python_base(py::module_::import("cardsim._core").attr("State"), mixin); },
      py::arg("mixin"), "Adds a slot-less Python class to State's bases, once.");

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
        for (const auto& [name, e] : registry()) out[py::str(name)] = e.declaration->title;
        return out;
      },
      "Registered game names and one-line descriptions.");

  m.def(
      "declarations",
      [] {
        py::list out;
        for (const auto& [name, e] : registry()) out.append(declaration_to_py(e));
        return out;
      },
      "Every registered game's declaration, in name order: name, title, min_players, max_players, "
      "default_players, options (as option_specs gives them), dynamics, timed and policies (the kinds "
      "the batch runner plays in it).");

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
    return option_specs_to_py(*find_game(name.cast<std::string>()).declaration);
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
