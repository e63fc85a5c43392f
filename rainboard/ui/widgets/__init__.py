"""Widgets of the board screen: each renders part of the game state and posts what the player chose."""
