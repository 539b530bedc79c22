"""One web game: the :class:`~riichi.play.human_game.HumanGame` behind a browser tab, as JSON in
and out.

:class:`WebGame` knows nothing of sockets. :meth:`WebGame.view` is what the human's seat may
see, as JSON-ready data: the own concealed tiles, every pond, meld and dora indicator, the
other seats' tile counts, the legal actions (numbered) and the hint; the other seats'
concealed tiles and the wall appear only in a finished hand's summary, and there only the
hands the rules lay open. :meth:`WebGame.handle` takes one message from the browser and
either applies it or raises :class:`MessageError`, leaving the game as it was.

>>> game = WebGame("cardavia", seed=4, opponents="random")
>>> view = game.view()
>>> len(view["you"]["hand"]), view["seats"][1]["concealed_count"], view["actions"][0]["action"]
(14, 13, 'discard')
>>> game.handle({"type": "act", "move": 99, "action": 0})
Traceback (most recent call last):
...
riichi.errors.MessageError: the table has moved on (move 99 is not the current move 0); act on the latest view
"""

from __future__ import annotations

import re
from typing import Any

from riichi import _core
from riichi.agents.registry import DEFAULT_PLAYER
from riichi.errors import MessageError
from riichi.game import Action, Ankan, Chi, Discard, Kakan, Kita, Phase, Pon, Riichi
from riichi.game.action_notation import ACTION_WORDS
from riichi.meld import Meld
from riichi.play.controller import Controller
from riichi.play.rules_text import rules_text
from riichi.play.human_game import HandSummary, HumanGame, ShownHand, WinSummary, make_opponents
from riichi.rules import PRESET_NAMES, RuleSet

__all__ = ["MessageError", "WebGame", "GAME_PRESETS", "THREE_PLAYER_PRESETS", "action_json"]

Json = dict[str, Any]

GAME_PRESETS = tuple(n for n in PRESET_NAMES if RuleSet.preset(n).players >= 3)
"""The rule presets a web game may be started with: those of four players, then of three."""
THREE_PLAYER_PRESETS = tuple(n for n in GAME_PRESETS if RuleSet.preset(n).players == 3)
"""The presets of :data:`GAME_PRESETS` that seat three (the page offers them as such)."""

_FU_TILE = re.compile(r"^(.*) ([1-9][mpsz])$")



def action_json(action: Action, index: int) -> Json:
    """An action as the page shows it: its number in the view, its word (as in action notation)
    and its tiles.

    >>> action_json(Pon(0, (52, 53)), 2)
    {'i': 2, 'action': 'pon', 'tiles': [52, 53]}
    >>> action_json(Ankan(0, 27), 0)
    {'i': 0, 'action': 'ankan', 'tile_type': 27}
    """
    out: Json = {"i": index, "action": ACTION_WORDS[type(action)]}
    if isinstance(action, (Discard, Riichi, Kita)):
        out["tile"] = action.tile
    elif isinstance(action, (Chi, Pon)):
        out["tiles"] = list(action.tiles)
    elif isinstance(action, (Ankan, Kakan)):
        out["tile_type"] = action.tile_type
    return out


def _meld_json(meld: Meld) -> Json:
    return {"kind": meld.kind.value, "tiles": sorted(meld.tiles), "called": meld.called,
            "from": meld.from_seat}


def _shown_json(hand: ShownHand) -> Json:
    counts = bytearray(34)
    for t in hand.concealed:
        counts[t >> 2] += 1
    waits = _core.waits(counts) if hand.winning_tile is None else []
    return {"seat": hand.seat, "concealed": list(hand.concealed),
            "melds": [_meld_json(m) for m in hand.melds], "winning_tile": hand.winning_tile,
            "waits": list(waits)}


def _fu_json(reason: str, fu: int) -> Json:
    """``("closed triplet 9s", 8)`` as ``{"reason": "closed triplet", "tile": "9s", "fu": 8}``."""
    match = _FU_TILE.match(reason)
    if match:
        return {"reason": match.group(1), "tile": match.group(2), "fu": fu}
    return {"reason": reason, "tile": None, "fu": fu}


def _win_json(win: WinSummary) -> Json:
    r = win.result
    return {
        "hand": _shown_json(win.hand), "from": win.from_seat, "wait": r.wait,
        "yaku": [[name, han] for name, han in r.yaku.items()],
        "fu_items": [_fu_json(reason, fu) for reason, fu in r.fu_details],
        "han": r.han, "fu": r.fu, "limit": r.limit, "points": r.points,
        "sticks_won": win.sticks_won,
        "deltas": list(win.deltas), "dora_indicators": list(win.dora_indicators),
        "ura_indicators": list(win.ura_indicators), "pao": win.pao,
    }


def _summary_json(summary: HandSummary, noten_total: int, leftover: list[int] | None) -> Json:
    """A finished hand; ``leftover``: the riichi sticks left on the table, settled by seat when
    this hand ended the game (returned to their owners, or to the first place), else ``None``."""
    pos = summary.position
    return {
        "ending": summary.ending, "reason": summary.reason,
        "position": {"round_wind": pos.round_wind, "kyoku": pos.kyoku, "honba": pos.honba,
                     "sticks": pos.sticks},
        "dealer": summary.dealer,
        "wins": [_win_json(w) for w in summary.wins],
        "tenpai": [_shown_json(h) for h in summary.tenpai],
        "noten_total": noten_total,
        "deltas": list(summary.deltas), "scores": list(summary.scores),
        "start_scores": list(summary.start_scores), "leftover_sticks": leftover,
    }


class WebGame:
    """A game of ``rules`` for one browser: the human at seat 0, three AI (two under
    three-player rules) named by ``opponents`` (one name, or one for each separated by commas,
    as ``--opponents``)."""

    def __init__(self, rules: str, seed: int, opponents: str = DEFAULT_PLAYER) -> None:
        if rules in PRESET_NAMES and rules not in GAME_PRESETS:
            raise MessageError(f"rules {rules!r} seat {RuleSet.preset(rules).players} players; the "
                               f"web game seats four or three: {', '.join(GAME_PRESETS)}")
        if rules not in GAME_PRESETS:
            raise MessageError(f"unknown rules {rules!r}; expected one of {', '.join(GAME_PRESETS)}")
        self.opponents = opponents
        count = RuleSet.preset(rules).players - 1
        self.table = HumanGame(rules, seed, make_opponents(opponents.split(","), seed, count))
        self.ui = Controller(self.table, "")

    @property
    def seed(self) -> int:
        """The seed that replays this game."""
        return self.table.seed

    # ------------------------------------------------------------------ in
    def handle(self, message: object) -> None:
        """Apply one ``act`` or ``next`` message; :class:`MessageError` (nothing changed) if it
        is malformed or does not fit the game now.

        ``{"type": "act", "move": m, "action": i}`` takes action ``i`` of the view of move
        ``m``; ``{"type": "next"}`` dismisses a finished hand's summary.
        """
        if not isinstance(message, dict):
            raise MessageError(f"expected a JSON object, got {type(message).__name__}")
        message_type = message.get("type")
        if message_type == "next":
            if self.table.summary is None:
                raise MessageError("'next' dismisses a finished hand, but no hand has finished")
            if self.table.state.is_over and len(self.table.summaries) == 1:
                raise MessageError("the game is over: start a new one")
            self.table.dismiss()
            return
        if message_type != "act":
            raise MessageError(f"unknown message type {message_type!r}; expected 'new', 'resume', "
                               "'act' or 'next'")
        move, index = message.get("move"), message.get("action")
        if not (type(move) is int and type(index) is int):
            raise MessageError("'act' needs integer 'move' and 'action' fields")
        if move != self.table.moves:
            raise MessageError(f"the table has moved on (move {move} is not the current move "
                               f"{self.table.moves}); act on the latest view", "stale")
        if self.table.ai_pending():  # the view shows no action until the AI have answered
            raise MessageError("it is not your turn to act: an AI player is still to play; act "
                               "on the view that offers you actions", "turn")
        legal = self.table.human_actions()
        if not legal:
            raise MessageError("it is not your turn to act", "turn")
        if not 0 <= index < len(legal):
            raise MessageError(f"action {index} does not exist; expected 0-{len(legal) - 1}")
        self.table.act(legal[index])

    # ------------------------------------------------------------------ out
    def view(self) -> Json:
        """What the human's seat may see now, JSON-ready."""
        table = self.table
        state = table.state
        obs = table.observation
        summary = table.summary
        seats = []
        players = table.rules.players
        for k in range(players):
            seat = (table.seat + k) % players
            seats.append({
                "seat": seat, "wind": (seat - state.dealer) % players, "score": obs.scores[seat],
                "riichi": obs.riichi[seat], "kita": len(obs.kita[seat]),
                "concealed_count": len(state.players[seat].hand),
                "pond": [{"tile": d.tile, "riichi": d.riichi, "claimed": d.claimed,
                          "tsumogiri": d.tsumogiri} for d in obs.discards[seat]],
                "melds": [_meld_json(m) for m in obs.melds[seat]],
            })
        # the human's choices once the AI's answers are in: the decision shown is then the one
        # the server waits for, and its move number stays until the human acts
        legal = [] if table.ai_pending() else table.human_actions()
        claim = obs.claimable
        return {
            "type": "view",
            "game": {"rules": table.rules.name, "players": players, "seed": table.seed,
                     "opponents": self.opponents,
                     "one_hand": table.rules.name == "cardavia",
                     "red_fives": table.rules.red_fives,
                     "leftover": table.rules.leftover_sticks.value},
            "move": table.moves,
            "round": {"wind": obs.round_wind, "kyoku": obs.kyoku, "honba": obs.honba,
                      "sticks": obs.sticks, "wall": obs.wall_remaining,
                      "dora_indicators": list(obs.dora_indicators),
                      "dora": [table.rules.dora_of(t >> 2) for t in obs.dora_indicators]},
            "seats": seats,
            "turn": state.turn if state.phase is not Phase.OVER else None,
            "last_discarder": state.discarder if state.discarder >= 0 else None,
            "you": {
                "hand": self.ui.hand_tiles(), "drawn": obs.drawn,
                "waits": list(_core.tiles_from_mask(obs.waits)), "furiten": bool(obs.furiten),
            },
            "claim": None if claim is None or not legal else
            {"tile": claim, "from": state.discarder, "chankan": state.phase is Phase.CHANKAN,
             "kita": state.phase is Phase.KITA},
            "actions": [action_json(a, i) for i, a in enumerate(legal)],
            "hint": [{"tile_type": r.tile_type, "shanten": r.shanten, "unseen": r.unseen,
                      "ukeire": list(r.ukeire)} for r in (self.ui.hint() if legal else [])],
            "hint_tsumo": bool(legal) and self.ui.hint_wins(),
            "summary": None if summary is None else
            _summary_json(summary, table.rules.noten_total, self._leftover()),
            "more_summaries": len(table.summaries) > 1,
            "over": state.is_over,
            "final": self._final(),
        }

    def _leftover(self) -> list[int] | None:
        """The sticks settled at the game's end, by seat, while the last hand is shown."""
        state, summary = self.table.state, self.table.summary
        if summary is None or state.final_scores is None or len(self.table.summaries) > 1:
            return None
        return [end - after for end, after in zip(state.final_scores, summary.scores)]

    def _final(self) -> Json | None:
        """The game's end: points (leftover sticks settled), ranks and the engine's results
        (points minus the return, plus uma and oka), with the rules' return, uma and oka."""
        state, rules = self.table.state, self.table.rules
        if state.final_scores is None or state.ranks is None or state.results is None:
            return None
        return {"scores": list(state.final_scores), "ranks": list(state.ranks),
                "results": list(state.results), "return_points": rules.return_points,
                "uma": list(rules.uma), "oka": rules.oka}

    def rules_text(self) -> str:
        """The preset's English rules page, for presets other than ``cardavia``."""
        return rules_text(self.table.rules)

