"""How fast the rules engine plays: actions applied per second, and the time a whole game takes.

Run with `make bench` (or `python benchmarks/engine_speed.py [--rounds 10] [--chunk 2000]`). It prints
figures; it asserts nothing. The machine may be busy with other work, so random play takes turns with
python-chess's random play (`legal_moves` + `push`), chunk by chunk in the same run, when python-chess
is installed; wall and CPU time are printed side by side with medians and p95 over the rounds, and the
load before and after.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from timing import Times, load, p95

from rainboard.data import load_data
from rainboard.engine import apply, digest, legal_actions, new_game
from rainboard.sim import play_random, random_setup
from rainboard.sim.play import DEFAULT_ACTION_CAP


class ChessPlay:
    """python-chess playing random legal moves (`legal_moves` + `push`; a new board when a game
    ends), a chunk at a time, so it can take turns with the engine."""

    def __init__(self, chess) -> None:
        self.chess = chess
        self.chooser = random.Random(1)
        self.board = chess.Board()

    def chunk(self, moves: int) -> int:
        board, chooser = self.board, self.chooser
        for _ in range(moves):
            legal = list(board.legal_moves)
            if not legal or board.halfmove_clock >= 100:
                board = self.chess.Board()
                legal = list(board.legal_moves)
            board.push(chooser.choice(legal))
        self.board = board
        return moves


class EnginePlay:
    """The engine playing 4-player random games (`legal_actions` + `apply`), a chunk at a time; a
    new game (the next seed) when one ends or reaches `cap` actions."""

    def __init__(self, data, cap: int) -> None:
        self.data, self.cap = data, cap
        self.number = -1
        self.games = 0
        self._next_game()

    def _next_game(self) -> None:
        self.number += 1
        self.games += 1
        self.chooser = random.Random(self.number)
        self.state, _ = new_game(random_setup(self.data, self.number, 4, self.chooser), self.data)
        self.played = 0

    def chunk(self, actions: int) -> int:
        state, chooser = self.state, self.chooser
        for _ in range(actions):
            state, _ = apply(state, chooser.choice(legal_actions(state)))
            self.played += 1
            if state.phase == "over" or self.played >= self.cap:
                self._next_game()
                state, chooser = self.state, self.chooser
        self.state = state
        return actions


def actions_per_second(data, rounds: int, chunk: int, cap: int) -> None:
    """The engine and python-chess take turns, `rounds` rounds of `chunk` actions (moves) each, so
    a change in the machine's load falls on both; per action, wall and CPU, medians and p95 over
    the rounds."""
    try:
        import chess
    except ImportError:
        chess = None
    engine = EnginePlay(data, cap)
    reference = ChessPlay(chess) if chess is not None else None
    ours, theirs = Times(), Times()
    before = load()
    for number in range(rounds):
        # alternate which goes first too, so neither always follows the other
        order = [(engine, ours), (reference, theirs)] if number % 2 == 0 else [(reference, theirs), (engine, ours)]
        for player, times in order:
            if player is None:
                continue
            wall, cpu = time.perf_counter(), time.process_time()
            player.chunk(chunk)
            times.add((time.perf_counter() - wall) / chunk, (time.process_time() - cpu) / chunk)
    after = load()
    print(f"## Random play, alternated with python-chess: {rounds} rounds of {chunk:,} actions each side")
    print(f"  before: {before}; after: {after}")
    print(f"  engine, 4 players, legal_actions + apply, per action: {ours.summary(1e6, 'us', 1, 'rounds')}")
    print(f"    = {1 / statistics.median(ours.wall):,.0f} actions/s by the median wall time "
          f"({engine.games} games started, each capped at {cap:,} actions)")
    if reference is None:
        print("  reference: python-chess is not installed (pip install chess==1.11.2, the `bench` extra)")
        return
    print(f"  reference, python-chess legal_moves + push, per move: {theirs.summary(1e6, 'us', 1, 'rounds')}")
    print(f"    = {1 / statistics.median(theirs.wall):,.0f} moves/s by the median wall time")
    rounds_ratio = [o / t for o, t in zip(ours.wall, theirs.wall)]
    cpu_ratio = [o / t for o, t in zip(ours.cpu, theirs.cpu) if t > 0]
    print(f"  engine time per action / chess time per move, round by round: wall median "
          f"{statistics.median(rounds_ratio):.2f}x p95 {p95(rounds_ratio):.2f}x"
          + (f", cpu median {statistics.median(cpu_ratio):.2f}x p95 {p95(cpu_ratio):.2f}x" if cpu_ratio else ""))
    print(f"  so the engine plays {statistics.median(theirs.wall) / statistics.median(ours.wall):.2f}x as many actions "
          f"per second as python-chess moves (wall medians), "
          f"{statistics.median(theirs.cpu) / statistics.median(ours.cpu):.2f}x (cpu medians)")


def digest_speed(data, count: int) -> None:
    chooser = random.Random(1)
    state, _ = new_game(random_setup(data, 1, 4, chooser), data)
    for _ in range(300):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    start = time.perf_counter()
    for _ in range(count):
        digest(state)
    spent = time.perf_counter() - start
    print(f"digest of a 4-player state: {1e6 * spent / count:.0f} us")


def whole_games(data, games: int, players: int) -> None:
    times, actions, turns = Times(), [], []
    finished = 0
    for number in range(games):
        chooser = random.Random(f"bench-{number}")
        setup = random_setup(data, f"bench-{number}", players, chooser)
        result = times.time(play_random, setup, data, chooser, DEFAULT_ACTION_CAP, None, "eager")
        actions.append(result.actions)
        if result.finished:
            finished += 1
            turns.append(result.state.players[result.state.winner].turns)
    print(f"whole games (eager policy, {players} players, {games} games, {finished} ascended): "
          f"{times.summary(1000, 'ms', 0, 'games')}, max wall {max(times.wall) * 1000:.0f} ms, "
          f"median {statistics.median(actions):.0f} actions"
          + (f", median {statistics.median(turns):.0f} turns to ascend" if turns else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="whole games per player count")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of engine and chess in turn")
    parser.add_argument("--chunk", type=int, default=2000, help="actions (moves) each side plays a round")
    args = parser.parse_args()
    data = load_data()
    actions_per_second(data, rounds=args.rounds, chunk=args.chunk, cap=2000)
    digest_speed(data, count=500)
    for players in (1, 4, 9):
        whole_games(data, games=args.games, players=players)
    print(f"(at the end: {load()})")


if __name__ == "__main__":
    main()
