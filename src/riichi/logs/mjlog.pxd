# The compiled build's declaration of riichi.logs.mjlog: the builders of a game and of its rounds
# as extension types, which take the draws and discards (most of a log's tags) without a lookup.

cimport cython

cdef Py_ssize_t KIND, LINE, COLUMN, SEAT, DRAW, TILE, TAG_INDEX, MOVE

cdef class _Tag:
    cdef readonly str name, source
    cdef readonly object attrs
    cdef readonly Py_ssize_t line, column

    cpdef object fail(self, str problem)
    cpdef str raw(self, str key)
    cpdef tuple numbers(self, str key, object count=*, object valid=*)
    cpdef object number(self, str key, object valid=*)
    cpdef tuple tiles(self, str key, object count=*)
    cpdef object seat(self, str key=*)

cdef class _RoundBuilder:
    cdef public object number, honba, sticks, dice, dora_indicator, scores, dealer, hands
    cdef public list events
    cdef list drawn
    cdef public bint finished

    cpdef add(self, object event)
    cpdef move(self, Py_ssize_t seat, bint draw, Py_ssize_t tile)

cdef class _GameBuilder:
    cdef public str version
    cdef public object seed, game_type, lobby, players, first_dealer, owari
    cdef public list rounds, pending
    cdef public _RoundBuilder current
    cdef dict handlers

    cpdef feed(self, tuple token, str source)
    @cython.locals(k=Py_ssize_t)
    cpdef feed_rows(self, int[:, ::1] rows, list tags, str source)
    cpdef feed_tag(self, _Tag tag)
    @cython.locals(current=_RoundBuilder)
    cpdef move(self, Py_ssize_t seat, bint draw, Py_ssize_t tile, Py_ssize_t line, Py_ssize_t column, str source)
