"""One row per hand, built from a game's event stream: who won, who dealt in, who declared riichi
or called, what the wins were worth.

The same :class:`HandRecorder` reads the engine's events during a simulation and the events
rebuilt from a real Tenhou record (:func:`riichi.logs.mjlog_events`), so the figures compared
between simulated and real games come from one piece of code.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> result = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=1)
>>> recorder = HandRecorder()
>>> for event in result.events:
...     recorder.feed(event)
>>> [(r.ending, r.round_wind, r.kyoku) for r in recorder.records]
[(<HandEnding.DRAW: 'draw'>, 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from riichi._deprecated import RenamedAttribute
from riichi.errors import LogFormatError
from riichi.game import events as ev
from riichi.game.hand_end import HandEnding

__all__ = ["HandRecord", "HandRecorder", "hand_records"]

_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_EXHAUSTIVE = frozenset({"exhaustive", "nagashi_mangan"})
# The events HandRecorder.feed reads.
_READ = frozenset({
    ev.StartKyoku, ev.Reach, ev.ChiCalled, ev.PonCalled, ev.DaiminkanCalled, ev.ReachAccepted,
    ev.Hora, ev.Ryukyoku, ev.EndKyoku,
})


@dataclass(frozen=True, slots=True)
class HandRecord:
    """How one hand went, by absolute seat.

    ``ending`` is a :class:`~riichi.game.hand_end.HandEnding` (a draw is exhaustive, nagashi
    mangan included; an abort any other draw); ``reason`` ``"tsumo"``, ``"ron"`` or the draw's reason. ``winners`` in the order the wins were
    paid, with ``points`` (the hand's value before counters and sticks), ``han``, ``fu`` and
    ``yaku`` (names) of each; ``discarder`` the seat that dealt in (None for tsumo and draws).
    ``riichi`` and ``called`` flag the seats that declared riichi and that made at least one open
    call (chi, pon or open kan); ``deltas`` are the hand's point changes, riichi sticks included.
    """

    round_wind: int
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    ending: HandEnding
    reason: str
    winners: tuple[int, ...]
    discarder: int | None
    points: tuple[int, ...]
    han: tuple[int, ...]
    fu: tuple[int, ...]
    yaku: tuple[tuple[str, ...], ...]
    riichi: tuple[bool, ...]
    called: tuple[bool, ...]
    deltas: tuple[int, ...]

    kind = RenamedAttribute[HandEnding]("ending")
    """Deprecated: :attr:`ending`."""


class HandRecorder:
    """Turns a stream of :mod:`riichi.game.events` into :class:`HandRecord` rows, one per hand.

    Feed it every event of one or more games in order; :attr:`records` grows by one row at each
    ``end_kyoku``. It keeps only the current hand, so it can sit on a live game as its event sink.
    """

    __slots__ = ("records", "_start", "_riichi", "_called", "_wins", "_deltas", "_draw")

    def __init__(self) -> None:
        self.records: list[HandRecord] = []
        self._start: ev.StartKyoku | None = None
        self._riichi = [False] * 4
        self._called = [False] * 4
        self._wins: list[ev.Hora] = []
        self._deltas = [0] * 4
        self._draw: ev.Ryukyoku | None = None

    def feed(self, event: ev.Event) -> None:
        """Take the next event of the game."""
        cls = type(event)
        # most events (every draw and discard) tell a hand's record nothing: one look-up each
        if cls not in _READ:
            return
        if cls is ev.StartKyoku:
            self._begin(event)  # type: ignore[arg-type]
        elif cls is ev.Reach:
            self._riichi[event.actor] = True  # type: ignore[attr-defined]
        elif cls is ev.ChiCalled or cls is ev.PonCalled or cls is ev.DaiminkanCalled:
            self._called[event.actor] = True  # type: ignore[attr-defined]
        elif cls is ev.ReachAccepted or cls is ev.Hora or cls is ev.Ryukyoku:
            for s, d in enumerate(event.deltas):  # type: ignore[attr-defined]
                self._deltas[s] += d
            if cls is ev.Hora:
                self._wins.append(event)  # type: ignore[arg-type]
            elif cls is ev.Ryukyoku:
                self._draw = event  # type: ignore[assignment]
        elif cls is ev.EndKyoku:
            self._finish()

    def _begin(self, start: ev.StartKyoku) -> None:
        seats = len(start.tehais)
        self._start = start
        self._riichi = [False] * seats
        self._called = [False] * seats
        self._wins = []
        self._deltas = [0] * seats
        self._draw = None

    def _finish(self) -> None:
        start = self._start
        if start is None:
            raise LogFormatError("end_kyoku without a start_kyoku before it")
        wins = self._wins
        if wins:
            tsumo = wins[0].actor == wins[0].target
            ending, reason = HandEnding.WIN, "tsumo" if tsumo else "ron"
            discarder = None if tsumo else wins[0].target
        elif self._draw is not None:
            reason = self._draw.reason
            ending = HandEnding.DRAW if reason in _EXHAUSTIVE else HandEnding.ABORT
            discarder = None
        else:
            raise LogFormatError("end_kyoku of a hand that neither ended in a win nor a draw")
        d = self._deltas
        self.records.append(
            HandRecord(
                round_wind=_WINDS[start.bakaze],
                kyoku=start.kyoku - 1,
                honba=start.honba,
                sticks=start.kyotaku,
                dealer=start.oya,
                ending=ending,
                reason=reason,
                winners=tuple(w.actor for w in wins),
                discarder=discarder,
                points=tuple(w.points for w in wins),
                han=tuple(w.han for w in wins),
                fu=tuple(w.fu for w in wins),
                yaku=tuple(tuple(name for name, _ in w.yaku) for w in wins),
                riichi=tuple(self._riichi),
                called=tuple(self._called),
                deltas=tuple(d),
            )
        )
        self._start = None


def hand_records(events: Iterable[ev.Event]) -> list[HandRecord]:
    """The :class:`HandRecord` of every hand in ``events``."""
    recorder = HandRecorder()
    for event in events:
        recorder.feed(event)
    return recorder.records
