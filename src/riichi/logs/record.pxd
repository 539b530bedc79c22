# The compiled build's declaration of riichi.logs.record: the builder of a type-only record's
# rounds as an extension type whose state (the copies of each tile type not yet in sight, the
# last discard, the tile drawn) is C fields, and whose steps the readers call without a lookup.

cimport cython

cimport riichi.logs.events as ev

cdef class RoundBuilder:
    cdef public str where
    cdef public Py_ssize_t line
    cdef public list scores
    cdef readonly unsigned long long red_types
    cdef bytearray free
    cdef public list hands
    cdef list pons
    cdef public Py_ssize_t drawn, drawer
    cdef Py_ssize_t discarder, discarded, adder, added, after_kan
    cdef public list indicators
    cdef list ura
    cdef public unsigned int riichi
    cdef readonly Py_ssize_t seats

    cpdef _reset(self)
    cpdef object fail(self, str problem)
    @cython.locals(tile_type=Py_ssize_t, red=bint)
    cpdef Py_ssize_t code(self, object name) except -1
    @cython.locals(tile_type=Py_ssize_t)
    cpdef Py_ssize_t code_of(self, Py_ssize_t tile)
    @cython.locals(tile_type=Py_ssize_t, free=Py_ssize_t, plain=Py_ssize_t, copy=Py_ssize_t)
    cdef Py_ssize_t _new(self, Py_ssize_t code) except -1
    @cython.locals(hand=list, first=Py_ssize_t, i=Py_ssize_t, tile=Py_ssize_t)
    cdef Py_ssize_t _take(self, Py_ssize_t seat, Py_ssize_t code, Py_ssize_t avoid) except -1
    cdef Py_ssize_t _seat(self, object seat) except -1
    @cython.locals(tile=Py_ssize_t)
    cpdef object draw(self, Py_ssize_t seat, Py_ssize_t code, object rinshan)
    @cython.locals(tile=Py_ssize_t)
    cpdef object discard_tile(self, Py_ssize_t seat, Py_ssize_t code, object tsumogiri)
    cpdef object tsumo(self, object actor, object name, object rinshan=*)
    cpdef object dahai(self, object actor, object name, object tsumogiri)
    @cython.locals(seat=Py_ssize_t, needed=Py_ssize_t, tile=Py_ssize_t, used=tuple, types=list)
    cpdef object call(self, str kind, object actor, object target, object pai, object consumed)
    @cython.locals(seat=Py_ssize_t, code=Py_ssize_t, tile=Py_ssize_t)
    cpdef object kakan(self, object actor, object name)
    @cython.locals(seat=Py_ssize_t, used=tuple)
    cpdef object ankan(self, object actor, object consumed)
    @cython.locals(seat=Py_ssize_t, tile=Py_ssize_t)
    cpdef object kita(self, object actor)
    @cython.locals(marker=Py_ssize_t)
    cpdef object dora(self, object name)
    @cython.locals(tile=Py_ssize_t)
    cdef Py_ssize_t _claimed(self, Py_ssize_t seat, object target, object name) except -1
    @cython.locals(seat=Py_ssize_t)
    cpdef object reach(self, object actor)
    @cython.locals(seat=Py_ssize_t)
    cpdef object reach_accepted(self, object actor)
