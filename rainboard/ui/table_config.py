"""The table remembered between evenings: the players' names, the options last played with, the preset,
the dice and the theme, in a small JSON file in the user's config folder.

The folder is $RAINBOARD_CONFIG_DIR when set (tests, a second table on one machine), else
platformdirs' user_config_dir("rainboard"). The file is written to a temporary file and renamed, so
it is always whole; a file that cannot be read is ignored with a notice, never a crash.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from dataclasses import dataclass

from rainboard.data.limits import PLAYERS_MAX
from rainboard.text import has_unsafe

ENV_CONFIG_DIR = "RAINBOARD_CONFIG_DIR"
TABLE_FILE = "table.json"
MAX_PLAYERS = PLAYERS_MAX
MAX_NAME = 16


@dataclass(frozen=True, slots=True)  # a dataclass, not attrs: the title comes up without attrs
class RememberedTable:
    """What the setup screen offers: the last table's names and options. Empty names: nobody yet."""

    names: tuple[str, ...] = ()
    precycles: bool = True
    wait_turns: bool | None = None  # None: on for a table of several, off alone
    handoffs: bool = True
    preset: str | None = None
    dice: str | None = None  # the dice variant (rules.toml's [dice]); None: the one the decks name
    theme: str | None = None


@dataclass(slots=True)
class TableOptions:
    """Choices about the table rather than the rules, for the game being played (the setup screen
    makes them; the board, a resumed game, a replay played on and a rematch take them up)."""

    handoffs: bool = True  # a "pass the keyboard" screen between players


def fresh_seed(other_than: str | None = None) -> str:
    """A new seed of six digits, never `other_than` (the last game's, for a rematch)."""
    import secrets

    while True:
        seed = str(secrets.randbelow(900_000) + 100_000)
        if seed != other_than:
            return seed


class TableConfigError(ValueError):
    """The config file is there but is not a table Rainboard wrote."""


def config_dir(override: Path | str | None = None) -> Path:
    """The folder of the table's config: `override`, else $RAINBOARD_CONFIG_DIR, else the user's config
    folder for "rainboard". Not created here."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(ENV_CONFIG_DIR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("rainboard"))


def _check_names(value) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_PLAYERS:
        raise TableConfigError(f"names: expected a list of at most {MAX_PLAYERS} names")
    names = []
    for name in value:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise TableConfigError(f"names: {name!r} is not a name of 1 to {MAX_NAME} characters")
        if has_unsafe(name):  # the setup screen never takes one: the file was written by hand
            raise TableConfigError(f"names: {name!r} holds a control character")
        names.append(name.strip())
    if len(set(names)) != len(names):
        raise TableConfigError("names: two players share a name")
    return tuple(names)


def parse_table(text: str) -> RememberedTable:
    """A remembered table from the file's text; TableConfigError for anything else."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise TableConfigError(f"not JSON ({error.msg}, line {error.lineno})") from None
    if not isinstance(raw, dict):
        raise TableConfigError("expected a JSON object")
    fields = {}
    if "names" in raw:
        fields["names"] = _check_names(raw["names"])
    for key in ("precycles", "handoffs"):
        if key in raw:
            if not isinstance(raw[key], bool):
                raise TableConfigError(f"{key}: expected true or false")
            fields[key] = raw[key]
    if raw.get("wait_turns") is not None:
        if not isinstance(raw["wait_turns"], bool):
            raise TableConfigError("wait_turns: expected true or false")
        fields["wait_turns"] = raw["wait_turns"]
    for key in ("preset", "dice", "theme"):
        if raw.get(key) is not None:
            if not isinstance(raw[key], str):
                raise TableConfigError(f"{key}: expected a name")
            fields[key] = raw[key]
    return RememberedTable(**fields)


def load_table(folder: Path) -> tuple[RememberedTable, str | None]:
    """The remembered table and, when the file was there but could not be used, a notice saying so
    (the defaults are used instead, and the file is left as it is until the next save)."""
    path = Path(folder) / TABLE_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return RememberedTable(), None
    except (OSError, UnicodeDecodeError) as error:
        return RememberedTable(), f"{path} could not be read ({error}); the table starts from the defaults."
    try:
        return parse_table(text), None
    except TableConfigError as error:
        return RememberedTable(), f"{path} is not a table Rainboard can use ({error}); the table starts from the defaults."


def table_json(table: RememberedTable) -> str:
    return json.dumps({"names": list(table.names), "precycles": table.precycles, "wait_turns": table.wait_turns,
                       "handoffs": table.handoffs, "preset": table.preset, "dice": table.dice,
                       "theme": table.theme}, indent=2) + "\n"


def save_table(folder: Path, table: RememberedTable) -> Path:
    """Write the table atomically (a temporary file renamed over the old); OSError if it cannot be."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / TABLE_FILE
    temporary = folder / f".{TABLE_FILE}.{os.getpid()}.tmp"
    try:
        with temporary.open("w", encoding="utf-8") as out:
            out.write(table_json(table))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return path
