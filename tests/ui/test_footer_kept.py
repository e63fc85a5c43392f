"""Issue 29: the keys footer works out its keys once per change and keeps the line it drew for each
set of keys: a turn's result shows two sets again and again (with the key that takes the move back,
and without), and a set shown again is not drawn again. A theme chosen draws it anew."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.visual import Visual

from rainboard.ui.widgets.footer import KeysFooter

from tests.ui.playing import BoardApp, table


def drawn_lines(monkeypatch) -> list[str]:
    """The text of each line a KeysFooter draws from now on."""
    drawn: list[str] = []
    to_strips = Visual.to_strips

    def counted(widget, visual, *args, **kwargs):
        if isinstance(widget, KeysFooter):
            drawn.append(str(visual))
        return to_strips(widget, visual, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
    return drawn


class KeysApp(App):
    """A footer whose keys change as a key offered comes and goes (as a turn's result offers ctrl+z)."""

    BINDINGS = [Binding("x", "toggle", "Toggle"), Binding("u", "undo", "Take it back")]
    offered = True

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters) -> bool | None:
        return self.offered if action == "undo" else True

    def action_toggle(self) -> None:
        self.offered = not self.offered
        self.refresh_bindings()

    def action_undo(self) -> None:
        pass


async def test_a_set_of_keys_shown_again_is_not_drawn_again(monkeypatch):
    async with KeysApp().run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        footer = pilot.app.query_one(KeysFooter)
        assert "Take it back" in str(footer.render())
        drawn = drawn_lines(monkeypatch)
        for _ in range(4):
            await pilot.press("x")
            await pilot.pause()
        assert "Take it back" in str(footer.render())
        assert len(drawn) == 1 and "Take it back" not in drawn[0]  # each set drawn once


async def test_keys_drawn_again_in_a_new_theme(monkeypatch):
    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = pilot.app.screen.query_one(KeysFooter)

        def footer_look() -> list:
            return [(segment.text, str(segment.style)) for segment in footer.render_line(0)]

        before = footer_look()
        drawn = drawn_lines(monkeypatch)
        pilot.app.theme = "textual-light" if pilot.app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert drawn
        assert footer_look() != before


async def test_a_move_that_changes_the_keys_works_them_out_once(monkeypatch):
    """The board draws its footer itself when a move changes the keys; nothing works them out again
    after it (the bindings' signal, when the board sent it, had the footer do it a second time)."""
    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        footer = board.query_one(KeysFooter)
        asked: list[tuple] = []
        keys = KeysFooter._keys

        def counted(self):
            found = keys(self)
            if self is footer:
                asked.append(found)
            return found

        before = footer._drawn
        monkeypatch.setattr(KeysFooter, "_keys", counted)
        await pilot.press("d")  # Ada draws a batfly: a fight, with other keys, on the same board
        await pilot.pause()
        assert pilot.app.screen is board and pilot.app.session.actions == ["draw"]
        assert footer._drawn != before  # the keys did change
        assert asked == [footer._drawn]  # and were worked out once



class ManySetsApp(App):
    """A footer that offers one of twelve keys at a time: twelve sets of keys, in turn (as the board
    offers one set for a plain turn, another in a fight, another before a gate...)."""

    BINDINGS = [Binding("n", "next", "Next")] + [Binding(f"f{i}", f"key({i})", f"Key {i}") for i in range(1, 13)]
    offered = 1

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters) -> bool | None:
        return parameters[0] == self.offered if action == "key" else True

    def action_next(self) -> None:
        self.offered = self.offered % 12 + 1
        self.refresh_bindings()

    def action_key(self, number: int) -> None:
        pass


async def test_a_dozen_sets_of_keys_are_kept_drawn(monkeypatch):
    async with ManySetsApp().run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        footer = pilot.app.query_one(KeysFooter)
        drawn = drawn_lines(monkeypatch)
        for _ in range(12):  # each set once, and back to the first
            await pilot.press("n")
            await pilot.pause()
        assert "Key 1" in str(footer.render()) and "Key 2" not in str(footer.render())
        assert len(drawn) == 11 and not any("Key 1 " in line for line in drawn)  # the first, kept
        for _ in range(12):
            await pilot.press("n")
            await pilot.pause()
        assert len(drawn) == 11  # the second time round, none drawn again
