"""Real Rainboard processes at one table through one data folder: each a headless seat
(rainboard/table/headless.py) that follows the journal by file notices and moves when its turn
comes. After every move, every screen's game has the same digest; a strike is answered on the
defender's own screen; a seat killed mid-turn rejoins with nothing lost."""

from __future__ import annotations

import os
import signal

import pytest

from rainboard.engine import digest
from rainboard.engine.state import Duel
from rainboard.saves import Replay, read_save, verify_file
from rainboard.saves.lock import holder_of

from .helpers import host, moves_seen, start_seat, wait_all, wait_for_line

MOVES = 100


def replayed(path):
    save = read_save(path)
    return save, Replay(save, path)


def check_screens(table, folder, outs, moves=MOVES):
    """Every screen saw every move, with the digest the journal's own replay gives."""
    save, replay = replayed(table.save_path(folder))
    assert len(save.actions) >= moves
    truth = {n: digest(replay.state_at(n)) for n in range(1, moves + 1)}
    for out in outs:
        seen = moves_seen(out)
        for n in range(1, moves + 1):
            assert seen[n][0] == truth[n], f"{out.name} at move {n}"
    # each move was written by the screen whose seat holds the player the engine named
    writers = {}
    for number, out in enumerate(outs, start=1):
        for n, (_, who) in moves_seen(out).items():
            if who == "mine" and n <= moves:
                assert n not in writers, f"move {n} written twice"
                writers[n] = number
    assert sorted(writers) == list(range(1, moves + 1))
    for n, number in writers.items():
        assert replay.state_at(n - 1).to_act in table.seat(number).players
    return save, replay, writers


@pytest.mark.parametrize("players", [2, 4])
def test_processes_play_a_hundred_moves_in_turn_with_equal_digests(tmp_path, players):
    table, _ = host(tmp_path, players, seed=11)
    outs = [tmp_path / f"seat{n}.txt" for n in range(1, players + 1)]
    wait_all([start_seat(tmp_path, table.code, n, out) for n, out in enumerate(outs, start=1)])
    check_screens(table, tmp_path, outs)
    assert verify_file(table.save_path(tmp_path))


def test_a_spectator_follows_every_move(tmp_path):
    table, _ = host(tmp_path, 2, seed=5)
    outs = [tmp_path / "seat1.txt", tmp_path / "seat2.txt"]
    watcher = tmp_path / "watch.txt"
    spectator = start_seat(tmp_path, table.code, None, watcher)
    wait_all([*(start_seat(tmp_path, table.code, n, out) for n, out in enumerate(outs, start=1)), spectator])
    save, replay, _ = check_screens(table, tmp_path, outs)
    seen = moves_seen(watcher)
    assert all(seen[n][0] == digest(replay.state_at(n)) and seen[n][1] == "seen" for n in range(1, MOVES + 1))


def test_a_strike_is_answered_on_the_defenders_screen(tmp_path):
    table, _ = host(tmp_path, 2, seed=3, slugcats=True)  # seed 3: Bo hunts Ada by the fourth move
    outs = [tmp_path / "seat1.txt", tmp_path / "seat2.txt"]
    wait_all([start_seat(tmp_path, table.code, n, out, 40, "--policy", "hunter")
              for n, out in enumerate(outs, start=1)])
    save, replay, writers = check_screens(table, tmp_path, outs, 40)
    answers = [n for n in range(1, 41) if isinstance(replay.state_at(n - 1).pending, Duel)]
    assert answers, "no strike in the game: the test proves nothing"
    for n in answers:
        duel = replay.state_at(n - 1).pending
        assert save.actions[n - 2].startswith("strike")
        assert writers[n] == table.seat_of(duel.player).number != writers[n - 1]


def test_a_seat_killed_mid_turn_rejoins_and_nothing_is_lost(tmp_path):
    table, _ = host(tmp_path, 2, seed=8)
    outs = [tmp_path / "seat1.txt", tmp_path / "seat2.txt"]
    first = start_seat(tmp_path, table.code, 1, outs[0])
    doomed = start_seat(tmp_path, table.code, 2, outs[1], MOVES, "--stall-at", "40")
    wait_for_line(outs[1], "stalled")
    before = read_save(table.save_path(tmp_path)).actions
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.wait()
    doomed.stderr.close()
    assert holder_of(table.save_path(tmp_path), seat=2) is None  # the system let go of the seat
    assert read_save(table.save_path(tmp_path)).actions == before  # nothing lost, nothing half-written
    again = tmp_path / "seat2-again.txt"
    wait_all([first, start_seat(tmp_path, table.code, 2, again)])
    save, replay = replayed(table.save_path(tmp_path))
    assert save.actions[:len(before)] == before and len(save.actions) >= MOVES
    seen_first = moves_seen(outs[0])
    seen_again = moves_seen(again)
    for n in range(len(before), MOVES + 1):
        assert seen_first[n][0] == seen_again[n][0] == digest(replay.state_at(n))
    assert verify_file(table.save_path(tmp_path))
