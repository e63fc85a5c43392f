"""Table presets: named ways to play the same decks, each a file in decks/presets/ that changes some
numbers of rules.toml.

    # decks/presets/short.toml
    name = "Short game"
    text = "A short game of about an hour."

    [rules]
    karma_start = 2   # every key is a field of Rules (rules.toml), read as strictly as rules.toml

A preset is named by its file (`short`). "standard" is always offered: decks without
presets/standard.toml (those in every save made before presets) get one that changes nothing.
"""

from __future__ import annotations

import hashlib
import re

from attrs import field, frozen

from . import limits
from .models import STANDARD_PRESET, Preset, Rules

PRESETS_FOLDER = "presets"
PRESET_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")  # typed on the command line: keep it plain

IMPLICIT_STANDARD = Preset(STANDARD_PRESET, "Standard game", "The game as the rulebook and rules.toml set it.")


@frozen
class PresetFile:
    """A preset file as written; `rules` reads the [rules] table as a whole Rules (unknown keys and
    wrong types are errors), of which the loader keeps only the keys the file sets."""

    name: str = field(validator=limits.name)
    text: str = field(validator=limits.text)
    rules: Rules = field(factory=Rules)


def preset_path(preset_id: str) -> str:
    """Where a preset lives inside a decks folder: `presets/<id>.toml`."""
    return f"{PRESETS_FOLDER}/{preset_id}.toml"


def fingerprint(files: dict[str, str], preset: Preset, dice: str | None = None) -> str:
    """A digest of the decks as played: every file but the presets, then the preset played, unless it
    is the standard one overriding nothing (so the standard game keeps the fingerprint its decks had
    before presets, and tuning one preset moves no other's), then the dice variant when it is not
    the one the files name (`dice` None)."""
    digest = hashlib.sha256()
    for path in sorted(files):
        if _is_preset_file(path):
            continue
        digest.update(path.encode())
        digest.update(files[path].encode())
    if preset.id != STANDARD_PRESET or preset.overrides:
        digest.update(f"\0preset\0{preset.id}\0".encode())
        digest.update(files.get(preset_path(preset.id), "").encode())
    if dice is not None:
        digest.update(f"\0dice\0{dice}\0".encode())
    return digest.hexdigest()[:16]


def _is_preset_file(path: str) -> bool:
    return path.startswith(PRESETS_FOLDER + "/") and path.count("/") == 1
