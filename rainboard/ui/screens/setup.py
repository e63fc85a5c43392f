"""Setting up a game: players and options, the turn-order roll, then slugcats picked in turn order."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from rainboard.data import STANDARD_PRESET, DeckError, UnknownPreset, load_data, with_dice
from rainboard.data.dice import VARIANT_NAMES, VARIANTS
from rainboard.data.limits import PLAYERS_MAX
from rainboard.engine import Options, PlayerSetup, Setup, SetupError
from rainboard.engine.actions import ChooseSlugcat
from rainboard.engine.deck_checks import rule_problems
from rainboard.engine.events import Rolled, TurnOrderSet, TurnOrderTie
from rainboard.engine.narrator import narrate
from rainboard.text import strip_unsafe

from ..safe_text import shown
from ..safety import guarded
from ..session import GameSession
from ..table_config import RememberedTable, TableOptions, fresh_seed  # noqa: F401 - both also offered here
from ..widgets.slugcat_preview import slugcat_preview_content
from ..widgets.text_input import TextInput
from ..widgets.toggle import Toggle
from .dialogs import ReportScreen
from ..widgets.footer import KeysFooter
from . import STYLES
from .. import navigation

MAX_PLAYERS = PLAYERS_MAX
DEFAULT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ez", "Fi", "Gu", "Hal", "Ivo")


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


class SetupScreen(Screen):
    """Names, options, seed and deck folder; then the roll for turn order. The table last played
    (its names, options and preset, remembered in the config file) is offered first."""

    CSS_PATH = STYLES

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Roll for turn order", key_display="ctrl+s", priority=True),
    ]

    def __init__(self, players: int | None = None, seed: str = "", title: str = "New game",
                 table: RememberedTable | None = None) -> None:
        super().__init__()
        self.start_players = players
        self.seed = seed
        self.heading = title
        self.offered = table  # the table to offer; None: the one the app remembers

    def _offer(self) -> tuple[RememberedTable, int, list[str]]:
        """The table offered, the number of players and nine names (the remembered ones first)."""
        table = self.offered or getattr(self.app, "table_memory", None) or RememberedTable()
        count = self.start_players or len(table.names) or 2
        names = list(table.names[:MAX_PLAYERS])
        names += [name for name in DEFAULT_NAMES if name not in names][:MAX_PLAYERS - len(names)]
        return table, count, names

    def compose(self) -> ComposeResult:
        table, count, names = self._offer()
        with VerticalScroll(id="setup-form"):
            yield Static(Content.styled(self.heading, "bold"), id="setup-title")
            with Horizontal(classes="setup-row", id="players-row"):
                yield Label("Players", classes="setup-label")
                yield Select([(_players(n), n) for n in range(1, MAX_PLAYERS + 1)], value=count,
                             allow_blank=False, id="player-count", compact=True)
                yield Static("", id="players-hint", classes="setup-hint", markup=False)
            with Vertical(id="names"):
                for i in range(MAX_PLAYERS):
                    with Horizontal(classes="name-cell", id=f"name-cell-{i}"):
                        yield Label(f"{i + 1}", classes="name-number")
                        yield TextInput(names[i], placeholder=f"Player {i + 1}", id=f"name-{i}",
                                    max_length=16, classes="name", compact=True)
            presets = self.app.game_data().presets
            chosen = self._default_preset(presets, table)
            with Horizontal(classes="setup-row"):
                yield Label("Game", classes="setup-label")
                yield Select([(shown(p.name, keep=""), p.id) for p in presets.values()], value=chosen,
                             allow_blank=False, id="preset", compact=True)
                yield Static(shown(presets[chosen].text), id="preset-text", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Dice", classes="setup-label")
                yield Select([(VARIANT_NAMES[v], v) for v in VARIANTS], value=self._default_dice(table),
                             allow_blank=False, id="dice", compact=True)
                yield Static("how every check is rolled", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Precycles", classes="setup-label")
                yield Toggle(table.precycles, id="precycles")
                yield Static("a d20 of 1 makes a harsher, longer cycle", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Wait 4 turns", classes="setup-label")
                yield Toggle(table.wait_turns if table.wait_turns is not None else count > 1, id="wait")
                yield Static("before ascending, so others may catch up", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Hand-offs", classes="setup-label")
                yield Toggle(table.handoffs, id="handoffs")
                yield Static("'pass the keyboard' between players", classes="setup-hint")
            with Horizontal(classes="setup-row"):  # a table of own screens: rainboard/table, screens/seat.py
                yield Label("Players", classes="setup-label")
                yield Select([("at this screen", False), ("at their own screens", True)],
                             value=bool(getattr(self.app, "host_table", False)), allow_blank=False,
                             id="own-screens", compact=True)
                yield Static("own screens join by a code", classes="setup-hint")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield TextInput(self.seed, placeholder="any word or number (empty: a new one)", id="seed",
                            max_length=32, compact=True)
            with Horizontal(classes="setup-row"):
                yield Label("Decks", classes="setup-label")
                yield TextInput("", placeholder="the shipped decks (or a folder of your own)", id="decks",
                            compact=True)
            yield Static("", id="setup-error", markup=False)
            yield Button("Roll for turn order (ctrl+s)", id="start", variant="primary", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show_names(int(self.query_one("#player-count", Select).value))
        self.query_one("#player-count", Select).focus()  # how many play comes first: it decides the names

    def _default_preset(self, presets, table: RememberedTable) -> str:
        """The preset of the last game begun in this run, else the one Rainboard was started with
        (`--preset`), else the one the table last played, else standard."""
        started_with = self.app.game_data().preset
        wanted = [self.app.last_preset]
        if started_with != STANDARD_PRESET:
            wanted.append(started_with)
        wanted += [table.preset, started_with]
        for name in wanted:
            if name in presets:
                return name
        return next(iter(presets))

    def _default_dice(self, table: RememberedTable) -> str:
        """The dice the table last played with, else those Rainboard was started with: rules.toml's
        [dice] variant."""
        if table.dice in VARIANTS:
            return table.dice
        return self.app.game_data().rules.dice.variant

    @on(Select.Changed, "#preset")
    def preset_changed(self, event: Select.Changed) -> None:
        preset = self.app.game_data().presets.get(event.value)
        self.query_one("#preset-text", Static).update(shown(preset.text if preset else ""))

    @on(Select.Changed, "#player-count")
    def count_changed(self, event: Select.Changed) -> None:
        self._show_names(int(event.value))
        self.query_one("#wait", Toggle).value = int(event.value) > 1

    def _show_names(self, count: int) -> None:
        for i in range(MAX_PLAYERS):
            self.query_one(f"#name-cell-{i}").display = i < count
        names = "one name" if count == 1 else f"{count} names"
        self.query_one("#players-hint", Static).update(f"{names} below; Enter moves to the next")

    @on(Button.Pressed, "#start")
    def pressed_start(self) -> None:
        self.action_start()

    @on(TextInput.Submitted, ".name")
    def next_name(self, event: TextInput.Submitted) -> None:
        """Enter in a name goes on to the next player's name, and after the last one to the Roll button."""
        event.stop()
        count = int(self.query_one("#player-count", Select).value)
        index = int(event.input.id.removeprefix("name-"))
        if index + 1 < count:
            self.query_one(f"#name-{index + 1}", TextInput).focus()
        else:
            self.query_one("#start", Button).focus()

    @on(TextInput.Submitted, "#seed, #decks")
    def submitted(self) -> None:
        self.action_start()

    def _error(self, text: str) -> None:
        self.query_one("#setup-error", Static).update(shown(Content.styled(text, "bold $error")))

    @guarded
    def action_start(self) -> None:
        count = int(self.query_one("#player-count", Select).value)
        # only text is taken for a name: the field keeps no control characters, and neither does this
        names = [strip_unsafe(self.query_one(f"#name-{i}", TextInput).value).strip() for i in range(count)]
        if any(not name for name in names):
            self._error("Every player needs a name.")
            return
        if len(set(names)) != len(names):
            self._error("Two players share a name: give each a different one.")
            return
        folder = self.query_one("#decks", TextInput).value.strip()
        preset = str(self.query_one("#preset", Select).value)
        try:
            data = (load_data(Path(folder).expanduser(), preset=preset, rule_check=rule_problems) if folder
                    else self.app.game_data(preset))
            data = with_dice(data, str(self.query_one("#dice", Select).value))
        except UnknownPreset as err:
            self._error(f"These decks have no {preset!r} preset; they offer {', '.join(err.available)}.")
            return
        except DeckError as err:
            shown = "\n".join(err.problems[:6]) + (f"\n... and {len(err.problems) - 6} more" if len(err.problems) > 6 else "")
            self._error(f"These decks cannot be played:\n{shown}")
            return
        seed = self.query_one("#seed", TextInput).value.strip() or fresh_seed()
        options = Options(precycles=self.query_one("#precycles", Toggle).value,
                          wait_turns=self.query_one("#wait", Toggle).value)
        table = TableOptions(handoffs=self.query_one("#handoffs", Toggle).value)
        try:
            if self.query_one("#own-screens", Select).value is True:
                navigation.host_table(self.app, names, options, seed, data)
                return
            start_table_game(self.app, names, options, seed, data, table)
        except SetupError as err:
            self._error(str(err))


def _players(count: int) -> str:
    return "1 player" if count == 1 else f"{count} players"


def start_table_game(app, names: list[str], options: Options, seed: str, data, table: TableOptions) -> GameSession:
    """Deal a hotseat or solo game, remember the table for next time, roll for turn order and show the
    roll: the setup screen's start, and a rematch's. SetupError if the engine refuses the setup."""
    setup = Setup(players=[PlayerSetup(name) for name in names], seed=seed, options=options)
    session = GameSession.start(setup, data)
    remember = getattr(app, "remember_table", None)
    if remember is not None:
        remember(names=tuple(names), precycles=options.precycles, wait_turns=options.wait_turns,
                 handoffs=table.handoffs, preset=data.preset, dice=data.rules.dice.variant)
    rolls = [narrate(e, session.state) for e in session.events if isinstance(e, (Rolled, TurnOrderTie, TurnOrderSet))]
    app.begin(session, table)
    app.push_screen(ReportScreen("Rolling for turn order", rolls, "Press Enter to pick slugcats."))
    return session


class SlugcatPickScreen(Screen):
    """Each player in turn order picks a slugcat; one already taken cannot be picked again."""

    CSS_PATH = STYLES

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
        yield KeysFooter()

    def on_mount(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        session = self.session
        state = session.state
        picker = state.to_act
        position = list(state.order).index(picker) + 1
        self.query_one("#pick-title", Static).update(shown(Content.from_markup(
            "[b]$name[/b] picks a slugcat ($nth in turn order). Enter to choose.",
            name=state.players[picker].name, nth=ordinal(position)), keep=""))
        taken = {p.slugcat: p.name for p in state.players if p.slugcat}
        options = []
        for slugcat in session.data.slugcats.values():
            label = slugcat.name if slugcat.id not in taken else f"{slugcat.name} (taken by {taken[slugcat.id]})"
            options.append(Option(shown(label, keep=""), id=slugcat.id, disabled=slugcat.id in taken))
        listing = self.query_one("#slugcats", OptionList)
        listing.clear_options()
        listing.add_options(options)
        first = next(i for i, option in enumerate(options) if not option.disabled)
        listing.highlighted = first
        listing.focus()
        self._preview(options[first].id)

    def _preview(self, slugcat_id: str) -> None:
        self.query_one("#slugcat-preview", Static).update(shown(slugcat_preview_content(self.session.data, slugcat_id)))

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
        navigation.open_board(self.app, self.session, self.table, switch=True)

    def action_back(self) -> None:
        self.app.switch_screen(SetupScreen())
