"""The one key table: the board's and the app's bindings, the footer's words, the help's list of keys
and the README's all come from here, so none of them can tell a different story.

A row names its keys (Textual's names), the action they run, the footer's word and what the help
says it does. Keys in one `group` share a row of the help, their words joined: "`d` `p` `f` `s` |
draw, draw from the precycle deck, ...". A row with no action is help only (the arrows, escape).

Every binding has a stable id (`draw`, `undo`, `pick-3`), by which keymap.toml in the config folder
gives it other keys (ui/keymap.py, through Textual's App.set_keymap). The help and the action list
write the keys in force (`keymap` below: binding id -> "key,key"); the footer reads the bindings
themselves, which Textual has remapped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from textual.binding import Binding
from textual.keys import key_to_character

# how the help writes a key that is not written as it is named
SHOWN = {"question_mark": "?", "f1": "F1", "escape": "escape"}
NO_KEYMAP: Mapping[str, str] = {}


def key_shown(key: str) -> str:
    """A Textual key name as the help writes it: `?` for question_mark, `F2`, `ctrl+[`, `space`."""
    if key in SHOWN:
        return SHOWN[key]
    *modifiers, name = key.split("+")
    if re.fullmatch(r"f\d+", name):
        name = name.upper()
    elif len(name) > 1:
        character = key_to_character(name)
        if character is not None and character.isprintable() and not character.isspace():
            name = character
    return "+".join((*modifiers, name))


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
    id: str | None = None  # the keymap's name for the binding; a row of one binding per key: id-KEY
    priority: bool = False  # answered as the key comes in, before the focused panel sees it (see _verb)

    def binding_ids(self) -> tuple[tuple[str, str], ...]:
        """(id, default keys) of each of the row's bindings: one per key when the action names the key."""
        if self.id is None or self.action is None:
            return ()
        if "{key}" in self.action:
            return tuple((f"{self.id}-{key}", key) for key in self.keys)
        return ((self.id, ",".join(self.keys)),)

    def bindings(self) -> list[Binding]:
        """The Textual bindings of this row: one per key when the action names the key, else one."""
        if self.action is None:
            return []
        if "{key}" in self.action:
            return [Binding(key, self.action.format(key=key), self.label, show=self.footer,
                            key_display=self.display, id=f"{self.id}-{key}", priority=self.priority)
                    for key in self.keys]
        return [Binding(",".join(self.keys), self.action, self.label, show=self.footer, key_display=self.display,
                        id=self.id, priority=self.priority)]

    def in_force(self, keymap: Mapping[str, str] = NO_KEYMAP) -> tuple[str, ...]:
        """The row's keys under `keymap` (binding id -> "key,key"), in the order of its bindings."""
        ids = self.binding_ids()
        if not ids:
            return self.keys
        return tuple(key for binding_id, default in ids for key in (keymap.get(binding_id) or default).split(","))

    def written(self, keymap: Mapping[str, str] = NO_KEYMAP) -> str:
        """The keys as the help writes them: `d`, `?` or `F1`; the keys in force when remapped."""
        keys = self.in_force(keymap)
        if keys == self.keys and self.shown is not None:
            return self.shown
        joiner = " " if len(self.binding_ids()) > 1 else " or "  # 1-9 remapped: each key in turn
        return joiner.join(f"`{key_shown(key)}`" for key in keys)


# The keys of a move (the verbs, the numbers, explain) are priority bindings: the board answers them
# as they come in. Otherwise Textual hands a key to the focused panel first, which passes it up
# through its parents to the screen and back to the app before any binding is looked at; those
# hand-overs were about 0.4 ms of every move (benchmarks/ui_speed.py, same presses, same run). It
# changes nothing a player sees: no panel of the board answers a letter or a number itself, and
# KEPT_KEYS below keeps the keys the panels do answer (arrows, enter, tab) out of any remapping.
def _verb(key: str, label: str, does: str, group: str, id: str) -> Key:
    # the action names the verb by its default key, which stays its name whatever key is pressed for it
    return Key((key,), f"verb('{key}')", label, does, group=group, id=id, priority=True)


# the one-key verbs, in footer order; words.action_key says which verb each legal action answers to
VERB_KEYS = (
    _verb("d", "Draw", "draw", "draw", "draw"),
    _verb("p", "Precycle deck", "draw from the precycle deck", "draw", "precycle-deck"),
    _verb("f", "Food", "take a food token", "draw", "food"),
    _verb("s", "Search", "search for a shelter", "draw", "search"),
    _verb("h", "Hibernate", "hibernate", "sleep", "hibernate"),
    _verb("v", "Starve", "starve", "sleep", "starve"),
    _verb("k", "Keep", "keep the card", "sleep", "keep"),
    _verb("c", "Cross", "cross the gate", "sleep", "cross"),
    _verb("w", "Walk", "walk across", "sleep", "walk"),
    _verb("a", "Attack", "attack", "fight", "attack"),
    _verb("e", "Flee", "flee (escape)", "fight", "flee"),
    _verb("t", "Tame", "tame", "fight", "tame"),
    _verb("g", "Give", "give", "fight", "give"),
    _verb("l", "Leave", "leave", "fight", "leave"),
    _verb("b", "Buy", "buy", "trade", "buy"),
    _verb("i", "Eat", "eat", "trade", "eat"),
    _verb("u", "Hunt", "hunt a player", "trade", "hunt"),
    _verb("x", "Strike", "strike at the hunted player", "trade", "strike"),
)
VERBS = tuple((key.keys[0], key.label) for key in VERB_KEYS)

PICK = Key(tuple(str(n) for n in range(1, 10)), "pick({key})", "Action", "choose a move from the list by its number",
           footer=False, shown="`1`-`9`", id="pick", priority=True)
UNDO = Key(("ctrl+z",), "undo", "Undo", "take back your last move, if it showed no card and rolled no die",
           footer=False, display="^z", id="undo")
SAVE_AS = Key(("ctrl+s",), "save_as", "Save as",
              "keep a copy of the game under a name (every game is also saved after each move)",
              footer=False, display="^s", id="save-as")
NEXT_PANEL = Key(("tab",), "app.focus_next", "Next panel", "move between the moves, the hand and the log",
                 footer=False, id="next-panel")
EXPLAIN = Key(("r",), "explain", "Explain",
              "explain the highlighted move, card, creature or region, and the rule behind it", id="explain",
              priority=True)
# in the help and the palette, not the footer: at 80 columns the footer is for the moves
BOARD_KEYS = (*VERB_KEYS, EXPLAIN, PICK, NEXT_PANEL, UNDO, SAVE_AS)

HELP = Key(("question_mark", "f1"), "rules", "Help", "the keys and the rules, from anywhere; the same key closes them",
           display="? f1", id="help")
QUIT = Key(("q",), "quit", "Quit", "quit (asks first during a game)", id="quit")
APP_KEYS = (QUIT, HELP)
TABLE_KEYS = (*BOARD_KEYS, *APP_KEYS)  # every row a keymap may remap


def default_keys() -> dict[str, str]:
    """Every binding id of the table with its default keys ("key,key")."""
    return {binding_id: keys for row in TABLE_KEYS for binding_id, keys in row.binding_ids()}


# Keys no row may take but the one named (it has the key by default): Textual's own, and the lists'
# and panels' on every screen, which a focused widget answers before any binding of the table.
KEPT_KEYS: dict[str, tuple[str, str | None]] = {
    "ctrl+p": ("the command palette", None),
    "ctrl+q": ("quitting", QUIT.id),
    "ctrl+c": ("copying and quitting", None),
    "super+c": ("copying", None),
    "escape": ("going back", None),
    "enter": ("choosing in lists", None),
    "space": ("switching options and going on", None),
    "tab": ("moving to the next panel", NEXT_PANEL.id),
    "shift+tab": ("moving to the panel before", None),
    **{key: ("moving in lists", None) for key in ("up", "down", "left", "right", "home", "end", "pageup", "pagedown")},
}
# The keys other screens keep for their own moves, where quit and help (which work on every screen)
# must still work: those two may not take one. tests/ui/test_keymap.py checks every screen's own
# bindings are here or in KEPT_KEYS.
SCREEN_KEYS: dict[str, tuple[str, str | None]] = {
    "q": ("the too-small notice's quit", QUIT.id),
    "y": ("the answer yes", None),
    "n": ("the answer no, and a new game after a game", None),
    "m": ("a rematch after a game", None),
    "r": ("watching the game again after it", None),
    "t": ("writing a transcript, after a game and in Saved games", None),
    "d": ("downloading a save in a browser", None),
    "c": ("continuing a saved game, and playing on from a replay", None),
    "g": ("going to a turn in a replay", None),
    "slash": ("searching the help", None),
    "ctrl+f": ("searching the help", None),
    "ctrl+z": ("taking back a move", None),
    "ctrl+s": ("starting a game from its setup", None),
    "ctrl+d": ("the challenge of the day", None),
    "ctrl+r": ("a random challenge", None),
    "left_square_bracket": ("a round back in a replay", None),
    "right_square_bracket": ("a round on in a replay", None),
    "left_curly_bracket": ("a cycle back in a replay", None),
    "right_curly_bracket": ("a cycle on in a replay", None),
    "minus": ("slower in a replay", None),
    "plus": ("faster in a replay", None),
    "equals_sign": ("faster in a replay", None),
}
APP_IDS = tuple(binding_id for row in APP_KEYS for binding_id, _ in row.binding_ids())


def key_in_force(row: Key, app) -> str:
    """The row's first key as `app` has it (keymap.toml may have remapped it), as the help writes it."""
    return key_shown(row.in_force(getattr(app, "keymap_in_force", NO_KEYMAP))[0])


def verb_keys(keymap: Mapping[str, str] = NO_KEYMAP) -> dict[str, str]:
    """Each verb's first key in force, as the action list and the notices write it (verb -> key)."""
    return {row.keys[0]: key_shown(row.in_force(keymap)[0]) for row in VERB_KEYS}

PALETTE = Key(("ctrl+p",), None, "Commands", "the command palette: every move possible now, the screens, the theme, a screenshot")
CHOOSE = Key(("up", "down", "enter"), None, "", "move in lists and choose", shown="arrows, `enter`, mouse")
BACK = Key(("escape",), None, "Back", "back")

# the help's order: finding help first, then playing, then leaving
HELP_ROWS = (HELP, PALETTE, PICK, CHOOSE, *VERB_KEYS, EXPLAIN, UNDO, SAVE_AS, NEXT_PANEL, BACK, QUIT)

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


def go_on_binding(keys: str, action: str, label: str) -> Binding:
    """The key that puts away a screen shown between moves (a turn's result, a hand-off, a report)
    and goes on, written `enter` in the footer. Answered as it comes in, as a move's key is (_verb):
    the lines the screen would otherwise hand it to first do nothing with it."""
    return Binding(keys, action, label, key_display="enter", priority=True)


def help_bindings() -> list[Binding]:
    """The help's keys for a modal screen (a turn's result, a hand-off, a report, a question), which
    stops the app's own keys from reaching past it: the same keys and words, run on the app."""
    return [Binding(",".join(HELP.keys), f"app.{HELP.action}", HELP.label, key_display=HELP.display, id=HELP.id)]


def keys_table(rows: tuple[Key, ...] = HELP_ROWS, keymap: Mapping[str, str] = NO_KEYMAP) -> str:
    """The keys (in force under `keymap`) as a Markdown table, a group's keys sharing one row."""
    lines = ["| Key | What it does |", "| --- | --- |"]
    done: set[str] = set()
    for row in rows:
        if row.group is None:
            lines.append(f"| {row.written(keymap)} | {row.does} |")
            continue
        if row.group in done:
            continue
        done.add(row.group)
        members = [other for other in rows if other.group == row.group]
        keys = " ".join(member.written(keymap) for member in members)
        lines.append(f"| {keys} | {', '.join(member.does for member in members)} |")
    return "\n".join(lines) + "\n"


def help_markdown(keymap: Mapping[str, str] = NO_KEYMAP) -> str:
    """The help screen's part about keys, with the keys in force under `keymap`."""
    return f"# Keys\n\n{keys_table(keymap=keymap)}\n{REPLAY_KEYS}\n\n{FOOTER_NOTE}\n"


def keymap_ids_table() -> str:
    """The README's list of the ids keymap.toml may give keys to, with their default keys."""
    lines = ["| Id | Default key | What it does |", "| --- | --- | --- |"]
    for row in (*APP_KEYS, *BOARD_KEYS):
        ids = [binding_id for binding_id, _ in row.binding_ids()]
        named = f"`{ids[0]}`" if len(ids) == 1 else f"`{ids[0]}` ... `{ids[-1]}`"
        lines.append(f"| {named} | {row.written()} | {row.does} |")
    return "\n".join(lines) + "\n"


# the README's list of keys sits between these lines; scripts/readme_keys.py writes it
README_START = "<!-- keys: written by scripts/readme_keys.py from rainboard/ui/keys.py -->"
README_END = "<!-- end of keys -->"


README_IDS_START = "<!-- keymap ids: written by scripts/readme_keys.py from rainboard/ui/keys.py -->"
README_IDS_END = "<!-- end of keymap ids -->"


def _between(text: str, start_mark: str, end_mark: str, body: str) -> str:
    start = text.index(start_mark) + len(start_mark)
    end = text.index(end_mark)
    return text[:start] + "\n" + body + text[end:]


def readme_with_keys(readme: str) -> str:
    """The README's text with its list of keys, and the keymap's ids, written anew from the table."""
    readme = _between(readme, README_START, README_END, keys_table())
    return _between(readme, README_IDS_START, README_IDS_END, keymap_ids_table())
