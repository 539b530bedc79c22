# The compiled build's declaration of riichi.logs.mjlog_events: a round's events made in C from its
# draws and discards (read without a lookup) and the vocabulary's shared events.

cimport cython

cimport riichi.logs.events as ev
from riichi.logs.mjlog_model cimport MjlogDiscard, MjlogDraw

@cython.locals(out=list, draw=MjlogDraw, discard=MjlogDiscard, after_kan=object, ended=bint,
               held=bytearray, seat=Py_ssize_t)
cpdef list _round_events(object rnd, Py_ssize_t seats)
@cython.locals(at=Py_ssize_t)
cdef _play_one(bytearray held, Py_ssize_t seat, Py_ssize_t tile, str where, Py_ssize_t event)
