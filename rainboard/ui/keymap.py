"""Keys of your own: keymap.toml in the config folder gives bindings of the key table other keys.

Each line names a binding by its id (keys.py: `draw`, `undo`, `pick-3`, `help`...) and gives it a key
or a list of keys, in Textual's names or as the character itself:

    draw = "n"
    help = ["f1", "?"]

The file is checked whole before anything is used: an unknown id, a key Textual has no name for, two
bindings on one key, or a key a list or another screen keeps for itself, and the table keeps every
default key, with a one-line notice naming the first problem. The keymap is Textual's own (ids to
"key,key", App.set_keymap), so the bindings, and the footer that reads them, change with it.
"""

from __future__ import annotations

from pathlib import Path

from textual.keys import Keys, key_to_character

from .keys import APP_IDS, KEPT_KEYS, SCREEN_KEYS, default_keys, key_shown
from .textual_internals import character_to_key

KEYMAP_FILE = "keymap.toml"
MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")
NAMED_KEYS = frozenset(key.value for key in Keys if "+" not in key.value and not key.value.startswith("<"))


class KeymapError(ValueError):
    """keymap.toml is there but cannot be used as it is."""


def key_name(text: str) -> str:
    """A key as written in the file ("n", "?", "ctrl+F2") as Textual names it ("n", "question_mark",
    "ctrl+f2"); KeymapError for one it has no name for."""
    if not isinstance(text, str) or not text.strip():
        raise KeymapError(f"{text!r} is not a key")
    text = text.strip()
    if len(text) == 1:
        return character_to_key(text)
    head, _, name = text.rpartition("+")
    if not name:  # "ctrl++": the plus key, with ctrl
        head, name = head.removesuffix("+"), "+"
    modifiers = [part.lower() for part in head.split("+")] if head else []
    for modifier in modifiers:
        if modifier not in MODIFIERS:
            raise KeymapError(f"{text!r} is not a key ({modifier!r} is not one of {', '.join(MODIFIERS)})")
    if len(set(modifiers)) != len(modifiers):
        raise KeymapError(f"{text!r} names a modifier twice")
    if len(name) == 1:
        name = character_to_key(name)
    else:
        name = name.lower()
        if name not in NAMED_KEYS and key_to_character(name) is None:
            raise KeymapError(f"{text!r} is not a key Textual knows (such as n, ?, f2, ctrl+n, space)")
    return "+".join((*modifiers, name))


def parse_keymap(text: str) -> dict[str, str]:
    """The keymap (binding id -> "key,key") that keymap.toml's text asks for, checked against the key
    table and the keys kept elsewhere; KeymapError naming the first problem."""
    import difflib  # here: a table without keymap.toml (most) starts without the TOML reader
    import tomllib

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise KeymapError(f"not TOML ({error})") from None
    defaults = default_keys()
    keymap: dict[str, str] = {}
    for binding_id, value in raw.items():
        if binding_id not in defaults:
            close = difflib.get_close_matches(binding_id, defaults, n=1)
            hint = f"did you mean {close[0]}?" if close else "the ids are listed in the README, under Your own keys"
            raise KeymapError(f"no key called {binding_id!r} to remap ({hint})")
        values = [value] if isinstance(value, str) else value
        if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
            raise KeymapError(f'{binding_id}: expected a key such as "n", or a list of keys')
        try:
            names = list(dict.fromkeys(key_name(v) for v in values))
        except KeymapError as error:
            raise KeymapError(f"{binding_id}: {error}") from None
        keymap[binding_id] = ",".join(names)
    _check_clashes(keymap, defaults)
    return keymap


def _check_clashes(keymap: dict[str, str], defaults: dict[str, str]) -> None:
    in_force = {binding_id: (keymap.get(binding_id) or keys).split(",") for binding_id, keys in defaults.items()}
    owners: dict[str, list[str]] = {}
    for binding_id, keys in in_force.items():
        for key in keys:
            owners.setdefault(key, []).append(binding_id)
    for binding_id, keys in keymap.items():
        for key in keys.split(","):
            shown = key_shown(key)
            others = [other for other in owners[key] if other != binding_id]
            if others:
                raise KeymapError(f"{binding_id} and {others[0]} would share the key {shown}")
            kept = KEPT_KEYS.get(key)
            if kept is not None and kept[1] != binding_id:
                raise KeymapError(f"{binding_id}: {shown} is kept for {kept[0]}")
            kept = SCREEN_KEYS.get(key) if binding_id in APP_IDS else None
            if kept is not None and kept[1] != binding_id:
                raise KeymapError(f"{binding_id} works on every screen, and {shown} is kept for {kept[0]}")


def load_keymap(folder: Path) -> tuple[dict[str, str], str | None]:
    """The keymap in `folder`'s keymap.toml ({} without one) and, when the file is there but cannot be
    used, a one-line notice saying why: the default keys are used then, and the game goes on."""
    path = Path(folder) / KEYMAP_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as error:
        return {}, f"{path} could not be read ({error}); the keys are the defaults."
    try:
        return parse_keymap(text), None
    except KeymapError as error:
        return {}, f"{path} was not used: {error}. The keys are the defaults."
