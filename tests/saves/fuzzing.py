"""What the save fuzzing runs on and what it checks, shared by tests/saves/test_fuzz_saves.py and
scripts/fuzz_saves.py: the small real saves the mutator starts from, and one damaged file tried
the way Rainboard meets it (read, played back, listed, opened in the replay viewer)."""

from __future__ import annotations

import random
from pathlib import Path

from attrs import frozen

from rainboard.engine import PlayerSetup, Setup, apply, digest, new_game
from rainboard.engine.state import OVER
from rainboard.saves import Replay, SaveError, encode_save, new_save, outcome_record, read_save, record
from rainboard.saves.converter import MAX_PROBLEM
from rainboard.saves.store import summarize

from . import T0, T1, mini_data, play


def base_saves() -> list[bytes]:
    """Small real saves: a two-player game cut short whose players choose in play, the same game
    with slugcats chosen at the start, and a one-player game played to its end (its outcome has a
    solo score). Each replays in a few milliseconds."""
    chosen_later = play(seed="fuzz-a", choose_later=True, limit=30, game_id="fuzz-a").save
    going_on = play(seed="fuzz-b", limit=40, game_id="fuzz-b").save
    return [encode_save(chosen_later), encode_save(going_on), encode_save(finished_solo())]


def finished_solo():
    """A one-player game on the test decks that ends in 38 actions (the simulator's eager player)."""
    from rainboard.sim import EagerPolicy

    data = mini_data()
    setup = Setup(players=[PlayerSetup("Ada", "survivor")], seed=10)
    state, _ = new_game(setup, data)
    policy = EagerPolicy(data, random.Random(10))
    actions, digests = [], {0: digest(state)}
    while state.phase != OVER:
        action = policy(state)
        state, _ = apply(state, action)
        actions.append(str(action))
        digests[len(actions)] = digest(state)
    save = new_save(setup, data, table_handoffs=False, now=T0, game_id="fuzz-solo")
    return record(save, actions, digests, True, outcome_record(state), T1)


@frozen
class Tried:
    """How one damaged file went: `kind` is "ok", "SaveError" or the type of anything else raised;
    `faults` are promises a SaveError broke (its message, the partial replay it allows)."""

    kind: str
    error: BaseException | None
    faults: tuple[str, ...] = ()


def try_case(path: Path, body: bytes) -> Tried:
    """Write `body` to `path` and meet it as Rainboard does."""
    path.write_bytes(body)
    try:
        summary = summarize(path)  # the saves list and the title screen: never an exception
    except Exception as error:  # noqa: BLE001 - what the fuzzing is looking for
        return Tried(f"summarize: {type(error).__name__}", error)
    stage = "read"
    try:
        read_save(path)
        stage = "replay"
        Replay.from_file(path)
    except SaveError as error:
        faults = message_faults(error, path)
        if (stage == "read") != (summary.error is not None):
            faults.append("the saves list and read_save disagree about the file")
        return Tried("SaveError", error, tuple(faults + resume_faults(error, path)))
    except Exception as error:  # noqa: BLE001 - what the fuzzing is looking for
        return Tried(type(error).__name__, error)
    return Tried("ok", None)


def message_faults(error: SaveError, path: Path) -> list[str]:
    """What is wrong with a SaveError's message: it must be one printable line, start with the
    file, and stay short."""
    message, faults = str(error), []
    if not message.isprintable():
        faults.append("the message holds a line break or another unprintable character")
    if not message.startswith(f"{path}: ") or error.path != path:
        faults.append("the message does not start with the file")
    if len(error.problem) > MAX_PROBLEM + 3:
        faults.append(f"the problem is {len(error.problem)} characters long")
    return faults


def resume_faults(error: SaveError, path: Path) -> list[str]:
    """A save that fails at an action still opens in the replay viewer, up to its last good point."""
    if error.action is None:
        return []
    from rainboard.ui.resume import open_replay

    try:
        save, replay, _, _, problem = open_replay(path)
    except Exception as other:  # noqa: BLE001 - what the fuzzing is looking for
        return [f"open_replay raised {type(other).__name__}: {str(other)[:100]}"]
    faults = []
    if problem != str(error):
        faults.append("open_replay tells another problem")
    if error.digest_mismatch:
        good = max((n for n in save.digests if n < error.action), default=0)
    else:
        good = error.action - 1
    if len(replay) != good:
        faults.append(f"open_replay plays {len(replay)} actions, not {good}")
    return faults
