"""How fast the rules engine plays: actions applied per second, and the time a whole game takes.

Run with `make bench` (or `python benchmarks/engine_speed.py`). It prints figures; it asserts nothing.
The machine may be busy with other work, so random play is printed beside python-chess's random play
(`legal_moves` + `push`) measured in the same run, when python-chess is installed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rainboard.data import load_data
from rainboard.engine import apply, digest, legal_actions, new_game
from rainboard.sim import play_random, random_setup


def chess_moves_per_second(moves: int) -> float | None:
    """python-chess playing `moves` random legal moves (a new board when a game ends), per second;
    None without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    chooser = random.Random(1)
    board = chess.Board()
    start = time.perf_counter()
    for _ in range(moves):
        legal = list(board.legal_moves)
        if not legal or board.halfmove_clock >= 100:
            board = chess.Board()
            legal = list(board.legal_moves)
        board.push(chooser.choice(legal))
    return moves / (time.perf_counter() - start)


def actions_per_second(data, games: int, cap: int) -> None:
    applied = 0
    spent = 0.0
    for number in range(games):
        chooser = random.Random(number)
        state, _ = new_game(random_setup(data, number, 4, chooser), data)
        start = time.perf_counter()
        for _ in range(cap):
            state, _ = apply(state, chooser.choice(legal_actions(state)))
            applied += 1
            if state.phase == "over":
                break
        spent += time.perf_counter() - start
    print(f"random play, 4 players: {applied} actions in {spent:.2f} s = {applied / spent:,.0f} actions/s "
          f"({1e6 * spent / applied:.1f} us per legal_actions + apply)")
    reference = chess_moves_per_second(applied)
    if reference is not None:
        print(f"  reference, same run: python-chess legal_moves + push {reference:,.0f} moves/s; "
              f"the engine is {applied / spent / reference:.2f}x that")


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
    times, actions, turns = [], [], []
    finished = 0
    for number in range(games):
        chooser = random.Random(f"bench-{number}")
        setup = random_setup(data, f"bench-{number}", players, chooser)
        start = time.perf_counter()
        result = play_random(setup, data, chooser, policy="eager")
        times.append(time.perf_counter() - start)
        actions.append(result.actions)
        if result.finished:
            finished += 1
            turns.append(result.state.players[result.state.winner].turns)
    print(f"whole games (eager policy, {players} players, {games} games, {finished} ascended): "
          f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, "
          f"median {statistics.median(actions):.0f} actions"
          + (f", median {statistics.median(turns):.0f} turns to ascend" if turns else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    data = load_data()
    actions_per_second(data, games=args.games, cap=2000)
    digest_speed(data, count=500)
    for players in (1, 4, 9):
        whole_games(data, games=args.games, players=players)


if __name__ == "__main__":
    main()
