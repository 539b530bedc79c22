"""Read Tenhou's mjlog XML game records into frozen dataclasses (those of
:mod:`riichi.logs.mjlog_model`, all named here too).

An mjlog is one ``<mjloggm>`` element holding a flat list of tags: ``SHUFFLE`` (the wall seed),
``GO`` (room and rules), ``UN`` (players), ``TAIKYOKU``, then for every round an ``INIT`` followed by
draws ``<T12/>`` ... ``<W12/>`` (seats 0-3), discards ``<D12/>`` ... ``<G12/>``, calls ``N``, ``REACH``,
``DORA``, and one ``RYUUKYOKU`` or one or more ``AGARI``; the last of those carries ``owari``.
``BYE`` and a ``UN`` with one name mark a player leaving and coming back.

Points are given in points (the log writes hundreds). Tiles are 136-ids; melds are
:class:`riichi.meld.Meld` with the absolute seat they were called from.

>>> game = parse_mjlog(
...     '<mjloggm ver="2.3"><GO type="169" lobby="0"/>'
...     '<UN n0="A" n1="B" n2="C" n3="D" dan="16,17,17,17" rate="2121,2181,2185.5,2177" sx="M,M,M,F"/>'
...     '<TAIKYOKU oya="0"/><INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" '
...     'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
...     'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/>'
...     '<T52/><D52/><RYUUKYOKU type="kaze4" ba="0,0" sc="250,0,250,0,250,0,250,0" '
...     'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>')
>>> game.players[2].rate, game.rounds[0].dice, game.rounds[0].events[1]
(2185.5, (4, 4), MjlogDiscard(seat=0, tile=52, tsumogiri=True))
>>> game.rounds[0].ryuukyoku.reason, game.owari.scores
('kaze4', (25000, 25000, 25000, 25000))
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any
from xml.parsers import expat

from riichi._deprecated import renamed
from riichi.errors import LogFormatError, quoted
from riichi.logs import mjlog_model
from riichi.logs.mjlog_model import *  # noqa: F403 - the model's names are this module's too
from riichi.logs.mjlog_model import DISCARD_OF, DRAW_OF, SEATS, TILES
from riichi.logs._mjlog_tags import COLUMN, DRAW, KIND, LINE, MOVE, SEAT, TAG_INDEX, TILE, integers, scan
from riichi.logs.record_bytes import checked_rounds, checked_size, decompressed, read_bounded
from riichi.logs.tenhou_wall import decode_seed
from riichi.meld import Meld

__all__ = ["parse_mjlog", "read_mjlog"]
__all__ += mjlog_model.__all__  # the model's names, served from here too


# --- XML tags -------------------------------------------------------------------------------


class _Tag:
    """One tag as read (an extension type in the compiled build: a log has some hundred)."""

    __slots__ = ("name", "attrs", "source", "line", "column")

    def __init__(self, name: str, attrs: Mapping[str, str], source: str, line: int, column: int) -> None:
        self.name, self.attrs, self.source, self.line, self.column = name, attrs, source, line, column

    def fail(self, problem: str) -> LogFormatError:
        where = f"line {self.line}, column {self.column}" if self.line else "end"
        return LogFormatError(f"<{self.name}> {problem} ({self.source}, {where})")

    def raw(self, key: str) -> str:
        try:
            return self.attrs[key]
        except KeyError:
            raise self.fail(f"lacks the attribute {key!r}") from None

    def numbers(self, key: str, count: int | None = None, valid: range | None = None) -> tuple[int, ...]:
        text = self.raw(key)
        values = integers(text) if text else ()  # read in C as Tenhou writes them, else by int
        if values is None:
            try:
                values = tuple([int(part) for part in text.split(",")])
            except ValueError:
                raise self.fail(f"attribute {key}={quoted(text)}: expected comma-separated integers") from None
        if count is not None and len(values) != count:
            raise self.fail(f"attribute {key}={quoted(text)}: expected {count} values, got {len(values)}")
        if valid is not None:  # a range of step 1: its bounds compared, not its members searched
            low, top = valid.start, valid.stop
            for v in values:
                if not low <= v < top:
                    raise self.fail(f"attribute {key}={quoted(text)}: values must be in {valid.start}..{valid.stop - 1}")
        return values

    def number(self, key: str, valid: range | None = None) -> int:
        return self.numbers(key, 1, valid)[0]

    def optional_number(self, key: str, valid: range | None = None) -> int | None:
        return self.number(key, valid) if key in self.attrs else None

    def floats(self, key: str, count: int) -> tuple[float, ...]:
        text = self.raw(key)
        try:
            values = tuple([float(part) for part in text.split(",")])
        except ValueError:
            raise self.fail(f"attribute {key}={quoted(text)}: expected comma-separated numbers") from None
        if len(values) != count:
            raise self.fail(f"attribute {key}={quoted(text)}: expected {count} values, got {len(values)}")
        return values

    def tiles(self, key: str, count: int | None = None) -> tuple[int, ...]:
        return self.numbers(key, count, TILES)

    def score_pairs(self, key: str = "sc") -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        values = self.numbers(key, 8)
        scores = _four(tuple([100 * v for v in values[0::2]]))
        deltas = _four(tuple([100 * v for v in values[1::2]]))
        return scores, deltas

    def melds(self, key: str, seat: int) -> tuple[tuple[Meld, ...], int]:
        """The melds of attribute ``key``, and the Norths set aside among them (kita)."""
        if key not in self.attrs:
            return (), 0
        codes = self.numbers(key)
        try:
            kita = sum([kita_tile(code) is not None for code in codes])
            return tuple([decode_meld(code, seat) for code in codes if kita_tile(code) is None]), kita
        except LogFormatError as exc:
            raise self.fail(f"attribute {key}: {exc}") from None

    def seat(self, key: str = "who") -> int:
        return self.number(key, SEATS)


_HANDS = ("hai0", "hai1", "hai2", "hai3")  # each seat's starting hand in <INIT>


def _four(values: tuple[int, ...]) -> tuple[int, int, int, int]:
    return values[0], values[1], values[2], values[3]


_Token = tuple[str, dict[str, str], int, int]
"""A tag as read: name, attributes, line and column (a :class:`_Tag` is made of it when needed)."""


def _tokenize(data: str | bytes, source: str) -> list[_Token]:
    """The root tag and its child tags in order, or LogFormatError for XML that is not an mjlog."""
    parser = expat.ParserCreate()
    tags: list[_Token] = []
    open_tags: list[str] = []

    def here(name: str, attrs: dict[str, str]) -> _Tag:
        return _Tag(name, attrs, source, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)

    def start(name: str, attrs: dict[str, str]) -> None:
        if not open_tags and name != "mjloggm":
            raise here(name, attrs).fail("is not the root tag <mjloggm> of an mjlog")
        if len(open_tags) > 1 or (open_tags and name == "mjloggm"):
            raise here(name, attrs).fail(f"is nested inside <{open_tags[-1]}>")
        open_tags.append(name)
        tags.append((name, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1))

    def end(_name: str) -> None:
        open_tags.pop()

    def text(content: str) -> None:
        if content.strip():
            where = f"line {parser.CurrentLineNumber}, column {parser.CurrentColumnNumber + 1}"
            raise LogFormatError(f"unexpected text {content.strip()[:30]!r} ({source}, {where})")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise LogFormatError(
            f"not well-formed XML: {expat.errors.messages[exc.code]} ({source}, line {exc.lineno}, "
            f"column {exc.offset + 1})"
        ) from None
    except UnicodeEncodeError as exc:  # a str that is no text (a lone surrogate)
        raise LogFormatError(f"{source}: not encodable text ({exc.reason} at {exc.start})") from None
    return tags


# --- building the game ----------------------------------------------------------------------

_MOVE_TAG = re.compile(r"([TUVWDEFG])(\d+)")
_SEAT_LETTERS = {letter: seat for seat, letters in enumerate(("TD", "UE", "VF", "WG")) for letter in letters}
# the draws and discards as Tenhou writes them, by tag name: (seat, a draw?, tile)
_MOVES = {f"{letter}{tile}": (seat, letter in "TUVW", tile)
          for letter, seat in _SEAT_LETTERS.items() for tile in TILES}


class _RoundBuilder:
    """Collects one round's events; tracks each seat's last drawn tile to mark tsumogiri."""

    def __init__(self, tag: _Tag, pending: list[MjlogEvent], seats: int) -> None:
        seed = tag.numbers("seed", 6)
        if min(seed[:3]) < 0 or not 0 <= seed[3] < 6 or not 0 <= seed[4] < 6 or seed[5] not in TILES:
            raise tag.fail(f"attribute seed={quoted(tag.raw('seed'))}: expected round,honba,sticks,dice0-5,dice0-5,tile")
        self.number, self.honba, self.sticks = seed[0], seed[1], seed[2]
        self.dice = (seed[3] + 1, seed[4] + 1)
        self.dora_indicator = seed[5]
        self.scores = _four(tuple([100 * v for v in tag.numbers("ten", 4)]))
        self.dealer = tag.seat("oya")
        # three players: the fourth seat's hand is empty
        self.hands = _four_hands(tuple([tag.tiles(_HANDS[seat], 13 if seat < seats else 0) for seat in SEATS]))
        self.events: list[MjlogEvent] = list(pending)
        self.drawn = [-1, -1, -1, -1]  # each seat's tile drawn, while it may be the one discarded
        self.finished = False

    def add(self, event: MjlogEvent) -> None:
        """Any event but a draw or a discard (:meth:`move`)."""
        if isinstance(event, MjlogCall):
            self.drawn[event.seat] = -1
        self.events.append(event)

    def move(self, seat: int, draw: bool, tile: int) -> None:
        """A draw or a discard of ``seat``."""
        if draw:
            self.drawn[seat] = tile
            self.events.append(DRAW_OF[seat][tile])
        else:
            self.events.append(DISCARD_OF[seat][1 if self.drawn[seat] == tile else 0][tile])
            self.drawn[seat] = -1

    def build(self) -> MjlogRound:
        return MjlogRound(
            self.number,
            self.honba,
            self.sticks,
            self.dice,
            self.dora_indicator,
            self.scores,
            self.dealer,
            self.hands,
            tuple(self.events),
        )


def _four_hands(
    hands: tuple[tuple[int, ...], ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    return hands[0], hands[1], hands[2], hands[3]


def _agari(tag: _Tag) -> MjlogAgari:
    honba, sticks = tag.numbers("ba", 2)
    winner = tag.seat("who")
    fu, points, limit = tag.numbers("ten", 3)
    if limit not in range(6):
        raise tag.fail(f"attribute ten={quoted(tag.raw('ten'))}: limit must be 0-5")
    yaku_values = tag.numbers("yaku") if "yaku" in tag.attrs else ()
    if len(yaku_values) % 2:
        raise tag.fail(f"attribute yaku={quoted(tag.raw('yaku'))}: expected pairs of yaku id and han")
    hand = tag.tiles("hai")
    win_tile = tag.number("machi", TILES)
    if win_tile not in hand:
        raise tag.fail(f"attribute machi={win_tile}: the winning tile is not in hai={quoted(tag.raw('hai'))}")
    scores, deltas = tag.score_pairs()
    melds, kita = tag.melds("m", winner)
    return MjlogAgari(
        winner=winner,
        from_seat=tag.seat("fromWho"),
        pao_seat=tag.optional_number("paoWho", SEATS),
        honba=honba,
        sticks=sticks,
        hand=hand,
        melds=melds,
        win_tile=win_tile,
        fu=fu,
        points=points,
        limit=limit,
        yaku=tuple(YakuHan(i, h) for i, h in zip(yaku_values[0::2], yaku_values[1::2])),
        yakuman=tag.numbers("yakuman") if "yakuman" in tag.attrs else (),
        dora_indicators=tag.tiles("doraHai"),
        ura_indicators=tag.tiles("doraHaiUra") if "doraHaiUra" in tag.attrs else (),
        scores=scores,
        deltas=deltas,
        kita=kita,
    )


def _ryuukyoku(tag: _Tag) -> MjlogRyuukyoku:
    reason = tag.attrs.get("type")
    if reason is not None and reason not in RYUUKYOKU_REASONS:
        raise tag.fail(f"attribute type={quoted(reason)}: expected one of {sorted(RYUUKYOKU_REASONS)}")
    honba, sticks = tag.numbers("ba", 2)
    scores, deltas = tag.score_pairs()
    shown = tuple(tag.tiles(f"hai{seat}") if f"hai{seat}" in tag.attrs else None for seat in SEATS)
    return MjlogRyuukyoku(reason, honba, sticks, scores, deltas, (shown[0], shown[1], shown[2], shown[3]))


def _owari(tag: _Tag) -> Owari:
    values = tag.floats("owari", 8)
    if any(v != int(v) for v in values[0::2]):
        raise tag.fail(f"attribute owari={quoted(tag.raw('owari'))}: scores must be whole hundreds")
    scores = _four(tuple(int(v) * 100 for v in values[0::2]))
    points = values[1::2]
    return Owari(scores, (points[0], points[1], points[2], points[3]))


def _name(tag: _Tag, key: str) -> str:
    text = tag.raw(key)
    try:
        return urllib.parse.unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise tag.fail(f"attribute {key}={quoted(text)}: expected a percent-encoded UTF-8 name") from None


def _players(tag: _Tag) -> tuple[MjlogPlayer, MjlogPlayer, MjlogPlayer, MjlogPlayer]:
    names = [_name(tag, f"n{seat}") for seat in SEATS]
    dan = tag.numbers("dan", 4)
    rate = tag.floats("rate", 4)
    sexes = tag.attrs.get("sx", ",,,").split(",")
    if len(sexes) != 4:
        raise tag.fail(f"attribute sx={quoted(tag.raw('sx'))}: expected 4 values")
    players = tuple(MjlogPlayer(names[s], dan[s], rate[s], sexes[s]) for s in SEATS)
    return players[0], players[1], players[2], players[3]


class _GameBuilder:
    """Walks the tag list once; every tag is checked before anything is kept."""

    def __init__(self) -> None:
        self.version = ""
        self.seed: str | None = None
        self.game_type: GameType | None = None
        self.lobby: int | None = None
        self.players: tuple[MjlogPlayer, MjlogPlayer, MjlogPlayer, MjlogPlayer] | None = None
        self.first_dealer: int | None = None
        self.rounds: list[MjlogRound] = []
        self.current: _RoundBuilder | None = None
        self.pending: list[MjlogEvent] = []
        self.owari: Owari | None = None
        self.handlers: dict[str, Callable[[_Tag], None]] = {
            "mjloggm": self.on_root,
            "SHUFFLE": self.on_shuffle,
            "GO": self.on_go,
            "UN": self.on_un,
            "TAIKYOKU": self.on_taikyoku,
            "INIT": self.on_init,
            "N": self.on_call,
            "REACH": self.on_reach,
            "DORA": self.on_dora,
            "AGARI": self.on_agari,
            "RYUUKYOKU": self.on_ryuukyoku,
            "BYE": self.on_bye,
        }

    def feed(self, token: _Token, source: str) -> None:
        name, attrs, line, column = token
        move = _MOVES.get(name)  # draws and discards: most of the tags
        if move is not None and self.owari is None and self.current is not None and not self.current.finished:
            self.current.move(*move)
            return
        self.feed_tag(_Tag(name, attrs, source, line, column))

    def feed_rows(self, rows: Any, tags: list[_Token], source: str) -> None:
        """Feed the tags as :func:`~riichi.logs._mjlog_tags.scan` read them: the draws and
        discards as ``rows`` of numbers, the others in ``tags``."""
        for k in range(rows.shape[0]):
            if rows[k, KIND] == MOVE:
                self.move(int(rows[k, SEAT]), rows[k, DRAW] == 1, int(rows[k, TILE]), int(rows[k, LINE]),
                          int(rows[k, COLUMN]), source)
            else:
                self.feed(tags[rows[k, TAG_INDEX]], source)

    def move(self, seat: int, draw: bool, tile: int, line: int, column: int, source: str) -> None:
        """The draw or discard of the tag at ``line``, ``column``."""
        current = self.current
        if self.owari is None and current is not None and not current.finished:
            current.move(seat, draw, tile)
        else:
            letter = ("TUVW" if draw else "DEFG")[seat]
            self.feed_tag(_Tag(f"{letter}{tile}", {}, source, line, column))

    def feed_tag(self, tag: _Tag) -> None:
        if self.owari is not None:
            raise tag.fail("after the end of the game (owari)")
        handler = self.handlers.get(tag.name)
        if handler is not None:
            handler(tag)
            return
        move = _MOVE_TAG.fullmatch(tag.name)
        if move is None:
            raise tag.fail("is not an mjlog tag")
        letter, tile = move[1], int(move[2])
        if tile not in TILES:
            raise tag.fail(f"names tile {tile}: expected a tile id 0-135")
        self.in_round(tag).move(_SEAT_LETTERS[letter], letter in "TUVW", tile)

    def in_round(self, tag: _Tag) -> _RoundBuilder:
        if self.current is None or self.current.finished:
            raise tag.fail("outside a round (expected <INIT> first)")
        return self.current

    def on_root(self, tag: _Tag) -> None:
        self.version = tag.attrs.get("ver", "")

    def on_shuffle(self, tag: _Tag) -> None:
        seed = tag.raw("seed")
        try:
            decode_seed(seed)
        except LogFormatError as exc:
            raise tag.fail(f"attribute seed: {exc}") from None
        self.seed = seed

    def on_go(self, tag: _Tag) -> None:
        self.game_type = GameType(tag.number("type", range(1 << 16)))
        unplayed = self.game_type.flags & ~0x1FF  # 0x100 only shows where a tile went
        if unplayed:
            raise tag.fail(f"attribute type={self.game_type.flags}: flag {unplayed:#x} (0x200 and 0x400 "
                           "are chips, 祝儀) is not played here; expected flags 0x001-0x100")
        self.lobby = tag.optional_number("lobby")

    def on_un(self, tag: _Tag) -> None:
        if self.players is None:
            self.players = _players(tag)
            return
        for seat in SEATS:
            if f"n{seat}" in tag.attrs:
                self.connection(MjlogReconnect(seat, _name(tag, f"n{seat}")))

    def on_bye(self, tag: _Tag) -> None:
        self.connection(MjlogDisconnect(tag.seat()))

    def connection(self, event: MjlogEvent) -> None:
        if self.current is None:
            self.pending.append(event)
        else:
            self.current.events.append(event)

    def on_taikyoku(self, tag: _Tag) -> None:
        self.first_dealer = tag.seat("oya")

    def on_init(self, tag: _Tag) -> None:
        if self.players is None or self.game_type is None or self.first_dealer is None:
            raise tag.fail("before the <GO>, <UN> and <TAIKYOKU> tags")
        if self.current is not None:
            if not self.current.finished:
                raise tag.fail("starts a round before the previous one ended (no AGARI or RYUUKYOKU)")
            self.rounds.append(self.current.build())
            checked_rounds(len(self.rounds) + 1, f"{tag.source}, line {tag.line}, column {tag.column}")
        self.current = _RoundBuilder(tag, self.pending, self.game_type.players)
        self.pending = []

    def on_call(self, tag: _Tag) -> None:
        seat = tag.seat()
        code = tag.number("m")
        try:
            north = kita_tile(code)
            event: MjlogEvent = MjlogKita(seat, north) if north is not None else MjlogCall(seat, decode_meld(code, seat))
        except LogFormatError as exc:
            raise tag.fail(f"attribute m: {exc}") from None
        self.in_round(tag).add(event)

    def on_reach(self, tag: _Tag) -> None:
        seat, step = tag.seat(), tag.number("step", range(1, 3))
        scores = _four(tuple(100 * v for v in tag.numbers("ten", 4))) if step == 2 else None
        self.in_round(tag).add(MjlogReach(seat, step, scores))

    def on_dora(self, tag: _Tag) -> None:
        self.in_round(tag).add(MjlogNewDora(tag.number("hai", TILES)))

    def on_agari(self, tag: _Tag) -> None:
        current = self.current
        # a double ron writes the second AGARI right after the first one
        second_ron = current is not None and current.finished and isinstance(current.events[-1], MjlogAgari)
        if current is None or not second_ron:
            current = self.in_round(tag)
        current.add(_agari(tag))
        self.finish(current, tag)

    def on_ryuukyoku(self, tag: _Tag) -> None:
        current = self.in_round(tag)
        current.add(_ryuukyoku(tag))
        self.finish(current, tag)

    def finish(self, current: _RoundBuilder, tag: _Tag) -> None:
        current.finished = True
        if "owari" in tag.attrs:
            self.owari = _owari(tag)

    def build(self, end: _Tag) -> MjlogGame:
        if self.players is None or self.game_type is None or self.first_dealer is None:
            raise end.fail("ended before the <GO>, <UN> and <TAIKYOKU> tags")
        if self.current is None:
            raise end.fail("has no round (no <INIT>)")
        rounds = (*self.rounds, self.current.build())
        return MjlogGame(
            self.version, self.seed, self.game_type, self.lobby, self.players, self.first_dealer, rounds, self.owari
        )


def parse_mjlog(data: str | bytes, *, source: str = "<mjlog>") -> MjlogGame:
    """Parse the text of an mjlog (XML ``str`` or ``bytes``; gzip-compressed bytes too).

    ``source`` names the input in error messages. Anything that is not a well-formed mjlog (of
    four or three players) raises :class:`~riichi.errors.LogFormatError` naming the tag, the attribute and the position.

    >>> parse_mjlog("<mjloggm><GO type='169'/><X1/></mjloggm>")
    Traceback (most recent call last):
    ...
    riichi.errors.LogFormatError: <X1> is not an mjlog tag (<mjlog>, line 1, column 26)
    """
    data = decompressed(data, source) if isinstance(data, bytes) else checked_size(data, source)
    builder = _GameBuilder()
    # the XML Tenhou writes, read in C; other input (bytes not ASCII, not text at all) goes to expat
    text = data if isinstance(data, str) else data.decode("ascii") if isinstance(data, bytes) and data.isascii() else None
    scanned = scan(text) if text is not None else None
    if scanned is None:
        for tag in _tokenize(data, source):
            builder.feed(tag, source)
    else:
        builder.feed_rows(scanned[0], scanned[1], source)
    return builder.build(_Tag("mjloggm", {}, source, 0, 0))


def read_mjlog(path: str | os.PathLike[str]) -> MjlogGame:
    """Read an mjlog file (plain or gzip-compressed, as Tenhou serves them).

    Errors name the file: ``LogFormatError("<INIT> lacks the attribute 'oya' (game.mjlog, line 1, column 2345)")``.
    """
    return parse_mjlog(read_bounded(path), source=os.fspath(path))


if not TYPE_CHECKING:
    __getattr__ = renamed(__name__, {"RYUUKYOKU_KINDS": ("RYUUKYOKU_REASONS", RYUUKYOKU_REASONS)})
