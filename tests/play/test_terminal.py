"""The terminal game without a terminal: the table, the key controller and the rendered screen.

Scenario tables are arranged walls (see tests.support.game); the AI seats of these tests discard what
they draw and pass every call, so only the human's keys change the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

import riichi.agents
from riichi import _core
from riichi.agents import RandomAgent
from riichi.errors import IllegalActionError
from riichi.game import Action, Discard, Observation, Pass, Phase, Ron, Wall
from riichi.game import events as ev
from riichi.meld import MeldKind
from riichi.play import Controller, HumanGame, PlayError, make_opponents
from riichi.play.app import key_name
from riichi.play.cli import main
from riichi.play.controller import hint_rows
from riichi.play.rules_text import rules_text
from riichi.play.view import plain, render
from riichi.rules import RuleSet
from riichi.tiles import parse_ids
from tests.support.game import HARMLESS_DORA, QUIET, WIN_HAND


class Tsumogiri:
    """A test seat: discards the tile it drew (else its first legal discard), passes calls."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if isinstance(action, Pass) or (
                isinstance(action, Discard) and action.tile == observation.drawn
            ):
                return action
        return next(a for a in legal_actions if isinstance(a, Discard))


class Ronner(Tsumogiri):
    """A test seat that wins by ron whenever it may, and otherwise plays like Tsumogiri."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        ron = [a for a in legal_actions if isinstance(a, Ron)]
        return ron[0] if ron else super().act(observation, legal_actions)


def arranged(
    hand: str,
    draws: str,
    others: Sequence[str] = QUIET,
    rules: str = "cardavia",
    opponents: Sequence[Tsumogiri] = (),
) -> Controller:
    """Seat 0 (the dealer) is the human with ``hand``; the wall gives ``draws`` in order."""
    wall = Wall.arranged(
        [hand, *others], draws, dora_indicators=HARMLESS_DORA, ura_indicators=HARMLESS_DORA
    )
    players = list(opponents) or [Tsumogiri(), Tsumogiri(), Tsumogiri()]
    table = HumanGame(rules, seed=0, opponents=players, walls=[wall])
    return Controller(table, rules_text(table.rules))


def settle(ui: Controller) -> None:
    """Let the AI play until the human has something to decide (or a hand ended)."""
    while ui.table.ai_pending():
        ui.table.ai_step()
    ui.refresh()


def screen(ui: Controller, width: int = 80, height: int = 24) -> str:
    lines = render(ui, width, height)
    assert len(lines) <= height
    assert all(sum(len(text) for _, text in line) <= width for line in lines)
    return plain(lines)


def press(ui: Controller, *keys: str) -> None:
    for key in keys:
        ui.press(key)
    settle(ui)


# ---------------------------------------------------------------------- the table screen
def test_first_screen_shows_the_table() -> None:
    ui = arranged(WIN_HAND, "9m")
    text = screen(ui)
    assert "CARDAVIA  East 1  honba 0  sticks 0  wall 69" in text
    assert "dora ind 8s (dora 9s)" in text
    assert "> You  East  25,000" in text  # whose turn, your wind, your points
    for other in ("South (right)  25,000", "West (across)  25,000", "North (left)  25,000"):
        assert other in text
    # the hand sorted, the drawn tile apart and under the cursor
    assert "2m 3m 4m 3p 4p 5p 4s 5s 6s Wh Wh Gr Gr   9m" in text
    assert ui.hand_tiles()[ui.cursor] == ui.table.observation.drawn
    assert "Enter discards 9m" in text
    assert "[r] Riichi" in text


def test_discards_show_riichi_and_called_marks_and_melds() -> None:
    ui = arranged("1233m345p456s556z", "9m1p9p3m1s")
    press(ui, "enter")  # 9m; then South 1p, West 9p, North 3m: chi or pon?
    assert [c.label for c in ui.menu()] == ["Pon 3m 3m 3m", "Chi 1m 2m 3m", "Pass"]
    assert ui.menu()[ui.menu_index].label == "Pass"  # Enter alone never calls
    assert "North discards 3m: call?" in screen(ui)
    press(ui, "2", "enter")
    text = screen(ui)
    assert "chi<N 1m 2m 3m" in text  # the meld, from North
    assert "3m^" in text  # North's 3m marked as called
    assert ui.table.observation.melds[0][0].kind is MeldKind.CHI


def test_every_chi_option_is_listed_even_past_the_width() -> None:
    ui = arranged("123m0p689p456s555z", "9m1p9p7p")
    press(ui, "enter")  # 9m; North discards 7p
    labels = [c.label for c in ui.menu()]
    assert labels == ["Chi 0p 6p 7p", "Chi 6p 7p 8p", "Chi 7p 8p 9p", "Pass"]
    text = screen(ui)
    for i, label in enumerate(labels):
        assert f"[{i + 1}] {label}" in text
    assert ">[4] Pass" in text
    press(ui, "3", "enter")
    meld = ui.table.observation.melds[0][0]
    assert meld.types == (15, 16, 17) and meld.called is not None and meld.called >> 2 == 15


def test_red_fives_and_riichi_tile_are_marked() -> None:
    ui = arranged("0m34m345p456s5566z", "9m")
    assert "3m 4m 0m 3p" in screen(ui)
    press(ui, "r", "enter")  # riichi with the drawn 9m
    assert ui.table.state.players[0].riichi
    text = screen(ui)
    assert "9m*" in text and "RIICHI" in text


def test_too_small_terminal_says_so() -> None:
    ui = arranged(WIN_HAND, "9m")
    for width, height in ((79, 24), (80, 23), (40, 10)):
        assert screen(ui, width, height) == "terminal too small (need 80x24)"
    assert "CARDAVIA" in screen(ui, 120, 40)


# ---------------------------------------------------------------------- keys
def test_cursor_index_and_notation_select_tiles() -> None:
    ui = arranged("0m34m345p456s5566z", "9m")
    tiles = ui.hand_tiles()
    assert ui.cursor == 13
    press(ui, "left", "left")
    assert ui.cursor == 11
    press(ui, "home", "left")
    assert ui.cursor == 0
    press(ui, "end", "right")
    assert ui.cursor == 13
    press(ui, "1", "2")  # two digits: the 12th tile
    assert ui.cursor == 11
    press(ui, "4", "p")  # notation
    assert tiles[ui.cursor] >> 2 == 12
    press(ui, "0", "m")  # the red five
    assert tiles[ui.cursor] == 16
    press(ui, "P")  # an honour by its letter: White
    assert tiles[ui.cursor] >> 2 == 31
    press(ui, "9", "s")
    assert ui.message == "no 9s in your hand"
    assert tiles[ui.cursor] >> 2 == 31


def test_wrong_keys_change_nothing() -> None:
    ui = arranged(WIN_HAND, "9m")
    before = ui.table.state.snapshot()
    for key in ("t", "k", "x", "z", "@", "escape", "pageup", "up", "down", "7", "c", "m"):
        ui.press(key)
    assert ui.table.state.snapshot() == before
    with pytest.raises(IllegalActionError):
        ui.table.act(Discard(0, 999))
    assert ui.table.state.snapshot() == before


def test_enter_discards_the_selected_tile() -> None:
    ui = arranged(WIN_HAND, "9m")
    ui.press("2")
    ui.press("enter")
    assert ui.table.log[-1] == "You: discard 3m"
    dahai = [e for e in ui.table.state.events if isinstance(e, ev.Dahai)]
    assert dahai[0].actor == 0 and dahai[0].pai >> 2 == 2 and not dahai[0].tsumogiri


def test_kuikae_discard_is_refused_with_a_reason() -> None:
    ui = arranged("1233m345p456s556z", "9m1p9p3m")
    press(ui, "enter")
    press(ui, "2", "enter")  # chi 1-2-3 on North's 3m
    before = ui.table.state.snapshot()
    press(ui, "3", "m", "enter")
    assert ui.message == "3m may not be discarded now (kuikae)"
    assert ui.table.state.snapshot() == before
    assert "3m" in screen(ui) and "kuikae" in screen(ui)


def test_riichi_mode_offers_only_tenpai_discards() -> None:
    ui = arranged(WIN_HAND, "9m")
    press(ui, "r")
    assert ui.riichi_mode and "RIICHI: pick the discard" in screen(ui)
    press(ui, "home", "enter")  # 2m breaks the wait
    assert ui.message.startswith("riichi is not possible") and not ui.table.state.players[0].riichi
    press(ui, "r")  # cancel
    assert not ui.riichi_mode
    press(ui, "r", "end", "enter")
    assert ui.table.state.players[0].riichi
    # in riichi the drawn tile goes by itself until the hand ends
    assert ui.table.human_actions() == [] or ui.table.state.phase is not Phase.TURN


def test_riichi_hand_keeps_only_the_drawn_tile_or_the_win() -> None:
    ui = arranged(WIN_HAND, "9m1p1s9p1m1p1s9p6z")
    press(ui, "r", "enter")  # riichi with 9m
    # the next draws (1m) were discarded for you; 6z completes the hand
    assert "[t] Tsumo!" in screen(ui)
    before = ui.table.state.snapshot()
    press(ui, "home", "enter")
    assert ui.message == "in riichi you discard the tile you drew (or win, or kan)"
    assert ui.table.state.snapshot() == before
    press(ui, "t")
    summary = ui.table.summary
    # riichi on the first discard: double riichi
    assert summary is not None
    assert {"double_riichi", "menzen_tsumo", "hatsu"} <= set(summary.wins[0].result.yaku)


def test_nine_terminals_abort_where_the_rules_have_it() -> None:
    ui = arranged("19m19p19s1234z258m", "5z", rules="tenhou")
    assert "[x] abort (nine terminals)" in screen(ui)
    press(ui, "x")
    summary = ui.table.summary
    assert summary is not None and summary.ending == "abort"
    assert "aborted (nine terminals)" in screen(ui)


def test_concealed_kan_menu_can_be_cancelled_then_used() -> None:
    ui = arranged("345p456s5567777z", "9m")
    press(ui, "k")
    assert [c.label for c in ui.menu()] == ["Concealed kan Rd", "Cancel"]
    assert "Which kan?" in screen(ui)
    press(ui, "down", "enter")
    assert ui.menu() == [] and ui.discarding()
    press(ui, "k", "enter")
    assert ui.table.observation.melds[0][0].kind is MeldKind.ANKAN
    assert ui.discarding()  # the replacement tile was drawn: discard again


def test_hint_ranks_discards_like_the_core_would() -> None:
    ui = arranged("1233m345p456s556z", "9m")
    press(ui, "h")
    rows = ui.hint()
    hand = list(ui.table.observation.hand)
    counts = np.zeros(34, np.uint8)
    for t in hand:
        counts[t >> 2] += 1
    visible = np.zeros(34, np.uint8)
    visible[int(ui.table.observation.dora_indicators[0]) >> 2] += 1
    # independent reference: remove each tile, then the core's shanten and ukeire of 13 tiles
    expected = []
    for kind in sorted({t >> 2 for t in hand}):
        rest = counts.copy()
        rest[kind] -= 1
        tiles, unseen = _core.ukeire(rest, visible + np.eye(34, dtype=np.uint8)[kind])
        expected.append((_core.shanten(rest), -unseen, kind, tuple(tiles)))
    expected.sort()
    assert [(r.shanten, -r.unseen, r.tile_type, r.ukeire) for r in rows] == expected
    text = screen(ui)
    best = rows[0]
    assert f"{best.unseen} tiles" in text and "hint: discard" in text
    press(ui, "h")
    assert "hint: discard" not in screen(ui)


def test_hint_rows_order() -> None:
    rows = hint_rows(parse_ids("123m456p789s11223z"), np.zeros(34, np.uint8))
    assert rows[0].tile_type == 29 and rows[0].shanten == 0 and rows[0].ukeire == (27, 28)


def test_rules_page_opens_scrolls_and_closes() -> None:
    ui = arranged(WIN_HAND, "9m")
    press(ui, "?")
    text = screen(ui)
    assert "Rules: cardavia" in text and "Differences from 'ema'" in text
    press(ui, "pagedown", "pagedown", "down")
    assert ui.rules_scroll == 21
    assert "Differences from 'ema'" not in screen(ui)
    press(ui, "?")
    assert not ui.rules_open and "Your turn" in screen(ui)


def test_rules_text_of_presets() -> None:
    ema = rules_text(RuleSet.preset("ema"))
    assert "Riichi. A player with a closed hand" in ema
    assert ema.isascii()  # readable in any terminal
    tenhou = rules_text(RuleSet.preset("tenhou"))
    assert tenhou.startswith("Rule set 'tenhou': as 'ema' except") and "kuitan: True" in tenhou


def test_quit_asks_first() -> None:
    ui = arranged(WIN_HAND, "9m")
    press(ui, "q")
    assert "Leave the game? y = yes" in screen(ui)
    press(ui, "n")
    assert not ui.quit and not ui.confirm_quit
    press(ui, "q", "y")
    assert ui.quit


# ---------------------------------------------------------------------- end of a hand
def test_ron_end_screen_shows_yaku_fu_points_and_payments() -> None:
    ui = arranged(WIN_HAND, "9m5z")
    press(ui, "enter")  # discard 9m; South draws and discards White
    labels = [c.label for c in ui.menu()]
    assert labels == ["Ron Wh", "Pon Wh Wh Wh", "Pass"]
    press(ui, "1", "enter")
    summary = ui.table.summary
    assert summary is not None and summary.ending == "win" and summary.reason == "ron"
    win = summary.wins[0]
    assert win.from_seat == 1 and win.result.yaku == {"haku": 1}
    assert summary.deltas == (win.result.points, -win.result.points, 0, 0)
    text = screen(ui)
    assert "You win by ron!" in text
    assert "(ron from South, shanpon wait)" in text
    assert "2m 3m 4m 3p 4p 5p 4s 5s 6s Wh Wh Gr Gr  + Wh" in text
    assert "haku 1 han" in text
    assert win.result.fu_details == [("base", 20), ("closed ron", 10), ("dragon pair 6z", 2),
                                     ("open triplet 5z", 4)]
    for item in ("base 20", "closed ron 10", "dragon pair Gr 2", "open triplet Wh 4"):
        assert item in text
    assert f"1 han 40 fu = {win.result.points:,} points" in text
    assert f"South pays {win.result.points:,}" in text
    assert f"25,000 ->   {25_000 + win.result.points:,}  +{win.result.points:,}" in text
    assert "Enter: final results" in text
    press(ui, "enter")
    assert ui.table.is_over
    final = screen(ui)
    assert "Game over: cardavia" in final and "1st    You" in final
    press(ui, "enter")
    assert ui.quit


def test_tsumo_end_screen() -> None:
    ui = arranged(WIN_HAND, "9m1p1s9p6z")
    press(ui, "enter")
    assert "[t] Tsumo!" in screen(ui)
    press(ui, "t")
    summary = ui.table.summary
    assert summary is not None and summary.reason == "tsumo"
    assert set(summary.wins[0].result.yaku) == {"menzen_tsumo", "hatsu"}
    text = screen(ui)
    assert "You win by tsumo!" in text and "menzen tsumo 1 han" in text and "hatsu 1 han" in text


def test_double_ron_end_screen_fits() -> None:
    others = ("567m678p789s6667z", QUIET[1], QUIET[2])
    ui = arranged("234m345p456s5557z", "9m9p7z", others, rules="ema",
                  opponents=[Ronner(), Tsumogiri(), Tsumogiri()])
    press(ui, "enter")  # 9m; South 9p; West discards Rd: you and South may win on it
    assert [c.label for c in ui.menu()] == ["Ron Rd", "Pass"]
    press(ui, "1", "enter")
    summary = ui.table.summary
    # in turn order from the discarder (West): North, East (you), South
    assert summary is not None and [w.hand.seat for w in summary.wins] == [0, 1]
    text = screen(ui)
    assert "You and South win by ron!" in text
    assert "haku 1 han" in text and "hatsu 1 han" in text
    assert "(ron from West, tanki wait)" in text and "Payments" in text
    paid = summary.wins[0].result.points + summary.wins[1].result.points
    assert summary.deltas[2] == -paid


def test_furiten_is_shown() -> None:
    ui = arranged("23m345p456s55566z", "4m")  # 4m completes the hand: discard it instead
    assert "[t] Tsumo!" in screen(ui)
    press(ui, "end", "enter")
    assert ui.table.observation.furiten
    assert "FURITEN" in screen(ui)


def test_draw_end_screen_shows_tenpai_and_noten_payments() -> None:
    others = ("147m258p369s1155z", "258m369p147s2266z", QUIET[2])
    ui = arranged(WIN_HAND, "", others)
    turns = 0
    while ui.table.summary is None:
        press(ui, "enter")  # tsumogiri, and Pass on every call offered
        turns += 1
        assert turns < 200
    summary = ui.table.summary
    assert summary.ending == "draw" and [h.seat for h in summary.tenpai] == [0]
    assert summary.deltas == (3_000, -1_000, -1_000, -1_000)
    text = screen(ui)
    assert "exhaustive draw" in text
    assert "Tenpai: You   Noten: South, West, North" in text
    assert "You: waits Wh Gr" in text
    assert "Noten payments: 3,000 in total" in text
    assert "25,000 ->   28,000  +3,000" in text


@pytest.mark.parametrize("seat", [0, 2])
def test_whole_ema_game_by_keys_every_screen_fits(seat: int) -> None:
    table = HumanGame("ema", seed=3, opponents=make_opponents(["random"], seed=3), seat=seat)
    ui = Controller(table, rules_text(table.rules))
    summaries = 0
    keys = 0
    while not ui.quit:
        settle(ui)
        text = screen(ui)
        if table.summary is not None:
            summaries += 1
            assert "Payments" in text
        if table.is_over:
            assert "Game over: ema" in text
        ui.press("enter")
        keys += 1
        assert keys < 5_000
    assert summaries == len(table.state.outcomes) > 1
    assert sum(table.state.final_scores or ()) == 120_000


# ---------------------------------------------------------------------- opponents, command line
def test_make_opponents() -> None:
    first = make_opponents(["random"], seed=5)
    again = make_opponents(["random"], seed=5)
    state = HumanGame("ema", 1, first).state
    legal = state.legal_actions(0)
    picks = [[a.act(Observation(state, 0), legal) for _ in range(5)] for a in first + again]
    assert picks[:3] == picks[3:] and picks[0] != picks[1]
    with pytest.raises(PlayError, match="expected 1 or 3 opponent names"):
        make_opponents(["random", "random"], seed=0)
    with pytest.raises(PlayError, match="unknown opponent 'nope'"):
        make_opponents(["nope"], seed=0)


def test_table_refuses_bad_seats() -> None:
    with pytest.raises(PlayError):
        HumanGame("cardavia", 0, [RandomAgent()] * 3, seat=4)
    with pytest.raises(PlayError):
        HumanGame("cardavia", 0, [RandomAgent()] * 2)


def test_command_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--rules", "nope"])
    assert stop.value.code == 2
    refusal = capsys.readouterr().err  # one line, no usage block
    assert refusal.startswith("python -m riichi.play: error: argument --rules: invalid choice: "
                              "'nope' (choose from 'ema',") and refusal.count("\n") == 1
    assert main(["--opponents", "random", "--seed", "1"]) == 2  # pytest's stdin is no terminal
    assert "needs a terminal" in capsys.readouterr().err


def test_key_names() -> None:
    assert [key_name(k) for k in ("c-m", "c-j", "left", "pagedown", "5", "E", "c-x", "f1")] == [
        "enter", "enter", "left", "pagedown", "5", "E", None, None,
    ]


def test_save_names_its_format_by_the_file_name() -> None:
    from riichi.play.cli import main, save_format

    assert save_format("a.jsonl") == "mjai" and save_format("a.jsonl.gz") == "mjai"
    assert save_format("a.json") == "tenhou6" and save_format("b.json.gz") == "tenhou6"
    with pytest.raises(ValueError, match=r"\.jsonl \(mjai\) or \.json"):
        save_format("game.txt")
    assert main(["--save", "game.txt"]) == 2


@pytest.mark.parametrize(("args", "message"), [
    (["--save", "{tmp}/missing/game.jsonl"],
     "--save {tmp}/missing/game.jsonl: no folder {tmp}/missing; expected a file in an existing "
     "folder"),
    (["--save", "{tmp}/kept.jsonl"],
     "--save {tmp}/kept.jsonl: a folder; expected the name of a file to write"),
    (["--web", "--port", "70000", "--save", "{tmp}/game.jsonl"],
     "--save writes the terminal game's record; the web game writes none"),
])
def test_a_save_that_cannot_be_written_is_refused_before_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    (tmp_path / "kept.jsonl").mkdir()
    assert main([a.format(tmp=tmp_path) for a in args]) == 2
    assert capsys.readouterr().err == f"error: {message.format(tmp=tmp_path)}\n"


def test_the_winner_s_payment_line_counts_the_riichi_sticks_taken() -> None:
    ui = arranged(WIN_HAND, "9m1p1s9p1m1p1s9p6z")
    press(ui, "r", "enter")  # riichi with 9m: the stick put down
    press(ui, "t")
    win = ui.table.summary.wins[0] if ui.table.summary else None
    assert win is not None and win.deltas == (13_000, -4_000, -4_000, -4_000)
    # 12,000 from the others and the stick back: the line says where the 13,000 came from
    assert "each of the others pays 4,000 (with riichi sticks 1,000)" in screen(ui, 80, 40)


def test_the_final_results_name_each_seat_as_the_last_hand_did() -> None:
    # tenhou-east, seed 3, you at seat 2: seat 4 deals the last hand, so seat 1 is South in it
    table = HumanGame("tenhou-east", 3, make_opponents(["efficiency"], 3), seat=1)
    ui = Controller(table, "")
    settle(ui)
    while not table.is_over:
        last = screen(ui, 80, 40)
        press(ui, "enter")
    assert "Enter: final results" in last
    final = screen(ui)
    scores = table.state.final_scores
    assert scores is not None
    for seat, wind in enumerate(("South", "West", "North", "East")):
        you = seat == table.seat
        assert f"   {wind:<6}{'(you)' if you else '':<6}" in last  # the last hand's payments
        assert f"{'You' if you else wind + ' (AI)':<16}{scores[seat]:>9,}" in final


@pytest.mark.parametrize("digit", ["0", "8", "9"])
def test_a_digit_and_z_that_name_no_honour_say_so_and_change_nothing(digit: str) -> None:
    ui = arranged(WIN_HAND, "9m")
    before = ui.table.state.snapshot()
    press(ui, "home", digit, "z")  # was a NotationError out of the key handler: a traceback
    assert ui.cursor == 0 and ui.table.state.snapshot() == before
    assert ui.message == f"no tile {digit}z: the honours are 1z to 7z (E S W N Wh Gr Rd)"
    press(ui, "5", "z")  # a real honour still picks
    assert ui.hand_tiles()[ui.cursor] >> 2 == 31 and not ui.message


@pytest.mark.parametrize("key", ["²", "٣"])
def test_a_digit_that_is_not_ascii_changes_nothing(key: str) -> None:
    ui = arranged(WIN_HAND, "9m")
    press(ui, "home", key, "m")  # "²" was a ValueError out of the key handler
    assert ui.cursor == 0 and not ui.message
    ui = arranged("1233m345p456s556z", "9m1p9p3m1s")
    press(ui, "enter")  # 9m; North discards 3m: the call menu
    menu = ui.menu()
    press(ui, key)
    assert ui.menu() == menu and ui.menu()[ui.menu_index].label == "Pass"


@pytest.mark.parametrize(("args", "message"), [
    (["--rules", "tenhou-3p", "--seat", "4"], "--seat 4: expected 1-3 under tenhou-3p"),
    (["--opponents", "random,random"], "expected 1 or 3 opponent names, got 2: random,random"),
    (["--opponents", "tenhou"],
     "unknown opponent 'tenhou'; expected one of random, efficiency, defensive"),
])
def test_a_bad_option_is_named_even_without_a_terminal(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    # pytest's stdin is no terminal: the option's error comes first, not "needs a terminal"
    assert main(args) == 2
    assert capsys.readouterr().err == f"error: {message}\n"


def test_web_refuses_a_seed_the_page_cannot_play(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("starlette")
    # the terminal plays any seed >= 0; the page's games stop at 2**63-1
    assert main(["--web", "--no-browser", "--seed", str(2**63)]) == 2
    assert capsys.readouterr().err == (
        f"error: --seed {2**63}: the web game takes a seed from 0 to 2**63-1\n")


def test_a_long_payment_line_is_wrapped_not_cut() -> None:
    # mahjongsoul-3p, seed 11, you at seat 3: East 1 with 1 honba and 2 sticks, South wins by tsumo
    table = HumanGame("mahjongsoul-3p", 11, make_opponents(["efficiency"], 11, 2), seat=2)
    ui = Controller(table, "")
    settle(ui)
    while table.summary is None or table.summary.position.honba != 1:
        press(ui, "enter")
    text = screen(ui)
    assert "East 1, honba 1, sticks 2: South wins by tsumo!" in text
    assert "(with counters 200 and riichi\n" in text  # wrapped at 80 columns, not cut
    said = " ".join(line.strip() for line in text.splitlines())
    assert ("the dealer pays 4,100, the other player 2,100 (with counters 200 and riichi "
            "sticks 2,000)") in said


def test_the_dora_stay_on_screen_when_the_header_is_long() -> None:
    # mahjongsoul-3p, seed 2, you at seat 3: South 2 has two dora indicators
    table = HumanGame("mahjongsoul-3p", 2, make_opponents(["defensive"], 2, 2), seat=2)
    ui = Controller(table, "")
    settle(ui)
    while len(table.observation.dora_indicators) < 2 or table.summary is not None:
        press(ui, "enter")
    text = screen(ui)
    assert " MAHJONGSOUL-3P  South 2  honba 2  sticks" in text  # cut off at 80 columns before
    assert "\n dora ind 6p 6p (dora 7p 7p)\n" in text
    assert "TENHOU  East 1  honba 0  sticks 0  wall 69  dora ind 8s (dora 9s)" in screen(
        arranged(WIN_HAND, "9m", rules="tenhou"))  # one line where it fits


def test_every_turn_key_the_screen_offers_is_in_the_help_and_the_docs() -> None:
    from riichi.play.cli import parser

    offered = {key for key, _ in arranged("19m19p19s1234z258m", "5z", rules="tenhou")
               .turn_options()}
    assert "x" in offered  # the nine terminals' abort, offered on the first draw
    docs = (Path(__file__).parents[2] / "docs" / "play.md").read_text("utf-8")
    epilog = parser().epilog or ""
    for key in {"t", "r", "k", "n"} | offered:
        assert f"`{key}`" in docs and f" {key} " in epilog


def test_a_hands_payments_start_from_its_deal_and_show_the_riichi_sticks_put_down() -> None:
    # tenhou, seed 1, you in the North: in East 1 East and West declare riichi, South wins by ron
    # on West. The summary was made once the engine had dealt East 2, whose points it took for
    # East 1's start (each seat's points after the hand), so no stick put down was seen.
    table = HumanGame("tenhou", 1, make_opponents(["efficiency"], 1, 3), seat=3)
    ui = Controller(table, "")
    settle(ui)
    while table.summary is None:
        press(ui, "enter")
    assert table.summary.start_scores == (25_000,) * 4
    text = screen(ui)
    assert "   East          25,000 ->   24,000  0  (riichi stick -1,000)\n" in text
    assert "   South         25,000 ->   30,900  +5,900\n" in text
    assert "   West          25,000 ->   20,100  -3,900  (riichi stick -1,000)\n" in text


@pytest.mark.parametrize(("last_draws", "how", "said"), [
    ("7s7s1p5m", "tsumo", "You pay 32,000 (liable: pao)"),  # South draws 5m: you pay alone
    ("5m", "ron", "You pay 16,000 (liable: pao); West pays 16,000"),  # West throws 5m: shared
])
def test_a_pao_win_says_who_paid_it(last_draws: str, how: str, said: str) -> None:
    # it said "the dealer pays 32,000, the others 0 each" and named the discarder alone
    from tests.support.pao import pao_game

    game = pao_game(last_draws)
    text = " ".join(line.strip() for line in screen(game.ui).splitlines())
    assert f"South wins by {how}" in text
    assert said in text
