"""The help's table of contents and its search (issue 26): the contents lists every `#`/`##` heading of
the rules and jumps to it; `/` searches on from the view, says when nothing matches, and escape closes it."""

from __future__ import annotations

import re

from textual.widgets import Input, OptionList

from rainboard import paths
from rainboard.data import load_data
from rainboard.ui.app import RainboardApp
from rainboard.ui.textual_internals import screen_lines

RULES_HEADINGS = [line.lstrip("#").strip() for line in paths.asset_text("rules.md").splitlines()
                  if re.match(r"#{1,2} ", line)]


def view_lines(app) -> list[str]:
    """The lines of the help's text now in view (the scroll's region of the screen)."""
    region = app.screen.query_one("#help-scroll").content_region
    return [line[region.x:region.right] for line in screen_lines(app)[region.y:region.bottom]]


async def open_help(pilot):
    await pilot.pause()
    await pilot.press("f1")
    await pilot.pause()
    from rainboard.ui.screens.help import HelpScreen

    assert isinstance(pilot.app.screen, HelpScreen)
    return pilot.app.screen


def new_app():
    return RainboardApp(data=load_data(), catch_errors=False, autosave=False)


async def test_the_contents_lists_every_heading_of_the_rules_and_the_keys():
    assert len(RULES_HEADINGS) > 10
    async with new_app().run_test(size=(80, 24)) as pilot:
        screen = await open_help(pilot)
        contents = screen.query_one("#help-contents", OptionList)
        entries = [" ".join(str(contents.get_option_at_index(n).prompt).split()) for n in range(contents.option_count)]
        assert entries == ["Keys", *RULES_HEADINGS]
        assert contents.region.width and contents.region.height  # shown at 80x24


async def test_choosing_a_section_puts_its_heading_at_the_top_of_the_view():
    async with new_app().run_test(size=(80, 24)) as pilot:
        screen = await open_help(pilot)
        scroll = screen.query_one("#help-scroll")
        for heading in ("Combat", "Food", "Setting up"):
            await pilot.press("tab")  # to the contents
            contents = screen.query_one("#help-contents", OptionList)
            assert contents.has_focus
            contents.highlighted = 1 + RULES_HEADINGS.index(heading)
            await pilot.press("enter")
            await pilot.pause()
            assert scroll.scroll_y > 0
            assert view_lines(pilot.app)[0].strip() == heading, view_lines(pilot.app)[:3]
            await pilot.press("tab")  # back to the text
            assert scroll.has_focus


async def test_a_click_on_a_section_jumps_there():
    async with new_app().run_test(size=(120, 40)) as pilot:
        screen = await open_help(pilot)
        contents = screen.query_one("#help-contents", OptionList)
        region = contents.region
        y = next(y for y, line in enumerate(screen_lines(pilot.app))
                 if y in range(region.y, region.bottom) and line[region.x:region.right].strip("│ ") == "Karma")
        await pilot.click(contents, offset=(3, y - region.y))
        await pilot.pause()
        assert view_lines(pilot.app)[0].strip() == "Karma"


async def test_a_search_jumps_to_the_one_later_section_that_has_the_word():
    from rainboard.ui.keys import help_markdown

    word = "Flashbangs"  # once in the help, under "## Items", far down the rules
    text = paths.asset_text("rules.md")
    assert text.casefold().count(word.casefold()) == 1 and word.casefold() not in help_markdown().casefold()
    assert text.index("## Items") < text.casefold().index(word.casefold()) < text.index("## Scavengers")
    async with new_app().run_test(size=(80, 24)) as pilot:
        screen = await open_help(pilot)
        scroll = screen.query_one("#help-scroll")
        assert word.casefold() not in "\n".join(view_lines(pilot.app)).casefold()
        await pilot.press("slash")
        search = screen.query_one("#help-search", Input)
        assert search.display and search.has_focus
        await pilot.press(*word.lower(), "enter")
        await pilot.pause()
        assert scroll.scroll_y > 100
        first = scroll.scroll_y
        assert word.casefold() in "\n".join(view_lines(pilot.app)).casefold()
        await pilot.press("enter")  # again: no other match, so round to the same one
        await pilot.pause()
        assert scroll.scroll_y == first


async def test_enter_again_goes_on_to_the_next_match():
    async with new_app().run_test(size=(80, 24)) as pilot:
        screen = await open_help(pilot)
        scroll = screen.query_one("#help-scroll")
        await pilot.press("slash", *"hibernat", "enter")
        await pilot.pause()
        found = []
        for _ in range(4):
            assert "hibernat" in "\n".join(view_lines(pilot.app)).casefold()
            found.append((scroll.scroll_y, screen._found))
            await pilot.press("enter")
            await pilot.pause()
        assert [y for y, _ in found] == sorted(y for y, _ in found) and len(set(found)) == 4


async def test_ctrl_f_searches_too_and_a_search_with_no_match_says_so_and_stays():
    async with new_app().run_test(size=(80, 24)) as pilot:
        screen = await open_help(pilot)
        scroll = screen.query_one("#help-scroll")
        scroll.scroll_to(y=40, animate=False, immediate=True)
        await pilot.pause()
        before = view_lines(pilot.app)
        await pilot.press("ctrl+f")
        await pilot.press(*"zzqx", "enter")
        await pilot.pause()
        assert scroll.scroll_y == 40 and view_lines(pilot.app)[:5] == before[:5]
        notices = [notice.message for notice in pilot.app._notifications]
        assert any("zzqx" in message and "Nothing" in message for message in notices), notices


async def test_escape_closes_the_search_and_then_the_help():
    from rainboard.ui.screens.help import HelpScreen

    async with new_app().run_test(size=(80, 24)) as pilot:
        screen = await open_help(pilot)
        await pilot.press("slash")
        search = screen.query_one("#help-search", Input)
        assert search.display
        await pilot.press("escape")
        await pilot.pause()
        assert not search.display and pilot.app.screen is screen
        assert screen.query_one("#help-scroll").has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, HelpScreen)


async def test_the_search_and_contents_keys_are_in_the_footer():
    async with new_app().run_test(size=(80, 24)) as pilot:
        await open_help(pilot)
        footer = screen_lines(pilot.app)[-1]
        assert "/ Search" in footer and "Contents" in footer
