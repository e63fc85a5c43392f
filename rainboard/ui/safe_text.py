"""Putting text from outside Rainboard on the screen as text (see rainboard/text.py for the rule).

Widgets are given Content, never a string to read as markup, and every Content that can hold a
name, a card's words, a save's action text or an error message goes through `shown` where it meets
a widget: control characters come out as visible escapes, the styles around them stay. The few
Textual calls that only take markup (a notification, the command palette's help line) have their
own helpers here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content, Span

from rainboard.text import UNSAFE_CHARS, markup_escape, printable

if TYPE_CHECKING:
    from textual.command import Hit
    from textual.fuzzy import Matcher


def shown(value: str | Content, keep: str = "\n") -> Content:
    """`value` as Content that shows as text: a string is never read as markup, and each unsafe
    character becomes its escape in the style it had. Newlines (`keep`) stay, so a card of several
    lines is still one; pass keep="" for a line that must stay one line (a name, a title)."""
    if not isinstance(value, Content):
        return Content(printable(value, keep))
    text = value.plain
    found = [m for m in UNSAFE_CHARS.finditer(text) if m.group() not in keep]
    if not found:
        return value
    pieces: list[Content] = []
    last = 0
    for match in found:
        start = match.start()
        pieces.append(value[last:start])
        escape = printable(match.group())
        styles = [span.style for span in value[start:start + 1].spans]
        pieces.append(Content(escape, [Span(0, len(escape), style) for style in styles]))
        last = start + 1
    pieces.append(value[last:])
    return Content("").join(pieces)


def table_cell(value: str | Content):
    """A DataTable cell that shows as text: the table reads a plain string as Rich markup, so a
    string goes in as Rich Text (one line, as the table draws a string), Content through `shown`."""
    if isinstance(value, Content):
        return shown(value, keep="")
    from rich.text import Text

    return Text(printable(value), end="", no_wrap=True)


def tell(target, message: str, *, title: str = "", **options) -> None:
    """A notification (`target` is an app, a screen or a widget) whose message and title are shown
    as text, whatever they quote."""
    target.notify(printable(message, keep="\n"), title=printable(title), markup=False, **options)


def palette_hit(name: str, run, help_text: str, matcher: Matcher | None = None, score: float = 1.0) -> Hit:
    """A command palette entry whose name and help show as text. The palette reads a plain string
    as markup (both the name and the help line), so the name goes in as Content, highlighted where
    `matcher` matched it, and the help escaped."""
    from textual.command import Hit

    text = printable(name)
    display = Content(text)
    if matcher is not None:
        matched, offsets = matcher.fuzzy_search.match(matcher.query, text)
        if matched:
            for offset in offsets:
                if not text[offset].isspace():
                    display = display.stylize(matcher.match_style, offset, offset + 1)
    return Hit(score, display, run, text=text, help=markup_escape(help_text))
