"""A one-line text field that keeps only text: a name, a seed, a code, a folder."""

from __future__ import annotations

from textual.widgets import Input

from rainboard.text import strip_unsafe


class TextInput(Input):
    """An Input whose value never holds a control character (or a bidirectional override): what is
    typed, pasted or filled in is kept without them, so a name taken from it is only text and the
    field never sends them to the terminal."""

    def validate_value(self, value: str) -> str:
        return strip_unsafe(value)
