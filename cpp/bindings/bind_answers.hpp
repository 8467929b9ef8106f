// The lockstep checker's read of a state (cardsim.testing): every answer it
// compares at a step, in one call. Read one method at a time, a step costs the
// checker a dozen calls through pybind11's dispatcher plus a numpy array per
// tensor, more than the answers themselves; here the core gives the plain
// answers at once, and compares the candidate's arrays (byte for byte) and
// dicts (field by field) with its own in place, without making its own.
#pragma once

#include <pybind11/pybind11.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bindings/convert.hpp"
#include "bindings/py_state.hpp"
#include "core/game.hpp"

namespace cardsim::py_bind {

// What `_answers(what)` reads beyond its first four answers (whose turn, legal
// ids, terminal, scores): the bits of `what`. The Python side
// (cardsim/testing/lockstep.py) names the same bits.
enum AnswerBit : int {
  kAnswerTruncated = 1,
  kAnswerDraw = 2,
  kAnswerWinners = 4,
  kAnswerTexts = 8,
  kAnswerDict = 16,
  kAnswerObservations = 32,
  kAnswerMask = 64,
  kAnswerTensors = 128,
  kAnswerIds = 256,
};

// Whether `obj` exports a C-contiguous 1-D buffer of `n` items of struct
// format `format` whose bytes are those at `data`. Anything else (no buffer, a
// strided view, another dtype) is false: the checker then looks field by
// field, where an array of another kind may still pass.
inline bool same_buffer(py::handle obj, const void* data, std::size_t n, const char* format,
                        std::size_t itemsize) {
  Py_buffer view;
  // Without PyBUF_STRIDES the exporter must give a C-contiguous buffer or refuse.
  if (PyObject_GetBuffer(obj.ptr(), &view, PyBUF_ND | PyBUF_FORMAT) != 0) {
    PyErr_Clear();
    return false;
  }
  const bool same = view.ndim == 1 && view.shape[0] == static_cast<Py_ssize_t>(n) &&
                    view.itemsize == static_cast<Py_ssize_t>(itemsize) && view.format &&
                    std::string_view(view.format) == format && std::memcmp(view.buf, data, n * itemsize) == 0;
  PyBuffer_Release(&view);
  return same;
}

// A candidate's answers read and compared one method at a time, called from here:
// the checker's step would otherwise pay Python's dispatch for every call it makes
// and every list it builds. A call that raises an Exception, or an answer unlike the
// core's, ends the read (the checker then looks field by field and reports it);
// anything else raised (KeyboardInterrupt) goes on up.
class CandidateReader {
 public:
  explicit CandidateReader(py::handle cand) : cand_(cand) {}
  bool ok() const { return ok_; }

  // cand.<name>(), or null once the read has failed.
  py::object call(py::handle name) {
    if (!ok_) return py::object();
    PyObject* out = PyObject_CallMethodNoArgs(cand_.ptr(), name.ptr());
    if (!out) return failed();
    return py::reinterpret_steal<py::object>(out);
  }
  // cand.<name>, looked up once for a method called at every legal action or seat
  // (a lookup makes a bound method each time); null once the read has failed.
  py::object method(py::handle name) {
    if (!ok_) return py::object();
    PyObject* m = PyObject_GetAttr(cand_.ptr(), name.ptr());
    if (!m) return failed();
    return py::reinterpret_steal<py::object>(m);
  }
  py::object call_with(const py::object& method, py::handle arg) {
    if (!ok_) return py::object();
    PyObject* out = PyObject_CallOneArg(method.ptr(), arg.ptr());
    if (!out) return failed();
    return py::reinterpret_steal<py::object>(out);
  }
  // list(value), as the checker reads a sequence; null if it is none.
  py::list listed(py::object value) {
    if (!value) return py::list();
    PyObject* out = PySequence_List(value.ptr());
    if (!out) return fail_list();
    return py::reinterpret_steal<py::list>(out);
  }
  // bool(value), or false after failing if it has no truth value.
  bool truth(const py::object& value) {
    if (!value) return false;
    const int t = PyObject_IsTrue(value.ptr());
    if (t < 0) {
      if (!PyErr_ExceptionMatches(PyExc_Exception)) throw py::error_already_set();
      PyErr_Clear();
      ok_ = false;
    }
    return t > 0;
  }
  // Walks `value` with `walk`, a function of a DictMatcher.
  template <class Walk>
  void match(const py::object& value, Walk&& walk) {
    if (!ok_) return;
    DictMatcher m{value};
    walk(m);
    ok_ = m.matches();
  }
  void require(bool same) { ok_ = ok_ && same; }

 private:
  py::object failed() {
    if (!PyErr_ExceptionMatches(PyExc_Exception)) throw py::error_already_set();
    PyErr_Clear();
    ok_ = false;
    return py::object();
  }
  py::list fail_list() {
    if (!PyErr_ExceptionMatches(PyExc_Exception)) throw py::error_already_set();
    PyErr_Clear();
    ok_ = false;
    return py::list();
  }

  py::handle cand_;
  bool ok_ = true;
};

template <class G, class StateCls>
void bind_answers(StateCls& state_cls, const Hooks<G>& hooks) {
  using S = PyState<G>;
  using State = typename G::State;
  state_cls.def(
      "_answers",
      [hooks](S& s, int what, py::handle cand, py::handle action) -> py::tuple {
        const int players = s.game->num_players();
        if (!action.is_none()) {
          // A step first, the candidate before the core (as the checker's play()): the
          // candidate's refusal is the difference then, with the core not moved.
          const Action a = action_from_py(action, s.game->num_actions());
          PyObject* done =
              PyObject_CallMethodOneArg(cand.ptr(), CARDSIM_KEY("apply_action").ptr(), action.ptr());
          if (!done) {
            py::error_already_set raised;
            if (!raised.matches(PyExc_Exception)) throw raised;
            return py::make_tuple(py::none(), py::none(), raised.value());
          }
          Py_DECREF(done);
          apply_checked(s, a);
        }
        typename State::ActionList legal;
        s.state.legal_actions(legal);
        CandidateReader r{cand};
        r.match(r.call(CARDSIM_KEY("current_player")),
                [&](DictMatcher& m) { m.integer(s.state.current_player()); });
        py::list theirs = r.listed(r.call(CARDSIM_KEY("legal_actions")));
        if (r.ok() && PyList_Sort(theirs.ptr()) != 0) {
          PyErr_Clear();  // ids that do not sort: not the core's
          r.require(false);
        }
        r.match(theirs, [&](DictMatcher& m) { m.ints(legal); });
        r.require(r.truth(r.call(CARDSIM_KEY("is_terminal"))) == s.state.is_terminal());
        const Scores scores = s.state.scores();
        r.match(r.listed(r.call(CARDSIM_KEY("scores"))),
                [&](DictMatcher& m) { m.per_seat(players, [&](int p) { m.integer(scores[p]); }); });
        if (what & kAnswerTruncated)
          r.require(r.truth(r.call(CARDSIM_KEY("is_truncated"))) == s.state.is_truncated());
        if (what & (kAnswerDraw | kAnswerWinners)) {
          const Outcome outcome = s.state.outcome();
          if (what & kAnswerDraw) r.require(r.truth(r.call(CARDSIM_KEY("is_draw"))) == outcome.draw);
          if (what & kAnswerWinners)
            r.match(r.listed(r.call(CARDSIM_KEY("winners"))), [&](DictMatcher& m) {
              m.begin_list();
              for (int p = 0; p < players; ++p)
                if (outcome.winners >> p & 1) m.integer(p);
              m.end();
            });
        }
        // Each legal action's text, asked by the candidate's own id (equal to the core's
        // by now), and the id of that text back.
        if ((what & kAnswerTexts) && r.ok() && !legal.empty()) {
          const py::object to_text = r.method(CARDSIM_KEY("action_to_string"));
          const py::object to_id =
              (what & kAnswerIds) ? r.method(CARDSIM_KEY("string_to_action")) : py::object();
          for (std::size_t i = 0; r.ok() && i < legal.size(); ++i) {
            py::handle id = PyList_GET_ITEM(theirs.ptr(), static_cast<Py_ssize_t>(i));
            py::object text = r.call_with(to_text, id);
            r.match(text, [&](DictMatcher& m) { m.text(s.state.action_to_string(legal[i])); });
            if (what & kAnswerIds)
              r.match(r.call_with(to_id, text), [&](DictMatcher& m) { m.integer(legal[i]); });
          }
        }
        py::object dict;
        if (what & kAnswerDict) {
          dict = r.call(CARDSIM_KEY("to_dict"));
          r.match(dict, [&](DictMatcher& m) { write_dict_with_seed(hooks, s, m); });
        }
        if (what & kAnswerObservations) {
          const py::object observe = r.method(CARDSIM_KEY("observation"));
          for (int p = 0; p < players && r.ok(); ++p)
            r.match(r.call_with(observe, py::int_(p)),
                    [&](DictMatcher& m) { write_observation_dict(hooks, s, p, m); });
        }
        // The arrays, byte for byte, with the core's made in buffers kept per thread.
        if ((what & kAnswerMask) && r.ok()) {
          thread_local std::vector<char> mask;
          mask.assign(static_cast<std::size_t>(s.game->num_actions()), 0);
          for (Action a : legal) mask[static_cast<std::size_t>(a)] = 1;
          py::object theirs_mask = r.call(CARDSIM_KEY("legal_action_mask"));
          r.require(theirs_mask && same_buffer(theirs_mask, mask.data(), mask.size(), "?", 1));
        }
        if constexpr (HasObservationTensor<G>) {
          if (what & kAnswerTensors) {
            thread_local std::vector<float> buf;
            buf.resize(static_cast<std::size_t>(s.game->observation_tensor_size()));
            const py::object tensor_of = r.method(CARDSIM_KEY("observation_tensor"));
            for (int p = 0; p < players && r.ok(); ++p) {
              s.state.observation_tensor(p, buf.data());
              py::object t = r.call_with(tensor_of, py::int_(p));
              r.require(t && same_buffer(t, buf.data(), buf.size(), "f", sizeof(float)));
            }
          }
        }
        if (!r.ok()) return py::make_tuple(py::none(), py::none(), py::none());
        return py::make_tuple(owned_list(actions_to_py(legal)), dict ? dict : py::none(), py::none());
      },
      py::arg("what"), py::arg("candidate"), py::arg("action") = py::none(),
      "Internal, for cardsim.testing: (legal, dict, None) if `candidate` (a state of another "
      "implementation) answers exactly as this state does, else (None, None, None). legal: "
      "legal_actions(); dict: the candidate's to_dict() if read. With `action` (an int id, legal "
      "here), candidate.apply_action(action) and then this state's are played first; (None, None, "
      "exception) if the candidate's raised an Exception (this state then unmoved). Read, as the "
      "bits of `what` ask: "
      "current_player(), legal_actions() (sorted), is_terminal(), scores(), is_truncated() (1), "
      "is_draw() (2), winners() (4), action_to_string of each legal action (8) and string_to_action "
      "of each text (256), to_dict() (16), each seat's observation (32), legal_action_mask() (64) "
      "and each seat's observation_tensor (128). Exactly: the core's types (list, dict, int but not "
      "bool, str, None; bool() of the flags), and arrays as C-contiguous 1-D buffers of the same "
      "dtype and bytes. A call that raises an Exception is no match.");

  state_cls.def(
      "_matches_dict",
      [hooks](const S& s, py::handle theirs) {
        DictMatcher m{theirs};
        write_dict_with_seed(hooks, s, m);
        return m.matches();
      },
      py::arg("theirs"),
      "Internal, for cardsim.testing: whether `theirs` is exactly to_dict(), of exactly its types "
      "(dict, list, int but not bool, bool, str, None), compared without making to_dict().");

  // A probe of an illegal action, as the checker makes one at a tenth of its steps: the
  // core's refusal on a copy of the rules' state (no clone of the whole, no Python
  // exception), then the candidate's, then its dict against the core's.
  auto core_refusal = [](const S& s, py::handle action) -> const char* {
    State copy = s.state;
    try {
      cardsim::apply_checked(copy, action_from_py(action, s.game->num_actions()), s.game->num_actions());
    } catch (const IllegalAction&) {
      return copy == s.state ? nullptr : "changed its state refusing";
    }
    return "accepted";
  };
  state_cls.def(
      "_refuses",
      [core_refusal](const S& s, py::handle action) -> py::object {
        const char* wrong = core_refusal(s, action);
        return wrong ? py::object(py::str(wrong)) : py::object(py::none());
      },
      py::arg("action"),
      "Internal, for cardsim.testing: None if the state refuses the int action id `action` (as "
      "apply_action would, with IllegalActionError) and is left as it was; else what it did instead "
      "(\"accepted\", or \"changed its state refusing\"). The state itself never changes. TypeError "
      "if `action` is not an int.");
  state_cls.def(
      "_probe",
      [hooks, core_refusal](const S& s, py::handle cand, py::handle action, py::handle illegal_error,
                            bool read_dict) -> py::object {
        if (const char* wrong = core_refusal(s, action)) return py::make_tuple("core", wrong);
        PyObject* done =
            PyObject_CallMethodOneArg(cand.ptr(), CARDSIM_KEY("apply_action").ptr(), action.ptr());
        if (done) {
          Py_DECREF(done);
          return py::make_tuple("apply", py::none());
        }
        py::error_already_set raised;
        if (!raised.matches(illegal_error)) {
          if (!raised.matches(PyExc_Exception)) throw raised;
          return py::make_tuple("apply", raised.value());
        }
        if (!read_dict) return py::none();
        PyObject* now = PyObject_CallMethodNoArgs(cand.ptr(), CARDSIM_KEY("to_dict").ptr());
        if (!now) {
          py::error_already_set failed;
          if (!failed.matches(PyExc_Exception)) throw failed;
          return py::make_tuple("dict", py::none());
        }
        DictMatcher m{now};
        write_dict_with_seed(hooks, s, m);
        auto theirs = py::reinterpret_steal<py::object>(now);
        return m.matches() ? py::object(py::none()) : py::object(py::make_tuple("dict", theirs));
      },
      py::arg("candidate"), py::arg("action"), py::arg("illegal_error"), py::arg("read_dict"),
      "Internal, for cardsim.testing: None if this state refuses the int action id `action` and "
      "is left as it was, and `candidate` (a state of another implementation) raises "
      "`illegal_error` on apply_action(action) and, with `read_dict`, its to_dict() then is "
      "exactly this state's. Else where it went otherwise: (\"core\", what this state did), "
      "(\"apply\", None if the candidate accepted, else the exception it raised instead), or "
      "(\"dict\", the candidate's dict, None if to_dict raised). Anything not an Exception goes "
      "on up. This state never changes.");
}

}  // namespace cardsim::py_bind
