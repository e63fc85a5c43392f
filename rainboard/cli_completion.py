"""`rainboard completion SHELL`: Tab completion of the commands and options, for bash, zsh and fish.

The scripts come from argcomplete (a well-kept library that reads the argparse parser): shtab writes
static scripts, but for bash, zsh and tcsh only, and fish is one of the shells asked for. argcomplete's
script is small and names no command itself: on each Tab it runs `rainboard` with the line in its
environment, `main` hands the parser to `autocomplete` below, and the words offered are the parser's
own, so the completion can never fall behind the commands. Run without that environment, `autocomplete`
costs nothing: argcomplete is imported only while a shell asks.
"""

from __future__ import annotations

import argparse
import os
from typing import TextIO

from rainboard.cli_args import command

SHELLS = ("bash", "zsh", "fish")
PROG = "rainboard"


def completion_parser(commands) -> argparse.ArgumentParser:
    """Add `completion` to the subcommands."""
    completion = command(
        commands, "completion", "print the Tab completion script for bash, zsh or fish",
        "Print a script that lets your shell complete rainboard's commands, options and file names with "
        "Tab. Load it from your shell's startup file, or save it where your shell looks for completions "
        "(see the examples, and Shell completion in the README). It asks rainboard for the words each "
        "time, so it stays right after an upgrade.",
        ['rainboard completion bash  (in ~/.bashrc: eval "$(rainboard completion bash)")',
         "rainboard completion zsh > ~/.zfunc/_rainboard   (a folder on your $fpath)",
         "rainboard completion fish > ~/.config/fish/completions/rainboard.fish"])
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help=f"the shell: {', '.join(SHELLS)}")
    return completion


def completion_script(shell: str) -> str:
    """The script that registers rainboard's completion in `shell` (one of SHELLS)."""
    import argcomplete

    if shell not in SHELLS:
        raise ValueError(f"no completion for {shell!r}; choose one of: {', '.join(SHELLS)}")
    return argcomplete.shellcode([PROG], shell=shell)


def cmd_completion(args: argparse.Namespace, out: TextIO) -> int:
    out.write(completion_script(args.shell))
    return 0


def autocomplete(parser: argparse.ArgumentParser, exit_method=os._exit) -> None:
    """When a shell's completion script runs rainboard (it sets _ARGCOMPLETE), answer with the words
    that fit the line and exit; otherwise return at once, having imported nothing."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete

    argcomplete.autocomplete(parser, exit_method=exit_method)
