"""The session's saver is typed (ui/session.py's Saver): the screens ask it for its file and its
save by name, and never probe it with getattr or hasattr, which a renamed field would pass silently."""

from __future__ import annotations

import re
from pathlib import Path

from rainboard.ui.autosave import Autosaver
from rainboard.ui.session import GameSession, Saver

UI = Path(__file__).resolve().parents[2] / "rainboard" / "ui"
PROBE = re.compile(r"(getattr|hasattr)\([^)]*\bsaver\b")


def test_no_screen_probes_the_saver():
    found = [f"{path.relative_to(UI)}:{number}" for path in sorted(UI.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if PROBE.search(line)]
    assert not found, f"probed instead of asked: {found}"


def test_the_autosaver_is_what_a_saver_promises():
    promised = {name for name in Saver.__annotations__} | {"save", "close", "__call__"}
    for name in promised:
        assert hasattr(Autosaver, name) or name in Autosaver.__init__.__code__.co_names, name
    assert GameSession.__annotations__["saver"] == "Saver | None"
