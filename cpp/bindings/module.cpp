// The extension module: it only wires the registrars together.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/convert.hpp"
#include "bindings/registry.hpp"
#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"

namespace cardsim::py_bind {
void register_runner(py::module_& m);
void register_clock(py::module_& m);
void register_stack_gap(py::module_& m);
void register_the_wall(py::module_& m);
void register_code9(py::module_& m);
void register_hole_in_the_wall(py::module_& m);
void register_racing_demon(py::module_& m);
void register_rummy(py::module_& m);
void register_solver(py::module_& m);
}  // namespace cardsim::py_bind

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

  register_runner(m);
  register_clock(m);
  register_stack_gap(m);
  register_the_wall(m);
  register_code9(m);
  register_hole_in_the_wall(m);
  register_racing_demon(m);
  register_rummy(m);
  register_solver(m);

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
