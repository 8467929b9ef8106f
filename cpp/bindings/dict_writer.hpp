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

// The walk: begin_dict/begin_list open a container, end closes the innermost;
// in a dict every value follows its key. Keys are interned strs (CARDSIM_KEY).
class DictWriter {
 public:
  virtual ~DictWriter() = default;
  virtual void begin_dict() = 0;
  virtual void begin_list() = 0;
  virtual void end() = 0;
  virtual void key(py::handle k) = 0;
  virtual void integer(long long v) = 0;
  virtual void boolean(bool v) = 0;
  virtual void none() = 0;
  // A str kept by the bindings (card_str, suit_str), or a C string literal.
  virtual void str(py::handle s) = 0;
  virtual void text(const char* s) = 0;
  virtual void utf8(std::string_view s) = 0;
  virtual void card(Card c) = 0;
  // Any other value (a seed past the range of long long): equal, and of its type.
  virtual void value(py::handle v) = 0;

  void card_or_none(Card c) { c == kNoCard ? none() : card(c); }
  void int_or_none(int v) { v < 0 ? none() : integer(v); }
  template <class Cards>
  void cards(const Cards& cs) {
    begin_list();
    for (Card c : cs) card(c);
    end();
  }
};

// The deepest a dict form nests (a dict in a list in a dict in a list...).
inline constexpr int kMaxDictDepth = 8;

// Builds the Python objects.
class DictBuilder final : public DictWriter {
 public:
  py::object result() { return std::move(result_); }

  void begin_dict() override { open(PyDict_New()); }
  void begin_list() override { open(PyList_New(0)); }
  void end() override {
    --depth_;
    key_ = keys_[depth_];  // the key the closed container goes under, in a dict
    put(std::move(stack_[depth_]));
  }
  void key(py::handle k) override { key_ = k; }
  void integer(long long v) override { put(steal(PyLong_FromLongLong(v))); }
  void boolean(bool v) override { put(py::bool_(v)); }
  void none() override { put(py::none()); }
  void str(py::handle s) override { put(py::reinterpret_borrow<py::object>(s)); }
  void text(const char* s) override { put(steal(PyUnicode_FromString(s))); }
  void utf8(std::string_view s) override {
    put(steal(PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()))));
  }
  void card(Card c) override { put(card_str(c)); }
  void value(py::handle v) override { put(py::reinterpret_borrow<py::object>(v)); }

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
class DictMatcher final : public DictWriter {
 public:
  explicit DictMatcher(py::handle theirs) : next_(py::reinterpret_borrow<py::object>(theirs)) {}
  bool matches() const { return ok_ && depth_ == 0 && !next_; }

  void begin_dict() override { open(take(), true); }
  void begin_list() override { open(take(), false); }
  void end() override {
    if (!ok_) return;
    Frame& f = frames_[--depth_];
    const Py_ssize_t size = f.is_dict ? PyDict_GET_SIZE(f.obj.ptr()) : PyList_GET_SIZE(f.obj.ptr());
    ok_ = size == f.seen;
    f.obj = py::object();
  }
  void key(py::handle k) override {
    if (!ok_) return;
    Frame& f = frames_[depth_ - 1];
    ++f.seen;
    // Held, not borrowed: a key of another type with the same hash runs its __eq__,
    // which may change the candidate's dict under the walk.
    next_ = py::reinterpret_borrow<py::object>(PyDict_GetItemWithError(f.obj.ptr(), k.ptr()));
    if (!next_) fail();
  }
  void integer(long long v) override {
    const py::object held = take();
    PyObject* o = held.ptr();
    if (!o) return;
    if (!PyLong_CheckExact(o)) return fail();
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || x != v) fail();
  }
  void boolean(bool v) override { same(take(), v ? Py_True : Py_False); }
  void none() override { same(take(), Py_None); }
  void str(py::handle s) override {
    const py::object held = take();
    PyObject* o = held.ptr();
    if (o && o != s.ptr() && !(PyUnicode_CheckExact(o) && PyUnicode_Compare(o, s.ptr()) == 0)) fail();
  }
  void text(const char* s) override {
    const py::object held = take();
    PyObject* o = held.ptr();
    if (o && !(PyUnicode_CheckExact(o) && PyUnicode_CompareWithASCIIString(o, s) == 0)) fail();
  }
  void utf8(std::string_view s) override {
    const py::object held = take();
    PyObject* o = held.ptr();
    if (!o) return;
    Py_ssize_t n = 0;
    const char* data = PyUnicode_CheckExact(o) ? PyUnicode_AsUTF8AndSize(o, &n) : nullptr;
    if (!data || static_cast<std::size_t>(n) != s.size() || std::memcmp(data, s.data(), s.size()) != 0)
      fail();
  }
  void card(Card c) override { str(card_str(c)); }
  void value(py::handle v) override {
    const py::object held = take();
    PyObject* o = held.ptr();
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
  void same(const py::object& o, PyObject* want) {
    if (o && o.ptr() != want) fail();
  }
  // The candidate's object at the walk's place: the value under the last key, the
  // list's next item, or the whole object; null (a mismatch) when it has none.
  py::object take() {
    if (!ok_) return py::object();
    py::object o;
    if (depth_ == 0 || frames_[depth_ - 1].is_dict) {
      o = std::move(next_);
      next_ = py::object();
    } else {
      Frame& f = frames_[depth_ - 1];
      if (f.seen < PyList_GET_SIZE(f.obj.ptr()))
        o = py::reinterpret_borrow<py::object>(PyList_GET_ITEM(f.obj.ptr(), f.seen));
      ++f.seen;
    }
    if (!o) fail();
    return o;
  }
  void open(py::object o, bool is_dict) {
    if (!o) return;
    PyObject* p = o.ptr();
    if (!(is_dict ? PyDict_CheckExact(p) : PyList_CheckExact(p)) || depth_ == kMaxDictDepth) return fail();
    frames_[depth_++] = Frame{std::move(o), is_dict, 0};
  }

  std::array<Frame, kMaxDictDepth> frames_{};
  int depth_ = 0;
  py::object next_;
  bool ok_ = true;
};

}  // namespace cardsim::py_bind
