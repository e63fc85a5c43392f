"""Continue on a long game, and the memory of a table with a long game's board open, each beside a
bare Textual app measured in the same run.

A 4-player random game of `--actions` actions (20,000 by default, the same every run) is saved as
an unfinished autosave in a data folder of its own. Each run is a fresh process, ours and the
reference in turn:

- ours: the Rainboard app comes up on its title in that folder (Continue decided), then Continue
  is chosen as the menu does it (`app.resume(path)`); timed from that call to the first frame
  painted with the board on top, wall and CPU. Twice a round: first with no resume cache beside
  the save (as a save brought from elsewhere; that Continue writes the cache once the board is up),
  then with it, as a game played at this table is continued (saves/resume_cache.py). Then, the board open and the garbage collected,
  the process's resident size ("settled") and its peak size (max RSS); and, the board then left alone
  for IDLE seconds (it draws the help ahead after one: screens/help.py), the resident size again.
- reference: a bare Textual app (a Static and a Footer), the same sizes taken once its first frame
  is up.
- cold start: a fresh process to the title settled in that folder (its saves read, Continue decided,
  and a frame painted after), beside a bare app's first frame; the CPU clock counts the whole
  process, the interpreter's start included, for both.

Run with `make bench` or `python benchmarks/continue_speed.py [--actions N] [--runs N]`. It prints
numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import Times, load

ACTIONS = 20_000
IDLE = 2.0  # seconds the board is left alone before the memory is read again (the help drawn ahead)
HERE = Path(__file__).resolve().parent

CHILD = """
import time
START = time.perf_counter()  # the CPU clock counts from the process's start (the interpreter's too)
import asyncio, gc, json, resource, sys, time
sys.path.insert(0, {here!r})
from pathlib import Path

def rss():
    import os
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

out = {{}}
{body}
print(json.dumps(out))
"""

OURS = """
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen

class Timed(RainboardApp):
    painted = painted_cpu = 0.0
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and isinstance(self.screen, BoardScreen) and not self.painted:
            self.painted, self.painted_cpu = time.perf_counter(), time.process_time()

async def run():
    app = Timed(data_dir=Path({folder!r}), config=Path({folder!r}) / "config")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        path = app.screen.unfinished
        assert path is not None, "the title found no unfinished game"
        wall, cpu = time.perf_counter(), time.process_time()
        app.resume(path)
        for _ in range(100):
            await pilot.pause()
            if app.painted:
                break
        assert isinstance(app.screen, BoardScreen), app.screen
        out["wall"], out["cpu"] = app.painted - wall, app.painted_cpu - cpu
        await pilot.pause()
        board = app.screen
        out["log_lines"] = len(board.query_one("#log").contents)
        events = board.session.events
        out["events_held"] = len(getattr(events, "held", events))
        out["events_total"] = len(events)
        gc.collect()
        out["settled"] = rss()
        out["peak"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if {idle}:  # the board left alone: after a second without keys it draws the help ahead
            await asyncio.sleep({idle})
            for _ in range(200):
                if not any(worker.group == "help" and not worker.is_finished for worker in app.workers):
                    break
                await pilot.pause(0.05)
            from rainboard.ui.screens.help import KeptMarkdown
            out["help_drawn"] = len(KeptMarkdown._kept)  # drawings of the help's texts kept
            gc.collect()
            out["idle"] = rss()
        for screen in app.screen_stack:  # let the game go without writing 20,000 actions again
            saver = getattr(getattr(screen, "session", None), "saver", None)
            if saver is not None:
                saver.close()
                screen.session.saver = None

asyncio.run(run())
"""

BARE = """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("Rainboard")
        yield Footer()

async def run():
    app = Bare()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        gc.collect()
        out["settled"] = rss()
        out["peak"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

asyncio.run(run())
"""

SETTLED_TITLE = """
from rainboard.ui.app import RainboardApp

class Timed(RainboardApp):
    settled = None
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and self.settled is None and getattr(self.screen, "_looked", False):
            self.settled = (time.perf_counter(), time.process_time())

async def run():
    app = Timed(data_dir=Path({folder!r}), config=Path({folder!r}) / "config")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(100):
            await pilot.pause()
            if app.settled:
                break
        out["wall"], out["cpu"] = app.settled[0] - START, app.settled[1]

asyncio.run(run())
"""

FIRST_FRAME_BARE = """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    first = None
    def compose(self):
        yield Static("Rainboard")
        yield Footer()
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and self.first is None:
            self.first = (time.perf_counter(), time.process_time())

async def run():
    app = Bare()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        out["wall"], out["cpu"] = app.first[0] - START, app.first[1]

asyncio.run(run())
"""


def make_game(folder: Path, actions: int) -> Path:
    """An unfinished 4-player random game `actions` long, saved as an autosave in `folder`."""
    from datetime import UTC, datetime

    from rainboard.data import load_data
    from rainboard.engine import apply, digest, legal_actions, new_game
    from rainboard.engine.digest import DIGEST_EVERY
    from rainboard.engine.state import OVER
    from rainboard.saves import new_save, record, write_save
    from rainboard.saves.store import autosave_path
    from rainboard.sim import random_setup

    data = load_data()
    for attempt in range(100):
        chooser = random.Random(attempt)
        setup = random_setup(data, f"continue-{attempt}", 4, chooser)
        state, _ = new_game(setup, data)
        chosen, digests = [], {0: digest(state)}
        while len(chosen) < actions and state.phase != OVER:
            action = chooser.choice(legal_actions(state))
            state, _ = apply(state, action)
            chosen.append(str(action))
            if len(chosen) % DIGEST_EVERY == 0:
                digests[len(chosen)] = digest(state)
        if len(chosen) == actions and state.phase != OVER:
            digests[actions] = digest(state)
            now = datetime.now(UTC)
            save = record(new_save(setup, data, False, now), chosen, digests, False, None, now)
            path = autosave_path(folder, save.game_id)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_save(path, save)
            return path
    raise SystemExit(f"no random game lasted {actions:,} actions")


def child(body: str, env: dict | None = None, **values) -> dict:
    script = CHILD.format(here=str(HERE), body=body.format(**values))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=ACTIONS)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes of each, in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=Path.home()) as name:  # a real disk, as a table's saves
        folder = Path(name)
        path = make_game(folder, args.actions)
        size = path.stat().st_size
        from timing import compiled_env

        env = compiled_env(str(folder / "pycache"))  # each process compiled once, as when installed
        child(SETTLED_TITLE, env, folder=str(folder))  # untimed: fills that cache
        child(OURS, env, folder=str(folder), idle=0)
        before = load()
        ours, settled, peak, idle, bare_settled, bare_peak, seen = Times(), [], [], [], [], [], {}
        uncached = Times()
        cache = path.with_suffix(".resume")
        for _ in range(args.runs):
            bare = child(BARE, env)
            bare_settled.append(bare["settled"])
            bare_peak.append(bare["peak"])
            cache.unlink(missing_ok=True)  # a save with no resume cache beside it (brought from elsewhere)
            run = child(OURS, env, folder=str(folder), idle=0)  # ...which writes one, after the board is up
            uncached.add(run["wall"], run["cpu"])
            run = child(OURS, env, folder=str(folder), idle=IDLE)  # as a game played at this table is continued
            ours.add(run["wall"], run["cpu"])
            settled.append(run["settled"])
            peak.append(run["peak"])
            idle.append(run["idle"])
            seen = run
        title, bare_title = Times(), Times()
        for _ in range(args.runs):
            run = child(FIRST_FRAME_BARE, env)
            bare_title.add(run["wall"], run["cpu"])
            run = child(SETTLED_TITLE, env, folder=str(folder))
            title.add(run["wall"], run["cpu"])
        after = load()
    from statistics import median

    from timing import ratio

    print(f"\n## Continue on a {args.actions:,}-action game ({size / 1024:.0f} KiB save), to the board; "
          f"{args.runs} fresh processes each, in turn with a bare Textual app")
    print(f"  before: {before}; after: {after}; Python's compiled files kept between runs, as installed")
    print(f"{'Continue, the call to the board painted':<44}{ours.summary(1000, 'ms', 0)}")
    print(f"{'  the same, no resume cache beside the save':<44}{uncached.summary(1000, 'ms', 0)}")
    print(f"{'  the session holds, the log shows':<44}{seen['events_held']:,} of {seen['events_total']:,} events, "
          f"{seen['log_lines']:,} lines")
    print(f"{'memory, board open, settled (RSS)':<44}median {median(settled):.1f} MiB; a bare app "
          f"{median(bare_settled):.1f} MiB ({median(settled) / median(bare_settled):.2f}x)")
    print(f"{f'memory, board idle {IDLE:g} s, help drawn ahead':<44}median {median(idle):.1f} MiB; a bare app "
          f"{median(bare_settled):.1f} MiB ({median(idle) / median(bare_settled):.2f}x); "
          f"{seen['help_drawn']} drawings of the help's texts kept")
    print(f"{'memory, peak (max RSS)':<44}median {median(peak):.1f} MiB; a bare app "
          f"{median(bare_peak):.1f} MiB ({median(peak) / median(bare_peak):.2f}x)")
    print(f"{'cold start to the settled title':<44}{title.summary(1000, 'ms', 0)}")
    print(f"{'  reference: a bare app to its first frame':<44}{bare_title.summary(1000, 'ms', 0)}; "
          f"{ratio(title, bare_title)}")


if __name__ == "__main__":
    main()
