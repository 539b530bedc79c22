# The compiled build's declaration of riichi.logs.mjai: the loop over a record's scanned lines in C
# (the rows a typed view, the builder's steps called without a lookup).

cimport cython

from riichi.logs.record cimport RoundBuilder

cdef Py_ssize_t KIND, LINE, START, END, ACTOR, TARGET, PAI, FLAG, COUNT, CONSUMED, BLANK, JSON
cdef Py_ssize_t ABSENT_FLAG, NULL_FLAG
cdef Py_ssize_t _BEFORE_GAME, _BETWEEN_ROUNDS, _IN_ROUND, _AFTER_GAME

@cython.locals(builder=RoundBuilder, rounds=Py_ssize_t, place=Py_ssize_t, k=Py_ssize_t, code=Py_ssize_t,
               number=Py_ssize_t, kind=str, unended=Py_ssize_t, names_of=tuple, red_fives=bint,
               unscored=bint, unseated=bint, stated=bint)
cpdef object _read(str text, int[:, ::1] rows, str source, list events, list starts)

@cython.locals(count=Py_ssize_t, i=Py_ssize_t)
cdef object _consumed(int[:, ::1] rows, Py_ssize_t k, tuple names_of)

cdef object _flag(str kind, Py_ssize_t flag)

cpdef object _step(str kind, RoundBuilder b, object actor, object target, object pai, object consumed,
                   object flag)

cpdef tuple parse_mjai_tile(object text)
cpdef object _int(object value)
cpdef list _list(object value)
