"""What the title shows of Learn to play, kept apart from the tutorial's screen (tutorial.py) so the
title asks it without importing the board and the engine the guided game runs on."""

from __future__ import annotations

from rainboard.tutorial.progress import load_progress

TITLE = "Learn to play"


def should_offer(app) -> bool:
    """A fresh data folder's first start offers the tutorial, once."""
    progress = load_progress(app.data_dir)
    if progress.found or progress.offered:
        return False
    return not (app.data_dir / "games").exists()


def tutorial_entry(app) -> str:
    """The title's words for the tutorial: where it would go on from."""
    step = load_progress(app.data_dir).step
    return TITLE if step == 0 else f"{TITLE} (step {step + 1})"
