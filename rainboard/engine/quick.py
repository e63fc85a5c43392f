"""Building frozen values quickly: the engine's hot path replaces a player's fields, or assembles the
next game state, several times per action, and attrs.evolve's general machinery is most of that cost.

A frozen attrs class refuses plain attribute stores, so filling one in goes through a slower door
(object.__setattr__) once per field. Here a new value is instead filled in as an instance of an
*open twin*: a plain class with the very same slots, where each store is an ordinary, fast one. Once
filled in, the instance is turned into the frozen class by assigning its `__class__` (Python allows
that between classes of the same layout, and checks it). Nothing can see the value half-built.

`replacer(cls)` gives `replace(old, changes)`; `field_replacer(cls, *fields)` gives the same for
fixed fields, taken in order (`replace(old, *values)`); `copier(cls, source)` copies the fields of `source`
into a new `cls`; `freezer(open_cls, cls)` turns a filled-in open instance into `cls` in place.
`slot_init(cls)` gives a class made often (events, actions, parts of the state) an `__init__` that
stores each field through its slot, skipping the frozen class's general door.
They give exactly what attrs' own `__init__` would: they accept only plain slotted attrs classes
(no validators, converters, private names, init hooks or default factories; no weakref slot for
the open twins), and tests/engine/test_speed.py checks them against attrs.
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


def _check_twins(open_cls, cls) -> None:
    """Python lets an instance change class only between classes of one layout: try it once here,
    so a class that cannot be built this way is refused at import, not in the middle of a game."""
    if tuple(cls.__slots__) != tuple(_fields(cls)):
        raise TypeError(f"{cls.__name__} has slots besides its fields (a weakref slot?)")
    trial = object.__new__(open_cls)
    try:
        trial.__class__ = cls
    except TypeError as error:
        raise TypeError(f"{open_cls.__name__} cannot become a {cls.__name__}: {error}") from None


def open_twin(cls):
    """A plain class with the slots of the slotted attrs class `cls` and nothing else."""
    twin = type(f"Open{cls.__name__}", (), {"__slots__": tuple(cls.__slots__)})
    _check_twins(twin, cls)
    return twin


def _compile(name: str, head: str, body: list[str], scope: dict):
    code = compile("\n".join([f"def {name}({head}):", *body]), f"<quick {name}>", "exec")
    exec(code, scope)  # noqa: S102 (the text above is built from field names only)
    return scope[name]


def replacer(cls):
    """`replace(old, changes)`: a copy of `old` with the fields in `changes` (a dict) replaced, as
    attrs.evolve(old, **changes) gives."""
    names = _fields(cls)
    twin = open_twin(cls)
    body = ["    new = _new(_open)"]
    body += [f"    new.{field} = old.{field}" for field in names]
    body += ["    for key, value in changes.items():", "        _setattr(new, key, value)",
             "    new.__class__ = _cls", "    return new"]
    return _compile("replace", "old, changes", body,
                    {"_new": object.__new__, "_open": twin, "_cls": cls, "_setattr": setattr})


def field_replacer(cls, *fields: str):
    """`replace(old, *values)`: a copy of `old` with `fields` (named here, once) given `values`, in
    that order, as attrs.evolve(old, **dict(zip(fields, values))) gives.

    The copy is written out for exactly these fields (one store per field, no loop over a dict of
    changes), for the few player changes made on nearly every action: a turn counted, a search
    going on, food eaten, a card kept."""
    names = _fields(cls)
    unknown = [name for name in fields if name not in names]
    if unknown or len(set(fields)) != len(fields) or not fields or {"old", "new"} & set(names):
        raise TypeError(f"{cls.__name__} cannot replace fields {fields!r}")
    body = ["    new = _new(_open)"]
    body += [f"    new.{field} = {field if field in fields else 'old.' + field}" for field in names]
    body += ["    new.__class__ = _cls", "    return new"]
    return _compile("replace", ", ".join(["old", *fields]), body,
                    {"_new": object.__new__, "_open": open_twin(cls), "_cls": cls})


def copier(cls, source):
    """`copy(value)`: a new `cls` whose slots (named as the fields of the attrs class `source`) take
    the values of the same attributes of `value`. `cls` is a plain slotted class with those slots
    (an open twin of `source`, or a draft like step.Draft), or `source` itself."""
    names = _fields(source)
    for name in names:
        if type(cls.__dict__.get(name)).__name__ != "member_descriptor":
            raise TypeError(f"{cls.__name__} has no slot {name!r}")
    if cls is source:  # frozen: fill an open twin in, then turn it into `source`
        body = ["    new = _new(_open)"]
        body += [f"    new.{field} = value.{field}" for field in names]
        body += ["    new.__class__ = _cls", "    return new"]
        scope = {"_new": object.__new__, "_open": open_twin(source), "_cls": source}
    else:
        if cls.__setattr__ is not object.__setattr__:
            raise TypeError(f"{cls.__name__} is not a plain class (it has its own __setattr__)")
        body = ["    new = _new(_cls)"]
        body += [f"    new.{field} = value.{field}" for field in names]
        body.append("    return new")
        scope = {"_new": object.__new__, "_cls": cls}
    return _compile("copy", "value", body, scope)


def freezer(open_cls, cls):
    """`freeze(value)`: the instance `value` of `open_cls` (a plain class with exactly the slots of the
    frozen attrs class `cls`) turned into a `cls` in place, and returned; nothing is copied, so the
    caller must hold no other way to change it."""
    _fields(cls)
    _check_twins(open_cls, cls)

    def freeze(value):
        value.__class__ = cls
        return value

    return freeze


def slot_init(cls):
    """Give the frozen slotted attrs class `cls` (an event, a value of the state, an action) an
    `__init__` that stores each field through its slot directly: the same values attrs' own would
    store, from the same arguments, without looking up object.__setattr__ again for every field.
    Fields are taken as attrs takes them (keyword-only ones after a `*`). Returns `cls`."""
    names = _fields(cls)
    scope: dict = {}
    params, keyword = [], []
    for field in attrs.fields(cls):
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name} needs attrs' own __init__")
        if field.default is attrs.NOTHING:
            param = field.name
        else:
            scope[f"_default_{field.name}"] = field.default
            param = f"{field.name}=_default_{field.name}"
        (keyword if field.kw_only else params).append(param)
        slot = next(klass.__dict__[field.name] for klass in cls.__mro__ if field.name in klass.__dict__)
        if type(slot).__name__ != "member_descriptor":
            raise TypeError(f"{cls.__name__}.{field.name} is not a slot")
        scope[f"_set_{field.name}"] = slot.__set__
    body = [f"    _set_{name}(self, {name})" for name in names] or ["    pass"]
    head = ", ".join(["self", *params, *(["*", *keyword] if keyword else [])])
    cls.__init__ = _compile("__init__", head, body, scope)
    return cls


def slot_inits(namespace: dict, module: str, leave: tuple[str, ...] = ()) -> None:
    """slot_init for every attrs class defined in `module` (its `namespace`) that it can build
    exactly, except those named in `leave`; the others keep attrs' own __init__."""
    for name, value in list(namespace.items()):
        if isinstance(value, type) and value.__module__ == module and attrs.has(value) and name not in leave:
            try:
                slot_init(value)
            except TypeError:
                continue
