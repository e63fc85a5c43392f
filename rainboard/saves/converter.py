"""Strict reading for save files: the limits a save must keep, the JSON reader that holds to them,
and the cattrs converter (no coercion, no unknown keys). Every problem becomes one short line
naming the first bad place ("setup.players[0].name: expected a string, got 3"); a value quoted in
a message is cut short and anything unprintable in it is escaped (\\x1b), never shown raw."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

import attrs
import cattrs
from cattrs.errors import BaseValidationError, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn
from cattrs.v import transform_error

from rainboard.data.limits import PLAYERS_MAX
from rainboard.data.strict import checked_tuples, unlisted_functions
from rainboard.engine.digest import DIGEST_EVERY  # a save keeps these, and one after the last

# -- the limits ------------------------------------------------------------------------------------
# A real save is far inside each of these: a 4,000-action game with the shipped decks is 125 KB,
# 675 brackets, 11,000 quotes and five numbers; one of MAX_ACTIONS would be some 2 MB and 260,000
# quotes. They bound the time and memory a hostile file costs: reading one needs the text and at
# most some 30 MB more (the strings MAX_QUOTES allows), whatever it holds.
MAX_FILE_BYTES = 8 * 1024 * 1024  # checked before the file is read
MAX_ACTIONS = 100_000  # the simulator caps its games at 20,000; a game this long replays in some 12 s
MAX_DIGESTS = MAX_ACTIONS // DIGEST_EVERY + 2
MAX_PLAYERS = PLAYERS_MAX  # a save holds a game, one player per slugcat
MAX_TEXT = 64  # every string but the deck files: names, actions, ids, seeds, codes, digests
MAX_DECK_FILES = 200  # the shipped decks are 24 files
MAX_DIGITS = 20  # a whole number's digits: a 64-bit seed fits, a 4,300-digit one never reaches int()
SEED_RANGE = 2**64  # an integer seed lies strictly between -SEED_RANGE and SEED_RANGE
MAX_NUMBERS = 100  # numbers in the whole file; a save holds five
MAX_BRACKETS = 20_000  # '[' and '{' anywhere in the text (deck files too): lists and objects cost memory
MAX_QUOTES = 400_000  # '"' anywhere in the text: each string costs some sixty bytes
MAX_PROBLEM = 300  # characters in a problem's message
SHOWN = 60  # characters of a value quoted in a message

# characters a name or an action may not hold: C0 and C1 controls, DEL, line and paragraph
# separators, the bidirectional overrides that reorder a terminal line, and lone surrogates
_BAD_IN_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
# a deck file is TOML: tabs and line ends are fine, other controls and lone surrogates are not
_BAD_IN_FILE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
_COUNT = re.compile(r"^(0|[1-9][0-9]{0,8})$")  # an action number as a digests key
_PLAIN_KEY = re.compile(r"^[A-Za-z0-9_]{1,40}$")  # a key shown in a message as it is


def escaped(char: str) -> str:
    """One character as an escape: \\x1b, \\u2028, \\ud800, \\U0001f600."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _cut(text: str, limit: int) -> tuple[str, bool]:
    """`text` with every unprintable character escaped, cut to `limit` characters; and whether it was cut."""
    out, used = [], 0
    for char in text:
        part = char if char.isprintable() else escaped(char)
        if used + len(part) > limit:
            return "".join(out), True
        out.append(part)
        used += len(part)
    return "".join(out), False


def printable(text: str, limit: int = MAX_PROBLEM) -> str:
    """Text on one line: every unprintable character escaped, cut to `limit` characters with '...'."""
    cut, short = _cut(text, limit)
    return cut + "..." if short else cut


def shown(text: str, limit: int = SHOWN) -> str:
    """A string as a message quotes it: in double quotes, cut short, unprintables escaped."""
    cut, short = _cut(text.replace("\\", "\\\\").replace('"', '\\"'), limit)
    return f'"{cut}"...' if short else f'"{cut}"'


def shown_key(key: str) -> str:
    """A key as a message names it: plain when it is a plain word, else quoted."""
    return key if _PLAIN_KEY.match(key) else shown(key, 40)


def describe_value(value: Any) -> str:
    """A value as an error line shows it: short, in JSON words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 70 else f"a whole number of about {value.bit_length() * 3 // 10} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def text_problem(text: str, bad: re.Pattern = _BAD_IN_TEXT, limit: int | None = MAX_TEXT) -> str | None:
    """What is wrong with a string a save holds (too long, a control character), or None."""
    if limit is not None and len(text) > limit:
        return f"a text of {len(text)} characters ({shown(text, 20)}); at most {limit} here"
    found = bad.search(text)
    if found:
        char = found.group()
        what = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "the control character"
        where = f" (line {text.count(chr(10), 0, found.start()) + 1})" if limit is None else ""
        return f"{shown(text, 20)} holds {what} {escaped(char)}{where}"
    return None


# -- the JSON reader ---------------------------------------------------------------------------------
class JsonRefused(ValueError):
    """The text breaks a limit while being read as JSON; the message is what the reader sees."""


def _line_column(text: str, offset: int) -> str:
    return f"line {text.count(chr(10), 0, offset) + 1}, column {offset - text.rfind(chr(10), 0, offset)}"


class KeyTwice(JsonRefused):
    """An object in the text gives a key twice; the message says where."""


class _Twice(dict):
    """An object in which a key was given twice (`twice` is that key)."""

    twice: str = ""


def load_json(text: str) -> Any:
    """The JSON value of a save's text, held to the limits: JsonRefused for a text that breaks one
    (too many brackets, strings or numbers, a number too long, NaN), KeyTwice for a key given
    twice in one object, json.JSONDecodeError for a text that is not JSON, RecursionError for one
    nested too deeply."""
    if len(text) > MAX_FILE_BYTES:
        raise JsonRefused(f"{len(text)} characters; a save holds at most {MAX_FILE_BYTES}")
    brackets = text.count("[") + text.count("{")
    if brackets > MAX_BRACKETS:
        raise JsonRefused(f"{brackets} '[' and '{{'; a save holds at most {MAX_BRACKETS}")
    quotes = text.count('"')
    if quotes > MAX_QUOTES:
        raise JsonRefused(f"{quotes} '\"'; a save holds at most {MAX_QUOTES}")
    numbers = [0]

    def number(literal: str, kind: type) -> int | float:
        numbers[0] += 1
        if numbers[0] > MAX_NUMBERS:
            raise JsonRefused(f"more than {MAX_NUMBERS} numbers; a save holds a handful")
        digits = len(literal.lstrip("-"))
        if digits > MAX_DIGITS:
            where = _line_column(text, text.find(literal))
            raise JsonRefused(f"{where}: a number of {digits} characters; a save holds none over {MAX_DIGITS}")
        return kind(literal)

    def constant(name: str) -> float:
        raise JsonRefused(f"{_line_column(text, text.find(name))}: {name} is not JSON")

    doubled = [False]

    def pairs(items: list[tuple[str, Any]]) -> dict:
        made = dict(items)
        if len(made) == len(items):
            return made
        doubled[0] = True
        seen: set[str] = set()
        twice = next(key for key, _ in items if key in seen or seen.add(key))
        made = _Twice(made)
        made.twice = twice
        return made

    value = json.loads(text, parse_int=lambda s: number(s, int), parse_float=lambda s: number(s, float),
                       parse_constant=constant, object_pairs_hook=pairs)
    if doubled[0]:
        raise KeyTwice(_first_twice(value))
    return value


def _first_twice(value: Any) -> str:
    """Where the first key given twice is ("setup.players[0]: "name" is given twice"). Objects and
    lists are looked through in the order of the file, without recursion."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        node, place = stack.pop()
        if isinstance(node, _Twice):
            where = f"{place}: " if place else ""
            return f"{where}{shown(node.twice, 40)} is given twice"
        if isinstance(node, dict):
            stack += [(v, f"{place}.{shown_key(k)}" if place else shown_key(k)) for k, v in reversed(node.items())
                      if isinstance(v, (dict, list))]
        elif isinstance(node, list):
            stack += [(node[i], f"{place}[{i}]") for i in range(len(node) - 1, -1, -1)
                      if isinstance(node[i], (dict, list))]
    return "a key is given twice"


# -- the converter -----------------------------------------------------------------------------------
class _Wrong(TypeError):
    """A value of the wrong kind; the message is what the reader sees."""


_WORDS = {int: "a whole number", str: "a string", bool: "true or false"}


def _strict(expected: type):
    def hook(value: Any, _type: Any) -> Any:
        if type(value) is not expected:  # bool is an int, and cattrs would turn "3" into 3
            raise _Wrong(f"expected {_WORDS[expected]}, got {describe_value(value)}")
        if expected is str:
            problem = text_problem(value)
            if problem:
                raise _Wrong(problem)
        return value

    return hook


def utc(moment: datetime) -> datetime:
    """UTC, whole seconds; a naive time is taken to be UTC already."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    unlisted_functions(conv)  # a save is written by functions cattrs keeps no source of
    for t in (int, str, bool):
        conv.register_structure_hook(t, _strict(t))

    def an_object(cls: type):
        inner = make_dict_structure_fn(cls, conv, _cattrs_use_linecache=False)  # cattrs' own, unlisted

        def hook(value: Any, _type: Any):
            if not isinstance(value, dict):
                raise _Wrong(f"expected an object, got {describe_value(value)}")
            return inner(value, _type)

        return hook

    conv.register_structure_hook_factory(attrs.has, an_object)

    def seed(value: Any, _type: Any) -> int | str:
        if type(value) is str:
            return _strict(str)(value, str)
        if type(value) is not int:
            raise _Wrong(f"expected a whole number or a string, got {describe_value(value)}")
        if not -SEED_RANGE < value < SEED_RANGE:
            raise _Wrong(f"{value} is out of range; a number seed lies within 64 bits")
        return value

    conv.register_structure_hook(int | str, seed)

    def moment(value: Any, _type: Any) -> datetime:
        if type(value) is not str or len(value) > MAX_TEXT:
            raise _Wrong(f"expected an ISO-8601 time, got {describe_value(value)}")
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            raise _Wrong(f"expected an ISO-8601 time, got {describe_value(value)}") from None
        if parsed.tzinfo is None:
            raise _Wrong(f"expected a time with its zone (UTC), got {describe_value(value)}")
        try:
            return utc(parsed)
        except OverflowError:  # a time at the very edge of the calendar, shifted past it
            raise _Wrong(f"expected a time within the calendar, got {describe_value(value)}") from None

    conv.register_structure_hook(datetime, moment)
    conv.register_unstructure_hook(datetime, lambda m: utc(m).strftime("%Y-%m-%dT%H:%M:%SZ"))

    most = {"SavedPlayer": (MAX_PLAYERS, "players"), "str": (MAX_ACTIONS, "actions")}

    def a_short_list(value: Any, type_: Any) -> None:
        if not isinstance(value, list):
            raise _Wrong(f"expected a list, got {describe_value(value)}")
        limit, what = most.get(getattr(type_.__args__[0], "__name__", ""), (MAX_TEXT, "items"))
        if len(value) > limit:
            raise _Wrong(f"{len(value)} {what}; a save holds at most {limit}")

    checked_tuples(conv, a_short_list)

    def files(value: Any, _type: Any) -> dict[str, str]:
        if not isinstance(value, dict):
            raise _Wrong(f"expected an object of file texts, got {describe_value(value)}")
        if len(value) > MAX_DECK_FILES:
            raise _Wrong(f"{len(value)} files; a save holds at most {MAX_DECK_FILES}")
        for name, text in value.items():
            problem = text_problem(name)
            if problem:
                raise _Wrong(f"a file name: {problem}")
            if type(text) is not str:
                raise _Wrong(f"{shown(name, 40)}: expected the file's text, got {describe_value(text)}")
            problem = text_problem(text, _BAD_IN_FILE, limit=None)
            if problem:
                raise _Wrong(f"{shown(name, 40)}: the text {problem}")
        return dict(value)

    conv.register_structure_hook_func(lambda t: t == dict[str, str], files)

    def digests(value: Any, _type: Any) -> dict[int, str]:
        if not isinstance(value, dict):
            raise _Wrong(f"expected an object, got {describe_value(value)}")
        if len(value) > MAX_DIGESTS:
            raise _Wrong(f"{len(value)} digests; a save holds at most {MAX_DIGESTS}")
        out = {}
        for key, text in value.items():
            if not _COUNT.match(key):
                raise _Wrong(f"{shown(key, 20)}: expected a count of actions as the key")
            if type(text) is not str:
                raise _Wrong(f"{shown(key, 20)}: expected a digest string, got {describe_value(text)}")
            problem = text_problem(text)
            if problem:
                raise _Wrong(f"{shown(key, 20)}: {problem}")
            out[int(key)] = text
        return dict(sorted(out.items()))

    conv.register_structure_hook_func(lambda t: t == dict[int, str], digests)
    conv.register_unstructure_hook_func(lambda t: t == dict[int, str], lambda d: {str(k): v for k, v in sorted(d.items())})
    return conv


CONVERTER = _make_converter()


_EXTRA = "\x00unknown key "


def _format_exception(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return "missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return _EXTRA + shown_key(sorted(exc.extra_fields)[0])  # first_problem puts the key in the path
    if isinstance(exc, (TypeError, ValueError)):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def first_problem(exc: Exception) -> str:
    """The first of cattrs' problems as `setup.players[0].name: expected a string, got 3`."""
    if isinstance(exc, BaseValidationError):
        messages = transform_error(exc, path="$", format_exception=_format_exception)
        if messages:
            text, _, where = messages[0].rpartition(" @ ")
            place = where.removeprefix("$").removeprefix(".")
            if text.startswith(_EXTRA):
                key = text.removeprefix(_EXTRA)
                return f"{place}.{key}: unknown key" if place else f"{key}: unknown key"
            return f"{place}: {text}" if place else text
    return _format_exception(exc, None)
