// A state's dict form and observations, written once per game as a walk of
// their fields (the write functions in register_<game>.cpp) and built as
// Python objects (DictBuilder: to_dict, observation) without pybind11's
// casts for each item.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "bindings/convert.hpp"
#include "core/card.hpp"

namespace cardsim::py_bind {

// The walk: begin_dict/begin_list open a container, end closes the
// innermost; in a dict every value follows its key. Keys are interned strs
// (CARDSIM_KEY). The game's write functions take `auto& w` (the writer), and
// the helpers here are shared by them.
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

// A game's walk of a dict form: made from a captureless generic lambda,
// `[](const State& s, auto& w) { ... }`, or with `Args` before the writer (a
// seat's view: `[](const State& s, int p, auto& w)`).
template <class State, class... Args>
struct Walk {
  void (*build)(const State&, Args..., DictBuilder&) = nullptr;
  Walk() = default;
  template <class F>
  Walk(F f) : build(f) {}  // NOLINT: a lambda stands for its walk
  void operator()(const State& s, Args... args, DictBuilder& w) const { build(s, args..., w); }
};

}  // namespace cardsim::py_bind
