"""Two or more copies of the engine side by side, in one process and one run: random play, 4 players.

    python benchmarks/engine_versions.py /tmp/engine_orig [other copies...] [--rounds 30 --chunk 1000]

Each copy is a folder holding a copy of rainboard/engine (`cp -r rainboard/engine /tmp/engine_orig`
before a change); it is imported under a name of its own (`engine_1`, ...), beside the engine of
this checkout (`rainboard.engine`, listed first). The copies then take turns, chunk by chunk, in an
order that rotates each round, so a change in the machine's load falls on all of them alike. Each
plays the same seeded games (the same seed gives the same game in every copy that keeps the rules),
and the digests of their states are compared at the end of every game, so a copy that plays a
different game is reported. It prints CPU and wall time per action (medians and p95 over the
rounds) and each copy's median CPU time over the first's; it asserts nothing.

With `--chess`, python-chess playing random moves (engine_speed.py's ChessPlay, the `bench` extra)
takes its turn in the same rotation, and each copy's speed is also given as a multiple of it: the
ratio engine_speed.py prints, for every copy at once, from the same run.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

from engine_speed import ChessPlay
from timing import load, p95

from rainboard.data import load_data
from rainboard.sim.play import PLAYER_NAMES


def _import_copy(folder: Path, name: str):
    """The engine copy in `folder` as the package `name` (its modules import each other relatively)."""
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Player:
    """One engine copy playing random 4-player games a chunk at a time; the next seed when a game ends."""

    def __init__(self, label: str, engine, data, cap: int) -> None:
        self.label, self.engine, self.data, self.cap = label, engine, data, cap
        self.number = -1
        self.finals: list[str] = []  # the digest each game ended with
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self._next_game()

    def _next_game(self) -> None:
        if self.number >= 0:
            self.finals.append(self.engine.digest(self.state))
        self.number += 1
        self.chooser = random.Random(self.number)
        slugcats = self.chooser.sample(sorted(self.data.slugcats), 4)
        setup = self.engine.Setup(players=[self.engine.PlayerSetup(PLAYER_NAMES[i], s) for i, s in enumerate(slugcats)],
                                  seed=self.number)
        self.state, _ = self.engine.new_game(setup, self.data)
        self.played = 0

    def chunk(self, actions: int) -> None:
        apply, legal_actions = self.engine.apply, self.engine.legal_actions
        wall, cpu = time.perf_counter(), time.process_time()
        state, chooser = self.state, self.chooser
        for _ in range(actions):
            state, _ = apply(state, chooser.choice(legal_actions(state)))
            self.played += 1
            if state.phase == "over" or self.played >= self.cap:
                self.state = state
                self._next_game()
                state, chooser = self.state, self.chooser
        self.state = state
        self.cpu.append((time.process_time() - cpu) / actions)
        self.wall.append((time.perf_counter() - wall) / actions)


class ChessPlayer:
    """python-chess in the rotation, timed as a Player is (per move)."""

    label = "python-chess"

    def __init__(self, chess) -> None:
        self.play = ChessPlay(chess)
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def chunk(self, moves: int) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        self.play.chunk(moves)
        self.cpu.append((time.process_time() - cpu) / moves)
        self.wall.append((time.perf_counter() - wall) / moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("copies", nargs="*", type=Path, help="folders holding a copy of rainboard/engine")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--chunk", type=int, default=1000)
    parser.add_argument("--cap", type=int, default=2000, help="actions a game may last")
    parser.add_argument("--chess", action="store_true", help="python-chess takes turns too, as the reference")
    args = parser.parse_args()
    data = load_data()
    import rainboard.engine as ours
    players = [Player("this checkout", ours, data, args.cap)]
    for number, folder in enumerate(args.copies, 1):
        players.append(Player(str(folder), _import_copy(folder.resolve(), f"engine_{number}"), data, args.cap))
    reference = None
    if args.chess:
        try:
            import chess
        except ImportError:
            parser.exit(2, "--chess needs python-chess (pip install chess==1.11.2, the `bench` extra)\n")
        reference = ChessPlayer(chess)
    rotation = players + ([reference] if reference else [])
    before = load()
    for number in range(args.rounds):
        shift = number % len(rotation)
        for player in rotation[shift:] + rotation[:shift]:
            player.chunk(args.chunk)
    print(f"## Engine copies side by side: {args.rounds} rounds of {args.chunk:,} actions each, 4 players")
    print(f"  before: {before}; after: {load()}")
    first = statistics.median(players[0].cpu)
    for player in players:
        cpu = statistics.median(player.cpu)
        print(f"  {player.label}: cpu median {cpu * 1e6:.2f} p95 {p95(player.cpu) * 1e6:.2f} us,"
              f" wall median {statistics.median(player.wall) * 1e6:.2f} us per action;"
              f" cpu {statistics.median(player.cpu) / first:.3f}x the first ({len(player.finals)} games ended)")
    for player in players[1:]:
        paired = [o / f for o, f in zip(player.cpu, players[0].cpu)]
        print(f"  {player.label}: cpu round by round over the first's, median {statistics.median(paired):.3f}x")
    if reference is not None:
        print(f"  python-chess: cpu median {statistics.median(reference.cpu) * 1e6:.2f} us,"
              f" wall median {statistics.median(reference.wall) * 1e6:.2f} us per move")
        for player in players:
            paired = [c / o for c, o in zip(reference.cpu, player.cpu)]
            print(f"  {player.label}: {statistics.median(reference.cpu) / statistics.median(player.cpu):.2f}x"
                  f" python-chess's moves per second (cpu medians); round by round median"
                  f" {statistics.median(paired):.2f}x, p5 {sorted(paired)[len(paired) // 20]:.2f}x")
    for player in players[1:]:
        same = sum(a == b for a, b in zip(player.finals, players[0].finals))
        shared = min(len(player.finals), len(players[0].finals))
        print(f"  {player.label}: {same} of the {shared} games both ended reached the same final digest")


if __name__ == "__main__":
    main()
