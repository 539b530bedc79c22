"""The review page in a real browser (Debian's chromium, driven by Playwright): the decisions in
play order with previous/next, the filter to the significant losses, the hand drawn at a
decision, and the export of a flagged hand that reads back as a tenhou.net/6 log.

The game: seat 0 is a player that never wins (it lets its tsumo go), so one of its decisions is
one that every analysis flags; the decisions around it are ordinary ones.
"""

from __future__ import annotations

import dataclasses
import json
import urllib.parse
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from riichi.agents import DefensiveAgent
from riichi.analyze.decision import analyse_point
from riichi.analyze.estimate import Estimate
from riichi.analyze.position import as_record, find_point
from riichi.analyze.report import html_report
from riichi.analyze.review import Review, hand_export, pruned, table_view
from riichi.game import play_game
from riichi.game.actions import Ron, Tsumo
from riichi.logs import GameRecord, read
from tests.support.browser import browser  # noqa: F401 - a fixture
from tests.support.paths import DATA

LET_GO = 268  # the event before which seat 0 discarded instead of its tsumo (E3-10)


class NeverWins(DefensiveAgent):
    """The default player, but it never declares a win."""

    def act(self, obs, legal):  # type: ignore[no-untyped-def]
        return super().act(obs, tuple(a for a in legal if not isinstance(a, (Tsumo, Ron))))


@cache
def reviewed() -> Review:
    game = play_game("tenhou", [NeverWins(seed=0)] + [DefensiveAgent(seed=s) for s in (1, 2, 3)],
                     seed=3)
    record, rules = as_record(game)
    points = [find_point(record, rules, at, 0) for at in ("E3-8", "E3-9", LET_GO)]
    assert any(isinstance(a, Tsumo) for a in points[-1].legal)
    decisions, tables = [], []
    for k, point in enumerate(points):
        d = analyse_point(point, samples=16, horizon="hand", seed=k, progress=False,
                          actions=pruned(point))
        view = table_view(point)
        if d.lost is not None:
            view["export"] = hand_export(point, d)
        decisions.append(d)
        tables.append(view)
    return Review("never wins", 0, record.names, "hand", 16, ("defensive",) * 4, 1, 1.0,
                  tuple(decisions), tuple(tables))


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "review.html"
    path.write_text(html_report(reviewed()), encoding="utf-8")
    return path


@pytest.fixture
def page(browser: Browser, page_file: Path) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(page_file.as_uri())
    tab.wait_for_selector("#decision h2")
    yield tab
    assert errors == []
    context.close()


def test_only_the_let_go_tsumo_is_flagged():
    done = reviewed()
    assert [d.lost is not None for d in done.decisions] == [False, False, True]
    better, difference = done.decisions[2].lost  # type: ignore[misc]
    assert better.label == "tsumo" and difference.low > 0
    assert done.flagged() == [2]


def test_next_and_previous_step_through_the_decisions_in_play_order(page: Page):
    labels = [d.label for d in reviewed().decisions]
    assert page.inner_text("#where") == "1 / 3"
    assert labels[0] in page.inner_text("#decision h2")
    assert page.is_disabled("#prev")
    page.click("#next")
    assert page.inner_text("#where") == "2 / 3" and labels[1] in page.inner_text("#decision h2")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#where") == "3 / 3" and "lost" in page.inner_text("#decision h2")
    assert page.is_disabled("#next")
    page.click("#prev")
    assert page.inner_text("#where") == "2 / 3"
    page.click(".pick[data-index='0']")  # the hands' list jumps to a decision
    assert page.inner_text("#where") == "1 / 3"


def test_the_filter_keeps_the_significant_losses(page: Page):
    page.select_option("#filter", "flagged")
    assert page.inner_text("#where") == "1 / 1"
    assert "lost" in page.inner_text("#decision h2")
    assert page.is_disabled("#prev") and page.is_disabled("#next")
    visible = page.locator(".pick:visible")
    assert visible.count() == 1 and "flagged" in (visible.get_attribute("class") or "")
    page.select_option("#filter", "all")
    assert page.locator(".pick:visible").count() == 3


def test_the_table_is_drawn_as_the_seat_saw_it(page: Page):
    done = reviewed()
    page.click(".pick[data-index='2']")
    view = done.tables[2]
    hand = [int(t) for t in page.locator("#hand .tile").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)")]
    assert hand == view["hand"] + [view["drawn"]]
    assert page.locator("#hand .tile.drawn").count() == 1
    assert page.locator("#hand .tile svg").count() == len(hand)  # each tile is drawn
    for s, seat in enumerate(view["seats"]):
        pond = page.locator(f".seat[data-seat='{s}'] .pond .tile")
        assert pond.count() == len(seat["discards"])
    # the figures behind the flag stand beside it: win, deal-in, draw of both actions
    why = page.inner_text("#why")
    assert "tsumo" in why and "win" in why and "deal-in" in why and "draw" in why
    assert "100%" in why  # the tsumo wins the hand in every world


def test_the_flagged_hand_exports_as_a_tenhou6_log(page: Page, tmp_path: Path):
    page.click(".pick[data-index='2']")
    href = page.get_attribute("#export-json", "href") or ""
    assert href.startswith("data:application/json")
    text = urllib.parse.unquote(href.split(",", 1)[1])
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8")
    log = json.loads(text)  # the shape the tenhou.net/6 viewer reads
    assert {"title", "name", "rule", "log"} <= log.keys() and len(log["name"]) == 4
    assert len(log["log"]) == 1 and len(log["log"][0]) == 17  # start, scores, dora, ura, 4 x 3, end
    assert log["log"][0][0] == [2, 0, 0] and all(len(log["log"][0][4 + 3 * s]) == 13
                                                 for s in range(4))  # E3, four dealt hands
    record = read(path)  # and the project's reader takes it as tenhou.net/6
    assert record.format == "tenhou6" and len(record.rounds) == 1
    start = record.rounds[0].start
    assert (start.bakaze, start.kyoku) == ("E", 3)
    assert "E3-10" in json.loads(text)["title"][0]
    viewer = page.get_attribute("#export-tenhou", "href") or ""
    assert viewer.startswith("https://tenhou.net/6/#json=")
    assert json.loads(urllib.parse.unquote(viewer.split("#json=")[1].rsplit("&tw=", 1)[0])) == \
        json.loads(text)
    assert page.locator("#export-json").count() == 1
    page.click(".pick[data-index='0']")  # an unflagged decision has no export
    assert page.locator("#export-json").count() == 0


def _one_decision_page(browser: Browser, point, view, tmp_path: Path,  # noqa: F811
                       horizon: str = "hand", vs_played: Estimate | None = None
                       ) -> tuple[Page, list[str]]:
    """The page of a review of the one decision ``point`` (two worlds to the end of the
    ``horizon``; with ``vs_played``, that is its first other candidate's paired difference),
    open in a new tab, with the list of the script errors it meets."""
    d = analyse_point(point, samples=2, horizon=horizon, seed=1, progress=False,
                      actions=pruned(point))
    if vs_played is not None:
        other = next(a for a in d.actions if not a.played)
        d = dataclasses.replace(d, actions=tuple(
            dataclasses.replace(a, vs_played=vs_played) if a is other else a
            for a in d.actions))
    seats = point.rules.players
    done = Review("one decision", point.seat, point.record.names, horizon, 2,
                  ("defensive",) * seats, 1, 1.0, (d,), (view,))
    path = tmp_path / "review.html"
    path.write_text(html_report(done), encoding="utf-8")
    tab = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(path.as_uri())
    tab.wait_for_selector("#decision h2")
    return tab, errors


def test_a_three_player_table_shows_each_seats_kita(browser: Browser, tmp_path: Path):  # noqa: F811
    sanma = sorted((Path(__file__).parent.parent / "data" / "sanma").glob("*.mjlog.xml"))[-1]
    record, rules = as_record(read(sanma))
    point = find_point(record, rules, "E1-2", seat=0)  # seats 1-3 have set a North aside each
    view = table_view(point)
    assert [len(seat["kita"]) for seat in view["seats"]] == [1, 1, 1]
    tab, errors = _one_decision_page(browser, point, view, tmp_path)
    for s, side in enumerate(("you", "right", "left")):  # nobody sits across at three
        assert f"({side}) · " in tab.inner_text(f".seat[data-seat='{s}'] .who")
        assert "kita 1" in tab.inner_text(f".seat[data-seat='{s}'] .who")
    tab.context.close()
    assert errors == []


def test_without_red_fives_the_page_draws_every_five_plain(browser: Browser, tmp_path: Path):  # noqa: F811
    game = play_game("wrc", [DefensiveAgent(seed=s) for s in range(4)], seed=8)
    record, rules = as_record(game)
    point = find_point(record, rules, 77, 0)  # the hand holds 5m id 16, red under other rules
    view = table_view(point)
    assert 16 in view["hand"] + [view["drawn"]] and view["red_fives"] is False
    tab, errors = _one_decision_page(browser, point, view, tmp_path)
    assert tab.locator("#hand .tile[data-tile='16']").count() == 1
    assert tab.locator(".tile .red-mark").count() == 0  # no tile drawn with the red five's mark
    tab.context.close()
    assert errors == []


def test_at_a_table_of_two_the_other_seat_sits_across(browser: Browser, tmp_path: Path):  # noqa: F811
    game = play_game("2p", [DefensiveAgent(seed=s) for s in range(2)], seed=4)
    record, rules = as_record(game)
    point = find_point(record, rules, "E1-3", seat=0)
    tab, errors = _one_decision_page(browser, point, table_view(point), tmp_path)
    assert "(you) · " in tab.inner_text(".seat[data-seat='0'] .who")
    assert "(across) · " in tab.inner_text(".seat[data-seat='1'] .who")
    tab.context.close()
    assert errors == []


def test_a_three_player_game_review_lists_three_places(browser: Browser, tmp_path: Path):  # noqa: F811
    sanma = sorted((Path(__file__).parent.parent / "data" / "sanma").glob("*.mjlog.xml"))[-1]
    record, rules = as_record(read(sanma))
    point = find_point(record, rules, "E3-8", seat=0)  # the last hand: a short game to play out
    tab, errors = _one_decision_page(browser, point, table_view(point), tmp_path, "game",
                                     Estimate(500.0, 400.0, 600.0))  # better beyond the noise
    head = tab.locator("table.actions tr").first.locator("th").all_inner_texts()
    assert head[4:] == ["1st", "2nd", "3rd", "win", "deal-in", "draw"]
    assert tab.locator("table.actions tr").nth(1).locator("td").count() == len(head)
    assert "1st / 3rd" in tab.inner_text("#why")
    tab.context.close()
    assert errors == []


def test_a_difference_that_rounds_to_zero_shows_no_sign(browser: Browser, tmp_path: Path):  # noqa: F811
    """-0.3 [-0.4, -0.2] showed as '-0 [-0, -0]', a loss the rounded figures do not have."""
    record, rules = as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)],
                                        seed=3))
    point = find_point(record, rules, "E1-3", seat=0)
    tab, errors = _one_decision_page(browser, point, table_view(point), tmp_path,
                                     vs_played=Estimate(-0.3, -0.4, -0.2))
    head = tab.locator("table.actions tr").first.locator("th").all_inner_texts()
    column = head.index("vs played [paired 95%]")
    shown = tab.locator("table.actions tr").locator(f"td:nth-child({column + 1})").all_inner_texts()
    assert "0 [0, 0]" in shown and not any("-0" in text for text in shown), shown
    tab.context.close()
    assert errors == []


def test_a_player_named_like_markup_leaves_the_page_whole(browser: Browser, tmp_path: Path):  # noqa: F811
    """The hand's export carries the players' names: a record whose player is named
    '<!--<script>' kept the page's data open past its end, and the page drew nothing."""
    game = play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=3)
    record = GameRecord.from_events(game.events, names=("<!--<script>", "b", "c", "d"))
    record, rules = as_record(record, "tenhou")
    point = find_point(record, rules, "E1-3", seat=0)
    view = table_view(point)
    view["export"] = hand_export(point, analyse_point(point, samples=2, horizon="hand", seed=1,
                                                      progress=False, actions=pruned(point)))
    assert "<!--<script>" in json.dumps(view["export"], ensure_ascii=False)
    tab, errors = _one_decision_page(browser, point, view, tmp_path,
                                     vs_played=Estimate(500.0, 400.0, 600.0))  # flagged: exported
    assert tab.locator("#export-json").count() == 1
    tab.context.close()
    assert errors == []


def test_the_turn_after_a_call_shows_no_tile_on_offer():
    """The discard after a pon showed the tile just called 'on offer', as if it could be
    claimed again; a claim shows the discard on offer, a turn shows its drawn tile."""
    record, rules = as_record(read(DATA / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog.gz"))
    after_pon = table_view(find_point(record, rules, 59, 2))  # seat 3 pons 2p at event 58
    assert after_pon["offered"] is None and after_pon["drawn"] is None
    claim = table_view(find_point(record, rules, 58, 2))  # the pon itself: 2p on offer
    assert claim["offered"] == 43 and claim["drawn"] is None
    turn = table_view(find_point(record, rules, "E1-1", 1))
    assert turn["offered"] is None and turn["drawn"] is not None


def _headline(done: Review) -> str:
    page = html_report(done)
    start = page.index('<p id="headline">')
    return page[start:page.index("</p>", start)]


def test_a_hand_review_s_headline_adds_no_placement_points_to_points_of_the_hand():
    """An all-last decision of a hand's review is judged in placement points: its loss was added
    to the other decisions' points of the hand, one sum of two units."""
    done = reviewed()
    hand = done.decisions[2]
    lost = hand.lost
    assert lost is not None and hand.measure == "hand_delta"
    # the same loss, judged as at an all-last hand: in placement points
    all_last = dataclasses.replace(hand, measure="points")
    both = dataclasses.replace(done, decisions=(hand, all_last), tables=done.tables[2:] * 2)
    headline = _headline(both)
    assert f"{lost[1].mean:,.0f} points of the hand in all" in headline
    assert "1 all-last decision in placement points, not in that sum" in headline
    only = dataclasses.replace(done, decisions=(all_last,), tables=done.tables[2:])
    assert f"{lost[1].mean:,.0f} placement points in all;" in _headline(only)

