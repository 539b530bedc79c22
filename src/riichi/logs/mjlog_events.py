"""A Tenhou mjlog as events of :mod:`riichi.logs.events`, and as a :class:`GameRecord`.

With this, :class:`~riichi.stats.records.HandRecorder` computes the figures of real games with
the same code as those of simulated ones, and :func:`~riichi.game.replay.replay` plays them on the
walls rebuilt from the log's shuffle seed.
"""

from __future__ import annotations

from collections.abc import Iterator

from riichi.errors import LogFormatError, quoted
from riichi.logs import events as ev
from riichi.logs.mjlog_model import (
    MjlogAgari,
    MjlogCall,
    MjlogDiscard,
    MjlogDraw,
    MjlogGame,
    MjlogKita,
    MjlogNewDora,
    MjlogReach,
    MjlogRound,
    MjlogRyuukyoku,
)
from riichi.logs.record import POINTS_EXPECTED, GameRecord, rebuild_wall, valid_points
from riichi.logs.tenhou_wall import TenhouWalls
from riichi.meld import MeldKind
from riichi.tiles import WIND_LETTERS

__all__ = ["mjlog_events", "mjlog_record", "TENHOU_YAKU", "TENHOU6_YAKU"]

TENHOU_YAKU: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind",
    12: "seat_wind", 13: "seat_wind", 14: "round_wind", 15: "round_wind", 16: "round_wind",
    17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi", 22: "chiitoitsu",
    23: "chanta", 24: "ittsu", 25: "sanshoku_doujun", 26: "sanshoku_doukou", 27: "sankantsu",
    28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou",
    33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou",
    39: "daisangen", 40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou",
    44: "chinroutou", 45: "chuuren", 46: "chuuren_9", 47: "kokushi", 48: "kokushi_13",
    49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
}
"""Tenhou's yaku ids (as in mjlog ``yaku``/``yakuman``) by this package's yaku names; the dora
ids 52-54 are not yaku and are left out (a win's dora lines read as the engine's ``dora``,
``ura_dora``, ``aka_dora`` and ``kita``)."""
_DORA = {52: "dora", 53: "ura_dora", 54: "aka_dora"}

TENHOU6_YAKU: dict[str, str] = {
    name: TENHOU_YAKU[i] for i, name in enumerate((
        "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
        "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
        "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
        "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
        "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈",
        "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子"))
} | {"ドラ": "dora", "裏ドラ": "ura_dora", "赤ドラ": "aka_dora", "抜きドラ": "kita",
     "Riichi": "riichi", "Dora": "dora", "Ura Dora": "ura_dora"}
"""This package's yaku names by the names Tenhou's tenhou.net/6 logs give them (the order of
their ids), and its dora lines'; and the three English names a log of the tests carries
(``Riichi``, ``Dora``, ``Ura Dora``): no source found gives the English client's whole list, so
other English names read as they are."""

_DRAW_REASONS = {
    None: "exhaustive",
    "nm": "nagashi_mangan",
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "kan4": "four_kans",
    "ron3": "triple_ron",
}


def mjlog_events(game: MjlogGame) -> Iterator[ev.Event]:
    """The events of ``game`` in the engine's vocabulary, from ``start_game`` to ``end_game``.

    Tenhou's records are complete for what the statistics read (deal, draws, discards, calls,
    riichi, dora, wins and draws with their payments); ``end_game`` is left out when the record
    was cut before the end. :class:`LogFormatError` names the round of an added kan without its
    pon or an unknown yakuman id.
    """
    start, rounds, end = _laid_out(game)
    if start is not None:
        yield start
    for events in rounds:
        yield from events
    if end is not None:
        yield end


def _laid_out(game: MjlogGame) -> tuple[ev.StartGame | None, list[list[ev.Event]], ev.EndGame | None]:
    """The ``start_game`` of ``game`` (None without rounds), the events of each round, its end."""
    seats = game.game_type.players  # three players: the log's fourth slot is empty
    start = ev.StartGame(game.rounds[0].scores[:seats]) if game.rounds else None
    rounds = [_round_events(rnd, seats) for rnd in game.rounds]
    if game.owari is None:
        return start, rounds, None
    scores = game.owari.scores[:seats]
    if not valid_points(scores, seats):
        raise LogFormatError(f"owari: the final scores {quoted(scores)}: {POINTS_EXPECTED}")
    points = game.owari.points[:seats]
    order = sorted(range(seats), key=lambda s: (-points[s], s))
    ranks = tuple(order.index(s) + 1 for s in range(seats))
    results = tuple(round(p * 1000) for p in points)
    return start, rounds, ev.EndGame(scores, results, ranks)


def _round_events(rnd: MjlogRound, seats: int) -> list[ev.Event]:
    where = f"round {rnd.number} honba {rnd.honba}"
    if not valid_points(rnd.scores):  # four, the last 0 at three players
        raise LogFormatError(f"{where}: the scores {quoted(rnd.scores)}: {POINTS_EXPECTED}")
    scores = list(rnd.scores[:seats])
    out: list[ev.Event] = [ev.StartKyoku(
        bakaze=WIND_LETTERS[rnd.number // 4 % 4],
        kyoku=rnd.number % 4 + 1,
        honba=rnd.honba,
        kyotaku=rnd.sticks,
        oya=rnd.dealer,
        dora_marker=rnd.dora_indicator,
        scores=tuple(scores),
        tehais=rnd.hands[:seats],
    )]
    after_kan = -1  # the seat whose next draw is a replacement tile
    # which seat holds each tile (a byte per seat and 136-id, 1 where held): a damaged log plays
    # tiles nobody holds
    held = bytearray(136 * seats)
    for seat in range(seats):
        for tile in rnd.hands[seat]:
            held[seat * 136 + tile] = 1
    pons: dict[tuple[int, int], tuple[int, ...]] = {}  # (seat, tile type) -> the pon an added kan extends
    ended = False
    for e in rnd.events:
        if isinstance(e, MjlogDraw):
            draw = e
            held[draw.seat * 136 + draw.tile] = 1
            out.append(ev.shared_draw(draw.seat, draw.tile, draw.seat == after_kan))
            after_kan = -1
        elif isinstance(e, MjlogDiscard):
            discard = e
            _play_one(held, discard.seat, discard.tile, where, len(out))
            out.append(ev.shared_dahai(discard.seat, discard.tile, discard.tsumogiri))
        elif isinstance(e, MjlogKita):
            after_kan = e.seat  # its replacement tile comes next
            _play_one(held, e.seat, e.tile, where, len(out))
            out.append(ev.KitaDeclared(e.seat, e.tile))
        elif isinstance(e, MjlogCall):
            if e.meld.is_kan:
                after_kan = e.seat
            if e.meld.kind is MeldKind.PON:
                pons[e.seat, e.meld.tile_type] = e.meld.tiles
            call = _call_event(e, pons, where)
            for tile in (call.pai,) if isinstance(call, ev.KakanDeclared) else getattr(call, "consumed"):
                _play_one(held, e.seat, tile, where, len(out))
            out.append(call)
        elif isinstance(e, MjlogReach):
            if e.step == 1:
                out.append(ev.Reach(e.seat))
            else:
                deltas = tuple([-1000 if s == e.seat else 0 for s in range(seats)])
                scores[e.seat] -= 1000
                out.append(ev.ReachAccepted(e.seat, deltas, tuple(scores)))
        elif isinstance(e, MjlogNewDora):
            out.append(ev.Dora(e.indicator))
        elif isinstance(e, (MjlogAgari, MjlogRyuukyoku)) and not valid_points(e.deltas):  # four too
            raise LogFormatError(f"{where}: the payments {quoted(e.deltas)}: {POINTS_EXPECTED}")
        elif isinstance(e, MjlogAgari):
            scores = [s + d for s, d in zip(scores, e.deltas)]
            out.append(_hora(e, tuple(scores), seats, where))
            ended = True
        elif isinstance(e, MjlogRyuukyoku):
            scores = [s + d for s, d in zip(scores, e.deltas)]
            tenpai = tuple([s for s, h in enumerate(e.hands) if h is not None]) if e.reason is None else ()
            out.append(ev.Ryukyoku(_DRAW_REASONS[e.reason], tenpai, e.deltas[:seats], tuple(scores)))
            ended = True
    if ended:
        out.append(ev.END_KYOKU)
    return out


def _play_one(held: bytearray, seat: int, tile: int, where: str, event: int) -> None:
    """``seat`` plays ``tile`` from its hand (``held``: see _round_events) at the round's
    ``event``; :class:`LogFormatError` if it does not hold it (the place is written only then: a
    log reads thousands of plays)."""
    at = seat * 136 + tile
    if not held[at]:
        raise LogFormatError(f"{where}, event {event}: seat {seat} plays {ev.mjai_tile(tile)} "
                             f"(id {tile}), which it does not hold (expected a tile of its hand)")
    held[at] = 0


def _call_event(call: MjlogCall, pons: dict[tuple[int, int], tuple[int, ...]], where: str) -> ev.Event:
    meld, seat = call.meld, call.seat
    if meld.kind is MeldKind.ANKAN:
        return ev.AnkanDeclared(seat, meld.tiles)
    called = meld.called
    assert called is not None and meld.from_seat is not None  # every called meld names both
    if meld.kind is MeldKind.KAKAN:
        pon = pons.pop((seat, meld.tile_type), None)
        added = [t for t in meld.tiles if pon is not None and t not in pon]
        if pon is None or len(added) != 1:
            raise LogFormatError(f"{where}: seat {seat} adds a kan to a pon of {ev.mjai_tile(meld.tiles[0])} "
                                 "it has not called")
        return ev.KakanDeclared(seat, added[0], pon)
    consumed = tuple(t for t in meld.tiles if t != called)
    event = {MeldKind.CHI: ev.ChiCalled, MeldKind.PON: ev.PonCalled,
             MeldKind.KAN: ev.DaiminkanCalled}[meld.kind]
    return event(seat, meld.from_seat, called, consumed)


def _hora(agari: MjlogAgari, scores: tuple[int, ...], seats: int, where: str) -> ev.Hora:
    unknown = [y for y in agari.yakuman if y not in TENHOU_YAKU]
    if unknown:
        raise LogFormatError(f"{where}: yakuman {unknown} are not Tenhou yaku ids (0-51)")
    # the dora lines as the engine names them, the kita Tenhou counts among the dora on their own
    named = [(TENHOU_YAKU.get(y.id) or _DORA[y.id], y.han - (agari.kita if y.id == 52 else 0))
             for y in agari.yaku if y.id in TENHOU_YAKU or y.id in _DORA]
    yaku = tuple((name, han) for name, han in named if han) + tuple(
        (TENHOU_YAKU[y], 13) for y in agari.yakuman) + ((("kita", agari.kita),) if agari.kita else ())
    return ev.Hora(
        actor=agari.winner,
        target=agari.from_seat,
        pai=agari.win_tile,
        deltas=agari.deltas[:seats],
        scores=scores,
        han=agari.han,
        fu=agari.fu,
        points=agari.points,
        yaku=yaku,
        dora_markers=agari.dora_indicators,
        ura_markers=agari.ura_indicators,
        pao=agari.pao_seat,
    )


def mjlog_record(game: MjlogGame, *, source: str = "<mjlog>") -> GameRecord:
    """``game`` as a :class:`GameRecord`, with the exact walls when the log has its shuffle seed,
    else the walls its rounds show (:class:`LogFormatError` if a round shows a tile twice)."""
    try:
        start, rounds, end = _laid_out(game)
    except LogFormatError as exc:
        raise LogFormatError(f"{source}, {exc}") from None
    if start is None:
        raise LogFormatError(f"{source}: a game record begins with start_game")
    names = [p.name for p in game.players[: game.game_type.players]]
    walls: TenhouWalls | tuple[tuple[int, ...], ...]
    if game.seed is not None:  # shuffled when first read
        walls = TenhouWalls(game.seed, game.game_type.players, len(game.rounds))
    else:
        rebuilt = []
        for number, events in enumerate(rounds, start=1):
            try:
                rebuilt.append(tuple(rebuild_wall(events)))
            except LogFormatError as exc:
                raise LogFormatError(f"{source}, round {number}: {exc}") from None
        walls = tuple(rebuilt)
    return GameRecord.from_rounds("mjlog", names, start, rounds, end, source, walls=walls,
                                  red_fives=game.game_type.red_fives, rules=game.game_type.rules)
