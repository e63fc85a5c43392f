"""Saves: the file format, playing a save back, and where saves are kept. No interface here.

Nothing is imported until it is asked for (`from rainboard.saves import Replay` imports replay.py
then): the title screen reads the save folder's listing without loading the engine and the decks
behind a save's full reading. Each name below says the module it comes from.
"""

from __future__ import annotations

from rainboard.lazy import lazy

_FROM = {
    "read_save": "journal",
    **dict.fromkeys(("SNAPSHOT_EVERY", "Replay", "verify_file"), "replay"),
    **dict.fromkeys(("DIGEST_EVERY", "FORMAT", "VERSION", "ChallengeRef", "SavedDecks", "SavedOptions",
                     "SavedOutcome", "SavedPlayer", "SavedSetup", "SaveError", "SaveGame", "SaveWriteError",
                     "TableSettings", "encode_save", "game_from_save", "new_save", "outcome_record", "parse_save",
                     "record", "setup_of", "write_save", "new_game_id"), "savefile"),
    **dict.fromkeys(("SaveSummary", "autosave_path", "data_dir", "describe", "games_dir", "latest_unfinished",
                     "list_saves", "named_dir", "sweep_leftovers"), "store"),
    "glance_unfinished": "glance",
}


__getattr__, __dir__ = lazy(__name__, _FROM)


__all__ = [
    "sweep_leftovers",
    "DIGEST_EVERY",
    "FORMAT",
    "SNAPSHOT_EVERY",
    "VERSION",
    "ChallengeRef",
    "Replay",
    "SaveError",
    "SaveGame",
    "SaveSummary",
    "SaveWriteError",
    "SavedDecks",
    "SavedOptions",
    "SavedOutcome",
    "SavedPlayer",
    "SavedSetup",
    "TableSettings",
    "autosave_path",
    "data_dir",
    "describe",
    "encode_save",
    "game_from_save",
    "games_dir",
    "latest_unfinished",
    "list_saves",
    "named_dir",
    "new_game_id",
    "new_save",
    "outcome_record",
    "parse_save",
    "read_save",
    "record",
    "setup_of",
    "verify_file",
    "write_save",
]
