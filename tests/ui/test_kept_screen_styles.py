"""A turn's result is one screen the board keeps and pushes on every move. Textual works out the
styles of all its widgets on each push, and draws its background again; it now does so only when
the theme or the app changed since the last push (textual_internals.ResumesFromKeptLines), and a
theme chosen while the result was away still reaches it."""

from __future__ import annotations

from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.textual_internals import screen_lines

from tests.ui.test_turn_result import TableApp, table


def rows_drawn(screen) -> list[int]:
    """Each row of `screen`'s own background drawn from now on, by number."""
    drawn: list[int] = []
    render_line = screen.render_line

    def counted(y):
        drawn.append(y)
        return render_line(y)

    screen.render_line = counted
    return drawn


def restyles_of(app, screen) -> list[int]:
    """Each time the app's stylesheet works out styles for `screen` itself, the number of nodes."""
    seen: list[int] = []
    update = app.stylesheet.update_nodes

    def counted(nodes, animate=False):
        nodes = list(nodes)
        if screen in nodes:
            seen.append(len(nodes))
        return update(nodes, animate=animate)

    app.stylesheet.update_nodes = counted
    return seen


async def turn_and_back(pilot, key: str) -> TurnResultScreen:
    """A move that ends the turn, its result shown, then put away (and the hand-off passed)."""
    await pilot.press(key)
    await pilot.pause()
    result = pilot.app.screen
    assert isinstance(result, TurnResultScreen)
    await pilot.press("enter", "enter")
    await pilot.pause()
    return result


async def test_the_kept_result_is_not_restyled_when_nothing_changed():
    async with TableApp(table()).run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        result = await turn_and_back(pilot, "f")  # Ada takes a food token; the result is built
        seen = restyles_of(pilot.app, result)
        again = await turn_and_back(pilot, "f")  # Bo's turn: the same screen, shown again
        assert again is result
        assert seen == []


async def test_a_theme_chosen_while_the_result_was_away_reaches_it():
    async with TableApp(table()).run_test(size=(100, 30)) as pilot:
        app = pilot.app
        await pilot.pause()
        result = await turn_and_back(pilot, "f")
        dark = result.styles.background
        seen = restyles_of(app, result)
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await pilot.press("f")  # Bo's move: the kept result comes back
        await pilot.pause()
        assert app.screen is result
        assert seen  # worked out again, for the new theme
        assert result.styles.background != dark
        assert result.styles.background == app.screen.styles.background  # as a freshly styled one
        assert result.styles.background.rgb == app.current_theme.to_color_system().background.rgb


async def test_the_kept_result_shown_from_kept_lines_looks_as_one_drawn_whole():
    async with TableApp(table()).run_test(size=(100, 30)) as pilot:
        app = pilot.app
        await pilot.pause()
        result = await turn_and_back(pilot, "f")  # Ada's result, built and drawn whole
        drawn = rows_drawn(result)
        await pilot.press("f")  # Bo's result, on the same screen, its background kept
        await pilot.pause()
        assert app.screen is result
        kept = screen_lines(app)
        assert "Bo" in "\n".join(kept)
        assert drawn == []  # the background is not drawn again
        result.refresh()  # now the whole screen drawn again, as Textual draws a pushed screen
        await pilot.pause()
        assert len(drawn) == 30  # (so the count above could have seen it)
        assert screen_lines(app) == kept
