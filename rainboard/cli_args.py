"""Argument types and options shared by the `rainboard` subcommands (cli.py, cli_sim.py)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rainboard.data import GameData


PROG = "rainboard"  # the command's name, as every error line starts with it


def command(commands, name: str, summary: str, description: str, examples: list[str]) -> argparse.ArgumentParser:
    """A subcommand whose --help starts with what it does and ends with examples."""
    epilog = "examples:\n" + "\n".join(f"  {example}" for example in examples)
    return commands.add_parser(name, help=summary, description=description, epilog=epilog,
                               formatter_class=HelpFormatter)


class HelpFormatter(argparse.HelpFormatter):
    """Wraps the prose of a description or an epilog to the terminal, but keeps the lines of a
    list (indented) and its heading (ending in ':') as they are written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        out, paragraph = [], []

        def flush() -> None:
            if paragraph:
                out.append(textwrap.fill(" ".join(paragraph), width, initial_indent=indent,
                                         subsequent_indent=indent))
                paragraph.clear()

        for line in text.splitlines():
            if line.startswith(" ") or line.endswith(":") or not line.strip():
                flush()
                out.append(indent + line if line.strip() else "")
            else:
                paragraph.append(line.strip())
        flush()
        return "\n".join(out)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def players(text: str) -> int:
    value = positive(text)
    from rainboard.data.limits import PLAYERS_MAX  # here: the command line starts without the data layer

    if value > PLAYERS_MAX:
        raise argparse.ArgumentTypeError(f"the game takes 1 to {PLAYERS_MAX} players, got {value}")
    return value


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be zero or more seconds, got {text}")
    return value


def data_dir_option(parser: argparse.ArgumentParser, default=None) -> None:
    """--data-dir: the main command's, and again each subcommand's that reads or writes saves."""
    parser.add_argument(
        "--data-dir", type=Path, metavar="DIR", default=default,
        help="the folder for saves and scores (default: $RAINBOARD_DATA_DIR, else your user data folder)",
    )


def decks_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--decks",
        type=Path,
        metavar="DIR",
        help="a decks folder to use instead of the shipped one",
    )


def preset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--preset",
        metavar="NAME",
        help="play the decks with one of their presets (decks/presets/NAME.toml), such as short "
             "(default: standard)",
    )


def dice_variant(text: str) -> str:
    """A dice variant's name, as rules.toml's [dice] table knows them."""
    from rainboard.data.dice import VARIANTS

    if text not in VARIANTS:
        raise argparse.ArgumentTypeError(f"no dice variant {text!r}; choose one of: {', '.join(VARIANTS)}")
    return text


def dice_option(parser: argparse.ArgumentParser, many: bool = False) -> None:
    """--dice: roll every check with one of the table's dice variants (rules.toml's [dice])."""
    from rainboard.data.dice import VARIANTS

    words = ", ".join(VARIANTS)
    if many:
        parser.add_argument("--dice", type=dice_variant, nargs="+", action="extend", metavar="VARIANT",
                            help=f"play the rows once per dice variant ({words}) and compare them "
                                 "(default: the variant rules.toml names)")
    else:
        parser.add_argument("--dice", type=dice_variant, metavar="VARIANT",
                            help=f"roll checks with these dice: {words} (default: the variant rules.toml "
                                 "names, the rulebook's d20)")


def load(decks: Path | None, preset: str | None = None, dice: str | None = None) -> GameData:
    """The decks (--decks, else the shipped ones) with a preset (--preset, else standard) and dice
    (--dice, else rules.toml's). An unknown preset raises UnknownPreset, which main reports with the
    presets there are (exit 2). The rules' own checks of the decks run too (engine/deck_checks.py)."""
    from rainboard.data import load_data
    from rainboard.engine.deck_checks import rule_problems

    return load_data(decks, preset=preset, dice=dice, rule_check=rule_problems)


def data_folder(args: argparse.Namespace) -> Path:
    """The folder for saves and scores: --data-dir, else $RAINBOARD_DATA_DIR, else the user's data folder."""
    from rainboard.saves.store import data_dir

    return data_dir(getattr(args, "data_dir", None))
