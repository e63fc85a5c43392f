"""The log writes only what changed: what it shows after adds, trims, undos and replay windows is
exactly what a log written afresh with the same events shows."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, apply, legal_actions, new_game
from rainboard.engine.rng import Chooser
from rainboard.ui.widgets.event_log import EventLog

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"


def _game(actions: int):
    """The events of each action of a fixed random game, and its last state."""
    data = load_data(SHORT)
    state, opening = new_game(Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")],
                                    seed="log"), data)
    chooser = Chooser(3)
    steps = [list(opening)]
    for _ in range(actions):
        legal = legal_actions(state)
        if not legal:  # the game is over
            break
        state, events = apply(state, chooser.choice(legal))
        steps.append(list(events))
    return steps, state


class Logs(App):
    def compose(self):
        yield EventLog(id="kept", keep=60)
        yield EventLog(id="fresh", keep=10_000)


def _rows(log: EventLog) -> list[str]:
    return [strip.text for strip in log.lines]


async def test_adds_trims_undos_and_windows_show_what_a_fresh_log_shows():
    steps, state = _game(120)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        kept, fresh = app.query_one("#kept", EventLog), app.query_one("#fresh", EventLog)
        shown: list = []

        async def check(what: str) -> None:
            fresh.reset([], state)  # nothing in common: written afresh
            fresh.reset(list(shown), state)
            fresh._write_all()
            await pilot.pause()
            assert kept.plain_lines == fresh.plain_lines, what
            assert _rows(kept) == _rows(fresh), what

        so_far: list = []
        for number, events in enumerate(steps):  # the board: every move adds its events
            kept.add(events, state)
            so_far += events
            if number % 17 == 0:
                shown = so_far[-len(kept.contents):]  # the oldest have dropped off the top
                await check(f"after action {number}")
        flat = [e for events in steps for e in events]
        for end in (len(flat) - 3, len(flat) - 40, len(flat) - 39, len(flat) - 80, 25, len(flat)):
            # an undo (the tail goes), a replay stepping back and forth (both ends move), a jump
            shown = flat[max(0, end - 50):end]
            kept.reset(shown, state)
            await check(f"window ending at {end}")
        assert len(kept.contents) <= kept.keep


async def test_a_long_game_keeps_the_log_to_its_size():
    steps, state = _game(400)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        kept = app.query_one("#kept", EventLog)
        for events in steps:
            kept.add(events, state)
        await pilot.pause()
        assert sum(map(len, steps)) > kept.keep + 200  # enough to have dropped lines off the top
        assert len(kept.contents) < kept.keep + 200
        assert sum(kept._rows) == len(kept.lines)
        assert kept.plain_lines[-1] == kept.contents[-1].plain


class LogBeside(App):
    def compose(self):
        from textual.widgets import RichLog

        yield EventLog(id="ours", keep=10_000)
        yield RichLog(id="theirs", wrap=True, markup=False, highlight=False, min_width=10)


async def test_each_row_is_the_row_richlog_draws_from_the_same_text_and_colours():
    """The log puts its rows straight into its lines; RichLog's own write of the same rows, as Rich
    Text in the same colours, gives the same characters in the same styles."""
    from rich.text import Text
    from textual.widgets import RichLog

    steps, state = _game(60)
    events = [event for step in steps for event in step]
    async with LogBeside().run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        ours, theirs = pilot.app.query_one("#ours", EventLog), pilot.app.query_one("#theirs", RichLog)
        ours.add(events, state)
        await pilot.pause()
        width = ours._written_width
        parse = pilot.app.stylesheet.parse_style
        for content in ours.contents:
            for row in ours.wrapped(content, width):
                text = Text(end="")
                for piece, style in row.render(ours.visual_style, end="", parse_style=parse):
                    text.append(piece, style.rich_style)
                theirs.write(text, scroll_end=False)

        def drawn(strip):
            return [(segment.text, segment.style) for segment in strip.crop_extend(0, width, None).simplify()
                    if segment.text]

        assert len(ours.lines) == len(theirs.lines) > len(ours.contents)  # some lines wrapped
        assert [drawn(strip) for strip in ours.lines] == [drawn(strip) for strip in theirs.lines]
        assert any(segment.style and segment.style.color for strip in ours.lines for segment in strip)
