# The compiled build's declaration of riichi.logs.tenhou6: the player of a round's turns as an
# extension type whose state is typed fields and whose steps are C-level methods.

cimport cython

from riichi.logs.record cimport RoundBuilder

cdef class _Play:
    cdef RoundBuilder b
    cdef str where
    cdef readonly list dora, ura
    cdef list takes, discards, result, ti, di, ends, out, choices, calls
    cdef tuple after, draw_turns
    cdef bint won
    cdef Py_ssize_t next_dora, pending_dora

    cpdef object fail(self, str problem)
    cpdef tuple snapshot(self)
    cpdef restore(self, tuple snap)
    @cython.locals(turn=tuple, budget=Py_ssize_t)
    cpdef list play(self, Py_ssize_t oya)
    @cython.locals(takes=list, i=Py_ssize_t)
    cpdef object peek_take(self, Py_ssize_t seat)
    cpdef turn_dora(self)
    cpdef flush_dora(self)
    cpdef bint over(self)
    @cython.locals(take=object, move=object, riichi=bint, tsumogiri=bint, over=bint, turns=list, discards=list,
                   i=Py_ssize_t)
    cpdef object turn(self, Py_ssize_t seat, bint draw, object call)
    @cython.locals(turns=list, calls=list, chi=bint, seat=Py_ssize_t, call=tuple, takes=list, i=Py_ssize_t)
    cpdef list next_turns(self, Py_ssize_t discarder, object name)
    @cython.locals(call=tuple)
    cpdef tuple parse_call(self, Py_ssize_t seat, str text)
    cpdef object finish(self)
