"""The lines of an mjai record, scanned in C.

:func:`scan` splits a record's text into lines as :meth:`str.splitlines` does and reads the
lines a round is made of (``tsumo``, ``dahai``, the calls, ``dora``, ``reach``,
``reach_accepted``, ``end_kyoku``) straight into one row of numbers each, without building a JSON
object. It reads a line only when it is sure that :func:`json.loads` would give an object with
those very fields: each field the event needs, of its type (a tile name, a whole number of at
most nine digits, ``true``/``false``), any other field valid JSON, no escape in a string. Every
other line (another event, something unusual, anything wrong) it leaves to the reader's JSON path,
which reads it, or says what is wrong with it, as before.

>>> rows = scan('{"type":"dahai","actor":1,"pai":"5pr","tsumogiri":true}\\n\\n{"type":"hora"}').tolist()
>>> KINDS[rows[0][KIND]], rows[0][ACTOR], rows[0][PAI] == 2 * 13 + 1, rows[0][FLAG]
('dahai', 1, True, 1)
>>> KINDS[rows[1][KIND]], KINDS[rows[2][KIND]], rows[2][LINE], rows[2][START], rows[2][END]
('', None, 3, 57, 72)
"""

import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t

cdef extern from "Python.h":
    # a str's characters as stored: 1, 2 or 4 bytes each
    int PyUnicode_KIND(object text)
    void *PyUnicode_DATA(object text)
    Py_ssize_t PyUnicode_GET_LENGTH(object text)

ctypedef fused Char:
    uint8_t
    uint16_t
    uint32_t

# A row's columns.
cdef enum:
    C_KIND, C_LINE, C_START, C_END, C_ACTOR, C_TARGET, C_PAI, C_FLAG, C_COUNT, C_CONSUMED
    COLUMNS = C_CONSUMED + 4

KIND, LINE, START, END, ACTOR, TARGET, PAI, FLAG, COUNT, CONSUMED = range(10)

# A row's kind: an index into KINDS.
cdef enum:
    K_BLANK, K_JSON, K_TSUMO, K_DAHAI, K_CHI, K_PON, K_DAIMINKAN, K_KAKAN, K_ANKAN, K_DORA,
    K_REACH, K_REACH_ACCEPTED, K_END_KYOKU

KINDS = ("", None, "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "dora", "reach",
         "reach_accepted", "end_kyoku")
"""The mjai ``type`` of each row's kind: ``""`` a blank line, None a line for the JSON path."""

BLANK, JSON = K_BLANK, K_JSON

# A flag field (tsumogiri, rinshan): absent, false, true, null; NOT_FLAG: no such value.
cdef enum:
    F_ABSENT = -1
    F_FALSE = 0
    F_TRUE = 1
    F_NULL = 2
    NOT_FLAG = 3

ABSENT_FLAG, NULL_FLAG = F_ABSENT, F_NULL

# The fields a line has, a bit each.
cdef enum:
    H_OTHER = 0
    H_TYPE = 1
    H_ACTOR = 2
    H_TARGET = 4
    H_PAI = 8
    H_CONSUMED = 16
    H_DORA = 32
    H_TSUMOGIRI = 64
    H_RINSHAN = 128

cdef enum:
    MAX_DEPTH = 64  # how deeply the value of another field may nest; deeper goes to JSON

cdef const char *HONORS = b"ESWNPFC"  # mjai's names of the honours, by type - 27


cdef struct At:
    Py_ssize_t i    # where the scanner is
    Py_ssize_t end  # where the line ends


cdef inline uint32_t peek(const Char *s, At *at) noexcept nogil:
    return s[at.i] if at.i < at.end else 0


cdef inline void blanks(const Char *s, At *at) noexcept nogil:
    while at.i < at.end and (s[at.i] == 32 or s[at.i] == 9):
        at.i += 1


cdef inline bint is_break(uint32_t c) noexcept nogil:
    """A character that ends a line for str.splitlines."""
    return 10 <= c <= 13 or 28 <= c <= 30 or c == 0x85 or c == 0x2028 or c == 0x2029


cdef inline bint same(const Char *s, Py_ssize_t start, Py_ssize_t length, const char *text) noexcept nogil:
    """Whether the ``length`` characters at ``start`` are the ASCII ``text``."""
    cdef Py_ssize_t k
    for k in range(length):
        if s[start + k] != <uint8_t>text[k]:
            return False
    return True


cdef bint word(const Char *s, At *at, const char *text, Py_ssize_t length) noexcept nogil:
    """Read the ASCII ``text`` if it is next."""
    if at.i + length > at.end or not same(s, at.i, length, text):
        return False
    at.i += length
    return True


cdef bint string(const Char *s, At *at, Py_ssize_t *start, Py_ssize_t *length) noexcept nogil:
    """A JSON string without escapes: where its characters start and how many."""
    cdef uint32_t c
    if peek(s, at) != 34:
        return False
    at.i += 1
    start[0] = at.i
    while at.i < at.end:
        c = s[at.i]
        if c == 34:
            length[0] = at.i - start[0]
            at.i += 1
            return True
        if c == 92 or c < 32 or c == 0x85 or c == 0x2028 or c == 0x2029:
            return False  # an escape (left to JSON), a control character (not JSON), a line's end
        at.i += 1
    return False


cdef int field(const Char *s, Py_ssize_t start, Py_ssize_t length) noexcept nogil:
    """Which of the fields the scanner reads a key names (H_OTHER for any other)."""
    if length == 4 and same(s, start, 4, b"type"):
        return H_TYPE
    if length == 5 and same(s, start, 5, b"actor"):
        return H_ACTOR
    if length == 6 and same(s, start, 6, b"target"):
        return H_TARGET
    if length == 3 and same(s, start, 3, b"pai"):
        return H_PAI
    if length == 8 and same(s, start, 8, b"consumed"):
        return H_CONSUMED
    if length == 11 and same(s, start, 11, b"dora_marker"):
        return H_DORA
    if length == 9 and same(s, start, 9, b"tsumogiri"):
        return H_TSUMOGIRI
    if length == 7 and same(s, start, 7, b"rinshan"):
        return H_RINSHAN
    return H_OTHER


cdef int event_kind(const Char *s, Py_ssize_t start, Py_ssize_t length) noexcept nogil:
    """The kind of the event named at ``start``: K_JSON for any other than a round's steps."""
    if length == 5:
        if same(s, start, 5, b"tsumo"):
            return K_TSUMO
        if same(s, start, 5, b"dahai"):
            return K_DAHAI
        if same(s, start, 5, b"kakan"):
            return K_KAKAN
        if same(s, start, 5, b"ankan"):
            return K_ANKAN
        if same(s, start, 5, b"reach"):
            return K_REACH
    elif length == 3:
        if same(s, start, 3, b"chi"):
            return K_CHI
        if same(s, start, 3, b"pon"):
            return K_PON
    elif length == 9:
        if same(s, start, 9, b"daiminkan"):
            return K_DAIMINKAN
        if same(s, start, 9, b"end_kyoku"):
            return K_END_KYOKU
    elif length == 4 and same(s, start, 4, b"dora"):
        return K_DORA
    elif length == 14 and same(s, start, 14, b"reach_accepted"):
        return K_REACH_ACCEPTED
    return K_JSON


cdef int tile(const Char *s, At *at) noexcept nogil:
    """A JSON string naming an mjai tile: its ``2 * type + red``, or -1."""
    cdef Py_ssize_t start, length
    cdef uint32_t a, b
    cdef int suit
    if not string(s, at, &start, &length) or length < 1 or length > 3:
        return -1
    a = s[start]
    if length == 1:
        for suit in range(7):
            if a == <uint8_t>HONORS[suit]:
                return 2 * (27 + suit)
        return -1
    b = s[start + 1]
    if b == 109:  # m
        suit = 0
    elif b == 112:  # p
        suit = 1
    elif b == 115:  # s
        suit = 2
    else:
        return -1
    if a < 49 or a > 57:
        return -1
    if length == 3:
        if a != 53 or s[start + 2] != 114:  # only "5?r"
            return -1
        return 2 * (9 * suit + 4) + 1
    return 2 * (9 * suit + <int>a - 49)


cdef bint number(const Char *s, At *at, int32_t *value) noexcept nogil:
    """A JSON whole number of at most nine digits."""
    cdef bint negative = peek(s, at) == 45
    cdef Py_ssize_t digits = 0
    cdef int32_t n = 0
    cdef uint32_t c
    if negative:
        at.i += 1
    while at.i < at.end and 48 <= s[at.i] <= 57:
        if digits == 1 and n == 0:  # a leading zero: not JSON
            return False
        n = n * 10 + <int32_t>s[at.i] - 48
        digits += 1
        if digits > 9:
            return False
        at.i += 1
    c = peek(s, at)
    if digits == 0 or c == 46 or c == 101 or c == 69:  # a fraction or an exponent: no whole number
        return False
    value[0] = -n if negative else n
    return True


cdef int flag(const Char *s, At *at) noexcept nogil:
    """``true``, ``false`` or ``null``: F_TRUE, F_FALSE, F_NULL; NOT_FLAG if none."""
    if word(s, at, b"true", 4):
        return F_TRUE
    if word(s, at, b"false", 5):
        return F_FALSE
    if word(s, at, b"null", 4):
        return F_NULL
    return NOT_FLAG


cdef inline void skip_digits(const Char *s, At *at) noexcept nogil:
    while at.i < at.end and 48 <= s[at.i] <= 57:
        at.i += 1


cdef bint skip_number(const Char *s, At *at) noexcept nogil:
    """Any JSON number."""
    cdef uint32_t c
    if peek(s, at) == 45:
        at.i += 1
    c = peek(s, at)
    if c == 48:
        at.i += 1
    elif 49 <= c <= 57:
        skip_digits(s, at)
    else:
        return False
    if peek(s, at) == 46:
        at.i += 1
        if not 48 <= peek(s, at) <= 57:
            return False
        skip_digits(s, at)
    c = peek(s, at)
    if c == 101 or c == 69:
        at.i += 1
        c = peek(s, at)
        if c == 43 or c == 45:
            at.i += 1
        if not 48 <= peek(s, at) <= 57:
            return False
        skip_digits(s, at)
    return True


cdef bint skip(const Char *s, At *at, int depth) noexcept nogil:
    """Any JSON value without escapes in its strings (nested at most MAX_DEPTH deep)."""
    cdef Py_ssize_t start, length
    cdef uint32_t c = peek(s, at)
    cdef uint32_t close
    cdef bint keys
    if c == 34:
        return string(s, at, &start, &length)
    if c == 91 or c == 123:
        if depth >= MAX_DEPTH:
            return False
        keys = c == 123
        close = 125 if keys else 93
        at.i += 1
        blanks(s, at)
        if peek(s, at) == close:
            at.i += 1
            return True
        while True:
            if keys:
                if not string(s, at, &start, &length):
                    return False
                blanks(s, at)
                if peek(s, at) != 58:
                    return False
                at.i += 1
                blanks(s, at)
            if not skip(s, at, depth + 1):
                return False
            blanks(s, at)
            c = peek(s, at)
            at.i += 1
            if c == close:
                return True
            if c != 44:
                return False
            blanks(s, at)
    if c == 116 or c == 102 or c == 110:
        return flag(s, at) != NOT_FLAG
    return skip_number(s, at)


cdef int consumed(const Char *s, At *at, int32_t *row) noexcept nogil:
    """A JSON list of at most four mjai tiles into ``row``; how many, or -1."""
    cdef int count = 0
    cdef int code
    cdef uint32_t c
    if peek(s, at) != 91:
        return -1
    at.i += 1
    blanks(s, at)
    if peek(s, at) == 93:
        at.i += 1
        return 0
    while True:
        code = tile(s, at)
        if code < 0 or count == 4:
            return -1
        row[C_CONSUMED + count] = code
        count += 1
        blanks(s, at)
        c = peek(s, at)
        at.i += 1
        if c == 93:
            return count
        if c != 44:
            return -1
        blanks(s, at)


cdef int read_event(const Char *s, At *at, int32_t *row) noexcept nogil:
    """Read the JSON object of a round's step at ``at`` into ``row``, stopping after the blanks
    that follow it: the event's kind, or K_JSON if the scanner does not read it."""
    cdef Py_ssize_t start, length
    cdef int kind = K_JSON
    cdef int has = 0
    cdef int which, code
    cdef uint32_t c
    blanks(s, at)
    if peek(s, at) != 123:
        return K_JSON
    at.i += 1
    blanks(s, at)
    while True:
        if not string(s, at, &start, &length):
            return K_JSON
        which = field(s, start, length)
        blanks(s, at)
        if peek(s, at) != 58:
            return K_JSON
        at.i += 1
        blanks(s, at)
        has |= which
        if which == H_TYPE:
            if not string(s, at, &start, &length):
                return K_JSON
            kind = event_kind(s, start, length)
            if kind == K_JSON:  # another event: start_kyoku, hora... or no mjai event at all
                return K_JSON
        elif which == H_ACTOR:
            if not number(s, at, &row[C_ACTOR]):
                return K_JSON
        elif which == H_TARGET:
            if not number(s, at, &row[C_TARGET]):
                return K_JSON
        elif which == H_PAI or which == H_DORA:
            code = tile(s, at)
            if code < 0:
                return K_JSON
            row[C_PAI] = code  # an event has one or the other
        elif which == H_CONSUMED:
            row[C_COUNT] = consumed(s, at, row)
            if row[C_COUNT] < 0:
                return K_JSON
        elif which == H_TSUMOGIRI or which == H_RINSHAN:
            row[C_FLAG] = flag(s, at)
            if row[C_FLAG] == NOT_FLAG:
                return K_JSON
        elif not skip(s, at, 0):
            return K_JSON
        blanks(s, at)
        c = peek(s, at)
        at.i += 1
        if c == 125:
            break
        if c != 44:
            return K_JSON
        blanks(s, at)
    blanks(s, at)
    if not has & H_TYPE:
        return K_JSON
    # The event's fields, and none of the others the scanner reads (a field given twice counts
    # once, with its last value, as in JSON).
    if kind == K_TSUMO:
        return kind if has & ~H_RINSHAN == H_TYPE | H_ACTOR | H_PAI else K_JSON
    if kind == K_DAHAI:
        if has & H_TSUMOGIRI and row[C_FLAG] == F_NULL:
            return K_JSON
        return kind if has & ~H_TSUMOGIRI == H_TYPE | H_ACTOR | H_PAI else K_JSON
    if kind == K_CHI or kind == K_PON or kind == K_DAIMINKAN:
        return kind if has == H_TYPE | H_ACTOR | H_TARGET | H_PAI | H_CONSUMED else K_JSON
    if kind == K_KAKAN:
        return kind if has & ~H_CONSUMED == H_TYPE | H_ACTOR | H_PAI else K_JSON
    if kind == K_ANKAN:
        return kind if has == H_TYPE | H_ACTOR | H_CONSUMED else K_JSON
    if kind == K_DORA:
        return kind if has == H_TYPE | H_DORA else K_JSON
    if kind == K_REACH or kind == K_REACH_ACCEPTED:
        return kind if has == H_TYPE | H_ACTOR else K_JSON
    return kind if has == H_TYPE else K_JSON


cdef Py_ssize_t read_lines(const Char *s, Py_ssize_t size, int32_t[:, ::1] rows, Py_ssize_t *i,
                           Py_ssize_t n) noexcept nogil:
    """Read the lines from character ``i[0]`` of the ``size`` at ``s`` into ``rows`` from row
    ``n`` on, until the text or the rows run out; the rows filled."""
    cdef Py_ssize_t start, end
    cdef int32_t *row
    cdef int kind
    cdef At at
    while i[0] < size and n < rows.shape[0]:
        start = i[0]
        row = &rows[n, 0]
        row[C_FLAG] = F_ABSENT
        at.i, at.end = start, size
        kind = read_event(s, &at, row)
        end = at.i
        if kind == K_JSON or end < size and not is_break(s[end]):  # not a line the scanner reads
            kind = K_BLANK
            end = start
            while end < size and not is_break(s[end]):
                if s[end] != 32 and s[end] != 9:
                    kind = K_JSON
                end += 1
        row[C_KIND] = kind
        row[C_LINE] = <int32_t>(n + 1)
        row[C_START] = <int32_t>start
        row[C_END] = <int32_t>end
        n += 1
        if end < size:
            end += 2 if s[end] == 13 and end + 1 < size and s[end + 1] == 10 else 1
        i[0] = end
    return n


def scan(str text):
    """One row of numbers for each line of ``text`` (as :meth:`str.splitlines` splits it): its
    kind (:data:`KINDS`), its number (from 1), where it starts and ends in ``text``, and for an
    event of a round its fields (actor, target, tile as ``2 * type + red``, flag, consumed)."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_ssize_t size = PyUnicode_GET_LENGTH(text)
    cdef Py_ssize_t i = 0, n = 0
    cdef int32_t[:, ::1] rows
    out = np.zeros((size // 32 + 16, COLUMNS), dtype=np.int32)  # mjai's lines are longer
    while True:
        rows = out
        with nogil:
            if kind == 1:
                n = read_lines(<const uint8_t *>data, size, rows, &i, n)
            elif kind == 2:
                n = read_lines(<const uint16_t *>data, size, rows, &i, n)
            else:
                n = read_lines(<const uint32_t *>data, size, rows, &i, n)
        if i >= size:
            return out[:n]
        out = np.concatenate([out, np.zeros_like(out)])  # more lines than room for them
