// Direct CPython entry points for the calls a Python play loop makes at every
// step (is_terminal, current_player, legal_actions, apply_action) and once a
// deal (new_game). pybind11's dispatcher, and the bound-method object Python
// makes for each of its methods, cost more than the game's own work on every
// such call: about 1,200 instructions for is_terminal alone. A method
// descriptor is looked up and called by CPython without either.
//
// Each entry point takes only the plain case (the right arguments, a legal
// action, an int seed) and hands every other call to the pybind11 function it
// replaces, so that errors (types, messages, the state left unchanged) and
// docstrings stay exactly those of that function.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings/py_state.hpp"
#include "core/game.hpp"

namespace cardsim::py_bind {

// One replaced method: the pybind11 function it falls back on and its docstring,
// both kept for the life of the module (PyMethodDef holds pointers to them).
struct FastMethod {
  PyObject* fallback = nullptr;
  std::string doc;
  PyMethodDef def{};
};

// The pybind11 function, called with self first, for every case the fast path leaves.
inline PyObject* call_fallback(const FastMethod& m, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                               PyObject* kwnames) {
  const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  std::vector<PyObject*> all(static_cast<std::size_t>(1 + nargs + nkw));
  all[0] = self;
  for (Py_ssize_t i = 0; i < nargs + nkw; ++i) all[static_cast<std::size_t>(1 + i)] = args[i];
  return PyObject_Vectorcall(m.fallback, all.data(), static_cast<std::size_t>(1 + nargs), kwnames);
}

// The C++ object of a bound `cls` instance, or nullptr if `self` is none or is
// not laid out plainly (the fallback then finds it, or refuses the call, as
// pybind11 does). This reads pybind11's private instance layout
// (detail::instance::simple_layout, simple_holder_constructed and
// simple_value_holder), which a major release may change: pyproject.toml's build
// requires bound pybind11 below its next major (<4) for this reason.
template <class T>
T* fast_self(PyObject* self, PyTypeObject* cls) {
  if (!PyObject_TypeCheck(self, cls)) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  if (!inst->simple_layout || !inst->simple_holder_constructed) return nullptr;
  return static_cast<T*>(inst->simple_value_holder[0]);
}

// Replaces the method `name` of `cls` by a method descriptor calling `fn`. The
// descriptor is declared for any object: its own check of self would raise its
// own message where pybind11's has another, so the entry points check self
// themselves and leave a stranger to the fallback.
inline void install_fast_method(py::handle cls, const char* name, FastMethod& m,
                                _PyCFunctionFastWithKeywords fn) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  PyObject* orig = PyDict_GetItemString(type->tp_dict, name);  // borrowed
  if (!orig || !PyInstanceMethod_Check(orig))
    throw std::runtime_error(std::string("no method to replace: ") + name);
  m.fallback = PyInstanceMethod_GET_FUNCTION(orig);
  Py_INCREF(m.fallback);
  m.doc = py::str(py::handle(orig).attr("__doc__")).cast<std::string>();
  m.def.ml_name = name;
  m.def.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(fn));
  m.def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  m.def.ml_doc = m.doc.c_str();
  py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewMethod(&PyBaseObject_Type, &m.def));
  if (!descr) throw py::error_already_set();
  if (PyObject_SetAttrString(cls.ptr(), name, descr.ptr()) != 0) throw py::error_already_set();
}

template <class G>
struct FastCalls {
  using S = PyState<G>;
  static inline PyTypeObject* state_type = nullptr;
  static inline PyTypeObject* game_type = nullptr;
  static inline FastMethod is_terminal_m, current_player_m, legal_actions_m, apply_action_m, new_game_m;

  static PyObject* is_terminal(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    S* s = fast_self<S>(self, state_type);
    if (!s || nargs != 0 || kwnames) return call_fallback(is_terminal_m, self, args, nargs, kwnames);
    return PyBool_FromLong(s->state.is_terminal());
  }

  static PyObject* current_player(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                  PyObject* kwnames) {
    S* s = fast_self<S>(self, state_type);
    if (!s || nargs != 0 || kwnames) return call_fallback(current_player_m, self, args, nargs, kwnames);
    return PyLong_FromLong(s->state.current_player());
  }

  static PyObject* legal_actions(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    S* s = fast_self<S>(self, state_type);
    if (!s || nargs != 0 || kwnames) return call_fallback(legal_actions_m, self, args, nargs, kwnames);
    typename G::State::ActionList legal;
    s->state.legal_actions(legal);
    return actions_to_py(legal);
  }

  // An exact int in range whose action is legal; anything else (a numpy int, a
  // bool, out of range, illegal) goes to the checked pybind11 path, which raises.
  static PyObject* apply_action(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    S* s = fast_self<S>(self, state_type);
    if (!s || nargs != 1 || kwnames || !PyLong_CheckExact(args[0]))
      return call_fallback(apply_action_m, self, args, nargs, kwnames);
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(args[0], &overflow);
    if (overflow || v < 0 || v >= s->game->num_actions() ||
        !s->state.why_illegal(static_cast<Action>(v)).empty())
      return call_fallback(apply_action_m, self, args, nargs, kwnames);
    try {
      s->state.apply(static_cast<Action>(v));
      s->history.push_back(static_cast<Action>(v));
    } catch (...) {
      py::detail::try_translate_exceptions();
      return nullptr;
    }
    Py_RETURN_NONE;
  }

  // new_game(seed=<int in [0, 2**64)>): the one call a loop makes per deal.
  static PyObject* new_game(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    if (!fast_self<G>(self, game_type) || nargs != 0 || !kwnames || PyTuple_GET_SIZE(kwnames) != 1 ||
        !PyLong_CheckExact(args[0]) ||
        PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "seed") != 0)
      return call_fallback(new_game_m, self, args, nargs, kwnames);
    const unsigned long long seed = PyLong_AsUnsignedLongLong(args[0]);
    if (seed == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
      PyErr_Clear();
      return call_fallback(new_game_m, self, args, nargs, kwnames);
    }
    try {
      const auto game = py::handle(self).cast<std::shared_ptr<G>>();
      return py::cast(new_seeded_state<G>(game, seed)).release().ptr();
    } catch (py::error_already_set& e) {
      e.restore();
      return nullptr;
    } catch (...) {
      py::detail::try_translate_exceptions();
      return nullptr;
    }
  }

  template <class GameCls, class StateCls>
  static void install(GameCls& game_cls, StateCls& state_cls) {
    state_type = reinterpret_cast<PyTypeObject*>(state_cls.ptr());
    game_type = reinterpret_cast<PyTypeObject*>(game_cls.ptr());
    install_fast_method(state_cls, "is_terminal", is_terminal_m, &FastCalls::is_terminal);
    install_fast_method(state_cls, "current_player", current_player_m, &FastCalls::current_player);
    install_fast_method(state_cls, "legal_actions", legal_actions_m, &FastCalls::legal_actions);
    install_fast_method(state_cls, "apply_action", apply_action_m, &FastCalls::apply_action);
    install_fast_method(game_cls, "new_game", new_game_m, &FastCalls::new_game);
  }
};

}  // namespace cardsim::py_bind
