"""Melds: the sets a player declares, open (chi, pon, kan, kakan) or concealed (ankan).

A meld is written ``"kind:tiles"``, the tiles in canonical notation (see :mod:`riichi.tiles`):

>>> meld = Meld.parse("chi:406m")
>>> meld.kind, meld.tiles, meld.types
(MeldKind.CHI, (12, 16, 20), (3, 4, 5))
>>> str(meld)
'chi:406m'
>>> Meld.parse("pon:555z", called="5z", from_seat=2)
Meld.parse('pon:555z', called='5z', from_seat=2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from riichi._frozen import Frozen
from riichi.errors import InvalidHandError, NotationError, WrongTypeError, checked_int, quoted
from riichi.tiles import (
    NUM_COPIES,
    format_ids,
    ids_to_counts,
    is_red,
    parse_ids,
    parse_tile_id,
    tile_id_name,
)

__all__ = ["MeldKind", "Meld"]


class MeldKind(enum.Enum):
    """The kinds of meld; the value is the name used in notation."""

    CHI = "chi"
    """A run of three claimed from the previous player's discard."""
    PON = "pon"
    """Three of a kind claimed from a discard."""
    KAN = "kan"
    """Four of a kind claimed from a discard (daiminkan)."""
    ANKAN = "ankan"
    """Four of a kind declared from the concealed hand; the hand stays closed."""
    KAKAN = "kakan"
    """A pon to which the fourth tile was added (shouminkan)."""

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


_KAN_KINDS = frozenset((MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN))
# Read by the table at every call: module constants, not a descriptor call on the enum each time.
_CHI, _ANKAN = MeldKind.CHI, MeldKind.ANKAN
_KIND_NAMES = ", ".join(kind.value for kind in MeldKind)


class Meld(Frozen):
    """A declared set of tiles.

    Attributes:
        kind: chi, pon, kan (open, from a discard), ankan (concealed) or kakan (added to a pon).
        tiles: the 136-ids of the meld, sorted (any iterable of ids is accepted and sorted).
        called: the 136-id of the claimed tile, or ``None`` when unknown; always ``None`` for an ankan;
            for a kakan the tile claimed for the original pon.
        from_seat: the absolute seat (0-3; 0-2 at three players, 0-1 at two) the claimed tile
            came from, or ``None`` when unknown; always ``None`` for an ankan.
        first_type: the tile type (0-33) of ``tiles[0]``, the lowest: a chi's first. Not a field
            of its own (made from ``tiles``): kept for the encodings, which read it at every
            decision (in the compiled build a C int, where ``tiles[0]`` is a Python int).

    >>> Meld(MeldKind.PON, [111, 109, 110], called=110, from_seat=3)
    Meld(MeldKind.PON, (109, 110, 111), called=110, from_seat=3)
    >>> Meld(MeldKind.PON, (108, 109, 110), called=108)
    Meld.parse('pon:111z', called='1z')
    >>> Meld(MeldKind.CHI, (0, 4, 12))
    Traceback (most recent call last):
    ...
    riichi.errors.InvalidHandError: invalid chi 'chi:124m': expected three consecutive tiles of one suit (no honors)

    Raises:
        InvalidHandError: the tiles do not form that kind of meld, or ``called``/``from_seat`` do not fit.
    """

    __slots__ = ("kind", "tiles", "called", "from_seat", "first_type")
    _fields = ("kind", "tiles", "called", "from_seat")

    def __init__(
        self,
        kind: MeldKind,
        tiles: Iterable[int],
        called: int | None = None,
        from_seat: int | None = None,
    ) -> None:
        self._seal()
        if not isinstance(kind, MeldKind):
            raise WrongTypeError(f"expected a MeldKind, got {quoted(kind)}")
        if isinstance(tiles, str):
            raise WrongTypeError(f"expected 136-ids, got the str {quoted(tiles)}; use Meld.parse()")
        if not isinstance(tiles, Iterable):
            raise WrongTypeError(f"expected 136-ids, got {type(tiles).__name__}")
        ids = tuple(sorted(checked_int(i, "a 136-id (an int 0-135)") for i in tiles))
        ids_to_counts(ids)  # rejects ids out of range or repeated
        _check_shape(kind, ids)
        if called is not None:
            called = checked_int(called, "a 136-id (an int 0-135) or None")
            if kind is MeldKind.ANKAN:
                raise InvalidHandError(f"an ankan has no called tile, got called={called}")
            if called not in ids:
                raise InvalidHandError(
                    f"called tile id {called} is not one of the tiles {ids} of "
                    f"{_notation(kind, ids)!r}"
                )
        if from_seat is not None:
            from_seat = checked_int(from_seat, "a seat (an int 0-3) or None")
            if kind is MeldKind.ANKAN:
                raise InvalidHandError(
                    f"an ankan is not called from a seat, got from_seat={from_seat}"
                )
            if not 0 <= from_seat <= 3:
                raise InvalidHandError(f"from_seat must be a seat 0 to 3, got {from_seat}")
        self.kind = kind
        self.tiles = ids
        self.called = called
        self.from_seat = from_seat
        self.first_type = ids[0] >> 2

    @classmethod
    def trusted(
        cls,
        kind: MeldKind,
        tiles: Sequence[int],
        called: int | None = None,
        from_seat: int | None = None,
    ) -> Meld:
        """A meld of ``tiles`` (plain ints, in any order) that the caller has already checked
        fits ``kind``, ``called`` and ``from_seat``: built without the checks, for the table,
        which makes a meld at every call. Anything else should call ``Meld(...)``.

        >>> Meld.trusted(MeldKind.PON, (110, 109, 111), 110, 3)
        Meld(MeldKind.PON, (109, 110, 111), called=110, from_seat=3)
        """
        return trusted_meld(kind, tuple(sorted(tiles)), called, from_seat)

    @classmethod
    def parse(
        cls, text: str, *, called: int | str | None = None, from_seat: int | None = None
    ) -> Meld:
        """Read a meld from notation ``"kind:tiles"``; kinds are chi, pon, kan, ankan and kakan.

        The tiles get the 136-ids :func:`riichi.tiles.parse_ids` gives them, so a kan of fives must
        write its red five (``"kan:0555m"``). ``called`` is a 136-id or the notation of one of the
        meld's tiles (``"0m"`` is the red five, ``"5m"`` the lowest plain five of the meld).

        >>> Meld.parse("kakan:0555p").tiles
        (52, 53, 54, 55)
        >>> Meld.parse("chi:123s", called="2s", from_seat=0).called
        76
        >>> Meld.parse("123s")
        Traceback (most recent call last):
        ...
        riichi.errors.NotationError: expected 'kind:tiles' like 'chi:123s', got '123s'

        Raises:
            NotationError: ``text`` (or ``called``) is not notation.
            InvalidHandError: the tiles do not form that kind of meld, or ``called`` is not one of them.
        """
        if not isinstance(text, str):
            raise WrongTypeError(f"expected a str like 'chi:123s', got {type(text).__name__}")
        name, colon, _ = text.partition(":")
        if not colon:
            raise NotationError(f"expected 'kind:tiles' like 'chi:123s', got {quoted(text)}")
        try:
            kind = MeldKind(name)
        except ValueError:
            raise NotationError(
                f"unknown meld kind {quoted(name)} in {quoted(text)}; expected one of {_KIND_NAMES}"
            ) from None
        meld = cls(kind, tuple(parse_ids(text, begin=len(name) + 1)))
        if called is None and from_seat is None:
            return meld
        if isinstance(called, str):
            called = _find_tile(meld.tiles, called, text)
        return cls(kind, meld.tiles, called, from_seat)

    def __str__(self) -> str:
        return _notation(self.kind, self.tiles)

    def __repr__(self) -> str:
        text = str(self)
        if tuple(sorted(parse_ids(text.partition(":")[2]))) == self.tiles:
            constructor, args = "Meld.parse", [repr(text)]
            if self.called is not None:
                name = tile_id_name(self.called)
                found = _find_tile(self.tiles, name, text) == self.called
                args.append(f"called={name!r}" if found else f"called={self.called}")
        else:
            # Notation gives each tile a fixed copy; other copies need their ids spelt out.
            constructor, args = "Meld", [repr(self.kind), repr(self.tiles)]
            if self.called is not None:
                args.append(f"called={self.called}")
        if self.from_seat is not None:
            args.append(f"from_seat={self.from_seat}")
        return f"{constructor}({', '.join(args)})"

    @property
    def types(self) -> tuple[int, ...]:
        """The tile types of the tiles.

        >>> Meld.parse("kan:0555m").types
        (4, 4, 4, 4)
        """
        return tuple(i >> 2 for i in self.tiles)

    @property
    def tile_type(self) -> int:
        """The lowest tile type of the meld: the tile of a pon or kan, the first of a chi.

        >>> Meld.parse("chi:789p").tile_type
        15
        """
        return self.tiles[0] >> 2

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand (every meld but an ankan)."""
        return self.kind is not _ANKAN

    @property
    def is_kan(self) -> bool:
        """Whether the meld is a kan of any kind (four tiles)."""
        return self.kind in _KAN_KINDS

    @property
    def is_run(self) -> bool:
        """Whether the meld is a run (a chi)."""
        return self.kind is _CHI

    @property
    def is_triplet_like(self) -> bool:
        """Whether the meld is a pon or a kan: it counts as a triplet for yaku and fu."""
        return self.kind is not _CHI


def trusted_meld(
    kind: MeldKind, tiles: tuple[int, ...], called: int | None, from_seat: int | None
) -> Meld:
    """:meth:`Meld.trusted` for ``tiles`` already sorted: what the table calls."""
    meld = Meld.__new__(Meld)
    meld._sealed = True
    meld.kind = kind
    meld.tiles = tiles
    meld.called = called
    meld.from_seat = from_seat
    meld.first_type = tiles[0] >> 2
    return meld


def _notation(kind: MeldKind, tiles: tuple[int, ...]) -> str:
    return f"{kind.value}:{format_ids(tiles)}"


def _check_shape(kind: MeldKind, tiles: tuple[int, ...]) -> None:
    size = 3 if kind in (MeldKind.CHI, MeldKind.PON) else NUM_COPIES
    if len(tiles) != size:
        raise InvalidHandError(
            f"a {kind.value} has {size} tiles, got {len(tiles)} in {_notation(kind, tiles)!r}"
        )
    types = tuple(i >> 2 for i in tiles)
    if kind is MeldKind.CHI:
        first = types[0]
        if first >= 27 or first % 9 > 6 or types != (first, first + 1, first + 2):
            raise InvalidHandError(
                f"invalid chi {_notation(kind, tiles)!r}: expected three consecutive tiles of one"
                " suit (no honors)"
            )
    elif types.count(types[0]) != size:
        raise InvalidHandError(
            f"invalid {kind.value} {_notation(kind, tiles)!r}: expected {size} copies of one tile"
        )


def _find_tile(tiles: tuple[int, ...], name: str, text: str) -> int:
    """The lowest id of ``tiles`` written ``name`` (a red five is only found by ``0``)."""
    wanted = parse_tile_id(name)
    for tile_id in tiles:
        if tile_id >> 2 == wanted >> 2 and is_red(tile_id) == is_red(wanted):
            return tile_id
    raise InvalidHandError(f"called tile {quoted(name)} is not in {quoted(text)}")
