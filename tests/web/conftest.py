"""The browser tests: `rainboard serve` on a free loopback port, Debian's Chromium driven by
Playwright. No network beyond 127.0.0.1, every wait bounded, the server's whole process group
stopped afterwards.

Without Chromium (or Playwright) these tests are skipped, and the end of the run says so and why;
in CI (CI set, as .ci/run does) a missing browser fails them instead, so they cannot quietly
stop running there.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rainboard.tutorial.progress import Progress, save_progress

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("RAINBOARD_CHROMIUM", "/usr/bin/chromium"))
# what Chromium needs to start here without a network, a sandbox, a GPU or a first-run dialog
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
START = 30.0  # seconds for the server to listen


def _required() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (the test extra: pip install -e '.[test]')"
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        return "textual-serve is not installed (the test extra: pip install -e '.[test]')"
    return None


_skipped: list[str] = []


@pytest.fixture(scope="session")
def chromium() -> Path:
    why = _missing()
    if why is not None:
        if _required():
            pytest.fail(f"the browser tests must run in CI, but {why}", pytrace=False)
        _skipped.append(why)
        pytest.skip(f"browser tests skipped: {why}")
    return CHROMIUM


SKIPPED = ("browser tests skipped: ", "web tests skipped: ")


def pytest_terminal_summary(terminalreporter) -> None:
    """Say why the browser tests did not run. Read from the run's skip reports, which reach this
    hook from every worker when the suite runs spread over the cores (make test: -n auto), where
    `_skipped` is filled only in the worker that skipped."""
    reasons = list(_skipped)
    for report in terminalreporter.stats.get("skipped", []):
        message = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        for prefix in SKIPPED:
            if prefix in message:
                reasons.append(message.split(prefix, 1)[1])
    if reasons:
        terminalreporter.write_line(
            f"NOTE: the browser tests (tests/web) were skipped: {reasons[0]}. They run in CI.", yellow=True, bold=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    def __init__(self, url: str, data_dir: Path, process: subprocess.Popen, log: Path) -> None:
        self.url, self.data_dir, self.process, self.log = url, data_dir, process, log

    def games(self) -> list[Path]:
        return sorted((self.data_dir / "games").glob("*.json"))


def _wait_listening(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"rainboard serve stopped at once:\n{log.read_text(errors='replace')}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"rainboard serve did not listen within {START:.0f}s:\n{log.read_text(errors='replace')}")


def _stop(process: subprocess.Popen) -> None:
    """The server and every tab's app process it started (one process group)."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            os.killpg(process.pid, signal.SIGKILL)  # any tab's app left behind
        except subprocess.TimeoutExpired:
            continue
        except ProcessLookupError:
            return
        return


@pytest.fixture(scope="session")
def web_extra() -> None:
    """textual-serve, which `rainboard serve` needs: without it the tests that serve skip (in CI, fail)."""
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        why = "textual-serve is not installed (the test extra: pip install -e '.[test]')"
        if _required():
            pytest.fail(f"the web tests must run in CI, but {why}", pytrace=False)
        _skipped.append(why)
        pytest.skip(f"web tests skipped: {why}")


@pytest.fixture
def served(chromium, server) -> Served:
    """`rainboard serve`, for a browser."""
    return server


@pytest.fixture
def server(web_extra, tmp_path) -> Served:
    """`rainboard serve` on a free loopback port, for tests that need no browser."""
    port = free_port()
    data_dir = tmp_path / "served-data"
    log = tmp_path / "serve.log"
    env = dict(os.environ, PYTHONPATH=str(ROOT), RAINBOARD_CONFIG_DIR=str(tmp_path / "served-config"),
               TEXTUAL_ANIMATIONS="none")
    env.pop("RAINBOARD_DATA_DIR", None)  # the command line's --data-dir is what must reach each tab
    # a data folder that has offered Learn to play already: the tests drive the title, and the
    # offer's own test is tests/ui/test_tutorial.py
    data_dir.mkdir()
    save_progress(data_dir, Progress(offered=True))
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "rainboard", "--data-dir", str(data_dir), "serve", "--port", str(port)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, cwd=tmp_path,
            start_new_session=True)
    try:
        _wait_listening(port, process, log)
        yield Served(f"http://127.0.0.1:{port}/", data_dir, process, log)
    finally:
        _stop(process)


@pytest.fixture
def browser(chromium, tmp_path):
    """A fresh Chromium profile (its own --user-data-dir), closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=str(chromium), args=CHROMIUM_FLAGS,
            headless=True, viewport={"width": 1100, "height": 700}, accept_downloads=True,
            timeout=START * 1000)
        try:
            yield context
        finally:
            context.close()
