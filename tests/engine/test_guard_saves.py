"""The guard: 200 simulated games saved by an earlier Rainboard must replay to the same digests.

Every save holds its seed, its decks, its actions and a digest every ten actions, so a change inside
the engine that alters any game (a roll, a shuffle, a turn passed differently) fails here, naming the
save and the action. When the rules change on purpose, scripts/guard_saves.sh makes the archive anew
in the same commit.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from rainboard.saves import Replay, parse_save

ARCHIVE = Path(__file__).resolve().parent.parent / "fixtures" / "guard-saves.tar.xz"


def _saves() -> list[tuple[str, bytes]]:
    with tarfile.open(ARCHIVE) as archive:
        return [(member.name, archive.extractfile(member).read()) for member in archive.getmembers()
                if member.isfile()]


SAVES = _saves()


def test_the_guard_holds_two_hundred_games_of_every_table_size():
    assert len(SAVES) == 200
    sizes = {len(parse_save(body.decode(), Path(name)).setup.players) for name, body in SAVES}
    assert sizes == set(range(1, 10))


@pytest.mark.parametrize("chunk", range(10))
def test_every_guard_save_replays_to_its_digests(chunk):
    for name, body in SAVES[chunk::10]:
        save = parse_save(body.decode(), Path(name))
        replay = Replay(save, Path(name))  # raises SaveError naming the first action that drifts
        assert len(replay) == len(save.actions), name
        assert len(save.digests) >= len(save.actions) // 10, name
