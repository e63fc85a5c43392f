"""Help: the keys, then the rules as Rainboard plays them (assets/rules.md), scrollable."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

import re

from rainboard import paths
from rainboard.data import DeckError
from rainboard.data.models import Rules

MISSING_RULES = "# Rules\n\nThe rules text is not here: this copy of Rainboard has no `assets/rules.md`."

KEYS = """\
# Keys

| Key | What it does |
| --- | --- |
| `?` or `F1` | this help, from anywhere |
| `ctrl+p` | the command palette: every action possible now, and the screens |
| `1`-`9` | choose an action from the list by its number |
| arrows, `enter`, mouse | move in lists and choose |
| `d` `p` `f` `s` | draw, draw from the precycle deck, take a food token, search for a shelter |
| `h` `v` `k` `c` `w` | hibernate, starve, keep the card, cross the gate, walk across |
| `a` `e` `t` `g` `l` | attack, flee (escape), tame, give, leave |
| `b` `i` `u` `x` | buy, eat, hunt a player, strike at the hunted player |
| `ctrl+z` | take back your last move, if it showed no card and rolled no die |
| `ctrl+s` | keep a copy of the game under a name (every game is also saved after each move) |
| `escape` | back |

In a replay: `space` play or pause, `←` `→` one action, `[` `]` a round, `{` `}` a cycle,
`home` `end` the start and the end, `-` `+` slower and faster, `g` go to a turn, `c` play on from
here as a new game.
| `q` | quit (asks first during a game) |

The footer always shows the keys that do something right now.
"""


def fill_numbers(text: str, rules: Rules | None) -> str:
    """The rules text with each `{name}` of a rules.toml number replaced by the table's value (or,
    without deck data, by the name in backticks): the help never states a number the game does not use."""

    def number(match: re.Match) -> str:
        name = match.group(1)
        if rules is None or not hasattr(rules, name):
            return f"`{name}`"
        return str(getattr(rules, name))

    return re.sub(r"\{(\w+)\}", number, text)


class HelpScreen(Screen):
    """The keys and the rules."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("home", "top", "Top", show=False)]

    def compose(self) -> ComposeResult:
        try:
            rules = paths.asset_text("rules.md")
        except OSError:
            rules = MISSING_RULES
        try:
            numbers = self.app.game_data().rules
        except (DeckError, AttributeError):  # broken decks, or an app without deck data
            numbers = None
        rules = fill_numbers(rules, numbers)
        with VerticalScroll(id="help-scroll"):
            yield Markdown(KEYS, id="help-keys")
            yield Markdown(rules, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)
