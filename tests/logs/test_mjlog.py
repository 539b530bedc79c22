"""The mjlog reader: every game of tests/data/mjlog parses, and what it reads adds up.

The checks follow every tile (deal, draws, discards, calls, the hands shown at the end) and every
point (riichi sticks, wins, draws, the final scores) through the 160 Tenhou games.
"""

from __future__ import annotations

import functools
import gzip
import re
from collections import Counter
from pathlib import Path

import pytest

from riichi.errors import LogFormatError
from riichi.logs import (
    RYUUKYOKU_REASONS,
    GameType,
    MjlogAgari,
    MjlogCall,
    MjlogDiscard,
    MjlogDisconnect,
    MjlogDraw,
    MjlogGame,
    MjlogNewDora,
    MjlogReach,
    MjlogReconnect,
    MjlogRound,
    MjlogRyuukyoku,
    decode_meld,
    parse_mjlog,
    read,
    read_mjlog,
)
from riichi.logs import events as ev
from riichi.meld import Meld, MeldKind
from tests.support.paths import DATA

FILES = sorted((DATA / "mjlog").glob("*.mjlog.gz"))
SAMPLE = FILES[0]


@pytest.fixture(scope="module")
def games() -> list[MjlogGame]:
    return [read_mjlog(path) for path in FILES]


@functools.lru_cache(maxsize=1)
def sample_text() -> str:
    return gzip.decompress(SAMPLE.read_bytes()).decode()


# --- the whole data set ---------------------------------------------------------------------


def test_all_160_games_parse_with_the_expected_totals(games: list[MjlogGame]) -> None:
    rounds = [hand for game in games for hand in game.rounds]
    events = Counter(type(event).__name__ for hand in rounds for event in hand.events)
    assert len(games) == 160
    assert len(rounds) == 1671
    assert events["MjlogAgari"] == 1405
    assert events["MjlogRyuukyoku"] == 276
    assert events["MjlogCall"] == 3264
    assert events["MjlogReach"] == 2429
    assert events["MjlogNewDora"] == 142
    assert events["MjlogDisconnect"] == 33
    assert events["MjlogReconnect"] == 31
    assert sum(game.owari is not None for game in games) == 159
    assert {game.game_type.flags for game in games} == {169, 9}
    assert Counter(hand.ryuukyoku.reason for hand in rounds if hand.ryuukyoku) == {
        None: 255, "yao9": 12, "kaze4": 3, "nm": 3, "reach4": 1, "kan4": 1, "ron3": 1
    }


def test_the_first_game_reads_as_written(games: list[MjlogGame]) -> None:
    game = games[0]
    assert game.version == "2.3"
    assert [p.name for p in game.players] == ["反陽子さん", "ASAPIN", "でこじ", "デジタル仙人"]
    assert [(p.dan, p.rate, p.sex) for p in game.players][3] == (17, 2177.0, "F")
    assert game.game_type.room == "houou" and game.game_type.hanchan and game.game_type.red_fives
    first = game.rounds[0]
    assert (first.number, first.honba, first.sticks, first.dice, first.dora_indicator) == (0, 0, 0, (4, 4), 20)
    assert first.scores == (25000,) * 4 and first.dealer == 0
    assert first.hands[0] == (34, 11, 120, 19, 83, 79, 69, 12, 1, 99, 128, 85, 73)
    assert first.events[:4] == (
        MjlogDraw(0, 77),
        MjlogDiscard(0, 120, tsumogiri=False),
        MjlogCall(3, Meld(MeldKind.PON, (120, 121, 122), called=120, from_seat=0)),
        MjlogDiscard(3, 135, tsumogiri=False),
    )
    (win,) = first.agaris
    assert (win.winner, win.from_seat, win.honba, win.sticks, win.win_tile) == (1, 2, 0, 1, 21)
    assert (win.fu, win.points, win.limit, win.han, win.is_tsumo) == (30, 7700, 0, 4, False)
    assert [(y.id, y.han) for y in win.yaku] == [(11, 1), (34, 2), (52, 1)]
    assert win.deltas == (0, 8700, -7700, 0) and win.scores == (25000, 25000, 24000, 25000)
    assert game.owari is not None
    assert game.owari.scores == (20100, 35800, 5200, 38900)
    assert game.owari.points == (-20.0, 16.0, -45.0, 49.0)


def test_plain_and_gzip_input_read_the_same(games: list[MjlogGame]) -> None:
    assert parse_mjlog(sample_text()) == games[0]
    assert parse_mjlog(sample_text().encode()) == games[0]


def test_tsumogiri_marks_exactly_the_discards_of_the_tile_just_drawn(games: list[MjlogGame]) -> None:
    for hand in games[0].rounds:
        last: dict[int, int | None] = {}
        for event in hand.events:
            if isinstance(event, MjlogDraw):
                last[event.seat] = event.tile
            elif isinstance(event, MjlogCall):
                last[event.seat] = None
            elif isinstance(event, MjlogDiscard):
                assert event.tsumogiri == (last.get(event.seat) == event.tile)
                last[event.seat] = None


# --- tiles add up -----------------------------------------------------------------------------


def _remove(hand: list[int], tiles: list[int] | tuple[int, ...]) -> None:
    for tile in tiles:
        hand.remove(tile)  # ValueError (a test failure) if the log used a tile the player lacks


def _check_tiles(hand: MjlogRound) -> None:
    concealed = [list(tiles) for tiles in hand.hands]
    melds: list[list[Meld]] = [[] for _ in range(4)]
    last_discard: MjlogDiscard | None = None
    for event in hand.events:
        if isinstance(event, MjlogDraw):
            concealed[event.seat].append(event.tile)
        elif isinstance(event, MjlogDiscard):
            _remove(concealed[event.seat], [event.tile])
            last_discard = event
        elif isinstance(event, MjlogCall):
            meld, seat = event.meld, event.seat
            if meld.kind in (MeldKind.CHI, MeldKind.PON, MeldKind.KAN):
                assert last_discard is not None
                assert (meld.called, meld.from_seat) == (last_discard.tile, last_discard.seat)
                _remove(concealed[seat], [t for t in meld.tiles if t != meld.called])
            elif meld.kind is MeldKind.KAKAN:
                (pon,) = [m for m in melds[seat] if m.kind is MeldKind.PON and m.tile_type == meld.tile_type]
                assert (pon.called, pon.from_seat) == (meld.called, meld.from_seat)
                _remove(concealed[seat], [t for t in meld.tiles if t not in pon.tiles])
                melds[seat].remove(pon)
            else:
                _remove(concealed[seat], meld.tiles)
            melds[seat].append(meld)
        elif isinstance(event, MjlogAgari):
            tiles = concealed[event.winner] + ([] if event.is_tsumo else [event.win_tile])
            assert sorted(tiles) == sorted(event.hand)
            assert Counter(event.melds) == Counter(melds[event.winner])
        elif isinstance(event, MjlogRyuukyoku):
            for seat, shown in enumerate(event.hands):
                if shown is not None:
                    assert sorted(shown) == sorted(concealed[seat])


def test_every_tile_of_every_round_adds_up(games: list[MjlogGame]) -> None:
    for game in games:
        for hand in game.rounds:
            _check_tiles(hand)


# --- points add up ----------------------------------------------------------------------------


def _check_points(hand: MjlogRound) -> tuple[tuple[int, int, int, int], int]:
    """The scores and sticks the round leaves; asserts every payment inside it is consistent."""
    scores, sticks = list(hand.scores), hand.sticks
    first_win = True
    for event in hand.events:
        if isinstance(event, MjlogReach) and event.step == 2:
            scores[event.seat] -= 1000
            sticks += 1
            assert event.scores == tuple(scores)
        elif isinstance(event, (MjlogAgari, MjlogRyuukyoku)):
            assert event.scores == tuple(scores)
            assert event.honba == hand.honba
            if isinstance(event, MjlogRyuukyoku):
                assert sum(event.deltas) == 0 and event.sticks == sticks
            elif first_win:  # only the winner nearest the discarder takes the sticks
                assert sum(event.deltas) == 1000 * sticks and event.sticks == sticks
                first_win, sticks = False, 0
            else:
                assert sum(event.deltas) == 0 and event.sticks == 0
            scores = [s + d for s, d in zip(scores, event.deltas)]
    return (scores[0], scores[1], scores[2], scores[3]), sticks


def test_points_add_up_through_every_game(games: list[MjlogGame]) -> None:
    for game in games:
        scores, sticks = game.rounds[0].scores, 0  # 25,000 each but 30,000 in the tournament lobby
        assert len(set(scores)) == 1
        for hand in game.rounds:
            assert (hand.scores, hand.sticks) == (scores, sticks)
            scores, sticks = _check_points(hand)
        if game.owari is None:
            continue
        # leftover sticks go to first place; ties go to the seat nearest the first dealer
        top = max(range(4), key=lambda seat: (scores[seat], -((seat - game.first_dealer) % 4)))
        final = [s + (1000 * sticks if seat == top else 0) for seat, s in enumerate(scores)]
        assert game.owari.scores == tuple(final)
        assert sum(game.owari.points) == pytest.approx(0.0)


# --- meld codes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "seat", "meld"),
    [
        (6367, 1, Meld(MeldKind.CHI, (11, 14, 17), called=11, from_seat=0)),
        (54431, 3, Meld(MeldKind.CHI, (87, 88, 93), called=93, from_seat=2)),
        (46185, 3, Meld(MeldKind.PON, (120, 121, 122), called=120, from_seat=0)),
        (43051, 1, Meld(MeldKind.PON, (112, 114, 115), called=112, from_seat=0)),
    ],
)
def test_decode_meld_known_codes(code: int, seat: int, meld: Meld) -> None:
    assert decode_meld(code, seat) == meld


def test_decode_meld_kans() -> None:
    # open kan of 5p (52-55) calling the red five from the player across; the concealed one of 1z
    assert decode_meld(52 << 8 | 2, 0) == Meld(MeldKind.KAN, (52, 53, 54, 55), called=52, from_seat=2)
    assert decode_meld(108 << 8, 1) == Meld(MeldKind.ANKAN, (108, 109, 110, 111))
    # added kan on a pon of 2m (4-7) whose called tile was the second of 4, 5, 7; 6 added; from the left
    code = (1 * 3 + 1) << 9 | 2 << 5 | 0x10 | 3
    assert decode_meld(code, 2) == Meld(MeldKind.KAKAN, (4, 5, 6, 7), called=5, from_seat=1)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (0x04 | 1, "chi must come from the left"),
        (63 * 1024 | 0x04 | 3, "chi run index 21"),
        (34 * 3 << 9 | 0x08 | 1, "tile type 34"),
        (1 << 9 | 0x08, "needs a source"),
        (0x20, r"a North set aside \(kita\) is no meld"),
        (136 << 8 | 1, "kan tile id 136"),
        (1 << 16, "16-bit"),
    ],
)
def test_decode_meld_rejects_bad_codes(code: int, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        decode_meld(code, 0)


def test_every_called_meld_in_the_data_has_its_kind(games: list[MjlogGame]) -> None:
    kinds = Counter(
        e.meld.kind for g in games for hand in g.rounds for e in hand.events if isinstance(e, MjlogCall)
    )
    assert set(kinds) == set(MeldKind)


# --- corrupt input --------------------------------------------------------------------------


def _corrupt(old: str, new: str) -> str:
    text = sample_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (sample_text()[:5000], r"not well-formed XML: .*\(sample, line 1, column \d+\)"),
        ("", "not well-formed XML"),
        ("<html><body/></html>", r"<html> is not the root tag <mjloggm> of an mjlog \(sample, line 1, column 1\)"),
        (_corrupt("<T77/>", "<X77/>"), r"<X77> is not an mjlog tag \(sample, line 1, column \d+\)"),
        (_corrupt("<T77/>", "<T777/>"), "names tile 777"),
        (_corrupt("<T77/>", "<T77>x</T77>"), "unexpected text 'x'"),
        (_corrupt("<T77/>", "<T77><D1/></T77>"), "<D1> is nested inside <T77>"),
        (_corrupt("<T77/>", "<mjloggm/>"), "<mjloggm> is nested inside <mjloggm>"),
        (_corrupt('m="46185"', 'm="46181"'), r"<N> attribute m: meld code 46181: a chi must come from the left"),
        (_corrupt('m="46185"', 'm="4x"'), r"<N> attribute m='4x': expected comma-separated integers"),
        (_corrupt("seed=\"mt19937ar-sha512-n288-base64,0dms", "seed=\"mt19937ar,0dms"), "<SHUFFLE> attribute seed"),
        (_corrupt("seed=\"mt19937ar-sha512-n288-base64,0dms", "seed=\"mt19937ar-sha512-n288-base64,0d*s"), "base64"),
        (_corrupt(' oya="0" hai0', " hai0"), "<INIT> lacks the attribute 'oya'"),
        (_corrupt('seed="0,0,0,3,3,20"', 'seed="0,0,0,3,3"'), "<INIT> attribute seed='0,0,0,3,3': expected 6 values"),
        (_corrupt('seed="0,0,0,3,3,20"', 'seed="0,0,0,3,9,20"'), "<INIT> attribute seed='0,0,0,3,9,20'"),
        (_corrupt('hai0="34,11,', 'hai0="34,'), r"<INIT> attribute hai0=.*expected 13 values, got 12"),
        (_corrupt('step="1"', 'step="3"'), "<REACH> attribute step='3': values must be in 1..2"),
        (_corrupt('fromWho="2"', 'fromWho="4"'), "<AGARI> attribute fromWho='4'"),
        (_corrupt('machi="21"', 'machi="22"'), "the winning tile is not in hai"),
        (_corrupt('yaku="11,1,34,2,52,1"', 'yaku="11,1,34"'), "expected pairs"),
        (_corrupt('sc="250,0,250,87', 'sc="250,0,250'), r"<AGARI> attribute sc=.*expected 8 values"),
        (_corrupt('<INIT seed="1,0,0', '<D1/><INIT seed="1,0,0'), "<D1> outside a round"),
        (_corrupt("<TAIKYOKU oya=\"0\"/>", ""), "before the <GO>, <UN> and <TAIKYOKU> tags"),
        (_corrupt('dan="16,17,17,17"', 'dan="16,17,17"'), "<UN> attribute dan"),
        (_corrupt('n0="%E5%8F', 'n0="%E5%'), "percent-encoded UTF-8"),
        # a three-player game deals no fourth hand
        (_corrupt('GO type="169"', 'GO type="185"'), r"<INIT> attribute hai3=.*expected 0 values, got 13"),
        (_corrupt("owari=\"201,-20.0,", "owari=\"201,x,"), "<AGARI> attribute owari"),
        (_corrupt("</mjloggm>", "<T1/></mjloggm>"), r"<T1> after the end of the game"),
        (_corrupt("<AGARI", "<RYUUKYOKU type=\"what\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\"/><AGARI"),
         "<RYUUKYOKU> attribute type='what'"),
    ],
)
def test_corrupt_input_raises_log_format_error_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        parse_mjlog(text, source="sample")


def test_a_round_without_a_result_is_rejected() -> None:
    text = sample_text()
    cut = text.index("<AGARI")
    text = text[:cut] + text[text.index("/>", cut) + 2 :]
    with pytest.raises(LogFormatError, match="before the previous one ended"):
        parse_mjlog(text)


def test_read_mjlog_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.mjlog"
    path.write_text(_corrupt("<T77/>", "<Q/>"))
    with pytest.raises(LogFormatError, match=r"<Q> is not an mjlog tag \(.*broken\.mjlog, line 1, column \d+\)"):
        read_mjlog(path)
    path.write_bytes(b"\x1f\x8b" + b"not gzip")
    with pytest.raises(LogFormatError, match="corrupt gzip data"):
        read_mjlog(path)


def test_connection_events_and_rule_flags() -> None:
    text = _corrupt("<TAIKYOKU oya=\"0\"/>", "<TAIKYOKU oya=\"0\"/><BYE who=\"2\"/>")
    text = text.replace("<T77/>", '<T77/><UN n2="%41%42"/>', 1)
    game = parse_mjlog(text)
    assert game.rounds[0].events[:3] == (MjlogDisconnect(2), MjlogDraw(0, 77), MjlogReconnect(2, "AB"))
    assert GameType(9).room == "ippan" and not GameType(0x0B).red_fives and GameType(0x0D).open_tanyao is False
    assert RYUUKYOKU_REASONS == {"yao9", "reach4", "ron3", "kan4", "kaze4", "nm"}
    assert isinstance(game.rounds[0].events[-1], MjlogAgari) and game.rounds[0].ryuukyoku is None
    assert not any(isinstance(e, MjlogNewDora) for e in game.rounds[0].events)


def test_a_wins_yaku_add_up_to_its_han_dora_lines_and_kita_included() -> None:
    """A win read from an mjlog names its dora lines (Tenhou's yaku 52-54) as the engine does,
    ``dora``, ``ura_dora``, ``aka_dora``, and at three players the kita Tenhou counts among the
    dora on their own (``kita``): a hand's yaku add up to its han, as the engine's do."""
    wins = [e for path in FILES[::4] + sorted((DATA / "sanma").glob("*.xml"))
            for e in read(path).events if isinstance(e, ev.Hora)]
    names = {name for win in wins for name, _ in win.yaku}
    assert {"dora", "ura_dora", "aka_dora", "kita"} <= names
    for win in wins:
        assert sum(han for _, han in win.yaku) == win.han or any(han == 13 for _, han in win.yaku), win



@pytest.mark.parametrize("damage, message", [
    # the dealer's first discard made by seat 1, which does not hold it
    (lambda t: re.sub(r"(<T\d+/>)<D(\d+)/>", r"\1<E\2/>", t, count=1),
     r"round 0 honba 0, event 2: seat 1 plays \w+ \(id \d+\), which it does not hold"),
    # the dealer's first discard a tile of the wall next to the one it drew: not in its hand
    (lambda t: re.sub(r"<T(\d+)/><D\d+/>", lambda m: f"<T{m[1]}/><D{135 - int(m[1])}/>", t, count=1),
     r"round 0 honba 0, event 2: seat 0 plays \w+ \(id \d+\), which it does not hold"),
    # the first call made by the seat after the one that made it: it lacks the tiles
    (lambda t: re.sub(r'<N who="(\d)"', lambda m: f'<N who="{(int(m[1]) + 1) % 4}"', t, count=1),
     r"round \d+ honba \d+, event \d+: seat \d plays \w+ \(id \d+\), which it does not hold"),
], ids=["another-seat", "a-tile-not-drawn", "a-call-without-the-tiles"])
def test_an_mjlog_that_plays_a_tile_nobody_holds_is_refused(damage: object, message: str) -> None:
    """An mjlog with its shuffle seed has every tile's place: the reader still follows the hands,
    so that a damaged log (a tag of another seat, another tile) is refused where it goes wrong."""
    text = gzip.decompress(FILES[3].read_bytes()).decode()
    damaged = damage(text)  # type: ignore[operator]
    assert damaged != text
    with pytest.raises(LogFormatError, match=rf"^<record>, {message} \(expected a tile of its hand\)$"):
        read(damaged)
