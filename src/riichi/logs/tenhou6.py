"""tenhou.net/6 JSON game records: the form Tenhou's log viewer reads.

A record is ``{"title": [..], "name": [4 names], "rule": {"disp": .., "aka": 1}, "log": [round, ..]}``
and each round a list: ``[kyoku, honba, sticks]`` (kyoku 0 = East 1 ... 4 = South 1),
the starting scores, the dora indicators, the ura indicators, then for each seat its 13 starting
tiles, its takes (draws, and calls as strings) and its discards, and last the result (``["和了",
deltas, [who, from, pao, text, yaku..], ..]`` or a draw such as ``["流局", deltas]``).
``rule.aka`` is the number of red fives of each suit: 1, or 0 in a game without red fives (some
writers give each suit's as ``aka51``, ``aka52``, ``aka53``; a record without either has them).

Tiles are numbers: 11-19 characters, 21-29 circles, 31-39 bamboo, 41-47 winds and dragons (East,
South, West, North, White, Green, Red), 51-53 the red fives (in a game with them); a discard of 60
is the tile just drawn. Calls: ``"c273132"`` chi (the called tile first), ``"p474747"`` /
``"47p4747"`` / ``"4747p47"`` pon from the left / across / right (the letter's place says who),
``"m"`` an open kan the same way (a discard of ``0`` follows it), and in the discards ``"k"`` an
added kan and ``"a"`` a concealed kan, ``"r"`` before a riichi discard.

A three-player game keeps the four places of each list, the fourth empty (no name, a score of 0,
no tiles, a payment of 0), and writes a North set aside (kita) as ``"f44"`` among the discards,
its replacement draw among the takes; calls name their seats by the four places.

The order of play is not written: the reader plays the turns (a call on a discard comes before
the next draw) to lay the round out as events. Some files (mjx's) hold one record per line, one
round each: :func:`parse_tenhou6` joins them.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> result = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=6)
>>> record = parse_tenhou6(dumps_tenhou6(result.events))
>>> len(record.rounds) == len(result.hands)
True
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from riichi.errors import LogFormatError
from riichi.logs import events as ev
from riichi.logs.record import GameRecord, RoundBuilder, TileName, iter_rounds
from riichi.logs.record_bytes import as_text, checked_rounds
from riichi.logs.tenhou6_lines import tenhou6_objects
from riichi.logs.tenhou6_tiles import (checked_four_names, checked_title, parse_tenhou6_code, record_title,
                                       red_fives_of_rule, rules_of_room, tenhou6_code, tile_at, writable_seats)
from riichi.logs.tenhou6_wins import seated_payments, win_text, win_value, yaku_of_text, yaku_text
from riichi.rules import RuleSet
from riichi.rules.files import carried_rules, rules_in_record
from riichi.tiles import WIND_LETTERS

__all__ = ["dumps_tenhou6", "tenhou6_json", "parse_tenhou6", "tenhou6_code", "parse_tenhou6_code"]

_TSUMOGIRI = 60
_KITA = "f44"  # a North (44) set aside, among the discards

_DRAWS = {"exhaustive": "流局", "nagashi_mangan": "流し満貫", "nine_terminals": "九種九牌",
          "four_winds": "四風連打", "four_riichi": "四家立直", "four_kans": "四槓散了", "triple_ron": "三家和了"}
_ALL_TENPAI, _NONE_TENPAI, _WIN = "全員聴牌", "全員不聴", "和了"
_READ_DRAWS = {**{v: k for k, v in _DRAWS.items()}, _ALL_TENPAI: "exhaustive", _NONE_TENPAI: "exhaustive"}

_AFTER = {n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in (3, 4)}  # by seats
_PLAYS = 16  # the most plays of a round (over its calls' readings) before it is called corrupt
_DRAW_TURN = {n: tuple(((s + 1) % n, True, None) for s in range(n)) for n in (3, 4)}  # the next seat's draw

# a call's letter place -> who it was taken from, relative to the caller (3 = left, 2 = across, 1 = right)
_PON_FROM = {0: 3, 2: 2, 4: 1}
_KAN_FROM = {0: 3, 2: 2, 6: 1}


# --- writing ------------------------------------------------------------------------------------


def tenhou6_json(events: Iterable[ev.Event], names: Sequence[str] = ("", "", "", ""), title: str = "",
                 *, red_fives: bool = True, rules: RuleSet | None = None) -> dict[str, Any]:
    """The tenhou.net/6 object of a four- or three-player game's events, with red fives or
    without (``rule.aka`` 1 or 0), and its ``rules`` (the preset and the fields changed,
    :func:`~riichi.rules.files.rules_in_record`); a round not finished is written without result."""
    stream = list(events)
    start = next((e for e in stream if isinstance(e, ev.StartKyoku)), None)
    end = next((e for e in stream if isinstance(e, ev.EndGame)), None)
    seats = writable_seats(start, end)
    code = functools.partial(tenhou6_code, red_fives=red_fives)
    out: dict[str, Any] = {
        "title": [checked_title(title), ""], "name": _four(checked_four_names(names), ""),
        "rule": {"disp": "riichi" if seats == 4 else "riichi 三麻", "aka": int(red_fives)},
        "log": [_round_json(r, code) for r in iter_rounds(stream)],
        **({} if rules is None else {"rules": rules_in_record(rules)}),
    }
    if end is not None:
        out["sc"] = [x for s in range(seats) for x in (end.scores[s], end.results[s] / 1000)] + [0, 0.0] * (4 - seats)
    return out


def _four(values: Sequence[Any], empty: Any) -> list[Any]:
    """``values`` of the seats in the format's four places (a three-player game's last one empty)."""
    return [*values, *[empty] * (4 - len(values))]


def dumps_tenhou6(events: Iterable[ev.Event], names: Sequence[str] = ("", "", "", ""), title: str = "",
                  *, red_fives: bool = True, rules: RuleSet | None = None) -> str:
    """The tenhou.net/6 JSON text of a game's events, with red fives or without, under ``rules``."""
    obj = tenhou6_json(events, names, title, red_fives=red_fives, rules=rules)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


_Code = Callable[[int], int]


def _call_string(letter: str, places: dict[int, int], rel: int, called: int, others: Sequence[int],
                 code: _Code) -> str:
    place = next(p for p, r in places.items() if r == rel)
    codes = [f"{code(t)}" for t in others]
    before = codes[: place // 2]
    return "".join(before) + letter + f"{code(called)}" + "".join(codes[place // 2 :])


def _round_json(events: list[ev.Event], code: _Code) -> list[Any]:
    start = events[0]
    assert isinstance(start, ev.StartKyoku)
    takes: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    dora = [code(start.dora_marker)]
    ura: list[int] = []
    pons: dict[tuple[int, int], str] = {}  # (seat, tile type) -> the pon's string
    riichi = -1
    result: list[Any] = []
    for e in events[1:]:
        if isinstance(e, ev.Draw):
            takes[e.actor].append(code(e.pai))
        elif isinstance(e, ev.Reach):
            riichi = e.actor
        elif isinstance(e, ev.Dahai):
            number: Any = _TSUMOGIRI if e.tsumogiri else code(e.pai)
            discards[e.actor].append(f"r{number}" if riichi == e.actor else number)
            riichi = -1
        elif isinstance(e, ev.ChiCalled):
            takes[e.actor].append("c" + "".join(str(code(t)) for t in (e.pai, *e.consumed)))
        elif isinstance(e, ev.PonCalled):
            text = _call_string("p", _PON_FROM, (e.target - e.actor) % 4, e.pai, e.consumed, code)
            pons[e.actor, e.pai // 4] = text
            takes[e.actor].append(text)
        elif isinstance(e, ev.DaiminkanCalled):
            rel = (e.target - e.actor) % 4
            takes[e.actor].append(_call_string("m", _KAN_FROM, rel, e.pai, e.consumed, code))
            discards[e.actor].append(0)
        elif isinstance(e, ev.KakanDeclared):
            pon = pons[e.actor, e.pai // 4]
            place = pon.index("p")
            discards[e.actor].append(pon[:place] + f"k{code(e.pai)}" + pon[place + 1 :])
        elif isinstance(e, ev.AnkanDeclared):
            codes = [str(code(t)) for t in e.consumed]
            discards[e.actor].append("".join(codes[:3]) + "a" + codes[3])
        elif isinstance(e, ev.KitaDeclared):
            discards[e.actor].append(_KITA)
        elif isinstance(e, ev.Dora):
            dora.append(code(e.dora_marker))
        elif isinstance(e, ev.Hora):
            if len(e.ura_markers) > len(ura):
                ura = [code(t) for t in e.ura_markers]
            result = result or [_WIN]
            result += [_four(e.deltas, 0), _win_info(e, start)]
        elif isinstance(e, ev.Ryukyoku):
            result = _draw_result(e)
    head: list[Any] = [
        [WIND_LETTERS.index(start.bakaze) * 4 + start.kyoku - 1, start.honba, start.kyotaku],
        _four(start.scores, 0), dora, ura,
    ]
    hands = _four(start.tehais, ())
    for seat in range(4):
        head += [[code(t) for t in hands[seat]], takes[seat], discards[seat]]
    return head + ([result] if result else [])


def _win_info(e: ev.Hora, start: ev.StartKyoku) -> list[Any]:
    text = win_text(e.fu, e.han, e.points, e.deltas, winner=e.actor, dealer=start.oya, tsumo=e.actor == e.target,
                    liable=e.pao)
    winds = {"seat_wind": (e.actor - start.oya) % len(e.deltas), "round_wind": WIND_LETTERS.index(start.bakaze)}
    yaku = [yaku_text(name, han, **winds) for name, han in e.yaku]
    pao = e.actor if e.pao is None else e.pao
    return [e.actor, e.target, pao, text, *yaku]


def _draw_result(e: ev.Ryukyoku) -> list[Any]:
    if e.reason == "exhaustive" and not any(e.deltas):
        return [_ALL_TENPAI if len(e.tenpai) == len(e.deltas) else _NONE_TENPAI]
    if e.reason in ("exhaustive", "nagashi_mangan"):
        return [_DRAWS[e.reason], _four(e.deltas, 0)]
    return [_DRAWS.get(e.reason, _DRAWS["exhaustive"])]


# --- reading ------------------------------------------------------------------------------------


def parse_tenhou6(text: str | bytes, *, source: str = "<tenhou6>") -> GameRecord:
    """Read a tenhou.net/6 record: one JSON object, or one per line (rounds of one game: a line
    whose title, names or rules are not the first line's is refused).

    Errors name the round: ``LogFormatError("<tenhou6>, round 2 (S1-0): seat 1 does not hold 7p")``.
    The record's ``rule`` says whether the game has red fives (:attr:`GameRecord.red_fives`):
    without them, a red five's number (51-53) is an error and each suit has four plain fives.
    Its ``rules`` (else those of the Tenhou lobby ``rule.disp`` names: ``鳳南喰赤``, ``般東喰``;
    else None, for a ``disp`` of another site's) are :attr:`GameRecord.rules`; a last round without its result is read as far as it was played.
    """
    text = as_text(text, source)
    objects = list(tenhou6_objects(text, source))
    if not objects:
        raise LogFormatError(f"{source}: no tenhou.net/6 object")
    first = objects[0]
    names = first.get("name", ["", "", "", ""])
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise LogFormatError(f"{source}: 'name' must list 4 player names")
    title = record_title(first.get("title", ""), source)
    rounds: list[Any] = []
    for obj in objects:
        log = obj.get("log")
        if not isinstance(log, list) or not log:
            raise LogFormatError(f"{source}: 'log' must be a non-empty list of rounds")
        rounds.extend(log)
    checked_rounds(len(rounds), source)
    start_scores = _round_scores(rounds[0], f"{source}, round 1", last=len(rounds) == 1)
    seats = _seats(rounds[0])
    start_scores = start_scores[:seats]
    rule = first.get("rule", {})
    red_fives = red_fives_of_rule(rule, source)
    room = rules_of_room(rule, red_fives, seats, source)  # its disp checked beside carried rules too
    rules = carried_rules(first.get("rules"), source)
    if rules is None:
        rules = room
    builder = RoundBuilder(source, start_scores, red_fives=red_fives)
    played = [_read_round(builder, data, f"{source}, round {number}", last=number == len(rounds))
              for number, data in enumerate(rounds, start=1)]
    end = _final(objects[-1], seats, source)
    return GameRecord.from_rounds("tenhou6", names[:seats], ev.StartGame(tuple(start_scores)), played, end,
                                  source, title=title,
                                  red_fives=red_fives, rules=rules)


def _final(obj: dict[str, Any], seats: int, source: str) -> ev.EndGame | None:
    """The end of the game from ``sc`` (final scores and placement points, alternating; the
    first ``seats`` pairs)."""
    sc = obj.get("sc")
    if sc is None:
        return None
    if not isinstance(sc, list) or len(sc) != 8 or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) < 10**6 for x in sc):
        raise LogFormatError(f"{source}: 'sc' must be 8 numbers (the final score and points of each seat)")
    scores = tuple(int(round(sc[2 * s])) for s in range(seats))
    results = tuple(int(round(sc[2 * s + 1] * 1000)) for s in range(seats))
    order = sorted(range(seats), key=lambda s: (-results[s], s))
    return ev.EndGame(scores, results, tuple(order.index(s) + 1 for s in range(seats)))


def _seats(data: list[Any]) -> int:
    """3 for a round (read by :func:`_round_scores`) dealing its fourth place no hand, else 4."""
    return 3 if data[13] == [] else 4


def _round_scores(data: object, where: str, last: bool) -> list[int]:
    if not isinstance(data, list) or len(data) < (16 if last else 17):
        raise LogFormatError(f"{where}: a round is a list of {'16 or 17' if last else '17'} entries")
    scores = data[1]
    if not isinstance(scores, list) or len(scores) != 4 or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise LogFormatError(f"{where}: the starting scores must be 4 whole numbers")
    return scores


def _int_list(value: object, what: str, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise LogFormatError(f"{where}: {what} must be a list")
    return value


class _Play:
    """Plays the turns of one round of a tenhou.net/6 record into events.

    The record does not say which of two equal discards a call took: the reader first lets the
    call take the earlier one and, when the rest of the round cannot be played so, goes back and
    lets it pass (a search over those choices, in record order).
    """

    def __init__(self, b: RoundBuilder, data: list[Any], where: str) -> None:
        self.b, self.where = b, where
        self.dora = [tile_at(c, self.fail) for c in _int_list(data[2], "the dora indicators", where)]
        self.ura = [tile_at(c, self.fail) for c in _int_list(data[3], "the ura indicators", where)]
        self.takes = [_int_list(data[5 + 3 * s], f"seat {s}'s takes", where) for s in range(4)]
        self.discards = [_int_list(data[6 + 3 * s], f"seat {s}'s discards", where) for s in range(4)]
        result = data[16] if len(data) > 16 else None  # None: the round was cut, not finished
        if result is not None and not (isinstance(result, list) and result and isinstance(result[0], str)):
            raise self.fail("the result must be a list starting with its name")
        self.result: list[Any] | None = result
        self.won = result is not None and result[0] == _WIN
        self.ti, self.di = [0, 0, 0, 0], [0, 0, 0, 0]
        self.ends = [len(takes) for takes in self.takes]  # ti when every take is played
        self.next_dora, self.pending_dora = 1, 0
        self.out: list[ev.Event] = []
        self.calls: list[dict[str, tuple[str, int, TileName, list[TileName]]]] = [{}, {}, {}, {}]
        self.after, self.draw_turns = _AFTER[b.seats], _DRAW_TURN[b.seats]  # by the seat that discards
        self.choices: list[tuple[tuple[Any, ...], list[_Turn]]] = []

    def fail(self, problem: str) -> LogFormatError:
        return LogFormatError(f"{self.where}: {problem}")

    def snapshot(self) -> tuple[Any, ...]:
        # the events only grow after a snapshot: their count is enough to go back
        return (self.b.snapshot(), list(self.ti), list(self.di), self.next_dora, self.pending_dora, len(self.out))

    def restore(self, snap: tuple[Any, ...]) -> None:
        builder, ti, di, self.next_dora, self.pending_dora, events = snap
        self.b.restore(builder)
        self.ti, self.di = list(ti), list(di)
        del self.out[events:]

    def play(self, oya: int) -> list[ev.Event]:
        """The round's events after ``start_kyoku``, its result and ``end_kyoku`` included."""
        turn: _Turn | None = (oya, True, None)
        deepest: tuple[int, LogFormatError] | None = None  # the error of the longest try
        # the turns all tries may play: a corrupt round whose calls match many discards fails in linear time
        budget = _PLAYS * (sum(self.ends) + sum([len(moves) for moves in self.discards]) + 1)
        while True:
            try:
                while turn is not None and budget:  # looked at before each turn: no try plays on past it
                    budget -= 1
                    turn = self.turn(turn[0], turn[1], turn[2])
                if turn is None:
                    return self.out
            except LogFormatError as exc:
                if deepest is None or len(self.out) > deepest[0]:
                    deepest = (len(self.out), exc)
                while self.choices and not self.choices[-1][1]:
                    self.choices.pop()
                if not self.choices:
                    raise deepest[1] from None
            if not budget:
                assert deepest is not None  # the first try plays each take at most once: it ends within the budget
                raise LogFormatError(f"{deepest[1]} (nor in {_PLAYS} plays of the round's calls)") from None
            self.restore(self.choices[-1][0])
            turn = self.choices[-1][1].pop(0)

    def peek_take(self, seat: int) -> Any:
        takes, i = self.takes[seat], self.ti[seat]
        return takes[i] if i < len(takes) else None

    def turn_dora(self) -> None:
        if self.next_dora < len(self.dora):
            self.out.append(self.b.dora(self.dora[self.next_dora]))
            self.next_dora += 1

    def flush_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self.turn_dora()

    def over(self) -> bool:
        return self.ti == self.ends

    def turn(self, seat: int, draw: bool, call: tuple[str, int, TileName, list[TileName]] | None) -> _Turn | None:
        """Play ``seat``'s turn (from a draw, or the call ``call``); the next turn, None when the round is over."""
        if call is not None:
            kind, target, called, consumed = call
            self.ti[seat] += 1
            self.out.append(self.b.call(kind, seat, target, called, consumed))
        if draw:
            take = self.peek_take(seat)
            if take is None:
                return self.finish()
            self.ti[seat] += 1
            if not isinstance(take, int):
                raise self.fail(f"seat {seat} calls {take!r} where it draws")
            self.out.append(self.b.tsumo(seat, tile_at(take, self.fail)))
        if self.di[seat] >= len(self.discards[seat]):
            return self.finish()  # a win on the draw or nine terminals
        move = self.discards[seat][self.di[seat]]
        self.di[seat] += 1
        riichi = False
        if isinstance(move, str):  # a kita, a kan or a riichi discard; most discards are numbers
            if move == _KITA:
                self.out.append(self.b.kita(seat))
                if self.over() and self.won:
                    return self.finish()  # a ron on the North
                return seat, True, None
            if "a" in move:
                self.flush_dora()
                self.out.append(self.b.ankan(seat, _codes(move, self)))
                self.turn_dora()
                return seat, True, None
            if "k" in move:
                self.flush_dora()
                added = move[move.index("k") + 1 : move.index("k") + 3]
                self.out.append(self.b.kakan(seat, tile_at(_number(added, self), self.fail)))
                if self.over() and self.won:
                    return self.finish()  # robbed: chankan
                self.pending_dora += 1
                return seat, True, None
            riichi = move.startswith("r")
        elif move == 0:
            if not self.out or not isinstance(self.out[-1], ev.DaiminkanCalled):
                raise self.fail(f"seat {seat} discards 0 (nothing) without an open kan")
            self.flush_dora()
            self.pending_dora += 1
            return seat, True, None
        code = _number(move[1:], self) if riichi else move
        if riichi:
            self.out.append(self.b.reach(seat))
        tsumogiri = code == _TSUMOGIRI
        if tsumogiri:
            if self.b.drawn < 0:
                raise self.fail(f"seat {seat} discards the drawn tile (60) after a call")
            name = self.b.name_of(self.b.drawn)
        else:
            name = tile_at(code, self.fail)
        self.out.append(self.b.dahai(seat, name, tsumogiri))
        self.flush_dora()
        over = self.over()
        # a riichi discard is accepted unless it is won on, or the record was cut on it
        if riichi and not (over and (self.won or self.result is None)):
            self.out.append(self.b.reach_accepted(seat))
        if over:
            return self.finish()
        turns = self.next_turns(seat, name)
        if len(turns) > 1:
            self.choices.append((self.snapshot(), turns[1:]))
        return turns[0]

    def next_turns(self, discarder: int, name: TileName) -> list[_Turn]:
        """Who may play after ``discarder`` discards ``name``: callers (pon, kan first), the next drawer."""
        calls = []  # most discards: none
        for seat in self.after[discarder]:
            takes, i = self.takes[seat], self.ti[seat]
            if i < len(takes) and isinstance(takes[i], str):
                calls.append((seat, takes[i]))
        if not calls:
            return [self.draw_turns[discarder]]
        turns: list[_Turn] = []
        for chi in (False, True):
            for seat, take in calls:
                if take.startswith("c") == chi:
                    call = self.parse_call(seat, take)
                    if call[1] == discarder and call[2] == name:
                        turns.append((seat, False, call))
        turns.append(self.draw_turns[discarder])
        return turns

    def parse_call(self, seat: int, text: str) -> tuple[str, int, TileName, list[TileName]]:
        """The call ``text`` of ``seat`` (read once, asked after each discard until made)."""
        call = self.calls[seat].get(text)
        if call is None:
            call = self.calls[seat][text] = self.read_call(seat, text)
        return call

    def read_call(self, seat: int, text: str) -> tuple[str, int, TileName, list[TileName]]:
        letters = [c for c in text if c.isalpha()]
        if len(letters) != 1 or letters[0] not in "cpm":
            raise self.fail(f"seat {seat}'s take {text!r} is no draw and no chi, pon or open kan")
        letter = letters[0]
        place = text.index(letter)
        if letter == "c":
            if place != 0:
                raise self.fail(f"chi {text!r}: expected 'c' first")
            rel = 3
        else:
            places = _PON_FROM if letter == "p" else _KAN_FROM
            if place not in places:
                raise self.fail(f"call {text!r}: {letter!r} at place {place} says from no one")
            rel = places[place]
        called = tile_at(_number(text[place + 1 : place + 3], self), self.fail)
        rest = text[:place] + text[place + 3 :]
        consumed = [tile_at(_number(rest[i : i + 2], self), self.fail) for i in range(0, len(rest), 2)]
        kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
        return kind, (seat + rel) % 4, called, consumed

    def finish(self) -> _Turn | None:
        for s in range(4):
            if self.ti[s] != len(self.takes[s]) or self.di[s] != len(self.discards[s]):
                raise self.fail(f"seat {s}'s takes or discards go on after the round's play ended")
        if self.result is not None:  # else the record was cut in this round
            self.out += [*_result(self.b, self, self.result), ev.EndKyoku()]
        return None


_Turn = tuple[int, bool, "tuple[str, int, TileName, list[TileName]] | None"]


def _number(text: str, play: _Play) -> int:
    if len(text) != 2 or not text.isdigit():
        raise play.fail(f"{text!r} is not a two-digit tile number")
    return int(text)


def _codes(text: str, play: _Play) -> list[TileName]:
    digits = re.sub("[a-z]", "", text)
    if len(digits) != 8:
        raise play.fail(f"concealed kan {text!r}: expected 4 tiles")
    return [tile_at(_number(digits[i : i + 2], play), play.fail) for i in range(0, 8, 2)]


def _read_round(b: RoundBuilder, data: object, where: str, last: bool) -> list[ev.Event]:
    scores = _round_scores(data, where, last)
    assert isinstance(data, list)
    head = data[0]
    if not isinstance(head, list) or len(head) != 3 or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in head) or not 0 <= head[0] < 16:
        raise LogFormatError(f"{where}: the round head must be [kyoku 0-15, honba, sticks]")
    number, honba, sticks = head
    bakaze, kyoku, oya = WIND_LETTERS[number // 4], number % 4 + 1, number % 4
    # a negative honba (refused by the builder) would read as E1--1: the round alone names it then
    where = f"{where} ({bakaze}{kyoku}{f'-{honba}' if honba >= 0 else ''})"
    b.where = where
    if _seats(data) != b.seats or b.seats == 3 and scores[3] != 0:
        raise LogFormatError(f"{where}: a round of {_seats(data)} players in a game of {b.seats} "
                             "(three players: the fourth place has no hand and a score of 0)")
    hands = [_int_list(data[4 + 3 * s], f"seat {s}'s starting hand", where) for s in range(b.seats)]

    def played(dealer: int) -> list[ev.Event]:
        b.scores = list(scores[: b.seats])
        play = _Play(b, data, where)
        if not play.dora:
            raise play.fail("no dora indicator")
        start = b.start_kyoku(bakaze, kyoku, honba, sticks, dealer, play.dora[0],
                              [[tile_at(c, play.fail) for c in h] for h in hands])
        return [start, *play.play(dealer)]

    try:
        return played(oya)
    except LogFormatError as exc:
        # the head alone says who deals: a head of another round (W2 for E3) fails far into the
        # play, so name the head when the play reads with another dealer
        for dealer in (seat for seat in range(b.seats) if seat != oya):
            try:
                played(dealer)
            except LogFormatError:
                continue
            raise LogFormatError(
                f"{where}: the round head {head} makes seat {oya} the dealer, but the round is played "
                f"as seat {dealer} deals (expected the head of the round played, such as "
                f"[{number - oya + dealer}, {honba}, {sticks}] for {bakaze}{dealer + 1}; with seat {oya} "
                f"dealing: {str(exc).removeprefix(f'{where}: ')})") from None
        raise


def _result(b: RoundBuilder, play: _Play, result: list[Any]) -> list[ev.Event]:
    name = result[0]
    if name == _WIN:
        if len(result) < 3 or len(result) % 2 == 0:
            raise play.fail("a win result is ['和了', deltas, info, ...]")
        wins = []
        for deltas, info in zip(result[1::2], result[2::2]):
            if not isinstance(info, list) or len(info) < 3 or not isinstance(deltas, list):
                raise play.fail("a win's info is [who, from, pao, text, yaku...]")
            who, target, pao = info[:3]
            text = info[3] if len(info) > 3 and isinstance(info[3], str) else ""
            yaku = tuple(yaku_of_text(y) for y in info[4:] if isinstance(y, str))
            fu, han, points = win_value(text, b.seats)
            seat = who if isinstance(who, int) and who in range(4) else -1
            wins.append(b.hora(
                who, target, seated_payments(deltas, b.seats, play.fail),
                han=han or sum(h for _, h in yaku), fu=fu, points=points, yaku=yaku,
                ura_markers=play.ura if seat >= 0 and b.riichi >> seat & 1 else (),
                pao=None if pao == who else pao,
            ))
        return list(wins)
    reason = _READ_DRAWS.get(name)
    if reason is None:
        raise play.fail(f"{name!r} is not a tenhou.net/6 result")
    deltas = result[1] if len(result) > 1 else [0, 0, 0, 0]
    if not isinstance(deltas, list):
        raise play.fail(f"{name}: deltas must be a list")
    deltas = seated_payments(deltas, b.seats, play.fail)
    if name == _ALL_TENPAI:
        tenpai: Sequence[int] = range(b.seats)
    elif reason == "exhaustive":
        tenpai = [s for s, d in enumerate(deltas) if isinstance(d, int) and d > 0]
    else:
        tenpai = ()
    return [b.ryukyoku(reason, tenpai, deltas)]
