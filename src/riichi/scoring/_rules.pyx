"""The scoring kernel's rule table: a :class:`~riichi.rules.RuleSet` compiled into what the kernel
reads, once per rule set (:func:`table_for`).

:mod:`riichi.scoring.rule_values` says how each field is read off the rules; the kernel's steps
read the fields as C values.

>>> table_for("tenhou").shibari, table_for("wrc").kiriage
(-1, True)
"""

from cpython.object cimport PyObject_GenericSetAttr

from riichi.scoring._kernel cimport NUM_ORDINARY, NUM_YAKUMAN, bit

from riichi.rules import RuleSet
from riichi.scoring._features import ORDINARY, YAKUMAN
from riichi.scoring.rule_values import RULE_FIELDS, dora_of_each, feature_han, yakuman_value

__all__ = ["RuleTable", "table_for"]


cdef class RuleTable:
    """A :class:`~riichi.rules.RuleSet` (or a preset name) compiled into what the kernel reads:
    the han of each feature, and one field per entry of
    :data:`riichi.scoring.rule_values.RULE_FIELDS`.

    >>> RuleTable("tenhou").kan_ura, RuleTable("ema").ura_count(True)
    (True, 5)

    A table is shared by every game of its rules (:func:`table_for`): once made, it is read-only.

    >>> table_for("ema").shibari = 4
    Traceback (most recent call last):
    ...
    AttributeError: RuleTable.shibari is read-only (a table is shared by every game of its rules)
    """

    def __init__(self, rules):
        cdef int i, side
        if self._made:  # a second __init__ would rewrite the C fields in place
            raise AttributeError("RuleTable.rules is read-only (a table is shared by every game "
                                 "of its rules)")
        self.rules = RuleSet.coerce(rules)
        self.valid[0] = self.valid[1] = 0
        for i in range(NUM_ORDINARY):
            for side, han in enumerate(feature_han(self.rules, ORDINARY[i])):
                self.han[side][i] = han
                if han:
                    self.valid[side] |= bit(i)
        names = []
        for i in range(NUM_YAKUMAN):
            han, name = yakuman_value(self.rules, YAKUMAN[i])
            self.yakuman_han[i] = han
            names.append(name)
        self.yakuman_names = tuple(names)
        for i, dora in enumerate(dora_of_each(self.rules)):
            self.dora_of[i] = dora
        for field, read in RULE_FIELDS.items():
            setattr(self, field, read(self.rules))
        self._made = True

    def __setattr__(self, name, value):
        # the fields are public for __init__ to set them by name (RULE_FIELDS), and only for it
        if self._made:
            raise AttributeError(
                f"RuleTable.{name} is read-only (a table is shared by every game of its rules)"
            )
        PyObject_GenericSetAttr(self, name, value)

    def __reduce__(self):
        # a new table made from the rules (the build turns Cython's own pickling off: its
        # __setstate_cython__ would rewrite in place a table that table_for shares)
        return (RuleTable, (self.rules,))

    cpdef int ura_count(self, bint riichi):
        """How many ura dora indicators count for a winner (who declared riichi or not)."""
        if not (riichi and self.ura_dora):
            return 0
        return 5 if self.kan_ura else 1


cdef dict TABLES = {}   # preset name, or id() of a RuleSet -> its RuleTable
cdef int MAX_TABLES = 64


cdef RuleTable _table_for(rules):
    cdef RuleTable table
    by_name = type(rules) is str
    key = rules if by_name else id(rules)
    found = TABLES.get(key)
    if found is not None:
        table = found
        # Keyed by identity: hashing a RuleSet's fifty fields would cost more than scoring. The
        # table holds its RuleSet, so the id cannot be reused while the entry lives.
        if by_name or table.rules is rules:
            return table
    table = RuleTable(rules)
    if len(TABLES) >= MAX_TABLES:
        TABLES.clear()
    TABLES[key] = table
    return table


def table_for(rules):
    """The :class:`RuleTable` of ``rules`` (a :class:`~riichi.rules.RuleSet` or a preset name),
    compiled once.

    >>> table_for("ema") is table_for("ema"), table_for("ema").rules.name
    (True, 'ema')
    """
    return _table_for(rules)
