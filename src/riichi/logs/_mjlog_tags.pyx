"""The tags of an mjlog, scanned in C.

An mjlog is one ``<mjloggm>`` element holding a flat list of empty tags, some thousand of them
draws and discards (``<T12/>`` ... ``<G134/>``). :func:`scan` reads the XML that Tenhou writes (and
nothing else): ASCII text, the root tag and empty child tags whose names are letters and digits,
attributes quoted without entities or line breaks, blanks between tags. It gives the draws and
discards as rows of numbers and every other tag as expat would (name, attributes, line and
column), in document order; for any other text (a comment, a declaration, an entity, a nested or
unclosed tag, anything malformed) it gives None, and the reader parses the text with expat, which
reads it, or says what is wrong with it, as before.

>>> rows, tags = scan('<mjloggm ver="2.3">\\n<INIT seed="0"/><T12/><D12/></mjloggm>')
>>> rows.tolist()
[[1, 1, 1, 0, 0, 0], [1, 2, 1, 1, 0, 0], [0, 2, 17, 0, 1, 12], [0, 2, 23, 0, 0, 12]]
>>> tags
[('mjloggm', {'ver': '2.3'}, 1, 1), ('INIT', {'seed': '0'}, 2, 1)]
>>> scan('<mjloggm><!-- a comment --></mjloggm>') is None
True

:func:`integers` reads an attribute's comma-separated integers as Tenhou writes them:

>>> integers("34,-11,0"), integers("3, 4") is None
((34, -11, 0), True)
"""

import numpy as np

from libc.stdint cimport int32_t, uint8_t

cdef extern from "Python.h":
    void *PyUnicode_DATA(object text)
    Py_ssize_t PyUnicode_GET_LENGTH(object text)

# A row's columns: its kind (MOVE: a draw or discard; TAG: any other tag, TAG_INDEX its place in
# the tags), where the tag starts (line from 1, column from 1), and a move's seat, draw (1) or
# discard (0), and tile.
cdef enum:
    C_KIND, C_LINE, C_COLUMN, C_SEAT, C_DRAW, C_TILE
    COLUMNS = 6
    K_MOVE = 0
    K_TAG = 1
    MAX_ATTRIBUTES = 64  # more in one tag goes to expat

KIND, LINE, COLUMN, SEAT, DRAW, TILE = C_KIND, C_LINE, C_COLUMN, C_SEAT, C_DRAW, C_TILE
TAG_INDEX = SEAT
MOVE, TAG = K_MOVE, K_TAG


cdef inline bint blank(uint8_t c) noexcept nogil:
    return c == 32 or c == 9 or c == 10 or c == 13


cdef inline bint name_char(uint8_t c) noexcept nogil:
    return 48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c == 95


cdef inline int move_seat(uint8_t c) noexcept nogil:
    """The seat of a draw (T U V W) or discard (D E F G) letter; -1 for another."""
    if 84 <= c <= 87:  # T U V W
        return c - 84
    if 68 <= c <= 71:  # D E F G
        return c - 68
    return -1


cdef struct Place:
    Py_ssize_t line         # the line (from 1) of ``line_start``
    Py_ssize_t line_start   # where that line starts


cdef inline void count_lines(const uint8_t *s, Py_ssize_t start, Py_ssize_t end, Place *at) noexcept nogil:
    """Move ``at`` over the blanks ``s[start:end]`` (a line ends at CR, LF or CR LF, as for expat)."""
    cdef Py_ssize_t i = start
    while i < end:
        if s[i] == 10 or s[i] == 13:
            if s[i] == 13 and i + 1 < end and s[i + 1] == 10:
                i += 1
            at.line += 1
            at.line_start = i + 1
        i += 1


def scan(str text):
    """The rows of numbers and the tags of ``text`` (see the module), or None if it is not XML
    of the form Tenhou writes."""
    if not text.isascii():
        return None
    cdef const uint8_t *s = <const uint8_t *>PyUnicode_DATA(text)
    cdef Py_ssize_t size = PyUnicode_GET_LENGTH(text)
    cdef Py_ssize_t i = 0, n = 0, start, name_start, name_end, key_start, key_end, value_start, tile
    cdef Py_ssize_t count, k
    cdef Py_ssize_t keys[3 * MAX_ATTRIBUTES]  # each attribute's name start and end, value end
    cdef int seat
    cdef uint8_t quote
    cdef bint empty, root_open = False, root_closed = False
    cdef Place at
    at.line, at.line_start = 1, 0
    tags = []
    names = {}  # one str for each tag name
    out = np.zeros((size // 5 + 16, COLUMNS), dtype=np.int32)  # a tag takes five characters or more
    cdef int32_t[:, ::1] rows = out
    while True:
        start = i
        while i < size and blank(s[i]):
            i += 1
        count_lines(s, start, i, &at)
        if i == size:
            break
        if s[i] != 60 or root_closed:  # text, or anything after the root's end
            return None
        start = i
        i += 1
        if i < size and s[i] == 47:  # the root's end: </mjloggm>
            if not root_open or size - i < 9 or text[i + 1 : i + 8] != "mjloggm":
                return None
            i += 8
            while i < size and blank(s[i]):
                if s[i] == 10 or s[i] == 13:
                    return None  # expat counts that line; the scanner need not
                i += 1
            if i == size or s[i] != 62:
                return None
            i += 1
            root_closed = True
            continue
        name_start = i
        while i < size and name_char(s[i]):
            i += 1
        name_end = i
        if name_end == name_start or 48 <= s[name_start] <= 57:
            return None
        count = 0
        while True:  # the attributes
            if i < size and not blank(s[i]) and s[i] != 47 and s[i] != 62:
                return None  # no blank before a name
            while i < size and blank(s[i]):
                if s[i] == 10 or s[i] == 13:
                    return None
                i += 1
            if i == size:
                return None
            if s[i] == 47 or s[i] == 62:
                break
            key_start = i
            while i < size and name_char(s[i]):
                i += 1
            key_end = i
            if key_end == key_start or 48 <= s[key_start] <= 57 or i == size or s[i] != 61 \
                    or i + 1 == size or (s[i + 1] != 34 and s[i + 1] != 39) or count == MAX_ATTRIBUTES:
                return None
            for k in range(count):  # a name twice is an error for expat
                if keys[3 * k + 1] - keys[3 * k] == key_end - key_start and \
                        text[keys[3 * k] : keys[3 * k + 1]] == text[key_start:key_end]:
                    return None
            quote = s[i + 1]
            i += 2
            value_start = i
            while i < size and s[i] != quote:
                if s[i] < 32 or s[i] == 38 or s[i] == 60:  # a line break, an entity, a tag
                    return None
                i += 1
            if i == size:
                return None
            keys[3 * count], keys[3 * count + 1], keys[3 * count + 2] = key_start, key_end, i
            count += 1
            i += 1
        empty = s[i] == 47
        if empty:
            i += 1
            if i == size or s[i] != 62:
                return None
        i += 1
        if n == rows.shape[0]:
            out = np.concatenate([out, np.zeros_like(out)])
            rows = out
        rows[n, C_LINE] = <int32_t>at.line
        rows[n, C_COLUMN] = <int32_t>(start - at.line_start + 1)
        if not root_open:
            if empty or name_end - name_start != 7 or text[name_start:name_end] != "mjloggm":
                return None
            root_open = True
        elif not empty or (name_end - name_start == 7 and text[name_start:name_end] == "mjloggm"):
            return None  # a tag holding others, or a second root: expat's reader names the fault
        seat = move_seat(s[name_start]) if count == 0 else -1
        tile = 0
        # a move's name as the reader knows it: a letter and the tile 0-135 (no leading zero)
        if seat >= 0 and 2 <= name_end - name_start <= 4 and (s[name_start + 1] != 48 or name_end - name_start == 2):
            for k in range(name_start + 1, name_end):
                if not 48 <= s[k] <= 57:
                    tile = 136
                    break
                tile = 10 * tile + s[k] - 48
            if tile < 136:
                rows[n, C_KIND] = K_MOVE
                rows[n, C_SEAT] = seat
                rows[n, C_DRAW] = s[name_start] >= 84
                rows[n, C_TILE] = <int32_t>tile
                n += 1
                continue
        name = text[name_start:name_end]
        name = names.setdefault(name, name)
        attributes = {}
        for k in range(count):
            attributes[text[keys[3 * k] : keys[3 * k + 1]]] = text[keys[3 * k + 1] + 2 : keys[3 * k + 2]]
        rows[n, C_KIND] = K_TAG
        rows[n, C_SEAT] = <int32_t>len(tags)
        tags.append((name, attributes, rows[n, C_LINE], rows[n, C_COLUMN]))
        n += 1
    if not root_closed:
        return None
    return out[:n], tags


def integers(str text):
    """The integers of ``text``, comma-separated decimal numbers each of one to 18 digits after an
    optional ``-`` (what ``int`` reads of each part alike), as a tuple; None for any other text,
    which the reader then reads with ``int`` (and says what is wrong with it)."""
    if not text.isascii():
        return None
    cdef const uint8_t *s = <const uint8_t *>PyUnicode_DATA(text)
    cdef Py_ssize_t size = PyUnicode_GET_LENGTH(text), i = 0, digits
    cdef long long value
    cdef bint negative
    out = []
    while True:
        negative = i < size and s[i] == 45
        i += negative
        value, digits = 0, 0
        while i < size and 48 <= s[i] <= 57 and digits < 18:
            value = 10 * value + (s[i] - 48)
            digits += 1
            i += 1
        if digits == 0 or (i < size and s[i] != 44):
            return None  # no digit, 19 or more, or a character that is neither digit nor comma
        out.append(-value if negative else value)
        if i == size:
            return tuple(out)
        i += 1
