"""The app's side of keeping games: autosaving each game it plays, resuming one, the lock that
keeps a game to one window at a time, and how files are named to the table (a browser tab is
told a file's name, never where it sits on the server); and that a table starts only where it can be
played, since one without a terminal would spin holding its game's lock (hangup.py). Mixed into
RainboardApp."""

from __future__ import annotations

import re
from pathlib import Path

from . import navigation
from .keys import SAVE_AS, key_in_force
from .safe_text import tell
from .table_config import TableOptions

# a file's path in a sentence: from a "/" or "~/" that starts a word, through its folders, to its name
PATH_IN_WORDS = re.compile(r"(?:~|(?<![\w.~\\]))/(?:[^\s'\"()\[\]<>:;,/]*/)*([^\s'\"()\[\]<>:;,/]*)")


def without_paths(text: str) -> str:
    """The text with every file path in it cut down to the file's name ("/srv/rb/games/x.json" to
    "x.json")."""
    return PATH_IN_WORDS.sub(lambda found: found.group(1) or "/", text)


class GameKeeping:
    """Autosaves, resuming and downloads for RainboardApp (which sets `autosave`, `data_dir` and
    `_saving_failed`)."""

    # -- starting ---------------------------------------------------------------------------------------
    def run(self, *, headless: bool = False, **options):
        """As Textual's, but a table to be played in a terminal raises NoTerminal (hangup.py) when its
        keys or its screen are not one, before anything is drawn or read. A browser tab's table (the
        web driver) and a headless one run as before."""
        from .hangup import NoTerminal, draws_on_a_terminal, missing_terminal

        if not headless and draws_on_a_terminal(self.driver_class):
            missing = missing_terminal()
            if missing is not None:
                raise NoTerminal(missing)
        return super().run(headless=headless, **options)

    # -- where this window is, and how it names files -----------------------------------------------
    @property
    def place(self) -> str:
        """What a lock held by this window says about it: a browser tab or a terminal."""
        from rainboard.saves.lock import BROWSER, TERMINAL

        return BROWSER if self.is_web else TERMINAL

    def file_words(self, path: Path | str) -> str:
        """A file as a notice names it: its whole path in a terminal, only its name in a browser
        tab (the player there has no use for the server's folders, and should not see them)."""
        return Path(path).name if self.is_web else str(path)

    def words_for(self, text: str) -> str:
        """Text about files as this window shows it: with only files' names in a browser tab."""
        return without_paths(text) if self.is_web else text

    def notify(self, message: str, *args, **options) -> None:
        """As Textual's, but a browser tab is never told where files sit on the server: whatever
        notice quotes a path (an error from the system, a setting's file) names only the file."""
        if self.is_web:
            message = without_paths(message)
        super().notify(message, *args, **options)

    def error_words(self, error: Exception) -> str:
        """An error about a file (a SaveError) as a notice says it, its path as `file_words` does."""
        path = getattr(error, "path", None)
        problem = getattr(error, "problem", None)
        if self.is_web and path is not None and problem is not None:
            return f"{Path(path).name}: {problem}"
        return str(error)

    # -- autosaving ----------------------------------------------------------------------------------
    def watch_session(self, session, handoffs: bool, saver=None) -> None:
        if not self.autosave:
            return
        from rainboard.saves import SaveError

        from .autosave import Autosaver

        try:
            session.saver = saver or Autosaver.for_new_game(session, self.data_dir, handoffs,
                                                                self.saving_failed, self.saving_works,
                                                                where=self.place)
        except (SaveError, OSError) as error:
            self.saving_failed(self.data_dir, error)

    def saving_failed(self, path: Path, error: Exception) -> None:
        """The autosave could not be written: say where and why, and how to keep the game anyway."""
        from .autosave import why_not_written

        problem = why_not_written(error)
        save_as = key_in_force(SAVE_AS, self)  # ctrl+s, or the key keymap.toml gave it
        keep = f"{save_as} saves this game under another name" if self.is_web else \
            f"{save_as} saves this game under another name or at a path such as ~/game.json"
        self._saving_failed = (f"{self.file_words(path)} could not be written: {problem}. Play goes on, and every "
                               f"move tries again; {keep}.")
        tell(self, self._saving_failed, title="Saving failed", severity="error", timeout=30)

    def saving_works(self, path: Path) -> None:
        self._saving_failed = None
        super().clear_notifications()  # the failure notice is out of date
        tell(self, f"The game is saved again ({self.file_words(path)}).", title="Saving works again", timeout=6)

    def clear_notifications(self) -> None:
        """Clear what was said; a save that still cannot be written is said again, since it is not done with."""
        super().clear_notifications()
        if self._saving_failed:
            tell(self, self._saving_failed, title="Saving failed", severity="error", timeout=30)

    # -- resuming --------------------------------------------------------------------------------------
    def resume(self, path: Path, copy: bool = False) -> bool:
        """Pick a saved game up exactly where it was; a bad file says what is wrong and stays as it is.
        With `copy` (a save named with ctrl+s) the game goes on in a new autosave and the named file is
        kept as it was, to come back to. A game open in another window is not played here too: the
        table hears who has it and may watch it as a replay."""
        from rainboard.saves import SaveError
        from rainboard.saves.lock import GameLock, GameLocked

        from .autosave import Autosaver
        from .resume import open_save

        lock = None
        if self.autosave and not copy:
            try:
                lock = GameLock.acquire(path, self.place)
            except GameLocked as locked:
                self.offer_replay(path, locked.holder)
                return False
            except OSError:
                lock = None  # no lock file can be made there: the autosave will say it cannot write
        try:
            save, replay, data, setup = open_save(path)
        except SaveError as error:
            if lock is not None:
                lock.release()
            tell(self, self.error_words(error), title="This save cannot be resumed", severity="error", timeout=10)
            return False
        session = _session(save, replay, data, setup)
        table = TableOptions(handoffs=save.table.handoffs)
        if self.autosave:  # a copy goes on in a new autosave; the game is written whole (journal folded in)
            session.saver = Autosaver.resumed(path, save, self.data_dir if copy else None,
                                                  self.saving_failed, self.saving_works, lock=lock, where=self.place)
            session.saver(session)  # the saver tells the table itself when it cannot write
        self._show_resumed(session, table)
        from .collector import give_back

        self.call_after_refresh(give_back)  # what reading the save freed (a long game's: a megabyte or so)
        return True

    def _show_resumed(self, session, table) -> None:
        if session.over:
            navigation.open_game_over(self, session)
        elif session.choosing:
            navigation.open_slugcat_pick(self, session, table)
        else:
            navigation.open_board(self, session, table)
            if session.hotseat and table.handoffs:
                # the news since the player's last move, as the record tells it (news.py)
                navigation.open_handoff(self, session, "The game is resumed where it was left.")

    def offer_replay(self, path: Path, holder) -> None:
        """The game at `path` is open elsewhere: say where, and offer to watch it instead."""
        from rainboard.saves.lock import this_computer

        from .screens.dialogs import ConfirmScreen

        def answered(watch: bool | None) -> None:
            if not watch:
                return
            from rainboard.saves import SaveError

            try:
                navigation.open_replay(self, path)
            except SaveError as error:
                tell(self, self.error_words(error), title="This save cannot be replayed", severity="error",
                     timeout=10)

        self.push_screen(ConfirmScreen(
            f"This game is open in {holder.describe(this_computer())}.",
            "Only one place at a time plays a game, so no move is lost. Watch it as a replay here "
            "instead (it shows the moves made up to now)?", danger=False), answered)

    def release_games(self, screens) -> None:
        """These screens are closing for good: their games are written whole and their locks let go,
        so the games can be continued here or elsewhere."""
        from .autosave import close_all

        close_all(screens)

    # -- handing a save to the player --------------------------------------------------------------
    def download_save(self, path: Path | None, save=None) -> None:
        """Give the player a save file: in a browser tab the browser downloads it; in a terminal it
        is copied to the downloads folder. `save` (the game as it is now) is written when given,
        else the file at `path` as it is."""
        if path is None:
            tell(self, "This game was not saved, so there is no file to download.", severity="warning")
            return
        from io import StringIO

        from rainboard.saves import SaveError, encode_save, read_save

        try:
            body = encode_save(save if save is not None else read_save(path))
        except (SaveError, OSError, ValueError) as error:
            tell(self, self.error_words(error), title="Nothing to download", severity="error", timeout=10)
            return
        # as text: Textual's terminal driver writes a BytesIO as text and fails (8.2.8)
        self.deliver_text(StringIO(body.decode("utf-8")), save_filename=Path(path).name, encoding="utf-8",
                          mime_type="application/json", name=DOWNLOAD)

    def on_delivery_complete(self, event) -> None:
        what = DELIVERIES.get(event.name)
        if what is None:
            return
        if event.path is None:  # the browser has it
            tell(self, f"{what.capitalize()} is on its way to your browser's downloads.", title="Download", timeout=6)
        else:
            tell(self, f"A copy of {what} is in {event.path}.", title="Download", timeout=8)

    def on_delivery_failed(self, event) -> None:
        what = DELIVERIES.get(event.name)
        if what is not None:
            tell(self, f"{what.capitalize()} could not be handed over: {event.exception}", title="Download failed",
                 severity="error", timeout=10)


# the names our deliveries go by, to tell them from Textual's own, and what each hands over
DOWNLOAD = "rainboard-save"
SCREENSHOT = "rainboard-screenshot"  # sharing.py
TRANSCRIPT = "rainboard-transcript"  # sharing.py
DELIVERIES = {DOWNLOAD: "the save file", SCREENSHOT: "the screenshot", TRANSCRIPT: "the transcript"}


def _session(save, replay, data, setup):
    from .resume import session_from_replay

    return session_from_replay(replay, len(replay), data, setup,
                               challenge=save.challenge.code if save.challenge else None)
