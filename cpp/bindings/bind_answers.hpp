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

template <class G, class StateCls>
void bind_answers(StateCls& state_cls, const Hooks<G>& hooks) {
  using S = PyState<G>;
  using State = typename G::State;
  state_cls.def(
      "_answers",
      [hooks](const S& s, int what, py::handle answers, py::handle arrays) {
        const int players = s.game->num_players();
        typename State::ActionList legal;
        s.state.legal_actions(legal);
        // The candidate's answers, walked in the core against its own as they are read
        // (dict_writer.hpp): nothing of the core's is made but its list of legal ids.
        DictMatcher m{answers};
        m.begin_list();
        m.integer(s.state.current_player());
        auto ints = [&m](const auto& values) {
          m.begin_list();
          for (auto v : values) m.integer(v);
          m.end();
        };
        ints(legal);
        m.boolean(s.state.is_terminal());
        const Scores scores = s.state.scores();
        m.begin_list();
        for (int p = 0; p < players; ++p) m.integer(scores[p]);
        m.end();
        if (what & kAnswerTruncated) m.boolean(s.state.is_truncated());
        if (what & (kAnswerDraw | kAnswerWinners)) {
          const Outcome outcome = s.state.outcome();
          if (what & kAnswerDraw) m.boolean(outcome.draw);
          if (what & kAnswerWinners) {
            m.begin_list();
            for (int p = 0; p < players; ++p)
              if (outcome.winners >> p & 1) m.integer(p);
            m.end();
          }
        }
        if (what & kAnswerTexts) {
          m.begin_list();
          for (Action a : legal) m.utf8(s.state.action_to_string(a));
          m.end();
        }
        if (what & kAnswerIds) ints(legal);
        if (what & kAnswerDict) write_dict_with_seed(hooks, s, m);
        if (what & kAnswerObservations)
          for (int p = 0; p < players; ++p) write_observation_dict(hooks, s, p, m);
        m.end();
        bool same = m.matches();
        // The candidate's arrays: the mask, then each seat's tensor (as `what` asks),
        // compared with the core's in buffers kept per thread.
        const auto given = py::reinterpret_borrow<py::sequence>(arrays);
        const std::size_t count = py::len(given);
        const std::size_t tensors =
            (HasObservationTensor<G> && (what & kAnswerTensors)) ? static_cast<std::size_t>(players) : 0;
        const std::size_t needed = ((what & kAnswerMask) ? 1 : 0) + tensors;
        if (count < needed)
          throw InvalidArgument("arrays holds " + std::to_string(count) + " items, fewer than the " +
                                std::to_string(needed) +
                                " what asks: the mask (bit 64), then each seat's tensor (bit 128)");
        if (same && (what & kAnswerMask)) {
          thread_local std::vector<char> mask;
          mask.assign(static_cast<std::size_t>(s.game->num_actions()), 0);
          for (Action a : legal) mask[static_cast<std::size_t>(a)] = 1;
          same = same_buffer(py::object(given[0]), mask.data(), mask.size(), "?", 1);
        }
        if constexpr (HasObservationTensor<G>) {
          if (tensors) {
            const std::size_t first = (what & kAnswerMask) ? 1 : 0;
            thread_local std::vector<float> buf;
            buf.resize(static_cast<std::size_t>(s.game->observation_tensor_size()));
            for (int p = 0; p < players && same; ++p) {
              s.state.observation_tensor(p, buf.data());
              same = same_buffer(py::object(given[first + static_cast<std::size_t>(p)]), buf.data(),
                                 buf.size(), "f", sizeof(float));
            }
          }
        }
        return py::make_tuple(owned_list(actions_to_py(legal)), py::bool_(same));
      },
      py::arg("what"), py::arg("answers"), py::arg("arrays"),
      "Internal, for cardsim.testing: (legal, same) at once. legal: legal_actions(). same: whether "
      "`answers`, a list of a candidate's answers, is exactly [current_player(), legal_actions() "
      "sorted, is_terminal(), scores(), then as the bits of `what` ask: is_truncated() (1), is_draw() "
      "(2), winners() (4), action_to_string of each legal action (8), string_to_action of each of "
      "those texts (256), to_dict() (16), each seat's observation (32)], of exactly the core's types "
      "(list, dict, int but not bool, bool, str, None); and whether `arrays` (a sequence) holds, as "
      "C-contiguous 1-D buffers of the same dtype and bytes, legal_action_mask() (bit 64), then each "
      "seat's observation_tensor (bit 128).");

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

  // A probe of an illegal action, as the checker makes one at a tenth of its steps: a
  // copy of the state without its deal and history (the rules' state only, kept by
  // value), so that refusing costs no Python exception and no clone of the whole.
  state_cls.def(
      "_refuses",
      [](const S& s, py::handle action) -> py::object {
        State copy = s.state;
        try {
          cardsim::apply_checked(copy, action_from_py(action, s.game->num_actions()), s.game->num_actions());
        } catch (const IllegalAction&) {
          if (copy == s.state) return py::none();
          return py::str("changed its state refusing");
        }
        return py::str("accepted");
      },
      py::arg("action"),
      "Internal, for cardsim.testing: None if the state refuses the int action id `action` (as "
      "apply_action would, with IllegalActionError) and is left as it was; else what it did instead "
      "(\"accepted\", or \"changed its state refusing\"). The state itself never changes. TypeError "
      "if `action` is not an int.");
}

}  // namespace cardsim::py_bind
