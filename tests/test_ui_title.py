"""The title screen: what it shows, where its menu leads, and how it looks at 80x24."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from rainboard import paths
from rainboard.ui.app import RainboardApp, RulesScreen, TitleScreen
from rainboard.ui.screens.help import MarkdownText


def _menu(app: RainboardApp) -> OptionList:
    return app.screen.query_one("#menu", OptionList)


async def test_title_shows_art_subtitle_and_menu():
    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        art = str(app.screen.query_one("#title-art", Static).render())
        assert "█▀▀▄" in art  # the block-letter name
        assert "Rainboard" in str(app.screen.query_one("#subtitle", Static).render())
        menu = _menu(app)
        labels = {menu.get_option_at_index(i).id: menu.get_option_at_index(i) for i in range(menu.option_count)}
        assert list(labels) == ["new-game", "learn", "solo-challenge", "continue", "saved-games", "scores", "rules",
                                "quit"]
        assert labels["continue"].disabled  # nothing saved yet in this test's data folder
        for ready in ("new-game", "learn", "solo-challenge", "saved-games", "scores", "rules", "quit"):
            assert not labels[ready].disabled
        assert "no unfinished game" in str(app.screen.query_one("#later-note", Static).render())


async def test_rules_entry_opens_rules_and_escape_returns():
    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        menu.highlighted = menu.get_option_index("rules")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules-text", MarkdownText).source.strip()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_help_keys_open_the_rules_once_and_close_them_again():
    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert len(app.screen_stack) == 2  # title, rules: never a second copy
        await pilot.press("f1")  # already showing: the same key closes it
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_missing_rules_file_shows_a_note(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "assets_dir", lambda: tmp_path)
    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert "rules.md" in app.screen.query_one("#rules-text", MarkdownText).source


async def test_q_quits():
    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert not app.is_running


async def test_quit_entry_quits():
    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        menu.highlighted = menu.get_option_index("quit")
        await pilot.press("enter")
        await pilot.pause()
    assert not app.is_running


async def test_text_cursors_do_not_blink():
    from textual.screen import Screen
    from textual.widgets import Input

    class Form(Screen):
        def compose(self):
            yield Input()

    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(Form())
        app.screen.query_one(Input).focus()
        await pilot.pause()
        assert app.screen.query_one(Input).cursor_blink is False


def test_title_art_fits_80x24():
    lines = paths.asset_text("title.txt").rstrip("\n").splitlines()
    assert len(lines) <= 14
    assert max(len(line) for line in lines) <= 76


def test_title_snapshot(snap_compare):
    """The title screen at 80x24: art, subtitle, menu with greyed-out entries, footer."""
    assert snap_compare(RainboardApp(), terminal_size=(80, 24))


async def test_learn_to_play_opens_the_tutorial_and_q_comes_back_to_the_title():
    from rainboard.ui.screens.tutorial import TutorialBoardScreen

    app = RainboardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = _menu(app)
        assert str(menu.get_option("learn").prompt) == "Learn to play"
        menu.highlighted = menu.get_option_index("learn")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TutorialBoardScreen)
        assert "Learn to play · step 1 of" in str(app.screen.query_one("#guide").border_title)


async def test_the_title_offers_the_tutorial_only_on_a_fresh_data_folders_first_start(tmp_path):
    from rainboard.ui.screens.dialogs import ConfirmScreen

    (tmp_path / "games").mkdir()  # a data folder with games in it is not a new player's
    app = RainboardApp(data_dir=tmp_path)
    app.offer_tutorial = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert isinstance(app.screen, TitleScreen)


async def test_continue_on_a_save_the_glance_took_but_the_full_reading_refuses_falls_back(tmp_path, monkeypatch):
    """The title decides Continue at a glance; a newest save damaged where the glance does not look
    (an action that is no action) is refused with a message when chosen, no traceback, and Continue
    then goes to the older game that reads in full."""
    import json

    from rainboard.data import load_data
    from rainboard.engine import PlayerSetup, Setup
    from rainboard.saves import autosave_path, new_save, write_save
    from rainboard.ui.screens.board import BoardScreen

    data = load_data()
    saves = {}
    for day, game_id in ((1, "good"), (2, "spoiled")):
        from datetime import UTC, datetime

        save = new_save(Setup(players=[PlayerSetup("Ada", "survivor")], seed=day), data, False,
                        datetime(2026, 1, day, tzinfo=UTC))
        import attrs

        save = attrs.evolve(save, game_id=game_id)
        saves[game_id] = autosave_path(tmp_path, game_id)
        saves[game_id].parent.mkdir(parents=True, exist_ok=True)
        write_save(saves[game_id], save)
    spoiled = json.loads(saves["spoiled"].read_text(encoding="utf-8"))
    spoiled["actions"] = ["no such action"]
    saves["spoiled"].write_text(json.dumps(spoiled), encoding="utf-8")
    told = []
    monkeypatch.setattr("rainboard.ui.keeping.tell", lambda app, text, **kw: told.append(text))
    app = RainboardApp(data_dir=tmp_path, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        title = app.screen
        assert title.unfinished == saves["spoiled"]  # the glance took the newest
        _menu(app).highlighted = _menu(app).get_option_index("continue")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is title and told  # refused, with words
        assert "Traceback" not in " ".join(told)
        assert title.unfinished == saves["good"]
        _menu(app).highlighted = _menu(app).get_option_index("continue")
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, BoardScreen):
                break
        assert isinstance(app.screen, BoardScreen)
