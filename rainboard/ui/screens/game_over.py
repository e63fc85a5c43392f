"""The end of a game: who ascended, everyone's place, the turns taken."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from rainboard.engine.queries import EndingProgress, ending_progress

from ..session import GameSession

TIMES = {1: "once", 2: "twice"}


def progress_words(progress: EndingProgress, ending_region: str) -> str:
    """How far along the ending a player got, in words: "bears the Mark", "slept once in Subterranean"."""
    if progress.ascended:
        return "ascended"
    if progress.reached:
        if progress.sleeps:
            return f"slept {TIMES.get(progress.sleeps, f'{progress.sleeps} times')} in {ending_region}"
        return f"reached {ending_region}"
    return "bears the Mark" if progress.mark else "still searching"


class GameOverScreen(Screen):
    BINDINGS = [
        Binding("r", "replay", "Replay this game"),
        Binding("n", "new_game", "New game"),
        Binding("t,escape", "title", "Title", key_display="t"),
    ]

    def __init__(self, session: GameSession, challenge_result=None) -> None:
        super().__init__()
        self.session = session
        self.challenge_result = challenge_result  # the score book's answer, for a finished challenge

    def compose(self) -> ComposeResult:
        result = self.session.outcome
        state = self.session.state
        winner = state.players[result.winner]
        with Vertical(id="over-box"):
            yield Static(Content.from_markup("[b]$name ascends![/b]", name=winner.name), id="over-title")
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
            yield Static(text, id="over-summary", markup=False)
            table = DataTable(id="ranking", cursor_type="none", zebra_stripes=True)
            yield table
            yield Static("The game is saved: r replays it now, or find it under Replay on the title screen.",
                         id="over-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#ranking", DataTable)
        table.add_columns("Place", "Player", "Slugcat", "Turns", "Karma", "How far")
        data = self.session.data
        ending_region = next((r.name for r in data.regions.values() if r.ascension), "the end")
        for placing in self.session.outcome.placings:
            player = self.session.state.players[placing.player]
            table.add_row(str(placing.place), placing.name, data.slugcats[player.slugcat].name,
                          str(placing.turns), str(placing.karma), progress_words(ending_progress(player), ending_region))

    def action_replay(self) -> None:
        from rainboard.saves import SaveError

        from .replay import ReplayScreen

        path = getattr(self.session.on_change, "path", None)
        if path is None:
            self.notify("This game was not saved, so it cannot be replayed.", severity="warning")
            return
        try:
            self.app.push_screen(ReplayScreen.from_file(path))
        except SaveError as error:
            self.notify(str(error), title="This save cannot be replayed", severity="error", timeout=10)

    def action_new_game(self) -> None:
        from .setup import SetupScreen

        self.app.switch_screen(SetupScreen(players=len(self.session.state.players)))

    def action_title(self) -> None:
        from .title import TitleScreen

        self.app.switch_screen(TitleScreen())
