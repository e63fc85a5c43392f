"""Hosting a table: the game saved as any game is, with an empty journal, and a table file beside."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from rainboard.data import GameData
from rainboard.engine import Setup
from rainboard.saves import autosave_path, new_save, write_save
from rainboard.saves.journal import JournalFile, journal_path

from .tablefile import Table, create_table, seats_for


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
