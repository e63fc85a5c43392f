"""A stable fingerprint of a game state: the same state gives the same digest in any process.

The digest is the SHA-256 of one JSON text: every field of the state (not its deck data, which
counts through its fingerprint), each frozen value written as an object of its fields plus "_" for
its class name, keys sorted, no spaces; a state without scripted dice leaves "script" out. Saves
store digests, so this text must never change.

`json.dumps` of that body (`plain_text`) is the plain way to write it, but it rebuilds the whole text
for every state. `body_text` writes the same text directly, and remembers the text of each player,
deck and card in hand: states share every one an action did not touch, so most of a digest is
looked up. tests/engine/test_digest.py checks the two against each other over whole games.

A text is remembered for the digests of a few states (_GENERATION) after its last use: what the
next state shares with the last ones, and no more. Only a state that had a text to write counts
(the same state digested again forgets nothing). A memo kept by count alone held the texts of
values long gone from the game, and the values too (kept alive so their ids stay their own): after
a long game's resume, about a megabyte.
"""

from __future__ import annotations

import hashlib
import json
from json.encoder import encode_basestring_ascii as _string  # how json.dumps writes a str
from operator import add, attrgetter, call

import attrs

from .state import Decision, DeckState, Duel, Encounter, GameState, HandCard, Market, Options, Phase, Player, Status

DIGEST_EVERY = 10  # a game keeps its digest every this many actions (the table, its saves, the simulator)
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
    texts = _texts
    return "[" + ",".join([known[1] if (known := texts.get(id(v))) is not None and known[0] is v else _text(v)
                           for v in value]) + "]"  # (a miss is looked up again, among the older texts too)


def _object(value: dict) -> str:
    if not _STR.issuperset(map(type, value)):
        return _slow(value)  # keys json would write otherwise than str() does
    keys = tuple(value)
    order = _orders.get(keys)
    if order is None:
        if len(_orders) >= _LIMIT:
            _orders.clear()
        order = _orders[keys] = tuple(sorted(keys))
    entries = _entries
    parts = []
    for key in order:
        item = value[key]
        known = entries.get(id(item))
        if known is None or known[0] is not item or known[1] != key:
            known = _old_entries.get(id(item))
            if known is None or known[0] is not item or known[1] != key:
                known = (item, key, _string(key) + ":" + _text(item))
                _wrote.append(True)
            if len(entries) >= _LIMIT:
                entries.clear()
            entries[id(item)] = known
        parts.append(known[2])
    return "{" + ",".join(parts) + "}"


_orders: dict[tuple[str, ...], tuple[str, ...]] = {}  # a dict's keys as they come -> as json sorts them
_entries: dict[int, tuple[object, str, str]] = {}  # id -> (a value in a dict, its key, '"key":text')
_old_entries: dict[int, tuple[object, str, str]] = {}  # the same, used in the generation before


def _writer(cls, extra: tuple[str, ...] = (), without: tuple[str, ...] = ()):
    """`write(value, *extra)`: the JSON text of a frozen value as json's sort_keys writes it: "_" (the
    class name) and every field but `data` and `without`, plus the `extra` keys with the texts given.

    The keys' texts are worked out once here; writing a value reads all its fields at once
    (attrgetter) and writes each by the writer for its exact type (_WRITERS)."""
    names = [f.name for f in attrs.fields(cls) if f.name != "data" and f.name not in without]
    keys = sorted(["_", *names, *extra])
    if keys[0] != "_":  # "_" sorts before every lowercase name: the class name comes first
        raise TypeError(f"{cls.__name__}: a field name sorts before '_'")
    fields = [key for key in keys if key in names]
    rest = keys[1:]
    prefixes = tuple("," + _string(key) + ":" for key in rest)
    head = "{" + _string("_") + ":" + _string(cls.__name__)
    places = tuple(rest.index(key) for key in extra)  # where each extra text goes among the rest
    read = attrgetter(*fields) if len(fields) > 1 else (lambda value: (getattr(value, fields[0]),))
    writer_for = _WRITERS.__getitem__

    def write(value) -> str:
        values = read(value)
        return head + "".join(map(add, prefixes, map(call, map(writer_for, map(type, values)), values))) + "}"

    def write_with(value, *texts) -> str:
        values = read(value)
        parts = list(map(call, map(writer_for, map(type, values)), values))
        for place, text in zip(places, texts):
            parts.insert(place, text)
        return head + "".join(map(add, prefixes, parts)) + "}"

    if not fields:
        return lambda value, *texts: head + "".join(map(add, prefixes, texts)) + "}"
    return write_with if extra else write


_RECORDS: dict[type, object] = {}


def _record(value) -> str:
    """A frozen value: {"_": its class name, then each field}, keys sorted."""
    kind = type(value)
    write = _RECORDS.get(kind)
    if write is None:
        write = _RECORDS[kind] = _writer(kind)
    return write(value)


def _text(value) -> str:
    return _WRITERS[type(value)](value)


_LIMIT = 1024  # texts remembered (of each kind) in a generation; all are forgotten when there are more
_GENERATION = 8  # states written in a generation: a text not used in this one or the last is forgotten
_texts: dict[int, tuple[object, str]] = {}  # id -> (the value, kept alive so the id stays its own; text)
_old_texts: dict[int, tuple[object, str]] = {}  # the same, used in the generation before
_digested = 0  # states of this generation that wrote a text
_wrote: list[bool] = []  # not empty once the state being digested wrote a text (a list: no `global`)


def _next_generation() -> None:
    """Forget the texts last used a generation ago; those of this one become the old ones."""
    global _texts, _old_texts, _entries, _old_entries, _digested
    _old_texts, _old_entries = _texts, _entries
    _texts, _entries = {}, {}
    _digested = 0


def forget_memo() -> None:
    """Forget every remembered text, and the values kept alive for them. Once a save is read back,
    what was remembered of the states it passed through is of no use to the game going on (some
    300 KiB, and those states' players and decks): the next digest writes its state's texts anew."""
    for memo in (_texts, _old_texts, _entries, _old_entries):
        memo.clear()


def _memo(value, write) -> str:
    """`write(value)`, remembered by the value's identity: states share their unchanged parts."""
    known = _texts.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    known = _old_texts.get(id(value))
    if known is not None and known[0] is value:
        text = known[1]
    else:
        text = write(value)
        _wrote.append(True)
    if len(_texts) >= _LIMIT:
        _texts.clear()
    _texts[id(value)] = (value, text)
    return text


def _remembered(value) -> str:
    """A player, a deck, a card in hand, the options or a pending decision: written once, then looked up."""
    return _memo(value, _record)


def _pile(value: tuple) -> str:
    """A hand or a deck's pile: remembered like a player."""
    return _memo(value, _array) if value else "[]"


def _other(value) -> str:
    if attrs.has(type(value)):
        return _record(value)
    if isinstance(value, str):  # a StrEnum: json writes the string it is, as _string does
        return _string(value)
    return _slow(value)


class _Writers(dict):
    """The writer for each exact type; a type without one gets _other."""

    def __missing__(self, kind):
        return _other


_STR = frozenset([str])
_WRITERS = _Writers({
    str: _string,
    int: int.__repr__,
    type(None): {None: "null"}.__getitem__,
    bool: {True: "true", False: "false"}.__getitem__,
    tuple: _pile,  # a hand or a pile is often the very tuple the last state had
    list: _array,
    dict: _object,
    Player: _remembered,
    DeckState: _remembered,
    HandCard: _remembered,
    Options: _remembered,  # the same object in every state of a game
    Encounter: _remembered,  # a decision waiting stays the same object for a few states
    Decision: _remembered,
    Market: _remembered,
    Duel: _remembered,
    Phase: _string,
    Status: _string,
})


# -- the state -------------------------------------------------------------------------------------------
_WITH_SCRIPT = _writer(GameState, extra=("deck_data",))
_WITHOUT_SCRIPT = _writer(GameState, extra=("deck_data",), without=("script",))


def body_text(state: GameState) -> str:
    """The text the digest hashes: the same as plain_text(state), written quickly."""
    global _digested
    if _wrote:  # the last state digested counts in this generation
        _wrote.clear()
        _digested += 1
        if _digested >= _GENERATION:
            _next_generation()
    fingerprint = _string(state.data.fingerprint)
    if state.script:
        return _WITH_SCRIPT(state, fingerprint)
    return _WITHOUT_SCRIPT(state, fingerprint)  # a game without scripted dice keeps its old digest


def digest(state: GameState) -> str:
    """16 hex digits over everything in the state and the deck data it is played with."""
    return hashlib.sha256(body_text(state).encode()).hexdigest()[:16]
