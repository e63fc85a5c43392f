"""The simulator's subcommands: `rainboard sim` (games played with no one at the table) and
`rainboard balance` (rows of games summed up to judge the decks' numbers). The simulator is imported
only when one of them runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from rainboard.cli_args import command, decks_option, dice_option, load, players, positive, preset_option, seconds
from rainboard.text import PrintableStream

# the simulator's policies (rainboard.sim.POLICIES), named here so that parsing the command line
# leaves the simulator unloaded; tests/sim checks the two lists agree
POLICY_NAMES = ("random", "eager", "steady", "predator")
POLICY_HELP = ("random: any legal action; eager: rush for the ending; steady: play as a careful person "
               "would; predator: steady, but hunting other players when the odds make it pay. A comma "
               "list seats them in turn: steady,predator plays seats 1 and 3 steady, 2 and 4 predator")


def policy_list(text: str) -> str:
    """A --policy value: one policy name, or a comma list of them (seated in turn)."""
    names = [part.strip() for part in text.split(",")]
    for name in names:
        if name not in POLICY_NAMES:
            raise argparse.ArgumentTypeError(
                f"no policy {name!r}; choose from {', '.join(POLICY_NAMES)}, or a comma list of them")
    return ",".join(names)


def complete_policies(prefix: str, **_) -> list[str]:
    """What --policy completes to in a shell (argcomplete): each policy name, after the comma list
    already typed."""
    done, comma, last = prefix.rpartition(",")
    return [f"{done}{comma}{name}" for name in POLICY_NAMES if name.startswith(last)]


def sim_parsers(commands) -> None:
    """Add `sim` and `balance` to the subcommands."""
    sim = command(commands, "sim", "play games without a table and print statistics",
                  "Play games with simulated players and no table, and print how they went: length, "
                  "deaths, who won, the estimated minutes a real table would take.",
                  ["rainboard sim --games 200 --seed 1", "rainboard sim --players 4 --policy steady,predator",
                   "rainboard sim --games 5 --save-dir /tmp/games   (then: rainboard replay FILE)"])
    sim.add_argument("--games", type=positive, default=100, metavar="N", help="games to play (default 100)")
    sim.add_argument("--seed", type=int, default=1, metavar="S", help="first random seed (default 1)")
    sim.add_argument(
        "--players", type=players, default=None, metavar="K", help="players per game, 1-9 (default: varies)"
    )
    sim.add_argument("--policy", type=policy_list, default="random", metavar="NAME[,NAME...]",
                     help=f"{POLICY_HELP} (default random)").completer = complete_policies
    sim.add_argument("--cap", type=positive, default=20_000, metavar="N",
                     help="stop a game after N actions and report it as capped (default 20000)")
    sim.add_argument("--save-dir", type=Path, metavar="DIR", help="write each game as a save file in DIR")
    decks_option(sim)
    preset_option(sim)
    dice_option(sim)
    _balance_parser(commands)


def _sim_decks(args: argparse.Namespace):
    """The decks a simulator command hands on to load_data unread: the folder, with the preset (and,
    for `sim`, the dice) if asked for (an unknown preset is told here, before any game is played)."""
    from rainboard.data import STANDARD_PRESET, DeckChoice

    dice = args.dice if isinstance(args.dice, str) else None  # balance takes a list, played one by one
    if args.preset is None and dice is None:
        return args.decks
    load(args.decks, args.preset, dice)
    return DeckChoice(args.decks, args.preset or STANDARD_PRESET, dice)


def cmd_sim(args: argparse.Namespace, out: TextIO) -> int:
    from rainboard import sim

    decks = _sim_decks(args)
    return sim.run(args.games, args.seed, args.players, decks, out, cap=args.cap, policy=args.policy,
                   save_dir=args.save_dir)


def _balance_parser(commands) -> None:
    balance = command(commands, "balance", "play many games per slugcat or player count and print a balance table",
                      "Play many games per slugcat (solo) or per player count and print a balance table: "
                      "win rates, turns, minutes, deaths, stalls; --json gives every figure.",
                      ["rainboard balance", "rainboard balance --players 4 --games 1000 --jobs 2",
                       "rainboard balance --players 4 --policy steady,predator --json"])
    balance.add_argument("--games", type=positive, default=200, metavar="N",
                         help="games per row (default 200)")
    balance.add_argument("--seed", type=int, default=1, metavar="S", help="the run's seed (default 1)")
    balance.add_argument("--players", type=players, nargs="+", action="extend", metavar="K",
                         help="a row per player count, each game seating K random slugcats")
    balance.add_argument("--slugcat", nargs="+", action="extend", metavar="NAME",
                         help="a solo row per slugcat (default, without --players: every slugcat)")
    policy = balance.add_argument("--policy", type=policy_list, default="steady", metavar="NAME[,NAME...]",
                                  help=f"how the simulated players choose: {POLICY_HELP} (default steady)")
    policy.completer = complete_policies
    balance.add_argument("--jobs", type=positive, default=None, metavar="J",
                         help="worker processes (default: one per core, at most 8)")
    balance.add_argument("--seconds-per-turn", type=seconds, default=20.0, metavar="T",
                         help="seconds a turn takes at a real table, for the minutes estimate (default 20)")
    balance.add_argument("--cap", type=positive, default=20_000, metavar="N",
                         help="stop a game after N actions and count it as stalled (default 20000)")
    balance.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    decks_option(balance)
    preset_option(balance)
    dice_option(balance, many=True)


def cmd_balance(args: argparse.Namespace, out: TextIO) -> int:
    from rainboard.sim.balance import run

    return run(games=args.games, seed=args.seed, players=args.players, slugcats=args.slugcat,
               policy=args.policy, jobs=args.jobs, decks=_sim_decks(args), seconds_per_turn=args.seconds_per_turn,
               cap=args.cap, as_json=args.json, out=out, dice=args.dice,
               err=PrintableStream(sys.stderr, keep="\n\r"))  # \r: the progress bar redraws its line
