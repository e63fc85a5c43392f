"""Headless games with random legal play: for finding crashes, tuning numbers and benchmarks."""

from __future__ import annotations

import random
import sys
import traceback
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import TextIO

from attrs import frozen

from rainboard.data import GameData, load_data
from rainboard.engine import GameState, PlayerSetup, Setup, apply, digest, legal_actions, new_game
from rainboard.engine.actions import Attack
from rainboard.engine.queries import chance, is_fed
from rainboard.engine.state import OVER

DEFAULT_ACTION_CAP = 20_000
PLAYER_NAMES = ("Ada", "Bo", "Cy", "Di", "Ez", "Fi", "Gu", "Hal", "Ivo")


def _distances(data: GameData, goal: str) -> dict[str, int]:
    """Steps from each region to `goal` through gates and free crossings, karma permitting at 5."""
    links: dict[str, set[str]] = {r: set(region.free_crossings) for r, region in data.regions.items()}
    for gate in data.gates.values():
        links[gate.a].add(gate.b)
        links[gate.b].add(gate.a)
    distance = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for region in frontier:
            for other in links[region]:
                if other not in distance:
                    distance[other] = distance[region] + 1
                    nxt.append(other)
        frontier = nxt
    return distance


class EagerPolicy:
    """A player with a plan: eat to the line, find a shelter, sleep, and take gates toward the ending.

    Still only legal actions, with a random pick among equals; it exists so simulated games reach the
    end and the numbers in decks/ can be judged on whole games.
    """

    def __init__(self, data: GameData, chooser: random.Random):
        self.chooser = chooser
        self.data = data
        mark_region = next(r for r, reg in data.regions.items() if any(e.card == "mark" for e in reg.deck))
        end_region = next(r for r, reg in data.regions.items() if reg.ascension)
        self.to_mark = _distances(data, mark_region)
        self.to_end = _distances(data, end_region)

    def __call__(self, state: GameState):
        legal = legal_actions(state)
        texts = {str(a): a for a in legal}
        player = state.players[state.to_act]
        goal = self.to_end if player.has_mark else self.to_mark
        here = goal.get(player.region, 99)

        def onward(text: str) -> bool:
            action = texts[text]
            gate_id = getattr(action, "gate", None)
            if text == "cross":
                gate_id = state.pending.card
            if gate_id is not None:
                return goal.get(self.data.gates[gate_id].other(player.region), 99) < here
            to = getattr(action, "to", None)
            return to is not None and goal.get(to, 99) < here

        for text in texts:
            if text.startswith(("cross", "walk")) and onward(text):
                return texts[text]
        for wanted in ("hibernate", "attack" if "attack" in texts and self._beatable(state) else "flee", "flee"):
            if wanted in texts:
                return texts[wanted]
        if "keep" in texts:
            return texts["keep"]
        fed = is_fed(state, state.to_act)
        if "starve" in texts and (state.rain <= 1 or player.food == 0 and state.rain <= 3):
            return texts["starve"]
        if fed and "search" in texts and state.rain >= 2:
            return texts["search"]
        draws = [a for t, a in texts.items() if t.startswith("draw")]
        pool = draws + [texts["food"]] if "food" in texts else draws
        return self.chooser.choice(pool or legal)

    @staticmethod
    def _beatable(state: GameState) -> bool:
        """A bare-handed attack (legal now) kills at least half the time."""
        odds = chance(state, Attack())
        return odds is not None and odds >= Fraction(1, 2)


@frozen
class SimResult:
    state: GameState
    actions: int
    finished: bool  # someone ascended; otherwise the action cap stopped the game


def random_setup(data: GameData, seed: int | str, players: int | None, chooser: random.Random) -> Setup:
    count = players if players is not None else chooser.randint(1, len(data.slugcats))
    slugcats = chooser.sample(sorted(data.slugcats), count)
    return Setup(players=[PlayerSetup(PLAYER_NAMES[i], s) for i, s in enumerate(slugcats)], seed=seed)


def play_random(setup: Setup, data: GameData, chooser: random.Random,
                cap: int = DEFAULT_ACTION_CAP, check=None, policy: str = "random") -> SimResult:
    """Play legal actions until someone ascends or `cap` actions were applied.

    policy "random" picks uniformly among the legal actions; "eager" plays with a plan (EagerPolicy).
    `check(state, action, events)` runs after every action (the property tests hang invariants here).
    """
    state, events = new_game(setup, data)
    pick = EagerPolicy(data, chooser) if policy == "eager" else (lambda s: chooser.choice(legal_actions(s)))
    actions = 0
    while state.phase != OVER and actions < cap:
        action = pick(state)
        state, events = apply(state, action)
        actions += 1
        if check is not None:
            check(state, action, events)
    return SimResult(state=state, actions=actions, finished=state.phase == OVER)


class GameRecorder:
    """A simulated game's actions as it is played (play_random's `check`), written out as a save."""

    DIGEST_EVERY = 10

    def __init__(self) -> None:
        self.actions: list[str] = []
        self.digests: dict[int, str] = {}
        self.state: GameState | None = None

    def __call__(self, state: GameState, action, events) -> None:
        self.actions.append(str(action))
        self.state = state
        if len(self.actions) % self.DIGEST_EVERY == 0:
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
    data = load_data(decks)
    if players is not None and not 1 <= players <= len(data.slugcats):
        print(f"--players must be between 1 and {len(data.slugcats)}", file=out)
        return 2
    finished = capped = failed = unsaved = 0
    turns_to_win: list[int] = []
    cycles: list[int] = []
    for number in range(1, games + 1):
        game_seed = f"{seed}-{number}"
        chooser = random.Random(game_seed)
        setup = random_setup(data, game_seed, players, chooser)
        cast = ", ".join(f"{p.name} ({p.slugcat})" for p in setup.players)
        recorder = GameRecorder() if save_dir is not None else None
        try:
            result = play_random(setup, data, chooser, cap, check=recorder, policy=policy)
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
        if result.finished:
            finished += 1
            winner = state.players[state.winner]
            turns_to_win.append(winner.turns)
            outcome = f"{winner.name} ({winner.slugcat}) ascended in {winner.turns} turns"
        else:
            capped += 1
            best = max(state.players, key=lambda p: (p.has_mark, p.reached_ending, p.ending_hibernations, p.karma))
            outcome = f"turn cap: stopped after {result.actions} actions (best: {best.name}, karma {best.karma})"
        print(f"game {number}: seed {game_seed}: {cast}: {outcome}; {state.cycle} cycles, "
              f"{result.actions} actions", file=out)
    print(f"summary: {games} games, {finished} ascended, {capped} stopped at the turn cap, {failed} raised",
          file=out)
    if turns_to_win:
        turns_to_win.sort()
        print(f"turns to ascend: min {turns_to_win[0]}, median {turns_to_win[len(turns_to_win) // 2]}, "
              f"max {turns_to_win[-1]}", file=out)
    if cycles:
        print(f"cycles per game: mean {sum(cycles) / len(cycles):.1f}", file=out)
    if save_dir is not None:
        print(f"saves: {games - unsaved} written to {save_dir}", file=out)
    return 1 if failed or unsaved else 0
