"""A game state rebuilt from the text its digest hashes (engine/digest.py's body_text).

That text is a full JSON writing of the state: each frozen value an object of its fields plus "_"
for its class name, tuples as lists, enums as their strings, the deck data left out (only its
fingerprint, under "deck_data"). `state_from_text` reads it back into the engine's own values, for
the resume cache (resume_cache.py).

Nothing in the text is run: the JSON is read with json.loads, a class is found by its name in a
fixed table of the engine's state classes, and each field is read by the type its attrs field
declares (the declared types are parsed here, from the few forms the state uses). A value that is
not of the declared type, a key that is not a field, a field missing, a class not in the table:
StateTextError. The caller still compares the rebuilt state's digest with the one it expects, as
the digest alone cannot tell a tuple from a list or an enum from its string: this reader does.
"""

from __future__ import annotations

import json
from functools import cache

import attrs

from rainboard.data import GameData
from rainboard.engine.state import Decision, DeckState, Duel, Encounter, GameState, HandCard, Market, Options, Phase, Player, Status

RECORDS = {cls.__name__: cls for cls in (GameState, Player, DeckState, HandCard, Options, Encounter, Decision, Market, Duel)}
ENUMS = {cls.__name__: cls for cls in (Phase, Status)}
PLAIN = {"int": int, "str": str, "bool": bool, "None": type(None)}
ALIASES = {"Pending": "Encounter | Decision | Market | Duel"}  # state.py's union of what can be waiting
SKIPPED = "data"  # the deck data: not in the text; the caller gives it


class StateTextError(ValueError):
    """The text is not a state this reader can rebuild exactly."""


# -- the declared types ------------------------------------------------------------------------------
def _split(text: str, sep: str) -> list[str]:
    """`text` split at `sep` outside brackets."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += (char == "[") - (char == "]")
        if char == sep and depth == 0:
            parts.append(text[start:at].strip())
            start = at + 1
    parts.append(text[start:].strip())
    return parts


@cache
def declared(text: str) -> tuple:
    """A field's declared type as a small tree: ("union", options), ("tuple", item), ("dict", key,
    value), ("record", cls), ("enum", cls) or ("plain", type). A form the state does not use is a
    StateTextError (the cache is then not used)."""
    text = ALIASES.get(text.strip(), text.strip())
    options = _split(text, "|")
    if len(options) > 1:
        return ("union", tuple(declared(option) for option in options))
    if text.startswith("tuple[") and text.endswith(", ...]"):
        return ("tuple", declared(text[6:-6]))
    if text.startswith("dict[") and text.endswith("]"):
        key, value = _split(text[5:-1], ",")
        return ("dict", declared(key), declared(value))
    if text in RECORDS:
        return ("record", RECORDS[text])
    if text in ENUMS:
        return ("enum", ENUMS[text])
    if text in PLAIN:
        return ("plain", PLAIN[text])
    raise StateTextError(f"a field declared as {text!r}: not a type the reader knows")


@cache
def _fields(cls: type) -> tuple[tuple[str, tuple, bool], ...]:
    """(name, declared type, has a default) of each field the text holds."""
    return tuple((f.name, declared(f.type), f.default is not attrs.NOTHING)
                 for f in attrs.fields(cls) if f.name != SKIPPED)


# -- reading -------------------------------------------------------------------------------------------
def _value(value, kind: tuple):
    form = kind[0]
    if form == "plain":
        if type(value) is not kind[1]:
            raise StateTextError(f"expected {kind[1].__name__}, found {type(value).__name__}")
        return value
    if form == "union":
        for option in kind[1]:
            if _fits(value, option):
                return _value(value, option)
        raise StateTextError(f"{type(value).__name__} fits none of the declared types")
    if form == "tuple":
        if type(value) is not list:
            raise StateTextError(f"expected a list, found {type(value).__name__}")
        return tuple([_value(item, kind[1]) for item in value])
    if form == "dict":
        if type(value) is not dict or "_" in value:
            raise StateTextError("expected an object of entries")
        return {_key(key, kind[1]): _value(item, kind[2]) for key, item in value.items()}
    if form == "enum":
        if type(value) is not str:
            raise StateTextError(f"expected a {kind[1].__name__} string")
        return kind[1](value)  # ValueError for a string it does not have
    return _record(value, kind[1])


def _fits(value, kind: tuple) -> bool:
    """Whether a JSON value is of the declared type's kind (the union's choice)."""
    form = kind[0]
    if form == "plain":
        return type(value) is kind[1]
    if form == "record":
        return type(value) is dict and value.get("_") == kind[1].__name__
    if form == "enum":
        return type(value) is str
    return type(value) is (list if form == "tuple" else dict)


def _key(key: str, kind: tuple):
    """A dict key as the field declares it: JSON writes every key as a string."""
    if kind == ("plain", str):
        return key
    if kind == ("plain", int) and key.lstrip("-").isdigit() and str(int(key)) == key:
        return int(key)
    raise StateTextError(f"a key {key[:20]!r} of a kind the reader does not take")


def _record(value, cls: type, extra: frozenset[str] = frozenset(), given: dict | None = None):
    if type(value) is not dict or value.get("_") != cls.__name__:
        raise StateTextError(f"expected a {cls.__name__}")
    fields = _fields(cls)
    known = {name for name, _, _ in fields} | extra | {"_"}
    unknown = set(value) - known
    if unknown:
        raise StateTextError(f"{cls.__name__} has no field {sorted(unknown)[0][:20]!r}")
    made = {}
    for name, kind, defaulted in fields:
        if name in value:
            made[name] = _value(value[name], kind)
        elif not defaulted:
            raise StateTextError(f"{cls.__name__}.{name} is missing")
    if given:
        made.update(given)
    return cls(**made)


def state_from_text(text: str, data: GameData) -> GameState:
    """The state written as `text` (digest.body_text), played with `data`; StateTextError if the
    text is not one, or was written with other deck data."""
    try:
        body = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise StateTextError(f"not JSON: {type(exc).__name__}") from None
    if type(body) is not dict or body.get("deck_data") != data.fingerprint:
        raise StateTextError("written for other deck data")
    return _record(body, GameState, extra=frozenset(["deck_data"]), given={SKIPPED: data})
