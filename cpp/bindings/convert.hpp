// Conversions at the Python boundary. Every value coming from Python is checked
// here, so that a wrong type is a TypeError and a bad value a ValueError before
// the core sees it.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <climits>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "core/card.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/options.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

inline std::string type_name_of(py::handle h) { return Py_TYPE(h.ptr())->tp_name; }

inline bool is_integer(py::handle h) {
  if (PyBool_Check(h.ptr())) return false;
  if (PyLong_Check(h.ptr())) return true;
  // numpy integers, but not numpy bools or floats: they are not indices.
  return PyIndex_Check(h.ptr()) && !PyFloat_Check(h.ptr()) &&
         type_name_of(h).find("bool") == std::string::npos;
}

// Reads a Python int, raising OverflowError-free: out-of-range values clamp so
// that callers can report them as out of range.
inline long long clamp_int(py::handle h) {
  int overflow = 0;
  py::object idx = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!idx) throw py::error_already_set();
  long long v = PyLong_AsLongLongAndOverflow(idx.ptr(), &overflow);
  if (overflow > 0) return LLONG_MAX;
  if (overflow < 0) return LLONG_MIN;
  return v;
}

inline Action action_from_py(py::handle h, int num_actions) {
  if (!is_integer(h)) throw WrongType("an action must be an int, got " + type_name_of(h));
  const long long v = clamp_int(h);
  if (v < 0 || v >= num_actions)
    throw IllegalAction("action " + py::str(h).cast<std::string>() + " is out of range [0, " +
                        std::to_string(num_actions) + ")");
  return static_cast<Action>(v);
}

// Copies one integer action per row from a caller's buffer into `dst`, which the
// binding owns, and returns nothing else: every later check and the step itself
// read the copy alone, so another thread writing into the caller's buffer once
// the GIL is released can change nothing the step sees. Anything numpy reads as
// an array is accepted (a numpy array of any integer dtype, a list, a memoryview,
// an object with __array__ such as a CPU tensor); None, bool, float, str or
// object dtypes are a TypeError, a wrong shape a ValueError, and a uint above
// int64's range an IllegalAction (`where(k)` names row k in the message).
inline void refuse_non_sequence(py::handle actions, std::size_t n) {
  // A scalar would make a 0-d array, and a str a str array: both are named here.
  if (actions.is_none() || PyUnicode_Check(actions.ptr()) || PyBytes_Check(actions.ptr()) ||
      PyDict_Check(actions.ptr()) || PyLong_Check(actions.ptr()) || PyFloat_Check(actions.ptr()))
    throw WrongType("actions must be an int array of shape (" + std::to_string(n) + ",), got " +
                    type_name_of(actions));
}

template <class Where>
void copy_actions(py::handle actions, std::int64_t* dst, std::size_t n, int num_actions, const Where& where) {
  refuse_non_sequence(actions, n);
  py::array arr = py::isinstance<py::array>(actions) ? py::reinterpret_borrow<py::array>(actions)
                                                     : py::array::ensure(actions);
  if (!arr)
    throw WrongType("actions must be an int array of shape (" + std::to_string(n) + ",), got " +
                    type_name_of(actions));
  const char kind = arr.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw WrongType("actions must have an integer dtype, got " + py::str(arr.dtype()).cast<std::string>());
  if (arr.ndim() != 1 || static_cast<std::size_t>(arr.shape(0)) != n) {
    std::string shape = "(";
    for (py::ssize_t i = 0; i < arr.ndim(); ++i) shape += (i ? ", " : "") + std::to_string(arr.shape(i));
    throw InvalidArgument("actions must have shape (" + std::to_string(n) + ",), got " + shape +
                          (arr.ndim() == 1 ? ",)" : ")"));
  }
  if (kind == 'u') {
    // Read as uint64 so that a value above 2**63 is refused rather than wrapped negative.
    auto u = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
    if (!u) throw WrongType("actions could not be read as uint64");
    const std::uint64_t* p = u.data();
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint64_t v = p[k];  // read once: the copy is what gets checked
      if (v >= static_cast<std::uint64_t>(num_actions))
        throw IllegalAction(where(k) + "action " + std::to_string(v) + " is out of range [0, " +
                            std::to_string(num_actions) + ")");
      dst[k] = static_cast<std::int64_t>(v);
    }
    return;
  }
  // Converts only when the caller's array is not already C-contiguous int64.
  auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
  if (!a) throw WrongType("actions could not be read as int64");
  if (n) std::memcpy(dst, a.data(), n * sizeof(std::int64_t));
}

// A new reference to the Python int of an action id. Ids are made once and
// kept (under the GIL), as CPython keeps its small ints: PyLong_FromLong
// allocates every int above 256, and a Python loop builds a list of legal ids
// at every step. Nullptr with a Python error set if out of memory.
inline PyObject* action_to_py(Action a) {
  static std::vector<PyObject*> ids;
  const auto i = static_cast<std::size_t>(a);
  if (a < 0 || i >= 65536) return PyLong_FromLong(a);
  if (i >= ids.size()) ids.resize(i + 1, nullptr);
  if (!ids[i] && !(ids[i] = PyLong_FromLong(a))) return nullptr;
  Py_INCREF(ids[i]);
  return ids[i];
}

// A new list of the ids in `actions` (each from action_to_py), or nullptr with
// a Python error set: legal_actions' fast path and the bound methods share it.
template <class Actions>
PyObject* actions_to_py(const Actions& actions) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(actions.size()));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    PyObject* id = action_to_py(actions[i]);
    if (!id) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), id);
  }
  return list;
}

// `slot`'s interned str, made from `text` the first time (under the GIL).
inline py::str interned_str(PyObject*& slot, const char* text) {
  if (!slot && !(slot = PyUnicode_InternFromString(text))) throw py::error_already_set();
  return py::reinterpret_borrow<py::str>(slot);
}

// The Python str of a card ("TH", "JK"), borrowed: made once per card and kept (interned,
// under the GIL), as action_to_py keeps ids: a state's dict and observations spell
// every card at every call, and making a new str for each was most of their cost.
// The same object every time also lets Python compare two dicts of the state by
// identity, card for card, when they came from the same deck.
inline py::handle card_handle(Card c) {
  static PyObject* strs[256] = {};
  if (!strs[c]) interned_str(strs[c], card_to_string(c).c_str());
  return strs[c];
}

// The same str as an owned reference, to put in a list or a dict. A dict walk that only
// reads it (matching a candidate's card) takes card_handle, with no reference taken.
inline py::str card_str(Card c) { return py::reinterpret_borrow<py::str>(card_handle(c)); }

// A dict key as an interned Python str, made once per place it is written: a
// state's dict and observations set dozens of keys at every call, and a key made
// anew each time costs an allocation and a hash. Throws if Python is out of memory.
#define CARDSIM_KEY(text)                                          \
  ([]() -> py::handle {                                            \
    static PyObject* const key = PyUnicode_InternFromString(text); \
    if (!key) throw py::error_already_set();                       \
    return key;                                                    \
  }())

inline int player_from_py(py::handle h, int num_players) {
  if (!is_integer(h)) throw WrongType("a player must be an int, got " + type_name_of(h));
  const long long v = clamp_int(h);
  if (v < 0 || v >= num_players)
    throw InvalidArgument("player " + py::str(h).cast<std::string>() + " is out of range [0, " +
                          std::to_string(num_players) + ")");
  return static_cast<int>(v);
}

inline std::uint64_t seed_from_py(py::handle h) {
  if (!is_integer(h)) throw WrongType("seed must be an int, got " + type_name_of(h));
  py::int_ v = py::reinterpret_steal<py::int_>(PyNumber_Index(h.ptr()));
  // Out of [0, 2**64) the conversion itself fails (OverflowError): no Python
  // arithmetic per deal, which cost more than the deal.
  const unsigned long long seed = PyLong_AsUnsignedLongLong(v.ptr());
  if (seed == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw InvalidArgument("seed must be in [0, 2**64), got " + py::str(h).cast<std::string>());
  }
  return seed;
}

inline std::vector<std::string> strings_from_py(py::handle h, const std::string& what) {
  if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr()) || !PySequence_Check(h.ptr()))
    throw WrongType(what + " must be a list of card strings, got " + type_name_of(h));
  std::vector<std::string> out;
  py::sequence seq = py::reinterpret_borrow<py::sequence>(h);
  out.reserve(seq.size());
  for (std::size_t i = 0; i < seq.size(); ++i) {
    py::object item = seq[i];
    if (!PyUnicode_Check(item.ptr()))
      throw WrongType(what + " position " + std::to_string(i) + " must be a str, got " + type_name_of(item));
    out.push_back(item.cast<std::string>());
  }
  return out;
}

inline OptionMap options_from_py(const py::dict& d) {
  OptionMap out;
  for (auto [k, v] : d) {
    if (!PyUnicode_Check(k.ptr())) throw WrongType("option names must be str, got " + type_name_of(k));
    const auto name = k.cast<std::string>();
    // A NUL would cut every error message that quotes the name short, so such a name
    // is refused here, quoted as Python writes it.
    if (name.find('\0') != std::string::npos)
      throw InvalidArgument("unknown option " + py::repr(k).cast<std::string>() + " (a NUL in its name)");
    if (PyBool_Check(v.ptr())) {
      out[name] = v.cast<bool>();
    } else if (is_integer(v)) {
      const long long x = clamp_int(v);
      out[name] = static_cast<std::int64_t>(x);
    } else if (PyUnicode_Check(v.ptr())) {
      out[name] = v.cast<std::string>();
    } else if (PyList_Check(v.ptr()) || PyTuple_Check(v.ptr())) {
      out[name] = strings_from_py(v, "option '" + name + "'");
    } else {
      throw WrongType("option '" + name + "' has a value of type " + type_name_of(v) +
                      " (options are bool, int, str or a list of str)");
    }
  }
  return out;
}

inline py::object option_to_py(const OptionValue& v) {
  switch (v.index()) {
    case 0: return py::bool_(std::get<bool>(v));
    case 1: return py::int_(std::get<std::int64_t>(v));
    case 2: return py::str(std::get<std::string>(v));
    default: {
      py::list l;
      for (const auto& s : std::get<std::vector<std::string>>(v)) l.append(s);
      return l;
    }
  }
}

inline py::dict options_to_py(const OptionMap& m) {
  py::dict d;
  for (const auto& [k, v] : m) d[py::str(k)] = option_to_py(v);
  return d;
}

// A list of cards, made at its final size: a dict or an observation holds dozens
// of these, and growing each by appends cost reallocations.
template <class Cards>
py::list cards_to_py(const Cards& cards) {
  py::list l(static_cast<py::size_t>(std::size(cards)));
  py::size_t i = 0;
  for (Card c : cards) {
    py::str s = card_str(c);
    PyList_SET_ITEM(l.ptr(), static_cast<Py_ssize_t>(i++), s.release().ptr());
  }
  return l;
}

// The Python str of a suit's letter ("S"), made once per suit and kept, as card_str.
inline py::str suit_str(int suit) {
  static PyObject* strs[4] = {};
  const char text[2] = {kSuitChars[suit & 3], '\0'};
  return interned_str(strs[suit & 3], text);
}

}  // namespace cardsim::py_bind
