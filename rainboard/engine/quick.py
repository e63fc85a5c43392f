"""Building frozen values quickly: the engine's hot path replaces a player's fields, or assembles the
next game state, several times per action, and attrs.evolve's general machinery is most of that cost.

`replacer(cls)` and `copier(cls, source)` write, once per class, a small function that fills a new
instance's slots straight from another object. They give exactly what attrs' own `__init__` would:
they accept only plain slotted attrs classes (no validators, converters, private names or init
hooks), and tests/engine/test_speed.py checks them against attrs.evolve.
"""

from __future__ import annotations

import attrs


def _fields(cls) -> tuple[str, ...]:
    if not (attrs.has(cls) and "__slots__" in cls.__dict__):
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        raise TypeError(f"{cls.__name__} has init hooks")
    names = []
    for field in attrs.fields(cls):
        if field.validator is not None or field.converter is not None or not field.init \
                or field.name.startswith("_") or field.alias != field.name:
            raise TypeError(f"{cls.__name__}.{field.name} needs attrs' own __init__")
        names.append(field.name)
    return tuple(names)


def _compile(cls, name: str, head: str, value: str, tail: str, names: tuple[str, ...] | None = None):
    names = _fields(cls) if names is None else names
    lines = [f"def {name}({head}):", "    new = _new(_cls)"]
    lines += [f"    _set_{field}(new, {value.format(field=field)})" for field in names]
    lines += tail
    lines.append("    return new")
    scope = {"_new": object.__new__, "_cls": cls, "_setattr": object.__setattr__}
    for field in names:
        scope[f"_set_{field}"] = cls.__dict__[field].__set__  # the slot itself: no frozen check
    code = compile("\n".join(lines), f"<quick {name} {cls.__name__}>", "exec")
    exec(code, scope)  # noqa: S102 (the text above is built from field names only)
    return scope[name]


def replacer(cls):
    """`replace(old, changes)`: a copy of `old` with the fields in `changes` (a dict) replaced, as
    attrs.evolve(old, **changes) gives."""
    return _compile(cls, "replace", "old, changes", "old.{field}",
                    ["    for key, value in changes.items():", "        _setattr(new, key, value)"])


def copier(cls, source):
    """`copy(value)`: a new `cls` whose slots (named as the fields of the attrs class `source`) take
    the values of the same attributes of `value`: an instance of `source` as a `cls`, or back."""
    names = _fields(source)
    for name in names:
        if type(cls.__dict__.get(name)).__name__ != "member_descriptor":
            raise TypeError(f"{cls.__name__} has no slot {name!r}")
    return _compile(cls, "copy", "value", "value.{field}", [], names)
