"""The README's pictures: scripts/screenshots.py takes them from the app itself, and every picture the
README shows is one it writes, in the place the README looks."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "screenshots.py"
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def _readme_images() -> list[str]:
    return IMAGE.findall((ROOT / "README.md").read_text(encoding="utf-8"))


def test_the_script_plays_its_game_and_writes_its_pictures(tmp_path):
    out = tmp_path / "pictures"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    written = sorted(path.name for path in out.iterdir())
    assert written == ["board.svg", "game-over.svg", "turn-result.svg"]
    for name in written:
        svg = (out / name).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "ascends!" in (out / "game-over.svg").read_text(encoding="utf-8")
    assert [Path(line).name for line in done.stdout.split()] == ["board.svg", "turn-result.svg", "game-over.svg"]


def test_the_readmes_pictures_are_there_and_are_the_scripts():
    images = _readme_images()
    assert images, "the README shows no pictures"
    for link in images:
        path = ROOT / link
        assert path.is_file(), f"README.md shows {link}, which is not there: run python scripts/screenshots.py"
        assert path.parent == ROOT / "docs" / "screenshots"  # written by the script, so kept current
        assert path.read_text(encoding="utf-8").startswith("<svg")
