"""The score book: every finished solo challenge, kept in SQLite (``<data dir>/scores.sqlite3``).

Fewer turns is better. The file and its folder are made by the first result recorded; reading a
book that does not exist yet simply finds no results. A file that is not a Rainboard score book
(not SQLite, damaged, another program's database, or from a newer Rainboard) raises
``ScoreBookError`` naming the file, and is never written to.

Each call opens its own short connection, so the book can be used from any thread and several
books (or processes) can share one file.

Every result is kept with the fingerprint of the decks it was played with (GameData.fingerprint,
which the preset is part of), and bests are only ever compared among results on the same decks: a
code deals another game once the decks behind it change. Books of version 1 knew no fingerprint;
they are brought up to version 2 when opened, their results kept with the fingerprint NULL
("older decks, not known"), a group of their own.
"""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

from attrs import frozen

from .challenge import ChallengeCodeError, canonical_code

SCORES_FILE = "scores.sqlite3"
SCHEMA_VERSION = 2  # 1: no fingerprint column; 2: results keyed by the decks' fingerprint too
_SQLITE_HEADER = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    slugcat TEXT NOT NULL,
    turns INTEGER NOT NULL,
    day TEXT NOT NULL,
    save_path TEXT,
    fingerprint TEXT
);
CREATE INDEX IF NOT EXISTS results_by_code ON results (code, slugcat, turns, day, id);
"""
_COLUMNS = "code, slugcat, turns, day, save_path, id, fingerprint"


class ScoreBookError(Exception):
    """The score book file cannot be read or written; the message names the file."""


@frozen
class Result:
    """One finished challenge.

    ``fingerprint`` is that of the decks it was played with (None: a result from a version 1 book,
    decks not known). ``attempts`` counts the results kept for the code on those decks.
    ``new_best`` and ``previous_best`` are filled in only by ``ScoreBook.record``: whether this result
    beat (or was the first for) the code and slugcat on those decks, and the best result before it
    (None if there was none). A tie is not a new best.
    """

    code: str
    slugcat: str
    turns: int
    day: datetime.date
    save_path: str | None = None
    attempts: int = 1
    new_best: bool = False
    previous_best: Result | None = None
    fingerprint: str | None = None


def _normal_code(code: str) -> str:
    """Codes are kept in their canonical form when they read as codes, so any typing finds them."""
    try:
        return canonical_code(code)
    except ChallengeCodeError:
        return " ".join(str(code).split()).upper()


def _rank(row: tuple) -> tuple:
    """Best first: fewest turns, then the earliest day, then the first recorded."""
    code, slugcat, turns, day, save_path, row_id, fingerprint = row
    return turns, day, row_id


def _decks_order(fingerprint: str | None) -> tuple:
    """Groups of one code in a listing: known decks by fingerprint, the unknown (older) decks last."""
    return (fingerprint is None, fingerprint or "")


def _day(day: datetime.date) -> datetime.date:
    if isinstance(day, datetime.datetime):
        return day.date()
    if not isinstance(day, datetime.date):
        raise TypeError(f"a result's day is a datetime.date, not {day!r}")
    return day


def _shown(value: object) -> str:
    """A damaged value as a message quotes it: short, control characters escaped."""
    text = ascii(value)
    return text if len(text) <= 40 else text[:37] + "..."


def decks_label(result: Result, current: str | None) -> str:
    """How a listing names the decks a result was played with: "these" when they are the decks in
    play (fingerprint `current`), "older" for a result kept before fingerprints (decks not known),
    else the start of their fingerprint."""
    if result.fingerprint is None:
        return "older"
    return "these" if result.fingerprint == current else result.fingerprint[:8]


class ScoreBook:
    """Challenge results in one SQLite file; ``ScoreBook.for_data_dir(folder)`` for the usual place."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.exists():
            with self._connect(create=False):
                pass  # opening checks the file now, so a bad one is reported at once

    @classmethod
    def for_data_dir(cls, data_dir: str | Path) -> ScoreBook:
        return cls(Path(data_dir) / SCORES_FILE)

    # --- writing ---

    def record(
        self, code: str, slugcat: str, turns: int, day: datetime.date, save_path: str | None = None,
        fingerprint: str | None = None,
    ) -> Result:
        """Keep a finished challenge played with the decks of `fingerprint` (GameData.fingerprint);
        the answer says whether it is a new personal best on those decks."""
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
            raise ValueError(f"turns must be a whole number of at least 0, not {turns!r}")
        if fingerprint is not None and not isinstance(fingerprint, str):
            raise TypeError(f"a fingerprint is the decks' GameData.fingerprint, not {fingerprint!r}")
        code, day = _normal_code(code), _day(day)
        save_path = None if save_path is None else str(save_path)
        with self._connect(create=True) as connection:
            with self._guard():
                connection.execute("BEGIN IMMEDIATE")  # read the old best and add the new one together
                with connection:  # (rolled back if anything below raises)
                    # a book that readers would refuse is left exactly as it is: every row is read
                    # and checked as `rainboard scores` reads them, before anything is written
                    self._check_book(connection)
                    mine = [row for row in self._all_rows(connection)
                            if (row[0], row[1], row[6]) == (code, slugcat, fingerprint)]
                    before = connection.execute(
                        "SELECT COUNT(*) FROM results WHERE code = ? AND fingerprint IS ?", (code, fingerprint)
                    ).fetchone()[0]
                    previous = self._result(min(mine, key=_rank), before) if mine else None
                    connection.execute(
                        "INSERT INTO results (code, slugcat, turns, day, save_path, fingerprint) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (code, slugcat, turns, day.isoformat(), save_path, fingerprint),
                    )
        attempts = before + 1
        return Result(
            code=code, slugcat=slugcat, turns=turns, day=day, save_path=save_path, attempts=attempts,
            new_best=previous is None or turns < previous.turns, previous_best=previous, fingerprint=fingerprint,
        )

    # --- reading ---

    def results(self, code: str) -> list[Result]:
        """Every result for a code, on any decks, oldest first (each says its fingerprint; attempts
        counts the results on its decks)."""
        rows = self._rows("WHERE code = ?", (_normal_code(code),))
        counts: dict[str | None, int] = {}
        for row in rows:
            counts[row[6]] = counts.get(row[6], 0) + 1
        return [self._result(row, counts[row[6]]) for row in rows]

    def best(self, code: str, slugcat: str | None = None, fingerprint: str | None = None) -> Result | None:
        """The fewest turns for a code (and slugcat, if given) on the decks of `fingerprint` (None:
        the results of older books, decks not known); the earliest day wins a tie."""
        rows = self._rows("WHERE code = ? AND fingerprint IS ?", (_normal_code(code), fingerprint))
        attempts = len(rows)
        if slugcat is not None:
            rows = [row for row in rows if row[1] == slugcat]
        if not rows:
            return None
        return self._result(min(rows, key=_rank), attempts)

    def best_per_code(self) -> list[Result]:
        """One row per code and decks, its best result (fewest turns, earliest day on ties), ordered by
        code, then the decks by fingerprint, the unknown decks of older books last."""
        groups: dict[tuple, list[tuple]] = {}
        for row in self._rows("", ()):
            groups.setdefault((row[0], *_decks_order(row[6])), []).append(row)
        return [self._result(min(rows, key=_rank), len(rows)) for key, rows in sorted(groups.items())]

    # --- the file ---

    def _rows(self, where: str, params: tuple) -> list[tuple]:
        """The rows asked for; every row of the book is read and checked, so a damaged book is
        refused whatever is asked of it (and record() refuses exactly the same books)."""
        with self._connect(create=False) as connection:
            if connection is None:
                return []
            with self._guard():
                rows = self._all_rows(connection)
                return connection.execute(
                    f"SELECT {_COLUMNS} FROM results {where} ORDER BY id", params,
                ).fetchall() if where else rows

    def _all_rows(self, connection: sqlite3.Connection) -> list[tuple]:
        rows = connection.execute(f"SELECT {_COLUMNS} FROM results ORDER BY id").fetchall()
        for row in rows:
            self._check_row(row)
        return rows

    def _check_book(self, connection: sqlite3.Connection) -> None:
        """SQLite's own look over the whole file (a damaged page that no query happens to read)."""
        verdict = [row[0] for row in connection.execute("PRAGMA quick_check").fetchall()]
        if verdict != ["ok"]:
            raise ScoreBookError(f"{self.path} is damaged ({str(verdict[0])[:80]}); it was left as it is")

    def _check_row(self, row: tuple) -> None:
        """A row as readers need it; anything else is a damaged book."""
        code, slugcat, turns, day, save_path, row_id, fingerprint = row
        fields = (("code", code, str, False), ("slugcat", slugcat, str, False), ("turns", turns, int, False),
                  ("day", day, str, False), ("save path", save_path, str, True),
                  ("fingerprint", fingerprint, str, True))
        for name, value, kind, may_be_null in fields:
            if value is None and may_be_null:
                continue
            if type(value) is not kind or (name == "turns" and value < 0):
                raise ScoreBookError(f"{self.path} is damaged: a result has the {name} {_shown(value)}; "
                                     "it was left as it is")
        try:
            datetime.date.fromisoformat(day)
        except ValueError:
            raise ScoreBookError(f"{self.path} is damaged: a result has the day {_shown(day)}; "
                                 "it was left as it is") from None

    def _result(self, row: tuple, attempts: int) -> Result:
        self._check_row(row)
        code, slugcat, turns, day, save_path, _, fingerprint = row
        parsed = datetime.date.fromisoformat(day)
        return Result(code=code, slugcat=slugcat, turns=turns, day=parsed, save_path=save_path,
                      attempts=attempts, fingerprint=fingerprint)

    def _check_file(self) -> None:
        """Refuse anything that is not an SQLite database before SQLite gets to touch it."""
        if self.path.is_dir():
            raise ScoreBookError(f"{self.path} is a folder, not a score book file")
        try:
            with open(self.path, "rb") as handle:
                header = handle.read(len(_SQLITE_HEADER))
        except OSError as exc:
            raise ScoreBookError(f"cannot read the score book {self.path}: {exc.strerror or exc}") from None
        # an empty file is an empty database to SQLite (a book created but never written)
        if header and header != _SQLITE_HEADER:
            raise ScoreBookError(
                f"{self.path} is not a score book (not an SQLite database); it was left as it is"
            )

    def _guard(self) -> _Guard:
        return _Guard(self.path)

    def _connect(self, create: bool) -> _Connection:
        return _Connection(self, create)

    def _open(self, create: bool) -> sqlite3.Connection | None:
        exists = self.path.exists()
        if not exists and not create:
            return None
        if exists:
            self._check_file()
        else:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ScoreBookError(
                    f"cannot make the folder for the score book {self.path}: {exc.strerror or exc}"
                ) from None
        with self._guard():
            connection = sqlite3.connect(self.path, timeout=10)
        try:
            with self._guard():
                ready = self._prepare(connection, create)
        except BaseException:
            connection.close()
            raise
        if not ready:
            connection.close()
            return None
        return connection

    def _prepare(self, connection: sqlite3.Connection, create: bool) -> bool:
        """Check (and when writing, make) the tables; False for an empty database left as it is."""
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" not in tables:
            if tables - {"sqlite_sequence"}:
                raise ScoreBookError(f"{self.path} is an SQLite database, but not a Rainboard score book")
            if not create:
                return False  # an empty database: nothing recorded yet
            # in one write transaction, and harmless if another process got there first
            connection.executescript(
                "BEGIN IMMEDIATE;" + _SCHEMA
                + f"INSERT INTO schema_version SELECT {SCHEMA_VERSION} "
                + "WHERE NOT EXISTS (SELECT 1 FROM schema_version);COMMIT;"
            )
            return True
        row = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()
        version = row[0] if row else None
        if not isinstance(version, int):
            raise ScoreBookError(f"{self.path} is damaged: it does not say which score book version it is")
        if version > SCHEMA_VERSION:
            raise ScoreBookError(
                f"{self.path} was written by a newer Rainboard (score book version {version}; "
                f"this one reads version {SCHEMA_VERSION})"
            )
        if "results" not in tables:
            raise ScoreBookError(f"{self.path} is damaged: it has no results table")
        if version < SCHEMA_VERSION:
            self._migrate(connection)
        return True

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Bring an older book up to SCHEMA_VERSION in one write transaction, keeping every result.
        Asked again inside the transaction, so two processes opening an old book migrate it once."""
        connection.execute("BEGIN IMMEDIATE")
        with connection:
            version = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
            if version == 1:
                # version 2: the decks' fingerprint; the results before it stay, their decks unknown (NULL)
                columns = {row[1] for row in connection.execute("PRAGMA table_info(results)")}
                if "fingerprint" not in columns:
                    connection.execute("ALTER TABLE results ADD COLUMN fingerprint TEXT")
                connection.execute("UPDATE schema_version SET version = 2")


class _Guard:
    """Turns SQLite's errors into a ScoreBookError naming the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, tb) -> bool:
        if exc is None or not isinstance(exc, sqlite3.Error):
            return False
        text = str(exc).strip() or type(exc).__name__
        if isinstance(exc, sqlite3.DatabaseError) and ("not a database" in text or "malformed" in text):
            raise ScoreBookError(
                f"{self.path} is not a readable score book ({text}); it was left as it is"
            ) from None
        raise ScoreBookError(f"the score book {self.path} could not be used: {text}") from None


class _Connection:
    """``with book._connect(create) as connection``: a fresh connection (or None), always closed."""

    def __init__(self, book: ScoreBook, create: bool) -> None:
        self.book, self.create = book, create
        self.connection: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection | None:
        self.connection = self.book._open(self.create)
        return self.connection

    def __exit__(self, kind, exc, tb) -> bool:
        if self.connection is not None:
            self.connection.close()
        return False


__all__ = ["SCHEMA_VERSION", "SCORES_FILE", "Result", "ScoreBook", "ScoreBookError", "decks_label"]
