"""The tutorial's place, kept in the data folder: `tutorial.json`, as {"step": N, "offered": true,
"finished": false}. It is the only thing the tutorial writes (its game is set up by hand, so it is
never saved as a game), written whole through saves/disk.py like every save, so a file on disk is
always the old one or the new one. A file that cannot be read counts as none: the tutorial starts
again from step 1, and nothing a player can do to it stops the game from opening."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rainboard.saves import disk

FILE = "tutorial.json"


@dataclass(frozen=True)
class Progress:
    step: int = 0  # the step to begin at, counted from 0 (the screen says "step 1")
    offered: bool = False  # the first start of this data folder has offered the tutorial
    finished: bool = False  # played to its end at least once
    found: bool = False  # the file was there (a data folder that never had one is a fresh one)


def load_progress(data_dir: Path) -> Progress:
    try:
        raw = json.loads((data_dir / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Progress()
    except (OSError, ValueError):
        return Progress(offered=True, found=True)  # damaged: never offered again, but playable
    if not isinstance(raw, dict):
        return Progress(offered=True, found=True)
    step = raw.get("step", 0)
    return Progress(step=step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else 0,
                    offered=raw.get("offered") is True, finished=raw.get("finished") is True, found=True)


def save_progress(data_dir: Path, progress: Progress) -> None:
    """Write the tutorial's place whole (a temp file renamed over the old one). Raises OSError."""
    path = data_dir / FILE
    body = json.dumps({"step": progress.step, "offered": progress.offered, "finished": progress.finished})
    disk.write_whole(path, (body + "\n").encode("utf-8"))
