"""Text from outside Rainboard, made safe to show.

Names, card texts, action texts and error messages can come from a save file, a deck folder, a
config file or a player's keyboard. Shown raw, a control character in them talks to the terminal
(an escape sequence can set the window title, clear the screen or write the clipboard) and a
bracket in them can be read as Textual markup. Everything such text passes through on its way to
the screen or a printed line goes through one of these:

- `printable(text)`: every character a terminal would act on instead of show, spelled out as a
  visible escape (`\\x1b`, `\\x9b`, `\\u202e`, `\\ud800`). Ordinary text, brackets included, is
  returned as it is.
- `strip_unsafe(text)`: the same characters left out, for text a player types (a name).
- `markup_escape(text)`: printable, and safe to put inside Textual content markup.
- `PrintableStream`: a file-like wrapper that makes every write printable (the command line).

This module imports nothing from Textual, so the command line can use it without loading the UI.
"""

from __future__ import annotations

import re
from typing import TextIO

# The characters a terminal acts on, or that change how the text around them reads:
# C0 controls and DEL, C1 controls (0x9b alone starts an escape sequence on many terminals), the
# Unicode bidirectional controls (they reorder what follows them on screen), the line and paragraph
# separators, and lone surrogates (not text at all: printing one raises UnicodeEncodeError).
UNSAFE = "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
UNSAFE_CHARS = re.compile(f"[{UNSAFE}]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _spelled(char: str) -> str:
    """One unsafe character as the escape Python would write for it."""
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep: str = "") -> str:
    """`text` with every unsafe character (see UNSAFE) replaced by a visible escape; characters in
    `keep` (such as "\\n" for a message of several lines) are left alone."""
    text = str(text)
    if UNSAFE_CHARS.search(text) is None:
        return text
    return UNSAFE_CHARS.sub(lambda found: found.group() if found.group() in keep else _spelled(found.group()), text)


def strip_unsafe(text: str) -> str:
    """`text` without its unsafe characters: what is kept of a name typed or pasted in."""
    return UNSAFE_CHARS.sub("", str(text))


def has_unsafe(text: str, keep: str = "") -> bool:
    """Whether `text` holds an unsafe character other than those in `keep`."""
    return any(found.group() not in keep for found in UNSAFE_CHARS.finditer(str(text)))


ZERO_WIDTH_SPACE = "\u200b"


def markup_escape(text: str, keep: str = "") -> str:
    """`text` made printable and escaped for Textual content markup: it shows exactly as written,
    wherever it is put in markup.

    Textual reads `[` as the start of a tag unless a backslash comes just before it; every `[` gets
    one. A backslash at the very end would escape the `[` of a tag that follows the text, and
    Textual has no escape for a backslash itself, so a zero-width space is put after it.
    """
    escaped = printable(text, keep).replace("[", "\\[")
    return escaped + ZERO_WIDTH_SPACE if escaped.endswith("\\") else escaped


class PrintableStream:
    """A text stream whose writes are made printable before they reach the real one (standard
    output or error): whatever a file held, a printed line cannot talk to the terminal. Newlines
    are kept, and the characters in `keep` (a progress bar's carriage return)."""

    def __init__(self, stream: TextIO, keep: str = "\n") -> None:
        self.stream = stream
        self.keep = keep

    def write(self, text: str) -> int:
        self.stream.write(printable(text, self.keep))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):  # flush, isatty, fileno...: the real stream's
        return getattr(self.stream, name)
