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
      [hooks](const S& s, int what, py::handle theirs) {
        const int players = s.game->num_players();
        typename State::ActionList legal;
        s.state.legal_actions(legal);
        py::list ids = owned_list(actions_to_py(legal));
        py::list plain;
        plain.append(py::int_(s.state.current_player()));
        plain.append(ids);
        plain.append(py::bool_(s.state.is_terminal()));
        plain.append(scores_to_py(s.state.scores(), players));
        if (what & kAnswerTruncated) plain.append(py::bool_(s.state.is_truncated()));
        if (what & (kAnswerDraw | kAnswerWinners)) {
          const Outcome outcome = s.state.outcome();
          if (what & kAnswerDraw) plain.append(py::bool_(outcome.draw));
          if (what & kAnswerWinners) plain.append(winners_to_py(outcome, players));
        }
        if (what & kAnswerTexts) {
          py::list texts(legal.size());
          for (std::size_t i = 0; i < legal.size(); ++i)
            texts[i] = py::str(s.state.action_to_string(legal[i]));
          plain.append(texts);
        }
        // The candidate's answers, in order: the mask, each seat's tensor, its dict,
        // each seat's observation (as `what` asks). The core's arrays go into buffers
        // kept per thread, and its dicts are walked against the candidate's without
        // being made (dict_writer.hpp): nothing is allocated per step.
        const auto given = py::reinterpret_borrow<py::sequence>(theirs);
        const std::size_t count = py::len(given);
        const std::size_t tensors =
            (HasObservationTensor<G> && (what & kAnswerTensors)) ? static_cast<std::size_t>(players) : 0;
        const std::size_t needed = ((what & kAnswerMask) ? 1 : 0) + tensors + ((what & kAnswerDict) ? 1 : 0) +
                                   ((what & kAnswerObservations) ? static_cast<std::size_t>(players) : 0);
        if (count < needed)
          throw InvalidArgument("theirs holds " + std::to_string(count) + " items, fewer than the " +
                                std::to_string(needed) +
                                " what asks: the mask (bit 64), each seat's tensor (bit 128), the dict (bit "
                                "16), each seat's observation (bit 32)");
        std::size_t next = 0;
        bool same = true;
        if (what & kAnswerMask) {
          thread_local std::vector<char> mask;
          mask.assign(static_cast<std::size_t>(s.game->num_actions()), 0);
          for (Action a : legal) mask[static_cast<std::size_t>(a)] = 1;
          same = same_buffer(py::object(given[next++]), mask.data(), mask.size(), "?", 1);
        }
        if constexpr (HasObservationTensor<G>) {
          if (tensors) {
            thread_local std::vector<float> buf;
            buf.resize(static_cast<std::size_t>(s.game->observation_tensor_size()));
            for (int p = 0; p < players && same; ++p) {
              s.state.observation_tensor(p, buf.data());
              same = same_buffer(py::object(given[next + static_cast<std::size_t>(p)]), buf.data(),
                                 buf.size(), "f", sizeof(float));
            }
            next += tensors;
          }
        }
        if (same && (what & kAnswerDict)) {
          DictMatcher m{py::object(given[next++])};
          write_dict_with_seed(hooks, s, m);
          same = m.matches();
        }
        if (what & kAnswerObservations)
          for (int p = 0; p < players && same; ++p) {
            DictMatcher m{py::object(given[next + static_cast<std::size_t>(p)])};
            write_observation_dict(hooks, s, p, m);
            same = m.matches();
          }
        return py::make_tuple(plain, py::bool_(same));
      },
      py::arg("what"), py::arg("theirs"),
      "Internal, for cardsim.testing: (answers, same) at once. answers: current_player(), "
      "legal_actions(), is_terminal(), scores(), then as the bits of `what` ask (1 is_truncated, 2 "
      "is_draw, 4 winners, 8 action_to_string of each legal action). same: whether `theirs` (a "
      "sequence of a candidate's answers) holds, in order and as `what` asks, legal_action_mask() "
      "(bit 64) and each seat's observation_tensor (bit 128) as C-contiguous 1-D buffers of the "
      "same dtype and bytes, then to_dict() (bit 16) and each seat's observation (bit 32) equal to "
      "the core's, of exactly its types (dict, list, int, bool, str, None).");
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
