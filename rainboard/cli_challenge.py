"""`rainboard challenge` and `rainboard scores`: the solo challenge from the command line, and the
best turn count of every code played."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from rainboard.cli_args import PROG, command, data_folder, dice_option, load, preset_option
from rainboard.text import PrintableStream, printable

def challenge_parser(commands) -> None:
    challenge = command(commands, "challenge", "play a solo challenge: a code that fixes the game",
                        "Play a solo challenge: a code such as RW-RA6W-PC deals everyone the same game "
                        "(seed, slugcat, options, preset, dice); your best turn count is kept.",
                        ["rainboard challenge --daily", "rainboard challenge --code RW-RA6W-PC",
                         "rainboard challenge --slugcat Monk --preset short"])
    challenge.add_argument(
        "--slugcat", metavar="NAME", help="the slugcat to play (default: the code's, the day's or a random one)"
    )
    which = challenge.add_mutually_exclusive_group()
    which.add_argument("--code", metavar="CODE", help="a challenge code such as RW-RA6W-PC")
    which.add_argument("--daily", action="store_true", help="today's challenge, the same for everyone")
    preset_option(challenge)  # a code names its own preset; --preset picks one for --daily or a random code
    dice_option(challenge)  # the same for the dice


def scores_parser(commands) -> None:
    command(commands, "scores", "list the best result of each challenge played",
            "List your best turn count for each challenge code, by the decks it was played with.",
            ["rainboard scores", "rainboard scores --data-dir ~/rainboard-club"])


def cmd_challenge(args: argparse.Namespace, out: TextIO, err: TextIO | None = None) -> int:
    """Check the code or slugcat asked for (exit 2 if wrong), then open the app on the challenge."""
    import datetime
    import random

    from rainboard.data import STANDARD_PRESET
    from rainboard.data.dice import DEFAULT_VARIANT
    from rainboard.engine.narrator import a
    from rainboard.saves.challenge import (
        ChallengeError, daily_challenge, parse_code, random_challenge, slugcat_id,
    )

    data = load(None, args.preset, args.dice)
    try:
        slugcat = None if args.slugcat is None else slugcat_id(data, args.slugcat)
        if args.code is not None:
            challenge = parse_code(args.code, data)
            if slugcat is not None and slugcat != challenge.slugcat:
                raise ChallengeError(
                    f"{challenge.code} is {a(data.slugcats[challenge.slugcat].name)} challenge; "
                    "the code fixes the slugcat, so leave out --slugcat"
                )
            if args.preset is not None and args.preset != challenge.preset:
                raise ChallengeError(
                    f"{challenge.code} is played with the {challenge.preset} preset; "
                    "the code fixes the preset, so leave out --preset"
                )
            if args.dice is not None and args.dice != challenge.dice:
                raise ChallengeError(f"{challenge.code} is rolled with {challenge.dice} dice; "
                                     "the code fixes the dice, so leave out --dice")
        elif args.daily:
            challenge = daily_challenge(datetime.date.today(), data, slugcat)
        else:
            challenge = random_challenge(data, random.Random(), slugcat)
    except ChallengeError as exc:
        print(f"{PROG} challenge: {exc}", file=err or PrintableStream(sys.stderr))
        return 2
    options = "precycles on" if challenge.precycles else "precycles off"
    if challenge.preset != STANDARD_PRESET:
        options += f", {data.presets[challenge.preset].name}"
    if challenge.dice != DEFAULT_VARIANT:
        options += f", {challenge.dice} dice"
    print(f"Challenge {challenge.code}: {data.slugcats[challenge.slugcat].name}, {options}.", file=out)
    from rainboard.ui.app import RainboardApp

    RainboardApp(challenge=challenge.code, data_dir=data_folder(args)).run()
    return 0


def cmd_scores(args: argparse.Namespace, out: TextIO, err: TextIO | None = None) -> int:
    """Print the best result of every challenge in the score book."""
    from rainboard.saves.scores import SCORES_FILE, ScoreBook, ScoreBookError

    try:
        bests = ScoreBook(data_folder(args) / SCORES_FILE).best_per_code()
    except ScoreBookError as exc:
        print(f"{PROG} scores: {exc}", file=err or PrintableStream(sys.stderr))
        return 1
    if not bests:
        print("No challenge results yet.", file=out)
        return 0
    from rainboard.saves.challenge import code_fingerprint
    from rainboard.saves.scores import decks_label

    header = ("Code", "Slugcat", "Best turns", "Date", "Attempts", "Decks")
    try:  # slugcats by name when the decks load; the score book itself keeps their ids
        data = load(None)
    except Exception:
        data = None
    names = {sid: slugcat.name for sid, slugcat in data.slugcats.items()} if data else {}
    rows = [tuple(printable(cell) for cell in (
                r.code, names.get(r.slugcat, r.slugcat), str(r.turns), r.day.isoformat(), str(r.attempts),
                decks_label(r, code_fingerprint(r.code, data) if data else None))) for r in bests]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, tuple("-" * w for w in widths), *rows):
        cells = [c.rjust(w) if i in (2, 4) else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))]
        print("  ".join(cells).rstrip(), file=out)
    print(file=out)
    print("Each code's results are kept apart by the decks they were played with: \"these\" are the decks "
          "as they are now, \"older\" results were kept before Rainboard noted the decks.", file=out)
    return 0
