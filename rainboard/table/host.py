"""Hosting a table: the game saved as any game is, with an empty journal, and a table file beside;
and later a fresh link for a seat nobody holds (the host handing it to someone else)."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import attrs

from rainboard.data import GameData
from rainboard.engine import Setup
from rainboard.saves import autosave_path, new_save, write_save
from rainboard.saves.journal import JournalFile, journal_path

from .tablefile import Table, TableError, create_table, hash_token, new_token, read_table, seats_for, \
    table_path, write_table

FILE_WAIT = 5.0  # seconds a new link waits for another writer of the table file to finish


def host_table(data_dir: Path, setup: Setup, data: GameData, grouping: list[list[int]] | None = None,
               now: datetime | None = None) -> tuple[Table, dict[int, str]]:
    """Start the game of `setup` as a table in `data_dir`: its save (no moves yet), a fresh journal
    naming it, and a table file with a seat per player (or per group of `grouping`). Returns the
    table and each seat's token, known only now."""
    grouping = seats_for(len(setup.players), grouping)  # checked before anything is written
    moment = now or datetime.now(UTC)
    save = new_save(setup, data, table_handoffs=False, now=moment)
    path = autosave_path(data_dir, save.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    stamp = write_save(path, save)
    journal = JournalFile(journal_path(path))
    try:
        journal.replace(save.game_id, 0, save=stamp)
    finally:
        journal.close()
    return create_table(data_dir, save.game_id, grouping, moment)


def new_link(data_dir: Path, code: str, number: int) -> tuple[Table, str]:
    """A fresh token for seat `number` of table `code`, written hashed in place of the old (which
    then opens nothing). The seat is held meanwhile, so nobody takes it with the old token while
    it changes, and the table file has one writer at a time (two new links at once both land).
    TableError when there is no such seat or a window holds it now."""
    from rainboard.saves.lock import GameLock, GameLocked, this_computer

    table = read_table(data_dir, code)
    table.seat(number)  # TableError for a seat it does not have
    try:
        seat_lock = GameLock.acquire(table.save_path(data_dir), seat=number)
    except GameLocked as locked:
        raise TableError(f"seat {number} of {table.code} is held by {locked.holder.describe(this_computer())}: "
                         "a new link is for a seat nobody holds") from None
    try:
        file_lock = _table_file_lock(data_dir, table.code)
        try:
            table = read_table(data_dir, table.code)  # as it is now, with any other seat's new token
            token = new_token()
            seats = tuple(attrs.evolve(s, token_hash=hash_token(token)) if s.number == number else s
                          for s in table.seats)
            write_table(data_dir, attrs.evolve(table, seats=seats))
        finally:
            file_lock.release()
    finally:
        seat_lock.release()
    return table, token


def _table_file_lock(data_dir: Path, code: str):
    """The table file's writer lock, waited for a few seconds (another new link is quick)."""
    from rainboard.saves.lock import GameLock, GameLocked

    ends = time.monotonic() + FILE_WAIT
    while True:
        try:
            return GameLock.acquire(table_path(data_dir, code))
        except GameLocked:
            if time.monotonic() > ends:
                raise TableError(f"table {code}'s file is being changed by another window; try again") from None
            time.sleep(0.05)
