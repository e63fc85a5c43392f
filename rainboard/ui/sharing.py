"""Showing a game to someone who was not there: a picture of the screen (the palette's Screenshot) and
a game's whole transcript (`t` on the game-over screen and in Saved games; transcript.py words it).

In a terminal each goes into the data folder, <data dir>/screenshots/ and <data dir>/transcripts/, and
a notice gives its path. A browser tab is handed the file as a download instead, as a finished game's
save is (keeping.py), and hears only the file's name: the server's folders are none of its business.
"""

from __future__ import annotations

import threading
from datetime import datetime
from io import StringIO
from pathlib import Path

from textual.app import SystemCommand

from .keeping import SCREENSHOT, TRANSCRIPT
from .safe_text import tell

SCREENSHOTS, TRANSCRIPTS = "screenshots", "transcripts"  # their folders in the data folder


# -- a picture of the screen ----------------------------------------------------------------------------
def screenshot_command(app) -> SystemCommand:
    """The palette's Screenshot: Textual's own command, saving where the table keeps its files."""
    where = "downloaded by your browser" if app.is_web else f"saved in the data folder's {SCREENSHOTS}/"
    # after the palette has closed, so the picture is of the screen beneath it
    return SystemCommand("Screenshot", f"A picture of this screen (SVG), {where}",
                         lambda: app.call_after_refresh(take_screenshot, app))


def screenshot_name(moment: datetime) -> str:
    """A screenshot's file name, from when it was taken: rainboard-20261126-213005.svg."""
    return f"rainboard-{moment:%Y%m%d-%H%M%S}.svg"


def take_screenshot(app) -> Path | None:
    """The screen as an SVG picture: in a terminal written to <data dir>/screenshots/ (its path
    returned, and told), in a browser tab handed to the browser as a download."""
    picture = app.export_screenshot()
    name = screenshot_name(datetime.now())
    if app.is_web:
        app.deliver_text(StringIO(picture), save_filename=name, encoding="utf-8", mime_type="image/svg+xml",
                         name=SCREENSHOT)
        return None
    try:
        path = _free_path(Path(app.data_dir) / SCREENSHOTS, name)
        path.write_text(picture, encoding="utf-8")
    except OSError as error:
        tell(app, f"The screenshot could not be saved: {error}", title="Screenshot", severity="error", timeout=10)
        return None
    tell(app, f"Saved in {app.file_words(path)}", title="Screenshot", timeout=8)
    return path


def _free_path(folder: Path, name: str) -> Path:
    """`folder / name`, made, or with -2, -3... before its suffix if that file is there already (two
    pictures in one second)."""
    folder.mkdir(parents=True, exist_ok=True)
    path, number = folder / name, 1
    while path.exists():
        number += 1
        path = folder / f"{Path(name).stem}-{number}{Path(name).suffix}"
    return path


# -- a game as text ---------------------------------------------------------------------------------------
def transcript_path(data_dir: Path, save_path: Path) -> Path:
    """Where a save's transcript goes: <data dir>/transcripts/<the save's name>.txt."""
    return Path(data_dir) / TRANSCRIPTS / f"{Path(save_path).stem}.txt"


def share_transcript(app, save_path: Path | None, save=None) -> None:
    """Write the whole game saved at `save_path` as a transcript (the game as `save` holds it, when
    given: the game on screen), off the key's path: a long game takes a moment to play back."""
    if save_path is None:
        tell(app, "This game was not saved, so there is no transcript of it.", severity="warning")
        return
    app.run_worker(lambda: _write_transcript(app, Path(save_path), save), thread=True, group="transcript",
                   name=f"transcript of {Path(save_path).name}")


def _write_transcript(app, save_path: Path, save) -> None:
    """On a worker thread: play the save back, word it, and write it (or hand it to the browser)."""
    from rainboard.saves import Replay, SaveError, read_save

    from .transcript import transcript

    try:
        replay = Replay(save if save is not None else read_save(save_path), save_path)
        text = transcript(replay, save_path.name)
    except SaveError as error:
        app.call_from_thread(tell, app, app.error_words(error), title="No transcript", severity="error", timeout=10)
        return
    name = f"{save_path.stem}.txt"
    if app.is_web:
        app.call_from_thread(app.deliver_text, StringIO(text), save_filename=name, encoding="utf-8",
                             mime_type="text/plain", name=TRANSCRIPT)
        return
    path = transcript_path(app.data_dir, save_path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # whole or not at all, even with `t` pressed twice: each writer its own file, renamed into place
        part = path.with_name(f".{path.name}.{threading.get_ident()}.tmp")
        part.write_text(text, encoding="utf-8")
        part.replace(path)
    except OSError as error:
        app.call_from_thread(tell, app, f"The transcript could not be written: {error}", title="No transcript",
                             severity="error", timeout=10)
        return
    app.call_from_thread(tell, app, f"The whole game as text, to read or share: {app.file_words(path)}",
                         title="Transcript written", timeout=10)
