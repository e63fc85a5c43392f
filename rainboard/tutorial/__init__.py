"""Learn to play: a guided first game on the real board.

The game is fixed: one slugcat, a seed, and positions set up by hand through the engine's testing
module (stacked decks, scripted dice, a player placed), so everyone meets the same situations in
the same order. `script.py` holds the steps (what position each starts from, which move it waits
for), `facts.py` asks the engine for every number a step's words state, and `progress.py` keeps
"the tutorial is at step N" in the data folder. The words themselves are in assets/tutorial.toml.
Each name is imported when first asked for: the title reads the progress without the script's game.
"""

from __future__ import annotations

from rainboard.lazy import lazy

_FROM = {
    **dict.fromkeys(("STEPS", "Stage", "Step", "Tutorial", "start_state"), "script"),
    **dict.fromkeys(("Progress", "load_progress", "save_progress"), "progress"),
}

__all__ = ["STEPS", "Progress", "Stage", "Step", "Tutorial", "load_progress", "save_progress", "start_state"]


__getattr__, __dir__ = lazy(__name__, _FROM)
