"""Learn to play: the guided first game on the real board (rainboard/tutorial/ holds its script).

The tutorial board is the board screen with a guidance panel above it, "Learn to play · step N of
M": each step asks for one move, says why and which key, and points at the panel that matters (its
border lit). Only the move a step waits for is taken; any other key gets a gentle word on what the
step waits for, while help, the palette and quitting work as everywhere. Between steps the game jumps
to the next step's position. The game is never saved (its positions are set up by hand): the
tutorial keeps only its step, in the data folder, so leaving and coming back resumes at that step.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rainboard.engine import Action
from rainboard.tutorial import Progress, Tutorial, load_progress, save_progress
from rainboard.tutorial.facts import done_facts
from rainboard.tutorial.script import tutorial_setup
from rainboard.tutorial.words import fill, step_words, texts

from .. import keys
from ..safe_text import shown, tell
from ..safety import guarded
from ..session import GameSession
from ..widgets.footer import KeysFooter
from . import STYLES
from .board import BoardScreen
from ..table_config import TableOptions
from .tutorial_entry import TITLE, should_offer, tutorial_entry  # noqa: F401 - the title's words

TUTORIAL_STYLES = [*STYLES, Path(__file__).parent / "tutorial.tcss"]
POINTABLE = ("rain", "map", "fight", "roster", "card", "hand", "actions", "log")


class GuidancePanel(Static):
    """The tutorial's words for the step in play, under its title "Learn to play · step N of M"."""


class TutorialBoardScreen(BoardScreen):
    """The board, playing the tutorial's fixed game one step at a time."""

    DRAWS_BEHIND = False  # its guidance follows the step in play: drawn when the result is put away

    CSS_PATH = TUTORIAL_STYLES
    LEAVE = ("Leave the tutorial?", "Your step is kept: Learn to play on the title screen goes on from it.")

    def __init__(self, tutorial: Tutorial) -> None:
        session = GameSession(data=tutorial.data, setup=tutorial_setup(), state=tutorial.position())
        super().__init__(session, TableOptions(handoffs=False))
        self.tutorial = tutorial
        self.recap = texts()["welcome"]  # what the last step did (the first step: what this is)
        self.note = ""  # the gentle word after a key the step does not wait for
        self._moving = False
        self._step_began = (session.state, 0)  # the step's first state and where its events start

    def compose(self) -> ComposeResult:
        yield GuidancePanel("", id="guide")
        yield from super().compose()

    # -- the words -------------------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        super().refresh_view()
        if not self._moving:
            self.show_guide()

    def stage_text(self) -> str:
        """The words of the stage in play, every number from the engine now."""
        stage = self.tutorial.waiting_for
        facts = {**stage.facts(self.session.state), "key": self._key(stage.verb)}
        return fill(step_words(self.tutorial.current.id)["stages"][self.tutorial.stage], facts)

    def _key(self, verb: str) -> str:
        return self._verb_keys().get(verb, verb)

    @guarded
    def show_guide(self) -> None:
        tutorial = self.tutorial
        guide = self.query_one("#guide", GuidancePanel)
        guide.border_title = f"{TITLE} · step {tutorial.step + 1} of {tutorial.steps}"
        guide.border_subtitle = step_words(tutorial.current.id)["title"]
        parts = []
        if self.recap:
            parts.append(Content.styled(f"✓ {self.recap}", "$text-success"))
        parts.append(Content(self._ending_words() if tutorial.finished else self.stage_text()))
        if self.note:
            parts.append(Content.styled(self.note, "italic $text-warning"))
        guide.update(shown(Content("\n").join(parts)))
        pointed = tutorial.waiting_for.point
        for name in POINTABLE:
            for widget in self.query(f"#{name}"):
                widget.set_class(name == pointed, "-pointed")
        self.query_one(KeysFooter).redraw()  # the footer offers the key the stage waits for (check_action)

    def waiting(self) -> None:
        """Say, gently, which key the step waits for."""
        stage = self.tutorial.waiting_for
        does = next((row.does for row in keys.VERB_KEYS if row.keys[0] == stage.verb), stage.verb)
        self.note = fill(texts()["waiting"], {"key": self._key(stage.verb), "does": does})
        self.show_guide()

    # -- keys ------------------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb" and parameters[0] != self.tutorial.waiting_for.verb:
            return False  # the footer offers the key the step waits for, and no other move
        if action in ("undo", "save_as"):
            return False  # no game to save, no move to take back: each step is set up afresh
        return super().check_action(action, parameters)

    def on_key(self, event) -> None:
        """A key nothing on the board answers to: say what the step waits for."""
        if self.tutorial.finished or self.app.screen is not self:
            return
        active = self.active_bindings.get(event.key)
        if active is not None and active.enabled:
            return
        printable = event.character is not None and event.character.isprintable() and not event.character.isspace()
        if printable or event.key in ("ctrl+z", "ctrl+s"):
            self.waiting()

    # -- moves -----------------------------------------------------------------------------------------------
    @guarded
    def choose(self, action: Action) -> None:
        tutorial = self.tutorial
        if tutorial.finished:
            return
        if not tutorial.waiting_for.wants(action):
            self.waiting()
            return
        self.note = ""
        step = tutorial.current
        self._moving = True  # the board redraws after the move; the words wait for the next stage
        try:
            super().choose(action)
        finally:
            self._moving = False
        if tutorial.finished:  # the last move ended the game: its words stay under the end's question
            self.show_guide()
            return
        if tutorial.took():
            began, first_event = self._step_began
            facts = done_facts(began, self.session.state, self.session.events[first_event:])
            self.recap = fill(step_words(step.id)["done"], facts)
            self._begin_step()
        else:
            self.show_guide()

    def _begin_step(self) -> None:
        """Jump to the next step's position, and keep that the tutorial is at it."""
        session = self.session
        session.state = self.tutorial.position()
        session.steps.clear()  # nothing before the jump can be taken back
        self._step_began = (session.state, len(session.events))
        self._filled = []
        keep_step(self.app, self.tutorial.step)
        self.refresh_view()

    def _after_result(self, actor: int, events, undo: bool | None) -> None:
        # the guidance panel tells what a cycle's end did; no report to close between steps
        self.refresh_view()

    def game_over(self) -> None:
        """The last step ended the game: the tutorial's own end, never a result or a score."""
        step = self.tutorial.current
        self.tutorial.took()
        began, first_event = self._step_began
        self.recap = fill(step_words(step.id)["done"], done_facts(began, self.session.state,
                                                                  self.session.events[first_event:]))
        keep_finished(self.app)
        self.app.push_screen(TutorialEndScreen(self._ending_words()))

    def _ending_words(self) -> str:
        state = self.session.state
        ascension = next(r.name for r in state.data.regions.values() if r.ascension)
        return fill(texts()["finished"], {"ascension": ascension})

    def action_save_as(self) -> None:
        self.waiting()

    def action_undo(self) -> None:
        self.waiting()


class TutorialEndScreen(ModalScreen[None]):
    """The end of the tutorial: a first real solo game, or the title."""

    CSS_PATH = TUTORIAL_STYLES
    BINDINGS = [Binding("escape", "title", "Title"), *keys.help_bindings()]

    def __init__(self, words: str) -> None:
        super().__init__(classes="dialog")
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="tutorial-end"):
            yield Static(Content.styled("You have played a whole game", "bold"), classes="dialog-title")
            yield Static(shown(self.words), classes="dialog-text")
            yield OptionList(Option("Play a first real solo game", id="solo"), Option("Back to the title", id="title"),
                             id="tutorial-next")
        yield KeysFooter()

    def on_mount(self) -> None:
        menu = self.query_one("#tutorial-next", OptionList)
        menu.highlighted = 0
        menu.focus()

    @on(OptionList.OptionSelected, "#tutorial-next")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == "solo":
            self.action_solo()
        else:
            self.action_title()

    def action_title(self) -> None:
        self.app.to_title()

    def action_solo(self) -> None:
        from .setup import SetupScreen, fresh_seed

        app = self.app
        app.to_title()
        app.push_screen(SetupScreen(players=1, seed=app.default_seed or fresh_seed()))


# -- opening it, and keeping its place ------------------------------------------------------------------------
def open_tutorial(app, step: int | None = None) -> None:
    """Open the tutorial at its kept step (or `step`), over whatever is on screen."""
    if step is None:
        step = load_progress(app.data_dir).step
    try:
        screen = TutorialBoardScreen(Tutorial(app.game_data(), step))
    except Exception:  # noqa: BLE001 - decks of a table's own that lack the tutorial's cards or regions
        from rainboard.data import load_data

        try:
            screen = TutorialBoardScreen(Tutorial(load_data(), step))  # the shipped decks teach the same game
        except Exception as error:  # noqa: BLE001 - a broken install: say so, never a traceback
            tell(app, f"Learn to play cannot start: {error}", severity="error", timeout=8)
            return
    keep_step(app, screen.tutorial.step)
    app.push_screen(screen)


def _keep(app, progress: Progress) -> None:
    if not app.autosave:  # an app told to leave no files behind (tests, tools)
        return
    try:
        save_progress(app.data_dir, progress)
    except OSError as error:
        tell(app, f"The tutorial's step could not be kept ({error}); it goes on all the same.",
             severity="warning", timeout=6)


def keep_step(app, step: int) -> None:
    old = load_progress(app.data_dir)
    if old.step != step or not old.offered:
        _keep(app, Progress(step=step, offered=True, finished=old.finished))


def keep_finished(app) -> None:
    """Played to the end: the next Learn to play starts again from step 1."""
    _keep(app, Progress(step=0, offered=True, finished=True))


def offer_tutorial(app) -> None:
    """Ask once whether to learn to play; either answer is remembered, and the title keeps the entry."""
    from .dialogs import ConfirmScreen

    _keep(app, Progress(offered=True))

    def answered(yes: bool | None) -> None:
        if yes:
            open_tutorial(app, 0)

    app.push_screen(ConfirmScreen("New to Rain World: The Board Game?",
                                  "Learn to play is a short guided game on the real board, about ten minutes: "
                                  "each step asks for one move and says why. Play it now? It stays on the title "
                                  "screen for later.", danger=False), answered)
