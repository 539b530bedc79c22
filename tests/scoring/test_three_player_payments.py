"""What three players pay: every win and draw of two real Tenhou three-player games, Tenhou's
published tsumo-loss table, north bisection, counters, noten payments and kita dora.

The real games are two Houou hanchans (``tests/data/sanma``, with their licences). For every win
the scorer, given the hand, the melds and the Norths set aside the record shows, must give the
record's fu and points, and :func:`riichi.scoring.settle` under ``tenhou-3p`` the record's point
changes (counters and riichi sticks included); for every exhaustive draw the noten payments must
be the record's. Tenhou's tsumo-loss table is tenhou.club's "天鳳 三麻ツモ和了時(ツモ損ルール)
点数一覧表" (non-dealer: 30 fu 1 han 800 [500-300] ... a yakuman 24000 [16000-8000]); north
bisection's example is mahjongcollege.com's (a non-dealer mangan 3,000 from the other non-dealer
and 5,000 from the dealer) and the 30 fu 3 han of xn--ehqsqk89oqxg.com's "丸どり" page (1,500 /
2,500).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from riichi.errors import InvalidHandError
from riichi.game.draws import nagashi_payments, noten_payments
from riichi.rules import RuleSet, TsumoPayment
from riichi.scoring import Win, hand_value, payment_chart, payments_for, score_hand, settle
from riichi.tiles import format_ids

DATA = Path(__file__).resolve().parent.parent / "data" / "sanma"
GAMES = ("tenhou-sanma-dnovikoff.mjlog.xml", "2014091101gm-00b9-0000-5ca6b487.mjlog.xml")
TENHOU_3P = RuleSet.preset("tenhou-3p")
BISECTION = dataclasses.replace(TENHOU_3P, tsumo_payment=TsumoPayment.NORTH_BISECTION)
# Tenhou's yaku ids that are flags of the win rather than yaku of the tiles
FLAGS = {1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
         21: "double_riichi"}


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")] if text else []


def _meld_tiles(code: int) -> tuple[str, tuple[int, ...]] | None:
    """The kind and tiles of an mjlog meld code; None for a North set aside (kita)."""
    if code & 0x04:  # chi: none at three players
        raise AssertionError(f"a chi in a three-player game: {code}")
    if code & 0x18:  # pon (0x08) or added kan (0x10)
        tile_type, _ = divmod(code >> 9, 3)
        left_out = (code >> 5) & 3
        if code & 0x08:
            return "pon", tuple(tile_type * 4 + c for c in range(4) if c != left_out)
        return "kakan", tuple(tile_type * 4 + c for c in range(4))
    if code & 0x20:
        return None
    tile = code >> 8
    return ("ankan" if code & 3 == 0 else "kan"), tuple(tile // 4 * 4 + c for c in range(4))


def hands_of(name: str) -> list[tuple[str, dict[str, str], int, int]]:
    """Every win and draw of a record: (tag, attributes, dealer, hand of the game)."""
    text = (DATA / name).read_text(encoding="utf-8")
    out = []
    dealer = hand = 0
    for tag, attrs in re.findall(r"<(INIT|AGARI|RYUUKYOKU)([^>]*)/>", text):
        values = dict(re.findall(r'(\w+)="([^"]*)"', attrs))
        if tag == "INIT":
            dealer, hand = int(values["oya"]), _ints(values["seed"])[0]
        else:
            out.append((tag, values, dealer, hand))
    return out


RECORDED = [(name, k, *h) for name in GAMES for k, h in enumerate(hands_of(name))]


def test_the_records_hold_every_hand() -> None:
    assert [len(hands_of(name)) for name in GAMES] == [6, 11]
    assert sum(tag == "AGARI" for _, _, tag, *_ in RECORDED) == 13


@pytest.mark.parametrize(("game", "index", "tag", "values", "dealer", "hand"), RECORDED,
                         ids=[f"{name[:8]}-{k}" for name, k, *_ in RECORDED])
def test_every_hand_of_the_real_games_is_paid_as_the_record_pays_it(
    game: str, index: int, tag: str, values: dict[str, str], dealer: int, hand: int
) -> None:
    counters, sticks = _ints(values["ba"])
    scores = _ints(values["sc"])
    deltas = [100 * scores[2 * seat + 1] for seat in range(3)]
    if tag == "RYUUKYOKU":
        tenpai = [seat for seat in range(3) if f"hai{seat}" in values]
        assert noten_payments(TENHOU_3P.noten_total, tenpai, 3) == deltas
        return
    winner, source = int(values["who"]), int(values["fromWho"])
    tsumo = winner == source
    tiles, win = _ints(values["hai"]), int(values["machi"])
    codes = _ints(values.get("m", ""))
    melds = [_meld_tiles(c) for c in codes]
    kita = melds.count(None)
    flags = {FLAGS[y]: True for y in _ints(values["yaku"])[0::2] if y in FLAGS}
    result = score_hand(
        [t for t in tiles if t != win], win, [f"{k}:{format_ids(t)}" for k, t in filter(None, melds)],
        tsumo=tsumo, seat_wind="ESW"[(winner - dealer) % 3], round_wind="ESW"[hand // 3],
        dora_indicators=_ints(values["doraHai"]), ura_indicators=_ints(values.get("doraHaiUra", "")),
        kita=kita, rules=TENHOU_3P, **flags,
    )
    fu, points = _ints(values["ten"])[:2]
    assert (result.fu, result.points) == (fu, points)
    # Tenhou counts the Norths set aside among its dora (yaku 52); here they are their own line
    recorded = dict(zip(_ints(values["yaku"])[0::2], _ints(values["yaku"])[1::2]))
    assert result.dora + result.kita == recorded.get(52, 0) and result.kita == kita
    paid = settle([Win(winner, result)], dealer=dealer, discarder=None if tsumo else source,
                  honba=counters, riichi_sticks=sticks, rules=TENHOU_3P)
    assert list(paid) == deltas


def test_the_real_games_show_each_payment_rule_of_tenhou_3p() -> None:
    """The rules the records exercise, so that the test above means what the preset says."""
    wins = [(v, d) for _, _, tag, v, d, _ in RECORDED if tag == "AGARI"]
    tsumo_by_non_dealer = [v for v, d in wins if v["who"] == v["fromWho"] and int(v["who"]) != d]
    assert tsumo_by_non_dealer  # tsumo loss: the dealer and the one other non-dealer pay
    with_counters = [v for v, _ in wins if _ints(v["ba"])[0] > 0]
    assert {v["who"] == v["fromWho"] for v in with_counters} == {True, False}  # 100 each / 200
    draws = [v for _, _, tag, v, _, _ in RECORDED if tag == "RYUUKYOKU"]
    assert {sum(f"hai{s}" in v for s in range(3)) for v in draws} == {1, 2}
    assert sum("m" in v and any(c & 0x3C == 0x20 for c in _ints(v["m"])) for v, _ in wins) >= 8


# tenhou.club's table of a non-dealer's tsumo (tsumo loss): (fu, han) -> (dealer, non-dealer)
NON_DEALER_TSUMO = {
    (30, 1): (500, 300), (40, 1): (700, 400), (50, 1): (800, 400), (60, 1): (1000, 500),
    (20, 2): (700, 400), (30, 2): (1000, 500), (40, 2): (1300, 700), (50, 2): (1600, 800),
    (60, 2): (2000, 1000), (20, 3): (1300, 700), (25, 3): (1600, 800), (30, 3): (2000, 1000),
    (40, 3): (2600, 1300), (50, 3): (3200, 1600), (60, 3): (3900, 2000), (20, 4): (2600, 1300),
    (25, 4): (3200, 1600), (30, 4): (3900, 2000), (40, 4): (4000, 2000), (30, 6): (6000, 3000),
    (30, 8): (8000, 4000), (30, 11): (12000, 6000), (30, 13): (16000, 8000),
}


@pytest.mark.parametrize(("fu", "han"), list(NON_DEALER_TSUMO))
def test_tsumo_loss_pays_tenhous_published_table(fu: int, han: int) -> None:
    dealer, other = NON_DEALER_TSUMO[(fu, han)]
    basic = hand_value(han, fu, TENHOU_3P)[0]
    assert payments_for(basic, is_dealer=False, tsumo=True, rules=TENHOU_3P) == {
        "non-dealer": other, "dealer": dealer}
    # the dealer's own tsumo: each of the two others pays what the dealer pays a non-dealer here
    assert payments_for(basic, is_dealer=True, tsumo=True, rules=TENHOU_3P) == {
        "non-dealer": dealer}


def test_the_payment_tables_of_tenhou_3p_give_the_tsumo_total() -> None:
    chart = payment_chart("tenhou-3p")
    non_dealer_tsumo = chart.split("## Non-dealer tsumo")[1].split("##")[0]
    assert "| 30 | 300/500=800 | 500/1000=1500 | 1000/2000=3000 | 2000/3900=5900 |" in non_dealer_tsumo
    dealer_tsumo = chart.split("## Dealer tsumo")[1].split("##")[0]
    assert "| 30 | 500=1000 | 1000=2000 | 2000=4000 | 3900=7800 |" in dealer_tsumo
    assert "| mangan | 5 | 8000 | 2000/4000=6000 | 12000 | 4000=8000 |" in chart
    assert "| 30 | 500/700=1200 |" in payment_chart(BISECTION)


@pytest.mark.parametrize(
    ("basic", "is_dealer", "shares"),
    [
        (2000, False, {"non-dealer": 3000, "dealer": 5000}),  # mangan: 8,000, as a ron
        (2000, True, {"non-dealer": 6000}),
        (960, False, {"non-dealer": 1500, "dealer": 2500}),  # 30 fu 3 han: 1,000 / 2,000
        (240, False, {"non-dealer": 500, "dealer": 700}),  # 30 fu 1 han: 300 / 500
        (240, True, {"non-dealer": 800}),  # 500 all and half of North's 500
    ],
)
def test_north_bisection_halves_the_empty_seats_share(
    basic: int, is_dealer: bool, shares: dict[str, int]
) -> None:
    assert payments_for(basic, is_dealer=is_dealer, tsumo=True, rules=BISECTION) == shares


RIICHI_TSUMO = ("11m99m123p456s567s", "9m")  # riichi and a closed tsumo: 30 fu 2 han


def test_the_scorer_pays_a_tsumo_as_the_rules_of_three_players_say() -> None:
    args = dict(tsumo=True, seat_wind="S", round_wind="E", riichi=True)
    loss = score_hand(*RIICHI_TSUMO, **args, rules=TENHOU_3P)
    assert (loss.han, loss.fu) == (2, 30)
    # 500 / 1,000, North's 500 unpaid
    assert (loss.payments.dealer, loss.payments.non_dealer, loss.points) == (1000, 500, 1500)
    # north bisection: 1,000 + 250 and 500 + 250, each rounded up, and 100 a counter each
    half = score_hand(*RIICHI_TSUMO, **args, rules=BISECTION, honba=2, riichi_sticks=1)
    assert (half.payments.dealer, half.payments.non_dealer) == (1300 + 200, 800 + 200)
    assert half.points == 2100 and half.payments.honba == 400 and half.payments.total == 3500


def test_counters_pay_200_on_a_ron_and_100_from_each_payer_on_a_tsumo() -> None:
    args = dict(seat_wind="S", round_wind="E", riichi=True, rules=TENHOU_3P)
    ron = score_hand(*RIICHI_TSUMO, tsumo=False, **args)
    assert ron.payments.ron == ron.points and score_hand(*RIICHI_TSUMO, tsumo=False, honba=3,
                                                         **args).payments.honba == 600
    assert settle([Win(1, ron)], dealer=0, discarder=2, honba=3, rules=TENHOU_3P) == (
        0, ron.points + 600, -ron.points - 600)
    tsumo = score_hand(*RIICHI_TSUMO, tsumo=True, **args)
    assert settle([Win(1, tsumo)], dealer=0, honba=3, riichi_sticks=2, rules=TENHOU_3P) == (
        -1000 - 300, 1500 + 600 + 2000, -500 - 300)


@pytest.mark.parametrize(("tenpai", "deltas"), [
    ((0,), [2000, -1000, -1000]), ((0, 2), [1000, -2000, 1000]), ((), [0, 0, 0]),
    ((0, 1, 2), [0, 0, 0]),
])
def test_noten_payments_between_three(tenpai: tuple[int, ...], deltas: list[int]) -> None:
    assert noten_payments(TENHOU_3P.noten_total, tenpai, 3) == deltas


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_of_three() -> None:
    assert nagashi_payments([1], dealer=0, rules=TENHOU_3P) == [-4000, 6000, -2000]
    assert nagashi_payments([0], dealer=0, rules=TENHOU_3P) == [8000, -4000, -4000]
    assert nagashi_payments([1], dealer=0, rules=BISECTION) == [-5000, 8000, -3000]


def test_kita_dora_count_on_their_own_line_and_under_a_west_indicator() -> None:
    args = dict(tsumo=False, seat_wind="S", round_wind="E", riichi=True, rules=TENHOU_3P)
    plain = score_hand(*RIICHI_TSUMO, **args)
    two = score_hand(*RIICHI_TSUMO, kita=2, **args)
    assert two.yaku == {**plain.yaku, "kita": 2} and two.han == plain.han + 2 and two.kita == 2
    west = score_hand(*RIICHI_TSUMO, kita=2, dora_indicators="3z", **args)
    assert west.yaku["dora"] == 2 and west.han == plain.han + 4
    # the ura indicator of West (under a dora indicator of Red, which shows no tile of the hand)
    # counts them as ura dora
    ura = score_hand(*RIICHI_TSUMO, kita=1, dora_indicators="7z", ura_indicators="3z", **args)
    assert "dora" not in ura.yaku
    assert ura.yaku["ura_dora"] == 1 and ura.yaku["kita"] == 1


def test_a_1m_indicator_shows_9m_at_three_players() -> None:
    args = dict(tsumo=False, seat_wind="S", round_wind="E", riichi=True, dora_indicators="1m")
    assert score_hand(*RIICHI_TSUMO, **args, rules=TENHOU_3P).yaku["dora"] == 3
    assert score_hand(*RIICHI_TSUMO, **args, rules="tenhou").yaku.get("dora") is None
    assert TENHOU_3P.dora_of(0) == 8 and TENHOU_3P.dora_of(8) == 0


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"kita": 1, "rules": "tenhou"}, "kita=1, but the rules 'tenhou' set no North aside"),
    ({"kita": 2, "concealed": "11m999m123p456s44z"}, "kita=2 with 3 North"),
    ({"kita": 5}, "kita=5 with 0 North"),
    ({"kita": -1}, "kita=-1: expected an int >= 0"),
    ({"concealed": "11m99m123p456s234m"}, "'2m' in the hand: the rules 'tenhou-3p' play three"),
    ({"dora_indicators": "5m"}, "indicator '5m': the rules 'tenhou-3p' play three players"),
])
def test_what_three_players_cannot_hold_is_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = dict(concealed="11m99m123p456s567s", tsumo=False, seat_wind="S",
                                   round_wind="E", riichi=True, rules=TENHOU_3P)
    args.update(kwargs)
    concealed = args.pop("concealed")
    win = "9m" if "44z" not in str(concealed) else "4z"
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        score_hand(concealed, win, **args)  # type: ignore[arg-type]


def test_rinshan_after_a_kita_alone_is_a_possible_win() -> None:
    args = dict(tsumo=True, seat_wind="S", round_wind="E", rules=TENHOU_3P, rinshan=True)
    assert score_hand(*RIICHI_TSUMO, kita=1, **args).yaku["rinshan"] == 1
    with pytest.raises(InvalidHandError, match="rinshan without a kan or a kita"):
        score_hand(*RIICHI_TSUMO, **args)


def test_a_north_kept_in_the_hand_is_a_guest_wind() -> None:
    # three players sit East, South and West, and play no North round: a North triplet is no
    # value tile
    r = score_hand("11m123p456s567s44z", "4z", tsumo=False, seat_wind="W", round_wind="S",
                   riichi=True, rules=TENHOU_3P)
    assert r.yaku == {"riichi": 1}
