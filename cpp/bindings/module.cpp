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

// Raises `type` with `message` whole. Messages quote input (names, card
// texts), which may hold a NUL or a terminal's control sequences: C0
// controls but newline and tab, DEL and the C1 controls are written as \xNN,
// and bytes that are not UTF-8 as Python's backslashreplace writes them.
void raise_message(PyObject* type, const std::string& message) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  text.reserve(message.size());
  auto escape = [&](unsigned char b) {
    text += "\\x";
    text += kHex[b >> 4];
    text += kHex[b & 15];
  };
  for (std::size_t i = 0; i < message.size(); ++i) {
    const auto b = static_cast<unsigned char>(message[i]);
    const auto next = i + 1 < message.size() ? static_cast<unsigned char>(message[i + 1]) : 0;
    if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f) {
      escape(b);
    } else if (b == 0xc2 && next >= 0x80 && next <= 0x9f) {  // U+0080..U+009F in UTF-8
      escape(next);
      ++i;
    } else {
      text += static_cast<char>(b);
    }
  }
  py::object value = py::reinterpret_steal<py::object>(
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "backslashreplace"));
  if (!value) return;  // the decoder's own error (out of memory) is raised instead
  PyErr_SetObject(type, value.ptr());
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "cardsim's C++ core: game states, move generation, scoring and the batch runner.";

  // The Python-side exception class, so that core and reference raise the same type.
  static PyObject* illegal =
      py::object(py::module_::import("cardsim.contract.errors").attr("IllegalActionError")).release().ptr();
  // Every byte of a typed error's message reaches Python (what() would stop at a
  // NUL), with control characters escaped as Python writes them.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalAction& e) {
      raise_message(illegal, e.message());
    } catch (const WrongType& e) {
      raise_message(PyExc_TypeError, e.message());
    } catch (const InvalidArgument& e) {
      raise_message(PyExc_ValueError, e.message());
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
