"""The engine beside python-chess, measured in the same run: random legal play, hashing a position,
and checking a saved game (`rainboard replay --verify`) beside a bare `json.load` of the same file.

Run with `make bench` (or `python benchmarks/engine_vs_chess.py`; needs `pip install chess`, which
`make bench` installs). The machine may be busy with other work, so every figure is printed beside a
reference measured in the same run, and the two sides of a comparison are timed in alternating
slices. It prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import chess
import chess.polyglot

from rainboard.data import load_data
from rainboard.engine import apply, digest, legal_actions, new_game
from rainboard.engine.state import OVER
from rainboard.saves import new_save, outcome_record, read_save, record, verify_file, write_save
from rainboard.saves.savefile import game_from_save
from rainboard.sim import random_setup

GAME_CAP = 2000  # a random game that runs this long is replaced by a new one (as a chess game at its end)
GAMES = 20  # random play goes through games 0..19 (as benchmarks/engine_speed.py does), then again


# -- the straightforward digest, as the engine computed it before it was made fast -------------------------
def plain_digest(state) -> str:
    from rainboard.engine.digest import plain_text

    return hashlib.sha256(plain_text(state).encode()).hexdigest()[:16]


# -- random legal play ---------------------------------------------------------------------------------------
TRUSTED = "trusted" in inspect.signature(apply).parameters  # an engine that can skip the second check


class EnginePlayer:
    """Random legal play of 4-player games on the shipped decks; a new game at the end or the cap.

    Game n is seeded n and its choices come from random.Random(n), as in benchmarks/engine_speed.py
    (the issue's figures were measured so)."""

    def __init__(self, data, trusted: bool):
        self.data, self.trusted = data, trusted
        self.games = 0
        self._new()

    def _new(self) -> None:
        number = self.games % GAMES
        self.games += 1
        self.chooser = random.Random(number)
        self.state, _ = new_game(random_setup(self.data, number, 4, self.chooser), self.data)
        self.played = 0

    def run(self, count: int) -> int:
        state, choice, trusted = self.state, self.chooser.choice, self.trusted
        for _ in range(count):
            if trusted:
                state, _ = apply(state, choice(legal_actions(state)), trusted=True)
            else:
                state, _ = apply(state, choice(legal_actions(state)))
            self.played += 1
            if state.phase == OVER or self.played >= GAME_CAP:
                self._new()
                state, choice = self.state, self.chooser.choice
        self.state = state
        return count


class ChessPlayer:
    """Random legal play with python-chess: `list(board.legal_moves)` and `board.push`; a new board
    when the game is over (no legal move) or the fifty-move rule allows a draw."""

    def __init__(self, seed: int):
        self.chooser = random.Random(seed)
        self.board = chess.Board()
        self.games = 1

    def run(self, count: int) -> int:
        board, choice = self.board, self.chooser.choice
        for _ in range(count):
            moves = list(board.legal_moves)
            if not moves or board.halfmove_clock >= 100:
                board = chess.Board()
                self.games += 1
                moves = list(board.legal_moves)
            board.push(choice(moves))
        self.board = board
        return count


def timed(player, count: int) -> float:
    start = time.perf_counter()
    player.run(count)
    return time.perf_counter() - start


def random_play(data, seconds: float) -> None:
    """Alternate short slices of each side until each has had about `seconds`."""
    sides = {"engine, checked apply": EnginePlayer(data, trusted=False)}
    if TRUSTED:
        sides["engine, trusted apply"] = EnginePlayer(data, trusted=True)
    sides["python-chess"] = ChessPlayer(1)
    slice_size = {"python-chess": 2000}
    slice_size.update({name: 1000 for name in sides if name != "python-chess"})
    for name, player in sides.items():  # warm up (imports, caches)
        player.run(200)
    spent = {name: 0.0 for name in sides}
    done = {name: 0 for name in sides}
    slices = {name: [] for name in sides}
    while min(spent.values()) < seconds:
        for name, player in sides.items():
            took = timed(player, slice_size[name])
            spent[name] += took
            done[name] += slice_size[name]
            slices[name].append(slice_size[name] / took)
    rate = {name: done[name] / spent[name] for name in sides}
    chess_rate = rate["python-chess"]
    print("\n## Random legal play (4 players, shipped decks; python-chess: legal_moves + push)")
    print(f"{'':<24}{'per second':>12}{'us each':>10}{'x chess':>9}{'median slice x chess':>23}")
    chess_slices = slices["python-chess"]
    for name in sides:
        paired = [a / b for a, b in zip(slices[name], chess_slices)]
        print(f"{name:<24}{rate[name]:>12,.0f}{1e6 / rate[name]:>10.1f}{rate[name] / chess_rate:>9.2f}"
              f"{statistics.median(paired):>23.2f}")
    counted = ", ".join(f"{name}: {done[name]:,} in {spent[name]:.2f} s" for name in sides)
    print(f"({counted})")


# -- hashing a position -----------------------------------------------------------------------------------------
def engine_states(data, count: int) -> list:
    chooser = random.Random(7)
    state, _ = new_game(random_setup(data, "digest-bench", 4, chooser), data)
    states = [state]
    while len(states) < count and state.phase != OVER:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        states.append(state)
    return states


def chess_boards(count: int) -> list:
    chooser = random.Random(7)
    board = chess.Board()
    boards = []
    while len(boards) < count:
        moves = list(board.legal_moves)
        if not moves or board.halfmove_clock >= 100:
            board = chess.Board()
            continue
        board.push(chooser.choice(moves))
        boards.append(board.copy(stack=False))
    return boards


def per_call(function, values, repeat: int = 1) -> list[float]:
    """Microseconds of each call, in order."""
    times = []
    clock = time.perf_counter
    for _ in range(repeat):
        for value in values:
            start = clock()
            function(value)
            times.append((clock() - start) * 1e6)
    return times


def hashing(data) -> None:
    states = engine_states(data, 1500)
    boards = chess_boards(1500)
    every_tenth = states[::10]
    # the engine's digest sees the states as a replay does (every tenth) and as a recorder of every
    # state would; the straightforward digest is the reference the engine's must equal
    rows = [
        ("digest(), every 10th state", per_call(digest, every_tenth)),
        ("digest(), every state", per_call(digest, states)),
        ("straightforward digest (reference)", per_call(plain_digest, every_tenth)),
        ("chess.polyglot.zobrist_hash", per_call(chess.polyglot.zobrist_hash, boards)),
        ("chess Board._transposition_key", per_call(lambda b: b._transposition_key(), boards)),
    ]
    same = all(digest(s) == plain_digest(s) for s in every_tenth)
    print(f"\n## Hashing a position ({len(states)} states of a 4-player game; {len(boards)} chess positions)")
    print(f"{'':<38}{'median us':>10}{'p90 us':>9}{'max us':>9}")
    for name, times in rows:
        times.sort()
        print(f"{name:<38}{statistics.median(times):>10.1f}{times[int(len(times) * 0.9)]:>9.1f}{times[-1]:>9.0f}")
    print(f"(digest() equals the straightforward digest on every state checked: {same})")


# -- checking a save ---------------------------------------------------------------------------------------------------
def long_save(data, folder: Path, actions: int) -> Path:
    """A save of a 4-player random game at least `actions` long, written as the app writes one."""
    for attempt in range(50):
        chooser = random.Random(attempt)
        setup = random_setup(data, f"replay-bench-{attempt}", 4, chooser)
        now = datetime.now(UTC)
        save = new_save(setup, data, table_handoffs=False, now=now, game_id=f"bench-{attempt}")
        state, _ = new_game(setup, data)
        texts, digests = [], dict(save.digests)
        while len(texts) < actions and state.phase != OVER:
            action = chooser.choice(legal_actions(state))
            state, _ = apply(state, action)
            texts.append(str(action))
            if len(texts) % 10 == 0:
                digests[len(texts)] = digest(state)
        if len(texts) < actions:
            continue
        digests[len(texts)] = digest(state)
        path = folder / f"bench-{actions}.json"
        write_save(path, record(save, texts, digests, state.phase == OVER, outcome_record(state), now))
        return path
    raise RuntimeError("no random game lasted long enough")


BARE_LOAD = "import json, sys\nwith open(sys.argv[1], encoding='utf-8') as f: json.load(f)"


def run(command: list[str]) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def json_load(path: Path):
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def median_seconds(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def replay_verify(data, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = long_save(data, Path(folder), 1000)
        save = read_save(path)
        size = path.stat().st_size
        verify_file(path)  # warm up
        verify = median_seconds(lambda: verify_file(path), repeat)
        bare = median_seconds(lambda: json_load(path), repeat * 3)
        reading = median_seconds(lambda: read_save(path), repeat)
        decks = median_seconds(lambda: game_from_save(save, path), repeat)
        command = median_seconds(lambda: run([sys.executable, "-m", "rainboard.cli", "replay", "--verify", str(path)]),
                                 repeat)
        bare_command = median_seconds(lambda: run([sys.executable, "-c", BARE_LOAD, str(path)]), repeat)
    print(f"\n## replay --verify of a {len(save.actions)}-action save ({size / 1024:.0f} KiB, "
          f"{len(save.digests)} digests)")
    print(f"{'':<44}{'median s':>10}{'x json.load':>13}")
    rows = [("verify_file (the whole of --verify)", verify), ("  of which read_save (parse + check)", reading),
            ("  of which the decks in the save (load)", decks),
            ("  the rest: new_game, 1,000 actions, digests", verify - reading - decks),
            ("bare json.load of the file (reference)", bare)]
    for name, seconds in rows:
        print(f"{name:<44}{seconds:>10.4f}{seconds / bare:>13.1f}")
    print(f"{'as commands, each a new process:':<44}{'median s':>10}{'x python -c json.load':>23}")
    for name, seconds in (("rainboard replay --verify", command), ("python -c 'json.load(...)' (reference)",
                                                                   bare_command)):
        print(f"{name:<44}{seconds:>10.4f}{seconds / bare_command:>23.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each side of random play")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each --verify measurement")
    args = parser.parse_args()
    data = load_data()
    print(f"python {sys.version.split()[0]}, python-chess {chess.__version__}; "
          f"engine apply {'has' if TRUSTED else 'has no'} trusted mode")
    random_play(data, args.seconds)
    hashing(data)
    replay_verify(data, args.repeat)


if __name__ == "__main__":
    main()
