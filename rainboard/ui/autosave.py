"""Saving the game at the table after every action, so a closed terminal loses nothing shown."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import attrs

from rainboard.engine import digest
from rainboard.saves import SaveError, SaveGame, record, write_save
from rainboard.saves.journal import MAX_LINE, JournalFile, action_line, count_line, journal_path
from rainboard.saves.lock import TERMINAL, GameLock
from rainboard.saves.resume_cache import CacheKeeper, cache_path
from rainboard.saves.savefile import encode_save, save_stamp

from .session import GameSession


def now() -> datetime:
    return datetime.now(timezone.utc)


def outcome_summary(session: GameSession) -> dict | None:
    result = session.outcome
    if result is None:
        return None
    winner = session.state.players[result.winner]
    return {"winner": winner.name, "turns": winner.turns, "solo_score": result.solo_score}


def why_not_written(error: Exception) -> str:
    """The reason a save could not be written, in a few words ("No space left on device")."""
    problem = getattr(error, "problem", None) or getattr(error, "strerror", None) or str(error)
    return problem.removeprefix("cannot be written: ")


class Autosaver:
    """Keeps a game's autosave up to date each time the session changes, in constant time.

    The save file (`<game_id>.json`) is written whole, atomically, only at checkpoints: when the
    game starts or is resumed, when it ends, when the app closes (`close`), and after a failure.
    Between them every action (or undo) is one line appended to the journal beside it: one write
    on the key's path (a killed process loses nothing it wrote), synced to the disk by the
    journal's worker thread a moment later (a power cut loses nothing synced); reading the save
    applies the journal. Each checkpoint writes the file first and a fresh journal naming it
    after, so no moment of it leaves a pair on disk that reads as less than the moves shown.

    A write that fails (a full disk, a read-only or missing folder) never stops the game: the game
    in memory stays whole (`save`), so it can still be written elsewhere (ctrl+s), and the next
    change tries again with a checkpoint. `report(path, error)` hears about the first failure of a
    run of them, `recovered(path)` about the first write that works after.

    While it saves a game it holds the game's lock (rainboard.saves.lock), so no other window
    writes the same autosave; `close` lets go of it.

    Beside the save it keeps the game's resume cache (saves/resume_cache.py, `keeper`): a few
    states Continue may start from, written on a thread of their own every CACHE_EVERY actions."""

    def __init__(self, path: Path, save: SaveGame, report=None, recovered=None, lock: GameLock | None = None) -> None:
        self.path = path
        self.lock = lock
        self.checkpoint_save = save  # the save as last written whole (or to be written first)
        self.report = report
        self.recovered = recovered
        self.failed = False
        self.session: GameSession | None = None  # the game as last seen
        self.journal = JournalFile(journal_path(path))
        self.written: int | None = None  # actions on disk (file and journal); None: checkpoint next
        self.folded = False  # nothing is in the journal that the save file lacks
        self.maybe_written = False  # the file may already hold the game as the first checkpoint writes it
        self.keeper: CacheKeeper | None = None  # the resume cache's, when it can follow the game

    @classmethod
    def for_new_game(cls, session: GameSession, data_dir: Path, handoffs: bool, report=None,
                     recovered=None, where: str = TERMINAL) -> Autosaver:
        from rainboard.saves import games_dir, new_game_id, new_save

        moment = now()
        game_id = new_game_id(moment)
        save = new_save(session.setup, session.data, handoffs, moment, game_id=game_id,
                        challenge_code=session.challenge)
        path = games_dir(data_dir) / f"{game_id}.json"
        saver = cls(path, save, report, recovered, lock=try_lock(path, where))
        if not session.actions:
            saver.keeper = CacheKeeper.at_start(cache_path(path), game_id, list(session.events))
        saver(session)
        return saver

    @classmethod
    def resumed(cls, path: Path, save: SaveGame, new_in: Path | None = None, report=None,
                recovered=None, lock: GameLock | None = None, where: str = TERMINAL) -> Autosaver:
        """The saver for a game read from `path`, holding `lock` (the caller took it, before reading
        the save); with `new_in` (a data folder) one that goes on in a new autosave there under a
        new id, leaving `path` as it was. Not yet written: call it."""
        from .resume import handed_over

        handover = handed_over(save)  # what open_save counted, for the resume cache
        if new_in is None:
            saver = cls(path, save, report, recovered, lock=lock)
            saver.maybe_written = True  # the file it was read from: often the game, whole, already
        else:
            from rainboard.saves import autosave_path, new_game_id

            game_id = new_game_id(now())
            new_path = autosave_path(new_in, game_id)
            saver = cls(new_path, attrs.evolve(save, game_id=game_id), report, recovered, lock=try_lock(new_path, where))
        if handover is not None and not save.finished:
            try:
                saver.keeper = handover.keeper(saver.path, saver.checkpoint_save.game_id)
                if saver.keeper is not None:
                    saver.keeper.write(save.actions)  # a cache the file lacks (a first Continue) is written now
            except Exception:  # noqa: BLE001 - the cache is a shortcut: without it the game goes on
                saver.keeper = None
        return saver

    @property
    def save(self) -> SaveGame:
        """The whole game as last seen, as a save (for ctrl+s and the game-over screen)."""
        return self.checkpoint_save if self.session is None else self._whole(self.session)

    def __call__(self, session: GameSession) -> None:
        self.session = session
        if self.keeper is not None:
            self._keep_cache(session)
        try:
            if self.written is None or session.over:
                self._checkpoint(session)
            else:
                self._append(session)
        except (SaveError, OSError) as error:
            # keep playing: what is on disk still reads, and the next change writes it whole
            self.written, self.folded = None, False
            self.journal.close()
            if not self.failed and self.report is not None:
                self.report(self.path, error)
            self.failed = True
            return
        if self.failed and self.recovered is not None:
            self.recovered(self.path)
        self.failed = False

    def close(self) -> None:
        """The app is closing: write the game whole if the journal holds anything the file lacks,
        and let go of the journal. A failure is not told (the journal still holds every action)."""
        if self.session is not None and not self.folded:
            try:
                self._checkpoint(self.session)
            except (SaveError, OSError):
                pass
        self.journal.close()
        self.written = None
        if self.lock is not None:
            self.lock.release()

    def _keep_cache(self, session: GameSession) -> None:
        """Tell the resume cache's keeper of the change; a finished game's cache goes. Never
        raises: a keeper that fails is let go, and Continue checks the game from action 0."""
        keeper = self.keeper
        try:
            if session.over:
                self.keeper = None
                keeper.forget()
            else:
                keeper.seen(session.actions, session.events, session.digests, session.state)
        except Exception:  # noqa: BLE001 - the cache is a shortcut, never a reason to stop a game
            self.keeper = None

    def _append(self, session: GameSession) -> None:
        actions, count = session.actions, len(session.actions)
        if count < self.written:
            lines = count_line(count)
        else:
            lines = b"".join(action_line(n, actions[n - 1], session.digests.get(n))
                             for n in range(self.written + 1, count + 1))
        if lines:
            self.journal.append(lines)
        self.written, self.folded = count, False

    def _checkpoint(self, session: GameSession) -> None:
        """Write the game whole, then begin a fresh journal that names the new file. Stopped
        between the two, the old journal lies beside the new file, names the old one, and is not
        read: the new file alone holds every move (saves/journal.py)."""
        save = self._whole(session)
        count = len(save.actions)
        stamp = self._written_stamp(save) or write_save(self.path, save)
        self.checkpoint_save = save
        self.journal.replace(save.game_id, count, save=stamp)
        self.written, self.folded = count, True

    def _written_stamp(self, save: SaveGame) -> str | None:
        """The stamp of the file when, at the first checkpoint of a resumed game, it holds `save`
        already, byte for byte (no journal line was read with it): writing it again would change
        nothing, and for a long game it is most of what a Continue writes. Else None."""
        if not self.maybe_written:
            return None
        self.maybe_written = False
        if save != self.checkpoint_save:
            return None
        try:
            with open(self.journal.path, "rb") as journal:
                head = journal.read(MAX_LINE + 2)  # a header line, and the start of any line after it
        except FileNotFoundError:
            head = b""
        except OSError:
            return None
        if head.count(b"\n") > 1 or len(head) > MAX_LINE + 1:  # lines after the header: folded in here
            return None
        try:
            body = encode_save(save)
            return save_stamp(body) if self.path.read_bytes() == body else None
        except (OSError, ValueError):  # not readable, or not writable as it is: write_save says why
            return None

    def _whole(self, session: GameSession) -> SaveGame:
        digests = dict(session.digests)
        digests[len(session.actions)] = digest(session.state)
        last = self.checkpoint_save
        same = last.finished == session.over and last.actions == tuple(session.actions)
        return record(last, list(session.actions), digests, finished=session.over,
                      outcome=outcome_summary(session), now=last.updated if same else now())


def try_lock(path: Path, where: str) -> GameLock | None:
    """The lock of a game new to this window (no one else can know its id yet); None when the lock
    file cannot be made, where the save cannot be written either and the table hears of that."""
    try:
        return GameLock.acquire(path, where)
    except OSError:
        return None


def close_all(screens) -> None:
    """The app is closing: every game on these screens saved by an Autosaver is written whole and
    its journal let go. Never raises, so nothing here can keep the app from closing."""
    for screen in screens:
        session = getattr(screen, "session", None)  # screens without a game have none
        saver = session.saver if isinstance(session, GameSession) else None
        if isinstance(saver, Autosaver):
            try:
                saver.close()
            except Exception:  # noqa: BLE001 - the journal still holds every move
                pass
