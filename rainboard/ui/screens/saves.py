"""Saved games: the saves named at the table (ctrl+s) by their names, then every game as it was
autosaved, newest first. Enter replays one; c continues an unfinished one; t writes one out as a
transcript. Files that cannot be read say why."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..safe_text import shown, tell
from ..widgets.footer import KeysFooter
from . import STYLES
from .. import navigation


def save_label(summary) -> Content:
    """One line of the list: a named save's name in bold, when it was saved, who plays and how far
    (names and all as text, whatever the file holds)."""
    when = f"{summary.updated:%Y-%m-%d %H:%M}" if summary.updated else ""
    if summary.named:
        return shown(Content.assemble((summary.path.stem, "bold"), f" · {when} · {summary.description}"), keep="")
    return shown(f"{when} · {summary.description}" if when else summary.description, keep="")


class SavesScreen(Screen):
    CSS_PATH = STYLES
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("c", "continue_game", "Continue"),
        Binding("t", "transcript", "Transcript"),  # the whole game as text (sharing.py)
        Binding("d", "download", "Download"),  # in a browser tab only, for a finished or named game
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static(Content.styled("Saved games", "bold"), id="saves-title")
            yield OptionList(id="saves")
            yield Static("Enter watches a game again, step by step; c plays on from where it was left; t writes "
                         "it out as text.", id="saves-note", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        from rainboard.saves import list_saves

        listing = self.query_one("#saves", OptionList)
        found = list_saves(self.app.data_dir)
        named = [s for s in found if s.named and s.error is None]
        self.summaries = named + [s for s in found if not (s.named and s.error is None)]
        if named:
            listing.add_option(Option(Content.styled("Saved by name", "bold $text-muted"), disabled=True))
        for n, summary in enumerate(self.summaries):
            if n == len(named) and named and len(self.summaries) > len(named):
                listing.add_option(Option(Content.styled("Every game, as it was left", "bold $text-muted"),
                                          disabled=True))
            listing.add_option(Option(save_label(summary), id=str(n), disabled=summary.error is not None))
        readable = [i for i, option in enumerate(listing.options) if not option.disabled]
        if readable:
            listing.highlighted = readable[0]
        if not self.summaries:
            self.query_one("#saves-note", Static).update("No saved games yet: every game is saved as it is played.")
        listing.focus()

    def _highlighted(self):
        listing = self.query_one("#saves", OptionList)
        if listing.highlighted is None:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        return None if option.disabled or option.id is None else self.summaries[int(option.id)]

    @on(OptionList.OptionHighlighted, "#saves")
    def moved(self) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            summary = self._highlighted() if self.is_mounted else None
            return summary is not None and not summary.finished
        if action == "transcript":
            return (self._highlighted() if self.is_mounted else None) is not None
        if action == "download":
            summary = self._highlighted() if self.is_mounted else None
            return self.app.is_web and summary is not None and (summary.finished or summary.named)
        return True

    def action_download(self) -> None:
        """A finished or named game's save file, handed to the browser."""
        summary = self._highlighted()
        if summary is not None and (summary.finished or summary.named):
            self.app.download_save(summary.path)

    def action_transcript(self) -> None:
        """The highlighted game as text, into the data folder's transcripts/ (a browser downloads it)."""
        from ..sharing import share_transcript

        summary = self._highlighted()
        if summary is not None:
            share_transcript(self.app, summary.path)

    @on(OptionList.OptionSelected, "#saves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        from rainboard.saves import SaveError

        summary = self._highlighted()
        if summary is None:
            return
        try:
            navigation.open_replay(self.app, summary.path)
        except SaveError as error:
            tell(self, self.app.error_words(error), title="This save cannot be replayed", severity="error",
                 timeout=10)

    def action_continue_game(self) -> None:
        """Play on from where the save was left: an autosave in place, a named save in a new autosave."""
        summary = self._highlighted()
        if summary is None or summary.finished:
            return
        self.app.to_title()
        self.app.resume(summary.path, copy=summary.named)
