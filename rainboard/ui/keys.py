"""The one key table: the board's and the app's bindings, the footer's words, the help's list of keys
and the README's all come from here, so none of them can tell a different story.

A row names its keys (Textual's names), the action they run, the footer's word and what the help
says it does. Keys in one `group` share a row of the help, their words joined: "`d` `p` `f` `s` |
draw, draw from the precycle deck, ...". A row with no action is help only (the arrows, escape).
"""

from __future__ import annotations

from dataclasses import dataclass
from textual.binding import Binding

# how the help writes a key that is not written as it is named
SHOWN = {"question_mark": "?", "f1": "F1", "escape": "escape"}


@dataclass(frozen=True, slots=True)  # a dataclass, not attrs: the title comes up without attrs
class Key:
    keys: tuple[str, ...]  # Textual key names; each gets its own binding when the action has {key}
    action: str | None  # the action run, with {key} for the key pressed; None: a row of the help only
    label: str  # the footer's word
    does: str  # what the help says the key does
    footer: bool = True  # shown in the footer (when it does something)
    display: str | None = None  # the footer's way of writing the key
    shown: str | None = None  # the help's way of writing the key(s), when not each key in backticks
    group: str | None = None  # rows of one group share a line of the help

    def bindings(self) -> list[Binding]:
        """The Textual bindings of this row: one per key when the action names the key, else one."""
        if self.action is None:
            return []
        if "{key}" in self.action:
            return [Binding(key, self.action.format(key=key), self.label, show=self.footer,
                            key_display=self.display) for key in self.keys]
        return [Binding(",".join(self.keys), self.action, self.label, show=self.footer, key_display=self.display)]

    def written(self) -> str:
        """The keys as the help writes them: `d`, `?` or `F1`."""
        if self.shown is not None:
            return self.shown
        return " or ".join(f"`{SHOWN.get(key, key)}`" for key in self.keys)


def _verb(key: str, label: str, does: str, group: str) -> Key:
    return Key((key,), "verb('{key}')", label, does, group=group)


# the one-key verbs, in footer order; words.action_key says which key each legal action answers to
VERB_KEYS = (
    _verb("d", "Draw", "draw", "draw"),
    _verb("p", "Precycle deck", "draw from the precycle deck", "draw"),
    _verb("f", "Food", "take a food token", "draw"),
    _verb("s", "Search", "search for a shelter", "draw"),
    _verb("h", "Hibernate", "hibernate", "sleep"),
    _verb("v", "Starve", "starve", "sleep"),
    _verb("k", "Keep", "keep the card", "sleep"),
    _verb("c", "Cross", "cross the gate", "sleep"),
    _verb("w", "Walk", "walk across", "sleep"),
    _verb("a", "Attack", "attack", "fight"),
    _verb("e", "Flee", "flee (escape)", "fight"),
    _verb("t", "Tame", "tame", "fight"),
    _verb("g", "Give", "give", "fight"),
    _verb("l", "Leave", "leave", "fight"),
    _verb("b", "Buy", "buy", "trade"),
    _verb("i", "Eat", "eat", "trade"),
    _verb("u", "Hunt", "hunt a player", "trade"),
    _verb("x", "Strike", "strike at the hunted player", "trade"),
)
VERBS = tuple((key.keys[0], key.label) for key in VERB_KEYS)

PICK = Key(tuple(str(n) for n in range(1, 10)), "pick({key})", "Action", "choose a move from the list by its number",
           footer=False, shown="`1`-`9`")
UNDO = Key(("ctrl+z",), "undo", "Undo", "take back your last move, if it showed no card and rolled no die",
           footer=False, display="^z")
SAVE_AS = Key(("ctrl+s",), "save_as", "Save as",
              "keep a copy of the game under a name (every game is also saved after each move)",
              footer=False, display="^s")
NEXT_PANEL = Key(("tab",), "app.focus_next", "Next panel", "move between the moves, the hand and the log",
                 footer=False)
# in the help and the palette, not the footer: at 80 columns the footer is for the moves
BOARD_KEYS = (*VERB_KEYS, PICK, NEXT_PANEL, UNDO, SAVE_AS)

HELP = Key(("question_mark", "f1"), "rules", "Help", "the keys and the rules, from anywhere; the same key closes them",
           display="? f1")
QUIT = Key(("q",), "quit", "Quit", "quit (asks first during a game)")
APP_KEYS = (QUIT, HELP)

PALETTE = Key(("ctrl+p",), None, "Commands", "the command palette: every move possible now, the screens, the theme")
CHOOSE = Key(("up", "down", "enter"), None, "", "move in lists and choose", shown="arrows, `enter`, mouse")
BACK = Key(("escape",), None, "Back", "back")

# the help's order: finding help first, then playing, then leaving
HELP_ROWS = (HELP, PALETTE, PICK, CHOOSE, *VERB_KEYS, UNDO, SAVE_AS, NEXT_PANEL, BACK, QUIT)

REPLAY_KEYS = (
    "In a replay: `space` play or pause, `←` `→` one action, `[` `]` a round, `{` `}` a cycle,\n"
    "`home` `end` the start and the end, `-` `+` slower and faster, `g` go to a turn, `c` play on from\n"
    "here as a new game."
)
FOOTER_NOTE = "The footer always shows the keys that do something right now."


def board_bindings() -> list[Binding]:
    """The board screen's bindings, verbs first (the footer's order)."""
    return [binding for key in BOARD_KEYS for binding in key.bindings()]


def app_bindings() -> list[Binding]:
    """The keys that work on every screen."""
    return [binding for key in APP_KEYS for binding in key.bindings()]


def help_bindings() -> list[Binding]:
    """The help's keys for a modal screen (a turn's result, a hand-off, a report, a question), which
    stops the app's own keys from reaching past it: the same keys and words, run on the app."""
    return [Binding(",".join(HELP.keys), f"app.{HELP.action}", HELP.label, key_display=HELP.display)]


def keys_table(rows: tuple[Key, ...] = HELP_ROWS) -> str:
    """The keys as a Markdown table, a group's keys sharing one row."""
    lines = ["| Key | What it does |", "| --- | --- |"]
    done: set[str] = set()
    for row in rows:
        if row.group is None:
            lines.append(f"| {row.written()} | {row.does} |")
            continue
        if row.group in done:
            continue
        done.add(row.group)
        members = [other for other in rows if other.group == row.group]
        keys = " ".join(member.written() for member in members)
        lines.append(f"| {keys} | {', '.join(member.does for member in members)} |")
    return "\n".join(lines) + "\n"


def help_markdown() -> str:
    """The help screen's part about keys."""
    return f"# Keys\n\n{keys_table()}\n{REPLAY_KEYS}\n\n{FOOTER_NOTE}\n"


# the README's list of keys sits between these lines; scripts/readme_keys.py writes it
README_START = "<!-- keys: written by scripts/readme_keys.py from rainboard/ui/keys.py -->"
README_END = "<!-- end of keys -->"


def readme_with_keys(readme: str) -> str:
    """The README's text with its list of keys written anew from the table."""
    start = readme.index(README_START) + len(README_START)
    end = readme.index(README_END)
    return readme[:start] + "\n" + keys_table() + readme[end:]
