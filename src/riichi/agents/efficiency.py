"""A player that plays for speed, and only for speed that can win: :class:`EfficiencyAgent`.

>>> from riichi.game import play_game
>>> result = play_game("tenhou", [EfficiencyAgent() for _ in range(4)], seed=2)
>>> sum(result.final_scores) == 4 * 25_000, any(h.ending == "win" for h in result.hands)
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from riichi import _core
from riichi.agents._calls import calls_below
from riichi.agents._efficiency import best_discard, discard_types, listed_discard, turn_discard
from riichi.agents.kita import before_kita, kita_to_declare, sanma
from riichi.agents.knobs import (
    HAND_TILES, MAX_DORA_WEIGHT, MAX_SHANTEN, count_knob, count_or_none_knob, flag_knob,
)
from riichi.agents.plans import (
    ALL_TILES,
    FREE,
    TOITOI,
    MeldMasks,
    MeldShape,
    Plan,
    flush_plan_in,
    flush_suits,
    meld_masks,
    open_plan,
    plan_for,
    toitoi_candidates,
    toitoi_shanten,
    yakuhai_mask,
)
from riichi.agents.value import hand_han, lone_reds, with_reds
from riichi.errors import IllegalActionError, NoYakuError, checked_int
from riichi.game.actions import (
    Action, Ankan, Chi, Discard, Kakan, Kita, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo,
)
from riichi.game.builtin_agent import BuiltinAgent
from riichi.game.observation import Observation
from riichi.game.call_options import kuikae_ban
from riichi.meld import Meld
from riichi.scoring import score_hand
from riichi.tiles import RED_FIVE_IDS, WIND_LETTERS

__all__ = ["EfficiencyAgent", "Candidate", "Turn", "Threat"]

_RED = frozenset(RED_FIVE_IDS)
_KANS = (Ankan, Kakan)
_TYPES = (Discard, Riichi, NineTerminals, Ankan, Kakan)  # as turn_discard takes them
_FIVES = frozenset(red >> 2 for red in RED_FIVE_IDS)

Candidate = tuple[int, int, int, int, int]
"""A discard a player weighs: ``(shanten after it, cost, tie-break order, tile type, unseen
useful tiles after it)``, where ``cost`` is what the tile is worth kept (its dora, in tiles of
ukeire) less the unseen useful tiles; the smallest candidate is the efficient choice."""

Threat = tuple[int, float, int]
"""A seat to defend against: ``(seat, weight, mask of the tile types it may win on)``."""

# How long a player keeps a tile type when discards are otherwise equal (higher: kept longer).
_ORDER_GUEST_WIND, _ORDER_YAKUHAI, _ORDER_TERMINAL, _ORDER_TWO_EIGHT, _ORDER_MIDDLE = 0, 3, 5, 7, 9


def _order_of(tile: int, yakuhai: int) -> int:
    if tile >= 27:
        return _ORDER_YAKUHAI if yakuhai >> tile & 1 else _ORDER_GUEST_WIND
    number = tile % 9
    if number in (0, 8):
        return _ORDER_TERMINAL
    return _ORDER_TWO_EIGHT if number in (1, 7) else _ORDER_MIDDLE


@functools.cache
def _orders_of(yakuhai: int) -> tuple[int, ...]:
    """Four times :func:`_order_of` of every tile type (a player adds its jitter); few yakuhai
    masks occur."""
    return tuple(4 * _order_of(t, yakuhai) for t in range(34))


def _jittered(orders: tuple[int, ...], jitter: tuple[int, ...]) -> bytes:
    """``orders`` with a player's ``jitter`` added, type by type."""
    table = bytearray(34)
    for t in range(34):
        table[t] = orders[t] + jitter[t]
    return bytes(table)


class Turn:
    """What a player works out once per turn: its concealed ``counts``, the ``visible`` tiles,
    its yaku ``plan`` with ``open_sets`` open melds, the tile types it may not discard
    (``banned``, a mask) and its ``worth`` and ``order`` tables (see :data:`Candidate`), and
    whether the table is of three players (``sanma``: no 2m-8m to draw or to wait on)."""

    __slots__ = ("obs", "counts", "visible", "plan", "open_sets", "banned", "worth", "order",
                 "sanma")

    def __init__(
        self,
        obs: Observation,
        counts: bytes | bytearray,
        visible: bytes | bytearray,
        plan: Plan,
        open_sets: int,
        banned: int,
        worth: bytes,
        order: bytes,
    ) -> None:
        self.obs = obs
        self.counts = counts
        self.visible = visible
        self.plan = plan
        self.open_sets = open_sets
        self.banned = banned
        self.worth = worth
        self.order = order
        self.sanma = sanma(obs)


class EfficiencyAgent(BuiltinAgent):
    """Plays for speed: always the discard that leaves the lowest shanten, then the most unseen
    ukeire (its own tiles, every discard and meld and the dora indicators are out of reach), then
    keeps middle tiles longest and lets isolated honours go first. A dora or red five counts as
    ``dora_weight`` unseen useful tiles: it is kept unless letting it go gains more than that.

    It wins whenever it may, declares riichi whenever its closed hand is tenpai (with the discard
    that leaves the most unseen winning tiles; not on a wait with none left), and calls a chi or pon only when the call lowers
    its shanten and the hand keeps a way to a yaku: a yakuhai triplet, tanyao (where open tanyao
    is allowed), a flush or all triplets already far along. It never makes a call that leaves it
    no yaku; after a call it discards toward that yaku. It declares a closed or added kan when the
    kan costs no shanten, never an open kan (it lowers nothing).

    Keyword knobs: ``calls`` (make calls at all), ``riichi`` (declare riichi), ``kans``
    (declare kans), ``flush_slack`` (tiles of other suits a flush call may leave in the hand, to be
    discarded next), ``tanyao_slack`` (the same for terminals and honours with tanyao),
    ``toitoi_shanten`` (how close to all triplets a pon for toitoi must bring the hand),
    ``dama_points`` (stay tenpai without riichi when every wait wins at least this many points by
    ron without it; None, the default: always riichi), ``cheap_call_shanten`` (a call for a hand
    worth one han is made only when it leaves the hand at most this many tiles from tenpai),
    ``flush_tiles`` (with this many tiles of one suit and honours, discard the other suits first
    and count only that suit's tiles as useful; None, the default: never steer to a flush).
    Ranges: the slacks and ``flush_tiles`` 0 to 14, the shanten knobs 0 to 8, ``dora_weight`` 0 to
    51, ``dama_points`` 0 or more; outside, a :class:`~riichi.errors.PlayerSettingError`.
    ``seed`` breaks exact ties (without one, ties go to the lower tile type).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        calls: bool = True,
        riichi: bool = True,
        kans: bool = True,
        flush_slack: int = 1,
        tanyao_slack: int = 1,
        toitoi_shanten: int = 2,
        dama_points: int | None = None,
        dora_weight: int = 4,
        cheap_call_shanten: int = 8,
        flush_tiles: int | None = None,
    ) -> None:
        self.calls = flag_knob("calls", calls)
        self.riichi = flag_knob("riichi", riichi)
        self.kans = flag_knob("kans", kans)
        self.flush_slack = count_knob("flush_slack", flush_slack, 0, HAND_TILES)
        self.tanyao_slack = count_knob("tanyao_slack", tanyao_slack, 0, HAND_TILES)
        self.toitoi_shanten = count_knob("toitoi_shanten", toitoi_shanten, 0, MAX_SHANTEN)
        self.dama_points = count_or_none_knob("dama_points", dama_points, 0)
        self.dora_weight = count_knob("dora_weight", dora_weight, 0, MAX_DORA_WEIGHT)
        self.cheap_call_shanten = count_knob("cheap_call_shanten", cheap_call_shanten, 0,
                                             MAX_SHANTEN)
        self.flush_tiles = count_or_none_knob("flush_tiles", flush_tiles, 0, HAND_TILES)
        if seed is not None:
            seed = checked_int(seed, "a seed (an int) or None")
        rng = random.Random(seed)
        self._jitter = tuple(rng.randrange(4) if seed is not None else 0 for _ in range(34))
        self._tables_for: tuple[tuple[int, ...], int, int] = ((), -1, -1)
        self._tables_kept = (bytes(34), bytes(34), 0)
        self._orders: dict[int, bytes] = {}  # by yakuhai mask (few occur)
        self._shapes_for: tuple[Meld, ...] = ()
        self._shapes_kept = _NO_SHAPES
        self._dama_for: tuple[object, ...] = ()
        self._dama_kept = 0

    # ------------------------------------------------------------------ entry point
    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The action this player takes: one of ``legal_actions``."""
        if type(legal_actions[-1]) is Pass:
            return self._claim(observation, legal_actions)
        return self._turn(observation, legal_actions)

    # ------------------------------------------------------------------ own turn
    def _turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if type(first) is Tsumo:
            return first
        last = legal[-1]  # the kans come last, but for the kita (three players) after them
        kita = None
        if type(last) is Kita:
            kita = kita_to_declare(legal, obs)
            # facing threats, only a hand that pushes sets a North aside (see _choose)
            if kita is not None and (obs.in_riichi or not self._threats(obs)):
                return kita
            last = before_kita(legal)
        if obs.in_riichi:
            # a riichi hand discards what it draws, or declares a kan that keeps its waits
            return last if type(last) is Ankan and self.kans else first
        counts = obs.counts
        if type(first) is NineTerminals and _core.shanten_kokushi(counts) > 2:
            return first
        threats = self._threats(obs)
        worth, order, yakuhai = self._hand_tables(obs)
        shapes, suits, masks = self._shapes(obs)
        plan = FREE
        banned = 0
        if shapes:
            plan = plan_for(counts, masks, yakuhai, obs.rules.kuitan) or FREE
            # only a chi or pon (which opens the hand) leaves a turn without a draw
            if obs.drawn is None:
                banned = _kuikae_banned(legal)
        flush = self.flush_tiles
        if threats or plan is TOITOI:
            plan = self._flush_or(plan, counts, suits)
            reds = lone_reds(obs, counts)
            if reds:
                worth = with_reds(worth, reds, self.dora_weight)
            turn = Turn(obs, counts, obs.visible, plan, len(shapes), banned, worth, order)
            (shanten, _, _, tile, unseen), bold = self._choose(turn, threats)
            if kita is not None and bold:
                return kita
        else:
            # the whole choice is one compiled call: the flush to steer to, the efficiency of
            # every discard, riichi and the listed action
            visible = obs.visible
            three = sanma(obs)
            steer = -1 if flush is None or plan is not FREE else flush
            action, tile, shanten, unseen = turn_discard(
                legal, counts, visible, worth, order, plan.garbage, plan.useful, banned, steer,
                suits, self.riichi, _TYPES, three,
            )
            if action is not None:
                if type(action) is Riichi:
                    return self._dama_or(obs, legal, action, counts)
                return action
            # A red five is worth more kept: that only makes other discards costlier, so the
            # choice stands unless it is a lone five (which may be red), rarely let go.
            if tile in _FIVES and counts[tile] == 1:
                reds = lone_reds(obs, counts)
                if reds:
                    tile, shanten, unseen = best_discard(
                        counts, visible, worth, order, plan.garbage, plan.useful, banned, reds,
                        self.dora_weight, steer, suits, three,
                    )
            bold = True
        if self.kans and bold and type(last) in _KANS:
            kan = self._kan(legal, counts, shanten, obs.rules.players)
            if kan is not None:
                return kan
        riichi = self.riichi and bold and shanten == 0 and unseen > 0
        action = listed_discard(legal, tile, counts, riichi, Discard, Riichi, NineTerminals)
        return self._dama_or(obs, legal, action, counts)

    def _dama_or(
        self, obs: Observation, legal: Sequence[Action], action: Action, counts: bytes
    ) -> Action:
        """``action``, or its plain discard when it declares riichi on a hand worth
        ``dama_points`` without."""
        if type(action) is Riichi and self.dama_points is not None:
            if self._dama_worth(obs, action.tile) >= self.dama_points:
                return listed_discard(legal, action.tile >> 2, counts, False, Discard, Riichi,
                                      NineTerminals)
        return action

    def _threats(self, obs: Observation) -> list[Threat]:
        """The seats this player defends against (here none)."""
        return []

    def _choose(self, turn: Turn, threats: list[Threat]) -> tuple[Candidate, bool]:
        """The discard to make facing ``threats`` or with a plan the compiled choice does not
        know (here the most efficient one), and whether the player plays for the win this turn
        (it may declare riichi, a kan or a kita: a folding hand keeps its North, a safe tile,
        rather than offer it to a ron and draw one more tile to throw)."""
        return self._best(turn), True

    def _best(self, turn: Turn) -> Candidate:
        """The most efficient discard: the smallest of :meth:`_candidates`, in one core call."""
        plan = turn.plan
        if plan is TOITOI:
            return min(self._candidates(turn))
        tile, shanten, unseen = best_discard(
            turn.counts, turn.visible, turn.worth, turn.order, plan.garbage, plan.useful,
            turn.banned, sanma=turn.sanma,
        )
        return shanten, turn.worth[tile] - unseen, turn.order[tile], tile, unseen

    def _candidates(self, turn: Turn) -> list[Candidate]:
        """Every discard the player may make: all tile types of the hand but the banned ones, only
        those that do not fit the plan if there are any, with the unseen tiles useful to the plan
        (toward all triplets, by :func:`~riichi.agents.plans.toitoi_shanten`)."""
        counts, visible, worth, order = turn.counts, turn.visible, turn.worth, turn.order
        rows = _core.discard_analysis(counts, visible, turn.obs.rules.players).tolist()
        if turn.banned:
            rows = [row for row in rows if not turn.banned >> row[0] & 1]
        plan = turn.plan
        if plan is TOITOI:
            held = [row[0] for row in rows]
            return toitoi_candidates(held, counts, visible, worth, order, turn.open_sets)
        garbage = [row for row in rows if plan.garbage >> row[0] & 1]
        if garbage:
            rows = garbage
        useful = plan.useful
        out: list[Candidate] = []
        for t, shanten, mask, unseen in rows:
            if mask & ~useful:
                unseen = _unseen(mask & useful, counts, visible)
            out.append((shanten, worth[t] - unseen, order[t], t, unseen))
        return out

    def _plan(self, obs: Observation, counts: bytes) -> tuple[Plan, int]:
        """The yaku plan of the hand and its number of open melds."""
        shapes = _open_shapes(obs, counts)
        plan = self._open_plan(obs, counts, shapes) if shapes else FREE
        return self._flush_or(plan, counts, flush_suits(shapes)), len(shapes)

    def _flush_or(self, plan: Plan, counts: bytes, suits: int) -> Plan:
        """``plan``, or the flush to steer to when ``plan`` leaves the hand free (see
        ``flush_tiles``; ``suits``: those the open melds allow, by
        :func:`~riichi.agents.plans.flush_suits`)."""
        if plan is FREE and self.flush_tiles is not None:
            return flush_plan_in(counts, suits, self.flush_tiles) or FREE
        return plan

    def _open_plan(self, obs: Observation, counts: bytes, shapes: list[MeldShape]) -> Plan:
        """The yaku plan the open melds ``shapes`` ask of the hand (see
        :func:`~riichi.agents.plans.open_plan`; :data:`FREE` when it has none)."""
        yakuhai = self._hand_tables(obs)[2]
        return open_plan(counts, shapes, yakuhai, obs.rules.kuitan) or FREE

    def _shapes(self, obs: Observation) -> _Shapes:
        """The open melds of this seat (as :func:`_open_shapes`), the suits a flush may be of with
        them (:func:`~riichi.agents.plans.flush_suits`) and what a plan reads of them
        (:func:`~riichi.agents.plans.meld_masks`); kept while the melds stay."""
        melds = obs.own_melds
        if not melds:
            return _NO_SHAPES
        if melds != self._shapes_for:
            shapes = _shapes_of(melds)
            self._shapes_for = melds
            self._shapes_kept = (shapes, flush_suits(shapes), meld_masks(shapes))
        return self._shapes_kept

    def _worth_and_order(self, obs: Observation, counts: bytes | bytearray) -> tuple[bytes, bytes]:
        """Per tile type, its worth kept (dora, a lone red five: ``dora_weight`` tiles each) and its
        tie-break order (see :meth:`_tables`)."""
        worth, order = self._tables(obs)
        reds = lone_reds(obs, counts)
        return (with_reds(worth, reds, self.dora_weight) if reds else worth), order

    def _tables(self, obs: Observation) -> tuple[bytes, bytes]:
        """Per tile type, its worth kept for being dora (``dora_weight`` tiles each) and its
        tie-break order (yakuhai of this seat kept over guest winds, then as ``_order_of``)."""
        worth, order, _ = self._hand_tables(obs)
        return worth, order

    def _hand_tables(self, obs: Observation) -> tuple[bytes, bytes, int]:
        """:meth:`_tables` and the yakuhai of this seat (a mask of tile types), worked out once a
        hand (and again after a new dora)."""
        dora, seat_wind, round_wind = obs.dora, obs.seat_wind, obs.position.round_wind
        # the tables change only with the winds and the dora
        last = self._tables_for
        if last[0] == dora and last[1] == seat_wind and last[2] == round_wind:
            return self._tables_kept
        yakuhai = yakuhai_mask(seat_wind, round_wind)
        order = self._orders.get(yakuhai)
        if order is None:
            order = self._orders[yakuhai] = _jittered(_orders_of(yakuhai), self._jitter)
        table = bytearray(34)
        for tile_type in dora:
            table[tile_type] += self.dora_weight
        self._tables_for = (dora, seat_wind, round_wind)
        self._tables_kept = (bytes(table), order, yakuhai)
        return self._tables_kept

    def _dama_worth(self, obs: Observation, discard: int) -> int:
        """The least a ron wins, without riichi, over the waits left by ``discard`` (0 when a wait
        has no yaku). A hand kept dama asks again every turn, mostly about the same tiles after
        a tsumogiri: the last answer is kept."""
        hand = list(obs.hand)
        hand.remove(discard)
        melds = obs.own_melds
        kita = obs.kita[obs.seat]
        key = (tuple(hand), melds, kita, obs.dora_indicators, obs.seat_wind, obs.round_wind % 4,
               obs.rules)
        if key == self._dama_for:
            return self._dama_kept
        worth = self._ron_worth(obs, hand, discard, melds, kita)
        self._dama_for, self._dama_kept = key, worth
        return worth

    @staticmethod
    def _ron_worth(
        obs: Observation, hand: list[int], discard: int, melds: tuple[Meld, ...],
        kita: tuple[int, ...],
    ) -> int:
        """:meth:`_dama_worth` worked out: ``hand``, the concealed tiles left by ``discard``;
        ``kita``, the Norths this seat has set aside (a dora each, and copies no ron can take)."""
        after = bytearray(obs.counts)
        after[discard >> 2] -= 1
        worth: int | None = None
        shown = set(hand).union(obs.dora_indicators, kita, *(m.tiles for m in melds))
        for wait in _core.waits(after, obs.rules.players):
            win = next((wait * 4 + k for k in (3, 2, 1, 0) if wait * 4 + k not in shown), None)
            if win is None:  # every other copy is in the hand, its kans or Norths, or shown
                continue
            try:
                result = score_hand(
                    hand, win, melds, tsumo=False,
                    seat_wind=WIND_LETTERS[obs.seat_wind], round_wind=WIND_LETTERS[obs.round_wind % 4],
                    dora_indicators=obs.dora_indicators, kita=len(kita), rules=obs.rules,
                )
            except NoYakuError:
                return 0
            worth = result.points if worth is None else min(worth, result.points)
        return worth or 0

    @staticmethod
    def _kan(legal: Sequence[Action], counts: bytes, shanten: int, players: int) -> Action | None:
        """A closed or added kan that leaves the shanten of the best discard, if one is listed
        (at a table of ``players``)."""
        for action in legal:
            if isinstance(action, _KANS):
                after = bytearray(counts)
                after[action.tile_type] -= 4 if type(action) is Ankan else 1
                if _core.shanten(after, players) <= shanten:
                    return action
        return None

    # ------------------------------------------------------------------ claims
    def _claim(self, obs: Observation, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if type(first) is Ron:
            return first
        if not self.calls:
            return legal[-1]
        # A call gains at most one step, like a draw: a hand that is tenpai already, or too far
        # for a call to bring it within the limit, weighs none.
        limit = self._call_limit(obs)
        now, calls = calls_below(obs.counts, legal, limit, Chi, Pon, sanma(obs))
        if not calls:
            return legal[-1]
        call = self._best_call(obs, legal, now, calls)
        if call is None or call[1] > limit:
            return legal[-1]
        return call[0]

    def _call_limit(self, obs: Observation) -> int:
        """The most shanten a call may leave the hand at (here any)."""
        return MAX_SHANTEN

    def _best_call(
        self,
        obs: Observation,
        legal: Sequence[Action],
        now: int,
        calls: list[tuple[int, int, int, int]],
    ) -> tuple[Action, int] | None:
        """Of the ``calls`` (see :func:`~riichi.agents._calls.calls_below`), the chi or pon that
        keeps a yaku and lowers the shanten from ``now`` most, with the shanten it leaves the hand
        at, or None."""
        counts = obs.counts
        tile = obs.claimable
        if tile is None:  # legal actions of a claim with an observation of another decision
            raise IllegalActionError(
                f"{legal[calls[0][0]]!r} is a claim, but seat {obs.seat} has no discard to claim "
                "now: the legal actions are not this observation's"
            )
        tile_type = tile >> 2
        # what every call weighs (the open melds, the yaku and kuikae rules) and the shown worth
        # of the hand (see _shown_worth), read only once a call needs them
        context: tuple[list[MeldShape], MeldMasks, int, bool, bool] | None = None
        shown: _Shown | None = None
        best: tuple[int, int] | None = None
        best_action: tuple[Action, int] | None = None
        cheap = self.cheap_call_shanten
        # No discard after a call does better than the hand's own shanten: a call that cannot
        # beat the best so far is dropped before any plan is weighed.
        for index, a, b, low in calls:
            if best is not None and low > best[0]:
                continue
            action = legal[index]
            after = bytearray(counts)
            after[a] -= 1
            after[b] -= 1
            if context is None:
                shapes, _, masks = self._shapes(obs)
                rules = obs.rules
                context = (
                    shapes, masks, self._hand_tables(obs)[2], rules.kuitan, rules.kuikae_forbidden
                )
            shapes, (types_mask, triplets, runs), yakuhai, kuitan, kuikae = context
            is_run = type(action) is Chi
            start = min(a, b, tile_type)
            if is_run:
                meld = (start, start + 1, start + 2)
                with_call = (types_mask | 7 << start, triplets, True)
            else:
                meld = (tile_type, tile_type, tile_type)
                with_call = (types_mask | 1 << tile_type, triplets | 1 << tile_type, runs)
            open_sets = len(shapes) + 1
            plan = plan_for(after, with_call, yakuhai, kuitan)
            if plan is None or not self._plan_fits(plan, after, open_sets):
                continue
            # A cheap hand's call is refused when it leaves the hand too far from tenpai (below);
            # every discard after the call leaves it ``low`` or more (all triplets aside), so
            # when that is too far already no discard is weighed.
            han: int | None = None
            if low > cheap and plan is not TOITOI:
                shown = shown or self._shown_worth(obs, yakuhai, shapes)
                han = self._han_after(shown, after, meld)
                if han <= 1:
                    continue
            visible = bytearray(obs.visible)
            visible[a] += 1
            visible[b] += 1
            worth, order = self._worth_and_order(obs, after)
            banned = 0
            if kuikae:
                banned = kuikae_ban(tile_type, start if is_run else None)
            turn = Turn(obs, after, visible, plan, open_sets, banned, worth, order)
            choice = self._best(turn)
            score = (choice[0], -choice[4])
            if choice[0] >= now or (best is not None and score >= best):
                continue
            if choice[0] > cheap:
                if han is None:
                    shown = shown or self._shown_worth(obs, yakuhai, shapes)
                    han = self._han_after(shown, after, meld)
                if han <= 1:
                    continue
            best, best_action = score, (action, choice[0])
        return best_action

    def _plan_fits(self, plan: Plan, counts: bytes | bytearray, open_sets: int) -> bool:
        """The hand (``counts`` concealed, ``open_sets`` melds) is far enough along ``plan`` to
        call for it."""
        if plan is FREE:
            return True
        if plan is TOITOI:
            return toitoi_shanten(counts, open_sets) <= self.toitoi_shanten
        slack = self.tanyao_slack if plan.yaku == "tanyao" else self.flush_slack
        return plan.garbage_in(counts) <= slack

    @staticmethod
    def _shown_worth(obs: Observation, yakuhai: int, shapes: list[MeldShape]) -> _Shown:
        """What the worth of a call for this hand reads from the table: the red fives of the hand
        and its melds, the dora, ``yakuhai`` and the tile types of the open melds ``shapes``
        (see :meth:`_han_after`)."""
        reds = len(obs.red_fives)
        for meld in obs.own_melds:
            reds += sum(t in _RED for t in meld.tiles)
        return reds, obs.dora, yakuhai, tuple(t for types, _ in shapes for t in types)

    @staticmethod
    def _han_after(shown: _Shown, concealed: bytearray, meld: tuple[int, ...]) -> int:
        """The han an open hand of ``concealed`` tiles is likely worth after a call of ``meld``
        (its tile types), with ``shown`` from :meth:`_shown_worth`."""
        reds, dora, yakuhai, shape_types = shown
        return hand_han(concealed, shape_types + meld, reds, dora, False, yakuhai)


def _open_shapes(obs: Observation, counts: bytes | bytearray) -> list[MeldShape]:
    """The open melds of the hand of concealed ``counts``."""
    return [] if obs.is_closed else _shapes_of(obs.melds[obs.seat])


_Shapes = tuple[list[MeldShape], int, MeldMasks]
_Shown = tuple[int, tuple[int, ...], int, tuple[int, ...]]
_NO_SHAPES: _Shapes = ([], 7, meld_masks([]))


def _shapes_of(melds: Sequence[Meld]) -> list[MeldShape]:
    return [(m.types, m.is_run) for m in melds if m.is_open]


def _kuikae_banned(legal: Sequence[Action]) -> int:
    """Bit mask of the tile types with no legal discard (kuikae, right after a call)."""
    return ALL_TILES & ~discard_types(legal, Discard)


def _unseen(mask: int, counts: bytes | bytearray, visible: bytes | bytearray) -> int:
    """Copies of the tile types in ``mask`` neither held nor in sight."""
    return sum(4 - counts[t] - visible[t] for t in _core.tiles_from_mask(mask))
