"""The default player: efficient play that folds against a riichi or a big open hand,
:class:`DefensiveAgent`.

>>> from riichi.game import play_game
>>> result = play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=2)
>>> sum(result.final_scores) == 4 * 25_000
True
"""

from __future__ import annotations

from typing import Any

from riichi.agents._efficiency import defend_discard
from riichi.agents.efficiency import Candidate, EfficiencyAgent, Threat, Turn
from riichi.agents.knobs import SET_TILES, count_knob, weight_knob
from riichi.agents.kita import kita_dora
from riichi.agents.plans import ALL_TILES, HONOR_MASK, SUIT_MASKS, TOITOI
from riichi.agents.value import hand_han, points_of
from riichi.game.observation import Observation
from riichi.tiles import RED_FIVE_IDS

__all__ = ["DefensiveAgent", "Threat"]

_RED = frozenset(RED_FIVE_IDS)
_SEATS = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in range(16))  # by seat mask


class DefensiveAgent(EfficiencyAgent):
    """:class:`EfficiencyAgent` with defence: it pushes or folds against threats.

    A threat is another seat in riichi, or one with ``threat_melds`` or more open melds that hold
    ``threat_dora`` or more dora (its Norths set aside counted) or are all of one suit (and
    honours). With no threat it plays
    as :class:`EfficiencyAgent`. Against threats, on its own turn:

    1. tenpai after its best discard: push, unless fewer than ``push_waits`` winning tiles are
       unseen and the hand is worth less than ``push_value`` points;
    2. one tile from tenpai: push only against a single threat, with at least ``push_wall``
       tiles left in the wall and a hand worth ``fold_threshold`` points or more (by default
       2,600: two han for a non-dealer, riichi included);
    3. otherwise fold: discard the tile with the least danger summed over the threats (a big
       open hand weighs ``open_threat_weight``, a riichi 1): genbutsu, then suji, kabe/no-chance
       and honours by copies out of sight, then by number
       (:func:`~riichi.agents.danger.tile_danger`); efficiency breaks ties.

    Pushing keeps the lowest shanten but weighs ``caution`` percent of danger as much as one
    unseen useful tile, and may declare riichi, a kan or a kita; folding declares none of them (it
    keeps a North, a safe tile, rather than offer it to a ron). Facing a threat
    it calls only when the call makes it tenpai. A hand's worth is a quick estimate (dora, the
    Norths set aside, riichi, yakuhai, tanyao, flush: :func:`~riichi.agents.value.hand_han`).

    Its offence is :class:`EfficiencyAgent`'s with other defaults, set so that four of them play
    like Tenhou's players (``bench/realism.py``): calls for tanyao or a flush may leave three
    and two tiles to throw (``tanyao_slack``, ``flush_slack``), a hand with ``flush_tiles`` of
    one suit and honours steers to the flush, a tenpai worth ``dama_points`` without riichi stays
    dama, and a call for a one-han hand must bring it within ``cheap_call_shanten`` of tenpai.
    Every :class:`EfficiencyAgent` knob applies; ``seed`` breaks exact ties. Its own knobs' ranges
    (outside them, a :class:`~riichi.errors.PlayerSettingError` when the player is made):
    ``fold_threshold``, ``push_value`` and ``threat_dora`` 0 or more, ``push_waits`` and
    ``push_wall`` 0 to 136, ``threat_melds`` 1 to 4, the weights ``caution`` and
    ``open_threat_weight`` finite numbers 0 or more.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        fold_threshold: int = 2_600,
        push_waits: int = 3,
        push_value: int = 5_200,
        push_wall: int = 10,
        caution: float = 1.0,
        threat_melds: int = 3,
        open_threat_weight: float = 0.6,
        threat_dora: int = 2,
        tanyao_slack: int = 3,
        flush_slack: int = 2,
        flush_tiles: int | None = 11,
        dama_points: int | None = 5_200,
        cheap_call_shanten: int = 1,
        **knobs: Any,
    ) -> None:
        super().__init__(
            seed,
            tanyao_slack=tanyao_slack,
            flush_slack=flush_slack,
            flush_tiles=flush_tiles,
            dama_points=dama_points,
            cheap_call_shanten=cheap_call_shanten,
            **knobs,
        )
        self.fold_threshold = count_knob("fold_threshold", fold_threshold, 0)
        self.push_waits = count_knob("push_waits", push_waits, 0, SET_TILES)
        self.push_value = count_knob("push_value", push_value, 0)
        self.push_wall = count_knob("push_wall", push_wall, 0, SET_TILES)
        self.caution = weight_knob("caution", caution)
        self.threat_melds = count_knob("threat_melds", threat_melds, 1, 4)
        self.open_threat_weight = weight_knob("open_threat_weight", open_threat_weight)
        self.threat_dora = count_knob("threat_dora", threat_dora, 0)

    def _choose(self, turn: Turn, threats: list[Threat]) -> tuple[Candidate, bool]:
        if not threats:
            return super()._choose(turn, threats)
        obs, plan = turn.obs, turn.plan
        genbutsu = obs.genbutsu
        rows = [(weight, wins_on, genbutsu[seat]) for seat, weight, wins_on in threats]
        best, push, fold = defend_discard(
            turn.counts, turn.visible, turn.worth, turn.order, plan.garbage, plan.useful,
            turn.banned, rows, self.caution,
            self._candidates(turn) if plan is TOITOI else None, turn.sanma,
        )
        if self._push(obs, best, turn.counts, len(threats)):
            return push, True
        return fold, False

    def threats(self, obs: Observation) -> list[Threat]:
        """The seats this player defends against now: those in riichi (weight 1), then the big
        open hands (weight ``open_threat_weight``, ``threat_melds`` open melds or more holding
        ``threat_dora`` dora or more, its Norths set aside counted, or all of one suit and
        honours), each with the tile types it may win on (a flush-like hand: its suit and the
        honours)."""
        needed = self.threat_melds
        flagged = obs.riichi_or_melds(needed) & ~(1 << obs.seat)
        if not flagged:
            return []
        riichi = obs.riichi_mask & flagged
        out: list[Threat] = [(s, 1.0, ALL_TILES) for s in _SEATS[riichi]]
        open_hands = flagged & ~riichi
        if not open_hands:
            return out
        melds = obs.melds
        for s in _SEATS[open_hands]:
            shown = [m for m in melds[s] if m.is_open]
            if len(shown) < needed:
                continue
            tiles = [t for m in shown for t in m.tiles]
            suits = {(t >> 2) // 9 for t in tiles if t >> 2 < 27}
            if len(suits) == 1:
                out.append((s, self.open_threat_weight, SUIT_MASKS[suits.pop()] | HONOR_MASK))
                continue
            dora = obs.dora
            shown_dora = sum([dora.count(t >> 2) for t in tiles]) + sum([t in _RED for t in tiles])
            shown_dora += kita_dora(obs.kita[s], dora)
            if shown_dora >= self.threat_dora:
                out.append((s, self.open_threat_weight, ALL_TILES))
        return out

    _threats = threats

    def _push(
        self, obs: Observation, best: Candidate, counts: bytes | bytearray, threats: int
    ) -> bool:
        """Whether to play on for the win (see the class docstring)."""
        shanten, unseen = best[0], best[4]
        if shanten > 1:
            return False
        if shanten == 1 and (threats > 1 or obs.wall_remaining < self.push_wall):
            return False
        if shanten == 0:
            return unseen >= self.push_waits or self._value(obs, counts) >= self.push_value
        return self._value(obs, counts) >= self.fold_threshold

    def _value(self, obs: Observation, counts: bytes | bytearray) -> int:
        """A rough value in points of winning with this hand."""
        reds = len(obs.red_fives)
        meld_types: tuple[int, ...] = ()
        melds = obs.own_melds
        if melds:
            meld_ids = [t for m in melds for t in m.tiles]
            reds += sum(t in _RED for t in meld_ids)
            meld_types = tuple(t >> 2 for t in meld_ids)
        dora = obs.dora
        han = hand_han(
            counts,
            meld_types,
            reds,
            dora,
            obs.is_closed,
            self._hand_tables(obs)[2],
        )
        return points_of(han + kita_dora(obs.kita[obs.seat], dora), obs.seat_wind == 0)

    def _call_limit(self, obs: Observation) -> int:
        return 0 if self.threats(obs) else super()._call_limit(obs)
