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
