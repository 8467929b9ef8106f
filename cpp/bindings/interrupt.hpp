// Ctrl-C in a batch run: an Interrupt (core/interrupt.hpp) whose poll takes
// the GIL for a moment and runs Python's signal handlers. A handler that
// raises (KeyboardInterrupt for SIGINT) throws it as py::error_already_set,
// which the batch rethrows once its workers have stopped and pybind11 then
// raises in Python. Make it with the GIL held, on the thread that releases
// the GIL and runs the batch: only that thread polls, and Python runs signal
// handlers on the main thread only (elsewhere the poll finds nothing).
#pragma once

#include <pybind11/pybind11.h>

#include "core/interrupt.hpp"

namespace cardsim::py_bind {

namespace py = pybind11;

inline Interrupt python_interrupt() {
  return Interrupt([] {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  });
}

}  // namespace cardsim::py_bind
