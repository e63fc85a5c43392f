"""The event log's lines as it keeps them: each event's text and its few style spans, and what was
counted of it at the log's width. A long game's log keeps thousands of lines; as Textual Content
each took about twice the memory, and its drawn rows (Strips) many times more. The Content a line
is drawn from is made again only when the line is drawn, and the log keeps the drawn rows of a
few hundred lines at most (event_log.DRAWN_LINES). Here too: how a line is cut into rows and its
rows counted (`wrapped`, `measure`), how a line that fits one row is drawn from the look it shares
with lines of its kind (LineLooks), a drawn row fitted to the log's width (`fitted`), and the lines
the log keeps by event once they have left it (`lines_for`, `let_go`)."""

from __future__ import annotations

import re
import sys
from collections import OrderedDict
from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from textual.content import Content, Span
from textual.strip import Strip

from ..textual_internals import divide_line

INDENT = 2  # every line starts with a symbol and a space; wrapped lines hang under the text
LOOKS_MOST = 1024  # line looks kept at most; past that the table starts again
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
    make Python keep the whole text at two). The rest is interned: a turn's or a search's line comes
    back many times, and an interned text goes once no line holds it."""

    __slots__ = ("event", "head", "body", "spans", "width", "rows", "widest", "drawn")

    def __init__(self, event: object, content: Content) -> None:
        self.event = event
        plain = content.plain
        self.head: str = _share(plain[:INDENT])
        self.body: str = sys.intern(plain[INDENT:])  # one text for lines alike (a long log: 2,000 lines, 500 texts)
        self.spans: tuple[Span, ...] = _share(tuple(_share(span) for span in content.spans))
        self.width = -1  # the width `rows` and `widest` were counted at (-1: not counted)
        self.rows = 0
        self.widest = 0
        self.drawn: list | None = None  # the rows at `width` as Rows, while the log keeps them

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


def lines_for(events: list, said: OrderedDict, make, in_log: dict | None = None, most: int = 0) -> list[LogLine]:
    """Each event's line: the one kept in `said` for that very event, or a new one, `make(event)`.
    Lines going into the log are taken out of `said` (the log holds them). Lines readied for a later
    reset (`in_log`: the log's lines by id(event)) are found among those in the log too, and stay in
    `said`, new ones with them, as many as `most`."""
    lines = []
    for event in events:
        known = said.get(id(event))
        if known is None and in_log is not None:
            known = in_log.get(id(event))
        if known is None or known.event is not event:  # (held here, an event keeps its id)
            known = make(event)
            if in_log is not None:
                remember(said, id(event), known, most)
        elif in_log is None:
            said.pop(id(event), None)
        lines.append(known)
    return lines


def let_go(said: OrderedDict, lines: list[LogLine], most: int) -> None:
    """Keep `lines`, which leave the log, in `said` by id(event), the newest last, as many as `most`."""
    for line in lines:
        remember(said, id(line.event), line, most)
    while len(said) > most:
        said.popitem(last=False)


def remember(kept: OrderedDict, key: int, value, most: int):
    """Keep `value` under `key` (in place of what was there), letting the oldest go past `most`
    (an OrderedDict lets it go at once: a dict found its first key past every one deleted before)."""
    kept.pop(key, None)
    kept[key] = value
    if len(kept) > most:
        kept.popitem(last=False)
    return value


def cells(text: str) -> int:
    """The cells `text` takes, as rich's cell_len counts them, without its cache keeping the text
    (it keeps every short text it measures: a copy of each line of a long log)."""
    return len(text) if one_cell_each(text) else cell_len(text)


def one_cell_each(text: str) -> bool:
    """Whether each character of `text` takes one cell as rich counts them (printable ASCII, and
    such marks as a roll's ✓ and ✗), so that its cells are its length. Only single characters
    are measured by rich here: its cache keeps a few of them, not the text."""
    if text.isascii():
        return text.isprintable()
    return text.isprintable() and all(cell_len(character) == 1 for character in set(text))


class LineLooks:
    """How lines that fit one row are drawn, kept by their spans and length.

    A line's row is its text cut where its styles change, each piece in the style the spans give it
    over the log's own. Lines of a kind share their spans (`_share`) and often their length, so the
    cuts and styles are worked out once for all of them (through Content.render, as any line is
    drawn) and a new line of that look is only its text sliced: making a Content, rendering it
    and combining its styles took most of the time a replay's jump spent drawing the log.
    `made` counts the looks worked out. The looks depend on the log's style and the theme: `clear`
    when either changes."""

    def __init__(self) -> None:
        self._looks: dict[tuple, list[tuple[int, int, object]]] = {}
        self.made = 0

    def clear(self) -> None:
        self._looks.clear()

    def row(self, line: LogLine, style, parse_style) -> Strip:
        """The line drawn as one row (uncut: the caller crops it), `style` under it."""
        text = line.head + line.body
        key: tuple | None = (line.spans, len(text))
        try:
            look = self._looks.get(key)
        except TypeError:  # a style that cannot be hashed: its look is worked out each time
            look = key = None
        if look is None:
            look = self._look(line, style, parse_style)
            self.made += 1
            if key is not None:
                if len(self._looks) >= LOOKS_MOST:
                    self._looks.clear()
                self._looks[key] = look
        return Strip([Segment(text[start:end], rich) for start, end, rich in look],
                     cell_len(line.head) + cells(line.body))

    def _look(self, line: LogLine, style, parse_style) -> list[tuple[int, int, object]]:
        """Where the line's pieces start and end, and each one's rich style."""
        look, start = [], 0
        for piece, piece_style in line.content.render(style, end="", parse_style=parse_style):
            look.append((start, start + len(piece), piece_style.rich_style))
            start += len(piece)
        return look


class Row(tuple):
    """A drawn row as the log keeps it: its segments and the cells they take (iterated, its
    segments, as a Strip's are). A Strip carries seven caches of its own (about a kilobyte, even
    empty); the Strip Textual is given is made from this when the row is shown (`fitted`)."""

    __slots__ = ()

    @classmethod
    def of(cls, strip: Strip) -> Row:
        return cls((tuple(strip), strip.cell_length))

    @property
    def cell_length(self) -> int:
        return self[1]

    def __iter__(self):
        return iter(self[0])

    def strip(self) -> Strip:
        return Strip(self[0], self[1])


def fitted(drawn: Strip | Row, scroll_x: int, width: int, style) -> Strip:
    """A drawn row as the log shows it: from `scroll_x`, cut or padded to `width`, `style` under
    it. A row that starts at the left and fits is padded and styled into one new Strip (cropping,
    padding and styling it one by one made three)."""
    if scroll_x or drawn.cell_length > width:
        whole = drawn.strip() if isinstance(drawn, Row) else drawn
        return whole.crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
    segments = list(drawn)
    if drawn.cell_length < width:
        segments.append(Segment(" " * (width - drawn.cell_length), style))
    return Strip(Segment.apply_style(segments, style), width)


def wrapped(content: Content, width: int) -> list[Content]:
    """An event's line cut to `width`, later rows indented under the text after the symbol."""
    if width <= INDENT + 4:
        return [content]
    head, body = content[:INDENT], content[INDENT:]
    rows = body.wrap(width - INDENT) or [Content("")]
    return [head + rows[0], *(Content(" " * INDENT) + row for row in rows[1:])]


def measure(content: Content | LogLine, width: int) -> tuple[int, int]:
    """The rows a line takes at `width` as `wrapped` cuts it, and the widest of them, counted from
    the text alone (nothing is drawn)."""
    if isinstance(content, LogLine):
        head, body = content.head, content.body
    else:
        head, body = content.plain[:INDENT], content.plain[INDENT:]
    if "\n" in body or "\t" in body:  # rare: counted the long way
        if width <= INDENT + 4:
            return 1, min(cell_len(head + body), width)
        rows = wrapped(content if isinstance(content, Content) else content.content, width)
        return len(rows), min(max(row.cell_length for row in rows), width)
    plain = one_cell_each(body)
    body_cells = len(body) if plain else cell_len(body)
    if width <= INDENT + 4 or body_cells <= width - INDENT:
        return 1, min(cell_len(head) + body_cells, width)
    # Content.wrap cuts a line where rich's divide_line says; a row of a cut line is at most the width
    cuts = plain_cuts(body, width - INDENT) if plain else len(divide_line(body, width - INDENT, fold=True))
    return cuts + 1, width


_WORD = re.compile(r"\s*(\S+)\s*")  # a word as rich's divide_line takes it: the spaces before and after too


def plain_cuts(text: str, width: int) -> int:
    """How many cuts rich's divide_line(text, width, fold=True) makes in a text whose characters
    take one cell each (one_cell_each), worked out the same way but without rich's cell_len: its
    cache keeps every word it measures, and counting a long log's lines filled it with some
    100 KiB of them."""
    cuts = offset = 0
    word = _WORD.match(text, 0)
    while word is not None:
        start, end = word.span()
        length = word.end(1) - start  # the word without the spaces after it
        if width - offset >= length:  # it fits on this row
            offset += end - start
        elif length > width:  # longer than a row: cut into rows of `width`
            pieces = range(start, end, width)
            cuts += len(pieces) - (0 if start else 1)  # a cut before each piece, but at the very start
            offset = end - pieces[-1]
        elif offset and start:  # it goes to the next row
            cuts += 1
            offset = end - start
        word = _WORD.match(text, end)
    return cuts


def find_event(events: list, wanted: object) -> int | None:
    """Where `wanted` (that very event) is in `events`, or None."""
    for index, event in enumerate(events):
        if event is wanted:
            return index
    return None
