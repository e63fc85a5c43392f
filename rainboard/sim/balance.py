"""`rainboard balance`: many simulated games per row, boiled down to the numbers a designer tunes by.

Rows. `--slugcat NAME ...` gives one solo row per slugcat; `--players K ...` one row per player
count, each game seating K distinct slugcats dealt by the game's own seeded chooser (as
`random_setup` deals them). Both may be given (solo rows first); with neither, every slugcat gets
a solo row. Game n of a row (1-based) plays with the seed `f"{seed}-{key}-{n}"`, where the row's
key is the slugcat's id for a solo row and `f"{K}p"` for a player-count row, so a game's result
depends on nothing but (seed, row, n): never on --jobs, nor on which other rows are asked for.

What each row reports (the JSON row's fields):

* `games`: games played in the row; `raised`: those that raised an exception (left out of
  every other figure); `stalled`: games that hit the action cap (--cap) with nobody ascended;
  `ascended`: games someone ascended in.
* `median_turns`, `p90_turns`: the winner's own `turns` when they ascended (a solo game's score),
  over the ascended games. Percentiles are by nearest rank.
* `median_cycles`: cycles started, the one the game ended in included, over the ascended games.
* `death_rate`, deaths per player-cycle: the row's Died events divided by its player-cycles,
  both summed over every game that did not raise (ascended and stalled alike). A game's
  player-cycles are the sum over its cycles of the players still in the game in that cycle;
  since the first ascension ends the game, that is its players times its cycles. So 0.1 means a
  player dies in one cycle out of ten. `deaths` and `player_cycles` carry the two sums.
* `starvations`: the row's Starved events in total (a player sheltering without enough food),
  over the games that did not raise; `starvations_per_game` divides that by those games.
* `win_rate`, `win_rates` (rows with more than one player; null for solo rows): for each
  slugcat seated at least once, the games it won divided by the games it sat in (stalled games
  count as sat in, not won), and the lowest and highest of those as {"min": .., "max": ..}.
* `player_kills`: players killed by another player (a Died event with a killer), per game, over
  the games that did not raise (0.0 for a solo row).
* `policy_win_rates` (rows with more than one player; null for solo rows): for each policy of
  --policy, the games won from its seats divided by the seats it sat in (a comma list deals the
  policies to the seats in turn: "steady,predator" plays seats 1 and 3 steady, 2 and 4 predator).
  A stalled game counts its seats, not a win.
* `est_minutes`, `est_minutes_p90`: an estimate of the time at a real table, over the ascended
  games: every player's turns added up, times --seconds-per-turn, in minutes, plus one minute
  for each cycle (rolling the rain, hibernating, waking); the median and the 90th percentile.

No value is null, never NaN (no ascended game: no turns, cycles nor minutes).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from attrs import evolve, frozen

from rainboard.data import STANDARD_PRESET, DeckChoice, GameData, load_data
from rainboard.engine.deck_checks import rule_problems

from .balance_games import GameRecord, GameTask, init_worker, play_game, play_in_worker
from .balance_report import Progress, dice_table, median, p90, policy_lines, ratio, table
from .play import DEFAULT_ACTION_CAP, policy_names, seat_policy

PROG = "rainboard balance"
DEFAULT_GAMES = 200
DEFAULT_SECONDS_PER_TURN = 20.0
MAX_DEFAULT_JOBS = 8  # the default --jobs: every core, but no more than this many


class BalanceError(ValueError):
    """The rows asked for make no sense with these decks (an unknown slugcat, a bad player count)."""


@frozen
class RowSpec:
    key: str  # part of every game seed in the row
    players: int
    slugcat: str | None  # a solo row's slugcat; None for a row of mixed tables


def default_jobs() -> int:
    """Worker processes when --jobs is not given: the cores this process may use, capped."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_DEFAULT_JOBS))


def plan_rows(data: GameData, slugcats: Sequence[str] | None, players: Sequence[int] | None) -> list[RowSpec]:
    """The rows asked for, solo rows first; BalanceError names the first bad request."""
    from rainboard.saves.challenge import ChallengeError, slugcat_id

    rows: list[RowSpec] = []
    if not slugcats and not players:
        slugcats = list(data.slugcats)
    for name in slugcats or ():
        try:
            sid = slugcat_id(data, name)
        except ChallengeError as exc:
            raise BalanceError(str(exc)) from None
        if all(row.slugcat != sid for row in rows):
            rows.append(RowSpec(key=sid, players=1, slugcat=sid))
    most = len(data.slugcats)
    for count in players or ():
        if not 1 <= count <= most:
            raise BalanceError(f"--players must be between 1 and {most} (the decks have {most} slugcats), got {count}")
        if all(row.slugcat is not None or row.players != count for row in rows):
            rows.append(RowSpec(key=f"{count}p", players=count, slugcat=None))
    return rows


def make_tasks(rows: Sequence[RowSpec], games: int, seed: int, policy: str, cap: int) -> list[GameTask]:
    return [GameTask(row=r, number=n, seed=f"{seed}-{spec.key}-{n}", players=spec.players,
                     slugcat=spec.slugcat, policy=policy, cap=cap)
            for r, spec in enumerate(rows) for n in range(1, games + 1)]


def play_all(tasks: Sequence[GameTask], data: GameData, decks: Path | None, jobs: int,
             progress: Progress) -> list[GameRecord]:
    """Every task's record, in the tasks' order whatever order they finished in.

    One job plays in this process with `data`; more start worker processes that load the decks
    from `decks` themselves.
    """
    records: list[GameRecord | None] = [None] * len(tasks)
    jobs = max(1, min(jobs, len(tasks)))
    if jobs == 1:
        for index, task in enumerate(tasks):
            records[index] = play_game(task, data)
            progress.update(index + 1)
        return records  # type: ignore[return-value]
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=init_worker, initargs=(decks,))
    try:
        pending = {pool.submit(play_in_worker, task): index for index, task in enumerate(tasks)}
        done_count = 0
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                records[pending.pop(future)] = future.result()
                done_count += 1
            progress.update(done_count)
    except BaseException:  # Ctrl-C or a broken worker: drop what has not started, do not wait for it
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return records  # type: ignore[return-value]


def summarise(spec: RowSpec, records: Iterable[GameRecord], order: Sequence[str],
              seconds_per_turn: float, policy: str = "steady") -> dict:
    """The JSON row for one row's records played by `policy` (a name or a comma list dealt to the
    seats in turn); the module docstring says what each field means."""
    records = list(records)
    played = [r for r in records if r.error is None]
    ascended = [r for r in played if r.finished]
    minutes = [r.turns * seconds_per_turn / 60 + r.cycles for r in ascended]
    deaths = sum(r.deaths for r in played)
    player_cycles = sum(r.player_cycles for r in played)
    starvations = sum(r.starvations for r in played)
    win_rates = win_rate = policy_win_rates = None
    if spec.players > 1:
        seated = dict.fromkeys(order, 0)
        wins = dict.fromkeys(order, 0)
        for record in played:
            for slugcat in record.slugcats:
                seated[slugcat] += 1
            if record.winner is not None:
                wins[record.winner] += 1
        win_rates = {s: round(wins[s] / seated[s], 4) for s in order if seated[s]}
        if win_rates:
            win_rate = {"min": min(win_rates.values()), "max": max(win_rates.values())}
        policy_win_rates = _policy_win_rates(played, policy)
    return {
        "key": spec.key,
        "players": spec.players,
        "slugcat": spec.slugcat,
        "games": len(records),
        "ascended": len(ascended),
        "stalled": sum(not r.finished for r in played),
        "raised": len(records) - len(played),
        "median_turns": median([r.winner_turns for r in ascended]),
        "p90_turns": p90([r.winner_turns for r in ascended]),
        "median_cycles": median([r.cycles for r in ascended]),
        "death_rate": ratio(deaths, player_cycles),
        "deaths": deaths,
        "player_cycles": player_cycles,
        "starvations": starvations,
        "starvations_per_game": ratio(starvations, len(played), 3),
        "win_rate": win_rate,
        "win_rates": win_rates,
        "policy_win_rates": policy_win_rates,
        "player_kills": ratio(sum(r.player_kills for r in played), len(played), 3),
        "est_minutes": _rounded(median(minutes)),
        "est_minutes_p90": _rounded(p90(minutes)),
    }


def _policy_win_rates(played: Sequence[GameRecord], policy: str) -> dict[str, float] | None:
    """Each policy's wins over the seats it sat in (seat_policy deals them), in --policy's order."""
    names = policy_names(policy)
    seated = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0)
    for record in played:
        for seat in range(len(record.slugcats)):
            seated[seat_policy(policy, seat)] += 1
        if record.winner_seat is not None:
            wins[seat_policy(policy, record.winner_seat)] += 1
    return {name: round(wins[name] / seated[name], 4) for name in names if seated[name]} or None


def _rounded(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def _with_dice(decks, variant: str | None):
    """The decks a row set is played with under one dice variant (None: as rules.toml names)."""
    if variant is None:
        return decks
    if isinstance(decks, DeckChoice):
        return evolve(decks, dice=variant)
    return DeckChoice(decks, STANDARD_PRESET, variant)


def run(games: int = DEFAULT_GAMES, seed: int = 1, players: Sequence[int] | None = None,
        slugcats: Sequence[str] | None = None, policy: str = "steady", jobs: int | None = None,
        decks: Path | DeckChoice | None = None, seconds_per_turn: float = DEFAULT_SECONDS_PER_TURN,
        cap: int = DEFAULT_ACTION_CAP, as_json: bool = False, out: TextIO = sys.stdout,
        err: TextIO = sys.stderr, dice: Sequence[str] | None = None) -> int:
    """Play the rows, print the table (or the JSON object); 0, 1 if any game raised, 2 for bad rows.

    With `dice` (variants of rules.toml's [dice]), the rows are played once per variant, with the
    same seeds, each row saying its variant; with more than one, a last table sets each solo row's
    median turns beside the first variant's. Broken deck data raises DeckError before any game starts.
    """
    import json

    variants = list(dict.fromkeys(dice)) if dice else [None]
    datas = [load_data(_with_dice(decks, v), rule_check=rule_problems) for v in variants]
    try:
        rows = plan_rows(datas[0], slugcats, players)
        policy_names(policy)
    except (BalanceError, ValueError) as exc:
        print(f"{PROG}: {exc}", file=err)
        return 2
    jobs = default_jobs() if jobs is None else jobs
    tasks = make_tasks(rows, games, seed, policy, cap)
    progress = Progress(len(tasks) * len(variants), err)
    started = time.monotonic()
    records: list[GameRecord] = []
    summaries: list[dict] = []
    order = list(datas[0].slugcats)
    try:
        for variant, data in zip(variants, datas):
            played = play_all(tasks, data, _with_dice(decks, variant), jobs, progress.offset(len(records)))
            records += played
            for index, spec in enumerate(rows):
                row = summarise(spec, (r for r in played if r.row == index), order, seconds_per_turn, policy)
                summaries.append(row | {"dice": data.rules.dice.variant})
    finally:
        progress.clear()
    elapsed = time.monotonic() - started
    names = {sid: s.name for sid, s in datas[0].slugcats.items()}
    if as_json:
        print(json.dumps({"rows": summaries}), file=out)
    else:
        for variant, data in zip(variants, datas):
            if len(variants) > 1:
                print(f"Dice: {data.rules.dice.variant}", file=out)
            shown = [row for row in summaries if row["dice"] == data.rules.dice.variant]
            for line in table(shown, names, shutil.get_terminal_size().columns):
                print(line, file=out)
            by_policy = policy_lines(shown)
            if by_policy:
                print("\nSeat win rate by policy:", file=out)
                for line in by_policy:
                    print(f"  {line}", file=out)
            if len(variants) > 1:
                print(file=out)
        if len(variants) > 1:
            for line in dice_table(summaries, names):
                print(line, file=out)
        count = len(tasks) * len(variants)
        print(f"\n{count} games, policy {policy}, seed {seed}, cap {cap} actions, "
              f"{seconds_per_turn:g} s a turn; played in {elapsed:.1f} s with {min(jobs, len(tasks))} "
              f"job{'s' if min(jobs, len(tasks)) != 1 else ''}", file=out)
    failed = [r for r in records if r.error is not None]
    if failed:
        first = failed[0]
        print(f"{PROG}: {len(failed)} game{'s' if len(failed) != 1 else ''} raised; the first, "
              f"seed {first.seed}:", file=err)
        print(first.error.rstrip(), file=err)
        return 1
    return 0
