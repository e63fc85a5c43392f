"""The reference apps the keypress figures are set beside: a bare Textual app showing a counter, one
key at a time, and one showing an opaque screen and putting it away, as the board does with a turn's
result. Also how a keypress is timed, for ours and theirs alike (ui_speed.py)."""

from __future__ import annotations

import time

from timing import Times

PRESSES = 40


class Painted:
    """Mixed into an app: notes when a frame was last composed and handed to the terminal (wall
    clock and this process's CPU clock)."""

    painted = 0.0
    painted_cpu = 0.0

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if renderable is not None:
            self.painted = time.perf_counter()
            self.painted_cpu = time.process_time()


async def _press_timed(pilot, key: str, times: Times | None = None) -> float:
    """From the key sent to the last frame painted because of it, wall (returned) and CPU (both
    added to `times`). The pilot waits for the app to go idle afterwards; that wait (tens of ms
    of polling) is not the app's and is not counted."""
    app = pilot.app
    start, start_cpu = time.perf_counter(), time.process_time()
    app.painted, app.painted_cpu = start, start_cpu
    await pilot.press(key)
    await pilot.pause()
    if times is not None:
        times.add(app.painted - start, app.painted_cpu - start_cpu)
    return app.painted - start


async def bare_screens() -> tuple[Times, Times]:
    """A second reference: a Textual app that pushes an opaque screen (a box of text and a line of
    keys) and pops it again, one key each, as the board shows a turn's result and puts it away. A
    screen shown is a whole frame drawn; this is the least that costs in Textual."""
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import ModalScreen
    from textual.widgets import Static

    class Top(ModalScreen):
        CSS = "Top { background: $background; align: center middle; } #box { width: 76; border: round $primary; }"
        BINDINGS = [Binding("enter", "app.pop_screen", "Back")]

        def compose(self):
            yield Static("", id="box")
            yield Static(" enter Go on", id="keys")

    class Bare(Painted, App):
        BINDINGS = [Binding("1", "show", "Show")]

        def compose(self):
            for row in range(30):
                yield Static(f"row {row} " * 8)
            yield Static(" 1 Show", id="keys")

        def on_mount(self) -> None:
            self.shown = 0
            self.install_screen(Top(), "top")

        def action_show(self) -> None:
            self.shown += 1
            top = self.get_screen("top")
            if top.is_mounted:
                top.query_one("#box", Static).update("\n".join(f"turn {self.shown}, line {n}" for n in range(8)))
            self.push_screen("top")

    app = Bare()
    pushes, pops = Times(), Times()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(PRESSES // 2):
            await _press_timed(pilot, "1", pushes)
            await _press_timed(pilot, "enter", pops)
    return pushes, pops


async def bare_keys() -> Times:
    """The reference: a Textual app that shows a counter and a footer, one key at a time."""
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    class Bare(Painted, App):
        BINDINGS = [Binding("1", "bump", "Bump")]

        def compose(self):
            yield Static("0", id="n")
            yield Footer()

        def action_bump(self) -> None:
            label = self.query_one("#n", Static)
            label.update(str(int(str(label.render())) + 1))

    app = Bare()
    times = Times()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(PRESSES):
            await _press_timed(pilot, "1", times)
    return times
