"""A stable fingerprint of a game state: the same state gives the same digest in any process.

The digest is the SHA-256 of one JSON text: every field of the state (not its deck data, which
counts through its fingerprint), each frozen value written as an object of its fields plus "_" for
its class name, keys sorted, no spaces; a state without scripted dice leaves "script" out. Saves
store digests, so this text must never change.

`json.dumps` of that body (`plain_text`) is the plain way to write it, but it rebuilds the whole text
for every state. `body_text` writes the same text directly, and remembers the text of each player,
deck and card in hand: states share every one an action did not touch, so most of a digest is
looked up. tests/engine/test_digest.py checks the two against each other over whole games.
"""

from __future__ import annotations

import hashlib
import json
from json.encoder import encode_basestring_ascii as _string  # how json.dumps writes a str
from operator import add, attrgetter

import attrs

from .state import DeckState, GameState, HandCard, Phase, Player, Status

_SEPARATORS = (",", ":")


def _plain(value):
    """The value as JSON-ready lists and dicts (the state's JSON body before sorting)."""
    if attrs.has(type(value)):
        out = {"_": type(value).__name__}
        for field in attrs.fields(type(value)):
            if field.name == "data":
                continue
            out[field.name] = _plain(getattr(value, field.name))
        return out
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def plain_text(state: GameState) -> str:
    """The text the digest hashes, written the plain way (slow; body_text gives the same)."""
    body = _plain(state)
    if not body["script"]:
        del body["script"]  # a game without scripted dice keeps the digest it had before scripts existed
    body["deck_data"] = state.data.fingerprint
    return json.dumps(body, sort_keys=True, separators=_SEPARATORS)


def _slow(value) -> str:
    """A value the writers below do not know, written by json itself (the same text by definition)."""
    return json.dumps(_plain(value), sort_keys=True, separators=_SEPARATORS)


# -- the writers -----------------------------------------------------------------------------------------
# Each value is written by the writer for its exact type (_WRITERS; json's own C functions write
# strings and whole numbers); a type without one goes to _other.
def _array(value) -> str:
    if value and type(value[0]) is str:  # cards in a pile: json's C function writes them all at once
        try:
            return "[" + ",".join(map(_string, value)) + "]"
        except TypeError:  # not all strings after all
            pass
    return "[" + ",".join([_WRITERS.get(type(v), _other)(v) for v in value]) + "]"


def _object(value: dict) -> str:
    if not _STR.issuperset(map(type, value)):
        return _slow(value)  # keys json would write otherwise than str() does
    return "{" + ",".join([_string(k) + ":" + _WRITERS.get(type(v), _other)(v)
                           for k, v in sorted(value.items())]) + "}"


_LAYOUTS: dict[tuple[type, tuple[str, ...]], tuple] = {}


def _layout(cls, extra: tuple[str, ...] = ()) -> tuple:
    """How json's sort_keys lays a frozen class out: its keys in order (its fields but `data`, "_"
    for the class name, and any `extra` keys), each as '"name":'; a function giving the fields'
    values in that order (without "_" and the extras); and where "_" and each extra go."""
    layout = _LAYOUTS.get((cls, extra))
    if layout is None:
        names = sorted(f.name for f in attrs.fields(cls) if f.name != "data")
        keys = sorted(["_", *names, *extra])
        if len(names) > 1:
            values = attrgetter(*names)
        else:
            values = (lambda value, get=attrgetter(*names): (get(value),)) if names else (lambda value: ())
        inserted = sorted(keys.index(k) for k in ("_", *extra))
        layout = _LAYOUTS[cls, extra] = (tuple(_string(k) + ":" for k in keys), values, inserted)
    return layout


def _record(value) -> str:
    """A frozen value: {"_": its class name, then each field}, keys sorted."""
    kind = type(value)
    keys, values, (tag,) = _layout(kind)
    texts = [_WRITERS.get(type(v), _other)(v) for v in values(value)]
    texts.insert(tag, _string(kind.__name__))
    return "{" + ",".join(map(add, keys, texts)) + "}"


_LIMIT = 4096  # texts remembered; all are forgotten when there are more
_texts: dict[int, tuple[object, str]] = {}  # id -> (the value, kept alive so the id stays its own; text)


def _remembered(value) -> str:
    """A player, a deck or a card in hand: written once, then looked up."""
    known = _texts.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    text = _record(value)
    if len(_texts) >= _LIMIT:
        _texts.clear()
    _texts[id(value)] = (value, text)
    return text


def _other(value) -> str:
    if attrs.has(type(value)):
        return _record(value)
    if isinstance(value, str):  # a StrEnum: json writes the string it is, as _string does
        return _string(value)
    return _slow(value)


_STR = frozenset([str])
_WRITERS = {
    str: _string,
    int: int.__repr__,
    type(None): {None: "null"}.__getitem__,
    bool: {True: "true", False: "false"}.__getitem__,
    tuple: _array,
    list: _array,
    dict: _object,
    Player: _remembered,
    DeckState: _remembered,
    HandCard: _remembered,
    Phase: _string,
    Status: _string,
}


# -- the state -------------------------------------------------------------------------------------------
_EXTRA = ("deck_data",)
_KEYS = _layout(GameState, _EXTRA)[0]
_TAG = _KEYS.index(_string("_") + ":")
_DECK_DATA = _KEYS.index(_string("deck_data") + ":")
_SCRIPT = _KEYS.index(_string("script") + ":")
_WITHOUT_SCRIPT = _KEYS[:_SCRIPT] + _KEYS[_SCRIPT + 1:]
_GAME_STATE = _string("GameState")


def body_text(state: GameState) -> str:
    """The text the digest hashes: the same as plain_text(state), written quickly."""
    keys, values, _ = _layout(GameState, _EXTRA)
    texts = [_WRITERS.get(type(v), _other)(v) for v in values(state)]
    for index, text in sorted([(_TAG, _GAME_STATE), (_DECK_DATA, _string(state.data.fingerprint))]):
        texts.insert(index, text)
    if not state.script:  # a game without scripted dice keeps the digest it had before scripts existed
        del texts[_SCRIPT]
        keys = _WITHOUT_SCRIPT
    return "{" + ",".join(map(add, keys, texts)) + "}"


def digest(state: GameState) -> str:
    """16 hex digits over everything in the state and the deck data it is played with."""
    return hashlib.sha256(body_text(state).encode()).hexdigest()[:16]
