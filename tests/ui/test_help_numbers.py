"""The rules text in the help states the table's own numbers, read from decks/rules.toml."""

from __future__ import annotations

from attrs import evolve

from rainboard import paths
from rainboard.data import load_data
from rainboard.ui.screens.help import fill_numbers


def test_the_rain_timer_in_the_help_is_the_tables():
    rules = load_data().rules
    text = paths.asset_text("rules.md")
    shipped = fill_numbers(text, rules)
    assert f"rolls the rain timer: {rules.rain_dice}d{rules.rain_sides}+{rules.rain_bonus}." in shipped
    assert "{" not in shipped  # every number named in the text is a rules.toml number
    house = fill_numbers(text, evolve(rules, rain_dice=3, rain_bonus=1))
    assert f"rolls the rain timer: 3d{rules.rain_sides}+1." in house


def test_without_deck_data_the_help_names_the_number():
    assert fill_numbers("a timer of {rain_bonus} and {nothing}", None) == "a timer of `rain_bonus` and `nothing`"
    assert fill_numbers("{nothing} here", load_data().rules) == "`nothing` here"


async def test_the_help_during_a_game_states_that_games_numbers():
    """A game on a table's own rules (here a rain timer of 3d4+1) shows those numbers in the help."""
    from rainboard.ui.screens.help import MarkdownText

    from rainboard.engine import PlayerSetup, Setup
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.help import HelpScreen
    from rainboard.ui.session import GameSession

    shipped = load_data()
    house = evolve(shipped, rules=evolve(shipped.rules, rain_dice=3, rain_sides=4, rain_bonus=1))
    session = GameSession.start(Setup(players=[PlayerSetup("Ada", "survivor")], seed=5), house)

    class TableApp(RainboardApp):
        def on_mount(self) -> None:
            self.push_screen(BoardScreen(session))

    app = TableApp(data=shipped, catch_errors=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen())
        await pilot.pause()
        text = app.screen.query_one("#rules-text", MarkdownText).source
        assert "rolls the rain timer: 3d4+1." in text
        assert f"{shipped.rules.rain_dice}d{shipped.rules.rain_sides}+{shipped.rules.rain_bonus}." not in text


async def test_the_board_draws_the_help_ahead_and_the_help_draws_from_that(monkeypatch):
    """Once no key has come for a moment, the rules are drawn ahead at the help's width;
    opening the help then draws nothing again, and shows what Rich's own Markdown draws."""
    import rich.markdown

    from rainboard.engine import PlayerSetup, Setup
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens import board, help as help_module
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.help import HelpScreen, KeptMarkdown, MarkdownText
    from rainboard.ui.session import GameSession

    monkeypatch.setattr(board, "HELP_AHEAD", 0.05)
    monkeypatch.setattr(KeptMarkdown, "_kept", {})
    drawn = []
    real = rich.markdown.Markdown.__rich_console__

    def counted(self, console, options):
        drawn.append(options.max_width)
        return real(self, console, options)

    monkeypatch.setattr(rich.markdown.Markdown, "__rich_console__", counted)
    threads = []  # the workers that drew it ahead
    prepare = help_module.prepare_help
    monkeypatch.setattr(help_module, "prepare_help", lambda app: threads.append(prepare(app)))
    session = GameSession.start(Setup(players=[PlayerSetup("Ada", "survivor")], seed=5), load_data())

    class TableApp(RainboardApp):
        def on_mount(self) -> None:
            self.push_screen(BoardScreen(session))

    app = TableApp(data=load_data(), catch_errors=False, autosave=False)
    now = [0.0]
    app.collector._clock = lambda: now[0]  # the collector's clock says how long the keys were still
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down")
        await pilot.pause(0.2)
        assert not threads  # a key a moment ago (by that clock): nothing is drawn behind the keys
        now[0] += 1.0
        await pilot.pause(0.2)
        assert threads, "the board did not draw the help ahead"
        await threads[0].wait()  # a Textual worker, a section at a time on the app's loop
        ahead = len(drawn)
        # both texts, at the widths the help has at 120 columns: less the contents and padding, at
        # most 100, with and without the scrollbar (measured without it first); no other width
        assert ahead >= 2 and set(drawn) == {98, 100}
        pilot.app.push_screen(HelpScreen())
        await pilot.pause()
        assert len(drawn) == ahead  # opening the help drew nothing again
        rules = pilot.app.screen.query_one("#rules-text", MarkdownText)
        console = pilot.app.console
        options = console.options.update_width(rules.content_region.width)
        ours = "".join(segment.text for segment in console.render(KeptMarkdown(rules.source), options))
        theirs = "".join(segment.text for segment in console.render(rich.markdown.Markdown(rules.source,
                                                                                           hyperlinks=False), options))
        assert ours == theirs and "as Rainboard plays it" in ours
