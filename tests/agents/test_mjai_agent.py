"""External mjai bots at our table: :class:`riichi.agents.MjaiAgent` against bot processes written here.

The bot below is a real mjai client in its own process: it reads events line by line, keeps its
hand from what it sees, and answers ``none``, ``dahai`` (the tile whose discard leaves the lowest
shanten, by ``riichi.shanten``; after a call a tile of another kind), ``pon`` when it holds a pair
of the discard, ``reach`` when its closed hand is tenpai after the discard, and ``hora`` on a
complete hand drawn in riichi. Broken bots check the
errors: silence (timeout), exit, garbage, an illegal answer.
"""

from __future__ import annotations

import json
import pickle
import sys
import textwrap
from pathlib import Path

import pytest

from riichi.agents import MjaiAgent, MjaiBotError, RandomAgent
from riichi.errors import IllegalActionError, RiichiError
from riichi.game import play_game
from riichi.game.replay import replay
from riichi.logs import GameRecord
from riichi.rules import RuleSet
from riichi.rules.files import with_changes

BOT = textwrap.dedent(
    r'''
    import json, sys
    import riichi

    def kind(name):
        return name[:2] if name[0].isdigit() else name

    def notation(hand):
        out = []
        for t in hand:
            if t[0].isdigit():
                out.append(t[0] + t[1])
            else:
                out.append(str("ESWNPFC".index(t) + 1) + "z")
        return "".join(out)

    def best_discard(hand, drawn):
        """The tile whose discard leaves the lowest shanten (the drawn tile on a tie)."""
        best = None
        for tile in [drawn] + [x for x in hand if x != drawn]:
            rest = list(hand)
            rest.remove(tile)
            after = riichi.shanten(notation(rest))
            if best is None or after < best[1]:
                best = (tile, after)
        return best

    me, hand, drawn, called, riichi_on, draws, scores = None, [], None, False, False, 0, [0] * 4
    for line in sys.stdin:
        e = json.loads(line)
        t = e["type"]
        answer = {"type": "none"}
        if t == "start_game":
            me = e["id"]
        elif t == "start_kyoku":
            hand, drawn, called, riichi_on, draws = list(e["tehais"][me]), None, False, False, 0
            scores = e["scores"]
        elif t == "tsumo":
            draws += 0 if e.get("rinshan") else 1
            if e["actor"] == me:
                hand.append(e["pai"])
                drawn = e["pai"]
                if riichi_on and riichi.shanten(notation(hand)) == -1:
                    answer = {"type": "hora", "actor": me, "target": me, "pai": drawn}
                elif riichi_on:
                    answer = {"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}
                else:
                    throw, after = best_discard(hand, drawn)
                    answer = {"type": "dahai", "actor": me, "pai": throw, "tsumogiri": throw == drawn}
                    if after == 0 and not called and scores[me] >= 1000 and draws <= 50:
                        answer = {"type": "reach", "actor": me}
                        answer_dahai = {"type": "dahai", "actor": me, "pai": throw,
                                                  "tsumogiri": throw == drawn}
        elif t == "reach" and e["actor"] == me:
            riichi_on = True
            answer = answer_dahai
        elif t == "dahai":
            if e["actor"] == me:
                hand.remove(e["pai"])
                drawn = None
            elif not riichi_on and draws <= 50:
                same = [x for x in hand if kind(x) == kind(e["pai"])]
                if len(same) >= 2:
                    answer = {"type": "pon", "actor": me, "target": e["actor"], "pai": e["pai"],
                              "consumed": same[:2]}
        elif t in ("pon", "chi", "daiminkan") and e["actor"] == me:
            for x in e["consumed"]:
                hand.remove(x)
            called = True
            other = next(x for x in reversed(hand) if kind(x) != kind(e["pai"]))
            answer = {"type": "dahai", "actor": me, "pai": other, "tsumogiri": False}
        elif t in ("ankan", "kakan") and e["actor"] == me:
            for x in (e["consumed"] if t == "ankan" else [e["pai"]]):
                hand.remove(x)
        elif t in ("reach_accepted", "hora", "ryukyoku") and "scores" in e:
            scores = e["scores"]
        print(json.dumps(answer), flush=True)
    '''
)


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("bot") / "bot.py"
    path.write_text(BOT)
    return [sys.executable, str(path)]


def _script(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "broken_bot.py"
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def test_mjai_bots_play_a_complete_game(bot: list[str]) -> None:
    agents = [MjaiAgent(bot, timeout=30.0) for _ in range(4)]
    result = play_game("tenhou", agents, seed=2)
    assert result.events[-1].type == "end_game" and sum(result.final_scores) == 100_000
    # the bots called, declared riichi (two answers: reach, then dahai) and won
    assert {"pon", "reach", "reach_accepted", "hora"} <= {e.type for e in result.events}
    # the game the bots played is a valid game record
    assert replay(GameRecord.from_events(result.events), rules="tenhou").differences == ()
    assert all(a._bot is None for a in agents)  # each bot process ended with the game


def test_a_bot_next_to_other_agents(bot: list[str]) -> None:
    agents = [MjaiAgent(bot, timeout=30.0), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    result = play_game("ema", agents, seed=3)
    assert result.events[-1].type == "end_game"


def test_the_bot_sees_only_its_seat(tmp_path: Path) -> None:
    log = tmp_path / "seen.jsonl"
    spy = _spy(tmp_path, log)
    agents = [RandomAgent(0), RandomAgent(1), MjaiAgent(spy, timeout=30.0), RandomAgent(3)]
    play_game("cardavia", agents, seed=0)
    seen = [json.loads(x) for x in log.read_text().splitlines()]
    assert seen[0] == {"type": "start_game", "scores": seen[0]["scores"], "id": 2}
    start = seen[1]
    assert all(t == "?" for s in (0, 1, 3) for t in start["tehais"][s])
    assert "?" not in start["tehais"][2]
    draws = [e for e in seen if e["type"] == "tsumo"]
    assert draws and all((e["pai"] == "?") == (e["actor"] != 2) for e in draws)
    assert seen[-1]["type"] == "end_game"


def _spy(tmp_path: Path, log: Path) -> list[str]:
    """A bot that writes down every line it is sent in ``log`` and throws every tile it draws."""
    return _script(tmp_path, f'''
        import json, sys
        out = open({str(log)!r}, "a")
        for line in sys.stdin:
            out.write(line); out.flush()
            e = json.loads(line)
            answer = {{"type": "none"}}
            if e["type"] == "tsumo" and e["pai"] != "?":
                answer = {{"type": "dahai", "actor": e["actor"], "pai": e["pai"], "tsumogiri": True}}
            print(json.dumps(answer), flush=True)
    ''')


def _play_with(command: list[str], timeout: float = 5.0) -> None:
    agents = [MjaiAgent(command, timeout=timeout), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    play_game("ema", agents, seed=0)


def test_an_illegal_answer_is_a_clear_error(tmp_path: Path) -> None:
    cheat = _script(tmp_path, '''
        import json, sys
        for line in sys.stdin:
            e = json.loads(line)
            answer = {"type": "none"}
            if e["type"] == "tsumo" and e["pai"] != "?":
                answer = {"type": "dahai", "actor": e["actor"], "pai": "C" if e["pai"] != "C" else "E",
                          "tsumogiri": True}
            print(json.dumps(answer), flush=True)
    ''')
    with pytest.raises(IllegalActionError, match=r"seat 0\) answered .*\"dahai\".* which the rules do not allow now; allowed: \[\{\"type\": \"dahai\""):
        _play_with(cheat)


def test_a_silent_bot_times_out(tmp_path: Path) -> None:
    silent = _script(tmp_path, '''
        import sys, time
        for line in sys.stdin:
            time.sleep(60)
    ''')
    with pytest.raises(MjaiBotError, match=r"did not answer start_game within 0.5 s"):
        _play_with(silent, timeout=0.5)


def test_a_bot_that_exits_or_writes_garbage(tmp_path: Path) -> None:
    quitter = _script(tmp_path, '''
        import sys
        sys.stdin.readline()
        print("giving up", file=sys.stderr)
        sys.exit(3)
    ''')
    with pytest.raises(MjaiBotError, match=r"exited instead of answering start_game \(exit code 3\); its stderr ends: giving up"):
        _play_with(quitter)
    garbage = _script(tmp_path, '''
        import sys
        for line in sys.stdin:
            print("hello", flush=True)
    ''')
    with pytest.raises(MjaiBotError, match=r"answered start_game with 'hello', not JSON"):
        _play_with(garbage)


def test_an_agent_not_yet_started_can_be_sent_to_a_worker(bot: list[str]) -> None:
    agent = pickle.loads(pickle.dumps(MjaiAgent(bot, timeout=3.0)))
    assert agent.command == bot and agent.timeout == 3.0


def test_bad_commands() -> None:
    with pytest.raises(MjaiBotError, match="cannot start"):
        _play_with(["/nonexistent/bot"])
    with pytest.raises(MjaiBotError, match="needs a command"):
        MjaiAgent("")
    with pytest.raises(MjaiBotError, match="timeout=0"):
        MjaiAgent("bot", timeout=0)
    assert issubclass(MjaiBotError, RiichiError)


@pytest.mark.parametrize("timeout", ["5", None, True, float("inf")], ids=repr)
def test_a_timeout_that_is_no_finite_number_is_refused_when_the_agent_is_made(timeout: object) -> None:
    # a str or None was a bare TypeError; infinity an OverflowError at the first full pipe
    with pytest.raises(MjaiBotError, match=r"^timeout=.*: expected a positive number of seconds"):
        MjaiAgent("bot", timeout=timeout)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", [123, None, ["bot", 5]], ids=repr)
def test_a_command_that_is_no_command_line_is_refused_when_the_agent_is_made(command: object) -> None:
    # 123 and None were a bare TypeError; a word that is no str one when the game started the bot
    with pytest.raises(MjaiBotError, match=r"^command=.*: expected a command line or a sequence"):
        MjaiAgent(command)  # type: ignore[arg-type]


def test_a_command_may_name_its_script_by_path(bot: list[str]) -> None:
    agent = MjaiAgent([bot[0], Path(bot[1])], timeout=30.0)
    assert agent.command == bot
    result = play_game("ema", [agent, RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=3)
    assert result.events[-1].type == "end_game"


def test_outside_play_game_the_agent_says_what_is_missing(bot: list[str]) -> None:
    from riichi.game import Game, Observation

    state = Game("ema", seed=0).new_state()
    with pytest.raises(MjaiBotError, match="on_game_start and on_event"):
        MjaiAgent(bot).act(Observation(state, 0), state.legal(0))


def test_a_game_without_red_fives_names_every_five_plainly(tmp_path: Path) -> None:
    # the bot plays the drawn tile by the name it was told; it was told of red fives the game
    # has not (the fives of 136-id 16, 52 and 88 were "5mr", "5pr" and "5sr")
    log = tmp_path / "seen.jsonl"
    spy = _spy(tmp_path, log)
    rules = with_changes(RuleSet.preset("tenhou"), ["red_fives=false"])
    agents = [MjaiAgent(spy, timeout=30.0), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    result = play_game(rules, agents, seed=4)
    seen = log.read_text()
    assert json.loads(seen.splitlines()[0])["aka_flag"] is False
    assert not any(f'"5{suit}r"' in seen for suit in "mps")
    fives = {16, 52, 88}  # the bot threw one of them, named plainly
    assert any(e.type == "dahai" and e.actor == 0 and e.pai in fives for e in result.events)


def test_a_five_named_red_in_a_game_without_them_is_the_plain_five(tmp_path: Path) -> None:
    reds = _script(tmp_path, '''
        import json, sys
        for line in sys.stdin:
            e = json.loads(line)
            answer = {"type": "none"}
            if e["type"] == "tsumo" and e["pai"] != "?":
                pai = e["pai"] + "r" if e["pai"] in ("5m", "5p", "5s") else e["pai"]
                answer = {"type": "dahai", "actor": e["actor"], "pai": pai, "tsumogiri": True}
            print(json.dumps(answer), flush=True)
    ''')
    agents = [MjaiAgent(reds, timeout=30.0), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    result = play_game("ema-2016", agents, seed=4)
    # the bot threw fives, each named red, and the game took each as the plain five it is
    assert any(e.type == "dahai" and e.actor == 0 and e.pai >> 2 in (4, 13, 22)
               for e in result.events)
