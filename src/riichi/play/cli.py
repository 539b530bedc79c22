"""``python -m riichi.play`` (also ``riichi-play``): play mahjong against three AI in the terminal.

    $ python -m riichi.play                      # one cardavia hand
    $ python -m riichi.play --rules ema --seed 7 # a whole EMA game

``cardavia``, the default, is one quick hand under EMA scoring that the first win ends (see
``python -m riichi.rules cardavia``); the other presets play a whole game.

The AI players are looked up by name when the game starts; the terminal front end (prompt_toolkit,
the ``play`` extra) is imported only then.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from urllib.parse import urlencode

from riichi._cli import (
    Parser, columns, command_text, complain, printable, program, quiet_on_broken_pipe, say,
    unwritable,
)
from riichi._optional import missing_extra
from riichi.errors import PlayError, RiichiError
from riichi.play.controller import Controller
from riichi.play.rules_text import rules_text
from riichi.agents.registry import DEFAULT_PLAYER
from riichi.play.human_game import OPPONENTS, HumanGame, make_opponents
from riichi.rules import PRESET_NAMES, RuleSet

__all__ = ["main", "parser", "save_format"]


MAX_DELAY = 10.0
"""The longest ``--delay`` between the AI players' turns, in seconds."""


def _seed(text: str) -> int:
    """A ``--seed``: an int of 0 or more (numpy's seeds)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: expected an int") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: expected 0 or more")
    return seed


def _delay(text: str) -> float:
    """A ``--delay``: seconds from 0 to :data:`MAX_DELAY`."""
    try:
        delay = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid delay {text!r}: expected seconds") from None
    if not 0 <= delay <= MAX_DELAY:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"invalid delay {text!r}: expected 0 to {MAX_DELAY:g} seconds"
        )
    return delay


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = Parser(
        prog=program("riichi.play"),
        description="Play riichi mahjong against three AI players in the terminal (two under "
                    "three-player rules).",
        epilog="Keys: left/right, or type a tile's index or its name as the screen writes it "
               "(5p, 0p the red five, E S W N, Wh Gr Rd) to select it, Enter to discard; r "
               "riichi, t tsumo, k kan, n kita, x abort (nine terminals); h hint; ? rules; "
               "q quit.",
    )
    tables = [n for n in PRESET_NAMES if RuleSet.preset(n).players >= 3]
    p.add_argument("--rules", default="cardavia", metavar="PRESET", choices=tables,
                   help=f"rule preset: {', '.join(tables)}. cardavia (default) is one quick hand "
                   "under EMA scoring that the first win ends; the others play a whole game "
                   "(python -m riichi.rules PRESET describes each)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="seed of the walls and the AI players (default: a random one, shown at "
                        "the end so the game can be replayed)")
    p.add_argument("--opponents", default=DEFAULT_PLAYER,
                   help=f"one name for all the AI or one for each (three, two under "
                        f"three-player rules) separated by commas, from {', '.join(OPPONENTS)} (default: {DEFAULT_PLAYER})")
    p.add_argument("--seat", type=int, default=1, choices=range(1, 5),
                   help="your seat: 1 (first dealer, default) to 4, or 3 under three-player "
                        "rules (the terminal game; the web game seats you at 1)")
    p.add_argument("--delay", type=_delay, default=0.3,
                   help=f"seconds between the AI players' turns, 0 to {MAX_DELAY:g} (default 0.3)")
    p.add_argument("--glyphs", action="store_true",
                   help="draw tiles with the Unicode mahjong glyphs instead of letters")
    p.add_argument("--save", metavar="FILE",
                   help="write the game played to FILE when you leave: mjai JSON lines for a name "
                        "ending in .jsonl, tenhou.net/6 JSON for .json (.gz compresses)")
    web = p.add_argument_group("web game")
    web.add_argument("--web", action="store_true",
                     help="play in the browser instead: serve the web game locally (the 'web' "
                          "extra) and open it")
    web.add_argument("--host", default="127.0.0.1",
                     help="address to serve on (default 127.0.0.1: this machine only)")
    web.add_argument("--port", type=int, default=0,
                     help="port to serve on (default: a free one)")
    web.add_argument("--no-browser", action="store_true",
                     help="print the address without opening a browser")
    return p


def save_format(path: str) -> str:
    """The record format of a ``--save`` file name.

    >>> save_format("game.jsonl"), save_format("game.json.gz")
    ('mjai', 'tenhou6')
    """
    name = path[:-3] if path.endswith(".gz") else path
    if name.endswith(".jsonl"):
        return "mjai"
    if name.endswith(".json"):
        return "tenhou6"
    raise PlayError(f"--save {path!r}: expected a name ending in .jsonl (mjai) or .json "
                     "(tenhou.net/6), optionally .gz")


@quiet_on_broken_pipe
def main(argv: list[str] | None = None) -> int:
    """Run the game; the exit status (0, 2 on a bad argument, 130 on Ctrl-C)."""
    args = parser().parse_args(argv)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        record_format = save_format(args.save) if args.save is not None else None
    except ValueError as error:
        complain(f"error: {error}")
        return 2
    if args.web and args.save is not None:
        complain("error: --save writes the terminal game's record; the web game writes none")
        return 2
    reason = None if args.save is None else unwritable(args.save)
    if reason is not None:  # said now, not when the game played is lost
        complain(f"error: --save {args.save}: {reason}")
        return 2
    if args.web:
        return _web(args)
    try:  # the options' values are checked first: each error is said whatever the terminal
        rules = RuleSet.preset(args.rules)
        if args.seat > rules.players:
            raise PlayError(f"--seat {args.seat}: expected 1-{rules.players} under {rules.name}")
        opponents = make_opponents(args.opponents.split(","), seed, rules.players - 1)
        table = HumanGame(rules, seed, opponents, seat=args.seat - 1)
    except RiichiError as error:
        complain(f"error: {error}")
        return 2
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        complain(f"error: {program('riichi.play')} needs a terminal (stdin and stdout)")
        return 2
    missing = missing_extra("play", "the terminal game")
    if missing is not None:
        complain(f"error: {missing}")
        return 2
    from riichi.play.app import run

    status = run(Controller(table, rules_text(rules)), delay=args.delay, glyphs=args.glyphs)
    if status == 130:
        print("interrupted", file=sys.stderr)
    state = table.state
    if args.save is not None and record_format is not None:
        from riichi.logs import write

        try:
            write(state, args.save, format=record_format)
            say(f"saved the game to {args.save}")
        except (OSError, RiichiError) as error:
            complain(f"error: could not save the game to {args.save}: {error}")
            status = status or 1
    if state.final_scores is not None and state.ranks is not None:
        say(f"Game over: you have {state.final_scores[table.seat]:,} points, "
            f"place {state.ranks[table.seat]}.")
    # the command that plays the same game again (the options at their defaults left out)
    chosen = [("--rules", args.rules, "cardavia"), ("--seed", str(seed), None),
              ("--opponents", args.opponents, DEFAULT_PLAYER), ("--seat", str(args.seat), "1")]
    again = [word for option, value, default in chosen if value != default
             for word in (option, value)]
    say(f"{args.rules} game, seed {seed}; to play it again:")
    print(printable(command_text([*program("riichi.play").split(), *again], columns())))
    return status


def _web(args: argparse.Namespace) -> int:
    """Serve the web game with the command line's choices as the page's first game."""
    missing = missing_extra("web", "the web game")
    if missing is not None:
        complain(f"error: {missing}")
        return 2
    from riichi.play.web.server import MAX_SEED, serve

    if args.seed is not None and args.seed > MAX_SEED:
        complain(f"error: --seed {args.seed}: the web game takes a seed from 0 to 2**63-1")
        return 2
    if not 0 <= args.port <= 65535:
        complain(f"error: --port {args.port}: expected 0 (a free port) to 65535")
        return 2
    if args.seat != 1:
        complain(f"error: --seat {args.seat}: the web game seats you at seat 1 (the first "
                 "dealer); --seat chooses a seat in the terminal game")
        return 2
    try:
        make_opponents(args.opponents.split(","), 0, RuleSet.preset(args.rules).players - 1)
    except RiichiError as error:
        complain(f"error: {error}")
        return 2
    query = {"rules": args.rules, "opponents": args.opponents}
    if args.seed is not None:
        query["seed"] = str(args.seed)
    try:
        serve(args.host, args.port, open_browser=not args.no_browser, delay=args.delay,
              query=urlencode(query))
    except OSError as error:
        complain(f"error: cannot serve on {args.host}:{args.port}: {error}")
        return 2
    except KeyboardInterrupt:
        pass
    return 0
