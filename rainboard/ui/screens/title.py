"""The title screen: original art and the main menu."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.content import Content, Span
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rainboard import paths

from ..safe_text import shown
from ..widgets.footer import KeysFooter

SUBTITLE = "Rainboard · a table for Rain World: The Board Game"
TAGLINE = "hotseat for 1 to 9 slugcats, or a solo run"


RAIN = "╷╵"  # the drops in assets/title.txt
NAME_START = "█▀▀▄"  # the top of the block-letter R: the name runs from its line to the end


def title_art(text: str) -> Content:
    """The title art with the rain tinted apart from the slugcat and the name."""
    content = Content(text)
    spans = []
    for start, char in enumerate(text):
        if char in RAIN:
            spans.append(Span(start, start + 1, "$primary"))
    name_start = text.find(NAME_START)
    if name_start != -1:
        line_start = text.rfind("\n", 0, name_start) + 1
        spans.append(Span(line_start, len(text), "bold $accent"))
    return content.add_spans(spans)


class TitleScreen(Screen):
    """Title art and the main menu."""

    # at 24 rows the menu (with Learn to play) sits right under the tagline, so the note under it
    # still shows: art 11, subtitle and tagline 3, menu 8, note 1, footer 1
    VERTICAL_BREAKPOINTS = [(0, "-short"), (25, "-roomy")]  # app.tcss: TitleScreen.-short #menu

    unfinished = None  # the unfinished game Continue resumes, once the saves have been looked at
    _looked = False
    _shown = False  # the screen has been shown once: each later showing looks at the saves again
    _offered = False  # the tutorial was offered on this start
    _refused: frozenset = frozenset()  # saves Continue could not open here: passed over from then on

    def compose(self) -> ComposeResult:
        try:
            art = title_art(paths.asset_text("title.txt").rstrip("\n"))
        except OSError:
            art = Content("RAINBOARD")
        with Vertical(id="title-box"):
            with Center():
                yield Static(art, id="title-art")
            yield Static(SUBTITLE, id="subtitle", markup=False)
            yield Static(TAGLINE, id="tagline", markup=False)
            with Center():
                yield OptionList(
                    Option("New game", id="new-game"),
                    Option("Learn to play", id="learn"),
                    Option("Solo challenge", id="solo-challenge"),
                    Option("Continue", id="continue"),
                    Option("Saved games", id="saved-games"),
                    Option("Scores", id="scores"),
                    Option("Rules", id="rules"),
                    *([Option("Join a table", id="join-table")] if self.app.is_web else []),  # seat.py
                    Option("Quit", id="quit"),
                    id="menu",
                )
            yield Static("", id="later-note", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("new-game")
        menu.focus()
        # before the first frame, so the title is drawn once with Continue decided: the glance is
        # quick (each autosave's top-level fields, no engine), and a second drawing cost more than it
        self._look_for_unfinished()

    def on_screen_resume(self) -> None:
        if self._shown:  # back from a game or the saves list (the first look was made at mount)
            self._look_for_unfinished()
        self._shown = True

    def _look_for_unfinished(self) -> None:
        """Continue is offered only when there is an unfinished game to continue. A glance at each
        autosave decides it (saves/glance.py: no engine, no replay); Continue reads the game
        in full, and a save it could not open is passed over from then on."""
        from rainboard.saves.glance import glance_unfinished

        self._looked = True
        self.unfinished = glance_unfinished(self.app.data_dir, self._refused)
        menu = self.query_one("#menu", OptionList)
        option = menu.get_option("continue")
        if self.unfinished is None:
            menu.disable_option("continue")
            note = "Continue: no unfinished game. Every game is saved as it is played."
        else:
            from rainboard.saves.lock import holder_of, this_computer

            menu.enable_option("continue")
            holder = holder_of(self.unfinished)
            note = "Continue picks up your last unfinished game." if holder is None else \
                f"Your last unfinished game is open in {holder.describe(this_computer())}: Continue can watch it."
        del option
        self.query_one("#later-note", Static).update(shown(note, keep=""))  # it quotes the lock file's note
        self._show_tutorial()

    def _show_tutorial(self) -> None:
        """Learn to play names the step it goes on from; a fresh data folder's first start offers it."""
        from .tutorial_entry import should_offer, tutorial_entry

        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("learn", tutorial_entry(self.app))
        if self.app.offer_tutorial and not self._offered and should_offer(self.app):
            self._offered = True
            self.call_after_refresh(self._offer_tutorial)  # over the title, once it is drawn

    def _offer_tutorial(self) -> None:
        from .tutorial import offer_tutorial

        offer_tutorial(self.app)

    @on(OptionList.OptionSelected, "#menu")
    def choose(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == "new-game":
            self.app.action_new_game()
        elif event.option_id == "learn":
            from .tutorial import open_tutorial

            open_tutorial(self.app)
        elif event.option_id == "solo-challenge":
            self.app.action_challenge()
        elif event.option_id == "continue" and self.unfinished is not None:
            chosen = self.unfinished
            if not self.app.resume(chosen) and self.app.screen is self:
                # the game did not open (the table has heard why): Continue offers the next one
                self._refused = self._refused | {chosen}
                self._look_for_unfinished()
        elif event.option_id == "saved-games":
            self.app.action_saved_games()
        elif event.option_id == "scores":
            self.app.action_scores()
        elif event.option_id == "rules":
            self.app.action_rules()
        elif event.option_id == "join-table":
            from .seat import ask_to_join

            ask_to_join(self.app)
        elif event.option_id == "quit":
            self.app.exit()
