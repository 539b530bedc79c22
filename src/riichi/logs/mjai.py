"""mjai game records: one JSON event per line, as Mortal and mjai.app write and read them.

The events are those of :mod:`riichi.logs.events` (``start_game`` ... ``end_game``) with their
standard fields and tiles named ``"1m"`` ... ``"9s"``, ``"5mr"`` for a red five, ``"E"``, ``"S"``,
``"W"``, ``"N"``, ``"P"`` (white), ``"F"`` (green), ``"C"`` (red). The writer adds what the engine
knows beyond the standard (``hora``'s han, fu, yaku; ``ryukyoku``'s reason and tenpai seats); the
reader accepts records without those extras. mjai names tiles by type, so a record read back holds
the same tiles by name (the copies are the reader's: see :class:`~riichi.logs.record.RoundBuilder`).
A game without red fives (``ema-2016``, any rule set with ``red_fives`` false) names every five
plainly and says so in ``start_game``: ``"aka_flag": false`` (the field akochan's mjai logs
have there; the reader also takes it from the rules a record carries). There a ``"5mr"``,
``"5pr"`` or ``"5sr"`` (earlier versions of this package named the five of 136-id 16, 52 or 88
so in any game) reads as the plain five it is.
A three-player game has three seats in ``start_game`` and ``start_kyoku`` and one event more,
``{"type": "nukidora", "actor": 1, "pai": "N"}`` for a North set aside (the name of the mjai
forks for three players; RiichiEnv's ``kita`` reads too); a two-player game has two seats there.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> result = play_game("ema", [RandomAgent(s) for s in range(4)], seed=4)
>>> text = dumps_mjai(result.events)
>>> text.splitlines()[1][:40]
'{"type":"start_kyoku","bakaze":"E","kyok'
>>> dumps_mjai(parse_mjai(text).events) == text
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

try:  # the compiled build's flag; the interpreted build has no other use for Cython
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi.errors import InvalidHandError, LogFormatError, WrongTypeError, as_int, quoted
from riichi.logs import events as ev
from riichi.logs._mjai_lines import (
    ABSENT_FLAG, ACTOR, BLANK, CONSUMED, COUNT, END, FLAG, JSON, KIND, KINDS, LINE, NULL_FLAG, PAI, START, TARGET,
    scan,
)
from riichi.logs.record import (
    NAME_OF_CODE, POINTS_EXPECTED, GameRecord, RoundBuilder, TileName, seats_of, valid_points,
)
from riichi.logs.record_bytes import as_text, checked_names, checked_rounds
from riichi.rules import RuleSet
from riichi.rules.files import carried_rules, rules_in_record

__all__ = ["dumps_mjai", "parse_mjai", "mjai_tile_name", "parse_mjai_tile"]

_HONORS = "ESWNPFC"
_NORTH = 30  # the tile type of a kita
_KITA = ("nukidora", "kita")  # a North set aside: the three-player forks' name, and RiichiEnv's
_REASONS = {"exhaustive_draw": "exhaustive", "kyushu_kyuhai": "nine_terminals"}  # RiichiEnv's draws

T = TypeVar("T")

_EVENT_TYPES = frozenset({
    "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan",
    "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game", *_KITA,
})


def mjai_tile_name(name: TileName) -> str:
    """The mjai name of a tile type and redness: ``(4, True)`` is ``"5mr"``.

    >>> mjai_tile_name((4, True)), mjai_tile_name((32, False))
    ('5mr', 'F')
    """
    tile_type = as_int(name[0]) if type(name) is tuple and len(name) == 2 else None
    if tile_type is None or type(name[1]) is not bool:
        raise WrongTypeError(f"name={quoted(name)}: expected a tile name, a tile type (an int 0-33) and "
                             "whether it is a red five (a bool), e.g. (4, True)")
    text = _MJAI_NAME_OF.get((tile_type, name[1]))
    if text is None:
        raise InvalidHandError(f"name={quoted(name)}: expected a tile type 0-33, red only for a five "
                               "(4, 13 or 22)")
    return text


_NAMES: dict[str, TileName] = {
    **{f"{n + 1}{suit}": (9 * k + n, False) for k, suit in enumerate("mps") for n in range(9)},
    **{f"5{suit}r": (9 * k + 4, True) for k, suit in enumerate("mps")},
    **{honor: (27 + k, False) for k, honor in enumerate(_HONORS)},
}
_MJAI_NAME_OF = {name: text for text, name in _NAMES.items()}


def parse_mjai_tile(text: object) -> TileName:
    """The tile type and redness of an mjai tile name; :class:`LogFormatError` if it is none.

    >>> parse_mjai_tile("5pr"), parse_mjai_tile("C")
    ((13, True), (33, False))
    """
    name = _NAMES.get(text) if type(text) is str else None
    if name is not None:
        return name
    if text == "?":  # how mjai hides a tile from a seat: a log written for one player
        raise LogFormatError("'?' is a hidden tile: this is a log of one seat's view, with the other "
                             "hands hidden, which cannot be replayed or analysed (expected a log of "
                             "the whole game, every tile named)")
    raise LogFormatError(f"{text!r} is not an mjai tile (expected '1m'..'9s', '5mr', 'E', 'P', ...)")


def dumps_mjai(events: Iterable[ev.Event], names: Sequence[str] | None = None,
               rules: RuleSet | None = None, *, red_fives: bool | None = None,
               final_scores_stated: bool = True) -> str:
    """The events as mjai JSON lines (``names`` go into ``start_game``, and ``rules`` as its
    ``rules``: the preset and the fields changed, :func:`~riichi.rules.files.rules_in_record`).

    ``red_fives`` says whether the game has red fives (None: as ``rules`` say, else it has);
    without them every five is named plainly and ``start_game`` says ``"aka_flag": false``.
    ``final_scores_stated=False`` (a record read from an ``end_game`` without scores:
    :attr:`GameRecord.final_scores_stated`) writes its ``end_game`` without them again.

    >>> from riichi.logs.events import StartGame, Dahai
    >>> print(dumps_mjai([StartGame((25000,) * 4), Dahai(0, 52, False)], red_fives=False), end="")
    {"type":"start_game","aka_flag":false,"scores":[25000,25000,25000,25000]}
    {"type":"dahai","actor":0,"pai":"5p","tsumogiri":false}
    """
    plain = not (red_fives if red_fives is not None else rules is None or rules.red_fives)
    lines = []
    for e in events:
        obj = e.to_mjai()
        if isinstance(e, ev.StartGame) and (names is not None or rules is not None or plain):
            header: dict[str, object] = {"type": "start_game"}
            if names is not None:
                seats = len(e.scores)  # its reader takes one name a seat
                header["names"] = list(checked_names(names, range(seats, seats + 1), f"{seats} player names"))
            if rules is not None:
                header["rules"] = rules_in_record(rules)
            if plain:
                header["aka_flag"] = False
            obj = {**header, **{k: v for k, v in obj.items() if k != "type"}}
        elif isinstance(e, ev.EndGame) and not final_scores_stated:
            del obj["scores"]  # the last round's: the record never stated final ones
        elif plain:
            for key in _TILE_FIELDS.intersection(obj):
                obj[key] = _plain_fives(obj[key])
        lines.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines) + "\n"


_TILE_FIELDS = frozenset({"pai", "dora_marker", "consumed", "dora_markers", "ura_markers", "tehais"})
_PLAIN = {f"5{suit}r": f"5{suit}" for suit in "mps"}


def _plain_fives(value: object) -> object:
    """A tile field's value (a name, a list of names, the hands) with every five named plainly."""
    if isinstance(value, list):
        return [_plain_fives(v) for v in value]
    return _PLAIN.get(value, value) if isinstance(value, str) else value


class _Line:
    """One parsed line with typed field access; errors name the line."""

    def __init__(self, obj: Mapping[str, object], where: str, red_fives: bool = True) -> None:
        self.obj = obj
        self.where = where
        self.red_fives = red_fives  # without them, a five named red is the plain one

    def fail(self, problem: str) -> LogFormatError:
        return LogFormatError(f"{self.where}: {problem}")

    def get(self, key: str, convert: Callable[[object], T], default: T | None = None) -> T:
        if key not in self.obj:
            if default is not None:
                return default
            raise self.fail(f"{self.obj.get('type')} lacks the field {key!r}")
        try:
            return convert(self.obj[key])
        except LogFormatError as exc:
            raise self.fail(f"field {key!r}: {exc}") from None

    def number(self, key: str, default: int | None = None) -> int:
        return self.get(key, _int, default)

    def tile(self, key: str) -> TileName:
        return self.get(key, self._tile)

    def tiles(self, key: str, default: list[TileName] | None = None) -> list[TileName]:
        return self.get(key, lambda v: [self._tile(t) for t in _list(v)], default)

    def hands(self, key: str) -> list[list[TileName]]:
        return self.get(key, lambda v: [[self._tile(t) for t in _list(h)] for h in _list(v)])

    def _tile(self, text: object) -> TileName:
        name = parse_mjai_tile(text)
        return name if self.red_fives or not name[1] else (name[0], False)

    def ints(self, key: str, default: list[int] | None = None) -> list[int]:
        return self.get(key, lambda v: [_int(x) for x in _list(v)], default)


def _int(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise LogFormatError(f"{value!r} is not a whole number")


def _list(value: object) -> list[object]:
    if isinstance(value, list):
        return value
    raise LogFormatError(f"{value!r} is not a list")


def _str(value: object) -> str:
    if isinstance(value, str):
        return value
    raise LogFormatError(f"{value!r} is not a string")


def _strs(value: object) -> list[str]:
    return [_str(n) for n in _list(value)]


def _yaku(value: object) -> tuple[tuple[str, int], ...]:
    out = []
    for pair in _list(value):
        item = _list(pair)
        if len(item) != 2:
            raise LogFormatError(f"yaku {pair!r} is not a [name, han] pair")
        out.append((_str(item[0]), _int(item[1])))
    return tuple(out)


def _optional_seat(value: object) -> int | None:
    return None if value is None else _int(value)


# the C scanner json.loads runs (set in JSONDecoder.__init__, not in the type stubs)
_SCAN: Callable[[str, int], tuple[object, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _json_line(raw: str, where: str) -> object:
    """The JSON value of one line: straight from the C scanner when the line is that value and
    nothing but it (what :func:`json.loads` finds, without its checks around the scan), else as
    :func:`json.loads` reads it, or its error."""
    try:
        value, end = _SCAN(raw, 0)
        if end == len(raw) or raw[end:].isspace():
            return value
    except (StopIteration, ValueError, RecursionError):
        pass  # leading blanks, or no JSON: json.loads says which
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise LogFormatError(f"{where}: not JSON ({exc})") from None


def parse_mjai(text: str | bytes, *, source: str = "<mjai>") -> GameRecord:
    """Read an mjai record (a whole game, full information: every ``tehais`` tile known).

    Errors name the line: ``LogFormatError("<mjai>, line 7: seat 2 does not hold 3p")``.
    """
    text = as_text(text, source)
    events: list[ev.Event] = []
    starts: list[int] = []  # where each round begins in the events
    rows = scan(text)
    # the compiled build reads the rows' numbers as C integers; the interpreted one takes them as ints
    names, rules, red_fives, stated = _read(text, rows if cython.compiled else rows.astype(object), source,
                                            events, starts)
    if not events:
        raise LogFormatError(f"{source}: empty record (no start_game)")
    start, last = events[0], events[-1]
    assert isinstance(start, ev.StartGame)  # _read begins every record so
    end = last if isinstance(last, ev.EndGame) else None
    bounds = [*starts, len(events) - (end is not None)]
    rounds = [events[bounds[n] : bounds[n + 1]] for n in range(len(starts))]
    return GameRecord.from_rounds("mjai", names, start, rounds, end, source, rules=rules, red_fives=red_fives,
                                  final_scores_stated=stated)


def _read(text: str, rows: Any, source: str, events: list[ev.Event],
          starts: list[int]) -> tuple[Sequence[str], RuleSet | None, bool, bool]:
    """Read the lines of ``text`` (``rows``: as :func:`~riichi.logs._mjai_lines.scan` found them)
    into ``events``, and where each round begins into ``starts``; the players' names, the rule
    set the record carries, whether the game has red fives and whether its ``end_game`` (if any)
    states the final scores."""
    names: Sequence[str] = ("", "", "", "")
    rules: RuleSet | None = None
    red_fives = True
    stated = True  # an end_game without scores has the last round's: it states no final ones
    names_of = NAME_OF_CODE  # a scanned tile's name by its code: without red fives, every five plain
    builder = RoundBuilder(source, (25000,) * 4)
    rounds = 0
    unscored = False  # the start_game states no points: the first start_kyoku's are the start's
    unseated = False  # nor names a seat: the first start_kyoku seats the game too
    unended = -1  # the first start_kyoku of a round begun before the last one ended
    place = _BEFORE_GAME
    for k in range(rows.shape[0]):
        code = rows[k, KIND]
        if code == BLANK:
            continue
        number = rows[k, LINE]
        builder.line = number
        if code != JSON:  # a round's step, its fields read by the scanner
            kind: str = KINDS[code]
            if place != _IN_ROUND:
                raise _placed(kind, place, f"{source}, line {number}")
            events.append(_step(kind, builder, rows[k, ACTOR], rows[k, TARGET], names_of[rows[k, PAI]],
                                _consumed(rows, k, names_of), _flag(kind, rows[k, FLAG])))
            if kind == "end_kyoku":
                place = _BETWEEN_ROUNDS
            continue
        raw = text[rows[k, START] : rows[k, END]]
        if not raw.strip():
            continue
        where = f"{source}, line {number}"
        obj = _json_line(raw, where)
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise LogFormatError(f"{where}: expected a JSON object with a 'type'")
        line = _Line(obj, where, red_fives)
        kind = obj["type"]
        if kind == "start_game":
            if events:
                raise line.fail("start_game in the middle of a record")
            rules = carried_rules(obj.get("rules"), where)
            # one without scores or rules (the standard one, RiichiEnv's): the first start_kyoku
            # gives the points, and the seats too when it names none
            unscored = "scores" not in obj and rules is None
            unseated = unscored and "names" not in obj
            scores = line.ints("scores", [25000] * 4 if unseated else _start_scores(line, rules))
            seats = seats_of(scores)
            names = line.get("names", _strs, [""] * seats)
            if len(names) != seats:
                raise line.fail(f"start_game: expected {seats} names")
            if not valid_points(scores, seats):
                raise line.fail(f"start_game: the scores {quoted(scores)}: {POINTS_EXPECTED}")
            red_fives = _red_fives(line, rules)
            names_of = NAME_OF_CODE if red_fives else _PLAIN_NAME_OF_CODE
            builder = RoundBuilder(source, scores, red_fives=red_fives)
            events.append(ev.StartGame(tuple(scores)))
            place = _BETWEEN_ROUNDS
            continue
        if kind not in _EVENT_TYPES:
            raise line.fail(f"{kind!r} is not an mjai event of a game record")
        if place != _IN_ROUND and (place != _BETWEEN_ROUNDS or kind not in ("start_kyoku", "end_game")):
            raise _placed(kind, place, where)
        if kind == "start_kyoku":
            rounds += 1
            checked_rounds(rounds, where)
            if unscored and rounds == 1:
                builder = _first_round_start(line, builder, unseated, red_fives, source)
                names = [""] * builder.seats if unseated else names
                events[0] = ev.StartGame(tuple(builder.scores))
            if place == _IN_ROUND and unended < 0:
                unended = len(events)
            starts.append(len(events))
        events.append(_event(kind, line, builder))
        if kind == "end_game":
            stated = "scores" in obj
        place = _AFTER_GAME if kind == "end_game" else _BETWEEN_ROUNDS if kind == "end_kyoku" else _IN_ROUND
    if unended >= 0:
        raise LogFormatError(f"{source}: event {unended}: start_kyoku before the last round ended")
    return names, rules, red_fives, stated


_START_POINTS = {4: 25_000, 3: 35_000, 2: 30_000}
"""The points each seat starts with, by the seats of a game whose rules are not known: those of
the ``tenhou``, ``tenhou-3p`` and ``2p`` presets."""


def _first_round_start(line: _Line, builder: RoundBuilder, unseated: bool, red_fives: bool,
                       source: str) -> RoundBuilder:
    """The game's start as the first ``start_kyoku`` (``line``) shows it, after a ``start_game``
    without scores or rules: its scores (when they are as many as the names, or no seat was
    named), else ``builder``'s, which the round's own check then refuses."""
    scores = line.ints("scores", list(builder.scores))
    if not unseated and len(scores) != builder.seats:
        return builder
    first = RoundBuilder(source, scores, red_fives=red_fives)
    first.line = builder.line
    return first


def _start_scores(line: _Line, rules: RuleSet | None) -> list[int]:
    """The scores of a ``start_game`` without them (the standard mjai one has only the names,
    three of them at three players): its rules' start points, else the usual ones, for as many
    seats as its rules, else its names, say (without rules, the first ``start_kyoku``'s scores
    replace the usual ones: :func:`_first_round_start`)."""
    seats = rules.players if rules is not None else seats_of(line.get("names", _strs, []))
    return [rules.start_points if rules is not None else _START_POINTS[seats]] * seats


def _red_fives(line: _Line, rules: RuleSet | None) -> bool:
    """Whether the game of ``start_game`` has red fives: as its ``aka_flag`` and the rules it
    carries say (an error if they disagree), else it has."""
    flag = line.obj.get("aka_flag")
    if flag is None:
        return rules is None or rules.red_fives
    if not isinstance(flag, bool):
        raise line.fail(f"aka_flag {flag!r} is not true or false")
    if rules is not None and rules.red_fives != flag:
        raise line.fail(f"aka_flag is {str(flag).lower()}, but the record's rules have "
                        f"red_fives = {str(rules.red_fives).lower()}")
    return flag


_PLAIN_NAME_OF_CODE = tuple(NAME_OF_CODE[code & ~1] for code in range(len(NAME_OF_CODE)))


# Where a line comes in a record: what the last event was.
_BEFORE_GAME, _BETWEEN_ROUNDS, _IN_ROUND, _AFTER_GAME = range(4)  # none; start_game or end_kyoku; ...


def _placed(kind: str, place: int, where: str) -> LogFormatError:
    """The error for an event ``kind`` that cannot come at ``place``."""
    if place == _BEFORE_GAME:
        return LogFormatError(f"{where}: {kind} before start_game")
    if place == _AFTER_GAME:
        return LogFormatError(f"{where}: {kind} after end_game")
    return LogFormatError(f"{where}: {kind} is outside a round (expected start_kyoku or end_game)")


def _consumed(rows: Any, k: int, names_of: Sequence[TileName]) -> Sequence[TileName]:
    """The tiles that the call of row ``k`` takes from the hand (none for another event), named
    by ``names_of``."""
    count = rows[k, COUNT]
    return [names_of[rows[k, CONSUMED + i]] for i in range(count)] if count else ()


def _flag(kind: str, flag: int) -> bool | None:
    """A scanned ``rinshan`` (absent or null: None, for the builder to tell) or ``tsumogiri``
    (absent: False)."""
    if flag == ABSENT_FLAG or flag == NULL_FLAG:
        return None if kind == "tsumo" else False
    return flag == 1


def _fields(kind: str, line: _Line) -> tuple[int, int, TileName, Sequence[TileName], bool | None]:
    """The fields of a round's step as :func:`_step` takes them, read from JSON (a missing or
    wrong one an error, in the order this reader has always checked them)."""
    flag = None
    if kind == "tsumo":
        flag = line.obj.get("rinshan")
        if flag is not None and not isinstance(flag, bool):
            raise line.fail(f"rinshan {flag!r} is not true or false")
    elif kind == "dahai":
        flag = line.obj.get("tsumogiri", False)
        if not isinstance(flag, bool):
            raise line.fail(f"tsumogiri {flag!r} is not true or false")
    actor = line.number("actor") if kind != "dora" and kind != "end_kyoku" else 0
    target = line.number("target") if kind in _CALLS else 0
    pai = line.tile("dora_marker" if kind == "dora" else "pai") if kind in _WITH_TILE else NAME_OF_CODE[0]
    consumed = line.tiles("consumed") if kind in _CALLS or kind == "ankan" else ()
    return actor, target, pai, consumed, flag  # type: ignore[return-value]  # flag: a bool or None


_CALLS = ("chi", "pon", "daiminkan")
_WITH_TILE = ("tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "dora")
_STEPS = frozenset(k for k in KINDS if k)


def _step(kind: str, b: RoundBuilder, actor: int, target: int, pai: TileName, consumed: Sequence[TileName],
          flag: bool | None) -> ev.Event:
    """The event of one of a round's steps (``tsumo``, ``dahai``, the calls, ``dora``, ``reach``,
    ``reach_accepted``, ``end_kyoku``), its fields read: ``flag`` is ``rinshan`` or ``tsumogiri``."""
    if kind == "tsumo":
        return b.tsumo(actor, pai, flag)
    if kind == "dahai":
        return b.dahai(actor, pai, flag is True)  # a bool here, from either source
    if kind == "chi" or kind == "pon" or kind == "daiminkan":
        return b.call(kind, actor, target, pai, consumed)
    if kind == "kakan":
        return b.kakan(actor, pai)
    if kind == "ankan":
        return b.ankan(actor, consumed)
    if kind == "dora":
        return b.dora(pai)
    if kind == "reach":
        return b.reach(actor)
    if kind == "reach_accepted":
        return b.reach_accepted(actor)
    return ev.END_KYOKU


def _event(kind: str, line: _Line, b: RoundBuilder) -> ev.Event:
    if kind == "start_kyoku":
        b.scores = line.ints("scores", list(b.scores))  # checked by the builder
        tehais = line.hands("tehais")
        return b.start_kyoku(line.get("bakaze", _str), line.number("kyoku"), line.number("honba"),
                             line.number("kyotaku"), line.number("oya"), line.tile("dora_marker"), tehais)
    if kind in _STEPS:
        return _step(kind, b, *_fields(kind, line))
    if kind in _KITA:
        if "pai" in line.obj and line.tile("pai") != (_NORTH, False):
            raise line.fail(f"{kind} of {line.obj['pai']!r}: only a North (N) is set aside")
        return b.kita(line.number("actor"))
    if kind == "hora":
        actor, target = line.number("actor"), line.number("target")
        tile = b.win_tile(actor, target)
        if "pai" in line.obj and line.tile("pai") != b.name_of(tile):
            raise line.fail(f"hora on {line.obj['pai']!r}, but the tile won on is {ev.mjai_tile(tile)}")
        markers = [m for m in b.indicators]
        if "dora_markers" in line.obj:
            named = line.tiles("dora_markers")
            shown = [b.name_of(t) for t in b.indicators]
            if named != shown[: len(named)]:
                raise line.fail("hora's dora_markers are not the indicators turned")
            markers = markers[: len(named)]
        return b.hora(
            actor, target, line.ints("deltas"),
            han=line.number("han", 0), fu=line.number("fu", 0), points=line.number("points", 0),
            yaku=line.get("yaku", _yaku, ()), dora_markers=markers,
            ura_markers=line.tiles("ura_markers", []),
            pao=line.get("pao", _optional_seat) if "pao" in line.obj else None,
        )
    if kind == "ryukyoku":
        reason = line.get("reason", _str, "exhaustive")
        return b.ryukyoku(_REASONS.get(reason, reason), line.ints("tenpai", []), line.ints("deltas"))
    scores = line.ints("scores", list(b.scores))
    if not valid_points(scores, b.seats):
        raise line.fail(f"end_game: the scores {quoted(scores)}: {POINTS_EXPECTED}")
    return ev.EndGame(tuple(scores), tuple(line.ints("results", [])), tuple(line.ints("ranks", [])))
