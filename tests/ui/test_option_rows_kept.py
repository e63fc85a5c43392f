"""The action list keeps what it drew: an option shown again (the same words, where it stood
before) is shown by the Option object shown then and is not drawn again, while a new option, or one
that moved, is; and the list on screen is what a list drawn afresh shows, the rows carrying each
option's place for a click."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from rainboard.ui.widgets.quiet import QuietOptionList

from tests.ui.test_replay_steps import _on_screen

FIRST = ["1 Draw a card [d]", "2 Take a food token [f]", "3 Search for a shelter [s]", "4 Walk to Outskirts"]
SECOND = ["1 Draw a card [d]", "2 Take a food token [f]", "3 Walk to Outskirts", "4 Attack Bo · 55%"]


def _options(lines: list[str], disabled: tuple[str, ...] = ()) -> list[Option]:
    return [Option(Content(line)) for line in lines] + [Option(Content(line), disabled=True) for line in disabled]


class Lists(App):
    CSS = "OptionList { height: 8; }"  # a size of its own, as the board's action list has

    def compose(self) -> ComposeResult:
        yield QuietOptionList(id="kept")
        yield OptionList(id="fresh")


def _count_drawn(monkeypatch) -> list[str]:
    """The options Textual draws (their words), through OptionList's own drawing."""
    drawn: list[str] = []
    original = OptionList._get_option_render

    def drawing(self, option, style):
        if self.id == "kept":
            drawn.append(str(option.prompt))
        return original(self, option, style)

    monkeypatch.setattr(OptionList, "_get_option_render", drawing)
    return drawn


async def test_an_option_shown_again_where_it_stood_is_not_drawn_again(monkeypatch):
    drawn = _count_drawn(monkeypatch)
    async with Lists().run_test(size=(60, 24)) as pilot:
        kept = pilot.app.query_one("#kept", QuietOptionList)
        kept.replace_options(_options(FIRST))
        await pilot.pause()
        assert sorted(drawn) == sorted(FIRST)
        first_draw = kept.get_option_at_index(0)
        drawn.clear()
        kept.replace_options(_options(SECOND))
        await pilot.pause()
        # the first two stand where they stood: kept; "Walk" moved from 4 to 3, "Attack" is new
        assert sorted(drawn) == ["3 Walk to Outskirts", "4 Attack Bo · 55%"]
        assert kept.get_option_at_index(0) is first_draw  # the object shown then, its rows counted
        drawn.clear()
        kept.replace_options(_options(FIRST))
        await pilot.pause()
        assert drawn == []  # every one of them was drawn at its place before


async def test_the_kept_list_shows_what_a_list_drawn_afresh_shows_and_clicks_find_their_option(monkeypatch):
    async with Lists().run_test(size=(60, 24)) as pilot:
        kept = pilot.app.query_one("#kept", QuietOptionList)
        fresh = pilot.app.query_one("#fresh", OptionList)
        for lines, blocked in ((FIRST, ()), (SECOND, ("✗ Hibernate: no shelter",)), (FIRST[::-1], ()),
                               (SECOND, ())):
            kept.replace_options(_options(lines, blocked))
            fresh.set_options(_options(lines, blocked))
            await pilot.pause()
            assert _on_screen(kept) == _on_screen(fresh)
            for y, line in enumerate(lines):
                row = kept.render_line(y)
                assert {segment.style.meta.get("option") for segment in row if segment.style and segment.style.meta} \
                    == {y}, (line, y)


async def test_a_look_twice_in_one_list_is_two_options():
    async with Lists().run_test(size=(60, 24)) as pilot:
        kept = pilot.app.query_one("#kept", QuietOptionList)
        kept.replace_options(_options(["Eat a fruit", "Eat a fruit"]))
        await pilot.pause()
        assert kept.get_option_at_index(0) is not kept.get_option_at_index(1)
        assert [line.strip("▊▎ ") for line in _on_screen(kept)[1:3]] == ["Eat a fruit", "Eat a fruit"]
