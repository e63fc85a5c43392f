"""A browser tab to its first screen through `rainboard serve`, beside a bare Textual app served by the
same server code in the same run.

Two servers listen on loopback ports: `rainboard serve` on a data folder holding one unfinished
long game (the save continue_speed.py makes, `--actions` long), and the same RainboardServer class
serving a bare Textual app (a Static and a Footer) in its place, under the same memory-limit
wrapper. For each run a client does what a browser tab does first: it asks for the page, opens the
websocket at 120x40, and reads the terminal output the tab's process sends, until

- ours: the title is painted ("first frame", its tagline shows) and then settled (Continue decided:
  the note under the menu names the unfinished game);
- the bare app: its text shows (its first frame, all it ever paints).

Each time is wall time from the page request. The runs alternate, ours then the bare app, each a
fresh tab (a fresh process), and a pause lets the last tab's process end before the next. The CPU a
tab's process spends is not seen from here; continue_speed.py gives the same start-up in CPU time.

Run with `make bench` or `python benchmarks/serve_speed.py [--runs N] [--actions N]`. It needs the
`web` extra (textual-serve) and prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import Times, load, ratio

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SIZE = (120, 40)
WAIT = 30.0  # seconds a tab may take before the run is given up as broken

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("Bare Textual app")
        yield Footer()

Bare().run()
"""

BARE_SERVER = """
import shlex, sys
from rainboard.web.server import RainboardServer
RainboardServer(shlex.join([sys.executable, {app!r}]), host="127.0.0.1", port={port}, title="bare").serve()
"""

# what the terminal output holds once each screen is up (text in one style is written in one run)
OURS_FIRST = b"hotseat for 1 to 9 slugcats"
OURS_SETTLED = b"Continue picks up your last unfinished game"
BARE_FIRST = b"Bare Textual app"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"a server stopped at once (status {process.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"no server listened on port {port} within {WAIT:.0f}s")


def stop(process: subprocess.Popen) -> None:
    """The server and every tab's process it started (its own process group)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


async def tab(port: int, marks: list[bytes]) -> list[float]:
    """Seconds from the page request until each of `marks` has shown in the tab's output, in order."""
    import aiohttp

    base = f"http://127.0.0.1:{port}"
    seen, found = b"", []
    async with aiohttp.ClientSession() as client:
        start = time.perf_counter()
        async with client.get(f"{base}/") as page:
            await page.read()
        async with client.ws_connect(f"{base}/ws?width={SIZE[0]}&height={SIZE[1]}") as websocket:
            while len(found) < len(marks):
                message = await asyncio.wait_for(websocket.receive(), WAIT)
                if message.type != aiohttp.WSMsgType.BINARY:
                    if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                        raise SystemExit(f"the tab closed before {marks[len(found)]!r} showed")
                    continue
                seen += message.data
                while len(found) < len(marks) and marks[len(found)] in seen:
                    found.append(time.perf_counter() - start)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=20_000, help="the unfinished game's length")
    parser.add_argument("--runs", type=int, default=7, help="tabs of each, in turn")
    args = parser.parse_args()
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        raise SystemExit("serve_speed.py needs textual-serve (the `web` extra: pip install -e '.[web]')")
    from continue_speed import make_game

    from rainboard.tutorial.progress import Progress, save_progress

    with tempfile.TemporaryDirectory(dir=Path.home()) as name:
        folder = Path(name)
        data = folder / "data"
        size = make_game(data, args.actions).stat().st_size
        save_progress(data, Progress(offered=True))  # the title, not the tutorial's offer
        (folder / "bare.py").write_text(BARE_APP)
        from timing import compiled_env

        env = compiled_env(str(folder / "pycache"), dict(os.environ, PYTHONPATH=str(ROOT), TEXTUAL_ANIMATIONS="none",
                                                        RAINBOARD_CONFIG_DIR=str(folder / "config")))
        env.pop("RAINBOARD_DATA_DIR", None)
        ours_port, bare_port = free_port(), free_port()
        servers = []
        try:
            for command in ([sys.executable, "-m", "rainboard", "--data-dir", str(data), "serve", "--port",
                             str(ours_port)],
                            [sys.executable, "-c", BARE_SERVER.format(app=str(folder / "bare.py"), port=bare_port)]):
                servers.append(subprocess.Popen(command, env=env, cwd=folder, stdin=subprocess.DEVNULL,
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                                start_new_session=True))
            listening(ours_port, servers[0])
            listening(bare_port, servers[1])
            before = load()
            first, settled, bare = Times(), Times(), Times()
            asyncio.run(tab(bare_port, [BARE_FIRST]))  # a first tab of each, untimed: the servers warm up
            asyncio.run(tab(ours_port, [OURS_FIRST, OURS_SETTLED]))
            for _ in range(args.runs):
                time.sleep(0.5)
                (seconds,) = asyncio.run(tab(bare_port, [BARE_FIRST]))
                bare.add(seconds, 0.0)
                time.sleep(0.5)
                painted, done = asyncio.run(tab(ours_port, [OURS_FIRST, OURS_SETTLED]))
                first.add(painted, 0.0)
                settled.add(done, 0.0)
            after = load()
        finally:
            for server in servers:
                stop(server)

    def wall(times: Times) -> str:
        return times.summary(1000, "ms", 0).split(", cpu")[0]

    print(f"\n## A browser tab to its first screen through `rainboard serve` ({SIZE[0]}x{SIZE[1]}, a data "
          f"folder with a {args.actions:,}-action unfinished game, {size / 1024:.0f} KiB); {args.runs} tabs "
          "each, in turn with a bare Textual app served the same way")
    print(f"  before: {before}; after: {after}; Python's compiled files kept between tabs, as installed")
    print(f"{'the title painted':<44}{wall(first)}; {ratio(first, bare).split(', cpu')[0]}")
    print(f"{'the title settled (Continue decided)':<44}{wall(settled)}; {ratio(settled, bare).split(', cpu')[0]}")
    print(f"{'  reference: a bare app, its first frame':<44}{wall(bare)}")


if __name__ == "__main__":
    main()
