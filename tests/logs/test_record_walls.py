"""A record's walls from an mjlog's shuffle seed: shuffled when first read, equal to the walls the
seed gives (a tuple of tuples), and kept equal through pickling and copies."""

from __future__ import annotations

import copy
import itertools
import pickle

from riichi.logs import read, tenhou_walls
from riichi.logs.tenhou_wall import TenhouWalls
from tests.support.paths import DATA

GAME = sorted((DATA / "mjlog").glob("2022*.mjlog.gz"))[0]


def _shuffled(walls: TenhouWalls) -> bool:
    return walls._walls is not None  # what the laziness is about: no digest until a wall is read


def test_an_mjlogs_walls_are_the_seeds_shuffled_when_first_read() -> None:
    record = read(GAME)
    walls = record.walls
    assert isinstance(walls, TenhouWalls) and not _shuffled(walls)
    assert len(walls) == len(record.rounds) and not _shuffled(walls)
    assert record == read(GAME) and not _shuffled(walls)  # the same seed: equal without shuffling
    expected = tuple(tuple(w) for w in itertools.islice(tenhou_walls(walls.seed), len(record.rounds)))
    assert walls == expected and _shuffled(walls)
    assert walls[3] == expected[3] and walls[1:3] == expected[1:3] and list(walls) == list(expected)
    assert hash(walls) == hash(expected) and expected == walls
    assert record.round_walls() == [list(w) for w in expected]


def test_walls_from_another_seed_or_count_differ() -> None:
    walls = read(GAME).walls
    assert isinstance(walls, TenhouWalls)
    other = TenhouWalls(walls.seed[:-4] + "AAAA", 4, walls.rounds)
    assert walls != other and walls != TenhouWalls(walls.seed, 4, walls.rounds - 1)
    assert walls != tuple(walls)[:-1] and walls != list(walls)  # a tuple's equality, not a list's


def test_a_record_with_walls_pickles_and_copies_as_itself() -> None:
    record = read(GAME)
    for twin in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record), copy.copy(record)):
        assert twin == record and twin.walls == record.walls
        assert tuple(twin.walls or ()) == tuple(record.walls or ())
