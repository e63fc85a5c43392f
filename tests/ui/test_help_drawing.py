"""The help's texts drawn a section at a time are what Rich draws for the whole text, style for style."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment

from rainboard import paths
from rainboard.ui.keys import help_markdown
from rainboard.ui.screens.help import KeptMarkdown
from rainboard.ui.screens.help_drawing import sections


@pytest.mark.parametrize("width", [100, 58, 20])
def test_drawn_in_sections_the_help_is_what_rich_draws_whole(monkeypatch, width):
    monkeypatch.setattr(KeptMarkdown, "_kept", {})
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    options = console.options.update_width(width).update(highlight=False)
    for source in (paths.asset_text("rules.md"), help_markdown()):
        whole = list(Segment.simplify(console.render(Markdown(source, hyperlinks=False), options)))
        ours = list(Segment.simplify(console.render(KeptMarkdown(source), options)))
        assert ours == whole
    assert len(sections(paths.asset_text("rules.md"))) > 5  # the rules were indeed cut


def test_sections_cut_before_headings_but_not_inside_code_or_with_links_by_reference():
    text = "# One\n\nwords\n\n## Two\n\n```\n# not a heading\n```\n\n### Three stays\n"
    assert sections(text) == ["# One\n\nwords\n\n", "## Two\n\n```\n# not a heading\n```\n\n### Three stays\n"]
    linked = "# One\n\n[a link][far]\n\n## Two\n\n[far]: https://example.org\n"
    assert sections(linked) == [linked]


def test_a_kept_drawing_is_drawn_without_parsing_again(monkeypatch):
    monkeypatch.setattr(KeptMarkdown, "_kept", {})
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    options = console.options.update_width(60)
    first = KeptMarkdown("# Rules\n\nSome words.").__rich_console__(console, options)
    monkeypatch.setattr(KeptMarkdown, "_draw", lambda *_: pytest.fail("drawn again"))
    assert KeptMarkdown("# Rules\n\nSome words.").__rich_console__(console, options) is first
