"""The Rainboard Textual app: screens, global keys, the command palette, and a safety net."""

from __future__ import annotations

import threading
import traceback
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import Theme

from . import keys, navigation
from .collector import Collector
from .hangup import CHECK_EVERY, TerminalWatch
from .keeping import GameKeeping
from .keymap import load_keymap
from .palette import GameCommands, board_screen_class
from .safe_text import tell
from .screens.title import TitleScreen, title_art  # noqa: F401 - title_art is part of the app's face
from .table_config import config_dir, load_table, save_table
from .textual_internals import AppHooks

if TYPE_CHECKING:
    from rainboard.data import GameData

    from .screens.too_small import TooSmallScreen

# The board, the setup, the help, the dialogs and the engine and decks behind them are imported
# when first needed, not at start: the title screen comes up without them.
MIN_WIDTH, MIN_HEIGHT = 80, 24


def __getattr__(name: str):
    if name == "RulesScreen":  # the help screen is where the rules live
        from .screens.help import HelpScreen

        return HelpScreen
    raise AttributeError(name)


class RainboardApp(AppHooks, GameKeeping, App):
    """The terminal table for Rain World: The Board Game."""

    TITLE = "Rainboard"
    open_table: tuple | None = None  # ("host",) or (code, seat or None to watch[, token]): cli_table.py sets it
    offer_tutorial = False  # the title offers Learn to play on a fresh data folder's first start (cli.py sets it)
    # absolute, so an App subclass elsewhere (tests, tools) finds the same styles
    CSS_PATH = Path(__file__).parent / "app.tcss"  # the other screens bring their own (screens.STYLES)
    COMMANDS = App.COMMANDS | {GameCommands}
    COMMAND_PALETTE_BINDING = keys.PALETTE.keys[0]
    BINDINGS = keys.app_bindings()  # q and the help, from the key table

    def __init__(self, data: GameData | None = None, seed: str = "", catch_errors: bool = True,
                 data_dir: Path | None = None, resume: Path | None = None, replay: Path | None = None,
                 challenge: str | None = None, autosave: bool = True, config: Path | None = None,
                 tutorial: bool = False) -> None:
        super().__init__()
        self.config_dir = config_dir(config)  # the remembered table: --config, $RAINBOARD_CONFIG_DIR, the user's
        self.table_memory, self._config_notice = load_table(self.config_dir)
        # keys of the table's own (keymap.toml): Textual remaps the bindings by their ids; the help and
        # the action list read the keys in force from here
        self.keymap_in_force, self._keymap_notice = load_keymap(self.config_dir)
        self.set_keymap(self.keymap_in_force)
        self.data = data  # the checked deck data; loaded on first need when not given
        self.decks_dir: Path | None = None  # where that first need loads them from (None: the shipped decks)
        self._loading = threading.Lock()  # the decks are loaded once, by the first of the title's
        #                                   check and a screen's need
        self._other_presets: dict[str, GameData] = {}  # the same decks with their other presets, as asked for
        self.last_preset: str | None = None  # the preset of the last game begun here, the setup's default
        self.default_seed = seed
        self.catch_errors = catch_errors
        self.data_dir_override = data_dir
        self.autosave = autosave  # off in tests that must leave no files behind
        self.start_with = ("resume", resume) if resume else ("replay", replay) if replay else \
            ("challenge", challenge) if challenge else ("tutorial", True) if tutorial else None
        self._too_small: TooSmallScreen | None = None
        self._saving_failed: str | None = None  # the notice while the autosave cannot be written
        self.collector = Collector()  # Python's full garbage collection, run while nobody types

    @property
    def data_dir(self) -> Path:
        from rainboard.saves import data_dir

        return data_dir(self.data_dir_override)

    def on_mount(self) -> None:
        self.collector.start(self)
        if not self.is_headless and not self.is_web:
            watch = TerminalWatch(self.exit)
            if watch.watching:  # started on a terminal: close with it
                self.set_interval(CHECK_EVERY, watch.check, name="terminal watch")
        if self._config_notice:
            tell(self, self._config_notice, title="Settings ignored", severity="warning", timeout=10)
        if self._keymap_notice:
            tell(self, self._keymap_notice, title="Keymap ignored", severity="warning", timeout=10)
        if self.table_memory.theme in self.available_themes:
            self.theme = self.table_memory.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self.autosave:
            try:
                from rainboard.saves import sweep_leftovers

                sweep_leftovers(self.data_dir)
            except OSError:
                pass  # a folder we cannot tidy is no reason not to play
        if self.data is None:  # checked once the title is up: broken decks are told now, not at New game
            self.call_after_refresh(self.run_worker, self._check_decks, name="decks checked", group="decks",
                                    thread=True)  # after the first frame, not beside it
        if self.open_table is not None:  # `rainboard host` / `join`: a table of own screens (screens/seat.py)
            from .screens.seat import start_at_table

            start_at_table(self, self.open_table)
        if self.start_with is None:
            return
        what, value = self.start_with
        if what == "resume":
            self.resume(Path(value))
        elif what == "replay":
            navigation.open_replay(self, Path(value))
        elif what == "challenge":
            navigation.open_challenge(self, code=value)
        elif what == "tutorial":
            from .screens.tutorial import open_tutorial

            open_tutorial(self)

    # -- games -------------------------------------------------------------------------------------
    def begin(self, session, table) -> None:
        """A new game is set up: save it as it goes, and show it."""
        self.last_preset = session.data.preset
        self.watch_session(session, table.handoffs)
        # the setup screen gives way to the game; the title (the default screen) stays beneath it
        navigation.open_game(self, session, table, switch=len(self.screen_stack) > 1)

    async def before_shutdown(self) -> None:
        """Before Textual closes the screens, the games on them are written whole (their journals folded in)."""
        from .autosave import close_all

        close_all(self.screen_stack)  # never raises: the journals still hold every move
        self.collector.stop()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)):
            self.collector.touched(self)
        await super().on_event(event)

    def get_default_screen(self) -> Screen:
        return TitleScreen()

    def game_data(self, preset: str | None = None) -> GameData:
        """The app's decks, with the preset they were given with (standard by default) or, when
        named, another of their presets (DeckError if they have no such preset)."""
        from rainboard.data import load_data, with_preset
        from rainboard.engine.deck_checks import rule_problems

        with self._loading:
            if self.data is None:  # the shipped decks, with the rules' own checks as `play` gives them (cli_args.load)
                self.data = load_data(self.decks_dir, rule_check=rule_problems)
        if preset is None or preset == self.data.preset:
            return self.data
        if preset not in self._other_presets:
            self._other_presets[preset] = with_preset(self.data, preset)
        return self._other_presets[preset]

    def _check_decks(self) -> None:
        """The title's worker: load the decks, and if they are broken say where and close, as
        `rainboard play` once did before the title (a New game on them could only fail). Decks
        found good before, unchanged since (same files, same Rainboard), wait for the first game."""
        from rainboard import paths  # light: the deck loader is imported only when it must load

        folder = self.decks_dir or paths.decks_dir()
        mark = self.data_dir / DECKS_CHECKED
        seen = decks_fingerprint(folder)
        try:
            if mark.read_text(encoding="utf-8").strip() == seen:
                return
        except (OSError, UnicodeDecodeError):
            pass
        from rainboard.data import DeckError

        try:
            self.game_data()
        except DeckError as error:
            self.call_from_thread(self._decks_broken, error)
            return
        if self.autosave:
            try:
                from rainboard.saves import disk

                self.data_dir.mkdir(parents=True, exist_ok=True)
                disk.write_whole(mark, (seen + "\n").encode())
            except OSError:
                pass  # checked again next time

    def decks_ready(self) -> bool:
        """Whether the decks load, for a screen about to need them; if not, the table is told."""
        from rainboard.data import DeckError

        try:
            self.game_data()
        except DeckError as error:
            self._decks_broken(error)
            return False
        return True

    def _decks_broken(self, error: Exception) -> None:
        from .screens.dialogs import ReportScreen

        lines = [line for line in str(error).splitlines() if line.strip()]
        lines.append("Fix them (rainboard decks check lists every problem) and start Rainboard again.")
        self.push_screen(ReportScreen("The decks cannot be read", lines, hint="Press Enter to close Rainboard."),
                         lambda _: self.exit(return_code=2))

    # -- the table remembered between evenings ------------------------------------------------------
    def remember_table(self, **changes) -> None:
        """Keep these choices (names, options, preset, theme) for the next setup, in the config file."""
        table = replace(self.table_memory, **changes)
        if table == self.table_memory and (self.config_dir / "table.json").exists():
            return
        self.table_memory = table
        try:
            save_table(self.config_dir, table)
        except OSError as error:
            tell(self, f"The table's settings could not be kept ({error}).", severity="warning", timeout=8)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.table_memory.theme:
            self.remember_table(theme=theme.name)

    # -- actions -------------------------------------------------------------------------------
    def action_rules(self) -> None:
        """Show the help and rules; the same key closes them again."""
        from .screens.help import show_help

        show_help(self)

    def action_new_game(self) -> None:
        if self.decks_ready():
            navigation.open_setup(self, seed=self.default_seed)

    def action_challenge(self) -> None:
        if self.decks_ready():
            navigation.open_challenge(self)

    def action_saved_games(self) -> None:
        navigation.open_saves(self)

    def action_scores(self) -> None:
        navigation.open_scores(self)

    def to_title(self) -> None:
        """Back to the title screen, closing every screen above it (a finished game's among them);
        the games on them are written whole and let go, to be continued here or elsewhere."""
        closing = self.screen_stack[1:]
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.release_games(closing)

    def get_system_commands(self, screen: Screen):
        """Of Textual's own commands the theme picker, and the screenshot as the table takes it (into the
        data folder, or a browser's downloads: sharing.py). Quit is the game's (it asks first during a
        game), and maximizing a panel has no place at the table."""
        from .sharing import screenshot_command

        for command in super().get_system_commands(screen):
            if command.title == "Theme":
                yield command
        yield screenshot_command(self)

    def _in_game(self) -> bool:
        board = board_screen_class()
        return any(isinstance(screen, board) and not screen.session.over for screen in self.screen_stack)

    async def action_quit(self) -> None:
        if not self._in_game():
            self.exit()
            return
        board = board_screen_class()
        question, detail = next(screen.LEAVE for screen in reversed(self.screen_stack) if isinstance(screen, board))

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        from .screens.dialogs import ConfirmScreen

        self.push_screen(ConfirmScreen(question, detail), answered)  # the board's own words (BoardScreen.LEAVE)

    # -- the terminal's size -------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        # after the next refresh, so that a game opened at start-up (continue, replay) goes beneath it
        self.call_after_refresh(self._fit_the_terminal)

    def _fit_the_terminal(self) -> None:
        """The too-small notice on top while the terminal is below the table's size, and gone after.
        An open command palette closes first (it holds nothing), so the notice is always the top
        screen while it is shown and leaves nothing of itself behind."""
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and self._too_small is None:
            from .screens.too_small import TooSmallScreen

            self._close_palettes()
            self._too_small = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None:
            self._close_palettes()
            if self.screen is self._too_small:
                self.pop_screen()
                self._too_small = None

    def pop_screen(self):
        """As Textual's; a too-small notice left beneath the screen that closed is looked at again."""
        done = super().pop_screen()
        if self._too_small is not None:
            self.call_after_refresh(self._fit_the_terminal)
        return done

    def _close_palettes(self) -> None:
        while len(self.screen_stack) > 1 and isinstance(self.screen, CommandPalette):
            self.pop_screen()

    def action_command_palette(self) -> None:
        """The palette, unless the too-small notice is up (nothing beneath it can be used) or a
        palette is open already somewhere on the stack."""
        if self._too_small is not None or any(isinstance(s, CommandPalette) for s in self.screen_stack):
            return
        super().action_command_palette()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A blinking cursor is a distraction at the table and makes snapshots flaky.
        if hasattr(event.widget, "cursor_blink"):
            event.widget.cursor_blink = False

    # -- the safety net --------------------------------------------------------------------------
    def report_error(self, error: Exception) -> None:
        """An unexpected error as a message to the table, with the details in a log file."""
        where = _write_error_log(error)
        if self.is_web:  # the log is on the server, no use to a player in a browser
            where = "in the server's error log"
        tell(self, f"Something went wrong: {error}. The game is still here. Details: {where}",
                    title="Unexpected error", severity="error", timeout=10)

    def on_unhandled_error(self, error: Exception) -> bool:
        """The last net, for errors outside the guarded handlers: a message instead of a traceback.
        (Textual stops the failing widget's messages; the guarded handlers keep the game going.)"""
        if not self.catch_errors:
            return False
        self.report_error(error)
        return True


DECKS_CHECKED = "decks-checked.txt"  # in the data folder: the fingerprint of the decks last found good


def decks_fingerprint(folder: Path) -> str:
    """What a decks folder holds, with the Rainboard that checks it: every .toml file's path and
    bytes, hashed (a few milliseconds for the shipped decks)."""
    import hashlib

    from rainboard import __version__

    digest = hashlib.sha256(__version__.encode())
    for path in sorted(folder.rglob("*.toml")):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()


def _write_error_log(error: Exception) -> str:
    try:
        import platformdirs

        folder = Path(platformdirs.user_log_dir("rainboard"))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "errors.log"
        with path.open("a", encoding="utf-8") as log:
            log.write("".join(traceback.format_exception(error)) + "\n")
        return str(path)
    except OSError:
        return "no log could be written"
