"""The help's Markdown texts drawn once for each width and kept (KeptMarkdown), a section at a time,
so the board can draw them ahead between its own events (help.prepare_help)."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator

from rich.segment import Segment


class KeptMarkdown:
    """Rich's Markdown of a text, drawn once for each width and kept. The rules are long: drawing
    them took 150-350 ms, and Textual draws a text twice on showing it (once to measure its height,
    once to paint it). Kept here, the help opens in the time of a frame after the first time, and
    `drawing` draws it ahead, a section at a time, while the table is idle."""

    _kept: dict[tuple, list] = {}  # (text, width, options) -> the segments, for every copy of a text
    KEEP = 8  # drawings kept (a few widths of the keys and the rules)

    def __init__(self, source: str) -> None:
        self.source = source
        self.drawn: list | None = None  # the segments this copy last drew (the widget's width)

    def _key(self, options) -> tuple:
        return self.source, options.max_width, options.encoding, options.legacy_windows, options.is_terminal

    def __rich_console__(self, console, options):
        key = self._key(options)
        segments = self._kept.get(key)
        if segments is None:
            segments = self._keep(key, self._draw(console, options))
        self.drawn = segments
        return segments

    def _keep(self, key: tuple, segments: list) -> list:
        """Keep a drawing (the oldest goes past KEEP); one kept for `key` already stays, and is returned."""
        if key not in self._kept:
            while len(self._kept) >= self.KEEP:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = segments
        return self._kept[key]

    def _draw(self, console, options) -> list[Segment]:
        segments: list[Segment] = []
        for _ in self._sections_into(segments, console, options):
            pass
        return segments

    def _sections_into(self, segments: list, console, options) -> Iterator[None]:
        """Parse the text and draw it into `segments`, one section at a time (what Rich draws for the
        whole text, in a fraction of the memory: the parse of all the rules at once is over a
        megabyte), pausing after each, and let each parse go at once; a copy whose drawing is kept
        never parses at all. Runs of one style are joined, and equal styles and words share one object."""
        from rich.markdown import Markdown as RichMarkdown

        styles, texts = {}, {}
        for number, part in enumerate(sections(self.source)):
            if number:
                segments.append(Segment.line())  # the blank line Rich puts between two blocks
            drawn = console.render(RichMarkdown(part, hyperlinks=False), options)
            segments += [Segment(texts.setdefault(text, text), styles.setdefault(style, style), control)
                         for text, style, control in Segment.simplify(drawn)]
            gc.collect(1)  # each Markdown's own parser (200 KiB) is freed only by the collector
            yield

    def drawing(self, console, width: int) -> Iterator[None]:
        """Draw at this width as the help does when it opens, a section each step; nothing if that
        drawing is kept already (the help, opened meanwhile, drew it itself)."""
        options = console.options.update_width(width).update(highlight=False)
        key = self._key(options)
        if key in self._kept:
            return
        segments: list[Segment] = []
        yield from self._sections_into(segments, console, options)
        self._keep(key, segments)


def sections(source: str) -> list[str]:
    """A Markdown text cut before each `#` or `##` heading (none inside code), to be drawn one
    piece at a time; whole if it defines a link by reference, which may be used in another piece."""
    if re.search(r"(?m)^ {0,3}\[[^\]]+\]:", source):
        return [source]
    pieces, lines, code = [], [], False
    for line in source.splitlines(keepends=True):
        if line.lstrip().startswith(("```", "~~~")):
            code = not code
        elif not code and lines and re.match(r"#{1,2}\s", line):
            pieces.append("".join(lines))
            lines = []
        lines.append(line)
    pieces.append("".join(lines))
    return [piece for piece in pieces if piece.strip()] or [source]
