"""Text from files and players made safe to show (rainboard/text.py, rainboard/ui/safe_text.py)."""

from __future__ import annotations

import io

import pytest
from textual.content import Content

from rainboard.text import PrintableStream, has_unsafe, markup_escape, printable, strip_unsafe
from rainboard.ui.safe_text import shown, table_cell

# what a shared save or deck folder might hold: a window title, a screen clear, the clipboard
# (OSC 52), a one-byte CSI, a right-to-left override, a lone surrogate
HOSTILE = ["\x1b]0;pwned\x07", "\x1b[2J", "\x1b]52;c;aGVsbG8=\x07", "\x9b31m", "evil\u202etxt", "bad\ud800"]
MARKUP = ["[/]", "[@click=app.quit]x[/]", "[b]bold", "[$accent]x", "[B]x[/B]", "a\\", "\\[b]", "[red", "x]y["]


@pytest.mark.parametrize("text, expected", [
    ("\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07"),
    ("\x1b[2J", "\\x1b[2J"),
    ("\x9b31m", "\\x9b31m"),
    ("\x7f", "\\x7f"),
    ("\x00", "\\x00"),
    ("evil\u202etxt", "evil\\u202etxt"),
    ("\u2066x\u2069", "\\u2066x\\u2069"),
    ("bad\ud800", "bad\\ud800"),
    ("two\nlines\tand\r", "two\\nlines\\tand\\r"),
])
def test_printable_spells_out_what_a_terminal_would_act_on(text, expected):
    assert printable(text) == expected


@pytest.mark.parametrize("text", ["Ada", "[/]", "Zoë", "渡辺", "🐛 slug", "a\\b", "", "50%"])
def test_printable_leaves_ordinary_text_as_it_is(text):
    assert printable(text) == text
    assert not has_unsafe(text)


def test_printable_keeps_what_it_is_told_to():
    assert printable("one\ntwo\x1b", keep="\n") == "one\ntwo\\x1b"
    assert has_unsafe("one\ntwo") and not has_unsafe("one\ntwo", keep="\n")


def test_the_escapes_are_safe_themselves():
    for text in HOSTILE:
        once = printable(text)
        assert not has_unsafe(once) and printable(once) == once
        once.encode("utf-8")  # a lone surrogate could not be printed at all


def test_strip_unsafe_leaves_the_text_without_them():
    assert strip_unsafe("Ad\x1b[2Ja\u202e") == "Ad[2Ja"
    assert strip_unsafe("Ada") == "Ada"


@pytest.mark.parametrize("text", MARKUP + HOSTILE)
@pytest.mark.parametrize("template", ["{}", "[b]{}[/b] after", "before [i]{}[/i]", "[@click=app.bell]{}[/]"])
def test_markup_escape_shows_the_text_exactly_wherever_it_is_put(text, template):
    content = Content.from_markup(template.format(markup_escape(text)))
    expected = Content.from_markup(template.format("NAME")).plain.replace("NAME", printable(text))
    assert content.plain.replace("\u200b", "") == expected
    assert all("app.quit" not in str(span.style) for span in content.spans)  # no live link


def test_shown_escapes_inside_content_and_keeps_its_styles():
    content = Content.assemble(("Bo\x1b[2J", "bold"), " meets ", ("[/]", "italic"), "\nnext line")
    safe = shown(content)
    assert safe.plain == "Bo\\x1b[2J meets [/]\nnext line"
    bold = [span for span in safe.spans if span.style == "bold"]
    assert min(s.start for s in bold) == 0 and max(s.end for s in bold) == len("Bo\\x1b[2J")
    assert shown(Content("Ada")).plain == "Ada"
    assert shown("one\ntwo", keep="").plain == "one\\ntwo"
    assert shown("[b]not bold[/b]").plain == "[b]not bold[/b]"  # a string is never markup


def test_a_table_cell_is_text():
    assert table_cell("[/]\x1b]0;x\x07").plain == "[/]\\x1b]0;x\\x07"
    assert table_cell(Content("\x9b")).plain == "\\x9b"


def test_a_printable_stream_escapes_every_write_but_newlines():
    real = io.StringIO()
    stream = PrintableStream(real)
    print("Out\x1b[2Jskirts", file=stream)
    stream.writelines(["a\x07\n"])
    assert real.getvalue() == "Out\\x1b[2Jskirts\na\\x07\n"
    assert stream.isatty() is False  # the rest is the real stream's
