"""The `rainboard` command: play, check the decks, run the simulator.

Heavy modules (Textual, the engine) are imported inside the command that needs them, so
`rainboard decks check` and `rainboard sim` start quickly.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rainboard.data import GameData

PROG = "rainboard"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _players(text: str) -> int:
    value = _positive(text)
    if value > 9:
        raise argparse.ArgumentTypeError(f"the game takes 1 to 9 players, got {value}")
    return value


def _decks_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--decks",
        type=Path,
        metavar="DIR",
        help="a decks folder to use instead of the shipped one",
    )


def build_parser() -> argparse.ArgumentParser:
    from rainboard import __version__

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A terminal table for the fan-made Rain World: The Board Game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="open the game (the default)")
    _decks_option(play)

    decks = commands.add_parser("decks", help="work with the deck data")
    deck_commands = decks.add_subparsers(dest="decks_command", metavar="ACTION", required=True)
    check = deck_commands.add_parser("check", help="load the decks and report problems")
    _decks_option(check)

    sim = commands.add_parser("sim", help="play games without a table and print statistics")
    sim.add_argument("--games", type=_positive, default=100, metavar="N", help="games to play (default 100)")
    sim.add_argument("--seed", type=int, default=1, metavar="S", help="first random seed (default 1)")
    sim.add_argument(
        "--players", type=_players, default=None, metavar="K", help="players per game, 1-9 (default: varies)"
    )
    sim.add_argument(
        "--policy", choices=("random", "eager"), default="random",
        help="random: any legal action; eager: eat, shelter and head for the ending (default random)",
    )
    sim.add_argument("--cap", type=_positive, default=20_000, metavar="N",
                     help="stop a game after N actions and report it as capped (default 20000)")
    _decks_option(sim)
    return parser


def _load(decks: Path | None) -> GameData:
    from rainboard.data import load_data

    return load_data(decks)


def cmd_play(args: argparse.Namespace) -> int:
    data = _load(getattr(args, "decks", None))
    from rainboard.ui.app import RainboardApp

    RainboardApp(data=data).run()
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
        return (code, name, str(sum(counts.values())), *(str(counts[k]) for k in KINDS), gates)

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
    print(
        f"{len(data.regions)} regions, {len(data.gates)} karma gates, {len(data.slugcats)} slugcats, "
        f"{sum(c.kind == 'creature' for c in data.cards.values())} creatures, "
        f"{sum(c.kind == 'item' for c in data.cards.values())} items. The decks check out.",
        file=out,
    )
    return 0


def cmd_sim(args: argparse.Namespace, out: TextIO) -> int:
    from rainboard import sim

    return sim.run(args.games, args.seed, args.players, args.decks, out, cap=args.cap, policy=args.policy)


def main(argv: list[str] | None = None) -> int:
    """Run the `rainboard` command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "decks":
            return cmd_decks_check(args, sys.stdout)
        if args.command == "sim":
            return cmd_sim(args, sys.stdout)
        return cmd_play(args)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a person at a table should see one line, not a traceback
        if os.environ.get("RAINBOARD_DEBUG"):
            raise
        return _report(exc)


def _is_deck_error(exc: Exception) -> bool:
    try:
        from rainboard.data import DeckError
    except Exception:  # the loader itself is broken: report the original error plainly
        return False
    return isinstance(exc, DeckError)


def _report(exc: Exception) -> int:
    if _is_deck_error(exc):
        print("Problems in the decks:", file=sys.stderr)
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    lines = str(exc).strip().splitlines()
    detail = f": {lines[0]}" if lines else ""
    print(f"{PROG}: error: {type(exc).__name__}{detail} (set RAINBOARD_DEBUG=1 for details)", file=sys.stderr)
    return 1

if __name__ == "__main__":
    sys.exit(main())
