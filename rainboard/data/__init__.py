"""Deck data: the definitions in decks/, loaded and checked."""

from .loader import DeckError, default_decks_dir, load_data, load_deck_files, read_deck_files
from .models import GameData

__all__ = ["DeckError", "GameData", "default_decks_dir", "load_data", "load_deck_files", "read_deck_files"]
