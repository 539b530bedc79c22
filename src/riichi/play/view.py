"""The screen as lines of styled text: a pure function of a :class:`Controller` and a size.

:func:`render` returns lines of ``(style, text)`` fragments (the form prompt_toolkit draws);
:func:`plain` joins them into text, which is what the tests read. Nothing here touches a
terminal, so the same screen is checked at 80x24 in a test and drawn in the game.

>>> from riichi.agents import RandomAgent
>>> from riichi.play.human_game import HumanGame
>>> table = HumanGame("cardavia", seed=4, opponents=[RandomAgent(s) for s in (1, 2, 3)])
>>> screen = plain(render(Controller(table, ""), 80, 24))
>>> "East 1" in screen and "Your turn" in screen
True
>>> plain(render(Controller(table, ""), 79, 24))
'terminal too small (need 80x24)'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence

from riichi import _core
from riichi.game import Phase
from riichi.game.player import DiscardedTile
from riichi.meld import Meld, MeldKind
from riichi.play.controller import Controller, HintRow
from riichi.play.human_game import HandSummary, HumanGame, ShownHand, WinSummary
from riichi.play.tiletext import WIND_NAMES, tile_label, tile_style
from riichi.tiles import parse_tile_id

__all__ = ["MIN_WIDTH", "MIN_HEIGHT", "Line", "render", "plain"]

MIN_WIDTH = 80
MIN_HEIGHT = 24
Fragment = tuple[str, str]
Line = list[Fragment]

_DIRECTIONS = {4: ("", "right", "across", "left"), 3: ("", "right", "left")}
"""Where each other seat sits, by its place in turn order after the player's, four or three
seats round the table."""
_CLAIMED_BY = {Phase.CHANKAN: "adds a kan with", Phase.KITA: "sets aside"}
"""What the seat did with the tile others may call, other than discarding it."""
_TOO_SMALL = f"terminal too small (need {MIN_WIDTH}x{MIN_HEIGHT})"
_INDENT = "   "


def plain(lines: Sequence[Line]) -> str:
    """The text of rendered lines, trailing spaces dropped."""
    return "\n".join("".join(text for _, text in line).rstrip() for line in lines)


def render(ui: Controller, width: int, height: int, glyphs: bool = False) -> list[Line]:
    """The whole screen for a terminal of ``width`` x ``height`` cells (at most ``height`` lines,
    none wider than ``width``)."""
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        return [[("class:warning", _TOO_SMALL)]]
    table = ui.table
    painter = _Painter(glyphs, table.rules.players, table.rules.red_fives)
    if ui.rules_open:
        lines = _rules_page(ui, width, height)
    elif ui.confirm_quit:
        ask = [("class:prompt", "Leave the game? y = yes, any other key = no")]
        lines = _table_screen(ui, painter, width) + [ask]
    elif table.summary is not None:
        lines = _summary_screen(table, table.summary, painter, width, height)
    elif table.is_over:
        lines = _final_screen(table)
    else:
        lines = _table_screen(ui, painter, width) + _bottom(ui, painter, width)
    return _fit(lines, width, height)


def _fit(lines: list[Line], width: int, height: int) -> list[Line]:
    """Drop blank lines, then the last lines, until the screen fits; cut lines to the width."""
    while len(lines) > height and any(not _text(line).strip() for line in lines):
        blank = max(i for i, line in enumerate(lines) if not _text(line).strip())
        del lines[blank]
    return [_cut(line, width) for line in lines[:height]]


def _text(line: Line) -> str:
    return "".join(text for _, text in line)


def _cut(line: Line, width: int) -> Line:
    out: Line = []
    room = width
    for style, text in line:
        if room <= 0:
            break
        out.append((style, text[:room]))
        room -= len(text[:room])
    return out


class _Painter:
    """Tiles as styled fragments, plain letters or Unicode glyphs, at a table of ``players``."""

    def __init__(self, glyphs: bool, players: int, red_fives: bool) -> None:
        self.glyphs = glyphs
        self.players = players
        self.red_fives = red_fives

    def tile(self, tile: int, extra: str = "", mark: str = " ") -> list[Fragment]:
        """One three-cell tile: the label, then a mark (a one-letter label keeps the mark
        beside it: ``S^``)."""
        style = tile_style(tile, self.red_fives) + (" " + extra if extra else "")
        label = tile_label(tile, self.glyphs, self.red_fives)
        if label.endswith(" ") and mark != " ":
            return [(style, label[0]), ("", mark + " ")]
        return [(style, label), ("", mark)]

    def tiles(self, tiles: Iterable[int]) -> list[Fragment]:
        out: list[Fragment] = []
        for t in tiles:
            out += self.tile(t)
        return out

    def meld(self, meld: Meld, dealer: int) -> list[Fragment]:
        """``pon<W 5p5p5p``: the kind, the wind of the seat the called tile came from (the
        called tile underlined), the tiles."""
        kind = {MeldKind.KAN: "kan", MeldKind.KAKAN: "kan+"}.get(meld.kind, meld.kind.value)
        source = "" if meld.from_seat is None else f"<{_wind(meld.from_seat, dealer, self.players)[0]}"
        out: list[Fragment] = [("class:meld", f"{kind}{source}")]
        for t in sorted(meld.tiles):
            style = tile_style(t, self.red_fives) + (" underline" if t == meld.called else "")
            out += [("", " "), (style, tile_label(t, self.glyphs, self.red_fives).rstrip())]
        return out

    def pond(self, discards: Sequence[DiscardedTile], width: int) -> list[Line]:
        """A discard pile in order, wrapped: ``*`` marks the riichi tile, ``^`` a called one and
        ``.`` a tsumogiri (the drawn tile discarded at once), which is also greyed, as Tenhou
        greys it (the mark says it without colour)."""
        per_line = max(1, (width - len(_INDENT)) // 3)
        lines: list[Line] = []
        for start in range(0, max(1, len(discards)), per_line):
            line: Line = [("", _INDENT)]
            for d in discards[start : start + per_line]:
                mark = "*" if d.riichi else ("^" if d.claimed else ("." if d.tsumogiri else " "))
                extra = "reverse" if d.riichi else ("class:called" if d.claimed else "")
                if d.tsumogiri:
                    extra += " class:tsumogiri"
                line += self.tile(d.tile, extra.strip(), mark)
            lines.append(line)
        return lines


def _wind(seat: int, dealer: int, players: int) -> str:
    return WIND_NAMES[(seat - dealer) % players]


def _who(table: HumanGame, seat: int, dealer: int) -> str:
    """``"You"`` or the seat's wind in the hand whose dealer is ``dealer``."""
    return "You" if seat == table.seat else _wind(seat, dealer, table.rules.players)


def _header(table: HumanGame, painter: _Painter, width: int) -> list[Line]:
    """The preset, round, counters, sticks, wall and the dora: one line, or two where the dora
    indicators (a long preset name, kans) would run past the width."""
    obs = table.observation
    rules = table.rules
    round_name = f"{WIND_NAMES[obs.round_wind % 4]} {obs.kyoku + 1}"
    line: Line = [
        ("class:title", f" {rules.name.upper()} "),
        ("", f" {round_name}  honba {obs.honba}  sticks {obs.sticks}  wall {obs.wall_remaining}"),
    ]
    dora: Line = [("", "dora ind ")]
    for t in obs.dora_indicators:
        dora += painter.tile(t)
    doras = [rules.dora_of(t >> 2) for t in obs.dora_indicators]
    dora.append(("class:dim", f"(dora {table.tiles_text(d * 4 + 1 for d in doras)})"))
    if len(_text(line)) + 2 + len(_text(dora)) <= width:
        return [line + [("", "  ")] + dora]
    return [line, [("", " ")] + dora]


def _seat_block(ui: Controller, seat: int, painter: _Painter, width: int) -> list[Line]:
    table = ui.table
    obs = table.observation
    state = table.state
    on_turn = state.phase is not Phase.OVER and state.turn == seat
    players = table.rules.players
    rel = (seat - table.seat) % players
    who = "You" if rel == 0 else f"{table.wind_name(seat)} ({_DIRECTIONS[players][rel]})"
    wind = f"  {table.wind_name(seat)}" if rel == 0 else ""
    head: Line = [
        ("class:turn" if on_turn else "", "> " if on_turn else "  "),
        ("class:you" if rel == 0 else "class:seat", f"{who}{wind}"),
        ("", f"  {obs.scores[seat]:,}"),
    ]
    if obs.kita[seat]:
        head.append(("", f"  kita x{len(obs.kita[seat])}"))
    if obs.riichi[seat]:
        head.append(("class:riichi", "  RIICHI"))
    if rel == 0 and obs.waits and obs.furiten:
        head.append(("class:warning", "  FURITEN"))
    shown: Line = []
    for m in obs.melds[seat]:
        shown += [("", "  ")] + painter.meld(m, state.dealer)
    lines = [head]
    if len(_text(head)) + len(_text(shown)) + 2 <= width:
        head += [("", " ")] + shown
    else:  # many melds: a line of their own
        lines.append([("", " ")] + shown)
    return lines + painter.pond(obs.discards[seat], width)


def _table_screen(ui: Controller, painter: _Painter, width: int) -> list[Line]:
    table = ui.table
    lines = _header(table, painter, width) + [[]]
    players = table.rules.players
    for rel in range(1, players):
        lines += _seat_block(ui, (table.seat + rel) % players, painter, width)
    lines.append([])
    lines += _seat_block(ui, table.seat, painter, width)
    lines.append([])
    lines += _hand(ui, painter)
    return lines


def _hand(ui: Controller, painter: _Painter) -> list[Line]:
    """Index line, the hand (drawn tile apart), the cursor line and, with the hint, ukeire."""
    tiles = ui.hand_tiles()
    obs = ui.table.observation
    apart = obs.drawn is not None
    discarding = ui.discarding()
    hints = {r.tile_type: r for r in ui.hint()} if ui.show_hint else {}
    best = min((r.shanten for r in hints.values()), default=0)
    index: Line = [("", _INDENT)]
    hand: Line = [("", _INDENT)]
    cursor: Line = [("", _INDENT)]
    ukeire: Line = [("", _INDENT)]
    for i, t in enumerate(tiles):
        gap = "  " if apart and i == len(tiles) - 1 else ""
        index.append(("class:dim", f"{gap}{i + 1:<3}"))
        selected = discarding and i == ui.cursor
        allowed = not discarding or ui.discard_allowed(t)
        extra = "reverse" if selected else ("" if allowed else "class:dim")
        hand += [("", gap)] + painter.tile(t, extra)
        cursor.append(("class:cursor", gap + ("^^ " if selected else "   ")))
        row = hints.get(t >> 2)
        text = "" if row is None else (f"{row.unseen:<2}" if row.shanten == best else "--")
        ukeire.append(("class:hint", f"{gap}{text:<3}"))
    lines = [index, hand, cursor]
    if hints:
        lines.append(ukeire)
    return lines


def _hint_line(ui: Controller) -> Line:
    rows = ui.hint()
    if ui.hint_wins():
        return [("class:hint", "hint: Tsumo! (t) - the drawn tile wins")]
    if not rows:
        return [("class:hint", "hint: on your turn")]
    top: HintRow = rows[0]
    kinds = ui.table.tiles_text(t * 4 + 1 for t in top.ukeire) if len(top.ukeire) <= 8 else (
        f"{len(top.ukeire)} kinds")
    return [("class:hint",
             f"hint: discard {ui.table.tiles_text([top.tile_type * 4 + 1])} -> "
             f"{_shanten_words(top.shanten)}, {top.unseen} tiles ({kinds})")]


def _shanten_words(shanten: int) -> str:
    return "tenpai" if shanten == 0 else f"{shanten}-shanten"


def _bottom(ui: Controller, painter: _Painter, width: int) -> list[Line]:
    table = ui.table
    lines: list[Line] = []
    if ui.show_hint:
        lines.append(_hint_line(ui))
    lines += [[("class:log", "  " + text)] for text in list(table.log)[-2:]]
    lines += _prompt(ui, painter, width)
    if ui.message:
        lines.append([("class:warning", ui.message)])
    legend = " (numbers: ukeire of each discard, -- worse)" if ui.show_hint else ""
    lines.append([("class:dim", f"h hint{legend}   ? rules   q quit")])
    return lines


def _prompt(ui: Controller, painter: _Painter, width: int) -> list[Line]:
    table = ui.table
    menu = ui.menu()
    if menu:
        claimed = ui.claimed_tile()
        if claimed is not None:
            who = table.name(table.state.discarder)
            verb = _CLAIMED_BY.get(table.state.phase, "discards")
            title = f"{who} {verb} {table.tiles_text([claimed])}: call?"
        else:
            title = "Which kan?"
        items = []
        for i, choice in enumerate(menu):
            chosen = i == ui.menu_index
            items.append([
                ("class:cursor", ">" if chosen else " "),
                ("class:choice reverse" if chosen else "class:choice", f"[{i + 1}] {choice.label}"),
                ("", " "),
            ])
        lines = _flow([("class:prompt", title + "  ")], items, width)
        return lines + [[("class:dim", "left/right or a number to choose, Enter to confirm")]]
    if ui.discarding():
        selected = ui.selected
        name = table.tiles_text([selected]) if selected is not None else ""
        if ui.riichi_mode:
            first = ("RIICHI: pick the discard (bright tiles keep tenpai), "
                     f"Enter declares with {name}")
        else:
            names = "5p, 0p, E, Wh" if table.rules.red_fives else "5p, E, Wh"
            first = f"Your turn: left/right, an index or a name ({names}); Enter discards {name}"
        options = [[("class:choice", f"[{key}] {label}"), ("", "  ")]
                   for key, label in ui.turn_options()]
        return [[("class:prompt", first)]] + _flow([], options, width)
    state = table.state
    if table.human_actions():
        return [[("class:prompt", "Your move")], []]
    waiting = ", ".join(table.name(s) for s in state.acting_seats) or "..."
    return [[("class:dim", f"{waiting} to play")], []]


def _flow(head: Line, items: list[Line], width: int) -> list[Line]:
    """``head`` then the items, wrapped onto more lines (indented) where the width ends."""
    lines = [list(head)]
    for item in items:
        if lines[-1] and len(_text(lines[-1])) + len(_text(item)) > width:
            lines.append([("", "  ")])
        lines[-1] += item
    return lines


# ---------------------------------------------------------------------- end of a hand
def _summary_screen(
    table: HumanGame, summary: HandSummary, painter: _Painter, width: int, height: int
) -> list[Line]:
    pos = summary.position
    title = (f" {WIND_NAMES[pos.round_wind % 4]} {pos.kyoku + 1}, honba {pos.honba}, "
             f"sticks {pos.sticks}: ")
    if summary.ending == "win":
        names = " and ".join(_who(table, w.hand.seat, summary.dealer) for w in summary.wins)
        verb = "wins" if len(summary.wins) == 1 and names != "You" else "win"
        title += f"{names} {verb} by {summary.reason}!"
    elif summary.ending == "draw":
        title += summary.reason.replace("_", " ").replace("exhaustive", "exhaustive draw")
    else:
        title += f"aborted ({summary.reason.replace('_', ' ')})"
    head: list[Line] = [[("class:title", title)], []]
    tail = _payments(table, summary) + [[], [("class:prompt", _continue_text(table))]]
    for compact in (False, True):
        body: list[Line] = []
        for win in summary.wins:
            body += _win_block(table, summary.dealer, win, painter, width, compact)
        if summary.ending != "win":
            body += _draw_block(table, summary, painter)
        lines = head + body + tail
        if len(lines) <= height:
            break
    return lines


def _continue_text(table: HumanGame) -> str:
    if len(table.summaries) > 1 or not table.state.is_over:
        return "Enter: next hand"
    return "Enter: final results"


def _shown_hand(hand: ShownHand, dealer: int, painter: _Painter) -> Line:
    line: Line = [("", _INDENT)] + painter.tiles(hand.concealed)
    if hand.winning_tile is not None:
        line += [("", " + ")] + painter.tile(hand.winning_tile, "bold")
    for m in hand.melds:
        line += [("", "  ")] + painter.meld(m, dealer)
    return line


def _win_block(table: HumanGame, dealer: int, win: WinSummary, painter: _Painter, width: int,
               compact: bool) -> list[Line]:
    r = win.result
    seat = win.hand.seat
    source = "tsumo" if win.from_seat is None else f"ron from {_who(table, win.from_seat, dealer)}"
    lines: list[Line] = [
        [("class:you" if seat == table.seat else "class:seat", f" {_who(table, seat, dealer)}"),
         ("", f" ({source}, {r.wait} wait)")],
        _shown_hand(win.hand, dealer, painter),
    ]
    indicators: Line = [("", f"{_INDENT}dora indicators ")] + painter.tiles(win.dora_indicators)
    if win.ura_indicators:
        indicators += [("", "  ura ")] + painter.tiles(win.ura_indicators)
    lines.append(indicators)
    yaku = [f"{name.replace('_', ' ')} {han} han" for name, han in r.yaku.items()]
    fu = [f"{_named_tiles(table, reason)} {value}" for reason, value in r.fu_details]
    limit = f" {r.limit.replace('_', ' ')}" if r.limit else ""
    total = f"{r.han} han {r.fu} fu{limit} = {r.points:,} points"
    if compact:
        for label, items in (("yaku: ", yaku), ("fu: ", fu)):
            wrapped = textwrap.wrap(", ".join(items), width - 12)
            lines += [[("", _INDENT + (label if i == 0 else " " * len(label)) + text)]
                      for i, text in enumerate(wrapped)]
    else:
        lines.append([("class:dim", f"{_INDENT}{'yaku':<30}fu (before rounding up)")])
        for k in range(max(len(yaku), len(fu))):
            left = yaku[k] if k < len(yaku) else ""
            right = fu[k] if k < len(fu) else ""
            lines.append([("", f"{_INDENT}  {left:<28}  {right}")])
    lines.append([("class:title", f"{_INDENT}{total}")])
    paid = textwrap.wrap(_who_pays(table, dealer, win), width - len(_INDENT) - 2)
    lines += [[("", _INDENT + ("  " if i else "") + text)] for i, text in enumerate(paid)]
    lines.append([])
    return lines


def _who_pays(table: HumanGame, dealer: int, win: WinSummary) -> str:
    """The payments of one win in words: who pays what, then counters and sticks."""
    p = win.result.payments
    if win.pao is not None:  # the liable seat pays alone, or shares a ron with the discarder
        text = "; ".join(
            _pays(table, s, dealer, -win.deltas[s]) + (" (liable: pao)" if s == win.pao else "")
            for s in range(table.rules.players) if win.deltas[s] < 0
        )
    elif win.from_seat is not None:
        text = _pays(table, win.from_seat, dealer, p.ron)
    elif p.dealer and table.rules.players == 3:
        text = f"the dealer pays {p.dealer:,}, the other player {p.non_dealer:,}"
    elif p.dealer:
        text = f"the dealer pays {p.dealer:,}, the others {p.non_dealer:,} each"
    else:
        text = f"each of the others pays {p.non_dealer:,}"
    extras = [f"{what} {value:,}" for what, value in (("counters", p.honba),
                                                      ("riichi sticks", win.sticks_won)) if value]
    return text + (f" (with {' and '.join(extras)})" if extras else "")


def _pays(table: HumanGame, seat: int, dealer: int, points: int) -> str:
    who = _who(table, seat, dealer)
    return f"{who} {'pay' if who == 'You' else 'pays'} {points:,}"


_NOTATION = re.compile(r"\b([0-9])([mpsz])\b")


def _named_tiles(table: HumanGame, text: str) -> str:
    """Tiles written in notation inside a text (``dragon pair 6z``) as the screen writes them."""
    return _NOTATION.sub(lambda m: table.tiles_text([parse_tile_id(m.group(0))]), text)


def _draw_block(table: HumanGame, summary: HandSummary, painter: _Painter) -> list[Line]:
    if summary.ending == "abort":
        return []
    tenpai = {h.seat for h in summary.tenpai}
    seats = range(table.rules.players)
    noten = [s for s in seats if s not in tenpai]
    dealer = summary.dealer
    names = [_who(table, s, dealer) for s in seats]
    lines: list[Line] = [
        [("", f" Tenpai: {', '.join(names[s] for s in sorted(tenpai)) or 'nobody'}"
              f"   Noten: {', '.join(names[s] for s in noten) or 'nobody'}")]
    ]
    for hand in summary.tenpai:
        counts = bytearray(34)
        for t in hand.concealed:
            counts[t >> 2] += 1
        waits = table.tiles_text(t * 4 + 1 for t in _core.waits(counts))
        lines.append([("class:seat", f" {names[hand.seat]}: waits {waits}")])
        lines.append(_shown_hand(hand, dealer, painter))
    if tenpai and noten:
        lines.append([("", f" Noten payments: {table.rules.noten_total:,} in total, "
                           f"from the noten to the tenpai players")])
    else:
        lines.append([("", " No noten payments (nobody or everybody is tenpai)")])
    lines.append([])
    return lines


def _payments(table: HumanGame, summary: HandSummary) -> list[Line]:
    lines: list[Line] = [[("class:dim", " Payments (counters and sticks included)")]]
    for seat in range(table.rules.players):
        delta = summary.deltas[seat]
        after = summary.scores[seat]
        # the points when the hand was dealt, as the web page shows them: a riichi stick put
        # down in the hand is the part of the difference the payments leave
        before = summary.start_scores[seat] if summary.start_scores else after - delta
        stick = after - delta - before
        style = "class:gain" if delta > 0 else ("class:loss" if delta < 0 else "")
        you = seat == table.seat
        line: Line = [
            ("class:you" if you else "",
             f"   {_wind(seat, summary.dealer, table.rules.players):<6}{'(you)' if you else '':<6}"),
            ("", f"{before:>8,} -> {after:>8,}  "),
            (style, f"{delta:+,}" if delta else "0"),
        ]
        if stick:
            line.append(("class:dim", f"  (riichi stick {stick:+,})"))
        lines.append(line)
    return lines


def _final_screen(table: HumanGame) -> list[Line]:
    state = table.state
    scores, results, ranks = state.final_scores, state.results, state.ranks
    assert scores is not None and results is not None and ranks is not None
    lines: list[Line] = [
        [("class:title", f" Game over: {table.rules.name}, seed {table.seed}")],
        [],
        [("class:dim", f"   {'place':<7}{'player':<16}{'points':>9}{'result':>10}")],
    ]
    for seat in sorted(range(table.rules.players), key=lambda s: (ranks[s], s)):
        # named as the last hand's payments above named them: by their wind in that hand
        who = "You" if seat == table.seat else f"{table.name(seat)} (AI)"
        lines.append([
            ("class:you" if seat == table.seat else "",
             f"   {_ordinal(ranks[seat]):<7}{who:<16}{scores[seat]:>9,}{results[seat]:>+10,}"),
        ])
    lines += [[], [("class:prompt", "Enter or q: leave")]]
    return lines


def _ordinal(rank: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")


# ---------------------------------------------------------------------- rules page
def _rules_page(ui: Controller, width: int, height: int) -> list[Line]:
    wrapped: list[str] = []
    for paragraph in ui.rules_lines():
        wrapped += textwrap.wrap(paragraph, width - 2) or [""]
    room = height - 2
    top = min(ui.rules_scroll, max(0, len(wrapped) - room))
    lines: list[Line] = [[("class:title", f" Rules: {ui.table.rules.name}")]]
    lines += [[("", " " + text)] for text in wrapped[top : top + room]]
    lines += [[]] * (height - 1 - len(lines))
    shown = f"lines {top + 1}-{min(len(wrapped), top + room)} of {len(wrapped)}"
    lines.append([("class:dim", f" up/down, PgUp/PgDn scroll; ? or Esc closes   ({shown})")])
    return lines
