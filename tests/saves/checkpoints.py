"""Stopping a checkpoint at each of its writes, and reading what it leaves on disk.

A checkpoint (ui/autosave.py) writes a game whole: at the game's start, when it is resumed, when
it ends, when the table is left, and after a write that failed. Every call it makes that changes
the disk goes through rainboard/saves/disk.py; `Faults` counts those calls and, at the chosen one,

- "kill": stops there as a killed process would: that call and every later one never happen (in
  this process a `Killed` is raised instead, and every later disk call raises it again, so no
  clean-up on the way out touches the disk either); with `exit_code` the process really ends;
- "fail": that one call fails as a full disk does (OSError ENOSPC), and play goes on.

A `Scenario` plays a seeded game up to a checkpoint of one kind, then runs that checkpoint.
`check_on_disk` says what the files then hold must be: never less than the moves the table had
shown before the checkpoint, and a game that reads finished only with every move.

Used by tests/saves/test_checkpoint_faults.py (in this process) and scripts/fuzz_checkpoints.py
(real kills: a forked process ended at the chosen call).
"""

from __future__ import annotations

import errno
import os
import random
import threading
from pathlib import Path

from attrs import frozen

from rainboard.data import GameData
from rainboard.engine import PlayerSetup, Setup, apply, digest, legal_actions, new_game
from rainboard.engine.state import OVER
from rainboard.saves import DIGEST_EVERY, Replay, disk, read_save
from rainboard.ui.autosave import Autosaver
from rainboard.ui.resume import open_save, session_from_replay
from rainboard.ui.session import GameSession

KINDS = ("start", "resume", "end", "leave", "leave-after-undo", "retry")
CALLS = ("temp_beside", "write_all", "fsync", "close", "replace", "unlink", "open_append", "sync_folder")


_ENDINGS: dict = {}  # a game played to its end by the engine: (actions, digests, cut, state at cut)
LONGEST = 20_000  # actions: a game longer than the simulator's cap is not the one to sweep
JOURNAL_MOVES = 12  # the moves before the last one that the autosave plays (journal lines)


def _game_to_its_end(setup: Setup, data: GameData, chooser: random.Random):
    state, _ = new_game(setup, data)
    actions, states, digests = [], [state], {0: digest(state)}
    while state.phase != OVER:
        if len(actions) >= LONGEST:
            return None
        action = chooser.choice(legal_actions(state))
        state, _ = apply(state, action)
        actions.append(action)
        states.append(state)
        if len(actions) % DIGEST_EVERY == 0:
            digests[len(actions)] = digest(state)
        if len(states) > JOURNAL_MOVES + 2:
            states.pop(0)
    cut = max(0, len(actions) - 1 - JOURNAL_MOVES)
    at_cut = states[cut - (len(actions) + 1 - len(states))]
    digests[cut] = digest(at_cut)
    return actions, digests, cut, at_cut


class Killed(BaseException):
    """The process stopped here (not an Exception: nothing on the way out may catch it)."""


class Faults:
    """Counts the disk calls made on the main thread (the journal's sync worker only makes the
    disk keep what was already written, which a killed process keeps anyway) and acts at call
    number `at` (0-based) as `mode` says."""

    def __init__(self, at: int, mode: str, exit_code: int | None = None) -> None:
        assert mode in ("kill", "fail")
        self.at, self.mode, self.exit_code = at, mode, exit_code
        self.calls: list[str] = []
        self.hit = False
        self._real: dict[str, object] = {}

    def __enter__(self) -> Faults:
        for name in CALLS:
            real = getattr(disk, name)
            self._real[name] = real
            setattr(disk, name, self._wrap(name, real))
        return self

    def __exit__(self, *_exc) -> None:
        for name, real in self._real.items():
            setattr(disk, name, real)

    def _wrap(self, name, real):
        def call(*args):
            if threading.current_thread() is not threading.main_thread():
                if self.hit and self.mode == "kill":
                    return None  # the process is gone: its worker writes nothing either
                return real(*args)
            if self.hit and self.mode == "kill":
                raise Killed(name)
            number = len(self.calls)
            self.calls.append(name)
            if number == self.at:
                self.hit = True
                if self.mode == "kill":
                    if self.exit_code is not None:
                        os._exit(self.exit_code)
                    raise Killed(name)
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(*args)
        return call


class Scenario:
    """One seeded game in `folder`, saved by the table's Autosaver, brought to the moment before a
    checkpoint of `kind`; `run_checkpoint()` then runs it. `shown` is the moves the table had shown
    before it; `ending` the move the checkpoint is for, when it is one (the game's last)."""

    def __init__(self, kind: str, folder: Path, data: GameData, seed: int, players: int = 3) -> None:
        assert kind in KINDS
        self.kind, self.folder, self.data = kind, Path(folder), data
        self.told: list[Exception] = []
        names = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal", "Ivy"][:players]
        self.setup = Setup(players=[PlayerSetup(name) for name in names], seed=f"checkpoint-{seed}")
        self.seed = seed
        self.chooser = random.Random(seed)
        self.session = GameSession.start(self.setup, data)
        self.saver: Autosaver | None = None
        self.path: Path | None = None
        self.ending = None  # the move the checkpoint is for (end, retry)
        if kind == "start":
            self.before: list[str] = []
            self.after: list[str] = []
            return
        if kind == "end":
            self._play_to_the_last_move()
        else:
            self._new_saver()
            self._play(self.chooser.randint(12, 60))
        if kind == "resume":
            self.saver.journal.wait_synced(30)
            self.saver = None  # the table stopped: its file and journal are what is left
        elif kind == "leave-after-undo":
            self._play_to_an_undo()
            self.saver.close()
            self.saver(self.session)  # a checkpoint: the journal begins at the game's end
            self.session.undo()  # and a move taken back goes below it
        elif kind == "retry":
            self._fail_one_append()
            self.ending = self.chooser.choice(self.session.legal)
        # what the disk held before the checkpoint (after a failed write, less than the table
        # shows: the table said so), and what the checkpoint puts there
        self.before = list(read_save(self.path).actions) if self.path is not None else []
        self.after = list(self.session.actions) + ([str(self.ending)] if self.ending is not None else [])

    # -- getting there -----------------------------------------------------------------------------
    def _report(self, _path, error) -> None:
        self.told.append(error)

    def _new_saver(self) -> None:
        self.saver = Autosaver.for_new_game(self.session, self.folder, True, self._report)
        self.session.saver = self.saver
        self.path = self.saver.path

    def _play(self, count: int) -> None:
        for _ in range(count):
            if self.session.over:
                return
            self.session.act(self.chooser.choice(self.session.legal))

    def _play_to_the_last_move(self) -> None:
        """The game played to one move before its end: the engine alone to a few moves short of
        it (kept for the next scenario of the same game), then the table's autosave."""
        key = (id(self.data), self.setup.seed, len(self.setup.players), self.seed)
        if key not in _ENDINGS:
            for attempt in range(20):  # random play can wander for ever: another chooser then
                found = _game_to_its_end(self.setup, self.data, random.Random(self.seed + attempt * 7919))
                if found is not None:
                    break
            else:
                raise AssertionError("none of the scenario's games ends within its actions")
            _ENDINGS[key] = found
        actions, digests, cut, state = _ENDINGS[key]
        self.session = GameSession(data=self.data, setup=self.setup, state=state, actions=[str(a) for a in actions[:cut]],
                                   digests={n: d for n, d in digests.items() if n <= cut})
        self._new_saver()
        for action in actions[cut:-1]:
            self.session.act(action)
        self.ending = actions[-1]
        self.chooser = random.Random(self.seed + 1)

    def _play_to_an_undo(self) -> None:
        for _ in range(2000):
            self.session.act(self.chooser.choice(self.session.legal))
            if self.session.undo_refusal() is None:
                return
        raise AssertionError("no move that can be taken back came")

    def _fail_one_append(self) -> None:
        with Faults(0, "fail"):
            self._play(1)  # its journal line cannot be written: the next change writes the game whole
        assert self.told and self.saver.written is None

    # -- the checkpoint ------------------------------------------------------------------------------
    def run_checkpoint(self) -> None:
        if self.kind == "start":
            self._new_saver()
        elif self.kind == "resume":
            save, replay, data, setup = open_save(self.path)
            session = session_from_replay(replay, len(replay), data, setup)
            self.saver = Autosaver.resumed(self.path, save, report=self._report)
            session.saver = self.saver
            self.session = session
            self.saver(session)
        elif self.kind == "end":
            self.session.act(self.ending)
        elif self.kind in ("leave", "leave-after-undo"):
            self.saver.close()
        else:  # retry: the change after a failed write
            self.session.act(self.ending)

    def finish_after_failure(self) -> None:
        """After a checkpoint that failed (the disk working again): what the table does next, a
        change or leaving, writes the game whole."""
        if self.saver is None:
            return
        self.saver.close()

    def dispose(self) -> None:
        """Let go of the journal's file handle now (a test's disk calls may be stopped later)."""
        if self.saver is not None:
            self.saver.journal._close_handle()

    @property
    def expected(self) -> Expected:
        return Expected(self.kind, self.folder, self.path, tuple(self.before), tuple(self.after))


@frozen
class Expected:
    """What a scenario's checkpoint may leave: the moves on disk before it, and after it."""

    kind: str
    folder: Path
    path: Path | None  # None for a game not yet started: its file is found in the folder
    before: tuple[str, ...]
    after: tuple[str, ...]

    def expected_path(self) -> Path | None:
        if self.path is not None:
            return self.path
        found = sorted((self.folder / "games").glob("*.json"))
        return found[0] if found else None


def check_on_disk(scenario: Scenario | Expected, completed: bool) -> str:
    """What the save on disk holds, checked: "none" (no file: a game that never started),
    "before" (what the disk held before the checkpoint) or "after" (what the checkpoint writes).
    AssertionError for anything else (fewer moves, a finished game short of its last move), for
    "before" when the checkpoint completed, and for a save that does not replay."""
    expected = scenario.expected if isinstance(scenario, Scenario) else scenario
    path = expected.expected_path()
    if path is None or not path.exists():
        assert expected.kind == "start" and not completed, "the save file is gone"
        return "none"
    save = read_save(path)
    Replay(save, path)  # every action legal, every digest holds, the end where the file says
    actions = tuple(save.actions)
    if actions == expected.after:
        assert save.finished == (expected.kind == "end"), "finished is not what the game says"
        return "after"
    assert actions == expected.before, (f"the save holds {len(actions)} moves; before the checkpoint "
                                        f"it held {len(expected.before)}, after it {len(expected.after)}")
    assert not save.finished, "said to be finished without its last move"
    assert not completed, "the checkpoint completed, but its moves are not in the save"
    return "before"
