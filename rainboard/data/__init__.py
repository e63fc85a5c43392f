"""Deck data: the definitions in decks/, loaded and checked."""

from .loader import (
    DeckChoice,
    DeckError,
    UnknownDice,
    UnknownPreset,
    default_decks_dir,
    load_data,
    load_deck_files,
    read_deck_files,
    with_dice,
    with_preset,
)
from .models import STANDARD_PRESET, GameData, Preset

__all__ = ["STANDARD_PRESET", "DeckChoice", "DeckError", "GameData", "Preset", "UnknownDice", "UnknownPreset",
           "default_decks_dir", "load_data", "load_deck_files", "read_deck_files", "with_dice", "with_preset"]
