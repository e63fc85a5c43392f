"""The solo challenge: a code deals everyone the same game; fewer turns to ascend is better."""

from __future__ import annotations

import random
from datetime import date

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from ..safe_text import shown
from ..safety import guarded
from ..widgets.text_input import TextInput
from ..widgets.footer import KeysFooter
from . import STYLES
from ..table_config import TableOptions


class ChallengeScreen(Screen):
    CSS_PATH = STYLES
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start", key_display="ctrl+s", priority=True),
        Binding("ctrl+d", "daily", "Today's code", key_display="ctrl+d", priority=True),
        Binding("ctrl+r", "random", "Random code", key_display="ctrl+r", priority=True),
    ]

    def __init__(self, code: str | None = None, today: date | None = None, player: str | None = None) -> None:
        super().__init__()
        self.today = today or date.today()
        self.start_code = code
        self.player = player  # None: the first name of the table remembered, else Ada

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="challenge-form"):
            yield Static(Content.styled("Solo challenge", "bold"), id="challenge-title")
            yield Static("Ascend in as few turns as you can. A code fixes the seed, the slugcat, the "
                         "options and the preset (RW-XXXX-XX/short is a short game), so the same code deals "
                         "the same game to anyone who types it.",
                         id="challenge-about", markup=False)
            with Horizontal(classes="setup-row"):
                yield Label("Code", classes="setup-label")
                yield TextInput("", placeholder="RW-XXXX-XX", id="code", compact=True, max_length=16)
            with Horizontal(classes="setup-row"):
                yield Label("Your name", classes="setup-label")
                yield TextInput(self._player_name(), id="player", compact=True, max_length=16)
            yield Static("", id="challenge-info", markup=False)
            yield Static("", id="challenge-best", markup=False)
            yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
        yield KeysFooter()

    def _player_name(self) -> str:
        if self.player:
            return self.player
        memory = getattr(self.app, "table_memory", None)
        return memory.names[0] if memory is not None and memory.names else "Ada"

    def on_mount(self) -> None:
        code = self.start_code or self._daily().code
        self.query_one("#code", TextInput).value = code
        self.query_one("#code", TextInput).focus()
        self._describe(code)

    def _daily(self, preset: str | None = None):
        """Today's challenge with a preset (default: the app's)."""
        from rainboard.saves.challenge import daily_challenge

        return daily_challenge(self.today, self.app.game_data(preset))

    @on(TextInput.Changed, "#code")
    def code_changed(self, event: TextInput.Changed) -> None:
        self._describe(event.value)

    @guarded
    def _describe(self, code: str):
        from rainboard.saves.challenge import ChallengeCodeError, parse_code

        info = self.query_one("#challenge-info", Static)
        best = self.query_one("#challenge-best", Static)
        data = self.app.game_data()
        try:
            challenge = parse_code(code, data)
        except ChallengeCodeError as error:
            info.update(shown(Content.styled(str(error), "$text-warning")))
            best.update("")
            return None
        data = challenge.game_data(self.app.game_data(challenge.preset))  # the decks as the code plays them
        slugcat = data.slugcats[challenge.slugcat]
        daily = " (today's code)" if challenge.code == self._daily(challenge.preset).code else ""
        info.update(shown(Content.from_markup(
            "$code$daily: [b]$slugcat[/b] from $region, precycles $pre, $preset.", code=challenge.code,
            daily=daily, slugcat=slugcat.name, region=data.regions[slugcat.start_region].name,
            pre="on" if challenge.precycles else "off", preset=data.presets[challenge.preset].name)))
        book = self._book()
        record = book.best(challenge.code, fingerprint=data.fingerprint)
        if record:
            best.update(f"Your best on this code: {record.turns} turns ({record.day}).")
        elif book.results(challenge.code):
            best.update("No result on this code with these decks yet (your older results were on other decks).")
        else:
            best.update("No result on this code yet.")
        return challenge

    def _book(self):
        from rainboard.saves.scores import ScoreBook

        return ScoreBook.for_data_dir(self.app.data_dir)

    def action_daily(self) -> None:
        self.query_one("#code", TextInput).value = self._daily().code

    def action_random(self) -> None:
        import secrets

        from rainboard.saves.challenge import random_challenge

        challenge = random_challenge(self.app.game_data(), random.Random(secrets.randbits(64)))
        self.query_one("#code", TextInput).value = challenge.code

    @on(Button.Pressed, "#start")
    @on(TextInput.Submitted)
    def pressed(self) -> None:
        self.action_start()

    @guarded
    def action_start(self) -> None:
        challenge = self._describe(self.query_one("#code", TextInput).value)
        if challenge is None:
            return
        start_challenge(self.app, challenge.code, self.query_one("#player", TextInput).value.strip() or "Ada")


def start_challenge(app, code: str, player: str):
    """Deal the solo game a code names, with its preset's rules, and show it: the challenge screen's
    start, and playing a finished challenge again. ChallengeCodeError for a code that is not one."""
    from rainboard.saves.challenge import challenge_setup, parse_code

    from ..session import GameSession

    challenge = parse_code(code, app.game_data())
    data = challenge.game_data(app.game_data(challenge.preset))  # with the code's dice too
    session = GameSession.start(challenge_setup(challenge, player), data, challenge=challenge.code)
    app.begin(session, TableOptions(handoffs=False))
    return session
