"""The table file: which game a table plays, its code, and its seats.

    <data dir>/tables/<code>.json

    {"table": "rainboard-table", "version": 1, "code": "T-4KX9", "game_id": "20261126-...-ab12",
     "created": "2026-11-26T15:00:00+00:00",
     "seats": [{"players": [0, 1], "token": "<sha256 of the seat's token, hex>"}, ...]}

The game itself is an ordinary autosave (`games/<game_id>.json` and its journal); the table file
only says who may add to it. A seat is one screen: one player, or a few sharing it in hotseat.
Every player belongs to exactly one seat. Each seat's token is at least 128 bits from `secrets`,
shown once to the host and kept here only as its SHA-256, so the file gives no seat away to whoever
reads it. Who holds a seat right now is not written here: it is the seat's lock
(saves/lock.py, `.<game_id>.seat<N>.lock`), which the system lets go of when the window ends.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from datetime import UTC, datetime
from pathlib import Path

from attrs import frozen

from rainboard.saves import disk
from rainboard.saves.store import autosave_path

FORMAT = "rainboard-table"
VERSION = 1
TABLES = "tables"
CODE_LETTERS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O or 1/I to misread across a room
CODE_LENGTH = 4
TOKEN_BYTES = 16  # 128 bits
_CODE = re.compile(rf"^T-[{CODE_LETTERS}]{{{CODE_LENGTH}}}$")
MAX_TABLE_BYTES = 64 * 1024


class TableError(ValueError):
    """A table that cannot be found, read or joined; the message is one line for the player."""


@frozen
class Seat:
    """One screen at the table: the players (indices in the game) who play there."""

    number: int  # 1-based, as players say it
    players: tuple[int, ...]
    token_hash: str

    def admits(self, token: str) -> bool:
        """Whether `token` is this seat's (compared in constant time)."""
        return hmac.compare_digest(hash_token(token), self.token_hash)


@frozen
class Table:
    code: str
    game_id: str
    created: datetime
    seats: tuple[Seat, ...]

    def seat(self, number: int) -> Seat:
        for seat in self.seats:
            if seat.number == number:
                return seat
        raise TableError(f"table {self.code} has no seat {number}; its seats are 1 to {len(self.seats)}")

    def seat_of(self, player: int) -> Seat:
        return next(seat for seat in self.seats if player in seat.players)

    def save_path(self, data_dir: Path) -> Path:
        return autosave_path(data_dir, self.game_id)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A seat's token: 128 random bits from `secrets`, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code(taken=()) -> str:
    """A fresh table code such as `T-4KX9`, none of `taken`."""
    while True:
        code = "T-" + "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text: str) -> str:
    """A code as typed (`t-4kx9`, ` 4KX9 `) in its one spelling; TableError when it cannot be one."""
    code = text.strip().upper()
    if not code.startswith("T-"):
        code = "T-" + code
    if not _CODE.match(code):
        raise TableError(f"{text.strip()[:20]!r} is not a table code (a code looks like T-4KX9)")
    return code


def tables_dir(data_dir: Path) -> Path:
    return Path(data_dir) / TABLES


def table_path(data_dir: Path, code: str) -> Path:
    return tables_dir(data_dir) / f"{code}.json"


def seats_for(players: int, grouping: list[list[int]] | None = None) -> list[list[int]]:
    """The players of each seat: one seat per player unless `grouping` says otherwise; TableError
    when the grouping leaves a player out, names one twice, or names one the game lacks."""
    if grouping is None:
        return [[p] for p in range(players)]
    seen = [p for seat in grouping for p in seat]
    if any(not 0 <= p < players for p in seen):
        raise TableError(f"a seat names a player the game does not have (players are 1 to {players})")
    if len(seen) != len(set(seen)) or set(seen) != set(range(players)) or any(not seat for seat in grouping):
        raise TableError("each player must sit at exactly one seat, and each seat needs a player")
    return [sorted(seat) for seat in grouping]


def create_table(data_dir: Path, game_id: str, grouping: list[list[int]],
                 now: datetime | None = None) -> tuple[Table, dict[int, str]]:
    """Write a new table file for the game `game_id`; returns the table and each seat's token (the
    only time the tokens are known: the file keeps their hashes)."""
    folder = tables_dir(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    taken = {p.stem for p in folder.glob("T-*.json")}
    tokens = {n: new_token() for n in range(1, len(grouping) + 1)}
    table = Table(code=new_code(taken), game_id=game_id, created=(now or datetime.now(UTC)).replace(microsecond=0),
                  seats=tuple(Seat(n, tuple(players), hash_token(tokens[n]))
                              for n, players in enumerate(grouping, start=1)))
    write_table(data_dir, table)
    return table, tokens


def write_table(data_dir: Path, table: Table) -> None:
    """Atomically (a synced temp file renamed over the old)."""
    path = table_path(data_dir, table.code)
    body = json.dumps({"table": FORMAT, "version": VERSION, "code": table.code, "game_id": table.game_id,
                       "created": table.created.isoformat(),
                       "seats": [{"players": list(s.players), "token": s.token_hash} for s in table.seats]},
                      indent=1).encode() + b"\n"
    disk.write_whole(path, body)


def read_table(data_dir: Path, code: str) -> Table:
    """The table with this code; TableError (one line) when there is none or it cannot be read."""
    code = normal_code(code)
    path = table_path(data_dir, code)
    try:
        raw = path.read_bytes()[:MAX_TABLE_BYTES + 1]
    except FileNotFoundError:
        raise TableError(f"no table {code} in this data folder") from None
    except OSError as exc:
        raise TableError(f"table {code} cannot be read: {exc.strerror or exc}") from None
    return parse_table(raw, code)


def parse_table(raw: bytes, code: str) -> Table:
    problem = f"table {code} cannot be read"
    if len(raw) > MAX_TABLE_BYTES:
        raise TableError(f"{problem}: the file is too big")
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise TableError(f"{problem}: not JSON") from None
    try:
        if value["table"] != FORMAT or value["version"] != VERSION or value["code"] != code:
            raise TableError(f"{problem}: not a Rainboard table file of version {VERSION} for {code}")
        game_id = value["game_id"]
        if type(game_id) is not str or not re.match(r"^[A-Za-z0-9_-][A-Za-z0-9._-]*$", game_id):
            raise TableError(f"{problem}: game_id is not a game's id")
        created = datetime.fromisoformat(value["created"])
        seats = []
        for number, seat in enumerate(value["seats"], start=1):
            players = tuple(seat["players"])
            token = seat["token"]
            if not players or not all(type(p) is int and 0 <= p < 9 for p in players) \
                    or type(token) is not str or not re.match(r"^[0-9a-f]{64}$", token):
                raise TableError(f"{problem}: seat {number} is not a seat")
            seats.append(Seat(number, players, token))
    except TableError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError):
        raise TableError(f"{problem}: a field is missing or of the wrong kind") from None
    if not seats:
        raise TableError(f"{problem}: it has no seats")
    return Table(code=code, game_id=game_id, created=created, seats=tuple(seats))


def list_tables(data_dir: Path) -> list[Table | TableError]:
    """Every table file in the data folder, by code; one that cannot be read is its error."""
    found: list[Table | TableError] = []
    try:
        paths = sorted(tables_dir(data_dir).glob("T-*.json"))
    except OSError:
        return found
    for path in paths:
        try:
            found.append(read_table(data_dir, path.stem))
        except TableError as error:
            found.append(error)
    return found
