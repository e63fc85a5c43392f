"""Saved games to replay, newest first; files that cannot be read say why."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


class SavesScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static(Content.styled("Replay a saved game", "bold"), id="saves-title")
            yield OptionList(id="saves")
            yield Static("Enter to watch it again, step by step.", id="saves-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        from rainboard.saves import list_saves

        listing = self.query_one("#saves", OptionList)
        self.summaries = list_saves(self.app.data_dir)
        for n, summary in enumerate(self.summaries):
            when = f"{summary.updated:%Y-%m-%d %H:%M} · " if summary.updated else ""
            kind = "saved as " if summary.named else ""
            listing.add_option(Option(f"{when}{kind}{summary.description}", id=str(n),
                                      disabled=summary.error is not None))
        if any(s.error is None for s in self.summaries):
            listing.highlighted = next(i for i, s in enumerate(self.summaries) if s.error is None)
        if not self.summaries:
            self.query_one("#saves-note", Static).update("No saved games yet: every game is saved as it is played.")
        listing.focus()

    @on(OptionList.OptionSelected, "#saves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        from rainboard.saves import SaveError

        from .replay import ReplayScreen

        summary = self.summaries[int(event.option_id)]
        try:
            self.app.push_screen(ReplayScreen.from_file(summary.path))
        except SaveError as error:
            self.notify(str(error), title="This save cannot be replayed", severity="error", timeout=10)
