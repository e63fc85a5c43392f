"""One seat at a table: the game as the journal has it, and the one door through which the seat
adds a move.

Every screen of a table holds the whole game, rebuilt from the same journal by the same engine
(lockstep); what each screen may show is the observation function's business (view.py). A seat
writes only under an exclusive flock on the journal, after reading everything already in it, and
only when the engine says one of its players is to act (a strike's defender included: the engine
names them as the one to act while their answer is pending). Every other change reaches a seat as
lines of the journal, which it applies with the engine, checking each digest a line carries: a
screen whose game differs from the journal says so (`drift`) and is rebuilt from the journal,
never played on as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from attrs import define, field

from rainboard.engine import Action, digest, parse_action
from rainboard.saves.journal import action_line, count_line, journal_path
from rainboard.saves.lock import TERMINAL, GameLock, GameLocked, lock_path
from rainboard.saves.savefile import SaveError, game_from_save
from rainboard.ui.session import GameSession

from .follow import JournalMirror, JournalWatch
from .tablefile import Table, TableError
from .view import seat_events

try:
    import fcntl
except ImportError:  # pragma: no cover - tables need flock; Rainboard is tested where it exists
    fcntl = None

DIGEST_EVERY_LINE_UPTO = 1000  # a digest on each of the first 1,000 lines, then every tenth (a save holds
#                                at most MAX_DIGESTS of them, and past this few tables ever play)


class NotYourMove(Exception):
    """A seat tried to move when none of its players is to act (the table moved on)."""


class TableDrift(Exception):
    """This screen's game differs from the journal even when rebuilt from it: it cannot go on."""


def wants_digest(count: int) -> bool:
    return count <= DIGEST_EVERY_LINE_UPTO or count % 10 == 0


@define
class SeatSession(GameSession):
    """A GameSession whose moves go through its seat (and so the journal), offering moves only when
    one of the seat's players is to act."""

    seat: TableSeat | None = field(default=None, repr=False)
    following: bool = False  # set while a line of the journal is applied: no seat checks then

    @property
    def legal(self) -> list[Action]:
        if self.seat is None or self.state.to_act not in self.seat.players:
            return []
        return super().legal

    def act(self, action: Action) -> list:
        if self.following or self.seat is None:
            return self._told(super().act(action))
        return self.seat.play(action)

    def _told(self, events: list) -> list:
        """The events a move made, as this seat is told them (view.py): the session keeps those in
        place of the engine's, one for one, so no screen of this seat (the log, a turn's result, the
        news) holds another seat's card. The engine's state is untouched: it is what the journal plays."""
        if self.seat is None or not events:
            return events
        told = seat_events(events, self.seat.players, self.state)
        held = getattr(self.events, "held", self.events)  # the session's events, or the window holding the newest
        held[len(held) - len(events):] = told
        return told

    def undo_refusal(self, asker: int | None = None) -> str | None:
        if self.following or self.seat is None:
            return super().undo_refusal(asker)
        mine = self.seat.players
        if asker is None:
            asker = self.state.to_act if self.state.to_act in mine else \
                (self.steps[-1].actor if self.steps and self.steps[-1].actor in mine else None)
        if asker not in mine:
            return "Only the player who made the last move can take it back, at their own screen."
        return super().undo_refusal(asker)

    def undo(self, asker: int | None = None) -> str:
        if self.following or self.seat is None:
            return super().undo(asker)
        return self.seat.take_back(asker)


class SeatSaver:
    """What a seat's session has in place of an autosave: the journal is written by the seat itself
    (TableSeat.play), so a change needs nothing more; `save` is the game so far, whole."""

    failed = False

    def __init__(self, seat: TableSeat) -> None:
        self.seat = seat
        self.path = seat.save_path

    @property
    def save(self):
        from rainboard.saves import record
        from rainboard.ui.autosave import now, outcome_summary

        session = self.seat.session
        digests = dict(session.digests)
        digests[len(session.actions)] = digest(session.state)
        return record(self.seat.mirror.save, list(session.actions), digests, finished=session.over,
                      outcome=outcome_summary(session), now=now())

    def __call__(self, session) -> None:
        pass

    def close(self) -> None:
        self.seat.close()


class TableSeat:
    """A window's place at a table: seat `number` (its players may move), or a spectator (None)."""

    def __init__(self, data_dir: Path, table: Table, number: int | None, where: str = TERMINAL,
                 token: str | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.table = table
        self.number = number
        self.where = where
        self.save_path = table.save_path(self.data_dir)
        self.journal = journal_path(self.save_path)
        self.players: tuple[int, ...] = ()
        self.lock: GameLock | None = None
        self._game_fd: int | None = None
        self._journal_fd: int | None = None
        self._watch: JournalWatch | None = None
        self.drifts: list[str] = []  # what was found to differ from the journal, for the screen to tell
        self.on_drift: Callable[[str], None] | None = None
        self.on_move: Callable[[int], None] | None = None  # told the action count after each move applied here
        if number is not None:
            seat = table.seat(number)
            if token is not None and not seat.admits(token):
                raise TableError(f"that is not seat {number}'s link: ask the host for the right one")
            self.players = seat.players
        try:
            self.mirror = JournalMirror(self.save_path)
        except SaveError as error:
            raise TableError(f"the game of table {table.code} cannot be read: {error.problem}") from None
        try:
            self.data, self.setup = game_from_save(self.mirror.save, self.save_path)
        except SaveError as error:
            raise TableError(f"the game of table {table.code} cannot be played: {error.problem}") from None
        self.session = SeatSession.start(self.setup, self.data)
        self.session.seat = self
        self.session.saver = SeatSaver(self)

    # -- taking the seat -------------------------------------------------------------------------
    def take(self) -> TableSeat:
        """Hold the seat (GameLocked names who holds it already), and the game against windows that
        would play it alone; then read the game as the journal has it."""
        if self.number is not None:
            self.lock = GameLock.acquire(self.save_path, self.where, seat=self.number)
            try:
                self._game_fd = _share_game(self.save_path)
                self._journal_fd = os.open(self.journal, os.O_WRONLY | os.O_APPEND)
            except BaseException:
                self.close()
                raise
        self.catch_up()
        return self

    @property
    def spectator(self) -> bool:
        return self.number is None

    @property
    def names(self) -> list[str]:
        return [self.session.state.players[p].name for p in self.players]

    def my_turn(self) -> bool:
        return self.session.state.to_act in self.players

    # -- following -------------------------------------------------------------------------------
    def follow(self, on_change: Callable[[], None]) -> None:
        """Call `on_change` (on the watch's thread) whenever the journal changes; the caller then
        calls catch_up on its own thread."""
        if self._watch is None:
            self._watch = JournalWatch(self.journal, on_change).start()

    def catch_up(self) -> bool:
        """Apply whatever the journal gained; True when the game on this screen changed."""
        try:
            self.mirror.read()
        except SaveError as error:
            raise TableError(f"the table's journal cannot be read: {error.problem}") from None
        before = (len(self.session.actions), self.session.actions[-1:])
        self._sync()
        return before != (len(self.session.actions), self.session.actions[-1:])

    def _sync(self) -> None:
        """Bring the session to the mirror's actions: take back what the journal took back, apply
        what it added, check each digest it carries."""
        session, target = self.session, self.mirror.actions
        common = 0
        for mine, theirs in zip(session.actions, target):
            if mine != theirs:
                break
            common += 1
        if common < len(session.actions):
            last = session.steps[-1] if session.steps else None
            if len(session.actions) - common == 1 and last is not None and last.before is not None:
                session.following = True
                try:
                    session.undo(last.actor)
                finally:
                    session.following = False
            else:
                self._rebuild(target[:common])
        self._apply(target[len(session.actions):])
        wanted = self.mirror.digests.get(len(session.actions))
        if wanted is not None and digest(session.state) != wanted:
            self._drifted(len(session.actions))

    def _apply(self, actions: list[str]) -> None:
        session = self.session
        session.following = True
        try:
            for text in actions:
                session.act(parse_action(text))
                count = len(session.actions)
                wanted = self.mirror.digests.get(count)
                if wanted is not None and count < len(self.mirror.actions) and digest(session.state) != wanted:
                    session.following = False
                    self._drifted(count)
                    return
                if self.on_move is not None:
                    self.on_move(count)
        except Exception as error:  # an action the engine refuses: the journal is not this game's
            session.following = False
            raise TableError(f"the table's journal does not play: action {len(session.actions) + 1}: {error}") from None
        finally:
            session.following = False

    def _drifted(self, count: int) -> None:
        """The game here differs from the journal at action `count`: say so, and rebuild from it."""
        message = f"This screen's game differed from the table's journal at move {count}: rebuilt from the journal."
        self.drifts.append(message)
        if self.on_drift is not None:
            self.on_drift(message)
        self._rebuild([])
        self._apply(self.mirror.actions)
        wanted = self.mirror.digests.get(len(self.session.actions))
        if wanted is not None and digest(self.session.state) != wanted:
            raise TableDrift(f"this Rainboard does not play table {self.table.code}'s journal the same at move "
                             f"{len(self.session.actions)}: it cannot go on")

    def _rebuild(self, actions: list[str]) -> None:
        """The session again from the start (in place: screens hold it), then `actions`."""
        fresh = GameSession.start(self.setup, self.data)
        session = self.session
        session.state, session.events, session.actions = fresh.state, fresh.events, []
        session.digests, session.steps, session.last_moves = fresh.digests, [], {}
        self._apply(list(actions))

    # -- writing ---------------------------------------------------------------------------------
    def _locked(self):
        return _Flock(self._journal_fd)

    def play(self, action: Action) -> list:
        """Add one move for a player of this seat: under the journal's lock, read it first, make
        sure one of ours is to act, apply, write the line. NotYourMove when the table moved on;
        the engine's IllegalAction for an action it refuses; nothing is written then."""
        if self._journal_fd is None:
            raise NotYourMove("A spectator watches: it makes no moves.")
        with self._locked():
            self.catch_up()
            session = self.session
            actor = session.state.to_act
            if actor not in self.players:
                who = "nobody" if actor is None else session.state.players[actor].name
                raise NotYourMove(f"It is {who}'s move now, not this screen's.")
            session.following = True
            try:
                events = session.act(action)
            finally:
                session.following = False
            count = len(session.actions)
            line = action_line(count, session.actions[-1], digest(session.state) if wants_digest(count) else None)
            self._write(line)
        if self.on_move is not None:
            self.on_move(count)
        return events

    def take_back(self, asker: int | None = None) -> str:
        """Undo the last move for a player of this seat, by today's rule, and write the take-back."""
        if self._journal_fd is None:
            raise ValueError("A spectator watches: it takes nothing back.")
        with self._locked():
            self.catch_up()
            refusal = self.session.undo_refusal(asker)
            if refusal:
                raise ValueError(refusal)
            session = self.session
            session.following = True
            try:
                undone = session.undo(asker if asker is not None else session.steps[-1].actor)
            finally:
                session.following = False
            self._write(count_line(len(session.actions)))
        return undone

    def _write(self, line: bytes) -> None:
        """Append under the lock; on failure the session goes back to what the journal holds."""
        try:
            written = os.write(self._journal_fd, line)
            if written != len(line):
                raise OSError("a short write")
        except OSError as error:
            self._rebuild(list(self.mirror.actions))
            raise SaveError(self.journal, f"cannot be written: {error.strerror or error}") from error
        self.mirror.read()  # our own line: the mirror takes it in, and the session already has it
        try:
            os.fdatasync(self._journal_fd)
        except OSError:
            pass  # written: only a power cut now could lose it, and the next line tries again

    # -- leaving ---------------------------------------------------------------------------------
    def close(self) -> None:
        if self._watch is not None:
            self._watch.stop()
            self._watch = None
        for name in ("_journal_fd", "_game_fd"):
            fd = getattr(self, name)
            if fd is not None:
                setattr(self, name, None)
                try:
                    os.close(fd)
                except OSError:
                    pass
        if self.lock is not None:
            self.lock.release()
            self.lock = None


class _Flock:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self):
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc) -> None:
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)


def _share_game(save_path: Path) -> int | None:
    """A shared hold on the game's own lock (saves/lock.py): seats share it, and a window that would
    play the game alone, which needs it whole, is told the game is open elsewhere."""
    if fcntl is None:
        return None
    fd = os.open(lock_path(save_path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise GameLocked(save_path, _holder(save_path)) from None
    return fd


def _holder(save_path: Path):
    from rainboard.saves.lock import MAX_HOLDER_BYTES, LockHolder

    try:
        return LockHolder.from_note(lock_path(save_path).read_bytes()[:MAX_HOLDER_BYTES])
    except OSError:
        return LockHolder()
