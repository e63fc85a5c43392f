"""Where the deck data and the text assets are found.

An installed wheel carries copies of decks/ and assets/ inside the package (rainboard/_bundled);
a checkout (including an editable install) uses the top-level folders, so edits show up at once.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_BUNDLED = _PACKAGE / "_bundled"
_CHECKOUT = _PACKAGE.parent


def _find(name: str) -> Path:
    bundled = _BUNDLED / name
    if bundled.is_dir():
        return bundled
    return _CHECKOUT / name


def decks_dir() -> Path:
    """The folder holding the shipped deck data (rules, slugcats, cards, regions)."""
    return _find("decks")


def assets_dir() -> Path:
    """The folder holding the shipped text assets (title art, rules)."""
    return _find("assets")


def asset_text(name: str) -> str:
    """The text of one asset file, e.g. `asset_text("title.txt")`; raises OSError if it is missing."""
    return (assets_dir() / name).read_text(encoding="utf-8")
