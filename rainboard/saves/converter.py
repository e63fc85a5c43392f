"""The strict converter for save files: cattrs with no coercion, no unknown keys, and every problem
turned into one readable line naming the first bad place ("setup.players[0].name: expected a
string, got 3")."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

import cattrs
from cattrs.errors import BaseValidationError, ForbiddenExtraKeysError
from cattrs.v import transform_error


_COUNT = re.compile(r"^(0|[1-9][0-9]*)$")  # an action number as a digests key


def describe_value(value: Any) -> str:
    """A value as an error line shows it: short, in JSON words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value) if len(value) <= 40 else json.dumps(value[:37]) + "..."
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class _Wrong(TypeError):
    """A value of the wrong kind; the message is what the reader sees."""


_WORDS = {int: "a whole number", str: "a string", bool: "true or false"}


def _strict(expected: type):
    def hook(value: Any, _type: Any) -> Any:
        if type(value) is not expected:  # bool is an int, and cattrs would turn "3" into 3
            raise _Wrong(f"expected {_WORDS[expected]}, got {describe_value(value)}")
        return value

    return hook


def utc(moment: datetime) -> datetime:
    """UTC, whole seconds; a naive time is taken to be UTC already."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    for t in (int, str, bool):
        conv.register_structure_hook(t, _strict(t))

    def seed(value: Any, _type: Any) -> int | str:
        if type(value) not in (int, str):
            raise _Wrong(f"expected a whole number or a string, got {describe_value(value)}")
        return value

    conv.register_structure_hook(int | str, seed)

    def moment(value: Any, _type: Any) -> datetime:
        if type(value) is not str:
            raise _Wrong(f"expected an ISO-8601 time, got {describe_value(value)}")
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            raise _Wrong(f"expected an ISO-8601 time, got {describe_value(value)}") from None
        if parsed.tzinfo is None:
            raise _Wrong(f"expected a time with its zone (UTC), got {describe_value(value)}")
        return utc(parsed)

    conv.register_structure_hook(datetime, moment)
    conv.register_unstructure_hook(datetime, lambda m: utc(m).strftime("%Y-%m-%dT%H:%M:%SZ"))

    def tuple_hook(value: Any, type_: Any):
        if not isinstance(value, list):
            raise _Wrong(f"expected a list, got {describe_value(value)}")
        return conv._structure_tuple(value, type_)  # noqa: SLF001 - cattrs' own tuple handling

    conv.register_structure_hook_func(lambda t: getattr(t, "__origin__", None) is tuple, tuple_hook)

    def files(value: Any, _type: Any) -> dict[str, str]:
        if not isinstance(value, dict):
            raise _Wrong(f"expected an object of file texts, got {describe_value(value)}")
        for name, text in value.items():
            if type(text) is not str:
                raise _Wrong(f"{json.dumps(name)}: expected the file's text, got {describe_value(text)}")
        return dict(value)

    conv.register_structure_hook_func(lambda t: t == dict[str, str], files)

    def digests(value: Any, _type: Any) -> dict[int, str]:
        if not isinstance(value, dict):
            raise _Wrong(f"expected an object, got {describe_value(value)}")
        out = {}
        for key, text in value.items():
            if not _COUNT.match(key):
                raise _Wrong(f"{json.dumps(key)}: expected a count of actions as the key")
            if type(text) is not str:
                raise _Wrong(f"{json.dumps(key)}: expected a digest string, got {describe_value(text)}")
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
        return _EXTRA + sorted(exc.extra_fields)[0]  # first_problem puts the key in the path
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
