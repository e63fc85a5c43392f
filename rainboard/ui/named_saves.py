"""Saves the table names (ctrl+s on the board): the name it is given becomes the file's name in the
data folder's saves/, and a name already taken asks before the old save is replaced. The Saved games
screen lists them by that name; continuing one plays on in a new autosave, so the named save stays
as it was, to come back to."""

from __future__ import annotations

from pathlib import Path

from .session import GameSession

SAFE = "-_ "  # kept in a file name besides letters and digits; anything else becomes "_"


def file_stem(name: str) -> str:
    """The file name (without .json) a save's name is kept under."""
    return "".join(c if c.isalnum() or c in SAFE else "_" for c in name).strip() or "game"


def named_path(data_dir: Path, name: str) -> Path:
    from rainboard.saves import named_dir

    return named_dir(data_dir) / f"{file_stem(name)}.json"


def suggested_name(session: GameSession) -> str:
    state = session.state
    return f"{state.players[0].name} cycle {state.cycle}"


def save_as(app, session: GameSession) -> None:
    """Ask for a name and keep a copy of the game under it (the autosave goes on regardless); an
    existing save of that name is replaced only when the table says yes."""
    from .screens.dialogs import ConfirmScreen, TextPrompt

    saver = session.on_change
    if saver is None or not hasattr(saver, "save"):
        app.notify("This game is not being saved.", severity="warning")
        return

    def write(path: Path) -> None:
        from rainboard.saves import write_save

        try:
            write_save(path, saver.save)
        except OSError as error:
            app.notify(f"Could not save: {error}", severity="error", timeout=8)
            return
        app.notify(f"Saved as \"{path.stem}\" ({path})", timeout=5)

    def named(name: str | None) -> None:
        if not name:
            return
        path = named_path(app.data_dir, name)
        if not path.exists():
            write(path)
            return

        def answered(overwrite: bool | None) -> None:
            if overwrite:
                write(path)
            else:
                app.notify(f"\"{path.stem}\" is kept as it was.", timeout=4)

        app.push_screen(ConfirmScreen(f"A save named \"{path.stem}\" is already there. Replace it?",
                                      "n keeps the old save; ctrl+s again gives this one another name."),
                        answered)

    app.push_screen(TextPrompt("Save this game as", value=suggested_name(session)), named)
