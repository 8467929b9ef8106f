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
