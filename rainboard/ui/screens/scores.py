"""The best solo-challenge results, one line per code."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..safe_text import shown, table_cell
from ..widgets.footer import KeysFooter
from . import STYLES


NO_RESULTS = "No results yet: finish a solo challenge to see your best turns here."


class ScoresScreen(Screen):
    CSS_PATH = STYLES
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="scores-box"):
            yield Static(Content.styled("Solo challenge: best results", "bold"), id="scores-title")
            yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
            yield Static("", id="scores-note", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        from rainboard.saves.challenge import code_fingerprint
        from rainboard.saves.scores import ScoreBook, ScoreBookError, decks_label

        table = self.query_one("#scores", DataTable)
        table.add_columns("Code", "Slugcat", "Best turns", "Date", "Tries", "Decks")
        note = self.query_one("#scores-note", Static)
        data = self.app.game_data()
        try:
            book = ScoreBook.for_data_dir(self.app.data_dir)
            bests = book.best_per_code()
            for best in bests:
                name = data.slugcats.get(best.slugcat)
                cells = (best.code, name.name if name else best.slugcat, str(best.turns), str(best.day),
                         str(best.attempts), decks_label(best, code_fingerprint(best.code, data)))
                table.add_row(*(table_cell(cell) for cell in cells))
        except ScoreBookError as error:
            note.update(shown(Content.styled(self.app.words_for(str(error)), "$text-error")))
            return
        if not bests:
            table.display = False  # an empty table's headings would only say the same thing less clearly
            note.update(NO_RESULTS)
            return
        note.update("Fewer turns is better. Share a code and compare. A code's results on other decks "
                    "(older: from before Rainboard noted the decks) are kept apart.")
        table.focus()
