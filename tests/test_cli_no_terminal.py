"""The table needs a terminal: started without one (`rainboard < /dev/null`, a pipe, a job with no
terminal) it says so in one line and exits 2, where it used to spin a core on its title screen
until killed. A browser tab's table, which textual-serve runs with pipes for its keys and screen,
still starts."""

from __future__ import annotations

import json
import os
import pty
import shlex
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from rainboard.serve import play_command

ROOT = Path(__file__).resolve().parents[1]
ANSWER_WITHIN = 60  # seconds; a table that spins never answers, however long it is given
HINT = "to check a save use `rainboard replay FILE --verify`"


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), RAINBOARD_CONFIG_DIR=str(tmp_path / "config"))
    env.pop("TEXTUAL_DRIVER", None)
    return env


def _a_save(folder: Path) -> Path:
    from tests.ui.test_hostile_text import save_game

    return save_game(folder, ("Ada", "Bo"), game_id="no-terminal")


@pytest.mark.parametrize("command", [[], ["play"], ["continue"], ["replay", "SAVE"], ["challenge", "--daily"]],
                         ids=["rainboard", "play", "continue", "replay", "challenge"])
def test_a_table_with_standard_input_at_dev_null_says_it_needs_a_terminal(tmp_path, command):
    data = tmp_path / "data"
    save = _a_save(data)  # an unfinished game, so `continue` gets as far as opening the table
    argv = [str(save) if word == "SAVE" else word for word in command]
    done = subprocess.run([sys.executable, "-m", "rainboard", "--data-dir", str(data), *argv],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=_env(tmp_path),
                          cwd=tmp_path, timeout=ANSWER_WITHIN)
    named = " ".join(["rainboard", *command[:1]])
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr == f"{named}: the table needs a terminal to play in (standard input is not one); {HINT}\n"
    assert "\x1b[" not in done.stdout  # nothing was drawn


def test_a_table_whose_screen_is_not_a_terminal_says_so(tmp_path):
    """Keys from a terminal but the screen (Textual draws on standard error) into a pipe."""
    controller, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "rainboard", "--data-dir", str(tmp_path / "data")],
                              stdin=terminal, capture_output=True, text=True, env=_env(tmp_path), cwd=tmp_path,
                              timeout=ANSWER_WITHIN)
    finally:
        os.close(terminal)
        os.close(controller)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr == f"rainboard: the table needs a terminal to play in (standard error is not one); {HINT}\n"


def test_checking_a_save_needs_no_terminal(tmp_path):
    save = _a_save(tmp_path / "data")
    done = subprocess.run([sys.executable, "-m", "rainboard", "replay", str(save), "--verify"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=_env(tmp_path),
                          cwd=tmp_path, timeout=ANSWER_WITHIN)
    assert done.returncode == 0 and done.stdout.startswith("OK: "), (done.stdout, done.stderr)


def _packet(kind: bytes, body: bytes) -> bytes:
    return kind + len(body).to_bytes(4, "big") + body


def test_a_browser_tabs_table_starts_with_pipes_for_its_terminal(tmp_path):
    """The process `rainboard serve` starts for each tab, in the environment textual-serve gives it
    (TEXTUAL_DRIVER names the web driver), with its keys and screen on pipes as textual-serve has them."""
    pytest.importorskip("textual_serve")
    from textual_serve.app_service import AppService

    env = AppService._build_environment(SimpleNamespace(debug=False), width=100, height=30)
    env.update(PYTHONPATH=str(ROOT), RAINBOARD_CONFIG_DIR=str(tmp_path / "config"), TEXTUAL_ANIMATIONS="none")
    table = subprocess.Popen(shlex.split(play_command(tmp_path / "data")), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    try:
        os.set_blocking(table.stdout.fileno(), False)
        out = b""
        end = time.monotonic() + ANSWER_WITHIN
        while time.monotonic() < end and b"Rainboard" not in out and table.poll() is None:
            time.sleep(0.1)
            out += table.stdout.read() or b""
        assert out.startswith(b"__GANGLION__\n"), (out[:200], table.stderr.read() if table.poll() is not None else b"")
        assert b"Rainboard" in out  # the title screen, drawn for the browser
        table.stdin.write(_packet(b"M", json.dumps({"type": "quit"}).encode()))
        table.stdin.close()
        assert table.wait(timeout=ANSWER_WITHIN) == 0
    finally:
        if table.poll() is None:
            table.kill()
            table.wait()
