"""The app's screens: title, setup, board, dialogs, game over, help."""

from pathlib import Path

_HERE = Path(__file__).parent

# The styles of every screen but the title. Each screen names them as its CSS_PATH, so Textual reads
# them when the first such screen opens, not before the title's first frame (they are most of the
# app's CSS, and parsing them was a good part of its start-up).
STYLES = [_HERE / name for name in ("screens.tcss", "records.tcss", "table.tcss")]
