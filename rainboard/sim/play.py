"""Headless games played by a policy: for finding crashes, tuning numbers and benchmarks."""

from __future__ import annotations

import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from attrs import frozen

from rainboard.data import GameData, load_data
from rainboard.engine import GameState, PlayerSetup, Setup, apply, digest, new_game
from rainboard.engine.deck_checks import rule_problems
from rainboard.engine.digest import DIGEST_EVERY
from rainboard.engine.events import Died
from rainboard.engine.rng import Chooser
from rainboard.engine.state import OVER

from .policies import EagerPolicy, RandomPolicy
from .predator import PredatorPolicy
from .steady import SteadyPolicy

DEFAULT_ACTION_CAP = 20_000
PLAYER_NAMES = ("Ada", "Bo", "Cy", "Di", "Ez", "Fi", "Gu", "Hal", "Ivo")
POLICIES = {"random": RandomPolicy, "eager": EagerPolicy, "steady": SteadyPolicy, "predator": PredatorPolicy}


def policy_names(spec: str) -> tuple[str, ...]:
    """The policies a `--policy` text seats in turn: "steady,predator" -> ("steady", "predator").
    ValueError names a policy POLICIES does not know, or an empty one."""
    names = tuple(part.strip() for part in spec.split(","))
    for name in names:
        if name not in POLICIES:
            raise ValueError(f"no policy {name!r}; choose from: {', '.join(POLICIES)}")
    return names


def seat_policy(spec: str, seat: int) -> str:
    """The policy that plays seat `seat` (0-based, the setup's order) under `spec`: the names are
    dealt to the seats in turn, so "steady,predator" gives seats 0 and 2 steady, 1 and 3 predator."""
    names = policy_names(spec)
    return names[seat % len(names)]


class SeatedPolicies:
    """Several policies at one table: whoever must act is asked by the policy of their seat.

    One policy object per distinct name, all choosing among equals with the same chooser."""

    def __init__(self, names: tuple[str, ...], data: GameData, chooser):
        self.names = names
        made: dict[str, object] = {}
        for name in names:
            if name not in made:
                made[name] = POLICIES[name](data, chooser)
        self.policies = made

    def __call__(self, state: GameState):
        seat = state.to_act if state.to_act is not None else 0
        return self.policies[self.names[seat % len(self.names)]](state)


def make_policy(name: str, data: GameData, chooser):
    """The named policy (POLICIES), choosing among equals with `chooser`; a comma list of names
    seats them in turn (seat_policy)."""
    names = policy_names(name)
    if len(names) == 1:
        return POLICIES[names[0]](data, chooser)
    return SeatedPolicies(names, data, chooser)


@frozen
class SimResult:
    state: GameState
    actions: int
    finished: bool  # someone ascended; otherwise the action cap stopped the game


def random_setup(data: GameData, seed: int | str, players: int | None, chooser) -> Setup:
    count = players if players is not None else chooser.randint(1, len(data.slugcats))
    slugcats = chooser.sample(sorted(data.slugcats), count)
    return Setup(players=[PlayerSetup(PLAYER_NAMES[i], s) for i, s in enumerate(slugcats)], seed=seed)


def play_random(setup: Setup, data: GameData, chooser,
                cap: int = DEFAULT_ACTION_CAP, check=None, policy: str = "random") -> SimResult:
    """Play legal actions until someone ascends or `cap` actions were applied.

    `policy` names one of POLICIES: "random" picks uniformly among the legal actions, "eager" rushes
    along a plan (EagerPolicy), "steady" plays as a careful player would (SteadyPolicy), "predator"
    as steady but hunting other players when it pays (PredatorPolicy); or a comma list of them,
    dealt to the seats in turn ("steady,predator": seats 1 and 3 steady, 2 and 4 predator).
    `check(state, action, events)` runs after every action (the property tests hang invariants here).
    """
    state, events = new_game(setup, data)
    pick = make_policy(policy, data, chooser)
    actions = 0
    while state.phase != OVER and actions < cap:
        action = pick(state)
        state, events = apply(state, action)
        actions += 1
        if check is not None:
            check(state, action, events)
    return SimResult(state=state, actions=actions, finished=state.phase == OVER)


class KillTally:
    """play_random's `check`: counts the players killed by other players, then hands the action
    on to `then` (a GameRecorder, or None)."""

    def __init__(self, then=None) -> None:
        self.kills = 0
        self.then = then

    def __call__(self, state: GameState, action, events) -> None:
        for event in events:
            if isinstance(event, Died) and event.killer is not None:
                self.kills += 1
        if self.then is not None:
            self.then(state, action, events)


class GameRecorder:
    """A simulated game's actions as it is played (play_random's `check`), written out as a save."""

    def __init__(self) -> None:
        self.actions: list[str] = []
        self.digests: dict[int, str] = {}
        self.state: GameState | None = None

    def __call__(self, state: GameState, action, events) -> None:
        self.actions.append(str(action))
        self.state = state
        if len(self.actions) % DIGEST_EVERY == 0:
            self.digests[len(self.actions)] = digest(state)

    def write(self, path: Path, setup: Setup, data: GameData) -> None:
        """Save the game so far (a game that raised: up to its last good action); SaveError if not."""
        from rainboard.saves import new_save, outcome_record, record, write_save

        now = datetime.now(UTC)
        save = new_save(setup, data, table_handoffs=False, now=now, game_id=path.stem)
        digests = {**save.digests, **self.digests}
        outcome = None
        if self.state is not None:
            digests[len(self.actions)] = digest(self.state)
            outcome = outcome_record(self.state)
        write_save(path, record(save, self.actions, digests, outcome is not None, outcome, now))


def run(games: int, seed: int, players: int | None, decks: Path | None, out: TextIO = sys.stdout,
        cap: int = DEFAULT_ACTION_CAP, policy: str = "random", save_dir: Path | None = None) -> int:
    """Play `games` games, one line each and a summary; 1 if any game raised, else 0.

    With `save_dir`, each game is also written there as a save, `sim-<seed>-<game>.json` (a save
    that cannot be written is reported and makes the exit code 1).
    Broken deck data raises DeckError before any game starts.
    """
    data = load_data(decks, rule_check=rule_problems)
    if players is not None and not 1 <= players <= len(data.slugcats):
        print(f"--players must be between 1 and {len(data.slugcats)}", file=out)
        return 2
    names = policy_names(policy)
    finished = capped = failed = unsaved = 0
    turns_to_win: list[int] = []
    cycles: list[int] = []
    kills: list[int] = []
    seats: dict[str, int] = dict.fromkeys(names, 0)
    wins: dict[str, int] = dict.fromkeys(names, 0)
    for number in range(1, games + 1):
        game_seed = f"{seed}-{number}"
        chooser = Chooser(game_seed)
        setup = random_setup(data, game_seed, players, chooser)
        if len(names) > 1:
            cast = ", ".join(f"{p.name} ({p.slugcat}, {seat_policy(policy, i)})" for i, p in enumerate(setup.players))
        else:
            cast = ", ".join(f"{p.name} ({p.slugcat})" for p in setup.players)
        recorder = GameRecorder() if save_dir is not None else None
        tally = KillTally(recorder)
        try:
            result = play_random(setup, data, chooser, cap, check=tally, policy=policy)
        except Exception:  # the simulator exists to find these: report and go on
            failed += 1
            print(f"game {number}: seed {game_seed}: {cast}: RAISED", file=out)
            print(traceback.format_exc(), file=out)
            continue
        finally:
            if recorder is not None:
                try:
                    recorder.write(Path(save_dir) / f"sim-{game_seed}.json", setup, data)
                except ValueError as exc:  # SaveError
                    unsaved += 1
                    print(f"game {number}: save not written: {exc}", file=out)
        state = result.state
        cycles.append(state.cycle)
        kills.append(tally.kills)
        for seat in range(len(state.players)):
            seats[seat_policy(policy, seat)] += 1
        if result.finished:
            finished += 1
            winner = state.players[state.winner]
            wins[seat_policy(policy, state.winner)] += 1
            turns_to_win.append(winner.turns)
            outcome = f"{winner.name} ({winner.slugcat}) ascended in {winner.turns} turns"
        else:
            capped += 1
            best = max(state.players, key=lambda p: (p.has_mark, p.reached_ending, p.ending_hibernations, p.karma))
            outcome = f"turn cap: stopped after {result.actions} actions (best: {best.name}, karma {best.karma})"
        killed = f", {tally.kills} player kill{'s' if tally.kills != 1 else ''}" if tally.kills else ""
        print(f"game {number}: seed {game_seed}: {cast}: {outcome}; {state.cycle} cycles, "
              f"{result.actions} actions{killed}", file=out)
    print(f"summary: {games} games, {finished} ascended, {capped} stopped at the turn cap, {failed} raised",
          file=out)
    if turns_to_win:
        turns_to_win.sort()
        print(f"turns to ascend: min {turns_to_win[0]}, median {turns_to_win[len(turns_to_win) // 2]}, "
              f"max {turns_to_win[-1]}", file=out)
    if cycles:
        print(f"cycles per game: mean {sum(cycles) / len(cycles):.1f}", file=out)
        print(f"player kills per game: mean {sum(kills) / len(kills):.2f}", file=out)
    if len(names) > 1 and cycles:
        rates = ", ".join(f"{name} {wins[name]}/{seats[name]}" for name in names if seats[name])
        print(f"seats won by policy: {rates}", file=out)
    if save_dir is not None:
        print(f"saves: {games - unsaved} written to {save_dir}", file=out)
    return 1 if failed or unsaved else 0
