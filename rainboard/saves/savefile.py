"""The save file: a game's seed, setup, deck data and actions, as versioned JSON.

A save holds no game state. Seed, decks and the action texts rebuild the game through the engine;
digests taken along the way (every 10 actions and after the last) prove the rebuilt game is the
one that was played. Reading is strict (unknown keys, wrong types and missing keys are errors) and
every problem comes out as one `SaveError` line naming the file and the first bad place.

    save = new_save(setup, data, table_handoffs=True, now=datetime.now(UTC))
    save = record(save, actions, digests, finished=False, outcome=None, now=datetime.now(UTC))
    write_save(path, save)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import stat
from datetime import UTC, datetime
from pathlib import Path

import attrs
from attrs import frozen

from rainboard.data import STANDARD_PRESET, DeckError, GameData, load_deck_files
from rainboard.data.dice import DEFAULT_VARIANT
from rainboard.engine import RULES_VERSION, GameState, Options, PlayerSetup, Setup, digest, new_game
from rainboard.engine.deck_checks import rule_problems
from rainboard.engine.state import OVER

from . import disk
from .converter import (CONVERTER, DIGEST_EVERY, MAX_FILE_BYTES, MAX_PLAYERS, JsonRefused, KeyTwice, describe_value,
                        first_problem, load_json, printable, utc)

FORMAT = "rainboard-save"
VERSION = 1
RULES_UNRECORDED = 1  # saves were written without `rules` while the engine played rules 1
STAMP_CHARS = 16  # hex digits of a save file's stamp: 64 bits, so two versions of one game never share one

_GAME_ID = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]*$")  # it names the autosave file: no folders


class SaveError(ValueError):
    """A save that cannot be read, played back or written. `path` is the file (None when the save
    was not read from one); the message is one short line: `<file>: <first problem>`, anything
    unprintable in it escaped. A save that fails while it is played back says where as data too:
    `action` is the number of the action it fails at (None when it is not one action's fault), and
    `digest_mismatch` whether it was a digest there that did not match."""

    def __init__(self, path: Path | str | None, problem: str, *, action: int | None = None,
                 digest_mismatch: bool = False):
        self.path = Path(path) if path is not None else None
        self.problem = printable(problem)
        self.action = action
        self.digest_mismatch = digest_mismatch
        super().__init__(f"{printable(str(path), 1000)}: {self.problem}" if path is not None else self.problem)


class SaveWriteError(SaveError, OSError):
    """A save that could not be written. An OSError too, so the autosave, which meets a failing
    disk by telling the table and playing on, meets every failed write that way."""


# -- the shape of a save (format version 1) ------------------------------------------------------
@frozen
class SavedPlayer:
    name: str
    slugcat: str | None


@frozen
class SavedOptions:
    precycles: bool
    wait_turns: bool | None


@frozen
class SavedSetup:
    players: tuple[SavedPlayer, ...]
    options: SavedOptions


@frozen
class TableSettings:
    handoffs: bool  # the hot-seat hand-off screen between players


@frozen
class ChallengeRef:
    code: str


@frozen
class SavedDecks:
    """The deck data the game is played with, carried whole so the save replays after the shipped
    decks change, and the preset (presets/<id>.toml among the files) whose rules were played. Saves
    from before presets have no `preset` (the standard game) and no `dice` (rolled on the d20)."""

    name: str
    preset: str = attrs.field(default=STANDARD_PRESET, kw_only=True)
    dice: str = attrs.field(default=DEFAULT_VARIANT, kw_only=True)
    fingerprint: str
    files: dict[str, str] = attrs.field(repr=False)


@frozen
class SavedOutcome:
    winner: str  # the winner's name
    turns: int  # the winner's turns
    solo_score: int | None


@frozen
class SaveGame:
    """One game as the file holds it. Every field is required in the file, except `rules`: the
    saves written before it was recorded were all played under rules 1."""

    format: str
    version: int
    rules: int = attrs.field(default=RULES_UNRECORDED, kw_only=True)  # the engine's RULES_VERSION when played
    game_id: str
    created: datetime  # UTC, whole seconds
    updated: datetime
    app_version: str
    seed: int | str
    setup: SavedSetup
    table: TableSettings
    challenge: ChallengeRef | None
    decks: SavedDecks
    actions: tuple[str, ...]
    digests: dict[int, str]  # actions applied -> digest of the state after them
    finished: bool
    outcome: SavedOutcome | None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.setup.players)


# -- reading ---------------------------------------------------------------------------------------
def parse_save(text: str, path: Path | str | None = None) -> SaveGame:
    """A save from its JSON text; SaveError (naming `path`) for anything that is not a good save."""
    try:
        raw = load_json(text)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise SaveError(path, "the file is empty") from None
        raise SaveError(path, f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except KeyTwice as exc:
        raise SaveError(path, str(exc)) from None
    except JsonRefused as exc:
        raise SaveError(path, f"not a Rainboard save: {exc}") from None
    except RecursionError:
        raise SaveError(path, "not a Rainboard save: nested too deeply") from None
    if not isinstance(raw, dict) or "format" not in raw:
        raise SaveError(path, "not a Rainboard save (no \"format\": \"rainboard-save\")")
    if raw["format"] != FORMAT:
        raise SaveError(path, f"not a Rainboard save (format is {describe_value(raw['format'])})")
    version = raw.get("version")
    if type(version) is not int:
        shown = "missing" if "version" not in raw else f"not a number: {describe_value(version)}"
        raise SaveError(path, f"version {shown}; this Rainboard reads version {VERSION}")
    if version != VERSION:
        raise SaveError(path, f"version {version}; this Rainboard reads version {VERSION}")
    problem = _other_rules(raw)
    if problem:
        raise SaveError(path, problem)
    try:
        save = CONVERTER.structure(raw, SaveGame)
    except Exception as exc:  # every shape problem becomes one line, never a traceback
        raise SaveError(path, first_problem(exc)) from None
    problem = _inconsistency(save)
    if problem:
        raise SaveError(path, problem)
    return save


def _other_rules(raw: dict) -> str | None:
    """Why a save played under other rules cannot be played back here, or None. Asked before
    anything is replayed: under other rules the game would drift, and the reader should hear that
    the rules changed, not that the save does not replay the same."""
    rules = raw.get("rules", RULES_UNRECORDED)
    if type(rules) is not int:
        return f"rules: expected a whole number, got {describe_value(rules)}"
    if rules != RULES_VERSION:
        return f"played under rules {rules}; this Rainboard plays rules {RULES_VERSION}"
    return None


def _inconsistency(save: SaveGame) -> str | None:
    """What the shape alone cannot say is wrong with a save, or None."""
    if not _GAME_ID.match(save.game_id):
        return f"game_id: {describe_value(save.game_id)} may hold only letters, digits, '-', '_' and '.'"
    if not 1 <= len(save.setup.players) <= MAX_PLAYERS:
        return f"setup.players: a game needs 1 to {MAX_PLAYERS} players, not {len(save.setup.players)}"
    past = [n for n in save.digests if n > len(save.actions)]
    if past:
        return f"digests: {json.dumps(str(past[0]))} is past the last action ({len(save.actions)})"
    if save.finished and save.outcome is None:
        return "outcome: the game is finished but the save gives no outcome"
    if not save.finished and save.outcome is not None:
        return "outcome: given for a game that is not finished"
    return None


def read_save_file(path: Path | str) -> tuple[SaveGame, bytes]:
    """The save in a file, alone (journal.read_save adds the journal beside it), and the file's bytes.
    Any problem (missing, unreadable, too big, not JSON, not a save, another version, a wrong shape)
    raises SaveError naming the file and the first bad place."""
    path = Path(path)
    try:
        data = read_bounded(path)
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"not a Rainboard save: not UTF-8 text (byte {exc.start})") from None
    return parse_save(text, path), data


def read_bounded(path: Path) -> bytes:
    """The file's bytes; SaveError for anything but a regular file, or one over MAX_FILE_BYTES.
    Opened without waiting, so a pipe or a device named like a save cannot stall the reader."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, "not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise SaveError(path, f"{info.st_size} bytes; a save holds at most {MAX_FILE_BYTES}")
        data = file.read(MAX_FILE_BYTES + 1)  # the file may have grown since
    if len(data) > MAX_FILE_BYTES:
        raise SaveError(path, f"over {MAX_FILE_BYTES} bytes; a save holds at most {MAX_FILE_BYTES}")
    return data


# -- making and updating ---------------------------------------------------------------------------
def new_game_id(now: datetime) -> str:
    """A new game's id: its start time in UTC and a random tail, so ids sort by age and never
    clash: `20261123-131800-ab12`."""
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    return f"{now.astimezone(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


def new_save(setup: Setup, data: GameData, table_handoffs: bool, now: datetime,
             game_id: str | None = None, challenge_code: str | None = None) -> SaveGame:
    """A save for a game about to start: no actions yet, the opening state's digest as digest 0.

    `data` must carry the TOML it was read from (`GameData.files`), which the save keeps."""
    from rainboard import __version__

    if not data.files:
        raise ValueError("the deck data carries no files to keep in the save")
    state, _ = new_game(setup, data)
    when = utc(now)
    return SaveGame(
        format=FORMAT,
        version=VERSION,
        rules=RULES_VERSION,
        game_id=game_id if game_id is not None else new_game_id(when),
        created=when,
        updated=when,
        app_version=__version__,
        seed=setup.seed,
        setup=SavedSetup(
            players=tuple(SavedPlayer(p.name, p.slugcat) for p in setup.players),
            options=SavedOptions(setup.options.precycles, setup.options.wait_turns),
        ),
        table=TableSettings(handoffs=table_handoffs),
        challenge=ChallengeRef(challenge_code) if challenge_code is not None else None,
        decks=SavedDecks("decks", preset=data.preset, dice=data.rules.dice.variant, fingerprint=data.fingerprint,
                         files=dict(data.files)),
        actions=(),
        digests={0: digest(state)},
        finished=False,
        outcome=None,
    )


def record(save: SaveGame, actions: list[str], digests: dict[int, str], finished: bool,
           outcome: dict | SavedOutcome | None, now: datetime) -> SaveGame:
    """The save with the game's actions so far. Of `digests` (actions applied -> digest) only every
    tenth and the one after the last action are kept, so a caller may pass one for every step. The
    save's own tuple and dict stay when they hold the same, in order (a long game's: 230 KiB)."""
    last = len(actions)
    kept = dict(sorted((n, d) for n, d in digests.items() if n <= last and (n % DIGEST_EVERY == 0 or n == last)))
    same = len(save.actions) == last and all(a is b for a, b in zip(save.actions, actions))
    return attrs.evolve(save, actions=save.actions if same else tuple(str(a) for a in actions), finished=finished,
                        digests=save.digests if list(kept.items()) == list(save.digests.items()) else kept,
                        outcome=SavedOutcome(**outcome) if isinstance(outcome, dict) else outcome, updated=utc(now))


def outcome_record(state: GameState) -> dict | None:
    """The `outcome` a save keeps for a finished game: winner's name, their turns, the solo score."""
    if state.phase != OVER or state.winner is None:
        return None
    winner = state.players[state.winner]
    return {"winner": winner.name, "turns": winner.turns,
            "solo_score": winner.turns if len(state.players) == 1 else None}


def encode_save(save: SaveGame) -> bytes:
    """The file's bytes: UTF-8 JSON, keys in the order of the format, ending with a newline: what
    json.dumps(..., indent=1) writes, byte for byte, but with the actions (most of a long game's file)
    put in with each different text written once. Written a line each by json's indenting writer,
    20,000 actions took 2.5 MB of short-lived strings and 7 ms; this way half of it and 2 ms."""
    text = json.dumps(CONVERTER.unstructure(attrs.evolve(save, actions=())), ensure_ascii=False, indent=1)
    head, empty, tail = text.partition('\n "actions": []')  # the one key at the top level's indent
    written = {action: json.dumps(action, ensure_ascii=False) for action in set(save.actions)}
    lines = ",\n  ".join([written[action] for action in save.actions])
    parts = (head, '\n "actions": [\n  ', lines, "\n ]", tail) if lines else (head, empty, tail)
    return "".join((*parts, "\n")).encode("utf-8")


def save_stamp(data: bytes) -> str:
    """What names one save file's exact bytes: a journal carries the stamp of the file it extends
    (journal.py), so a journal left beside a newer file is known for what it is and not applied."""
    return hashlib.sha256(data).hexdigest()[:STAMP_CHARS]


def write_save(path: Path | str, save: SaveGame) -> str:
    """Write atomically and durably: a temporary file beside the target is written, synced to disk,
    read back and parsed, and only then moved over the target, and the folder is synced so the
    move outlives a power cut. A failure at any point leaves the old file as it was and no
    temporary file behind; it raises SaveWriteError (the cause inside). Returns the new file's
    stamp (save_stamp), for the journal begun beside it."""
    path = Path(path)
    try:
        body = encode_save(save)
    except ValueError as exc:  # a lone surrogate has no UTF-8
        raise SaveWriteError(path, f"cannot be written: {exc}") from exc
    try:
        handle, temp = disk.temp_beside(path)
    except OSError as exc:
        raise SaveWriteError(path, f"cannot be written: {exc.strerror or exc}") from exc
    try:
        try:
            disk.write_all(handle, body)
            disk.fsync(handle)
        finally:
            disk.close(handle)
        if temp.read_bytes() != body:
            raise SaveWriteError(path, "cannot be written: the file read back differs from what was written")
        read_save_file(temp)  # never put a file we cannot read in place of a good one
        disk.replace(temp, path)
    except BaseException as exc:
        disk.unlink(temp)
        if isinstance(exc, SaveWriteError):
            raise
        if isinstance(exc, SaveError):
            raise SaveWriteError(path, f"cannot be written: the new file does not read back: {exc.problem}") from exc
        if isinstance(exc, OSError):
            raise SaveWriteError(path, f"cannot be written: {exc.strerror or exc}") from exc
        raise
    disk.sync_folder(path.parent)
    return save_stamp(body)


def temp_beside(path: Path) -> tuple[int, Path]:
    """A new temp file beside `path`, open (disk.temp_beside)."""
    return disk.temp_beside(path)


# -- back to a game ----------------------------------------------------------------------------------
def setup_of(save: SaveGame) -> Setup:
    """The engine's Setup for the game in a save."""
    return Setup(
        players=[PlayerSetup(p.name, p.slugcat) for p in save.setup.players],
        seed=save.seed,
        options=Options(precycles=save.setup.options.precycles, wait_turns=save.setup.options.wait_turns),
    )


def game_from_save(save: SaveGame, path: Path | str | None = None) -> tuple[GameData, Setup]:
    """The deck data (from the files inside the save) and the setup to start the game again with.
    SaveError (naming `path`) when the decks in the save cannot be played."""
    try:
        data = load_deck_files(dict(save.decks.files), save.decks.name, saved=True, preset=save.decks.preset,
                               dice=save.decks.dice, rule_check=rule_problems)
    except DeckError as exc:
        first = exc.problems[0] if exc.problems else str(exc)
        raise SaveError(path, f"the decks in the save cannot be played: {first}") from None
    except (ValueError, TypeError, ArithmeticError, MemoryError, RecursionError) as exc:
        # the deck loader should have said DeckError; the cause is kept for whoever debugs it
        raise SaveError(path, f"the decks in the save cannot be played: {type(exc).__name__}: {exc}") from exc
    if data.fingerprint != save.decks.fingerprint:
        raise SaveError(path, f"decks.fingerprint: the save says {save.decks.fingerprint}, its deck files "
                              f"give {data.fingerprint}: the deck files were changed")
    return data, setup_of(save)
