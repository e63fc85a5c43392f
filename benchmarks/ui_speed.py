"""How quick the table feels: keypress to repaint on the board early and late in a game, replay steps,
the help screen, the autosave per action, start-up, and memory after a long game.

Every figure is printed beside a reference measured in the same run (a bare Textual app for keys
and start-up, a bare json.dumps for the autosave), since the machine is shared and its speed varies.
It asserts nothing. Run with `make bench` or `python benchmarks/ui_speed.py [--late 3000] [--only replay]`.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, legal_actions
from rainboard.engine.rng import Chooser

from bare_apps import Painted, _press_timed, bare_keys, bare_repaint, bare_screens
from timing import Times, load

PLAYERS = [PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk"), PlayerSetup("Cy", "hunter"),
           PlayerSetup("Di", "gourmand")]
SEED = "bench-keys"


def session_at(data, actions: int, tries: int = 50):
    """A 4-player game played at random (the same every run) up to `actions` actions, not over.

    Random play (not the eager policy, whose games end near action 500) keeps the game going; with
    the seed SEED it is still going at action 3,000. Should a game end first, the next seed
    (SEED-1, SEED-2, ...) is played instead, so the position asked for is really reached:
    `len(session.actions) == actions` and `session.setup.seed` tells which game it is."""
    from rainboard.ui.session import GameSession

    for attempt in range(tries):
        seed = SEED if attempt == 0 else f"{SEED}-{attempt}"
        session = GameSession.start(Setup(players=PLAYERS, seed=seed), data)
        chooser = Chooser(7)
        while len(session.actions) < actions and not session.over:
            legal = legal_actions(session.state)
            if not legal:
                break
            session.act(chooser.choice(legal))
        if len(session.actions) == actions and not session.over:
            return session
    raise SystemExit(f"no benchmark game of {tries} seeds lasted {actions:,} actions")


def figures(times: Times, what: str = "presses") -> str:
    return times.summary(1000, "ms", 1, what)


# Presses on the board at each position: a move that goes on without a result (a fight begun or
# fought, about one press in eight) costs twice a plain move, so the sample must hold enough of them
# for the p95 to be theirs (with 40 presses it sometimes held none).
BOARD_PRESSES = 200
FIRST_STEPS = 30  # steps forward from the replay's start, then as many back: the first group's presses

KINDS = {("BoardScreen", "TurnResultScreen"): "a move, its result shown",
         ("TurnResultScreen", "BoardScreen"): "Enter: the result put away",
         ("BoardScreen", "BoardScreen"): "a move, the turn goes on"}


async def board_keys(data, actions: int, folder: Path,
                     presses: int = BOARD_PRESSES) -> tuple[Times, Times, int, dict[str, Times]]:
    """`presses` keypresses on the board of a game `actions` long, autosaved into `folder`; also
    the autosave's own time per action, and the presses by kind (KINDS: the screen before and
    after; any other, such as a cycle's report, is "other")."""
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.setup import TableOptions

    session = session_at(data, actions)
    reached = len(session.actions)
    saves = Times()

    class Bench(Painted, RainboardApp):
        def on_mount(self) -> None:
            self.watch_session(session, handoffs=False)
            saver = session.saver

            def timed(s):
                saves.time(saver, s)

            if saver is not None:
                session.saver = timed
            self.push_screen(BoardScreen(session, TableOptions(handoffs=False)))

    app = Bench(data=data, data_dir=folder, catch_errors=False)
    times = Times()
    kinds: dict[str, Times] = {}
    chooser = Chooser(11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while len(times) < presses:
            screen = app.screen
            press = Times()
            if isinstance(screen, BoardScreen) and screen._legal:
                index = chooser.randint(0, min(len(screen._legal), 9) - 1)
                await _press_timed(pilot, str(index + 1), press)
            else:
                await _press_timed(pilot, "enter", press)
            times.add(press.wall[0], press.cpu[0])
            kind = KINDS.get((type(screen).__name__, type(app.screen).__name__), "other")
            kinds.setdefault(kind, Times()).add(press.wall[0], press.cpu[0])
    return times, saves, reached, kinds


def replay_points(length: int, points: int) -> list[int]:
    """`points` places spread evenly over a replay `length` actions long, from its start to its
    end (each a whole index; the first 0 and the last `length` when there are two or more)."""
    if points <= 1:
        return [length // 2]
    return [round(length * n / (points - 1)) for n in range(points)]


async def replay_keys(data, actions: int, folder: Path, points: int, steps: int, first_steps: int = FIRST_STEPS):
    """The replay of a saved game `actions` long: first `first_steps` steps forward from its start
    and as many back (where the cards grow and the log's window still starts at action 1); then
    visited at `points` places spread over it (moved there untimed): at each, `steps` steps forward
    (right arrow) and as many back (left), a cycle forward and back (`}` `{`) and a round forward
    and back (`]` `[`). Then the whole game's length in one jump each way (end, home). Hands back
    the timings and the indices visited."""
    from datetime import UTC, datetime

    from rainboard.saves import new_save, record, write_save
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.replay import LOG_WINDOW, ReplayScreen

    session = session_at(data, actions)
    now = datetime.now(UTC)
    save = record(new_save(session.setup, data, False, now), session.actions, session.digests, False, None, now)
    path = folder / "replay-bench.json"
    write_save(path, save)

    class Replaying(Painted, RainboardApp):
        pass

    app = Replaying(data=data, data_dir=folder, replay=path, catch_errors=False, autosave=False)
    # steps where the log's window (the last LOG_WINDOW actions) still starts at action 1, and past it
    first, stepped, cycles, rounds, ends = Times(), Times(), Times(), Times(), Times()
    visited = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen), screen
        length = len(screen.replay)
        for key in ["right"] * first_steps + ["left"] * first_steps:
            await _press_timed(pilot, key, first)
            visited.append(screen.index)
        for point in replay_points(length, points):
            # from the end a step forward goes nowhere: there, step back first
            start = max(0, min(point, length - steps))
            screen._go(start)  # moved there untimed
            await pilot.pause()
            times = first if start + steps <= LOG_WINDOW else stepped
            for _ in range(steps):
                await _press_timed(pilot, "right", times)
                visited.append(screen.index)
            for _ in range(steps):
                await _press_timed(pilot, "left", times)
                visited.append(screen.index)
            for forward, back, times in (("right_curly_bracket", "left_curly_bracket", cycles),
                                         ("right_square_bracket", "left_square_bracket", rounds)):
                await _press_timed(pilot, forward, times)
                visited.append(screen.index)
                await _press_timed(pilot, back, times)
                visited.append(screen.index)
        for _ in range(2):
            await _press_timed(pilot, "end", ends)
            visited.append(screen.index)
            await _press_timed(pilot, "home", ends)
            visited.append(screen.index)
    return first, stepped, cycles, rounds, ends, length, visited


async def help_opens(data, settle: float = 0.0) -> Times:
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
    times = Times()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await asyncio.sleep(settle)
        for _ in range(8):
            await _press_timed(pilot, "question_mark", times)
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
    parser.add_argument("--late", type=int, default=3000, help="the late position (and the replay's length)")
    parser.add_argument("--replay-points", type=int, default=10, help="places visited in the replay")
    parser.add_argument("--replay-steps", type=int, default=3, help="steps forward (and back) at each place")
    parser.add_argument("--presses", type=int, default=BOARD_PRESSES, help="keypresses on the board at each position")
    parser.add_argument("--only", choices=("replay",), help="measure this part alone (replay: its block only)")
    args = parser.parse_args()
    data = load_data()
    print(f"# {load()}")
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:  # a real disk, as a table's saves
        base = Path(folder)
        for at in (() if args.only else (args.early, args.late)):
            # the reference taken again just before each figure, so both meet the same load
            reference = asyncio.run(bare_keys())
            keys, saves, reached, kinds = asyncio.run(board_keys(data, at, base / f"keys-{at}", args.presses))
            pushes, pops = asyncio.run(bare_screens())
            repaints = asyncio.run(bare_repaint())
            print(f"{f'board, 4 players, at action {reached:,} (reached)':44} {figures(keys)}")
            for kind in (*KINDS.values(), "other"):
                if kind in kinds:
                    print(f"{f'  {kind}':44} {figures(kinds[kind])}")
            print(f"{f'  of it the autosave, at action {reached:,}':44} {figures(saves, 'saves')}")
            print(f"{'  reference: bare Textual app, a key':44} {figures(reference)}")
            print(f"{'  reference: bare app, an opaque screen shown':44} {figures(pushes)}")
            print(f"{'  reference: bare app, that screen put away':44} {figures(pops)}")
            print(f"{'  reference: bare app, rows a fight shows':44} {figures(repaints)}")
            print(f"{'':44} {load()}")
        reference = asyncio.run(bare_keys())
        first, stepped, cycles, rounds, ends, length, visited = asyncio.run(
            replay_keys(data, args.late, base, args.replay_points, args.replay_steps))
        print(f"replay of a {length:,}-action game, {args.replay_points} places from 0 to {length:,} "
              f"(indices {min(visited):,} to {max(visited):,} shown, {len(set(visited))} distinct)")
        if len(first):
            from rainboard.ui.screens.replay import LOG_WINDOW

            print(f"{f'  one step, in the first {LOG_WINDOW} actions':44} {figures(first)}")
        print(f"{'  one step, past it (the log window moves)':44} {figures(stepped)}")
        print(f"{'  a cycle forward or back':44} {figures(cycles)}")
        print(f"{'  a round forward or back':44} {figures(rounds)}")
        print(f"{'  the whole game in one jump (end, home)':44} {figures(ends)}")
        print(f"{'  reference: bare Textual app, a key':44} {figures(reference)}")
        print(f"{'':44} {load()}")
    if args.only:
        return
    for settle in (0.0, 2.0):
        opens = asyncio.run(help_opens(data, settle))
        print(f"{f'help opens, board up {settle:g} s (action 50)':44} {figures(opens)}; "
              f"the first {opens.wall[0] * 1000:.0f} ms")
    ours, bare = cold_start(COLD_RAINBOARD), cold_start(COLD_BARE)
    print(f"{'cold start to first frame':44} {ours * 1000:6.0f} ms; a bare Textual app {bare * 1000:.0f} ms "
          f"({ours / bare:.2f}x)")
    held, peak = game_memory(args.late)
    early, _ = game_memory(args.early)
    print(f"{f'memory held by the game at action {args.late:,}':44} {held:6.1f} MiB (peak {peak:.1f} MiB); "
          f"at action {args.early}: {early:.1f} MiB")
    print(f"# {load()}")


if __name__ == "__main__":
    main()
