"""The tutorial's words (assets/tutorial.toml), with their placeholders filled.

A placeholder names a number the engine gave (facts.py) or the key a stage waits for; one left
unfilled shows as itself, `{name}`, rather than stopping the game (tests/ui/test_tutorial.py checks
that none is left in any step)."""

from __future__ import annotations

import tomllib
from functools import lru_cache

from rainboard import paths

FILE = "tutorial.toml"


class _Unfilled(dict):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def fill(text: str, facts: dict) -> str:
    """The text with every `{name}` it has a fact for replaced by that fact."""
    return text.format_map(_Unfilled({name: "?" if value is None else value for name, value in facts.items()}))


@lru_cache(maxsize=1)
def texts() -> dict:
    """The whole file, read once."""
    return tomllib.loads(paths.asset_text(FILE))


def step_words(step_id: str) -> dict:
    """A step's title, stage texts and closing line."""
    return texts()["steps"][step_id]
