"""The `rainboard` command: play, check the decks, run the simulator.

Heavy modules (Textual, the engine) are imported inside the command that needs them, so
`rainboard decks check` and `rainboard sim` start quickly. A command line is read with the parser
of the one subcommand it names, so `rainboard play` (and each tab `rainboard serve` starts) builds
no other subcommand's options; `rainboard --help`, a shell's Tab completion and any line not read
at a glance get the parser with them all."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, TextIO

from rainboard.cli_args import PROG, HelpFormatter, data_dir_option, data_folder as _data_folder, load as _load
from rainboard.text import PrintableStream, printable

if TYPE_CHECKING:
    from rainboard.data import GameData


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with every subcommand, or, given `only` (a subcommand's name, or
    "" for none), with that one alone. A line naming one subcommand parses the same either way."""
    from rainboard import __version__

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A terminal table for the fan-made Rain World: The Board Game: hotseat for 1 to 9 "
                    "players, a solo challenge, saves that replay. With no command it opens the game.",
        epilog=MAIN_EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    data_dir_option(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = SUBCOMMANDS if only is None else (only,) if only else ()
    for adds in dict.fromkeys(_PARSERS[name] for name in wanted):  # each function once, in --help's order
        _later(*adds.split(":"))(commands)
    for name in DATA_COMMANDS:  # also after the command's name: `rainboard play --data-dir DIR`
        if name in commands.choices:
            data_dir_option(commands.choices[name], default=argparse.SUPPRESS)
    return parser


# each subcommand, in the order --help lists them, with the function that adds its parser (one
# function adds two or three of them: sim and balance...), as module:function, imported when needed
_PARSERS = {
    "play": "rainboard.cli_parsers:play_parser", "tutorial": "rainboard.cli_parsers:tutorial_parser",
    "decks": "rainboard.cli_parsers:decks_parser", "sim": "rainboard.cli_sim:sim_parsers",
    "balance": "rainboard.cli_sim:sim_parsers", "challenge": "rainboard.cli_challenge:challenge_parser",
    "scores": "rainboard.cli_challenge:scores_parser", "continue": "rainboard.cli_parsers:save_parsers",
    "replay": "rainboard.cli_parsers:save_parsers", "serve": "rainboard.serve:serve_parser",
    "host": "rainboard.cli_table:table_parsers", "join": "rainboard.cli_table:table_parsers",
    "tables": "rainboard.cli_table:table_parsers", "completion": "rainboard.cli_completion:completion_parser",
}
SUBCOMMANDS = tuple(_PARSERS)


def _command_named(argv: list[str]) -> str | None:
    """The subcommand a command line names, "" when it names none and gives nothing but --data-dir,
    or None when it cannot be told at a glance (--help, --version, an abbreviated or unknown option,
    an unknown command): the whole parser reads that line, so its help and errors are the same."""
    words = iter(argv)
    for word in words:
        if word == "--data-dir":
            if next(words, None) is None:
                return None
        elif not word.startswith("--data-dir="):
            return word if word in _PARSERS else None
    return ""


DATA_COMMANDS = ("play", "tutorial", "continue", "replay", "challenge", "scores", "serve")  # those that read or write saves
DATA_COMMANDS += ("host", "join", "tables")  # a table of own screens (cli_table.py)

MAIN_EPILOG = """\
environment:
  RAINBOARD_DATA_DIR    saves and scores (as --data-dir; default: user data dir)
  RAINBOARD_CONFIG_DIR  the remembered table setup (default: user config folder)
  RAINBOARD_DEBUG       1: a full traceback instead of a one-line error
  NO_COLOR              set to anything: play without colours

An error the table could not handle is written to errors.log in your user log folder
(on Linux ~/.local/state/rainboard/log/errors.log), and the screen says where.

examples:
  rainboard                      open the game
  rainboard tutorial             learn to play: a guided first game
  rainboard continue             pick up the latest unfinished game
  rainboard challenge --daily    today's solo challenge
  rainboard COMMAND --help       more about one command"""


def cmd_play(args: argparse.Namespace) -> int:
    decks, preset = getattr(args, "decks", None), getattr(args, "preset", None)
    # a folder or a preset of the table's own is checked before the screen opens (a bad one exits 2);
    # the shipped decks are checked just after the title comes up, and broken ones are told there
    # before Rainboard closes with 2 (app._check_decks)
    data = _load(decks, preset) if decks is not None or preset is not None else None
    from rainboard.ui.app import RainboardApp

    app = RainboardApp(data=data, data_dir=_data_folder(args))
    app.offer_tutorial = True  # a fresh data folder's first start offers Learn to play (screens/tutorial.py)
    app.run()
    return app.return_code or 0


def cmd_tutorial(args: argparse.Namespace) -> int:
    """Open the app on Learn to play, at the step it was left at."""
    data = _load(getattr(args, "decks", None), None)
    from rainboard.ui.app import RainboardApp

    RainboardApp(data=data, data_dir=_data_folder(args), tutorial=True).run()
    return 0


KINDS = ("creature", "food", "item", "shelter", "gate", "mark")


def _deck_counts(data: GameData, deck, gate_copies: int = 0) -> dict[str, int]:
    """Cards in a deck by kind; gate cards come from the region's [[gates]], not its deck list."""
    counts = dict.fromkeys(KINDS, 0)
    for entry in deck:
        counts[data.card(entry.card).kind] += entry.count
    counts["gate"] += gate_copies
    return counts


def deck_table(data: GameData) -> list[str]:
    """The summary `decks check` prints: one row per deck, cards by kind, and each gate as
    `HI 3/2`: karma 3 to go there, 2 to come back."""
    header = ("Code", "Deck", "Cards", "Creatures", "Food", "Items", "Shelters", "Gates", "Mark", "Gates: karma there/back")
    rows: list[tuple[str, ...]] = []

    def row(code: str, name: str, counts: dict[str, int], gates: str) -> tuple[str, ...]:
        cells = (code, name, str(sum(counts.values())), *(str(counts[k]) for k in KINDS), gates)
        return tuple(printable(cell) for cell in cells)  # escaped before measuring, so the columns line up

    for rid, region in data.regions.items():
        links = []
        for link in region.gates:
            back = next(g.karma for g in data.regions[link.to].gates if g.to == rid)
            links.append(f"{data.regions[link.to].code} {link.karma}/{back}" + (f" x{link.copies}" if link.copies > 1 else ""))
        counts = _deck_counts(data, region.deck, sum(link.copies for link in region.gates))
        rows.append(row(region.code, region.name, counts, ", ".join(links) or "-"))
    rows.append(row("-", "Precycle", _deck_counts(data, data.precycle_deck), "-"))
    rows.append(row("-", "Treasure", _deck_counts(data, data.treasure_deck), "-"))

    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    numeric = set(range(2, 2 + 1 + len(KINDS)))

    def line(cells: tuple[str, ...]) -> str:
        out = [c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))]
        return "  ".join(out).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def cmd_decks_check(args: argparse.Namespace, out: TextIO) -> int:
    from rainboard.data import default_decks_dir

    folder = args.decks if args.decks is not None else default_decks_dir()
    data = _load(args.decks)
    print(f"Decks in {folder}", file=out)
    print(file=out)
    for row in deck_table(data):
        print(row, file=out)
    print(file=out)
    print("Presets:", file=out)
    for preset in data.presets.values():
        changes = ", ".join(f"{key} {value}" for key, value in preset.overrides.items()) or "rules.toml as it is"
        print(f"  {preset.id}: {preset.name} ({changes})", file=out)
    print(file=out)
    print(
        f"{len(data.regions)} regions, {len(data.gates)} karma gates, {len(data.slugcats)} slugcats, "
        f"{sum(c.kind == 'creature' for c in data.cards.values())} creatures, "
        f"{sum(c.kind == 'item' for c in data.cards.values())} items. The decks check out.",
        file=out,
    )
    return 0


# -- saves: `continue` and `replay` --------------------------------------------------------------
def cmd_continue(args: argparse.Namespace) -> int:
    """Open the app on the most recently played unfinished game."""
    from rainboard.saves import latest_unfinished

    folder = _data_folder(args)
    skipped: list = []
    path = latest_unfinished(folder, skipped)
    for error in skipped:  # one line each, the file first
        print(f"{PROG} continue: skipped {error}", file=_err())
    if path is None:
        print(f"{PROG} continue: No unfinished game to continue.", file=_err())
        return 1
    from rainboard.ui.app import RainboardApp

    RainboardApp(resume=path, data_dir=folder).run()
    return 0


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """--verify: play the save back headless and print its final digest; --text: print its transcript;
    else open it in the app."""
    from rainboard.saves import Replay, SaveError, read_save

    try:
        if args.text:  # the game as text (rainboard/ui/transcript.py)
            from rainboard.ui.transcript import transcript

            out.write(transcript(Replay.from_file(args.file), args.file.name))
            return 0
        if args.verify:
            replay = Replay.from_file(args.file)
            print(f"OK: {len(replay)} actions, final digest {replay.final_digest}", file=out)
            if not replay.digests_checked:  # nothing to compare with: say the game itself was the check
                print("no digests in the save: checked by replaying every action", file=out)
            return 0
        read_save(args.file)
    except SaveError as exc:
        print(f"{PROG} replay: {exc}", file=_err())
        return 1
    from rainboard.ui.app import RainboardApp

    RainboardApp(replay=args.file, data_dir=_data_folder(args)).run()
    return 0


def _later(module: str, name: str):
    """`module`'s function `name`, imported when it is first called."""
    def call(*args):
        from importlib import import_module

        return getattr(import_module(module), name)(*args)

    call.__name__ = call.__qualname__ = name
    return call


# the subcommands of modules of their own, imported when they run (tests replace these names here)
cmd_sim, cmd_balance = _later("rainboard.cli_sim", "cmd_sim"), _later("rainboard.cli_sim", "cmd_balance")
cmd_challenge = _later("rainboard.cli_challenge", "cmd_challenge")
cmd_scores = _later("rainboard.cli_challenge", "cmd_scores")
cmd_serve = _later("rainboard.serve", "cmd_serve")
cmd_completion = _later("rainboard.cli_completion", "cmd_completion")


def _table_command(args: argparse.Namespace) -> int:
    from rainboard.cli_table import cmd_host, cmd_join, cmd_tables

    if args.command == "host":
        return cmd_host(args, _data_folder(args), _out(), _err())
    if args.command == "join":
        return cmd_join(args, _data_folder(args), _out(), _err())
    return cmd_tables(args, _data_folder(args), _out(), _err())


def _out() -> TextIO:
    """Standard output for a command's lines: names, paths and messages from files in them are
    printed as text (rainboard.text.printable), never as bytes the terminal acts on."""
    return PrintableStream(sys.stdout)


def _err() -> TextIO:
    """Standard error, likewise."""
    return PrintableStream(sys.stderr)


def _run(args: argparse.Namespace) -> int:
    if args.command == "decks":
        return cmd_decks_check(args, _out())
    if args.command == "sim":
        return cmd_sim(args, _out())
    if args.command == "balance":
        return cmd_balance(args, _out())
    if args.command == "challenge":
        return cmd_challenge(args, _out(), _err())
    if args.command == "scores":
        return cmd_scores(args, _out(), _err())
    if args.command == "continue":
        return cmd_continue(args)
    if args.command == "tutorial":
        return cmd_tutorial(args)
    if args.command == "replay":
        return cmd_replay(args, _out())
    if args.command == "serve":
        return cmd_serve(args, _out(), _err())
    if args.command == "completion":
        return cmd_completion(args, _out())
    if args.command in ("host", "join", "tables"):
        return _table_command(args)
    return cmd_play(args)


def main(argv: list[str] | None = None) -> int:
    """Run the `rainboard` command; returns the exit code."""
    if "_ARGCOMPLETE" in os.environ:  # a shell asking for Tab completions: answer and exit (cli_completion.py)
        from rainboard.cli_completion import autocomplete

        autocomplete(build_parser())
    parser = build_parser(_command_named(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    try:
        code = _run(args)
        sys.stdout.flush()  # here, not at exit, so a reader gone away is met in the handler below
        return code
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=_err())
        return 130
    except BrokenPipeError:  # `rainboard sim | head`: the reader has all it wanted
        return _reader_gone()
    except Exception as exc:  # a person at a table should see one line, not a traceback
        if _is_no_terminal(exc):  # not a fault to debug: the table was started where it cannot be played
            return _no_terminal(exc, args.command)
        if os.environ.get("RAINBOARD_DEBUG"):
            raise
        return _report(exc, args.command)


SIGPIPE_EXIT = 141  # what a shell reports for a program stopped by SIGPIPE: 128 + 13


def _reader_gone() -> int:
    """The output's reader closed the pipe: stop quietly, as a Unix tool does. Standard output is
    pointed at /dev/null so Python's own flush at exit does not complain a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file behind stdout (a test's capture)
        pass
    return SIGPIPE_EXIT


def _is_no_terminal(exc: Exception) -> bool:
    from rainboard.ui.hangup import NoTerminal

    return isinstance(exc, NoTerminal)


def _no_terminal(exc: Exception, command: str | None) -> int:
    """The table was asked to play with standard input (or error) not a terminal: say so in one
    line naming the command, and what can be done without one. (It would otherwise spin a core on
    its title screen, reading an input at its end.)"""
    print(f"{PROG}{f' {command}' if command else ''}: {exc}; to check a save use `{PROG} replay FILE --verify`",
          file=_err())
    return 2


def _is_deck_error(exc: Exception) -> bool:
    try:
        from rainboard.data import DeckError
    except Exception:  # the loader itself is broken: report the original error plainly
        return False
    return isinstance(exc, DeckError)


def _report(exc: Exception, command: str | None = None) -> int:
    if _is_deck_error(exc) and hasattr(exc, "available"):  # UnknownPreset: a mistyped name, like a bad option
        print(f"{PROG} {command or 'play'}: no preset {exc.preset!r} in these decks; choose one of: "
              f"{', '.join(exc.available)}", file=_err())
        return 2
    if _is_deck_error(exc):
        print(f"{PROG} {command or 'play'}: Problems in the decks:", file=_err())
        for problem in exc.problems:
            print(problem, file=_err())
        return 1
    lines = str(exc).strip().splitlines()
    detail = f": {lines[0]}" if lines else ""
    print(f"{PROG}{f' {command}' if command else ''}: error: {type(exc).__name__}{detail} "
          f"(set RAINBOARD_DEBUG=1 for details)", file=_err())
    return 1

if __name__ == "__main__":
    sys.exit(main())
