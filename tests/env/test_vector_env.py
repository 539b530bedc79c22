"""The vector environment against the table's own games: 1,000 four-player and 36 three-player
games driven through ``VectorEnv`` with ``RandomAgent``'s choices are the games ``play_game``
plays with the same seeds, event for event (kita included); its rewards add up to the results; its arrays follow Gymnasium's
conventions for vector environments.

``RandomAgent`` chooses among the table's listed actions, which name each physical tile (a 136-id).
The action space names a tile by its kind: which of two plain copies of one kind the table takes
is no choice of a player's (``riichi.env.actions``), and the environment may hold the other copy
afterwards. So each agent chooses on a game of its own played beside the environment's (the same
seed, its own choices), the environment is given the index of its choice, and the two games are
compared as every record shows them: each event in mjai notation, where a tile is its name, and
the final scores, results and ranks.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from riichi.agents import RandomAgent
from riichi.env import VectorEnv, action_index, legal_indices
from riichi.env.actions import NUM_ACTIONS, PASS, sample_actions
from riichi.errors import IllegalActionError, RiichiError
from riichi.game import Game, GameResult, Observation, play_game
from riichi.game.driver import Driver
from riichi.game.events import KitaDeclared

# 1,000 games: hanchans of two presets, East-only and one-hand games of two others; then 36
# three-player hanchans.
WORKLOAD = {"tenhou": 360, "mleague": 200, "ema": 240, "cardavia": 200, "tenhou-3p": 36}
TABLES = 8
SEED = 17


def digest(result: GameResult) -> str:
    """Everything a record of the game shows, tiles by name."""
    shown = ([e.to_mjai() for e in result.events], result.final_scores, result.results,
             result.ranks)
    return hashlib.sha256(json.dumps(shown).encode()).hexdigest()


def agents_for(game: int, players: int = 4) -> list[RandomAgent]:
    return [RandomAgent(4 * game + seat) for seat in range(players)]


class Chooser:
    """Game ``n``'s RandomAgents, choosing on their own game (a Driver of every seat)."""

    def __init__(self, preset: str, n: int) -> None:
        game = Game(preset, SEED, n)
        players = game.rules.players
        self.agents = agents_for(n, players)
        self.driver = Driver(game.new_state(record_events=False), [None] * players)
        self.driver.advance()

    def choose(self, seat: int, mask: np.ndarray) -> int:
        """The index of the agent's choice at the decision of ``seat``, which must be this
        game's decision too, with the same legal indices."""
        driver = self.driver
        assert driver.seat == seat
        state = driver.state
        observation = Observation(state, seat)
        assert legal_indices(driver.legal, observation) == np.flatnonzero(mask).tolist()
        action = self.agents[seat].act(observation, driver.legal)
        index = action_index(action, observation)
        driver.take(action)
        return index


def env_games(preset: str, games: int) -> dict[int, str]:
    """Digests of the first ``games`` games of a VectorEnv given the indices of the RandomAgents'
    choices, by game number."""
    done: dict[int, str] = {}

    def ended(table: int, result: GameResult) -> None:
        done[result.game_index] = digest(result)

    env = VectorEnv(TABLES, preset, seed=SEED, record_events=True, on_game_end=ended)
    _, info = env.reset()
    current = list(range(TABLES))  # the game each table plays: its k-th is k * TABLES + table
    choosers = [Chooser(preset, n) for n in current]
    while len([n for n in done if n < games]) < games:
        actions = np.zeros(TABLES, np.int64)
        for table in range(TABLES):
            seat = int(info["seat"][table])
            if seat < 0:  # its game ended at the last step: this step starts the next
                assert choosers[table].driver.seat == -1  # over in both
                current[table] += TABLES
                choosers[table] = Chooser(preset, current[table])
                continue
            actions[table] = choosers[table].choose(seat, info["action_mask"][table])
        _, _, _, _, info = env.step(actions)
    return {n: done[n] for n in range(games)}


@pytest.mark.parametrize("preset", WORKLOAD)
def test_random_agents_choices_through_the_env_play_play_games_games(preset: str) -> None:
    games = WORKLOAD[preset]
    through_env = env_games(preset, games)
    players = Game(preset).rules.players
    results = [play_game(preset, agents_for(n, players), seed=SEED, game_index=n)
               for n in range(games)]
    played = {n: digest(result) for n, result in enumerate(results)}
    differing = [n for n in range(games) if through_env[n] != played[n]]
    assert differing == []
    assert len(set(played.values())) == games  # the games are all different
    kitas = sum(isinstance(e, KitaDeclared) for result in results for e in result.events)
    assert (kitas > games) if players == 3 else kitas == 0  # kita is among the choices taken


@pytest.mark.parametrize("reward", ["points", "score", "rank"])
def test_a_seats_rewards_add_up_to_its_result(reward: str) -> None:
    results: list[GameResult] = []
    env = VectorEnv(4, "tenhou", seed=3, reward=reward,
                    on_game_end=lambda table, result: results.append(result))
    _, info = env.reset()
    totals = np.zeros((4, 4))
    rng = np.random.default_rng(0)
    finished: dict[int, np.ndarray] = {}
    while len(finished) < 4:
        mask = info["action_mask"]
        _, rewards, terminated, _, info = env.step(sample_actions(mask, rng))
        totals += info["rewards"]
        for table in np.flatnonzero(terminated):
            finished.setdefault(int(table), totals[table].copy())
            totals[table] = 0
    by_game = {r.game_index: r for r in results}
    for table, total in finished.items():
        result = by_game[table]
        if reward == "points":
            expected = np.array(result.results) / 1000
        elif reward == "score":
            expected = (np.array(result.final_scores) - 25_000) / 1000
        else:
            expected = 1 - 2 * (np.array(result.ranks) - 1) / 3
        np.testing.assert_allclose(total, expected, atol=1e-4)


def test_the_acting_seats_reward_is_its_entry_of_every_seats_rewards() -> None:
    env = VectorEnv(6, "ema", seed=5, reward="score")
    _, info = env.reset()
    rng = np.random.default_rng(1)
    paid = 0
    for _ in range(3_000):
        seats = info["seat"].copy()
        _, rewards, terminated, truncated, info = env.step(sample_actions(info["action_mask"], rng))
        acted = seats >= 0
        assert np.array_equal(rewards[acted], info["rewards"][acted, seats[acted]])
        assert not truncated.any()
        paid += int((rewards != 0).sum())
    assert paid > 0


def test_each_change_of_score_is_paid_at_the_step_it_happens() -> None:
    # The environment reads the scores only at a step that made the table a new position: every
    # change of score (a riichi stick put down, a hand's payments) is paid at that very step.
    # The built-in players declare riichi (a random choice rarely gets to): their sticks are put
    # down within the caller's steps.
    env = VectorEnv(4, "tenhou", seed=9, reward="score",
                    opponents=[None, "defensive", "defensive", "defensive"])
    _, info = env.reset()
    rng = np.random.default_rng(4)
    sticks = hands = 0
    for _ in range(600):
        playing = np.flatnonzero(info["seat"] >= 0)
        before = {t: (list(env.state(t).scores), env.state(t).hand_number,
                      env.state(t).position.sticks) for t in playing}
        _, _, terminated, _, info = env.step(sample_actions(info["action_mask"], rng))
        for t in playing:
            if terminated[t]:  # the end's rewards come on top (the sum test checks them)
                continue
            state = env.state(t)
            scores, hand, stuck = before[t]
            changes = (np.array(state.scores) - np.array(scores)) / 1000
            np.testing.assert_allclose(info["rewards"][t], changes)
            sticks += state.hand_number == hand and state.position.sticks > stuck
            hands += state.hand_number > hand and bool(changes.any())
    assert sticks > 0 and hands > 0  # riichi sticks put down mid-hand and hands paid were seen


def test_the_arrays_follow_gymnasiums_conventions() -> None:
    env = VectorEnv(3, "tenhou", seed=1)
    obs, info = env.reset()
    assert obs.shape == (3, 39, 34) and obs.dtype == np.float32
    assert info["action_mask"].shape == (3, NUM_ACTIONS) and info["action_mask"].dtype == np.bool_
    assert info["seat"].tolist() == [0, 0, 0]  # every game starts with its dealer's turn
    assert info["action_mask"].any(axis=1).all()
    obs2, rewards, terminated, truncated, info2 = env.step(info["action_mask"].argmax(axis=1))
    assert rewards.shape == terminated.shape == truncated.shape == (3,)
    assert rewards.dtype == np.float32 and terminated.dtype == truncated.dtype == np.bool_
    # copies by default: what a step returned is not changed by the next
    before = obs2.copy()
    env.step(info2["action_mask"].argmax(axis=1))
    assert np.array_equal(obs2, before)


def test_a_table_starts_its_next_game_at_the_step_after_one_ends() -> None:
    env = VectorEnv(2, "cardavia", seed=4)  # one hand a game: games end often
    _, info = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(2_000):
        obs, rewards, terminated, _, info = env.step(sample_actions(info["action_mask"], rng))
        if terminated.any():
            break
    table = int(np.flatnonzero(terminated)[0])
    assert info["seat"][table] == -1 and not info["action_mask"][table].any()
    assert not obs[table].any()
    # the next step ignores the action of that table and deals its next game
    actions = sample_actions(info["action_mask"], rng)
    actions[table] = PASS  # not legal anywhere now, yet ignored
    obs, rewards, terminated, _, info = env.step(actions)
    assert info["seat"][table] == 0 and info["action_mask"][table].any()
    assert rewards[table] == 0 and not terminated[table]


def test_a_game_over_before_the_callers_first_decision_is_skipped_by_the_steps() -> None:
    # seed 1469: the second game of cardavia (one hand) ends by a ron before seat 3 is asked
    # anything (found by playing the opponents alone through riichi.game.driver.Driver)
    ended: list[int] = []
    env = VectorEnv(1, "cardavia", seed=1469, opponents=["efficiency"] * 3 + [None],
                    on_game_end=lambda table, result: ended.append(len(result.hands)))
    _, info = env.reset()
    terminated = np.zeros(1, np.bool_)
    while not terminated[0]:
        _, rewards, terminated, _, info = env.step(info["action_mask"].argmax(axis=1))
    assert len(ended) == 1
    obs, rewards, terminated, _, info = env.step([PASS])  # ignored: the next game is dealt
    assert len(ended) == 2  # the game without a decision of the caller's was played too
    assert not terminated[0] and rewards[0] == 0 and not info["rewards"].any()
    assert info["seat"][0] == 3 and info["action_mask"][0].any() and obs[0].any()


def test_the_same_seed_gives_the_same_games() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = VectorEnv(4, "tenhou", seed=seed)
        obs, info = env.reset()
        rng = np.random.default_rng(9)
        out = [obs]
        for _ in range(300):
            obs, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
            out.append(obs)
        return out

    first, again, other = run(8), run(8), run(9)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))


def test_reset_with_a_seed_starts_that_seeds_games_again() -> None:
    env = VectorEnv(2, "tenhou")
    a, _ = env.reset(seed=12)
    env.step(np.zeros(2, np.int64) + np.argmax(env.reset(seed=12)[1]["action_mask"], axis=1))
    b, _ = env.reset(seed=12)
    c, _ = env.reset()  # the games after those: new deals
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = VectorEnv(2, "tenhou", seed=1)
    obs, info = env.reset()
    legal = info["action_mask"].argmax(axis=1)
    illegal = legal.copy()
    illegal[1] = PASS  # no claim is open at the first turn
    with pytest.raises(IllegalActionError, match=r"actions\[1\]=122 is not legal \(seat \d at table 1 may: discard"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="expected 2 integer action indices"):
        env.step([0.5, 1.5])
    with pytest.raises(IllegalActionError, match="expected 2 integer action indices"):
        env.step(np.zeros(3, np.int64))
    again, _, _, _, _ = env.step(legal)  # the tables were left as they were
    fresh = VectorEnv(2, "tenhou", seed=1)
    fresh.reset()
    expected, _, _, _, _ = fresh.step(legal)
    assert np.array_equal(again, expected)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(RiichiError, match="num_envs=0: expected an int >= 1"):
        VectorEnv(0)
    with pytest.raises(RiichiError, match="encoding='dense': expected one of compact-v1"):
        VectorEnv(1, encoding="dense")
    with pytest.raises(RiichiError, match="reward='win': expected one of points"):
        VectorEnv(1, reward="win")
    with pytest.raises(RiichiError, match="leave at least one None"):
        VectorEnv(1, opponents=["random"] * 4)
    with pytest.raises(RiichiError, match="an agent, which plays one game at a time"):
        VectorEnv(2, opponents=[None, RandomAgent(1), "random", "random"])
    with pytest.raises(RiichiError, match="expected a built-in player"):
        VectorEnv(1, opponents=[None, "nobody", "random", "random"])
    with pytest.raises(RiichiError, match="step\\(\\) before reset\\(\\)"):
        VectorEnv(1).step([0])
