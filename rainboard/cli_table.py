"""`rainboard host`, `rainboard join` and `rainboard tables`: one game, each player at a screen of
their own (rainboard/table)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from rainboard.cli_args import command, decks_option, dice_option, preset_option
from rainboard.cli_args import load as load_decks

PROG = "rainboard"


def table_parsers(commands) -> None:
    host = command(commands, "host", "host a table where each player plays at a screen of their own",
                   "Set a game up as New game does, with the players at their own screens: the table gets "
                   "a code such as T-4KX9 and a seat per player, which others join with `rainboard join`. "
                   "With --players the table is made at once from the names given.",
                   ["rainboard host", "rainboard host --players Ada,Bo,Cy",
                    "rainboard host --players Ada,Bo,Cy --seats 1,2/3 --no-join"])
    host.add_argument("--players", metavar="NAMES", help="the players' names, comma separated (1 to 9), in seat "
                                                         "order; without it the setup screen asks")
    host.add_argument("--seats", metavar="GROUPS", help="which players share a seat: player numbers, a comma "
                                                        "between players of one seat and a / between seats "
                                                        "(default: a seat per player)")
    host.add_argument("--seed", metavar="SEED", help="the game's seed (default: a new one)")
    host.add_argument("--no-join", action="store_true", help="make the table and print its seats, without "
                                                             "taking seat 1 here")
    decks_option(host)
    preset_option(host)
    dice_option(host)

    join = command(commands, "join", "join a table by its code: a seat, or --watch",
                   "Join a table on this computer by its code: take a seat (the only free one, or the one "
                   "--seat names) and play its players at this screen, or watch the table with --watch.",
                   ["rainboard join T-4KX9", "rainboard join T-4KX9 --seat 2", "rainboard join T-4KX9 --watch"])
    join.add_argument("code", metavar="CODE", help="the table's code, such as T-4KX9")
    which = join.add_mutually_exclusive_group()
    which.add_argument("--seat", type=int, metavar="N", help="the seat to take (1 is the first)")
    which.add_argument("--watch", action="store_true", help="watch the table: the board, the log, no hand")
    join.add_argument("--token", metavar="TOKEN", help="the seat's token from its link (a browser's seat link "
                                                      "passes it); a wrong one is told and nothing opens")

    tables = command(commands, "tables", "list the open tables, their seats and who holds each",
                     "List the tables in the data folder: each one's code, its players by seat, who holds "
                     "each seat now, and how far the game is.",
                     ["rainboard tables", "rainboard tables --json"])
    tables.add_argument("--json", action="store_true", help="print one JSON object, for scripts")
    tables.add_argument("--new-link", nargs=2, metavar=("CODE", "SEAT"),
                        help="give a seat nobody holds a fresh token and link, for someone else to take it; "
                             "its old token no longer opens it")


def _grouping(text: str | None, players: int) -> list[list[int]] | None:
    if not text:
        return None
    try:
        return [[int(n) - 1 for n in seat.split(",") if n.strip()] for seat in text.split("/")]
    except ValueError:
        raise ValueError(f"--seats {text!r}: player numbers, a comma within a seat and a / between seats") from None


def cmd_host(args: argparse.Namespace, data_dir: Path, out: TextIO, err: TextIO) -> int:
    from rainboard.engine import PlayerSetup, Setup
    from rainboard.table import TableError, host_table

    data = load_decks(args.decks, args.preset, args.dice)
    if not args.players:
        from rainboard.ui.app import RainboardApp

        app = RainboardApp(data=data, data_dir=data_dir)
        app.open_table = ("host",)  # the setup screen, with "at their own screens" chosen
        app.run()
        return 0
    names = [name.strip() for name in args.players.split(",") if name.strip()]
    if not 1 <= len(names) <= 9 or len(set(names)) != len(names):
        print(f"{PROG} host: --players: 1 to 9 different names, comma separated", file=err)
        return 2
    import secrets

    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    try:
        grouping = _grouping(args.seats, len(names))
        table, tokens = host_table(data_dir, Setup(players=[PlayerSetup(n) for n in names], seed=seed), data, grouping)
    except (TableError, ValueError) as error:
        print(f"{PROG} host: {error}", file=err)
        return 2
    from rainboard.table.links import served_at

    print_table(table, names, tokens, out, served_at(data_dir))
    if args.no_join:
        return 0
    return open_seat(data_dir, table.code, 1, False, err)


def print_table(table, names: list[str], tokens: dict[int, str], out: TextIO, served: str | None = None) -> None:
    from rainboard.table.links import seat_link, watch_link

    print(f"Table {table.code}: {', '.join(names)}", file=out)
    for seat in table.seats:
        who = ", ".join(names[p] for p in seat.players)
        print(f"  seat {seat.number}: {who:<24} {PROG} join {table.code} --seat {seat.number}", file=out)
    print(f"  to watch:{'':<23} {PROG} join {table.code} --watch", file=out)
    print("Seat tokens, for seat links in a browser (shown only now; the table keeps them hashed):", file=out)
    for number, token in tokens.items():
        print(f"  seat {number}: {token}", file=out)
    print(f"Seat links and the watch link, through `rainboard serve` (at the address it last printed):", file=out)
    for number, token in tokens.items():
        print(f"  seat {number}: {seat_link(table.code, number, token, served)}", file=out)
    print(f"  to watch: {watch_link(table.code, served)}", file=out)


def cmd_join(args: argparse.Namespace, data_dir: Path, out: TextIO, err: TextIO) -> int:
    from rainboard.saves.lock import holder_of, this_computer
    from rainboard.table import TableError, read_table

    try:
        table = read_table(data_dir, args.code)
        path = table.save_path(data_dir)
        if args.watch:
            return open_seat(data_dir, table.code, None, True, err)
        if args.seat is None:
            free = [s.number for s in table.seats if holder_of(path, seat=s.number) is None]
            if len(free) != 1:
                choice = "no seat is free" if not free else f"seats {', '.join(map(str, free))} are free"
                print(f"{PROG} join: table {table.code}: {choice}; name one with --seat N, or watch with --watch",
                      file=err)
                return 2
            args.seat = free[0]
        table.seat(args.seat)
        if args.token is not None:  # a seat link: the app itself tells a wrong token (a browser's tab shows it)
            return open_seat(data_dir, table.code, args.seat, False, err, args.token)
    except TableError as error:
        print(f"{PROG} join: {error}", file=err)
        return 2
    holder = holder_of(path, seat=args.seat)
    if holder is not None:
        print(f"{PROG} join: seat {args.seat} of {table.code} is held by {holder.describe(this_computer())}.",
              file=err)
        if sys.stdin.isatty() and sys.stdout.isatty():
            answer = input("Watch the table instead? [y/N] ").strip().lower()
            if answer in ("y", "yes"):
                return open_seat(data_dir, table.code, None, True, err)
        print(f"To watch it: {PROG} join {table.code} --watch", file=err)
        return 1
    return open_seat(data_dir, table.code, args.seat, False, err)


def open_seat(data_dir: Path, code: str, seat: int | None, watch: bool, err: TextIO, token: str | None = None) -> int:
    from rainboard.ui.app import RainboardApp

    app = RainboardApp(data_dir=data_dir)
    app.open_table = (code, None if watch else seat, token)
    app.run()
    return 0


def table_rows(data_dir: Path) -> list[dict]:
    """What `rainboard tables` tells of each table, as data."""
    from rainboard.saves import read_save
    from rainboard.saves.lock import holder_of, this_computer
    from rainboard.saves.savefile import SaveError
    from rainboard.table import TableError, list_tables

    rows = []
    here = this_computer()
    for table in list_tables(data_dir):
        if isinstance(table, TableError):
            rows.append({"error": str(table)})
            continue
        path = table.save_path(data_dir)
        try:
            save = read_save(path)
            names, actions, finished = list(save.players), len(save.actions), save.finished
        except SaveError as error:
            rows.append({"code": table.code, "error": f"its game cannot be read: {error.problem}"})
            continue
        seats = []
        for seat in table.seats:
            holder = holder_of(path, seat=seat.number)
            seats.append({"seat": seat.number, "players": [names[p] for p in seat.players if p < len(names)],
                          "held_by": None if holder is None else holder.describe(here)})
        rows.append({"code": table.code, "game_id": table.game_id, "actions": actions, "finished": finished,
                     "seats": seats})
    return rows


def cmd_tables(args: argparse.Namespace, data_dir: Path, out: TextIO, err: TextIO | None = None) -> int:
    if args.new_link:
        from rainboard.table import TableError

        code, seat = args.new_link
        try:
            if not seat.isdigit():
                raise TableError(f"{seat[:20]!r} is not a seat number")
            from rainboard.table.host import new_link
            from rainboard.table.links import seat_link, served_at

            table, token = new_link(data_dir, code, int(seat))
        except TableError as error:
            print(f"{PROG} tables: {error}", file=err or sys.stderr)
            return 2
        print(f"Seat {seat} of {table.code} has a new token (the old one no longer opens it): {token}", file=out)
        print(f"  {PROG} join {table.code} --seat {seat} --token={token}", file=out)  # a token may begin with "-"
        print(f"  {seat_link(table.code, int(seat), token, served_at(data_dir))}", file=out)
        return 0
    rows = table_rows(data_dir)
    if args.json:
        print(json.dumps({"tables": rows}, indent=1), file=out)
        return 0
    if not rows:
        print("No tables in this data folder. `rainboard host` sets one up.", file=out)
        return 0
    for row in rows:
        if "seats" not in row:
            print(f"{row.get('code', '?')}: {row['error']}", file=out)
            continue
        state = "finished" if row["finished"] else f"{row['actions']} actions"
        print(f"{row['code']}  ({state}, game {row['game_id']})", file=out)
        for seat in row["seats"]:
            print(f"  seat {seat['seat']}: {', '.join(seat['players']):<24} {seat['held_by'] or 'free'}", file=out)
    return 0
