"""Rainboard in a web browser: the textual-serve server behind `rainboard serve` (needs the `web` extra)."""
