"""The event log's lines as it keeps them: each event's text and its few style spans, and what was
counted of it at the log's width. A long game's log keeps thousands of lines; as Textual Content
each took about twice the memory, and its drawn rows (Strips) many times more. The Content a line
is drawn from is made again only when the line is drawn, and the log keeps the drawn rows of a
few hundred lines at most (event_log.DRAWN_LINES)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content, Span

INDENT = 2  # every line starts with a symbol and a space; wrapped lines hang under the text
SHARED_MOST = 4096  # span tuples shared at most; past that the table starts again (lines keep theirs)
_shared: dict = {}  # a span, or a line's tuple of them -> the one object every equal one uses


def _share(value):
    """The one object kept for values equal to `value` (most lines have the same one or two spans)."""
    try:
        kept = _shared.get(value)
    except TypeError:  # a style that cannot be hashed: kept as it is
        return value
    if kept is None:
        if len(_shared) >= SHARED_MOST:
            _shared.clear()
        kept = _shared[value] = value
    return kept


class LogLine:
    """One event's line: the event (that very object), its text and spans, and, once counted, the
    width it was counted at, the rows it takes there, the widest of them, and its rows once drawn.

    The text is kept in two: the symbol and space every line starts with, shared, and the rest,
    which is most often plain ASCII and then takes one byte a character (the symbol alone would
    make Python keep the whole text at two)."""

    __slots__ = ("event", "head", "body", "spans", "width", "rows", "widest", "drawn")

    def __init__(self, event: object, content: Content) -> None:
        self.event = event
        plain = content.plain
        self.head: str = _share(plain[:INDENT])
        self.body: str = plain[INDENT:]
        self.spans: tuple[Span, ...] = _share(tuple(_share(span) for span in content.spans))
        self.width = -1  # the width `rows` and `widest` were counted at (-1: not counted)
        self.rows = 0
        self.widest = 0
        self.drawn: list | None = None  # the rows as Strips at `width`, while the log keeps them

    @property
    def plain(self) -> str:
        return self.head + self.body

    @property
    def content(self) -> Content:
        """The line as Content again, to wrap or draw (its text was made safe when first written)."""
        return Content(self.plain, list(self.spans), strip_control_codes=False)


class LineContents(Sequence):
    """A log's lines as Content, each made when asked for (tests and tools read them so; the log
    itself keeps none)."""

    def __init__(self, lines: list[LogLine]) -> None:
        self._lines = lines

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [line.content for line in self._lines[index]]
        return self._lines[index].content


def remember(kept: dict, key: int, value, most: int):
    """Keep `value` under `key` (in place of what was there), letting the oldest go past `most`."""
    kept.pop(key, None)
    kept[key] = value
    if len(kept) > most:
        del kept[next(iter(kept))]
    return value


def cells(text: str) -> int:
    """The cells `text` takes, as rich's cell_len counts them, without its cache keeping the text
    (it keeps every short text it measures: a copy of each line of a long log)."""
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)
