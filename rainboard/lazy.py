"""Packages whose public names are imported on first use, so importing one module of a package
does not load the whole of it: the title comes up without the engine, the decks or the save
reader (tests/saves/test_glance.py checks what the title has imported).

    _FROM = {"load_data": "loader", ...}   # public name -> module of the package holding it
    __getattr__, __dir__ = lazy(__name__, _FROM)

`from rainboard.data import load_data` works as before; the name is looked up once and then kept
in the package like any other.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module


def lazy(package: str, names: dict[str, str]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, finding each of `names` in its module."""

    def __getattr__(name: str):
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        vars(sys.modules[package])[name] = value  # found once; later lookups do not come here
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__
