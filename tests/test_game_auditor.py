"""The rules auditor's mutation test (its runs over every preset: test_game_auditor_presets.py).

The mutation test breaks the engine in memory, one rule at a time (``monkeypatch`` puts it back),
and asserts the auditor (``tests/auditor.py``) sees each break in seeded games of mixed play, or
on walls that make liability (pao) likely.
"""

from __future__ import annotations

import __future__
import dataclasses
import importlib
import inspect
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from auditor import Auditor, audit_games, audit_pao_games, play_recorded
from riichi.game import GameState, Wall, state as state_module
from riichi.game import events as ev
from riichi.game.player import Player
from riichi.game.winning import Situation, score_win
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.scoring import HandResult

PAO_GAMES = 40


def source_of(func: Callable[..., object]) -> str:
    """The source of ``func``, also when its module is compiled (the engine's modules are built
    with Cython from their ``.py`` source, which is read from beside the compiled module)."""
    if inspect.isfunction(func):
        return inspect.getsource(func)
    module = sys.modules[func.__module__]
    assert module.__file__ is not None
    path = Path(module.__file__).with_name(func.__module__.rpartition(".")[2] + ".py")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    first = func.__code__.co_firstlineno - 1
    return "".join(inspect.getblock(lines[first:]))


def mutate(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, old: str, new: str
) -> None:
    """Replace ``owner.name`` (a function, method or property) by a copy whose source has
    ``old`` replaced by ``new``, compiled in the namespace of the module that defined it."""
    target = inspect.getattr_static(owner, name)
    func = target.fget if isinstance(target, property) else target
    assert callable(func)
    source = textwrap.dedent(source_of(func))
    assert source.count(old) == 1, f"{old!r} not found once in {func.__qualname__}"
    namespace = dict(vars(sys.modules[func.__module__]))
    code = compile(
        source.replace(old, new), f"<mutant of {func.__qualname__}>", "exec",
        flags=__future__.annotations.compiler_flag, dont_inherit=True,
    )
    exec(code, namespace)
    mutant = namespace[name]
    monkeypatch.setattr(owner, name, mutant)
    # dispatch tables that hold the original (GameState's action handlers)
    for table in vars(owner).values() if isinstance(owner, type) else ():
        if isinstance(table, dict):
            for key, value in list(table.items()):
                if value is func:
                    monkeypatch.setitem(table, key, mutant)


def yakuless_ron(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ron on a tile that gives no yaku is offered (scored as if it were the last discard)."""

    def score_any_win(
        rules: RuleSet, concealed: Sequence[int], win_tile: int, melds: Sequence[Meld],
        situation: Situation, honba: int = 0,
    ) -> HandResult | None:
        result = score_win(rules, concealed, win_tile, melds, situation, honba)
        if result is None and not situation.tsumo:
            forced = dataclasses.replace(situation, houtei=True)
            result = score_win(rules, concealed, win_tile, melds, forced, honba)
        return result

    monkeypatch.setattr(state_module, "score_win", score_any_win)


Mutant = Callable[[pytest.MonkeyPatch], None]


def _source_mutant(owner: object, name: str, old: str, new: str) -> Mutant:
    return lambda monkeypatch: mutate(monkeypatch, owner, name, old, new)


# agents that never ron pass many wins: furiten everywhere; without riichi, temporary furiten
PASSING = {"p_ron": 0.0}
PASSING_DAMA = {"p_ron": 0.0, "p_riichi": 0.0}

# name -> (how to break the engine, the auditor rule that must report it, agents' temperament)
MUTANTS: dict[str, tuple[Mutant, str, dict[str, float]]] = {
    "own-discard furiten dropped": (
        _source_mutant(Player, "furiten", "or bool(self.waits_mask & self.discard_mask)", ""),
        "ron opportunity", PASSING,
    ),
    "riichi furiten dropped": (
        _source_mutant(GameState, "_furiten_for_passed_wins", "q.riichi_furiten = True", "pass"),
        "ron opportunity", PASSING,
    ),
    "temporary furiten dropped": (
        _source_mutant(GameState, "_furiten_for_passed_wins", "q.temp_furiten = True", "pass"),
        "ron opportunity", PASSING_DAMA,
    ),
    "temporary furiten only when ron was offered": (
        _source_mutant(
            GameState, "_furiten_for_passed_wins", "for s in self.completed:",
            "for s in [c for c in self.completed if c in self.claims"
            " and isinstance(self.claims[c][0], Ron)]:",
        ),
        "ron opportunity", PASSING_DAMA,
    ),
    "yakuless ron offered": (yakuless_ron, "ron opportunity", {}),
    "calls on the last discard": (
        _source_mutant(
            GameState, "_open_claims", "last = self.wall.live_remaining == 0", "last = False"
        ),
        "no call on the last tile", {},
    ),
    "noten paid wrong": (
        _source_mutant(
            state_module, "noten_payments", "loss = total // (4 - len(tenpai))",
            "loss = total // 3",
        ),
        "noten payments", {},
    ),
    "kuikae ignored": (
        _source_mutant(
            GameState, "_do_chi_pon",
            "p.kuikae_mask = ban if self.rules.kuikae_forbidden else 0", "p.kuikae_mask = 0",
        ),
        "kuikae", {},
    ),
    "riichi with too few tiles left": (
        _source_mutant(
            GameState, "_may_riichi", ">= rules.riichi_min_wall_tiles", ">= 0"
        ),
        "riichi refused (wall)", {},
    ),
    "counters not paid on a win": (
        _source_mutant(
            GameState, "_settle", "honba=pos.honba", "honba=0"
        ),
        "win payments, counters and sticks", {},
    ),
    "the deal passes from a tenpai dealer": (
        _source_mutant(
            GameState, "_exhaustive_draw", "dealer_stays=dealer_tenpai", "dealer_stays=False"
        ),
        "counters, sticks and dealer", {},
    ),
}


@pytest.mark.parametrize("preset", ["ema", "tenhou"])
def test_auditor_catches_riichi_on_a_wait_held_four_times(
    monkeypatch: pytest.MonkeyPatch, preset: str
) -> None:
    # the engine's riichi of the concealed counts alone, blind to the seat's own kan (issue A):
    # the dealer declares the kan of 5s, then its 46s kanchan waits on no tile left
    mutate(
        monkeypatch, GameState, "_compute_turn_actions", "ready = p.tenpai_discards()",
        "ready = mask_of(int(row[0]) for row in _core.discard_analysis(p.counts) if row[1] == 0)",
    )
    wall = Wall.arranged(["0555s46s456m123p7p", None, None, None], "2m", replacements="7p")
    events, offers = play_recorded(preset, 0, 0, walls=[wall], p_kan=1.0)
    assert isinstance(events[3], ev.AnkanDeclared)
    auditor = Auditor(preset)
    auditor.audit(events, offers, "karaten")
    assert any("[riichi refused (not tenpai: karaten)]" in v for v in auditor.violations)


@pytest.mark.parametrize("preset", ["ema", "tenhou"])
@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_auditor_catches_each_mutant(
    monkeypatch: pytest.MonkeyPatch, mutant: str, preset: str
) -> None:
    breaks, rule, temperament = MUTANTS[mutant]
    breaks(monkeypatch)
    auditor, games = audit_games(
        preset, seed=11, games=100, until_violation=True, **temperament
    )
    assert auditor.violations, f"{mutant}: no violation in {games} games"
    assert any(f"[{rule}]" in v for v in auditor.violations), auditor.violations


# the module, not the function riichi.scoring exports under the same name
settle_module = importlib.import_module("riichi.scoring.settle")

# name -> (owner, method, source text, its replacement, the auditor rule that must report it)
PAO_MUTANTS = {
    "no daisangen liability": (
        GameState, "_check_pao", '"daisangen" in pao and', "False and", "liable seat shown",
    ),
    "the discarder pays the liable seat's half of a ron": (
        settle_module, "_pay_hand", "pay(liable, pao_value // 2)", "pay(discarder, pao_value // 2)",
        "win payments, counters and sticks",
    ),
}


@pytest.mark.parametrize("mutant", sorted(PAO_MUTANTS))
def test_auditor_catches_each_liability_mutant(monkeypatch: pytest.MonkeyPatch, mutant: str) -> None:
    owner, name, old, new, rule = PAO_MUTANTS[mutant]
    mutate(monkeypatch, owner, name, old, new)
    auditor = audit_pao_games("ema", PAO_GAMES)
    assert any(f"[{rule}]" in v for v in auditor.violations), auditor.violations[:3]
