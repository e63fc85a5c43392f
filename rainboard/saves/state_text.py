"""A game state rebuilt from the text its digest hashes (engine/digest.py's body_text).

That text is a full JSON writing of the state: each frozen value an object of its fields plus "_"
for its class name, tuples as lists, enums as their strings, the deck data left out (only its
fingerprint, under "deck_data"). `state_from_text` reads it back into the engine's own values, for
the resume cache (resume_cache.py), through a cattrs converter of its own, as the saves are read.

Nothing in the text is run: the JSON is read with json.loads and structured by the fields' declared
types. The converter takes no value but of its exact type (cattrs would turn "3" into 3), no key
that is not a field and no class name that is not the value's own; a waiting decision (the
state's `pending`, one of four kinds) is told apart by its "_". Anything else: StateTextError. The
caller still compares the rebuilt state's digest with the one it expects.
"""

from __future__ import annotations

import json

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn
from cattrs.strategies import configure_tagged_union

from rainboard.data import GameData
from rainboard.data.strict import unlisted_functions
from rainboard.engine.state import GameState, Pending, Phase, Status

TAG = "_"  # the key under which body_text writes a value's class name


class StateTextError(ValueError):
    """The text is not a state this reader can rebuild exactly."""


def _exact(expected: type):
    def hook(value, _type):
        if type(value) is not expected:  # bool is an int, and cattrs would turn "3" into 3
            raise StateTextError(f"expected {expected.__name__}, found {type(value).__name__}")
        return value

    return hook


def _seed(value, _type):
    if type(value) not in (int, str):
        raise StateTextError(f"a seed is a whole number or a text, not {type(value).__name__}")
    return value


def _record_hook(converter: cattrs.Converter):
    def factory(cls: type):
        structure = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True, _cattrs_use_linecache=False)

        def hook(value, _type):
            if type(value) is not dict:
                raise StateTextError(f"expected a {cls.__name__}")
            if TAG in value:  # (a waiting decision's is taken off by the tagged union)
                if value[TAG] != cls.__name__:
                    raise StateTextError(f"a {str(value[TAG])[:20]!r} where a {cls.__name__} belongs")
                value = {key: item for key, item in value.items() if key != TAG}
            return structure(value, cls)

        return hook

    return factory


def _converter() -> cattrs.Converter:
    """A converter for one reading: Continue reads a state once, and the functions cattrs writes
    for the state's classes (some 100 KiB) would stay for nothing while the game is played."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    unlisted_functions(converter)  # (the tagged union writes functions of its own)
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exact(kind))
    for enum in (Phase, Status):
        converter.register_structure_hook(enum, lambda value, kind: kind(_exact(str)(value, kind)))
    converter.register_structure_hook(int | str, _seed)
    converter.register_structure_hook(GameData, lambda value, _type: value)  # the caller's, put in below
    converter.register_structure_hook_factory(attrs.has, _record_hook(converter))
    configure_tagged_union(Pending, converter, tag_name=TAG)
    converter.register_structure_hook(  # `pending`: nothing waiting, or one of the four
        Pending | None, lambda value, _type: None if value is None else converter.structure(value, Pending))
    return converter


def state_from_text(text: str, data: GameData) -> GameState:
    """The state written as `text` (digest.body_text), played with `data`; StateTextError if the
    text is not one, or was written with other deck data."""
    try:
        body = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise StateTextError(f"not JSON: {type(exc).__name__}") from None
    if type(body) is not dict or body.get("deck_data") != data.fingerprint or "data" in body:
        raise StateTextError("written for other deck data")
    body = {**{key: item for key, item in body.items() if key != "deck_data"}, "data": data}
    try:
        return _converter().structure(body, GameState)
    except StateTextError:
        raise
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise StateTextError(f"not a state: {type(exc).__name__}") from None
