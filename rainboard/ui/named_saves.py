"""Saves the table names (ctrl+s on the board): the name it is given becomes the file's name in the
data folder's saves/, and a name already taken asks before the old save is replaced. The Saved games
screen lists them by that name; continuing one plays on in a new autosave, so the named save stays
as it was, to come back to.

A name that begins as a path does ("/", "~", "./" or "../") is taken as one: the game is
written there instead, which is how a game whose data folder cannot be written is kept anyway."""

from __future__ import annotations

from pathlib import Path

from .keys import SAVE_AS, key_in_force
from .safe_text import tell
from .session import GameSession

SAFE = "-_ "  # kept in a file name besides letters and digits; anything else becomes "_"


def file_stem(name: str) -> str:
    """The file name (without .json) a save's name is kept under."""
    return "".join(c if c.isalnum() or c in SAFE else "_" for c in name).strip() or "game"


PATH_STARTS = ("/", "~", "./", "../")  # how a path typed at ctrl+s begins; "Ada/Bo" stays a name


def is_path(name: str) -> bool:
    """Whether the name typed at ctrl+s is a place to write to rather than a save's name."""
    return name.startswith(PATH_STARTS) or Path(name).is_absolute()


def named_path(data_dir: Path, name: str) -> Path:
    """Where ctrl+s writes a save of this name: the data folder's saves/, or the path it names (with
    .json added when it has no suffix)."""
    from rainboard.saves import named_dir

    if is_path(name):
        path = Path(name).expanduser()
        return path if path.suffix else path.with_suffix(".json")
    return named_dir(data_dir) / f"{file_stem(name)}.json"


def suggested_name(session: GameSession) -> str:
    state = session.state
    return f"{state.players[0].name} cycle {state.cycle}"


def save_as(app, session: GameSession) -> None:
    """Ask for a name and keep a copy of the game under it (the autosave goes on regardless); an
    existing save of that name is replaced only when the table says yes."""
    from .screens.dialogs import ConfirmScreen, TextPrompt

    save_key = key_in_force(SAVE_AS, app)  # ctrl+s, or the key keymap.toml gave it

    saver = session.saver
    if saver is None:
        tell(app, "This game is not being saved.", severity="warning")
        return

    def write(path: Path) -> None:
        from rainboard.saves import SaveError, write_save

        from .autosave import why_not_written

        try:
            write_save(path, saver.save)
        except (SaveError, OSError) as error:
            problem = why_not_written(error)
            elsewhere = "" if app.is_web else " or a path such as ~/game.json"  # a tab cannot reach the server's
            tell(app, f"{path} could not be written: {problem}. Nothing was changed there; {save_key} to try "
                       f"another name{elsewhere}.", title="Not saved", severity="error", timeout=12)
            return
        tell(app, f"Saved as \"{path.stem}\" ({path})", timeout=5)

    def named(name: str | None) -> None:
        if not name:
            return
        path = named_path(app.data_dir, name)
        if path.is_dir():
            tell(app, f"{path} is a folder: give the save a file name in it.", title="Not saved",
                       severity="error", timeout=8)
            return
        if not path.exists():
            write(path)
            return

        def answered(overwrite: bool | None) -> None:
            if overwrite:
                write(path)
            else:
                tell(app, f"\"{path.stem}\" is kept as it was.", timeout=4)

        app.push_screen(ConfirmScreen(f"A save named \"{path.stem}\" is already there. Replace it?",
                                      f"n keeps the old save; {save_key} again gives this one another name."),
                        answered)

    app.push_screen(TextPrompt("Save this game as", value=suggested_name(session)), named)
