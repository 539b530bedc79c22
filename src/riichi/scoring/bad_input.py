"""What is wrong with the scorer's input: :func:`explain` raises the error that says it.

The scoring kernel (:mod:`riichi.scoring._kernel`) reads every input form into its C struct and
refuses anything it cannot read without saying why; this module then finds the first mistake and
names it, the same mistake with the same message whatever form it came in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
import numpy as np

from riichi.errors import InvalidHandError, NotationError, WrongTypeError, quoted
from riichi.meld import Meld, MeldKind
from riichi.rules import RuleSet
from riichi.tiles import (
    RED_FIVE_IDS,
    WIND_LETTERS,
    counts_from,
    format_counts,
    parse_ids,
    tile_name,
)

__all__ = ["explain", "IndicatorsInput", "TileInput", "TilesInput", "MeldInput"]

TileInput = str | int
"""One tile: notation (``"5p"``, ``"0p"`` for the red five) or an int (see :func:`explain`)."""
TilesInput = str | Sequence[int] | np.ndarray
"""Several tiles: notation, 136-ids, or (for ``concealed`` only) 34 counts."""
IndicatorsInput = TilesInput | Sequence[str]
"""Dora or ura dora indicators: as :data:`TilesInput`, or a list of tile names (``["6s", "1z"]``)."""
MeldInput = Meld | str
"""A :class:`~riichi.meld.Meld` or its notation (``"chi:123s"``, ``"ankan:2222m"``)."""

_WINDS = {letter: 27 + k for k, letter in enumerate(WIND_LETTERS)}
_NORTH = 30
_EAST = 27
_WIND_SEATS = ("East", "South", "West", "North")
_PLAYERS = {2: "two", 3: "three"}
_EMA = RuleSet()


def explain(
    concealed: TilesInput,
    win_tile: TileInput,
    melds: Iterable[MeldInput],
    *,
    tsumo: bool,
    seat_wind: str,
    round_wind: str,
    dora_indicators: IndicatorsInput,
    ura_indicators: IndicatorsInput,
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    rinshan: bool,
    chankan: bool,
    haitei: bool,
    houtei: bool,
    tenhou: bool,
    chiihou: bool,
    renhou: bool,
    honba: int,
    riichi_sticks: int,
    kita: int = 0,
    rules: RuleSet | None = None,
) -> None:
    """Raise the error that says what is wrong with the scorer's arguments (see
    :func:`riichi.scoring.score_hand`) under ``rules`` (by default ``ema``); return if nothing
    is.

    Ints stand for 136-ids, except when ``concealed`` is given as 34 counts: then ``win_tile``
    and the indicators given as ints are tile types.

    >>> explain("123m456p789s1122z", "2z", (), tsumo=False, seat_wind="X", round_wind="E",
    ...         dora_indicators=(), ura_indicators=(), riichi=True, double_riichi=False,
    ...         ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False,
    ...         tenhou=False, chiihou=False, renhou=False, honba=0, riichi_sticks=0)
    Traceback (most recent call last):
    ...
    riichi.errors.InvalidHandError: seat_wind='X': expected 'E', 'S', 'W' or 'N'
    """
    flags = _read_flags(
        tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu,
        rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei, tenhou=tenhou,
        chiihou=chiihou, renhou=renhou,
    )
    _read_count(honba, "honba")
    _read_count(riichi_sticks, "riichi_sticks")
    rules = rules if rules is not None else _EMA
    kita = _read_count(kita, "kita")
    if kita and not rules.kita:
        raise InvalidHandError(f"kita={kita}, but the rules {rules.name!r} set no North aside "
                               "(RuleSet.kita): expected kita=0")
    by_type = _is_counts(concealed)
    closed_counts, ids = _read_concealed(concealed, by_type)
    win, win_red = _read_tile(win_tile, by_type, "win_tile")
    meld_list = _read_melds(melds)
    if len(meld_list) > 4:
        raise InvalidHandError(f"{len(meld_list)} melds given; a hand has at most 4")
    for m in meld_list:
        if m.kind is MeldKind.CHI and not rules.chi:
            raise InvalidHandError(f"meld {str(m)!r}: the rules {rules.name!r} have no chi "
                                   "(RuleSet.chi)")

    size = sum(closed_counts)
    expected = 13 - 3 * len(meld_list)
    if size != expected:
        raise InvalidHandError(
            f"concealed tiles {format_counts(np.array(closed_counts, np.uint8))!r} are {size} "
            f"tiles; with {len(meld_list)} meld(s) the hand before the win has {expected}"
        )

    counts = list(closed_counts)
    counts[win] += 1
    red = [i for i in ids if i in RED_FIVE_IDS] + ([RED_FIVE_IDS[win // 9]] if win_red else [])
    for m in meld_list:
        for t in m.types:
            counts[t] += 1
        red += [i for i in m.tiles if i in RED_FIVE_IDS]
    for t, n in enumerate(counts):
        if n > 4:
            raise InvalidHandError(
                f"{n} copies of {tile_name(t)!r} in the hand and its melds; there are 4"
            )
        if n and rules.players == 3 and 1 <= t <= 7:
            raise InvalidHandError(
                f"{tile_name(t)!r} in the hand: the rules {rules.name!r} play three players, "
                "without 2m-8m"
            )
    if counts[_NORTH] + kita > 4:
        raise InvalidHandError(f"kita={kita} with {counts[_NORTH]} North in the hand and its "
                               "melds: there are 4")
    if len(red) != len(set(red)):
        raise InvalidHandError("two red fives of one suit; each suit has one")

    dora = _read_indicators(dora_indicators, by_type, "dora_indicators")
    ura = _read_indicators(ura_indicators, by_type, "ura_indicators")
    turned = [t for t, is_red in (*dora, *ura) if is_red]
    if len(turned) != len(set(turned)) or any(RED_FIVE_IDS[t // 9] in red for t in turned):
        raise InvalidHandError(
            "a red five turned as an indicator twice, or both in the hand and as an indicator: "
            "expected each suit's one red five once at most"
        )
    dora_types, ura_types = [t for t, _red in dora], [t for t, _red in ura]
    if len(ura_types) > len(dora_types):
        raise InvalidHandError(
            f"{len(ura_types)} ura_indicators under {len(dora_types)} dora_indicators: "
            "expected at most one ura indicator for each dora indicator, the tile under it"
        )
    seen = list(counts)
    seen[_NORTH] += kita
    for t in (*dora_types, *ura_types):
        seen[t] += 1
        if seen[t] > 4:
            raise InvalidHandError(
                f"indicators and hand hold {seen[t]} copies of {tile_name(t)!r}; "
                "there are 4"
            )
        if rules.players == 3 and 1 <= t <= 7:
            raise InvalidHandError(
                f"indicator {tile_name(t)!r}: the rules {rules.name!r} play three players, "
                "without 2m-8m"
            )

    seat = _read_wind(seat_wind, "seat_wind")
    if seat - _EAST >= rules.winds:  # the players sit at the first ``winds`` wind seats
        seats = _WIND_SEATS[: rules.winds]
        raise InvalidHandError(
            f"seat_wind={seat_wind!r}: the rules {rules.name!r} seat {_PLAYERS[rules.players]} "
            f"players, {', '.join(seats[:-1])} and {seats[-1]}")
    _read_wind(round_wind, "round_wind")
    _check_situation(
        flags,
        is_closed=all(not m.is_open for m in meld_list),
        kans=sum(1 for m in meld_list if m.is_kan) + kita,
        is_dealer=seat == 27,
        melds=len(meld_list),
        kita=kita,
        win_copies=(tile_name(win), counts[win]),
    )


def _check_situation(
    flags: dict[str, bool], *, is_closed: bool, kans: int, is_dealer: bool, melds: int, kita: int,
    win_copies: tuple[str, int],
) -> None:
    """Reject flag combinations that cannot happen at a table (``kans``: the kans and kita, each
    followed by a replacement draw; ``kita``: the Norths set aside; ``win_copies``: the winning
    tile and its copies in the hand and its melds, the winning one included)."""
    problems: list[str] = []
    riichi = flags["riichi"] or flags["double_riichi"]
    tsumo = flags["tsumo"]
    if riichi and not is_closed:
        problems.append("riichi with an open hand (only a concealed kan keeps a hand closed)")
    if flags["ippatsu"] and not riichi:
        problems.append("ippatsu without riichi")
    for name, need_tsumo in (
        ("rinshan", True),
        ("haitei", True),
        ("tenhou", True),
        ("chiihou", True),
        ("chankan", False),
        ("houtei", False),
        ("renhou", False),
    ):
        if flags[name] and tsumo != need_tsumo:
            problems.append(f"{name} needs a {'tsumo' if need_tsumo else 'ron'}")
    if flags["rinshan"] and kans == 0:
        problems.append("rinshan without a kan or a kita")
    if flags["rinshan"] and flags["chankan"]:
        problems.append("rinshan and chankan together")
    if flags["ippatsu"] and flags["rinshan"]:
        problems.append("ippatsu and rinshan together (the winner's kan or kita before the "
                        "replacement draw is a call, which ends ippatsu)")
    win_name, copies = win_copies
    if flags["chankan"] and copies > 1:
        problems.append(f"chankan on {win_name} with {copies} copies of it in the hand and its "
                        "melds (the kan robbed holds the other three: expected the winning one)")
    if flags["chankan"] and flags["houtei"]:
        problems.append("chankan and houtei together (houtei is won on the last discard, "
                        "chankan on a tile added to a kan)")
    if flags["tenhou"] and not is_dealer:
        problems.append("tenhou for a non-dealer (the seat wind must be 'E')")
    for name in ("chiihou", "renhou"):
        if flags[name] and is_dealer:
            problems.append(f"{name} for the dealer")
    for name in ("tenhou", "chiihou", "renhou"):
        if flags[name] and melds:
            problems.append(f"{name} with melds (the first uninterrupted turn has none)")
        if flags[name] and kita:
            problems.append(f"{name} with kita (a North set aside ends the first go-around)")
        if flags[name] and riichi:
            problems.append(f"{name} with riichi (declared with a discard, after the first draw)")
    if problems:
        raise InvalidHandError("impossible win: " + "; ".join(problems))


def _read_flags(**flags: object) -> dict[str, bool]:
    """The win's flags as bools; anything else (``None``, ``1``) is refused rather than guessed."""
    for name, value in flags.items():
        if not isinstance(value, (bool, np.bool_)):
            raise WrongTypeError(f"{name}={quoted(value)}: expected True or False")
    return {name: bool(value) for name, value in flags.items()}


def _read_count(value: object, name: str) -> int:
    """A counter or stick count: an int >= 0 (not a bool, a float or a numpy float)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise WrongTypeError(f"{name}={quoted(value)}: expected an int >= 0")
    if value < 0:
        raise InvalidHandError(f"{name}={quoted(value)}: expected an int >= 0")
    return int(value)


def _read_melds(melds: Iterable[MeldInput]) -> tuple[Meld, ...]:
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise WrongTypeError(
            f"melds={quoted(melds)}: expected a list of melds (Meld objects or strings such as "
            "'chi:123s'), e.g. melds=['chi:123s']"
        )
    return tuple(_check_meld(m) if isinstance(m, Meld) else _parse_meld(m) for m in melds)


def _check_meld(meld: Meld) -> Meld:
    """``meld`` after checking it again: a frozen dataclass's fields can still be overwritten."""
    Meld(meld.kind, meld.tiles, meld.called, meld.from_seat)
    return meld


def _is_counts(tiles: TilesInput) -> bool:
    if isinstance(tiles, str):
        return False
    if not isinstance(tiles, (Sequence, np.ndarray)):
        raise WrongTypeError(
            f"concealed={quoted(tiles)}: expected notation, 136-ids or 34 counts"
        )
    return len(tiles) == 34


def _read_concealed(tiles: TilesInput, by_type: bool) -> tuple[list[int], list[int]]:
    """(34 counts, 136-ids or [] when given as counts)."""
    if by_type:
        return [int(n) for n in counts_from(tiles)], []
    ids = parse_ids(tiles) if isinstance(tiles, str) else [_check_id(i) for i in tiles]
    counts = [0] * 34
    for i in ids:
        counts[i >> 2] += 1
    if len(set(ids)) != len(ids):
        raise InvalidHandError(f"the same tile id twice in {quoted(list(ids))}")
    return counts, list(ids)


def _read_tile(tile: TileInput, by_type: bool, name: str) -> tuple[int, bool]:
    """(tile type, is a red five) of one tile, the winning tile or one of the ``name`` list."""
    if isinstance(tile, str):
        ids = parse_ids(tile)
        if len(ids) != 1:
            raise InvalidHandError(f"{name}={quoted(tile)}: expected one tile such as '5p'")
        return ids[0] >> 2, ids[0] in RED_FIVE_IDS
    if by_type:
        return _check_type(tile), False
    return _check_id(tile) >> 2, tile in RED_FIVE_IDS


def _read_indicators(tiles: IndicatorsInput, by_type: bool, name: str) -> list[tuple[int, bool]]:
    """(tile type, is a red five) of each indicator of the ``name`` list."""
    if isinstance(tiles, str):
        read = [(i >> 2, i in RED_FIVE_IDS) for i in parse_ids(tiles)]
    elif not isinstance(tiles, Iterable):
        ints = "tile types" if by_type else "136-ids"
        raise WrongTypeError(
            f"{name}={quoted(tiles)}: expected notation, a list of tile names or of {ints}, "
            f"e.g. {name}=['6s']"
        )
    else:
        read = [_read_tile(t, by_type, name) for t in tiles]
    if len(read) > 5:
        raise InvalidHandError(f"{name}: {len(read)} indicators; there are at most 5")
    return read


def _check_id(tile: object) -> int:
    return _tile_int(tile, 136, "a tile id (expected an int 0-135)")


def _check_type(tile: object) -> int:
    return _tile_int(tile, 34, "a tile type (expected an int 0-33)")


def _tile_int(tile: object, limit: int, what: str) -> int:
    """``tile`` as an int below ``limit``: another type (a bool, a float, None) is a
    WrongTypeError, an int out of range an InvalidHandError, each saying it is not ``what``."""
    if not isinstance(tile, (int, np.integer)) or isinstance(tile, (bool, np.bool_)):
        raise WrongTypeError(f"{quoted(tile)} is not {what}")
    if not 0 <= tile < limit:
        raise InvalidHandError(f"{quoted(tile)} is not {what}")
    return int(tile)


def _read_wind(wind: object, name: str) -> int:
    expected = f"{name}={quoted(wind)}: expected 'E', 'S', 'W' or 'N'"
    if not isinstance(wind, str):
        raise WrongTypeError(expected)
    if wind not in _WINDS:
        raise InvalidHandError(expected)
    return _WINDS[wind]


def _parse_meld(text: object) -> Meld:
    if not isinstance(text, str):
        raise WrongTypeError(
            f"meld {quoted(text)}: expected a Meld or a string such as 'pon:555z'"
        )
    try:
        return Meld.parse(text)
    except NotationError:
        raise
    except (ValueError, KeyError) as error:
        raise InvalidHandError(f"meld {quoted(text)}: {error}") from error
