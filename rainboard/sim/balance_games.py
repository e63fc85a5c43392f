"""One game of a balance run, played and boiled down to the numbers the report needs.

A game is described by a picklable `GameTask` and comes back as a picklable `GameRecord`, so the
same function serves the in-process run (--jobs 1) and the worker processes. Workers load the deck
data once each, from the decks folder they are given (`init_worker`), never from a pickled GameData.
"""

from __future__ import annotations

import signal
import traceback
from pathlib import Path

from attrs import frozen

from rainboard.data import GameData, load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.engine.events import Died, Starved
from rainboard.engine.rng import Chooser

from .play import PLAYER_NAMES, play_random, random_setup


@frozen
class GameTask:
    """Game `number` of row `row`: one given slugcat alone (`slugcat`), or `players` drawn at random."""

    row: int
    number: int
    seed: str
    players: int
    slugcat: str | None  # a solo row's slugcat; None: deal `players` distinct slugcats from the seed
    policy: str
    cap: int


@frozen
class GameRecord:
    """What one game came to. `error` holds the traceback of a game that raised (and nothing else is set)."""

    row: int
    number: int
    seed: str
    slugcats: tuple[str, ...] = ()
    finished: bool = False  # someone ascended
    winner: str | None = None  # the winner's slugcat
    winner_seat: int | None = None  # the winner's seat (index in the setup), for the policy seated there
    winner_turns: int | None = None  # the winner's own turns (a solo game's score)
    cycles: int = 0  # cycles started, the one the game ended in included
    turns: int = 0  # every player's turns, added up
    deaths: int = 0  # Died events
    starvations: int = 0  # Starved events
    player_kills: int = 0  # Died events with a player as the killer
    actions: int = 0
    error: str | None = None

    @property
    def player_cycles(self) -> int:
        """Cycles times the players in them (nobody leaves a game before it ends: see balance.py)."""
        return self.cycles * len(self.slugcats)


class _Tally:
    """play_random's `check`: counts the deaths (and those by another player's hand) and the
    starvations among each action's events."""

    def __init__(self) -> None:
        self.deaths = 0
        self.player_kills = 0
        self.starvations = 0

    def __call__(self, state, action, events) -> None:
        for event in events:
            if isinstance(event, Died):
                self.deaths += 1
                if event.killer is not None:
                    self.player_kills += 1
            elif isinstance(event, Starved):
                self.starvations += 1


def game_setup(task: GameTask, data: GameData, chooser: Chooser) -> Setup:
    """The table for a task: its solo slugcat, or `players` slugcats dealt by the game's chooser."""
    if task.slugcat is not None:
        return Setup(players=[PlayerSetup(PLAYER_NAMES[0], task.slugcat)], seed=task.seed)
    return random_setup(data, task.seed, task.players, chooser)


def play_game(task: GameTask, data: GameData) -> GameRecord:
    """Play one task to its end or its cap; an exception becomes a record carrying the traceback."""
    try:
        chooser = Chooser(task.seed)
        setup = game_setup(task, data, chooser)
        tally = _Tally()
        result = play_random(setup, data, chooser, task.cap, check=tally, policy=task.policy)
    except Exception:  # the report says which seed raised and goes on with the other games
        return GameRecord(row=task.row, number=task.number, seed=task.seed, error=traceback.format_exc())
    state = result.state
    winner = state.players[state.winner] if result.finished else None
    return GameRecord(
        row=task.row, number=task.number, seed=task.seed,
        slugcats=tuple(p.slugcat for p in state.players),
        finished=result.finished,
        winner=winner.slugcat if winner is not None else None,
        winner_seat=state.winner if winner is not None else None,
        winner_turns=winner.turns if winner is not None else None,
        cycles=state.cycle,
        turns=sum(p.turns for p in state.players),
        deaths=tally.deaths, starvations=tally.starvations, player_kills=tally.player_kills,
        actions=result.actions,
    )


_WORKER_DATA: GameData | None = None


def init_worker(decks: Path | None) -> None:
    """A worker process's start: load the decks once; Ctrl-C is the parent's to handle."""
    global _WORKER_DATA
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_DATA = load_data(decks)


def play_in_worker(task: GameTask) -> GameRecord:
    assert _WORKER_DATA is not None, "init_worker has not run in this process"
    return play_game(task, _WORKER_DATA)
