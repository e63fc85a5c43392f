"""The strict cattrs converter for deck files, and its errors as readable lines.

Unknown keys are errors, and an int field will not accept "3" or true. Every problem becomes one
line naming the file, the place and the problem (`decks/x.toml: cards[3].hp: expected an integer,
got "ten"`), so a table editing its house rules sees exactly what to fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import transform_error

from .dice import RENAMED, DiceRules
from .limits import LIST_MAX, QUOTE_MAX, escaped, quoted
from .models import CARD_KINDS, AbilityWords, Card, SavedCreatureCard


_TYPE_WORDS = {int: "an integer", str: "a string", bool: "true or false", float: "a number"}


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return quoted(value)


class _WrongType(TypeError):
    def __init__(self, expected: type, value: Any):
        super().__init__(f"expected {_TYPE_WORDS.get(expected, expected.__name__)}, got {_describe(value)}")


def _strict(expected: type):
    def hook(value: Any, _type: Any) -> Any:
        # bool is a subclass of int: true must not pass as 1
        if type(value) is not expected:
            raise _WrongType(expected, value)
        return value

    return hook


def is_tuple(type_: Any) -> bool:
    """Whether a field's type is a tuple (`tuple[int, ...]`, `tuple[str, int]`)."""
    return getattr(type_, "__origin__", None) is tuple


def checked_tuples(conv: cattrs.Converter, check: Callable[[Any, Any], None]) -> None:
    """Read every tuple field through `check(value, type_)` first (it raises on a value that is no
    list, or one too long), then entry by entry with `conv`, each bad entry named by its index."""

    def factory(type_: Any) -> Callable[[Any, Any], tuple]:
        args = getattr(type_, "__args__", ())
        if not args or len(args) == 2 and args[1] is Ellipsis:  # tuple[X, ...]: cattrs' own hook
            entries = homogenous_tuple_structure_factory(type_, conv)
        else:
            entries = _fixed_tuple(conv, type_)

        def hook(value: Any, _type: Any) -> tuple:
            check(value, type_)
            return entries(value, type_)

        return hook

    conv.register_structure_hook_factory(is_tuple, factory)


def _fixed_tuple(conv: cattrs.Converter, type_: Any) -> Callable[[Any, Any], tuple]:
    """A hook for a tuple of so many entries of given types (`tuple[str, int]`)."""
    types = type_.__args__

    def hook(value: Any, _type: Any) -> tuple:
        if len(value) != len(types):
            raise ValueError(f"expected {len(types)} entries, got {len(value)}")
        entries, errors = [], []
        for index, (entry, entry_type) in enumerate(zip(value, types)):
            try:
                entries.append(conv.structure(entry, entry_type))
            except Exception as exc:  # noqa: BLE001 - gathered, as cattrs gathers a list's errors
                exc.__notes__ = [*getattr(exc, "__notes__", []),
                                 IterableValidationNote(f"Structuring {type_} @ index {index}", index, entry_type)]
                errors.append(exc)
        if errors:
            raise IterableValidationError(f"While structuring {type_!r}", errors, type_)
        return tuple(entries)

    return hook


def unlisted_functions(conv: cattrs.Converter) -> None:
    """Have `conv` write its functions for attrs classes as cattrs does by default, but without
    putting their source in `linecache` (there only for a traceback's lines): those texts stay
    after the converter is let go, some 200 KiB for the decks, a save and a state."""
    conv.register_structure_hook_factory(attrs.has, lambda cls: make_dict_structure_fn(
        cls, conv, _cattrs_use_linecache=False))
    conv.register_unstructure_hook_factory(attrs.has, lambda cls: make_dict_unstructure_fn(
        cls, conv, _cattrs_use_linecache=False))


def converter(saved: bool = False) -> cattrs.Converter:
    """The strict converter for deck files; `saved`: for decks carried inside a save, where a
    creature may still set the `tame_cost` older decks had, so a game saved under them replays as
    it was played. A new one for each load, let go after it: the functions it writes for the deck
    classes are of no use once the decks are read, and a game holds its decks for hours."""
    return _make_converter({**CARD_KINDS, "creature": SavedCreatureCard} if saved else CARD_KINDS)


def _make_converter(kinds: dict[str, type] = CARD_KINDS) -> cattrs.Converter:
    """The strict converter; `kinds` maps a card's `kind` to the class it is read as."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    unlisted_functions(conv)
    for t in (int, str, bool):
        conv.register_structure_hook(t, _strict(t))

    def structure_float(value: Any, _type: Any) -> float:
        if type(value) not in (int, float):
            raise _WrongType(float, value)
        return float(value)

    conv.register_structure_hook(float, structure_float)

    def structure_card(value: Any, _type: Any) -> Card:
        if not isinstance(value, dict):
            raise TypeError(f"expected a table, got {_describe(value)}")
        kind = value.get("kind")
        if kind is None:
            raise ValueError(f"kind: missing (one of {', '.join(CARD_KINDS)})")
        cls = kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"kind: unknown kind {_describe(kind)} (one of {', '.join(CARD_KINDS)})")
        return conv.structure(value, cls)

    conv.register_structure_hook(Card, structure_card)

    words = make_dict_structure_fn(AbilityWords, conv, _cattrs_forbid_extra_keys=True, _cattrs_use_linecache=False)

    def structure_words(value: Any, _type: Any) -> AbilityWords:
        # abilities.toml holds one table per ability; `ambush = "..."` must say so, not fail inside cattrs
        if not isinstance(value, dict):
            raise TypeError(f"expected a table with name and text, got {_describe(value)}")
        return words(value, _type)

    conv.register_structure_hook(AbilityWords, structure_words)

    # [dice.2d10] names a variant; a Python name cannot begin with a digit
    dice = make_dict_structure_fn(DiceRules, conv, _cattrs_forbid_extra_keys=True, _cattrs_use_linecache=False,
                                  **{name: override(rename=key) for name, key in RENAMED.items()})

    def structure_dice(value: Any, _type: Any) -> DiceRules:
        if not isinstance(value, dict):
            raise TypeError(f"expected a table ([dice]), got {_describe(value)}")
        return dice(value, _type)

    conv.register_structure_hook(DiceRules, structure_dice)

    def a_short_list(value: Any, _type: Any) -> None:
        if not isinstance(value, list):
            raise TypeError(f"expected a list, got {_describe(value)}")
        if len(value) > LIST_MAX:  # refused before any entry is read
            raise ValueError(f"{len(value)} entries, at most {LIST_MAX}")

    checked_tuples(conv, a_short_list)
    return conv


def _format_exception(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return "missing (required)"
    if isinstance(exc, ForbiddenExtraKeysError):
        keys = ", ".join(escaped(key) for key in sorted(exc.extra_fields))
        return f"unknown key(s): {keys if len(keys) <= QUOTE_MAX else keys[:QUOTE_MAX - 3] + '...'}"
    if isinstance(exc, (_WrongType, TypeError, ValueError)):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _error_lines(exc: Exception, where: str) -> list[str]:
    """One line per problem: `decks/x.toml: cards[3].hp: expected an integer, got "ten"`."""
    if isinstance(exc, (ClassValidationError, IterableValidationError)):
        lines = []
        for message in transform_error(exc, path="$", format_exception=_format_exception):
            text, _, path = message.rpartition(" @ ")
            # a table's key (abilities.toml: $['ambush']) reads like any other place: ambush
            path = re.sub(r"\['([^']*)'\]", r".\1", path)
            place = path.removeprefix("$").removeprefix(".")
            # a validator names its own field ("hp: must be at least 1"): fold it into the place
            field_name = re.match(r"^([a-z_]+): ", text)
            if field_name:
                place = f"{place}.{field_name.group(1)}" if place else field_name.group(1)
                text = text[field_name.end():]
            lines.append(f"{where}: {place}: {text}" if place else f"{where}: {text}")
        return lines
    return [f"{where}: {_format_exception(exc, None)}"]
