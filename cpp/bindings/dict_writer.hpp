// A state's dict form and observations, written once per game as a walk of
// their fields (the write functions in register_<game>.cpp), and either built
// as Python objects (DictBuilder: to_dict, observation) or compared in place
// with a candidate's (DictMatcher: the lockstep checker's read of a step,
// bind_answers.hpp). The checker compares a candidate's dicts at every step;
// building the core's only for Python to compare them cost more than both
// implementations' own work on the step.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "bindings/convert.hpp"
#include "core/card.hpp"

namespace cardsim::py_bind {

// The walk, as both writers offer it: begin_dict/begin_list open a container,
// end closes the innermost; in a dict every value follows its key. Keys are
// interned strs (CARDSIM_KEY). The game's write functions take `auto& w`, so
// each is compiled for both writers and no call in the walk is indirect: a
// walk is hundreds of items at every step of a check.
template <class W>
class DictWalker {
 public:
  void card_or_none(Card c) { c == kNoCard ? self().none() : self().card(c); }
  void int_or_none(int v) { v < 0 ? self().none() : self().integer(v); }
  template <class Cards>
  void cards(const Cards& cs) {
    self().begin_list();
    for (Card c : cs) self().card(c);
    self().end();
  }
  template <class Ints>
  void ints(const Ints& vs) {
    self().begin_list();
    for (auto v : vs) self().integer(v);
    self().end();
  }
  // A list of one entry per seat, each written by `item(p)`: hands, scores, counts.
  template <class Item>
  void per_seat(int players, Item&& item) {
    self().begin_list();
    for (int p = 0; p < players; ++p) item(p);
    self().end();
  }

 private:
  W& self() { return static_cast<W&>(*this); }
};

// The deepest a dict form nests (a dict in a list in a dict in a list...).
inline constexpr int kMaxDictDepth = 8;

// Builds the Python objects.
class DictBuilder final : public DictWalker<DictBuilder> {
 public:
  py::object result() { return std::move(result_); }

  void begin_dict() { open(PyDict_New()); }
  void begin_list() { open(PyList_New(0)); }
  void end() {
    --depth_;
    key_ = keys_[depth_];  // the key the closed container goes under, in a dict
    put(std::move(stack_[depth_]));
  }
  void key(py::handle k) { key_ = k; }
  void integer(long long v) { put(steal(PyLong_FromLongLong(v))); }
  void boolean(bool v) { put(py::bool_(v)); }
  void none() { put(py::none()); }
  void str(py::handle s) { put(py::reinterpret_borrow<py::object>(s)); }
  void text(std::string_view s) {
    put(steal(PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()))));
  }
  void card(Card c) { put(card_str(c)); }
  void value(py::handle v) { put(py::reinterpret_borrow<py::object>(v)); }

 private:
  static py::object steal(PyObject* o) {
    if (!o) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
  }
  void open(PyObject* container) {
    if (depth_ == kMaxDictDepth) throw std::logic_error("a dict form nests deeper than kMaxDictDepth");
    keys_[depth_] = key_;
    stack_[depth_++] = steal(container);
  }
  void put(py::object v) {
    if (depth_ == 0) {
      result_ = std::move(v);
      return;
    }
    PyObject* top = stack_[depth_ - 1].ptr();
    const int rc = PyDict_Check(top) ? PyDict_SetItem(top, key_.ptr(), v.ptr()) : PyList_Append(top, v.ptr());
    if (rc != 0) throw py::error_already_set();
  }

  std::array<py::object, kMaxDictDepth> stack_;
  std::array<py::handle, kMaxDictDepth> keys_;
  int depth_ = 0;
  py::handle key_;
  py::object result_;
};

// Compares a candidate's object with the walk, strictly: dicts and lists of
// exactly those types, the same keys, ints that are not bools, equal strs.
// Anything else is a mismatch, and the checker then looks field by field
// (where a subset of the keys, a tuple or a Mapping may still pass). After the
// first mismatch the rest of the walk is skipped.
class DictMatcher final : public DictWalker<DictMatcher> {
 public:
  explicit DictMatcher(py::handle theirs) : next_(py::reinterpret_borrow<py::object>(theirs)) {}
  bool matches() const { return ok_ && depth_ == 0 && !next_; }

  void begin_dict() { open(take(), true); }
  void begin_list() { open(take(), false); }
  void end() {
    if (!ok_) return;
    Frame& f = frames_[--depth_];
    const Py_ssize_t size = f.is_dict ? PyDict_GET_SIZE(f.obj.ptr()) : PyList_GET_SIZE(f.obj.ptr());
    ok_ = size == f.seen;
    f.obj = py::object();
  }
  void key(py::handle k) {
    if (!ok_) return;
    Frame& f = frames_[depth_ - 1];
    ++f.seen;
    // Held, not borrowed: a key of another type with the same hash runs its __eq__,
    // which may change the candidate's dict under the walk.
    next_ = py::reinterpret_borrow<py::object>(PyDict_GetItemWithError(f.obj.ptr(), k.ptr()));
    if (!next_) fail();
  }
  void integer(long long v) {
    PyObject* o = take();
    if (!o) return;
    if (!PyLong_CheckExact(o)) return fail();
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || x != v) fail();
  }
  void boolean(bool v) { same(take(), v ? Py_True : Py_False); }
  void none() { same(take(), Py_None); }
  void str(py::handle s) {
    PyObject* o = take();
    if (!o || o == s.ptr()) return;
    PyObject* want = s.ptr();
    if (!PyUnicode_CheckExact(o)) return fail();
    // Cards and keys are ASCII: their bytes are compared in place.
    if (PyUnicode_IS_COMPACT_ASCII(o) && PyUnicode_IS_COMPACT_ASCII(want)) {
      const Py_ssize_t n = PyUnicode_GET_LENGTH(o);
      if (n != PyUnicode_GET_LENGTH(want) ||
          std::memcmp(PyUnicode_DATA(o), PyUnicode_DATA(want), static_cast<std::size_t>(n)) != 0)
        fail();
      return;
    }
    if (PyUnicode_Compare(o, want) != 0) fail();
  }
  void text(std::string_view s) {
    PyObject* o = take();
    if (!o) return;
    Py_ssize_t n = 0;
    const char* data = PyUnicode_CheckExact(o) ? PyUnicode_AsUTF8AndSize(o, &n) : nullptr;
    if (!data || static_cast<std::size_t>(n) != s.size() || std::memcmp(data, s.data(), s.size()) != 0)
      fail();
  }
  void card(Card c) { str(card_handle(c)); }
  void value(py::handle v) {
    PyObject* o = take();
    // Of one exact type with the core's (an int, None): == runs no code of the candidate's.
    if (o && !(Py_TYPE(o) == Py_TYPE(v.ptr()) && PyObject_RichCompareBool(o, v.ptr(), Py_EQ) == 1)) fail();
  }

 private:
  struct Frame {
    py::object obj;
    bool is_dict = false;
    Py_ssize_t seen = 0;
  };
  void fail() {
    ok_ = false;
    if (PyErr_Occurred()) PyErr_Clear();  // a candidate's __eq__ or __hash__ that raised
  }
  void same(PyObject* o, PyObject* want) {
    if (o && o != want) fail();
  }
  // The candidate's object at the walk's place: the value under the last key, the
  // list's next item, or the whole object; null (a mismatch) when it has none.
  // Borrowed, and good until the next take: nothing of the candidate's runs between
  // a take and its comparison (a value under a key is held in `held_`; a list's items
  // are held by the list, held in its frame).
  PyObject* take() {
    if (!ok_) return nullptr;
    PyObject* o = nullptr;
    if (depth_ == 0 || frames_[depth_ - 1].is_dict) {
      held_ = std::move(next_);
      next_ = py::object();
      o = held_.ptr();
    } else {
      Frame& f = frames_[depth_ - 1];
      if (f.seen < PyList_GET_SIZE(f.obj.ptr())) o = PyList_GET_ITEM(f.obj.ptr(), f.seen);
      ++f.seen;
    }
    if (!o) fail();
    return o;
  }
  void open(PyObject* o, bool is_dict) {
    if (!o) return;
    if (!(is_dict ? PyDict_CheckExact(o) : PyList_CheckExact(o)) || depth_ == kMaxDictDepth) return fail();
    frames_[depth_++] = Frame{py::reinterpret_borrow<py::object>(o), is_dict, 0};
  }

  std::array<Frame, kMaxDictDepth> frames_{};
  int depth_ = 0;
  py::object next_, held_;
  bool ok_ = true;
};

// A game's walk of a dict form, compiled for both writers: made from a
// captureless generic lambda, `[](const State& s, auto& w) { ... }`, or with
// `Args` before the writer (a seat's view: `[](const State& s, int p, auto& w)`).
template <class State, class... Args>
struct Walk {
  void (*build)(const State&, Args..., DictBuilder&) = nullptr;
  void (*match)(const State&, Args..., DictMatcher&) = nullptr;
  Walk() = default;
  template <class F>
  Walk(F f) : build(f), match(f) {}  // NOLINT: a lambda stands for its walk
  void operator()(const State& s, Args... args, DictBuilder& w) const { build(s, args..., w); }
  void operator()(const State& s, Args... args, DictMatcher& w) const { match(s, args..., w); }
};

}  // namespace cardsim::py_bind
