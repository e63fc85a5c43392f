"""The reference apps the keypress figures are set beside: a bare Textual app showing a counter, one
key at a time; one showing an opaque screen and putting it away, as the board does with a turn's
result; and one laid out as the board repainting the rows a fight's start changes (bare_repaint).
Also how a keypress is timed, for ours and theirs alike (ui_speed.py)."""

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


REPAINT_PRESSES = 60
BOARD_LIKE_CSS = """
#left { width: 60; }
#panel { height: 17; border: round $error; padding: 0 1; }
#roster { height: 5; }
#card { height: 9; border: round $primary; }
#hand { height: 8; border: round $primary; }
#status { height: 3; }
#moves { height: 15; border: round $primary; }
#log { height: 1fr; border: round $primary; }
"""


async def bare_repaint() -> Times:
    """A third reference, for a move that starts a fight: a bare Textual app laid out as the board
    (at 120x40) whose key puts text made beforehand into three framed panels as tall as the fight
    (17 rows), the moves (15) and the log (the rest), with no layout: only the repaint of those
    rows, about what a fight's start repaints. Building the text, the rules and the log's scroll
    are not in it."""
    from textual.app import App
    from textual.binding import Binding
    from textual.containers import Horizontal, Vertical
    from textual.content import Content
    from textual.widgets import Footer, Static

    words = "the lizard lunges at you and you roll against its bite with a spear in hand".split()

    def text(seed: int, rows: int) -> Content:
        return Content("\n".join(f"{seed} " + " ".join(words[(seed + row) % 8:(seed + row) % 8 + 6])
                                 for row in range(rows)))

    class Bare(Painted, App):
        CSS = BOARD_LIKE_CSS
        BINDINGS = [Binding("1", "next", "Next")]
        shown = 0

        def compose(self):
            with Horizontal():
                with Vertical(id="left"):
                    yield Static("", id="panel")
                    yield Static("roster\n" * 4, id="roster")
                    yield Static("card\n" * 6, id="card")
                    yield Static("hand\n" * 5, id="hand")
                with Vertical():
                    yield Static("status", id="status")
                    yield Static("", id="moves")
                    yield Static("", id="log")
            yield Footer()

        def on_mount(self) -> None:
            self.texts = [(text(seed, 15), text(seed + 3, 13), text(seed + 5, 23)) for seed in range(6)]

        def action_next(self) -> None:
            self.shown += 1
            for name, content in zip(("#panel", "#moves", "#log"), self.texts[self.shown % 6]):
                self.query_one(name, Static).update(content, layout=False)

    app = Bare()
    times = Times()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for press in range(REPAINT_PRESSES):
            await _press_timed(pilot, "1", times if press >= 10 else None)
    return times
