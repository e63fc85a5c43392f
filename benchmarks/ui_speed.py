"""How quick the table feels: keypress to repaint on the board early and late in a game, replay steps,
the help screen, the autosave per action, start-up, and memory after a long game.

Every figure is printed beside a reference measured in the same run (a bare Textual app for keys
and start-up, a bare json.dumps for the autosave), since the machine is shared and its speed varies.
It asserts nothing. Run with `make bench` or `python benchmarks/ui_speed.py [--late 3000]`.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, legal_actions
from rainboard.engine.rng import Chooser

PLAYERS = [PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk"), PlayerSetup("Cy", "hunter"),
           PlayerSetup("Di", "gourmand")]
SEED = "bench-keys"
PRESSES = 40


def session_at(data, actions: int):
    """A 4-player game played at random (the same every run) up to `actions` actions."""
    from rainboard.ui.session import GameSession

    session = GameSession.start(Setup(players=PLAYERS, seed=SEED), data)
    chooser = Chooser(7)
    while len(session.actions) < actions:
        legal = legal_actions(session.state)
        if not legal:
            raise SystemExit(f"the benchmark game ended after {len(session.actions)} actions")
        session.act(chooser.choice(legal))
    return session


def figures(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"median {statistics.median(ms):6.1f} ms, p95 {p95:6.1f} ms ({len(ms)} presses)"


class Painted:
    """Mixed into an app: notes when a frame was last composed and handed to the terminal."""

    painted = 0.0

    def _display(self, screen, renderable) -> None:
        super()._display(screen, renderable)
        if renderable is not None:
            self.painted = time.perf_counter()


async def _press_timed(pilot, key: str) -> float:
    """From the key sent to the last frame painted because of it. The pilot waits for the app to
    go idle afterwards; that wait (tens of ms of polling) is not the app's and is not counted."""
    app = pilot.app
    start = time.perf_counter()
    app.painted = start
    await pilot.press(key)
    await pilot.pause()
    return app.painted - start


async def board_keys(data, actions: int, folder: Path) -> tuple[list[float], list[float]]:
    """Keypresses on the board of a game `actions` long, autosaved into `folder`; also the
    autosave's own time per action."""
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.setup import TableOptions

    session = session_at(data, actions)
    saves: list[float] = []

    class Bench(Painted, RainboardApp):
        def on_mount(self) -> None:
            self.watch_session(session, handoffs=False)
            saver = session.saver

            def timed(s):
                start = time.perf_counter()
                saver(s)
                saves.append(time.perf_counter() - start)

            if saver is not None:
                session.saver = timed
            self.push_screen(BoardScreen(session, TableOptions(handoffs=False)))

    app = Bench(data=data, data_dir=folder, catch_errors=False)
    times = []
    chooser = Chooser(11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while len(times) < PRESSES:
            screen = app.screen
            if isinstance(screen, BoardScreen) and screen._legal:
                index = chooser.randint(0, min(len(screen._legal), 9) - 1)
                times.append(await _press_timed(pilot, str(index + 1)))
            else:
                times.append(await _press_timed(pilot, "enter"))
    return times, saves


async def bare_keys() -> list[float]:
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
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(PRESSES):
            times.append(await _press_timed(pilot, "1"))
    return times


async def replay_keys(data, actions: int, folder: Path) -> tuple[list[float], list[float]]:
    """Steps (right arrow) and jumps (a cycle forward, `}`) in the replay of a saved game."""
    from datetime import UTC, datetime

    from rainboard.saves import new_save, record, write_save
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.replay import ReplayScreen

    session = session_at(data, actions)
    now = datetime.now(UTC)
    save = record(new_save(session.setup, data, False, now), session.actions, session.digests, False, None, now)
    path = folder / "replay-bench.json"
    write_save(path, save)
    class Replaying(Painted, RainboardApp):
        pass

    app = Replaying(data=data, data_dir=folder, replay=path, catch_errors=False, autosave=False)
    steps, jumps = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen), app.screen
        for _ in range(PRESSES):
            steps.append(await _press_timed(pilot, "right"))
        await _press_timed(pilot, "home")
        for _ in range(PRESSES // 2):
            jumps.append(await _press_timed(pilot, "right_curly_bracket"))
            jumps.append(await _press_timed(pilot, "left_curly_bracket"))
    return steps, jumps


async def help_opens(data, settle: float = 0.0) -> list[float]:
    """Opening the help and closing it, 8 times; the first opening `settle` seconds after the board
    came up (the board draws the long rules ahead on a thread once it has been up a second)."""
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.help import HelpScreen
    from rainboard.ui.screens.setup import TableOptions

    session = session_at(data, 50)

    class Bench(Painted, RainboardApp):
        def on_mount(self) -> None:
            self.push_screen(BoardScreen(session, TableOptions(handoffs=False)))

    app = Bench(data=data, catch_errors=False, autosave=False)
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await asyncio.sleep(settle)
        for _ in range(8):
            times.append(await _press_timed(pilot, "question_mark"))
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.pause()
    return times


FIRST_FRAME = """
import asyncio, time
start = time.perf_counter()
{imports}
first = []
class Timed({base}):
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and not first:
            first.append(time.perf_counter())
async def run():
    app = Timed({args})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
asyncio.run(run())
print(first[0] - start)
"""

COLD_RAINBOARD = FIRST_FRAME.format(imports="from rainboard.ui.app import RainboardApp", base="RainboardApp",
                                    args="autosave=False")

COLD_BARE = FIRST_FRAME.format(imports="""from textual.app import App
from textual.widgets import Footer, Static
class Bare(App):
    def compose(self):
        yield Static("Rainboard")
        yield Footer()""", base="Bare", args="")


def cold_start(script: str, runs: int = 3) -> float:
    """Seconds from the first import to the first frame painted, the best of `runs` fresh processes."""
    best = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        best.append(float(out.stdout.strip().splitlines()[-1]))
    return min(best)


MEMORY = """
import sys, tracemalloc
sys.path.insert(0, {here!r})
from ui_speed import session_at
from rainboard.data import load_data
data = load_data()
import rainboard.ui.app  # the interface's modules, as a running table has them
tracemalloc.start()
session = session_at(data, {actions})
now, peak = tracemalloc.get_traced_memory()
print(now / 2**20, peak / 2**20)
"""


def game_memory(actions: int) -> tuple[float, float]:
    """MiB a table's game (GameSession: states, events, undo history) holds after `actions`, and
    its peak on the way, traced in a fresh process with the decks and interface already loaded."""
    script = MEMORY.format(here=str(Path(__file__).resolve().parent), actions=actions)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    held, peak = map(float, out.stdout.strip().splitlines()[-1].split())
    return held, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--early", type=int, default=50)
    parser.add_argument("--late", type=int, default=3000)
    args = parser.parse_args()
    data = load_data()
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:  # a real disk, as a table's saves
        base = Path(folder)
        reference = asyncio.run(bare_keys())
        print(f"{'bare Textual app, a key':44} {figures(reference)}")
        for at in (args.early, args.late):
            keys, saves = asyncio.run(board_keys(data, at, base / f"keys-{at}"))
            print(f"{f'board, 4 players, at action {at}':44} {figures(keys)}")
            print(f"{f'  of it the autosave, at action {at}':44} {figures(saves)}")
        steps, jumps = asyncio.run(replay_keys(data, min(args.late, 1000), base))
        print(f"{'replay, one step':44} {figures(steps)}")
        print(f"{'replay, a cycle forward or back':44} {figures(jumps)}")
    for settle in (0.0, 2.0):
        opens = asyncio.run(help_opens(data, settle))
        print(f"{f'help opens, board up {settle:g} s (action 50)':44} {figures(opens)}; the first {opens[0] * 1000:.0f} ms")
    ours, bare = cold_start(COLD_RAINBOARD), cold_start(COLD_BARE)
    print(f"{'cold start to first frame':44} {ours * 1000:6.0f} ms; a bare Textual app {bare * 1000:.0f} ms "
          f"({ours / bare:.2f}x)")
    held, peak = game_memory(args.late)
    early, _ = game_memory(args.early)
    print(f"{f'memory held by the game at action {args.late}':44} {held:6.1f} MiB (peak {peak:.1f} MiB); "
          f"at action {args.early}: {early:.1f} MiB")


if __name__ == "__main__":
    main()
