"""Deck data: the definitions in decks/, loaded and checked.

Each name is imported when first asked for, so a light module of the package (limits.py, which the
title's settings read) comes without the loader and the card models behind it.
"""

from __future__ import annotations

from rainboard.lazy import lazy

_FROM = {
    **dict.fromkeys(("DeckChoice", "DeckError", "UnknownDice", "UnknownPreset", "default_decks_dir", "load_data",
                     "load_deck_files", "read_deck_files", "with_dice", "with_preset"), "loader"),
    **dict.fromkeys(("STANDARD_PRESET", "GameData", "Preset"), "models"),
}

__all__ = ["STANDARD_PRESET", "DeckChoice", "DeckError", "GameData", "Preset", "UnknownDice", "UnknownPreset",
           "default_decks_dir", "load_data", "load_deck_files", "read_deck_files", "with_dice", "with_preset"]


__getattr__, __dir__ = lazy(__name__, _FROM)
