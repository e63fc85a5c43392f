"""Rainboard: a terminal table for the fan-made "Rain World: The Board Game"."""

__version__ = "0.1.0"
