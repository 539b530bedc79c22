"""A hostile pass over riichi: random-argument calls, objects that change their containers while
compiled code reads them, misbehaving agents and mjai bots, mutated records.

Run as a module from the checkout, one group per process
(``python -m tests.support.hostile_pass GROUP [ROUNDS] [SEED]``), so that an input that kills the interpreter fails the run that started it instead of hiding in
it. Every call must end in a result or in :class:`~riichi.errors.RiichiError`, ``TypeError`` or
``ValueError`` (an agent's own exception, raised through the game, is its own). The last line
printed is a JSON object: inputs tried per target (the line before: how many of them ended in an
allowed error). Groups: ``compiled`` (the players' compiled
steps and the scorer with hostile containers), ``numbers`` (hand values, rule sets, positions,
actions), ``records`` (mutated records), ``agents`` (misbehaving agents), ``bots`` (misbehaving
mjai bots).
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
import sys
import textwrap
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import riichi
from riichi import Meld
from riichi.agents import _calls, _danger, _value
from riichi.agents import _efficiency as eff
from riichi.agents import EfficiencyAgent, MjaiAgent, RandomAgent
from riichi.errors import RiichiError
from riichi.game import Game, Observation, Position, play_game
from riichi.game import actions as acts
from riichi.logs import dumps, read
from riichi.rules import PRESET_NAMES, RuleSet
from riichi.scoring import hand_shares, hand_value, score_hand
from tests.support.game import forged
from tests.support.paths import DATA

ALLOWED = (RiichiError, TypeError, ValueError)
tried: dict[str, int] = {}
refused: dict[str, int] = {}  # of those tried, the calls that ended in an allowed error


def attempt(target: str, call: Callable[[], object]) -> None:
    """Make one call; anything but a result or an allowed error ends the run."""
    tried[target] = tried.get(target, 0) + 1
    try:
        call()
    except ALLOWED:
        refused[target] = refused.get(target, 0) + 1
    except RecursionError:
        raise
    except Exception:
        print(f"{target}: an exception outside the hierarchy", file=sys.stderr)
        raise


# ---- hostile values --------------------------------------------------------------------------


class Saboteur:
    """What the hostile objects do to a container when they are read: clear it, grow it,
    shrink it, resize a bytearray."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.targets: list[Any] = []

    def strike(self) -> None:
        for box in self.targets:
            move = self.rng.randrange(4)
            if isinstance(box, bytearray):
                if move == 0:
                    box.clear()
                elif move == 1:
                    box.extend(bytes(1000))
                elif box:
                    del box[: self.rng.randrange(len(box) + 1)]
            elif isinstance(box, list):
                if move == 0:
                    box.clear()
                elif move == 1 and box:
                    box.extend(box * 3)
                elif box:
                    box.pop()


def evil_int(value: int, saboteur: Saboteur) -> int:
    class Evil(int):
        def __rshift__(self, other: object) -> Any:
            saboteur.strike()
            return int(self) >> other  # type: ignore[operator]

        def __index__(self) -> int:
            saboteur.strike()
            return int(self)

        def __int__(self) -> int:
            saboteur.strike()
            return int.__int__(self)

        def __float__(self) -> float:
            saboteur.strike()
            return float(int(self))

    return Evil(value)


def loose_action(fields: dict[str, Any], saboteur: Saboteur) -> object:
    """An action-like object whose every field read strikes."""

    class Loose:
        def __getattr__(self, name: str) -> Any:
            saboteur.strike()
            if name in fields:
                return fields[name]
            raise AttributeError(name)

    return Loose()


def hand_bytes(rng: random.Random, size: int) -> bytearray | bytes:
    counts = [0] * 34
    for _ in range(size):
        t = rng.randrange(34)
        while counts[t] >= 4:
            t = rng.randrange(34)
        counts[t] += 1
    return bytearray(counts) if rng.random() < 0.5 else bytes(counts)


def some_value(rng: random.Random, saboteur: Saboteur) -> Any:
    return rng.choice([
        None, -1, 0, 1, 33, 34, 135, 136, 2**31, 2**63, -(2**63), 2**100, 1.5, float("nan"), "5p",
        b"x", True, (), [], evil_int(rng.randrange(136), saboteur),
    ])


# ---- groups ----------------------------------------------------------------------------------


def compiled(rounds: int, rng: random.Random) -> None:
    """The players' compiled steps and the scorer, with containers changed while they are read."""
    saboteur = Saboteur(rng)
    kinds = {"discard": acts.Discard, "riichi": acts.Riichi, "chi": acts.Chi, "pon": acts.Pon}
    for _ in range(rounds):
        counts = hand_bytes(rng, rng.choice([13, 14, 11, 8, 5, 2, rng.randrange(20)]))
        visible = hand_bytes(rng, rng.randrange(10))
        legal: list[Any] = []
        for _ in range(rng.randrange(1, 16)):
            kind = rng.choice(list(kinds))
            if rng.random() < 0.5:
                # every field an action may have, so that the class passed is never short of one
                fields: dict[str, Any] = {"seat": 0, "tile": evil_int(rng.randrange(136), saboteur),
                                          "tiles": [evil_int(rng.randrange(136), saboteur),
                                                    evil_int(rng.randrange(136), saboteur)]}
                saboteur.targets.append(fields["tiles"])
                legal.append(loose_action(fields, saboteur))
            else:
                try:
                    tiles = [rng.randrange(136), rng.randrange(136)]
                    legal.append(kinds[kind](0, tiles if kind in ("chi", "pon") else tiles[0]))
                except ALLOWED:
                    pass
        threats = [(evil_int(1, saboteur) if rng.random() < 0.5 else 1.0,
                    rng.choice([eff.ALL_TILES, evil_int(3, saboteur)]), rng.randrange(2**34))
                   for _ in range(rng.randrange(6))]
        candidates = [tuple(evil_int(rng.randrange(-2, 40), saboteur) for _ in range(5))
                      for _ in range(rng.randrange(40))]
        saboteur.targets = [legal, threats, candidates, counts, visible] + [
            f for f in saboteur.targets if rng.random() < 0.1]
        loose = [type(a) for a in legal if not isinstance(a, tuple(kinds.values()))]
        discard_type = rng.choice([acts.Discard, *loose])
        chi_type = rng.choice([acts.Chi, *loose])
        kind = rng.randrange(-1, 35)
        z = bytes(34)
        attempt("listed_discard", lambda: eff.listed_discard(
            legal, kind, counts, rng.random() < 0.5, discard_type, acts.Riichi, acts.NineTerminals))
        attempt("turn_discard", lambda: eff.turn_discard(
            legal, counts, visible, z, z, 0, eff.ALL_TILES, 0, rng.randrange(-1, 14), 7,
            rng.random() < 0.5, (discard_type, acts.Riichi, acts.NineTerminals, acts.Ankan, acts.Kakan)))
        attempt("discard_types", lambda: eff.discard_types(legal, discard_type))
        attempt("calls_below", lambda: _calls.calls_below(counts, legal, rng.randrange(9), chi_type, acts.Pon))
        attempt("defend_discard", lambda: eff.defend_discard(
            counts, visible, z, z, 0, eff.ALL_TILES, 0, threats, 1.0,
            candidates if rng.random() < 0.5 else None))
        meld_types = [evil_int(rng.randrange(-1, 35), saboteur) for _ in range(rng.randrange(5))]
        dora = [evil_int(rng.randrange(-1, 35), saboteur) for _ in range(rng.randrange(5))]
        saboteur.targets += [meld_types, dora]
        attempt("hand_han", lambda: _value.hand_han(counts, meld_types, 1, dora, True, 1 << 33))
        attempt("tile_danger", lambda: _danger.tile_danger(rng.randrange(-1, 35), rng.randrange(2**34),
                                                         counts, visible))
        attempt("best_discard", lambda: eff.best_discard(counts, visible, z, z))
        melds = _hostile_melds(rng, saboteur)
        saboteur.targets = [melds]
        attempt("score_hand", lambda: score_hand(
            "45678s234p66m" if rng.random() < 0.7 else "22m234m78s555z", "9s", melds, tsumo=False,
            seat_wind="S", round_wind="E", rules=rng.choice(["ema", "ema-2016"])))


def _hostile_melds(rng: random.Random, saboteur: Saboteur) -> list[Any]:
    base = Meld.parse(rng.choice(["chi:123s", "pon:555p", "kan:1111z", "ankan:2222m", "kakan:0555p"]))

    class Hostile(Meld):
        # a meld's own fields cannot be overwritten (read-only C fields in the compiled build):
        # the subclass shows other tiles instead
        evil: list[Any] | None = None

        def __getattribute__(self, name: str) -> Any:
            if name in ("kind", "tiles"):
                saboteur.strike()
                evil = object.__getattribute__(self, "evil")
                if name == "tiles" and evil is not None:
                    return evil
            return object.__getattribute__(self, name)

    melds: list[Any] = [Hostile(base.kind, base.tiles, base.called, base.from_seat)
                        for _ in range(rng.randrange(1, 5))]
    if rng.random() < 0.3:
        vars(melds[0])["evil"] = [evil_int(t, saboteur) for t in base.tiles]
    return melds


def numbers(rounds: int, rng: random.Random) -> None:
    """Hand values, rule sets, positions and actions from random numbers."""
    saboteur = Saboteur(rng)
    fields = [f.name for f in dataclasses.fields(RuleSet)]
    for _ in range(rounds):
        a, b = some_value(rng, saboteur), some_value(rng, saboteur)
        n = rng.choice([rng.randrange(-50, 300), 2**rng.randrange(70), -(2**rng.randrange(70))])
        attempt("hand_value", lambda: _checked_value(hand_value(rng.choice([a, n, rng.randrange(20)]),
                                                                rng.choice([b, n, rng.randrange(200)]))))
        attempt("hand_shares", lambda: _checked_shares(hand_shares(
            rng.choice([a, n]), is_dealer=rng.random() < 0.5, tsumo=rng.random() < 0.5)))
        change = {rng.choice(["uma", "oka", "start_points", "return_points", "players"]): rng.choice([
            (rng.randrange(-40, 40) * 1000,) * 4, rng.randrange(-1, 4) * 10_000 + rng.randrange(2),
            rng.randrange(0, 40) * 1000, rng.choice([2, 3, 4])])}
        attempt("RuleSet(uma, oka, points)", lambda: _checked_rules(
            dataclasses.replace(RuleSet.preset(rng.choice(PRESET_NAMES)), **change)))
        attempt("RuleSet(field)", lambda: dataclasses.replace(RuleSet(), **{rng.choice(fields): a}))
        fields = [rng.choice([a, rng.randrange(-1, 6)]) for _ in range(4)]  # Position checks them
        attempt("Game.new_state(position)", lambda: Game(rng.choice(PRESET_NAMES), seed=1).new_state(
            position=Position(*fields)))
        cls = rng.choice([acts.Discard, acts.Riichi, acts.Chi, acts.Pon, acts.Ankan, acts.Kakan,
                          acts.Pass, acts.Tsumo])
        attempt("actions", lambda: cls(*([a, b][: len(dataclasses.fields(cls))])))


def _checked_value(value: tuple[int, str | None]) -> None:
    assert 0 < value[0] <= 8000, value


def _checked_shares(shares: tuple[int, int, int]) -> None:
    assert all(0 <= s <= 6_000_000 for s in shares), shares


def _checked_rules(rules: RuleSet) -> None:
    total = rules.players * (rules.start_points - rules.return_points) + sum(rules.uma[: rules.players]) + rules.oka
    assert total == 0, rules


def records(rounds: int, rng: random.Random) -> None:
    """Real records, mutated: bytes flipped, cut, repeated, nested, compressed."""
    texts = [dumps(play_game("ema", [RandomAgent(s) for s in range(4)], seed=seed), format=form).encode()
             for seed in range(2) for form in ("mjai", "tenhou6")]
    texts += [path.read_bytes() for path in sorted((DATA / "mjlog").glob("*.gz"))[:2]]
    for _ in range(rounds):
        data = bytearray(rng.choice(texts))
        if data[:2] == b"\x1f\x8b":
            data = bytearray(gzip.decompress(bytes(data)))
        for _ in range(rng.randrange(1, 8)):
            at = rng.randrange(len(data))
            move = rng.randrange(5)
            if move == 0:
                data[at] = rng.randrange(256)
            elif move == 1:
                del data[at : at + rng.randrange(1, 200)]
            elif move == 2:
                data[at:at] = data[at : at + rng.randrange(1, 2000)] * rng.randrange(1, 5)
            elif move == 3:
                data[at:at] = b"[" * rng.randrange(1, 5000)
            else:
                data[at:at] = rng.choice([b"\x00", b"\xff\xfe", b'"', b"}", b"<", b"-1", b"1e999"])
        blob = bytes(data)
        if rng.random() < 0.3:
            blob = gzip.compress(blob, compresslevel=1)
        attempt("read(bytes)", lambda: read(blob))
        attempt("read(text)", lambda: read(blob.decode("utf-8", "replace")))


def agents(rounds: int, rng: random.Random) -> None:
    """Agents that answer with anything, raise, or mutate what they are given."""

    class Misbehaving:
        def __init__(self, seat: int) -> None:
            self.inner = EfficiencyAgent(seat) if rng.random() < 0.5 else RandomAgent(seat)

        def act(self, observation: Observation, legal: Any) -> Any:
            move = rng.randrange(60)  # mostly well: the game goes on to where it misbehaves
            if move == 0:
                return rng.choice([None, 0, "dahai", legal, object()])
            if move == 1:
                return acts.Pass((observation.seat + 1) % 4)
            if move == 2:
                return forged(acts.Discard, observation.seat, some_value(rng, Saboteur(rng)))
            if move == 3:
                return self.inner.act(observation, tuple(reversed(legal)))
            return self.inner.act(observation, legal)

    for _ in range(rounds):
        seats = [Misbehaving(s) if rng.random() < 0.5 else RandomAgent(s) for s in range(4)]
        attempt("play_game(misbehaving)", lambda: play_game(rng.choice(["cardavia", "ema"]), seats,
                                                            seed=rng.randrange(1000)))


BOTS = {
    "garbage": "print('{{{', flush=True)",
    "nested": "print('[' * 200000, flush=True)",
    "long line": "sys.stdout.write('x' * 400000); sys.stdout.flush()",
    "stderr flood": "sys.stderr.write('e' * 5000000); sys.stderr.flush()",
    "other actor": "print(json.dumps({'type': 'dahai', 'actor': (me + 1) % 4, 'pai': e.get('pai', '1m'), 'tsumogiri': True}), flush=True)",
    "wrong type": "print(json.dumps([1, 2, 3]), flush=True)",
    "exit": "sys.exit(7)",
    "no newline": "sys.stdout.write('{\"type\": \"none\"}'); sys.stdout.flush(); time.sleep(3)",
    "bad utf-8": "sys.stdout.buffer.write(b'\\xff\\xfe\\n'); sys.stdout.flush()",
    "spawner": "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', __file__]); print(json.dumps({'type': 'none'}), flush=True)",
}


def survivors(marker: str) -> list[int]:
    """Processes whose command line holds ``marker`` (Linux; none elsewhere)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().split(") ", 1)[1][:1]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def bots(rounds: int, rng: random.Random, workdir: Path = Path("/tmp")) -> None:
    """mjai bots that misbehave at a random event."""
    for k in range(rounds):
        name = rng.choice(list(BOTS))
        at = rng.randrange(1, 40)
        script = workdir / f"riichi_hostile_bot_{k}.py"
        script.write_text(textwrap.dedent(f"""
            import json, subprocess, sys, time
            me, n = 0, 0
            for line in sys.stdin:
                e = json.loads(line)
                n += 1
                if e["type"] == "start_game":
                    me = e["id"]
                if n == {at}:
                    {BOTS[name]}
                    continue
                answer = {{"type": "none"}}
                if e["type"] == "tsumo" and e["actor"] == me:
                    answer = {{"type": "dahai", "actor": me, "pai": e["pai"], "tsumogiri": True}}
                print(json.dumps(answer), flush=True)
        """))
        seat = rng.randrange(4)
        seats: list[Any] = [RandomAgent(s) for s in range(4)]
        seats[seat] = MjaiAgent([sys.executable, str(script)], timeout=2.0)
        attempt(f"mjai bot: {name}", lambda: play_game("cardavia", seats, seed=rng.randrange(1000)))
        left = survivors(str(script))  # the bot and what it started end with the game
        for _ in range(40):  # (a process killed is gone once the system has run it out)
            if not left:
                break
            time.sleep(0.05)
            left = survivors(str(script))
        assert not left, f"mjai bot {name!r}: processes {left} outlived the game"
        script.unlink()


GROUPS: dict[str, Callable[[int, random.Random], None]] = {
    "compiled": compiled, "numbers": numbers, "records": records, "agents": agents, "bots": bots,
}

if __name__ == "__main__":
    group = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 2026
    try:
        GROUPS[group](rounds, random.Random(seed))
    except Exception:
        traceback.print_exc()
        sys.exit(1)
    print("refused with an allowed error:", json.dumps(refused))
    print(json.dumps(tried))
