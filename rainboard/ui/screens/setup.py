"""Setting up a game: players and options, the turn-order roll, then slugcats picked in turn order."""

from __future__ import annotations

from pathlib import Path

from attrs import define
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from rainboard.data import DeckError, UnknownPreset, load_data
from rainboard.engine import Options, PlayerSetup, Setup, SetupError
from rainboard.engine.actions import ChooseSlugcat
from rainboard.engine.events import Rolled, TurnOrderSet, TurnOrderTie
from rainboard.engine.narrator import narrate

from ..safety import guarded
from ..session import GameSession
from ..widgets.cards import slugcat_preview_content
from ..widgets.toggle import Toggle
from .dialogs import ReportScreen

MAX_PLAYERS = 9
DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ez", "Fi", "Gu", "Hal", "Ivo")


@define
class TableOptions:
    """Choices about the table rather than the rules."""

    handoffs: bool = True  # a "pass the keyboard" screen between players


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


class SetupScreen(Screen):
    """Names, options, seed and deck folder; then the roll for turn order."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Roll for turn order", key_display="ctrl+s", priority=True),
    ]

    def __init__(self, players: int = 2, seed: str = "", title: str = "New game") -> None:
        super().__init__()
        self.start_players = players
        self.seed = seed
        self.heading = title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup-form"):
            yield Static(Content.styled(self.heading, "bold"), id="setup-title")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Select([(str(n), n) for n in range(1, MAX_PLAYERS + 1)], value=self.start_players,
                             allow_blank=False, id="player-count", compact=True)
            with Vertical(id="names"):
                for i in range(MAX_PLAYERS):
                    yield Input(DEFAULT_NAMES[i], placeholder=f"Player {i + 1}", id=f"name-{i}",
                                max_length=16, classes="name", compact=True)
            presets = self.app.game_data().presets
            chosen = self._default_preset(presets)
            with Horizontal(classes="setup-row"):
                yield Label("Game", classes="setup-label")
                yield Select([(p.name, p.id) for p in presets.values()], value=chosen, allow_blank=False,
                             id="preset", compact=True)
                yield Static(presets[chosen].text, id="preset-text", classes="setup-hint", markup=False)
            with Horizontal(classes="setup-row"):
                yield Label("Precycles", classes="setup-label")
                yield Toggle(True, id="precycles")
                yield Static("a d20 of 1 makes a harsher, longer cycle", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Wait 4 turns", classes="setup-label")
                yield Toggle(self.start_players > 1, id="wait")
                yield Static("before ascending, so others may catch up", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Hand-offs", classes="setup-label")
                yield Toggle(True, id="handoffs")
                yield Static("'pass the keyboard' between players", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(self.seed, placeholder="any word or number", id="seed", max_length=32, compact=True)
            with Horizontal(classes="setup-row"):
                yield Label("Decks", classes="setup-label")
                yield Input("", placeholder="the shipped decks (or a folder of your own)", id="decks",
                            compact=True)
            yield Static("", id="setup-error", markup=False)
            yield Button("Roll for turn order (ctrl+s)", id="start", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_names(self.start_players)
        self.query_one("#name-0", Input).focus()

    def _default_preset(self, presets) -> str:
        """The preset of the last game begun in this run, else the one Rainboard was started with
        (`--preset`), else standard."""
        for wanted in (self.app.last_preset, self.app.game_data().preset):
            if wanted in presets:
                return wanted
        return next(iter(presets))

    @on(Select.Changed, "#preset")
    def preset_changed(self, event: Select.Changed) -> None:
        preset = self.app.game_data().presets.get(event.value)
        self.query_one("#preset-text", Static).update(preset.text if preset else "")

    @on(Select.Changed, "#player-count")
    def count_changed(self, event: Select.Changed) -> None:
        self._show_names(int(event.value))
        self.query_one("#wait", Toggle).value = int(event.value) > 1

    def _show_names(self, count: int) -> None:
        for i in range(MAX_PLAYERS):
            self.query_one(f"#name-{i}", Input).display = i < count

    @on(Button.Pressed, "#start")
    def pressed_start(self) -> None:
        self.action_start()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_start()

    def _error(self, text: str) -> None:
        self.query_one("#setup-error", Static).update(Content.styled(text, "bold $error"))

    @guarded
    def action_start(self) -> None:
        count = int(self.query_one("#player-count", Select).value)
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(count)]
        if any(not name for name in names):
            self._error("Every player needs a name.")
            return
        if len(set(names)) != len(names):
            self._error("Two players share a name: give each a different one.")
            return
        folder = self.query_one("#decks", Input).value.strip()
        preset = str(self.query_one("#preset", Select).value)
        try:
            data = load_data(Path(folder).expanduser(), preset=preset) if folder else self.app.game_data(preset)
        except UnknownPreset as err:
            self._error(f"These decks have no {preset!r} preset; they offer {', '.join(err.available)}.")
            return
        except DeckError as err:
            shown = "\n".join(err.problems[:6]) + (f"\n... and {len(err.problems) - 6} more" if len(err.problems) > 6 else "")
            self._error(f"These decks cannot be played:\n{shown}")
            return
        seed = self.query_one("#seed", Input).value.strip() or "rain"
        options = Options(precycles=self.query_one("#precycles", Toggle).value,
                          wait_turns=self.query_one("#wait", Toggle).value)
        setup = Setup(players=[PlayerSetup(name) for name in names], seed=seed, options=options)
        try:
            session = GameSession.start(setup, data)
        except SetupError as err:
            self._error(str(err))
            return
        table = TableOptions(handoffs=self.query_one("#handoffs", Toggle).value)
        rolls = [narrate(e, session.state) for e in session.events
                 if isinstance(e, (Rolled, TurnOrderTie, TurnOrderSet))]
        self.app.begin(session, table)
        self.app.push_screen(ReportScreen("Rolling for turn order", rolls, "Press Enter to pick slugcats."))


class SlugcatPickScreen(Screen):
    """Each player in turn order picks a slugcat; one already taken cannot be picked again."""

    BINDINGS = [Binding("escape", "back", "Back to setup")]

    def __init__(self, session: GameSession, table: TableOptions) -> None:
        super().__init__()
        self.session = session
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static("", id="pick-title")
        with Horizontal(id="pick-body"):
            yield OptionList(id="slugcats")
            yield Static("", id="slugcat-preview")
        yield Footer()

    def on_mount(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        session = self.session
        state = session.state
        picker = state.to_act
        position = list(state.order).index(picker) + 1
        self.query_one("#pick-title", Static).update(Content.from_markup(
            "[b]$name[/b] picks a slugcat ($nth in turn order). Enter to choose.",
            name=state.players[picker].name, nth=ordinal(position)))
        taken = {p.slugcat: p.name for p in state.players if p.slugcat}
        options = []
        for slugcat in session.data.slugcats.values():
            label = slugcat.name if slugcat.id not in taken else f"{slugcat.name} (taken by {taken[slugcat.id]})"
            options.append(Option(label, id=slugcat.id, disabled=slugcat.id in taken))
        listing = self.query_one("#slugcats", OptionList)
        listing.clear_options()
        listing.add_options(options)
        first = next(i for i, option in enumerate(options) if not option.disabled)
        listing.highlighted = first
        listing.focus()
        self._preview(options[first].id)

    def _preview(self, slugcat_id: str) -> None:
        self.query_one("#slugcat-preview", Static).update(slugcat_preview_content(self.session.data, slugcat_id))

    @on(OptionList.OptionHighlighted, "#slugcats")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview(event.option_id)

    @on(OptionList.OptionSelected, "#slugcats")
    @guarded
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.session.act(ChooseSlugcat(event.option_id))
        if self.session.choosing:
            self._refresh()
            return
        from .board import BoardScreen

        self.app.switch_screen(BoardScreen(self.session, self.table))

    def action_back(self) -> None:
        self.app.switch_screen(SetupScreen())
