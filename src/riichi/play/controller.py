"""What the human may do now and what the screen should show, driven by key names.

:class:`Controller` turns keys (``"left"``, ``"enter"``, ``"5"``, ``"p"``...) into actions on a
:class:`~riichi.play.human_game.HumanGame`: a cursor over the hand, tiles picked by index or
notation, a menu for calls and kans, riichi mode, the hint and the rules page. It offers only legal
actions and ignores keys that mean nothing now; no terminal is involved, so tests drive it directly.

>>> from riichi.agents import RandomAgent
>>> table = HumanGame("cardavia", seed=4, opponents=[RandomAgent(s) for s in (1, 2, 3)])
>>> ui = Controller(table, rules_text="")
>>> ui.hand_tiles()[ui.cursor] == table.observation.drawn   # the cursor starts on the drawn tile
True
>>> ui.press("enter")                                       # discard it
>>> len(table.state.players[0].discards)
1
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from riichi import _core
from riichi.game import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Phase,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.play.human_game import HumanGame
from riichi.tiles import RED_FIVE_IDS, parse_tile_id

__all__ = ["Choice", "Controller", "HintRow", "hint_rows"]

# Keys that pick a tile by notation: a digit then a suit, or an honour's letter. The screen names
# the dragons Wh Gr Rd: typed so, the first letter picks (W the West wind until an h follows) and
# the second completes the name; P F C, the mjai letters, pick them too.
_SUITS = "mpsz"
_DIGITS = frozenset("0123456789")  # ASCII only: int() refuses some other digits (the "²" key)
_HONOR_KEYS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z",
               "G": "6z", "R": "7z"}
_LABELS = {"Wh": "5z", "Gr": "6z", "Rd": "7z"}


@dataclass(frozen=True, slots=True)
class Choice:
    """An entry of a menu: its label and the action it takes (``None``: close the menu)."""

    label: str
    action: Action | None


@dataclass(frozen=True, slots=True)
class HintRow:
    """What discarding a tile type leaves: shanten, the tile types that would lower it and how
    many of them are unseen."""

    tile_type: int
    shanten: int
    ukeire: tuple[int, ...]
    unseen: int


def hint_rows(hand: list[int], visible: np.ndarray, players: int = 4) -> list[HintRow]:
    """Every discard of a 3n+2 hand (136-ids) ranked as the efficiency player ranks them: lowest
    shanten, then most unseen ukeire (``visible``: counts seen outside the hand), then tile order;
    at three ``players`` without the 2m-8m that are not played.

    >>> from riichi.tiles import parse_ids
    >>> rows = hint_rows(parse_ids("123m456p789s11223z"), np.zeros(34, np.uint8))
    >>> [(r.tile_type, r.shanten, r.unseen) for r in rows[:2]]
    [(29, 0, 4), (0, 1, 11)]
    """
    counts = np.zeros(34, np.uint8)
    for t in hand:
        counts[t >> 2] += 1
    rows = [
        HintRow(int(t), int(s), tuple(_core.tiles_from_mask(int(m))), int(n))
        for t, s, m, n in _core.discard_analysis(counts, visible, players).tolist()
    ]
    return sorted(rows, key=lambda r: (r.shanten, -r.unseen, r.tile_type))


class Controller:
    """The human's side of the screen: modes, cursor and menus over a :class:`HumanGame`."""

    def __init__(self, table: HumanGame, rules_text: str) -> None:
        self.table = table
        self.rules_text = rules_text
        self.cursor = 0
        """Index into :meth:`hand_tiles` of the selected tile."""
        self.menu_index = 0
        self.riichi_mode = False
        self.kan_menu = False
        self.show_hint = False
        self.rules_open = False
        self.rules_scroll = 0
        self.confirm_quit = False
        self.quit = False
        """The human asked to leave."""
        self.message = ""
        """Feedback on the last key (why it did nothing), cleared by the next key."""
        self._typed = ""
        self._dragon = ""  # the first letter of a dragon's name, typed last
        self._cursor_before = 0
        self._decision = -1
        self.refresh()

    # ------------------------------------------------------------------ what to show
    def hand_tiles(self) -> list[int]:
        """The human's concealed 136-ids as shown: sorted, the drawn tile apart at the end."""
        obs = self.table.observation
        drawn = obs.drawn
        tiles = list(obs.hand)
        if drawn is not None:
            tiles.remove(drawn)
            tiles.append(drawn)
        return tiles

    @property
    def selected(self) -> int | None:
        """The 136-id under the cursor, if the human is to discard."""
        tiles = self.hand_tiles()
        return tiles[self.cursor] if self.discarding() and tiles else None

    def discarding(self) -> bool:
        """It is the human's turn to discard (no menu open)."""
        return self._may_discard() and not self.menu()

    def discard_allowed(self, tile: int) -> bool:
        """Whether ``tile`` may be discarded now (in riichi mode: declaring riichi with it)."""
        kind = Riichi if self.riichi_mode else Discard
        return kind(self.table.seat, tile) in self.table.human_actions()

    def turn_options(self) -> list[tuple[str, str]]:
        """Keys of the turn's other options, as ``(key, label)``: tsumo, riichi, kan, kita (a
        North set aside, three players), abort."""
        legal = self.table.human_actions()
        out: list[tuple[str, str]] = []
        if any(isinstance(a, Tsumo) for a in legal):
            out.append(("t", "Tsumo!"))
        if any(isinstance(a, Riichi) for a in legal):
            out.append(("r", "cancel riichi" if self.riichi_mode else "Riichi"))
        if any(isinstance(a, (Ankan, Kakan)) for a in legal):
            out.append(("k", "Kan"))
        if any(isinstance(a, Kita) for a in legal):
            out.append(("n", "Kita (set a North aside)"))
        if any(isinstance(a, NineTerminals) for a in legal):
            out.append(("x", "abort (nine terminals)"))
        return out

    def menu(self) -> list[Choice]:
        """The open menu: the calls on a discard (Pass last) or the kans of the turn."""
        legal = self.table.human_actions()
        phase = self.table.state.phase
        if legal and phase in (Phase.CLAIM, Phase.CHANKAN, Phase.KITA):
            return self._choices(legal)
        if self.kan_menu:
            kans = self._choices([a for a in legal if isinstance(a, (Ankan, Kakan))])
            return kans + [Choice("Cancel", None)] if kans else []
        return []

    def _choices(self, actions: list[Action]) -> list[Choice]:
        """A menu entry per action, those written alike (calls that differ only in which five
        they take, where fives are not red) once."""
        choices: dict[str, Choice] = {}
        for action in actions:
            label = self._label(action)
            choices.setdefault(label, Choice(label, action))
        return list(choices.values())

    def claimed_tile(self) -> int | None:
        """The discard (or added kan tile) the human may call now."""
        return self.table.observation.claimable if self.menu() and not self.kan_menu else None

    def hint(self) -> list[HintRow]:
        """The efficiency ranking of the discards the human may make now (empty unless it is
        their turn): after riichi only the drawn tile, after a call none that kuikae forbids."""
        allowed = {a.tile >> 2 for a in self.table.human_actions() if isinstance(a, Discard)}
        if not allowed:
            return []
        obs = self.table.observation
        visible = np.zeros(34, np.uint8)
        seen = [d.tile for pile in obs.discards for d in pile if not d.claimed]
        seen += [t for melds in obs.melds for m in melds for t in m.tiles]
        seen += list(obs.dora_indicators)
        seen += [t for kita in obs.kita for t in kita]
        for t in seen:
            visible[t >> 2] += 1
        rows = hint_rows(list(obs.hand), visible, self.table.rules.players)
        return [r for r in rows if r.tile_type in allowed]

    def hint_wins(self) -> bool:
        """The hint's advice is Tsumo: the drawn tile completes a hand that may win."""
        return Tsumo(self.table.seat) in self.table.human_actions()

    def rules_lines(self) -> list[str]:
        """The rules page as lines."""
        return self.rules_text.splitlines()

    # ------------------------------------------------------------------ keys
    def refresh(self) -> None:
        """Start each new decision afresh: cursor on the drawn tile, menus closed."""
        decision = self.table.moves
        if decision == self._decision:
            return
        self._decision = decision
        self.riichi_mode = False
        self.kan_menu = False
        self._typed = self._dragon = ""
        self.cursor = max(0, len(self.hand_tiles()) - 1)
        menu = self.menu()
        self.menu_index = max(0, len(menu) - 1)  # on Pass: Enter never calls by accident

    def press(self, key: str) -> None:
        """Handle one key: a character, or ``left right up down home end enter escape
        pageup pagedown``."""
        self.refresh()
        self.message = ""
        label, self._dragon = self._dragon, ""
        if self.rules_open:
            self._rules_key(key)
        elif self.confirm_quit:
            self.confirm_quit = False
            self.quit = key in ("y", "Y")
        elif label + key in _LABELS and self.discarding() and not self.menu():
            self._select(_LABELS[label + key], self.hand_tiles())  # Wh: not the hint's h
        elif key == "?":
            self.rules_open = True
        elif key == "q":
            self.quit = self.table.is_over
            self.confirm_quit = not self.quit
        elif key == "h":
            self.show_hint = not self.show_hint
        elif self.table.is_over:
            self.quit = key in ("enter", " ")
        elif self.table.summary is not None:
            if key in ("enter", " "):
                self.table.dismiss()
        elif self.menu():
            self._menu_key(key)
        elif self.discarding():
            self._turn_key(key)
        self.refresh()

    def _rules_key(self, key: str) -> None:
        steps = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10, " ": 10}
        if key in steps:
            last = max(0, len(self.rules_lines()) - 1)
            self.rules_scroll = min(last, max(0, self.rules_scroll + steps[key]))
        elif key in ("?", "escape", "q", "enter"):
            self.rules_open = False

    def _menu_key(self, key: str) -> None:
        menu = self.menu()
        if key in ("left", "up"):
            self.menu_index = (self.menu_index - 1) % len(menu)
        elif key in ("right", "down"):
            self.menu_index = (self.menu_index + 1) % len(menu)
        elif key in _DIGITS and 1 <= int(key) <= len(menu):
            self.menu_index = int(key) - 1
        elif key == "enter":
            action = menu[self.menu_index].action
            if action is None:
                self.kan_menu = False
            else:
                self.table.act(action)

    def _turn_key(self, key: str) -> None:
        tiles = self.hand_tiles()
        legal = self.table.human_actions()
        if key in ("left", "right", "home", "end"):
            step = {"left": -1, "right": 1, "home": -len(tiles), "end": len(tiles)}[key]
            self.cursor = min(len(tiles) - 1, max(0, self.cursor + step))
            self._typed = ""
        elif key == "enter":
            self._discard(tiles[self.cursor])
        elif key == "t" and Tsumo(self.table.seat) in legal:
            self.table.act(Tsumo(self.table.seat))
        elif key == "r" and any(isinstance(a, Riichi) for a in legal):
            self.riichi_mode = not self.riichi_mode
            if self.riichi_mode and not self.discard_allowed(tiles[self.cursor]):
                self.cursor = next(i for i, t in enumerate(tiles) if self.discard_allowed(t))
        elif key == "k" and any(isinstance(a, (Ankan, Kakan)) for a in legal):
            self.kan_menu = True
            self.menu_index = 0
        elif key == "n" and any(isinstance(a, Kita) for a in legal):
            self.table.act(next(a for a in legal if isinstance(a, Kita)))
        elif key == "x" and NineTerminals(self.table.seat) in legal:
            self.table.act(NineTerminals(self.table.seat))
        elif key in _DIGITS or key in _SUITS or key in _HONOR_KEYS:
            self._type(key, tiles)

    def _type(self, key: str, tiles: list[int]) -> None:
        """Pick a tile by what is typed: an index (1-based, two digits allowed), a digit and a
        suit letter (``0p`` is the red five), a wind's letter or a dragon's name (``Wh``)."""
        if key in _HONOR_KEYS:
            self._cursor_before = self.cursor
            self._select(_HONOR_KEYS[key], tiles)
            self._typed = ""
            self._dragon = key if any(name[0] == key for name in _LABELS) else ""
        elif key in _SUITS:
            if self._typed:
                self._select(self._typed[-1] + key, tiles)
            self._typed = ""
        else:
            if not self._typed:
                self._cursor_before = self.cursor
            typed = self._typed + key
            if not (typed.isdigit() and 1 <= int(typed) <= len(tiles)):
                typed = key
            self._typed = typed
            if 1 <= int(typed) <= len(tiles):
                self.cursor = int(typed) - 1

    def _select(self, notation: str, tiles: list[int]) -> None:
        """Put the cursor on a tile written ``notation``: ``0p`` only on the red five, ``5p`` on a
        plain five if there is one; a name of no tile (``8z``, or ``0p`` under rules without red
        fives) or of none in the hand leaves it where it was, and says so."""
        refusal = self._refusal(notation)
        wanted = parse_tile_id(notation) if refusal is None else -1
        same = [i for i, t in enumerate(tiles) if t >> 2 == wanted >> 2]
        red = [i for i in same if tiles[i] in RED_FIVE_IDS]
        plain = [i for i in same if i not in red]
        found = red if notation[0] == "0" else plain or red
        if found:
            self.cursor = found[0]
        else:
            self.cursor = self._cursor_before  # the digit moved it as an index: undo that
            self.message = refusal or f"no {self.table.tiles_text([wanted])} in your hand"

    def _refusal(self, notation: str) -> str | None:
        """Why a typed digit and suit name no tile of the game, if they do not."""
        digit, suit = notation[0], notation[1]
        if suit == "z" and digit not in "1234567":
            return f"no tile {notation}: the honours are 1z to 7z (E S W N Wh Gr Rd)"
        if digit == "0" and not self.table.rules.red_fives:
            return f"{self.table.rules.name} plays no red fives: type 5{suit} for a five"
        return None

    def _discard(self, tile: int) -> None:
        seat = self.table.seat
        action: Action = Riichi(seat, tile) if self.riichi_mode else Discard(seat, tile)
        if action in self.table.human_actions():
            self.table.act(action)
        elif self.riichi_mode:
            self.message = (f"riichi is not possible with {self.table.tiles_text([tile])} "
                            "as the discard")
        elif self.table.observation.riichi[seat]:
            self.message = "in riichi you discard the tile you drew (or win, or kan)"
        else:
            self.message = f"{self.table.tiles_text([tile])} may not be discarded now (kuikae)"

    def _may_discard(self) -> bool:
        """The human is on turn (a discard is among their actions)."""
        return any(isinstance(a, Discard) for a in self.table.human_actions())

    def _label(self, action: Action) -> str:
        if isinstance(action, (Ankan, Kakan)):
            kind = "Concealed" if isinstance(action, Ankan) else "Added"
            return f"{kind} kan {self.table.tiles_text([action.tile_type * 4 + 1])}"
        if isinstance(action, Pass):
            return "Pass"
        tile = self.table.observation.claimable
        assert tile is not None  # the other menu entries answer a discard or an added kan
        if isinstance(action, Ron):
            return f"Ron {self.table.tiles_text([tile])}"
        if isinstance(action, Chi):
            return f"Chi {self.table.tiles_text(sorted((*action.tiles, tile)))}"
        if isinstance(action, Pon):
            return f"Pon {self.table.tiles_text([*action.tiles, tile])}"
        return f"Kan {self.table.tiles_text([tile])}"  # Daiminkan, the last call on a discard

