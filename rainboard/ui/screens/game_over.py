"""The end of a game: who ascended, everyone's place, each player's story, and the seed to share."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from rainboard.engine.queries import ending_progress

from ..safe_text import shown, table_cell, tell
from ..session import GameSession
from ..story import progress_words, stories, story_columns, story_rows
from ..widgets.footer import KeysFooter
from . import STYLES
from .. import navigation
from ..table_config import TableOptions, fresh_seed

NARROW, WIDE = 10, 24  # bars in a story's line (each a cycle, or a few), below and from 100 columns
WIDE_FROM = 100


def share_words(session: GameSession) -> Content:
    """The line that lets someone else play the same game: the challenge code, or the seed."""
    if session.challenge:
        return Content.from_markup("Challenge [b]$code[/b]: share the code and a friend plays the same game.",
                                   code=session.challenge)
    return Content.from_markup("Seed [b]$seed[/b]: type it into New game to deal the same game again.",
                               seed=str(session.state.seed))


def save_place(app, path: Path) -> str:
    """A save's file as the game-over screen names it: in a browser tab its name only; in a terminal
    its path, the home folder written as ~."""
    if app.is_web:
        return app.file_words(path)
    try:
        return str(Path("~") / Path(path).relative_to(Path.home()))
    except (ValueError, RuntimeError):  # not under the home folder, or no home folder known
        return str(path)


class GameOverScreen(Screen):
    CSS_PATH = STYLES
    BINDINGS = [
        Binding("m", "rematch", "Rematch"),
        Binding("r", "replay", "Replay"),
        Binding("n", "new_game", "New game"),
        Binding("t", "transcript", "Transcript"),  # the whole game as text (sharing.py)
        # back, as escape is everywhere; not in the footer, which at 80 columns keeps its room for the help
        Binding("escape", "title", "Title", show=False),
        Binding("d", "download", "Download"),  # in a browser tab only: a terminal has the file already
    ]

    def __init__(self, session: GameSession, challenge_result=None) -> None:
        super().__init__()
        self.session = session
        self.challenge_result = challenge_result  # the score book's answer, for a finished challenge

    def compose(self) -> ComposeResult:
        result = self.session.outcome
        state = self.session.state
        winner = state.players[result.winner]
        with VerticalScroll(id="over-box"):
            yield Static(shown(Content.styled(f"{winner.name} ascends!", "bold"), keep=""), id="over-title")
            if result.solo_score is not None:
                text = f"Solo score: {result.solo_score} turns to ascend. Fewer is better."
                recorded = self.challenge_result
                if recorded is not None:
                    if recorded.previous_best is None:
                        text += f" Your first result on {self.session.challenge}."
                    elif recorded.new_best:
                        text += f" A new personal best on {self.session.challenge} (was {recorded.previous_best.turns})!"
                    else:
                        text += f" Your best on {self.session.challenge}: {recorded.previous_best.turns} turns."
            else:
                text = f"{winner.name} wins the game after {winner.turns} turns, in cycle {state.cycle}."
            yield Static(shown(text), id="over-summary")
            yield DataTable(id="ranking", cursor_type="none", zebra_stripes=True)
            cycles = "1 cycle" if state.cycle == 1 else f"{state.cycle} cycles"
            yield Static(Content.assemble(("The story", "bold"), f", over {cycles}"), id="story-title")
            yield DataTable(id="story", cursor_type="none", zebra_stripes=True)
            yield Static(shown(share_words(self.session)), id="over-seed")
            yield Static(self._save_words(), id="over-note", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#ranking", DataTable)
        table.add_columns("Place", "Player", "Slugcat", "Turns", "Karma", "How far")
        data = self.session.data
        ending_region = next((r.name for r in data.regions.values() if r.ascension), "the end")
        for placing in self.session.outcome.placings:
            player = self.session.state.players[placing.player]
            cells = (str(placing.place), placing.name, data.slugcats[player.slugcat].name, str(placing.turns),
                     str(placing.karma), progress_words(ending_progress(player), ending_region))
            table.add_row(*(table_cell(cell) for cell in cells))
        story = self.query_one("#story", DataTable)
        width = WIDE if self.app.size.width >= WIDE_FROM else NARROW
        for heading, column_width in story_columns(width):
            story.add_column(heading, width=column_width)
        for row in story_rows(stories(self.session.whole_events(), self.session.state), width):
            story.add_row(*(table_cell(cell) for cell in row))

    def _save_words(self) -> str:
        """Where the game's save is (in a browser tab, only its file's name), and what to do with it."""
        saver = self.session.saver
        if saver is None:
            return "This game was not saved."
        path = saver.path
        if saver.failed:  # the notice says why; the game is still whole in memory
            return f"The game could not be saved as {save_place(self.app, path)}."
        return (f"The game is saved as {save_place(self.app, path)}: r replays it now, t writes it out as "
                "text to read or share, and Saved games keeps it.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "download":
            return self.app.is_web
        return True

    def action_download(self) -> None:
        """The finished game's save file, to keep or to open in another Rainboard."""
        saver = self.session.saver
        self.app.download_save(saver.path if saver else None, saver.save if saver else None)

    def action_transcript(self) -> None:
        """The whole game as text, into the data folder's transcripts/ (a browser downloads it)."""
        from ..sharing import share_transcript

        saver = self.session.saver
        share_transcript(self.app, saver.path if saver else None, saver.save if saver else None)

    def action_replay(self) -> None:
        from rainboard.saves import SaveError

        path = self.session.saver.path if self.session.saver is not None else None
        if path is None:
            self.notify("This game was not saved, so it cannot be replayed.", severity="warning")
            return
        try:
            navigation.open_replay(self.app, path)
        except SaveError as error:
            tell(self, self.app.error_words(error), title="This save cannot be replayed", severity="error",
                 timeout=10)

    def _handoffs(self) -> bool:
        if self.session.saver is not None:
            return self.session.saver.save.table.handoffs
        memory = getattr(self.app, "table_memory", None)
        return memory.handoffs if memory is not None else True

    def _table(self):
        """This game's table, to offer again: its names, options, preset and hand-offs."""
        from ..table_config import RememberedTable

        setup = self.session.setup
        return RememberedTable(names=tuple(player.name for player in setup.players),
                               precycles=setup.options.precycles, wait_turns=setup.options.wait_turns,
                               handoffs=self._handoffs(), preset=self.session.data.preset)

    def action_rematch(self) -> None:
        """The same table again: the same names, options and decks, a fresh seed, straight to the roll
        for turn order. A solo challenge is played again on the same code."""
        session = self.session
        self.app.to_title()
        if session.challenge:
            navigation.start_challenge(self.app, session.challenge, session.state.players[0].name)
            return
        table = self._table()
        navigation.start_table_game(self.app, list(table.names), session.setup.options,
                                    fresh_seed(other_than=str(session.setup.seed)), session.data,
                                    TableOptions(handoffs=table.handoffs))

    def action_new_game(self) -> None:
        """The setup screen with a fresh seed, offering this game's table (after a challenge: the
        table remembered from the last hotseat game)."""
        table = None if self.session.challenge else self._table()
        self.app.to_title()
        navigation.open_setup(self.app, seed=fresh_seed(other_than=str(self.session.setup.seed)), table=table)

    def action_title(self) -> None:
        self.app.to_title()
