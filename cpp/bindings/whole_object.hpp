// No bound object exists without its C++ part. pybind11's own __new__ only
// allocates an instance; a method called on it before __init__ (plain
// cls.__new__(cls), or a pickle cut before its state) would read memory that
// holds no object. Every bound class gets one of the two __new__ below instead,
// and pickles through a module-level constructor (__reduce__), never __new__.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace cardsim::py_bind {

namespace py = pybind11;

namespace whole_object_detail {

// For a class with a Python constructor: __new__ runs __init__ at once, so the
// object is whole or is not made. (type's __call__ then calls __init__ again,
// which pybind11 ignores for an object already built.)
extern "C" inline PyObject* built_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PyObject* self = py::detail::pybind11_object_new(type, args, kwargs);
  if (self == nullptr) return nullptr;
  if (type->tp_init(self, args, kwargs) < 0) {
    Py_DECREF(self);
    return nullptr;
  }
  return self;
}

// For a class that only C++ makes (states, games, envs): __new__ refuses.
extern "C" inline PyObject* refused_new(PyTypeObject* type, PyObject*, PyObject*) {
  const std::string msg = std::string(type->tp_name) +
                          " cannot be created directly: get one from cardsim.make(...) (a game, "
                          "then game.new_game() for a state)";
  PyErr_SetString(PyExc_TypeError, msg.c_str());
  return nullptr;
}

// cls.__new__(sub, ...), as Python's own wrapper calls it, put in each class's
// dict so that cls.__new__ finds it and not the pybind11 base's. It calls the
// function it was made for directly, never `sub`'s tp_new slot: assigning a
// class's __bases__ (the package adds a Python mixin to State's) makes CPython
// rebuild that slot as a lookup of this very entry, which would then recurse.
inline PyTypeObject* checked_subtype(PyObject* self, PyObject* args) {
  PyObject* sub = PyTuple_GET_SIZE(args) > 0 ? PyTuple_GET_ITEM(args, 0) : nullptr;
  auto* base = reinterpret_cast<PyTypeObject*>(self);
  if (sub == nullptr || !PyType_Check(sub) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(sub), base)) {
    PyErr_Format(PyExc_TypeError, "%s.__new__(X): X must be a subtype of %s", base->tp_name, base->tp_name);
    return nullptr;
  }
  return reinterpret_cast<PyTypeObject*>(sub);
}

template <newfunc F>
PyObject* new_entry(PyObject* self, PyObject* args, PyObject* kwargs) {
  PyTypeObject* type = checked_subtype(self, args);
  if (type == nullptr) return nullptr;
  PyObject* rest = PyTuple_GetSlice(args, 1, PyTuple_GET_SIZE(args));
  if (rest == nullptr) return nullptr;
  PyObject* out = F(type, rest, kwargs);
  Py_DECREF(rest);
  return out;
}

template <newfunc F>
inline PyMethodDef new_entry_def = {"__new__",
                                    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(new_entry<F>)),
                                    METH_VARARGS | METH_KEYWORDS, "Creates the object whole, or refuses."};

template <newfunc F>
inline void set_new(py::handle cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  type->tp_new = F;
  PyObject* entry = PyCFunction_NewEx(&new_entry_def<F>, cls.ptr(), nullptr);
  if (entry == nullptr) throw py::error_already_set();
  // Straight into the dict: setattr would turn the slot back into a lookup.
  const int failed = PyDict_SetItemString(type->tp_dict, "__new__", entry);
  Py_DECREF(entry);
  if (failed) throw py::error_already_set();
  PyType_Modified(type);
}

}  // namespace whole_object_detail

// A class with py::init: constructed whole or not at all.
inline void construct_whole(py::handle cls) {
  whole_object_detail::set_new<whole_object_detail::built_new>(cls);
}

// A class that Python may not construct at all.
inline void refuse_new(py::handle cls) {
  whole_object_detail::set_new<whole_object_detail::refused_new>(cls);
}

// Adds a Python class (one with no slots) to the bases of `cls`, a class whose
// __new__ refuses, once. Assigning __bases__ makes CPython turn the __new__ slot
// of `cls` and of each subclass into a lookup, after which pybind11's base
// __new__ would build a hollow object: every class that refused before refuses
// again.
inline void join_python_base(py::type cls, py::type mixin) {
  if (PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls.ptr()),
                       reinterpret_cast<PyTypeObject*>(mixin.ptr())))
    return;
  cls.attr("__bases__") = py::make_tuple(mixin) + py::tuple(cls.attr("__bases__"));
  std::vector<py::handle> todo{cls};
  while (!todo.empty()) {
    py::handle t = todo.back();
    todo.pop_back();
    auto* type = reinterpret_cast<PyTypeObject*>(t.ptr());
    PyObject* entry = PyDict_GetItemString(type->tp_dict, "__new__");
    if (entry != nullptr && PyCFunction_Check(entry) &&
        reinterpret_cast<PyCFunctionObject*>(entry)->m_ml ==
            &whole_object_detail::new_entry_def<whole_object_detail::refused_new>)
      refuse_new(t);
    for (py::handle sub : t.attr("__subclasses__")()) todo.push_back(sub);
  }
}

}  // namespace cardsim::py_bind
