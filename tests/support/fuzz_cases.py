"""Every public entry point of riichi, called with arbitrary Python values and numpy arrays.

Run as a module from the checkout (``python -m tests.support.fuzz_cases GROUP [GROUP ...]``), in
its own process: a case that kills the interpreter (a segfault in the compiled core) then fails the test that started it
instead of the test run. Each target is fuzzed with hypothesis; the only exceptions a call may
raise are :class:`~riichi.errors.RiichiError`, ``TypeError`` and ``ValueError``. Anything else
fails the run with hypothesis' smallest example. The last line printed is a JSON object: the
number of inputs tried per target.

``RIICHI_FUZZ_EXAMPLES`` sets the examples per target (default 150); the run is derandomized, so
the same inputs are tried every time unless ``RIICHI_FUZZ_SEED`` asks for others.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import riichi
from riichi import tiles
from riichi.agents import RandomAgent
from riichi.errors import RiichiError
from riichi.game import Game, Observation
from riichi.game import actions as acts
from riichi.game.flow import Position
from riichi.logs import decode_meld, deal, parse_mjlog
from riichi.meld import Meld, MeldKind
from riichi.rules import PRESET_NAMES, RuleSet
from riichi.scoring import Win, score_hand, settle
from tests.support.game import forged


ALLOWED = (RiichiError, TypeError, ValueError)

# ---- values ---------------------------------------------------------------------------------

_EDGE_INTS = [-1, 0, 1, 3, 4, 5, 13, 14, 33, 34, 135, 136, 255, 256, 2**31, 2**63, -(2**63), 2**100]
_NOTATION = st.from_regex(r"[0-9mpsz]{0,24}", fullmatch=True)
_MELD_TEXT = st.builds(
    lambda kind, tiles_: f"{kind}:{tiles_}",
    st.sampled_from(["chi", "pon", "kan", "ankan", "kakan", "x", ""]),
    _NOTATION,
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-300, 300),
    st.sampled_from(_EDGE_INTS),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=40),
    _NOTATION,
    _MELD_TEXT,
    st.sampled_from([np.int64(5), np.uint8(3), np.bool_(True), np.float64(1.0), float("nan")]),
    st.sampled_from(list(MeldKind)),
)
"""Single values of every kind: edge ints, floats, text, notation, numpy scalars."""

_DTYPES = st.sampled_from(
    [np.uint8, np.int8, np.int16, np.uint16, np.int64, np.uint64, np.bool_, np.float64]
)


def _read_only(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _arrays(shape: Any) -> st.SearchStrategy[np.ndarray]:
    return _DTYPES.flatmap(
        lambda dtype: hnp.arrays(
            dtype, shape, elements=hnp.from_dtype(np.dtype(dtype), min_value=0, max_value=6)
            if np.dtype(dtype).kind in "iu" else None,
        )
    )


arrays = st.one_of(
    _arrays(hnp.array_shapes(min_dims=0, max_dims=3, max_side=40)),
    _arrays(st.just((34,))),
    _arrays(st.tuples(st.integers(0, 40), st.just(34))),
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 40), st.just(34))),  # any byte
    hnp.arrays(np.uint8, (34,)),
    # views: strided, reversed, read-only
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 40), st.just(68))).map(lambda a: a[:, ::2]),
    hnp.arrays(np.uint8, (68,)).map(lambda a: a[::-2]),
    hnp.arrays(np.uint8, (34,), elements=st.integers(0, 4)).map(_read_only),
)
"""numpy arrays of many dtypes and shapes (34-wide ones often), contiguous or not."""

counts = st.one_of(
    hnp.arrays(np.uint8, (34,), elements=st.integers(0, 4)),
    st.lists(st.integers(0, 4), min_size=34, max_size=34),
    st.lists(st.integers(0, 4), min_size=34, max_size=34).map(bytes),
    st.lists(st.integers(0, 4), min_size=34, max_size=34).map(bytearray),
    _NOTATION,
)
"""Plausible tile counts (often illegal hands), so the kernels themselves are reached."""

values = st.recursive(
    st.one_of(scalars, arrays, counts),
    lambda inner: st.one_of(
        st.lists(inner, max_size=8),
        st.tuples(inner, inner),
        st.frozensets(scalars.filter(lambda v: v == v), max_size=5),
        st.dictionaries(st.text(max_size=5), inner, max_size=3),
    ),
    max_leaves=12,
)
"""Arbitrary Python values: the above, nested in lists, tuples, sets and dicts."""

ids = st.lists(st.integers(0, 135), max_size=16, unique=True)


@st.composite
def melds(draw: st.DrawFn) -> Any:
    """A meld in any form: valid, notation, or a Meld whose fields were overwritten (forged)."""
    form = draw(st.integers(0, 3))
    if form == 0:
        return draw(values)
    if form == 1:
        return draw(_MELD_TEXT)
    meld = Meld.parse(draw(st.sampled_from(["chi:123s", "pon:555z", "kan:0555m", "ankan:9999p"])))
    if form == 3:
        name = draw(st.sampled_from(["kind", "tiles", "called", "from_seat"]))
        value = draw(values)
        return forged(Meld, *[value if f == name else getattr(meld, f) for f in Meld._fields])
    return meld


# ---- targets --------------------------------------------------------------------------------

Target = tuple[st.SearchStrategy[Any], Callable[[Any], object], float]
TARGETS: dict[str, dict[str, Target]] = {"core": {}, "python": {}, "game": {}}


def target(
    group: str, name: str, strategy: st.SearchStrategy[Any], share: float = 1.0
) -> Callable[[Any], Any]:
    """Register ``function`` as target ``name``; ``share`` scales its examples (slow targets)."""

    def register(function: Callable[[Any], object]) -> Callable[[Any], object]:
        TARGETS[group][name] = (strategy, function, share)
        return function

    return register


def _each(*functions: Callable[..., object]) -> Callable[[Any], object]:
    """Call every function with the same value (generating values costs more than the calls)."""

    def call(value: Any) -> object:
        for function in functions:
            try:
                function(value)
            except ALLOWED:
                pass
        return None

    return call


_KERNELS = (riichi.shanten, riichi.shanten_standard, riichi.shanten_chiitoitsu,
            riichi.shanten_kokushi, riichi.waits, riichi.decompositions)
target("core", "shanten, shanten_standard, shanten_chiitoitsu, shanten_kokushi, waits, "
       "decompositions", st.one_of(counts, values))(_each(*_KERNELS))
target("core", "ukeire, discard_analysis", st.tuples(st.one_of(counts, values), st.one_of(counts, values)))(
    _each(lambda args: riichi.ukeire(*args), lambda args: riichi.discard_analysis(*args)))


@target("core", "shanten_batch", st.tuples(st.one_of(arrays, values), st.one_of(st.none(), arrays)))
def _batch(args: Any) -> object:
    return riichi.shanten_batch(*args)


@target("core", "shanten_batch(out=view of hands)", hnp.arrays(
    np.uint8, st.tuples(st.integers(1, 30), st.just(34)), elements=st.integers(0, 4)))
def _batch_overlap(hands: np.ndarray) -> object:
    flat = hands.reshape(-1)
    start = min(len(flat) - len(hands), len(hands))
    try:
        riichi.shanten_batch(hands, out=flat[start:start + len(hands)].view(np.int8))
    except riichi.InvalidHandError as error:
        return error
    raise AssertionError("shanten_batch accepted an out that overlaps its input")


target("core", "tiles_from_mask", values)(riichi.tiles_from_mask)

_TILE_FUNCTIONS = [getattr(tiles, name) for name in tiles.__all__
                   if callable(getattr(tiles, name)) and name not in ("TileCounts", "CountsLike")]
target("python", f"tiles: {len(_TILE_FUNCTIONS)} functions", values)(_each(*_TILE_FUNCTIONS))


@target("python", "Meld", st.tuples(values, values, values, values))
def _meld(args: Any) -> object:
    return Meld(*args)


@target("python", "Meld.parse", st.tuples(st.one_of(_MELD_TEXT, values), values, values))
def _meld_parse(args: Any) -> object:
    text, called, from_seat = args
    return Meld.parse(text, called=called, from_seat=from_seat)


_FIELDS = [f.name for f in dataclasses.fields(RuleSet)]


@target("python", "RuleSet", st.dictionaries(st.sampled_from(_FIELDS), values, max_size=3))
def _ruleset(changes: Any) -> object:
    return RuleSet(**changes)


target("python", "RuleSet.preset, RuleSet.coerce", values)(_each(RuleSet.preset, RuleSet.coerce))


_FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
          "tenhou", "chiihou", "renhou"]
_SCORE_ARGUMENTS = _FLAGS + ["seat_wind", "round_wind", "dora_indicators", "ura_indicators",
                             "honba", "riichi_sticks", "rules"]


@st.composite
def hands(draw: st.DrawFn) -> tuple[Any, Any, Any, dict[str, Any]]:
    """score_hand arguments: mostly plausible (ids or notation), any of them replaced by a value."""
    if draw(st.booleans()):
        tiles_ = draw(st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True))
        concealed, win = tiles_[:13], tiles_[13]
    else:
        concealed, win = draw(st.one_of(_NOTATION, values)), draw(st.one_of(_NOTATION, values))
    meld_list = draw(st.one_of(st.lists(melds(), max_size=4), values, _MELD_TEXT))
    kwargs: dict[str, Any] = {"tsumo": draw(st.booleans()), "seat_wind": "E", "round_wind": "E"}
    for name in draw(st.lists(st.sampled_from(_SCORE_ARGUMENTS), max_size=4)):
        kwargs[name] = draw(values)
    return concealed, win, meld_list, kwargs


@target("python", "score_hand", hands())
def _score(args: Any) -> object:
    concealed, win, meld_list, kwargs = args
    return score_hand(concealed, win, meld_list, **kwargs)


_A_WIN = score_hand("123m456p789s1122z", "2z", tsumo=False, seat_wind="S", round_wind="E")


@target("python", "settle", st.tuples(
    st.one_of(st.lists(st.builds(Win, st.integers(-2, 5), st.just(_A_WIN),
                                 st.one_of(st.none(), st.integers(-1, 4))), max_size=4), values),
    values, values, values, values, values))
def _settle(args: Any) -> object:
    wins, dealer, discarder, honba, sticks, rules = args
    return settle(wins, dealer=dealer, discarder=discarder, honba=honba, riichi_sticks=sticks,
                  rules=rules if isinstance(rules, (str, RuleSet)) else "ema")


@target("python", "logs.parse_mjlog", st.one_of(st.text(max_size=200), st.binary(max_size=200), values))
def _mjlog(data: Any) -> object:
    return parse_mjlog(data)


target("python", "logs.decode_meld, logs.deal", st.tuples(values, values))(
    _each(lambda args: decode_meld(*args), lambda args: deal(*args)))


class _PositionFields(tuple):  # type: ignore[type-arg]
    """A Position's four fields, drawn: the Position is made inside the target, as making one
    checks its fields."""


@target("game", "Game.new_state", st.tuples(
    st.one_of(st.sampled_from(PRESET_NAMES), values), values, values,
    st.one_of(st.just(()), values), st.one_of(st.none(), values, st.tuples(
        values, values, values, values).map(_PositionFields)), st.one_of(st.none(), values)))
def _new_state(args: Any) -> object:
    rules, seed, index, walls, position, scores = args
    if isinstance(position, _PositionFields):
        position = Position(*position)
    return Game(rules, seed, index).new_state(walls=walls, position=position, scores=scores)


@st.composite
def answers(draw: st.DrawFn) -> Any:
    """What a hostile agent returns: a value, an action of any seat with any fields (set past the
    checks an action makes when it is made: tests.support.game.forged)."""
    kind = draw(st.sampled_from([acts.Discard, acts.Riichi, acts.Tsumo, acts.Ron, acts.Chi,
                                 acts.Pon, acts.Daiminkan, acts.Ankan, acts.Kakan, acts.Pass,
                                 acts.NineTerminals]))
    fields = kind._fields
    return draw(st.one_of(values, st.builds(functools.partial(forged, kind),
                                            *[st.one_of(st.integers(-1, 140), values)
                                              for _ in fields])))


@target("game", "GameState.apply", st.lists(answers(), min_size=1, max_size=8))
def _apply(answers_: Any) -> object:
    state = Game("ema", seed=1).new_state()
    for answer in answers_:
        if state.is_over:
            break
        before = state.snapshot()
        seat = state.acting_seats[0]
        try:
            state.apply(answer, seat=seat)
        except ALLOWED:
            assert state.snapshot() == before, "a refused answer changed the state"
        legal = state.legal(seat)
        if legal:
            state.apply(legal[0], seat=seat)
    return state


class _Scripted:
    """An agent answering with drawn values while they last, then with legal actions."""

    def __init__(self, seat: int, script: list[Any]) -> None:
        self.script = script
        self.fallback = RandomAgent(seat)

    def act(self, observation: Observation, legal_actions: Any) -> Any:
        if self.script:
            return self.script.pop()
        return self.fallback.act(observation, legal_actions)


@target("game", "play_game", st.tuples(
    st.lists(answers(), max_size=3), values, st.one_of(st.integers(0, 2**64), values)), share=0.3)
def _play(args: Any) -> object:
    script, agents, seed = args
    riichi.play_game("cardavia", [_Scripted(s, list(script) if s == 1 else []) for s in range(4)],
                     seed=seed)
    return riichi.play_game("cardavia", agents, seed=seed)


# ---- running --------------------------------------------------------------------------------


def _fuzz(name: str, function: Callable[[Any], object], strategy: st.SearchStrategy[Any],
          examples: int, tried: dict[str, int]) -> None:
    tried[name] = 0

    @settings(max_examples=examples, database=None, deadline=None,
              derandomize="RIICHI_FUZZ_SEED" not in os.environ,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def case(value: Any) -> None:
        tried[name] += 1
        try:
            function(value)
        except ALLOWED:
            pass

    if "RIICHI_FUZZ_SEED" in os.environ:
        case = seed(int(os.environ["RIICHI_FUZZ_SEED"]))(case)
    case()


def run(group: str, examples: int, failed: list[str]) -> dict[str, int]:
    """Fuzz every target of ``group``: the number of inputs tried per target; the names of the
    targets that let another exception escape are added to ``failed`` (hypothesis prints the
    smallest example and the traceback)."""
    tried: dict[str, int] = {}
    for name, (strategy, function, share) in TARGETS[group].items():
        start = time.perf_counter()
        try:
            _fuzz(name, function, strategy, max(1, round(examples * share)), tried)
        except Exception:  # noqa: BLE001 - every target is tried; the run fails at the end
            traceback.print_exc()
            failed.append(f"{group}: {name}")
        print(f"{group}: {name}: {tried[name]} inputs, {time.perf_counter() - start:.2f} s",
              file=sys.stderr)
    return tried


def main(argv: list[str]) -> int:
    examples = int(os.environ.get("RIICHI_FUZZ_EXAMPLES", "150"))
    tried: dict[str, int] = {}
    failed: list[str] = []
    for group in argv:
        tried.update({f"{group}: {name}": n for name, n in run(group, examples, failed).items()})
    if failed:
        print(f"escaped the allowed errors: {failed}", file=sys.stderr)
    print(json.dumps(tried))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
