"""The parsers of the subcommands cli.py runs itself: play, tutorial, decks check, continue and replay.
cli.build_parser adds each only when the command line needs it (cli._PARSERS)."""

from __future__ import annotations

from pathlib import Path

from rainboard.cli_args import command, decks_option, preset_option


def play_parser(commands) -> None:
    play = command(commands, "play", "open the game (the default)",
                   "Open the game in this terminal: the title screen, with New game, Solo challenge, "
                   "Continue, Saved games, Scores and the rules.",
                   ["rainboard play", "rainboard play --preset short --decks ~/my-decks"])
    decks_option(play)
    preset_option(play)


def tutorial_parser(commands) -> None:
    tutorial = command(commands, "tutorial", "learn to play: a guided first game",
                       "Open the game on Learn to play: a short guided solo game on the real board, each "
                       "step asking for one move and saying why. It goes on from the step you left it at.",
                       ["rainboard tutorial", "rainboard tutorial --data-dir ~/rainboard-club"])
    decks_option(tutorial)


def decks_parser(commands) -> None:
    decks = command(commands, "decks", "work with the deck data",
                    "Work with the deck data (decks/ in a checkout, or a folder of your own).",
                    ["rainboard decks check", "rainboard decks check --decks ~/my-decks"])
    deck_commands = decks.add_subparsers(dest="decks_command", metavar="ACTION", required=True)
    check = command(deck_commands, "check", "load the decks and report problems",
                    "Load the decks, list every region's deck and every preset, and report each problem "
                    "as file: place: what is wrong.",
                    ["rainboard decks check", "rainboard decks check --decks ~/my-decks"])
    decks_option(check)


def save_parsers(commands) -> None:
    """`continue` and `replay`."""
    command(commands, "continue", "resume the most recent unfinished game",
            "Open the game on the unfinished game played most recently, where it was left.",
            ["rainboard continue", "rainboard continue --data-dir ~/rainboard-club"])
    replay = command(commands, "replay", "watch a saved game, check it with --verify, read it with --text",
                     "Watch a saved game move by move (forward and back), or with --verify play it back "
                     "without a screen, check every digest, and print its final digest, or with --text print "
                     "the whole game as a transcript to read.",
                     ["rainboard replay ~/.local/share/rainboard/games/20261123-131800-ab12.json",
                      "rainboard replay evening.json --verify", "rainboard replay evening.json --text > evening.txt"])
    replay.add_argument("file", type=Path, metavar="FILE", help="a save file")
    replay.add_argument("--verify", action="store_true",
                        help="play it back without the interface and report whether it replays the same")
    replay.add_argument("--text", action="store_true",
                        help="print the whole game as a transcript: the setup, every turn's moves and rolls by "
                             "cycle, and how it ended (plain text, for reading or a screen reader)")
